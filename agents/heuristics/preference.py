"""A heuristic for Preference (RULES.md §5) as named, toggleable rules -- **not the book's**.

Foster's text on Preference gives no hints (RULES.md §5.6: "None in the text"). These are the
plays any card player of the period takes for granted, written as :class:`Hint` rules so that
each can be switched off (``heuristic:-draw-trumps``) and measured; none is a quotation.

* ``name-sure-tricks`` (first round): count the sure tricks of the hand with each suit as
  trumps (:func:`sure_tricks`); among the suits the bidding still allows whose count reaches
  ``NAME_AT`` (five: one short of the contract, as the count is the worst case), name the one
  whose count pays best; otherwise pass.
* ``bid-widow-modestly`` (second round): bid the lowest bid allowed while it is no more
  counters than the sure tricks counted in the best suit (at least ``WIDOW_MIN``); otherwise
  pass. That is about half of what the widow was measured to be worth to this heuristic
  (``WIDOW_LIMIT_NOTE``).
* ``lay-out-losers`` (the widow's bidder): keep the suit he means to name and the sure winners;
  lay out the lowest cards of his shortest other suit (making a void to trump in).
* ``name-best-trumps`` (the widow's bidder): name the suit whose counted tricks pay best
  (six or more: value × tricks; fewer: the smallest payment into the pool).
* ``draw-trumps`` (the bidder on lead): lead trumps while an adversary may hold one: the
  master trump if he has it, else his lowest.
* ``lead-winners`` (on lead): lead a master card of a plain suit (a defender: never a trump);
  with none, lead the lowest card of his longest plain suit.
* ``win-cheaply`` (following): if his side is not already winning the trick, win it with the
  cheapest card that wins (the lowest of the suit led, else the lowest trump).
* ``follow-low`` (following): otherwise the lowest card; when void, the lowest plain card
  before any trump.

Sure tricks (:func:`sure_tricks`): in the trump suit, the tricks his trumps win led from the
top against all the trumps out in one adversary's hand (the worst case, played out card by
card); in each plain suit, the unbroken run of top cards from the Ace, at most two in a suit of
three cards or fewer (the third round is trumped); plus one ruff for each void or singleton
plain suit while he has trumps to spare beyond the adversaries'.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import NUM_SUITS, SUIT_MASKS, card, cards_of
from hoyle.envs.core.tricks import PIQUET_RANKS, trick_winner
from hoyle.envs.games.preference import (
    BID_ACTION_BASE,
    BIDDING,
    CONTRACT,
    LAY_OUT,
    NAME_ACTION_BASE,
    NAMING,
    PACK_MASK,
    PASS_ACTION,
    PLAY,
    TRICKS,
    TRUMPS,
    PreferenceView,
)

SOURCE = "not the book's: RULES.md §5.6 gives no hints (the plays taken for granted)"
WIDOW_MIN = 2
"""Sure tricks (in the best suit, before the widow) below which he never bids for the widow."""
WIDOW_LIMIT_NOTE = (
    "measured: buying the widow for 1 with k sure tricks, this heuristic took on average "
    "+3.7 (k=2), +4.9 (3), +7.8 (4), +9.1 (5) counters from the pool before the price, "
    "against heuristic defenders (977 deals)"
)
NAME_AT = CONTRACT - 1
"""Sure tricks counted before naming a suit in the first round: one short of the contract, since
the count is the worst case (measured: named on five sure tricks, the bidder still took +5.6
counters a deal on average from the pool against heuristic defenders, 226 deals)."""


# --- counting -------------------------------------------------------------------------------


def _ranks_high_first(hand: int, suit: int) -> list[int]:
    """The cards of ``suit`` in ``hand``, highest first."""
    return [card(suit, r) for r in PIQUET_RANKS if hand >> card(suit, r) & 1]


def trump_tricks(hand: int, trumps: int) -> int:
    """Tricks his trumps win, led from the top, if every other trump is in one hand.

    The adversary keeps his trumps as long as he can: he beats a led trump with his lowest
    card that beats it, else throws his lowest; when he has no trump left, every trump wins.
    """
    mine = _ranks_high_first(hand, trumps)
    order = [card(trumps, r) for r in PIQUET_RANKS]
    theirs = [c for c in order if c not in mine]
    won = 0
    pos = {c: i for i, c in enumerate(order)}  # lower index = higher card
    for c in mine:
        if not theirs:
            won += 1
            continue
        beats = [h for h in theirs if pos[h] < pos[c]]
        if beats:
            theirs.remove(beats[-1])
        else:
            theirs.pop()
            won += 1
    return won


def plain_tricks(hand: int, suit: int) -> int:
    """Sure tricks of a plain suit: the run of top cards from the Ace, at most two in a suit of
    three cards or fewer."""
    held = _ranks_high_first(hand, suit)
    run = 0
    for r in PIQUET_RANKS:
        if hand >> card(suit, r) & 1:
            run += 1
        else:
            break
    return min(run, 2 if len(held) <= 3 else run)


def sure_tricks(hand: int, trumps: int) -> int:
    """The sure tricks of ``hand`` with ``trumps`` as trumps (see the module docstring)."""
    total = trump_tricks(hand, trumps)
    n_trumps = (hand & SUIT_MASKS[trumps]).bit_count()
    spare = max(0, n_trumps - (8 - n_trumps))  # trumps beyond the adversaries' count
    ruffs = 0
    for s in range(NUM_SUITS):
        if s == trumps:
            continue
        total += plain_tricks(hand, s)
        if (hand & SUIT_MASKS[s]).bit_count() <= 1:
            ruffs += 1
    return min(TRICKS, total + min(ruffs, spare))


def payoff(view: PreferenceView, trumps: int, tricks: int) -> int:
    """The bidder's counters for ``tricks`` at ``trumps`` (§5.5), before the widow's price."""
    v = view.rules.value(trumps)
    return v * tricks if tricks >= CONTRACT else -v * (CONTRACT - tricks)


def best_suit(view: PreferenceView, hand: int, bonus: int = 0) -> tuple[int, int]:
    """The suit whose counted tricks (plus ``bonus``) pay best, and that count."""
    best = max(
        range(NUM_SUITS),
        key=lambda t: (payoff(view, t, sure_tricks(hand, t) + bonus), view.rules.value(t)),
    )
    return best, min(TRICKS, sure_tricks(hand, best) + bonus)


# --- the bidding ----------------------------------------------------------------------------


def name_sure_tricks(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """First round: name the best-paying suit counting six sure tricks, if allowed; else pass."""
    if view.phase != NAMING:
        return []
    ok = [
        a - NAME_ACTION_BASE
        for a in legal
        if a != PASS_ACTION and sure_tricks(view.hand, a - NAME_ACTION_BASE) >= NAME_AT
    ]
    if not ok:
        return [PASS_ACTION]
    t = max(ok, key=lambda t: (payoff(view, t, sure_tricks(view.hand, t)), view.rules.value(t)))
    return [NAME_ACTION_BASE + t]


def bid_widow_modestly(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """Second round: bid the lowest allowed while it is no more counters than the sure tricks
    counted in the best suit (and at least ``WIDOW_MIN`` of them); else pass."""
    if view.phase != BIDDING:
        return []
    _, tricks = best_suit(view, view.hand)
    limit = tricks if tricks >= WIDOW_MIN else 0
    bids = [a for a in legal if a >= BID_ACTION_BASE]
    if bids and bids[0] - BID_ACTION_BASE + 1 <= limit:
        return [bids[0]]
    return [PASS_ACTION]


def lay_out_losers(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """Keep the suit to be named and the sure winners; lay out the lowest card of the shortest
    other suit."""
    if view.phase != LAY_OUT:
        return []
    hand = view.hand
    t, _ = best_suit(view, hand)
    keep = hand & SUIT_MASKS[t]
    for s in range(NUM_SUITS):
        if s != t:
            for c in _ranks_high_first(hand, s)[: plain_tricks(hand, s)]:
                keep |= 1 << c
    spare = hand & ~keep or hand & ~SUIT_MASKS[t] or hand
    suits = [s for s in range(NUM_SUITS) if spare & SUIT_MASKS[s]]
    short = min(suits, key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s))
    low = _ranks_high_first(spare, short)[-1]
    return [low] if low in legal else []


def name_best_trumps(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """The widow's bidder names the suit whose counted tricks pay best."""
    if view.phase != TRUMPS:
        return []
    t, _ = best_suit(view, view.hand)
    return [NAME_ACTION_BASE + t]


# --- the play -------------------------------------------------------------------------------


def _power(view: PreferenceView) -> tuple[int, ...]:
    return view.rules.tricks[view.trumps].power


def _unseen_higher(view: PreferenceView, c: int) -> bool:
    """Whether a card of ``c``'s suit above it is still out (unseen by this player)."""
    tr = view.rules.tricks[view.trumps]
    others = view.unseen & tr.suit_masks[tr.suit[c]]
    return any(tr.power[o] > tr.power[c] for o in cards_of(others))


def _trumps_out(view: PreferenceView) -> bool:
    """Whether an adversary may still hold a trump (the widow and the cards laid out included,
    less the seats known to be void)."""
    tr = view.rules.tricks[view.trumps]
    out = view.unseen & tr.suit_masks[view.trumps] & PACK_MASK
    if not out:
        return False
    me = view.player
    holders = [
        q
        for q in view.rules.active
        if q != me and view.hand_sizes[q] and not view.voids[q] >> view.trumps & 1
    ]
    return bool(holders)


def _lowest(view: PreferenceView, cards: Sequence[int]) -> list[int]:
    """The lowest of ``cards``, plain cards before trumps."""
    if not cards:
        return []
    power = _power(view)
    return [min(cards, key=lambda c: power[c])]


def draw_trumps(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """The bidder on lead draws trumps while an adversary may hold one."""
    if view.phase != PLAY or view.trick or view.player != view.bidder or not _trumps_out(view):
        return []
    tr = view.rules.tricks[view.trumps]
    mine = [c for c in legal if tr.suit[c] == view.trumps]
    if not mine:
        return []
    top = max(mine, key=lambda c: tr.power[c])
    return [top] if not _unseen_higher(view, top) else _lowest(view, mine)


def lead_winners(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """On lead: a master card of a plain suit (a defender never leads trumps); with none, the
    lowest card of the longest plain suit."""
    if view.phase != PLAY or view.trick:
        return []
    tr = view.rules.tricks[view.trumps]
    plain = [c for c in legal if tr.suit[c] != view.trumps]
    masters = [c for c in plain if not _unseen_higher(view, c)]
    if masters:
        return masters
    if not plain:
        return []
    hand = view.hand
    longest = max(
        {tr.suit[c] for c in plain}, key=lambda s: ((hand & tr.suit_masks[s]).bit_count(), -s)
    )
    return _lowest(view, [c for c in plain if tr.suit[c] == longest])


def _side(view: PreferenceView, q: int) -> int:
    return 0 if q == view.bidder else 1


def _winning_seat(view: PreferenceView) -> int:
    """The seat winning the current trick so far."""
    tr = view.rules.tricks[view.trumps]
    q = view.leader
    for _ in range(trick_winner(view.trick, tr)):
        q = view.rules.next_active(q)
    return q


def win_cheaply(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """Following, when his side is not winning the trick: the cheapest card that wins."""
    if view.phase != PLAY or not view.trick:
        return []
    if _side(view, _winning_seat(view)) == _side(view, view.player):
        return []
    tr = view.rules.tricks[view.trumps]
    winners = [c for c in legal if trick_winner((*view.trick, c), tr) == len(view.trick)]
    return _lowest(view, winners)


def follow_low(view: PreferenceView, legal: Sequence[int]) -> list[int]:
    """Following: the lowest card (when void, the lowest plain card before any trump)."""
    if view.phase != PLAY or not view.trick:
        return []
    return _lowest(view, list(legal))


HINTS = register_hints(
    "preference",
    (
        Hint(
            "preference.name-sure-tricks",
            SOURCE,
            "First round: name a suit only with six sure tricks counted in it.",
            name_sure_tricks,
        ),
        Hint(
            "preference.bid-widow-modestly",
            SOURCE,
            "Bid for the widow modestly: the lowest bid, within half what the best suit wins.",
            bid_widow_modestly,
        ),
        Hint(
            "preference.lay-out-losers",
            SOURCE,
            "Lay out the losers: the low cards of the shortest side suit, never trumps.",
            lay_out_losers,
        ),
        Hint(
            "preference.name-best-trumps",
            SOURCE,
            "With the widow, name the suit whose counted tricks pay best.",
            name_best_trumps,
        ),
        Hint(
            "preference.draw-trumps",
            SOURCE,
            "The bidder on lead draws the adversaries' trumps.",
            draw_trumps,
        ),
        Hint(
            "preference.lead-winners",
            SOURCE,
            "On lead, cash a master card of a plain suit; else lead low from the longest suit.",
            lead_winners,
        ),
        Hint(
            "preference.win-cheaply",
            SOURCE,
            "Win the trick with the cheapest card that wins, unless your side already has it.",
            win_cheaply,
        ),
        Hint(
            "preference.follow-low",
            SOURCE,
            "Otherwise follow low; when void, throw the lowest plain card.",
            follow_low,
        ),
    ),
)

__all__ = ["HINTS", "best_suit", "plain_tricks", "sure_tricks", "trump_tricks"]
