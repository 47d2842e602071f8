"""A heuristic for Solo as named, toggleable rules. NOT the book's: Foster gives no hints for
Solo or Heart Solo (RULES.md §6.7, "No hints in the text").

These are the plays a card player takes for granted, written out so that each can be switched
off (``heuristic:-call-shortest-side-ace``) and measured, in priority order:

1. ``bid-by-count``: value the hand for each trump suit by counting its tricks (the three
   Matadors a trick each, the next two trumps nearly, lower trumps about half, length beyond
   four, side Aces, guarded Kings) and bid only up to the best game those tricks support;
   bid the least the auction allows.
2. ``announce-supported-game``: announce the legal game the count supports that pays the
   bidder most (a Simple game with about three tricks of one's own, a Solo with five, a Tout
   with nearly eight; a lone game is paid by each adversary); when none is supported (a forced
   announcement), the cheapest.
3. ``call-shortest-side-ace``: call the Ace of the shortest plain suit in which one holds a card
   but not the Ace (a partner who can take one's lead); else any Ace not held.
4. ``forcee-choice``: with a Forcée, play the Solo if the count supports it, else call an Ace
   (by hint 3's rule); the holder of a called Ace names his own best suit.
5. ``go-on-when-sure``: go on for all eight only when every card left is a master and no
   adversary can hold a trump.
6. ``bidder-leads-trumps``: the bidder (or his known partner) leads trumps while the
   adversaries may hold any: the best trump if it is a master, else the lowest.
7. ``partner-helps``: do not overtake a trick one's own (known) side is winning: play low on it.
8. ``win-cheaply``: when the other side is winning the trick and a card of one's own can beat
   it, play the cheapest such card.
9. ``lead-masters``: when leading, lead a master of a plain suit (a card no unseen card beats).
10. ``follow-low``: otherwise play the lowest card (a plain card before a trump).

A player's side: the bidder and the holder of the called Ace when the player knows it (he
holds it, or it has fallen), else the bidder alone against the rest. The agent sees only the
player's view (``SoloView``).

Heart Solo (:mod:`hoyle.agents.heuristics.heart_solo`) uses the same rules with its own ids, and
one more for the no-bid hand (do not keep a winner for the last trick).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import ACE, KING, NUM_SUITS, card, cards_of
from hoyle.envs.core.tricks import trick_winner, trump_order, weakest
from hoyle.envs.games.solo import (
    ANNOUNCE_ACTION_BASE,
    BID_ACTION_BASE,
    BID_VALUES,
    CALL_ACTION_BASE,
    GO_ON_ACTION,
    NO_GAME,
    NUM_CARD_ACTIONS,
    PASS_ACTION,
    SIMPLE,
    SOLO,
    STOP_ACTION,
    TOUT,
    TOUT_PARTNER,
    TRUMP_ACTION_BASE,
    SoloRules,
    SoloView,
    decode_announce,
    game_value,
)

SOURCE = "not the book's: Foster gives no hints for Solo (RULES.md §6.7)"

PARTNER_GAMES = (SIMPLE, TOUT_PARTNER)
"""Games with a called Ace: the bidder is paid by one adversary, not by each."""
NEEDED = {SIMPLE: 3.2, SOLO: 4.8, TOUT: 7.5, TOUT_PARTNER: 6.5}
"""Tricks of his own a player's count must reach to announce each game."""


# --- counting a hand ---------------------------------------------------------------------------


def count_tricks(rules: SoloRules, hand: int, trump: int) -> float:
    """The tricks ``hand`` should take with ``trump`` trumps, by a count (not the book's).

    The Matadors (Spadilla, Manilla, Basta) a trick each, the next two trumps 0.8, lower trumps
    0.55, 0.3 for each trump beyond four; side Aces 0.9, a King with its Ace or a guard 0.4, a
    void side suit 0.3 when holding four trumps.
    """
    tr = rules.tricks[trump]
    order = [c for c in trump_order(tr) if rules.pack_mask >> c & 1]
    est = 0.0
    n = 0
    for i, c in enumerate(order):
        if hand >> c & 1:
            n += 1
            est += 1.0 if i < 3 else 0.8 if i < 5 else 0.55
    if n > 4:
        est += 0.3 * (n - 4)
    for s in range(NUM_SUITS):
        if s == trump:
            continue
        mine = hand & tr.suit_masks[s] & rules.pack_mask
        if not mine:
            if n >= 4 and tr.suit_masks[s] & rules.pack_mask:
                est += 0.3
            continue
        if mine >> card(s, ACE) & 1:
            est += 0.9
        if mine >> card(s, KING) & 1 and (mine >> card(s, ACE) & 1 or mine.bit_count() >= 2):
            est += 0.4
    return est


def supported(rules: SoloRules, hand: int, kind: int, trump: int) -> float:
    """How far the count exceeds what ``kind`` needs with ``trump`` trumps (>= 0: supported)."""
    return count_tricks(rules, hand, trump) - NEEDED[kind]


def best_value(rules: SoloRules, hand: int) -> int:
    """The value of the most valuable game the count supports (0: none)."""
    best = 0
    for kind in rules.kinds:
        for t in range(NUM_SUITS):
            if supported(rules, hand, kind, t) >= 0:
                best = max(best, game_value(kind, t, rules.colour))
    return best


# --- hints: the auction and the announcement ---------------------------------------------------


def bid_by_count(view: SoloView, legal: Sequence[int]) -> list[int]:
    if PASS_ACTION not in legal:
        return []
    bids = sorted(a for a in legal if BID_ACTION_BASE <= a < ANNOUNCE_ACTION_BASE)
    if not bids:
        return [PASS_ACTION]
    if BID_VALUES[bids[0] - BID_ACTION_BASE] <= best_value(view.rules, view.hand):
        return [bids[0]]
    return [PASS_ACTION]


def announce_supported_game(view: SoloView, legal: Sequence[int]) -> list[int]:
    games = [a for a in legal if ANNOUNCE_ACTION_BASE <= a < CALL_ACTION_BASE]
    if not games or any(a >= CALL_ACTION_BASE for a in legal):
        return []
    rules = view.rules
    others = view.num_players - 1

    def worth(a: int) -> tuple[int, float]:
        kind, t = decode_announce(a)
        margin = supported(rules, view.hand, kind, t)
        stake = game_value(kind, t, rules.colour) * (1 if kind in PARTNER_GAMES else others)
        return (stake if margin >= 0 else -stake, margin)

    best = max(worth(a) for a in games)
    return [a for a in games if worth(a) == best]


def _call_choice(view: SoloView, legal: Sequence[int]) -> list[int]:
    calls = [a for a in legal if CALL_ACTION_BASE <= a < TRUMP_ACTION_BASE]
    if not calls:
        return []
    hand = view.hand
    rules = view.rules
    plain = rules.tricks[view.trump] if view.trump >= 0 else None

    def length(s: int) -> int:
        mask = plain.suit_masks[s] if plain is not None else rules.tricks[(s + 1) % 4].suit_masks[s]
        return (hand & mask).bit_count()

    not_held = [a for a in calls if not hand >> card(a - CALL_ACTION_BASE, ACE) & 1]
    with_card = [a for a in not_held if length(a - CALL_ACTION_BASE) > 0]
    pool = with_card or not_held or calls
    short = min(length(a - CALL_ACTION_BASE) for a in pool)
    return [a for a in pool if length(a - CALL_ACTION_BASE) == short]


def call_shortest_side_ace(view: SoloView, legal: Sequence[int]) -> list[int]:
    if any(a < CALL_ACTION_BASE for a in legal):
        return []  # the Forcée choice is hint 4's
    return _call_choice(view, legal)


def forcee_choice(view: SoloView, legal: Sequence[int]) -> list[int]:
    rules = view.rules
    names = [a for a in legal if TRUMP_ACTION_BASE <= a < GO_ON_ACTION]
    if names:
        return [max(names, key=lambda a: count_tricks(rules, view.hand, a - TRUMP_ACTION_BASE))]
    solos = [a for a in legal if ANNOUNCE_ACTION_BASE <= a < CALL_ACTION_BASE]
    calls = [a for a in legal if CALL_ACTION_BASE <= a < TRUMP_ACTION_BASE]
    if not (solos and calls):
        return []
    best = max(solos, key=lambda a: count_tricks(rules, view.hand, decode_announce(a)[1]))
    if supported(rules, view.hand, SOLO, decode_announce(best)[1]) >= 0:
        return [best]
    return _call_choice(view, calls)


# --- hints: the play ---------------------------------------------------------------------------


def _power(view: SoloView, c: int) -> int:
    tr = view.tricks
    assert tr is not None
    return tr.power[c]


def _is_master(view: SoloView, c: int) -> bool:
    """No unseen card of the same effective suit beats ``c``."""
    tr = view.tricks
    assert tr is not None
    rivals = view.unseen() & tr.suit_masks[tr.suit[c]]
    return all(tr.power[x] < tr.power[c] for x in cards_of(rivals))


def _unseen_trumps(view: SoloView) -> int:
    tr = view.tricks
    assert tr is not None
    return view.unseen() & tr.suit_masks[tr.trump]


def go_on_when_sure(view: SoloView, legal: Sequence[int]) -> list[int]:
    if GO_ON_ACTION not in legal:
        return []
    hand = view.hand
    if _unseen_trumps(view) or not all(_is_master(view, c) for c in cards_of(hand)):
        return [STOP_ACTION]
    return [GO_ON_ACTION]


def my_side(view: SoloView) -> int:
    """Seats (a bitmask) on the viewer's side as far as he knows."""
    if view.kind == NO_GAME or view.bidder < 0:
        return 1 << view.player
    team = 1 << view.bidder
    if view.partner >= 0:
        team |= 1 << view.partner
    if team >> view.player & 1:
        return team
    return ((1 << view.num_players) - 1) & ~team


def _winning_seat(view: SoloView) -> int:
    tr = view.tricks
    assert tr is not None and view.trick
    return (view.leader + trick_winner(view.trick, tr)) % view.num_players


def _beats(view: SoloView, c: int) -> bool:
    tr = view.tricks
    assert tr is not None
    return trick_winner((*view.trick, c), tr) == len(view.trick)


def _cards(legal: Sequence[int]) -> list[int]:
    return [a for a in legal if a < NUM_CARD_ACTIONS]


def bidder_leads_trumps(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = _cards(legal)
    if not cards or view.trick or view.kind == NO_GAME or view.bidder < 0:
        return []
    if not my_side(view) >> view.bidder & 1 or not _unseen_trumps(view):
        return []
    tr = view.tricks
    assert tr is not None
    trumps = [c for c in cards if tr.suit[c] == tr.trump]
    if not trumps:
        return []
    top = max(trumps, key=lambda c: tr.power[c])
    if _is_master(view, top):
        return [top]
    return [min(trumps, key=lambda c: tr.power[c])]


def _lowest(view: SoloView, cards: Sequence[int]) -> list[int]:
    assert view.tricks is not None
    return weakest(cards, view.tricks)


def partner_helps(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = _cards(legal)
    if not cards or not view.trick or view.kind == NO_GAME:
        return []
    if not my_side(view) >> _winning_seat(view) & 1:
        return []
    return _lowest(view, cards)


def win_cheaply(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = _cards(legal)
    if not cards or not view.trick or view.kind == NO_GAME:
        return []
    if my_side(view) >> _winning_seat(view) & 1:
        return []
    winners = [c for c in cards if _beats(view, c)]
    if not winners:
        return []
    low = min(_power(view, c) for c in winners)
    return [c for c in winners if _power(view, c) == low]


def lead_masters(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = _cards(legal)
    if not cards or view.trick or view.kind == NO_GAME:
        return []
    tr = view.tricks
    assert tr is not None
    masters = [c for c in cards if tr.suit[c] != tr.trump and _is_master(view, c)]
    return masters


def follow_low(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = _cards(legal)
    if not cards or view.kind == NO_GAME:
        return []
    return _lowest(view, cards)


def hints(game: str) -> list[Hint]:
    """The hints above with ids ``<game>.<name>``, in priority order."""
    table = (
        ("bid-by-count", "Bid only up to the best game the counted tricks support.", bid_by_count),
        (
            "announce-supported-game",
            "Announce the most valuable game the hand supports.",
            announce_supported_game,
        ),
        (
            "call-shortest-side-ace",
            "Call the Ace of the shortest plain suit held without its Ace.",
            call_shortest_side_ace,
        ),
        ("forcee-choice", "Forcée: Solo if the count allows, else call an Ace.", forcee_choice),
        ("go-on-when-sure", "Go on for all eight only with nothing but masters.", go_on_when_sure),
        (
            "bidder-leads-trumps",
            "The bidder's side leads trumps while the adversaries may hold any.",
            bidder_leads_trumps,
        ),
        ("partner-helps", "Do not overtake a trick one's own side is winning.", partner_helps),
        ("win-cheaply", "Beat the other side's card with the cheapest winner.", win_cheaply),
        ("lead-masters", "Lead a master card of a plain suit.", lead_masters),
        ("follow-low", "Otherwise play the lowest card, a plain card before a trump.", follow_low),
    )
    return [Hint(f"{game}.{name}", SOURCE, summary, fn) for name, summary, fn in table]


HINTS = register_hints("solo", hints("solo"))
