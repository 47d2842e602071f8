"""A heuristic for Vint as named, toggleable rules. NOT the book's: Foster gives no hints for
Vint (Foster's Complete Hoyle, 1914, "VINT" states the rules and the score only). These are a
sensible bidder and card player of this project's own, marked so.

What shapes them is the score: every trick counts for both sides at 10 × the final level, the
honours and coronets score for whoever holds them, but a contract that fails costs the bidder's
side 1,000 × the level for each trick short. So the bidder bids only what his count supports,
and the play is the plain whist of a side that wants tricks. In priority order:

1. ``bid-by-count``: count the hand's tricks in each denomination (trump length and honours,
   side Aces and guarded Kings; No-trumps only with Aces and stoppers), add the partner's share
   (a third of the tricks not counted, or what his bid in that denomination showed before the
   player's own first bid), and bid the cheapest legal bid of the denomination that counts
   best, when the count covers it; else pass.
2. ``declarer-draws-trumps``: the declaring side, on lead, leads trumps while the adversaries
   may hold any: the best trump if it is a master, else the lowest.
3. ``partner-helps``: do not overtake a trick the partner is winning (when no adversary still
   to play can be seen to beat him): play low on it.
4. ``win-cheaply``: when the trick is not surely the side's and a card of one's own beats it,
   play the cheapest such card, one that no adversary still to play can be seen to beat if there
   is one (a card of the suit led before a trump); over the partner, only such a sure card.
5. ``lead-masters``: when leading, lead a master of a plain suit (a card no unseen card beats).
6. ``follow-low``: otherwise play the lowest card (a plain card before a trump).

Measured on duplicate deals (each deal played twice, the sides exchanged; points a deal, 95%
CI; ``tests/agents/test_vint_heuristic.py``): against ``random`` +58,920 [+57,193, +60,648]
over 200 deals, nearly all of it the auction (``random`` climbs the ladder and fails at five to
seven; without ``bid-by-count`` +17,997). What each hint is worth, as the full heuristic's
margin over the heuristic with that hint switched off (1,000 deals): ``bid-by-count`` +41,806,
``win-cheaply`` +863, ``follow-low`` +234, ``lead-masters`` +142, ``declarer-draws-trumps``
+46 [+13, +78]; ``partner-helps`` 0: with ``follow-low`` on it chooses the same card (the
lowest), so it decides only when ``follow-low`` is switched off (then it is worth +127).

The agent sees only the player's view (:class:`~hoyle.envs.games.vint.VintView`): the unseen
cards are the pack less his hand and the cards played; a seat that did not follow a suit holds
none of it; the calls are read from his event log.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import ACE, JACK, KING, NUM_SUITS, QUEEN, card, cards_of, mask_of
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.tricks import TrickRules, trick_winner, weakest
from hoyle.envs.games.vint import (
    BID_ACTION_BASE,
    BIDS,
    DENOMINATION_SUITS,
    NEW_DEAL,
    NO_TRUMPS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_PLAYERS,
    PASS_ACTION,
    PLAY,
    TRICKS,
    VintView,
    bid_of,
    tricks_needed,
)
from hoyle.envs.games.vint import GAME as VINT_SPEC

SOURCE = f"not the book's: Foster gives no hints for Vint ({VINT_SPEC.citation})"

MARGIN = 0.0
"""Tricks the count must exceed a bid's by. A trick short costs 1,000 × the level and a trick
over earns 10 × the level, but the count is already cautious (quick tricks, a third of the rest
from the partner): in self-play on duplicate deals a margin of 0 beat 0.5 by about 44 points a
deal, and 1.0 or more, or -0.25 and less, did worse."""
PARTNER_SHARE = 1 / 3
"""The partner's expected share of the tricks the hand does not count (one of three hands)."""
NO_TRUMP_STOPPERS = 3
"""No-trumps is counted only with this many suits stopped and at least two Aces."""
NO_TRUMP_ACES = 2

SIDE_RANKS = (ACE, KING, QUEEN)
"""The top of a suit, best first: the cards a count of losers looks at."""


# --- counting a hand ---------------------------------------------------------------------------


def _ranks(hand: int, suit: int) -> tuple[set[int], int]:
    """The ranks ``hand`` holds in ``suit``, and how many."""
    held = {r for r in range(13) if hand >> card(suit, r) & 1}
    return held, len(held)


def trump_tricks(hand: int, suit: int) -> float:
    """Tricks from holding ``suit`` as trumps: the trumps held less the losers among the top
    (each of A K Q missing within the first min(length, 3) cards loses one); long trumps win."""
    held, n = _ranks(hand, suit)
    losers = sum(1 for r in SIDE_RANKS[: min(n, 3)] if r not in held)
    return float(n - losers)


def side_tricks(hand: int, suit: int) -> float:
    """Quick tricks in a plain suit beside trumps: the Ace, a King with its Ace (or half a
    trick guarded), a Queen behind the Ace and King (or a quarter guarded twice)."""
    held, n = _ranks(hand, suit)
    est = 0.0
    if ACE in held:
        est += 1.0
    if KING in held and n >= 2:
        est += 1.0 if ACE in held else 0.5
    if QUEEN in held and n >= 3:
        est += 1.0 if {ACE, KING} <= held else 0.25
    return est


def stopped(hand: int, suit: int) -> bool:
    """A suit the adversaries cannot run at No-trumps: A, K guarded, Q twice guarded, J x x x."""
    held, n = _ranks(hand, suit)
    return (
        ACE in held
        or (KING in held and n >= 2)
        or (QUEEN in held and n >= 3)
        or (JACK in held and n >= 4)
    )


def no_trump_tricks(hand: int) -> float:
    """Tricks at No-trumps: the quick tricks of every suit and the long cards (beyond four) of a
    suit headed by two of A K Q; 0 without two Aces and three suits stopped."""
    aces = sum(1 for s in range(NUM_SUITS) if hand >> card(s, ACE) & 1)
    stops = sum(1 for s in range(NUM_SUITS) if stopped(hand, s))
    if aces < NO_TRUMP_ACES or stops < NO_TRUMP_STOPPERS:
        return 0.0
    est = 0.0
    for s in range(NUM_SUITS):
        held, n = _ranks(hand, s)
        est += side_tricks(hand, s)
        if n > 4 and len(held & set(SIDE_RANKS)) >= 2:
            est += n - 4
    return est


def count_tricks(hand: int, denomination: int) -> float:
    """The tricks ``hand`` should take by itself in ``denomination``, by a count (not the book's)."""
    if denomination == NO_TRUMPS:
        return no_trump_tricks(hand)
    trump = DENOMINATION_SUITS[denomination]
    side = sum(side_tricks(hand, s) for s in range(NUM_SUITS) if s != trump)
    return trump_tricks(hand, trump) + side


def deal_events(log: Sequence[ViewEvent], new_deal: int, kind: int) -> list[tuple[int, int]]:
    """The events of ``kind`` since the last ``new_deal`` marker of ``log``, in order, as
    (actor, value): this deal's bids."""
    out: list[tuple[int, int]] = []
    for k, actor, value in reversed(log):
        if k == new_deal:
            break
        if k == kind:
            out.append((actor, value))
    return out[::-1]


def _this_deal_bids(view: VintView) -> list[tuple[int, int]]:
    """The bids of this deal, in order, as (bidder, ladder index)."""
    return deal_events(view.log, NEW_DEAL, BIDS)


def partner_count(view: VintView, denomination: int) -> float:
    """What the partner's own hand is counted at in ``denomination`` (:func:`shown_count`),
    the partner being the current rubber's."""
    return shown_count(
        _this_deal_bids(view), view.player, view.partner_of(view.player), denomination
    )


def shown_count(
    bids: Sequence[tuple[int, int]], player: int, partner: int, denomination: int
) -> float:
    """What ``partner``'s own hand is counted at in ``denomination``, from this deal's ``bids``
    (seat, ladder index): the tricks his bid in it showed (the least count that bid needed with
    a third of the rest from the player), else 0. Only his bids made before the player's first
    bid count: after it he was counting on the player's hand, and reading those back would
    count the same tricks twice."""
    shown = 0.0
    for seat, index in bids:
        if seat == player:
            break
        level, d = bid_of(index)
        if seat == partner and d == denomination:
            # c + (13 - c) * share >= tricks + MARGIN  <=>  c >= (... - 13 share) / (1 - share)
            need = tricks_needed(level) + MARGIN
            shown = max(shown, (need - TRICKS * PARTNER_SHARE) / (1 - PARTNER_SHARE))
    return shown


def side_count(view: VintView, denomination: int) -> float:
    """The side's tricks in ``denomination`` (:func:`hand_and_partner`)."""
    return hand_and_partner(view.hand, partner_count(view, denomination), denomination)


def hand_and_partner(hand: int, shown: float, denomination: int) -> float:
    """The side's tricks in ``denomination``: the hand's count and the partner's share (a third
    of the tricks the hand does not count, or ``shown``, what his bid in it showed, whichever
    is more)."""
    mine = count_tricks(hand, denomination)
    if denomination == NO_TRUMPS and mine == 0.0:
        return 0.0  # no No-trumps without Aces and stoppers
    share = max(0.0, TRICKS - mine) * PARTNER_SHARE
    return min(float(TRICKS), mine + max(share, shown))


def counted_bid(view: VintView, legal: Sequence[int]) -> int | None:
    """The cheapest legal bid of the denomination whose count covers it best, if the count
    covers it (by :data:`MARGIN`); ``None``: pass."""
    best: tuple[float, int] | None = None
    for d in range(NUM_DENOMINATIONS):
        bids = [a for a in legal if a >= BID_ACTION_BASE and bid_of(a - BID_ACTION_BASE)[1] == d]
        if not bids:
            continue
        cheapest = min(bids)
        margin = side_count(view, d) - tricks_needed(bid_of(cheapest - BID_ACTION_BASE)[0])
        if margin >= MARGIN and (best is None or (margin, -cheapest) > (best[0], -best[1])):
            best = (margin, cheapest)
    return None if best is None else best[1]


# --- hints: the auction ------------------------------------------------------------------------


def bid_by_count(view: VintView, legal: Sequence[int]) -> list[int]:
    if PASS_ACTION not in legal:
        return []
    chosen = counted_bid(view, legal)
    return [PASS_ACTION] if chosen is None else [chosen]


# --- hints: the play ---------------------------------------------------------------------------


def _tricks(view: VintView) -> TrickRules:
    return view.rules.tricks[view.contract % NUM_DENOMINATIONS]


def _cards(view: VintView, legal: Sequence[int]) -> list[int]:
    if view.phase != PLAY:
        return []
    return [a for a in legal if a < NUM_CARD_ACTIONS]


def unseen(view: VintView) -> int:
    """The cards the player has not seen: the pack less his hand and every card played."""
    return view.rules.pack_mask & ~view.hand & ~view.played & ~mask_of(view.trick)


def is_master(view: VintView, c: int) -> bool:
    """No unseen card of ``c``'s suit beats it."""
    tr = _tricks(view)
    rivals = unseen(view) & tr.suit_masks[tr.suit[c]]
    return all(tr.power[x] < tr.power[c] for x in cards_of(rivals))


def declaring(view: VintView) -> bool:
    """The player is on the bidder's side."""
    return view.side_of(view.bidder) == view.side_of(view.player)


def adversaries_may_hold_trumps(view: VintView) -> bool:
    """Some trump is unseen and not every adversary has shown out of trumps."""
    tr = _tricks(view)
    if tr.trump < 0 or not unseen(view) & tr.suit_masks[tr.trump]:
        return False
    others = (view.left_of(view.player), view.left_of(view.player, 3))
    return any(not view.voids[q] >> tr.trump & 1 for q in others)


def _winning_seat(view: VintView, trick: Sequence[int]) -> int:
    return view.trick_seat(trick_winner(trick, _tricks(view)))


def may_be_beaten(view: VintView, trick: Sequence[int]) -> bool:
    """Whether an adversary still to play to ``trick`` may beat its winning card, as far as the
    player can tell: one who has not shown out of the suit led may hold a higher unseen card
    of it; one who has may trump, if he has not shown out of trumps as well."""
    tr = _tricks(view)
    w = trick[trick_winner(trick, tr)]
    led, trump = tr.suit[trick[0]], tr.trump
    higher = [
        x for x in cards_of(unseen(view)) if tr.suit[x] == tr.suit[w] and tr.power[x] > tr.power[w]
    ]
    trumps = unseen(view) & tr.suit_masks[trump] if trump >= 0 else 0
    mine = view.side_of(view.player)
    for k in range(len(trick), NUM_PLAYERS):
        q = view.trick_seat(k)
        if view.side_of(q) == mine:
            continue
        if not view.voids[q] >> led & 1:
            if tr.suit[w] == led and higher:
                return True
        elif trumps and not view.voids[q] >> trump & 1 and (tr.suit[w] != trump or higher):
            return True
    return False


def _side_winning(view: VintView) -> bool:
    """The partner is winning the trick, and no adversary still to play can be seen to beat him."""
    winner = _winning_seat(view, view.trick)
    return view.side_of(winner) == view.side_of(view.player) and not may_be_beaten(view, view.trick)


def _lowest(view: VintView, cards: Sequence[int]) -> list[int]:
    """The weakest cards: plain cards before trumps, then the lowest power."""
    return weakest(cards, _tricks(view))


def declarer_draws_trumps(view: VintView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or view.trick or not declaring(view) or not adversaries_may_hold_trumps(view):
        return []
    tr = _tricks(view)
    trumps = [c for c in cards if tr.suit[c] == tr.trump]
    if not trumps:
        return []
    top = max(trumps, key=lambda c: tr.power[c])
    return [top] if is_master(view, top) else [min(trumps, key=lambda c: tr.power[c])]


def partner_helps(view: VintView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or not view.trick or not _side_winning(view):
        return []
    return _lowest(view, cards)


def win_cheaply(view: VintView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or not view.trick or _side_winning(view):
        return []
    tr = _tricks(view)
    n = len(view.trick)
    winners = [c for c in cards if trick_winner((*view.trick, c), tr) == n]
    sure = [c for c in winners if not may_be_beaten(view, (*view.trick, c))]
    if view.side_of(_winning_seat(view, view.trick)) == view.side_of(view.player):
        winners = sure  # overtake the partner only with a card sure to hold the trick
    pool = sure or winners
    if not pool:
        return []
    low = min(tr.power[c] for c in pool)
    return [c for c in pool if tr.power[c] == low]


def lead_masters(view: VintView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or view.trick:
        return []
    tr = _tricks(view)
    return [c for c in cards if tr.suit[c] != tr.trump and is_master(view, c)]


def follow_low(view: VintView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards:
        return []
    return _lowest(view, cards)


HINT_TABLE = (
    ("bid-by-count", "Bid only what the counted tricks support, the cheapest bid.", bid_by_count),
    (
        "declarer-draws-trumps",
        "The declaring side leads trumps while the adversaries may hold any.",
        declarer_draws_trumps,
    ),
    ("partner-helps", "Do not overtake a trick the partner is winning.", partner_helps),
    ("win-cheaply", "Beat the adversaries' card with the cheapest winner.", win_cheaply),
    ("lead-masters", "Lead a master card of a plain suit.", lead_masters),
    ("follow-low", "Otherwise play the lowest card, a plain card before a trump.", follow_low),
)

HINTS = register_hints(
    "vint", [Hint(f"vint.{name}", SOURCE, summary, fn) for name, summary, fn in HINT_TABLE]
)
