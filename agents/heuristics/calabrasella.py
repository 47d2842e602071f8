"""The book's hints for Calabrasella as named, toggleable rules (RULES.md §3.6).

Foster's "Suggestions for Good Play" (Foster's Complete Hoyle, 1914, CALABRASELLA) that can
drive play, in book order, then the plays the book takes for granted, which decide whatever no
hint decided: stand on a hand with enough counted winners, take the best cards of the talon, win
a trick cheaply when an adversary would take it, follow low otherwise. A hint sees only the
player's view (``state.player_view(player)``) and narrows the legal actions, or has no opinion.

The hand evaluation (``winners``) counts, in each suit, the cards that should take a trick with
no trumps: a card is counted when the higher cards it lacks are no more than the cards of the
suit it holds below it (3 x: one; 2 x without the 3: one; bare 2 or A x without 3 2: none),
plus one for each card beyond four in a suit in which it counts a winner (the long cards).
**Threshold**: stand with ``STAND_WINNERS`` = 7 counted winners or more, before the exchange and
the talon. Measured with ``calibrate_stand(1500, seed=2)`` (this agent in all three seats, the
seat in turn made to stand on each of 1,500 random deals), the single player's mean result per
adversary by counted winners: 3: -7.4 (226 deals), 4: -6.2 (311), 5: -3.1 (326), 6: -1.0 (262),
7: +1.1 (167), 8: +2.1 (66), 9: +18.5 (17). Passing is worth 0, so 7 is the first count at
which standing pays. Hint 8 (position) moves a hand within one winner of it.

Hints 5 and 6 are not play rules here. Hint 5 (keep count, to know whether the last trick is
needed to reach 18) is the threshold rule of the scoring (``calabrasella.settle``: 18 wins, 17
loses), tested with the game; the agent plays for the last trick whatever the count (hint 4).
Hint 6 (inferences from the talon, the discards, the suits led) is inference, beyond a rule;
the agent uses only what the table shows outright (played cards, the known stock, voids).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import ACE, NUM_SUITS, THREE, TWO, card, cards_of, mask_of, rank_of
from hoyle.envs.core.tricks import trick_winner
from hoyle.envs.games.calabrasella import (
    ASK,
    ASK_THREE_ACTION_BASE,
    ASK_TWO_ACTION_BASE,
    CALABRASELLA_POINTS,
    DECLARE,
    DISCARD,
    DONE_ACTION,
    EXCHANGE,
    NO_ASK_ACTION,
    PASS_ACTION,
    PLAY,
    STAND_ACTION,
    TAKE,
    CalabrasellaView,
)
from hoyle.envs.games.calabrasella import GAME as CALABRASELLA_SPEC

BOOK = CALABRASELLA_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
HINTS_SOURCE = f"{BOOK}, Suggestions for Good Play"
STAND_WINNERS = 7
"""Stand with this many counted winners or more (see the module docstring)."""
BORDERLINE = 1
"""Hint 8 (position) decides hands within this many winners of the threshold."""
END_GAME = 3
"""Cards left in hand from which the last trick rules the play (hints 4, 9) and the leading
hints (1, 2) step aside: "After the first few tricks, everything must be arranged with a view
to securing that last trick"."""


def _power(view: CalabrasellaView, c: int) -> int:
    return int(view.rules.tricks.power[c])


def _suit(view: CalabrasellaView, c: int) -> int:
    return int(view.rules.tricks.suit[c])


def _pts(c: int) -> int:
    return CALABRASELLA_POINTS[c]


def suit_cards(view: CalabrasellaView, mask: int, s: int) -> list[int]:
    """The cards of suit ``s`` in ``mask``, highest first."""
    return sorted(cards_of(mask & view.rules.suit_masks[s]), key=lambda c: -_power(view, c))


# --- the hand evaluation ------------------------------------------------------------------------


def suit_winners(view: CalabrasellaView, hand: int, s: int) -> int:
    """Counted winners of ``hand`` in suit ``s`` (see the module docstring)."""
    mine = suit_cards(view, hand, s)
    if not mine:
        return 0
    order = suit_cards(view, view.rules.suit_masks[s], s)
    held = set(mine)
    n = 0
    for i, c in enumerate(mine):
        missing_above = sum(1 for x in order if _power(view, x) > _power(view, c) and x not in held)
        below = len(mine) - 1 - i
        if missing_above <= below:
            n += 1
    if n:
        n += max(0, len(mine) - 4)
    return min(n, len(mine))


def winners(view: CalabrasellaView, hand: int) -> int:
    """Counted winners of the whole hand."""
    return sum(suit_winners(view, hand, s) for s in range(NUM_SUITS))


def has_tenace(view: CalabrasellaView, hand: int) -> bool:
    """Whether ``hand`` holds a tenace among the counting cards of a suit (3 2 A K Q J): two
    cards with the one between them out (3 and A without the 2; A and Q without the K)."""
    for s in range(NUM_SUITS):
        order = suit_cards(view, view.rules.suit_masks[s], s)[:6]
        for i in range(len(order) - 2):
            if hand >> order[i] & 1 and hand >> order[i + 2] & 1 and not hand >> order[i + 1] & 1:
                return True
    return False


def longest_suit(view: CalabrasellaView, hand: int) -> int:
    """The suit with most cards (ties: more counted winners, then more card power)."""

    def key(s: int) -> tuple[int, int, int]:
        cs = suit_cards(view, hand, s)
        return (len(cs), suit_winners(view, hand, s), sum(_power(view, c) for c in cs))

    return max(range(NUM_SUITS), key=key)


# --- what the table shows -----------------------------------------------------------------------


def live(view: CalabrasellaView) -> int:
    """Cards that may still be played by someone else (not mine, not played, not in a stock
    I know)."""
    gone = view.hand | view.stock_known | view.discards
    for m in view.played:
        gone |= m
    for c in view.trick:
        gone |= 1 << c
    return view.rules.pack_mask & ~gone


def is_master(view: CalabrasellaView, c: int, out: int | None = None) -> bool:
    """Whether no card that may still be played by another beats ``c`` in its suit."""
    out = live(view) if out is None else out
    s = _suit(view, c)
    return not any(
        _power(view, x) > _power(view, c) for x in cards_of(out & view.rules.suit_masks[s])
    )


def trick_state(view: CalabrasellaView) -> tuple[int, int, int]:
    """(seat winning the trick so far, its card, the suit led); (-1, -1, -1) when leading."""
    if not view.trick:
        return -1, -1, -1
    i = trick_winner(view.trick, view.rules.tricks)
    act = view.active
    seat = act[(act.index(view.leader) + i) % 3]
    return seat, view.trick[i], _suit(view, view.trick[0])


def plays_after_me(view: CalabrasellaView) -> list[int]:
    """Seats still to play to this trick after me."""
    act = view.active
    me = act.index(view.player)
    return [act[(me + k) % 3] for k in range(1, 3 - len(view.trick))]


def _only(legal: Sequence[int], keep: Sequence[int]) -> list[int]:
    out = [a for a in legal if a in keep]
    return out if 0 < len(out) < len(legal) else []


def _lowest(view: CalabrasellaView, cards: Sequence[int]) -> list[int]:
    """The cheapest of ``cards``: fewest points, then lowest power."""
    if not cards:
        return []
    best = min(cards, key=lambda c: (_pts(c), _power(view, c)))
    return [best]


# --- the hints ----------------------------------------------------------------------------------


def long_suit(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 1: the single player, leading, establishes his long suit (its master card first,
    else its lowest card), and keeps his tenaces (no lead from a suit he holds a tenace in, while
    another suit will do)."""
    if view.phase != PLAY or not view.is_single or view.trick or view.hand.bit_count() <= END_GAME:
        return []
    out = live(view)
    hand = view.hand
    masters = [c for c in legal if is_master(view, c, out)]
    s = longest_suit(view, hand)
    mine = suit_cards(view, hand, s)
    if not mine:
        return []
    top = [c for c in mine if c in masters]
    if top:
        return _only(legal, top[:1])
    # No master in the long suit: cash masters elsewhere first only if they are sure; else
    # lead low from the long suit to drive out the cards above, unless it holds a tenace.
    if _suit_has_tenace(view, hand, s):
        other = [
            c
            for c in legal
            if _suit(view, c) != s and not _suit_has_tenace(view, hand, _suit(view, c))
        ]
        return _only(legal, _lowest(view, other))
    return _only(legal, [mine[-1]])


def _suit_has_tenace(view: CalabrasellaView, hand: int, s: int) -> bool:
    return has_tenace(view, hand & view.rules.suit_masks[s])


def lead_through_up(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 2: an adversary leads his long suit through the single player (when the single
    player plays next) and a short suit up to him (when he plays last); the suit's master card if
    he holds it, else its lowest card."""
    if view.phase != PLAY or view.trick or view.is_single or view.single < 0:
        return []
    if view.hand.bit_count() <= END_GAME:
        return []
    act = view.active
    nxt = act[(act.index(view.player) + 1) % 3]
    hand = view.hand
    lens = {
        s: len(suit_cards(view, hand, s))
        for s in range(NUM_SUITS)
        if hand & view.rules.suit_masks[s]
    }
    if not lens:
        return []
    through = nxt == view.single
    s = max(lens, key=lambda x: lens[x]) if through else min(lens, key=lambda x: lens[x])
    mine = suit_cards(view, hand, s)
    out = live(view)
    if is_master(view, mine[0], out):
        return _only(legal, mine[:1])
    return _only(legal, [mine[-1]])


def count_on_partner(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 3: on a trick the partner is sure to win, play counting cards, Aces first (the
    highest-counting card that does not take the trick from him is as good as one that does)."""
    if view.phase != PLAY or view.is_single or view.single < 0 or not view.trick:
        return []
    seat, best, _ = trick_state(view)
    if seat == view.single or seat == view.player:
        return []
    after = plays_after_me(view)
    if view.single in after and not is_master(view, best):
        return []
    counting = [c for c in legal if _pts(c) > 0]
    if not counting:
        return []
    top = max(_pts(c) for c in counting)
    return _only(legal, [c for c in counting if _pts(c) == top])


def last_trick(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hints 4, 5 and 9: scheme for the last trick (3 points and the stock): keep back a sure
    winner for it, and in the end game refuse a trick that would leave only losers for the last
    lead. With two cards left, keep the one that wins the last trick."""
    if view.phase != PLAY or len(legal) < 2:
        return []
    hand = view.hand
    left = hand.bit_count()
    out = live(view)
    if left == 2:
        keep = [c for c in legal if is_master(view, cards_of(hand & ~(1 << c))[0], out)]
        return _only(legal, keep)
    masters = [c for c in cards_of(hand) if is_master(view, c, out)]
    if masters and left <= END_GAME + 1:
        # Keep the best master back for the last trick, unless the trick holds an Ace.
        best = max(masters, key=lambda c: _power(view, c))
        stake = sum(_pts(c) for c in view.trick)
        if stake < 3:
            return _only(legal, [c for c in legal if c != best])
    return []


def ask_long_suit(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 7 (the ask): ask for the card that adds most counted winners; of equal gains, the
    one of the longest suit (the 3 of the long suit makes it the master suit). Holding all the
    3s he still asks for a 2 (he may ask for nothing): the card he gets is a winner."""
    if view.phase != ASK:
        return []
    asks = [a for a in legal if a != NO_ASK_ACTION]
    hand = view.hand
    base = winners(view, hand)

    def gain(a: int) -> tuple[int, int]:
        s = (a - ASK_THREE_ACTION_BASE) % NUM_SUITS
        rank = THREE if a < ASK_TWO_ACTION_BASE else TWO
        c = card(s, rank)
        return (winners(view, hand | 1 << c) - base, len(suit_cards(view, hand, s)))

    best = max(gain(a) for a in asks)
    return _only(legal, [a for a in asks if gain(a) == best])


def discard_plan(view: CalabrasellaView, hand: int, k: int | None = None) -> list[int]:
    """The cards to part with (the exchange card first, then the discards): low cards of the
    short suits, never of the long suit, counting cards last."""
    long = longest_suit(view, hand)

    def worth(c: int) -> tuple[int, int, int, int]:
        s = _suit(view, c)
        w = suit_winners(view, hand, s)
        return (_pts(c), int(s == long), w, _power(view, c))

    cards = sorted(cards_of(hand), key=worth)
    if k is None:
        useless = [c for c in cards if _pts(c) == 0 and _suit(view, c) != long]
        k = max(1, min(view.rules.max_discards, len(useless)))
    return cards[:k]


def plan_discards(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 7 (the discards): plan the exchange card and the discards together: the least
    useful cards (low, non-counting, short suits) go; as many as are useless, one to four."""
    if not view.is_single:
        return []
    if view.phase == EXCHANGE:
        options = [c for c in legal if c != view.asked]
        return _only(legal, discard_plan(view, mask_of(options), 1))
    if view.phase != DISCARD:
        return []
    whole = view.hand | view.discards
    plan = discard_plan(view, whole)
    todo = sorted(c for c in plan if not view.discards >> c & 1)
    if not todo:
        return _only(legal, [DONE_ACTION])
    ok = [c for c in todo if c in legal]
    return _only(legal, ok[:1] if ok else [DONE_ACTION])


def position(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 8: position decides a borderline hand: the eldest hand (the leader) stands with a
    good long suit; with tenaces the third hand stands and the second hand passes."""
    if view.phase != DECLARE:
        return []
    w = winners(view, view.hand)
    if abs(w - STAND_WINNERS) > BORDERLINE:
        return []
    i = view.active.index(view.player)
    adj = 0
    if i == 0 and max(len(suit_cards(view, view.hand, s)) for s in range(NUM_SUITS)) >= 5:
        adj = 1
    elif has_tenace(view, view.hand):
        adj = 1 if i == 2 else -1 if i == 1 else 0
    if adj == 0:
        return []
    stand = w + adj >= STAND_WINNERS
    return _only(legal, [STAND_ACTION if stand else PASS_ACTION])


def aces_home(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Hint 10: get the Aces home: take a trick an Ace lies in, and never give an Ace to a trick
    the other side will take."""
    if view.phase != PLAY or not view.trick:
        return []
    seat, best, led = trick_state(view)
    other_side = view.side(seat) != view.side(view.player)
    on_table = any(rank_of(c) == ACE for c in view.trick)
    beats = [c for c in legal if _suit(view, c) == led and _power(view, c) > _power(view, best)]
    if other_side and on_table and beats:
        sure = [c for c in beats if is_master(view, c) or not plays_after_me(view)]
        if sure:
            return _only(legal, _lowest(view, sure))
    if other_side and not beats:
        return _only(legal, [c for c in legal if rank_of(c) != ACE])
    return []


# --- the plays taken for granted ----------------------------------------------------------------


def stand_by_count(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Stand with ``STAND_WINNERS`` counted winners or more, else pass."""
    if view.phase != DECLARE:
        return []
    stand = winners(view, view.hand) >= STAND_WINNERS
    return _only(legal, [STAND_ACTION if stand else PASS_ACTION])


def take_best(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Take the talon cards that strengthen the hand most (counted winners, then points)."""
    if view.phase != TAKE:
        return []
    need = view.ndiscards - view.taken.bit_count()
    options = cards_of(view.talon & ~view.taken)
    base = view.hand

    def gain(c: int) -> tuple[int, int, int]:
        h = base | 1 << c
        return (winners(view, h), _pts(c), _power(view, c))

    best = sorted(options, key=gain, reverse=True)[:need]
    ok = sorted(c for c in best if c in legal)
    return _only(legal, ok[:1])


def win_cheaply(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """When the other side is taking the trick: win it with the cheapest card that is sure to
    hold (the last to play, or a master card), if the trick holds points or the winner leads."""
    if view.phase != PLAY or not view.trick:
        return []
    seat, best, led = trick_state(view)
    if view.side(seat) == view.side(view.player):
        return []
    beats = [c for c in legal if _suit(view, c) == led and _power(view, c) > _power(view, best)]
    if not beats:
        return []
    last = not plays_after_me(view)
    sure = beats if last else [c for c in beats if is_master(view, c)]
    if not sure:
        return []
    return _only(legal, _lowest(view, sure))


def follow_low(view: CalabrasellaView, legal: Sequence[int]) -> list[int]:
    """Otherwise play the cheapest card (fewest points, lowest), and lead the lowest."""
    if view.phase != PLAY:
        return []
    return _only(legal, _lowest(view, legal))


HINTS = register_hints(
    "calabrasella",
    [
        Hint(
            "calabrasella.long-suit",
            f"{HINTS_SOURCE} (hint 1)",
            "The player establishes his long suit as rapidly as possible, and preserves his "
            "tenaces and cards of re-entry.",
            long_suit,
        ),
        Hint(
            "calabrasella.lead-through-up",
            f"{HINTS_SOURCE} (hint 2)",
            "The adversaries lead short suits up to him, and long suits through him.",
            lead_through_up,
        ),
        Hint(
            "calabrasella.count-on-partner",
            f"{HINTS_SOURCE} (hint 3)",
            "Discard counting cards on partner's tricks, Aces especially.",
            count_on_partner,
        ),
        Hint(
            "calabrasella.last-trick",
            f"{HINTS_SOURCE} (hints 4, 5, 9)",
            "Scheme to win the last trick; refuse tricks that would lose it.",
            last_trick,
        ),
        Hint(
            "calabrasella.ask-long-suit",
            f"{HINTS_SOURCE} (hint 7)",
            "Some judgment is required in selecting the suit in which the 3 is to be asked for.",
            ask_long_suit,
        ),
        Hint(
            "calabrasella.plan-discards",
            f"{HINTS_SOURCE} (hint 7)",
            "Plan in advance for all discards, one for the exchange, and those for the stock.",
            plan_discards,
        ),
        Hint(
            "calabrasella.position",
            f"{HINTS_SOURCE} (hint 8)",
            "The leader has an advantage with a good long suit; with tenaces it is better to be "
            "third player, and very bad to be second hand.",
            position,
        ),
        Hint(
            "calabrasella.aces-home",
            f"{HINTS_SOURCE} (hint 10)",
            "The importance of getting home with Aces must never be overlooked.",
            aces_home,
        ),
        Hint(
            "calabrasella.stand-by-count",
            f"{BOOK}, Declaring (taken for granted)",
            f"Stand with {STAND_WINNERS} or more counted winners.",
            stand_by_count,
        ),
        Hint(
            "calabrasella.take-best",
            f"{BOOK}, Discarding (taken for granted)",
            "Take the talon cards that strengthen the hand most.",
            take_best,
        ),
        Hint(
            "calabrasella.win-cheaply",
            f"{BOOK}, Playing (taken for granted)",
            "Win the adversaries' trick with the cheapest card sure to hold it.",
            win_cheaply,
        ),
        Hint(
            "calabrasella.follow-low",
            f"{BOOK}, Playing (taken for granted)",
            "Otherwise play the cheapest card.",
            follow_low,
        ),
    ],
)


def calibrate_stand(deals: int = 600, seed: int = 1) -> dict[int, tuple[int, float]]:
    """Mean result per adversary for the single player by counted winners when he stood (all
    three seats played by this agent, every seat made to stand in turn). For the docstring's
    threshold; not used in play."""
    import random

    import pyspiel

    from hoyle.agents import make

    game = pyspiel.load_game("hoyle_calabrasella")
    rng = random.Random(seed)
    out: dict[int, list[float]] = {}
    for d in range(deals):
        s = game.new_initial_state()
        while s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        seat = d % 3
        bot = make("heuristic", game, seed=d)
        w = winners(s.player_view(seat), s.s.hands[seat])
        for _ in range(seat):
            s.apply_action(PASS_ACTION)
        s.apply_action(STAND_ACTION)
        while not s.is_terminal():
            s.apply_action(bot.step(s))
        out.setdefault(w, []).append(float(s.s.result))
    return {w: (len(v), sum(v) / len(v)) for w, v in sorted(out.items())}
