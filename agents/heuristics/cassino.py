"""The book's hints for Cassino as named, toggleable rules (RULES.md §1.9).

Foster's "Suggestions for Good Play" (Foster's Complete Hoyle, 1914, CASSINO) that can drive
play, in book order, after the plays the book takes for granted (claim out when out, take a
sweep, take in the counting cards, do not leave your build to be taken, trail only when you
cannot take in or build). Hint 1 ("Remember what has been played") needs no rule: the view
already carries every side's taken-in cards.

A Cassino play is a short sequence of decisions (the card, what to do with it, the table
objects, "done"), so a hint judges *whole plays*: :func:`plays_by_action` lists, for each legal
decision, the complete plays it can still lead to (through the game's own step functions), and
a hint keeps the decisions that can lead to a play it prefers. Applied at every decision of a
play, a higher hint's preference is honoured all the way to the end of the play. Hints that
compare plays of one kind ("in making pairs and combinations, give preference to ...") leave
the other kinds of play alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import (
    ACE,
    RANK_MASKS,
    SPADES,
    SUIT_MASKS,
    rank_of,
    suit_of,
)
from hoyle.envs.games.cassino import (
    BIG_CASSINO,
    CLAIM_OUT_ACTION,
    KIND,
    KIND_BUILD,
    KIND_INCREASE,
    KIND_TAKE,
    KIND_TRAIL,
    LITTLE_CASSINO,
    PLAY,
    PLAY_CARD_ACTION_BASE,
    SELECT,
    Build,
    CassinoView,
    Move,
    build_key,
)
from hoyle.envs.games.cassino import GAME as CASSINO_SPEC

BOOK = CASSINO_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
HINTS_SOURCE = f"{BOOK}, Suggestions for Good Play"
TEN = 10
"""The value of Big Cassino, for hint 6."""

_cache: list[Any] = [None, None]


def plays_by_action(view: CassinoView) -> dict[int, list[Move]]:
    """Each legal decision of the viewer with the complete plays it can lead to (cached for
    the view being judged: every hint of one decision asks for the same)."""
    if _cache[0] is not view:
        _cache[0] = view
        _cache[1] = all_plays_by_action(view)
    result: dict[int, list[Move]] = _cache[1]
    return result


def all_plays_by_action(view: CassinoView, limit: int = 5000) -> dict[int, list[Move]]:
    """Each legal action of the viewer, with the complete plays it can lead to.

    Enumerated through the same step functions as the game (so exactly the legal plays),
    depth first; at most ``limit`` plays in all (a huge table may be cut short).
    """
    rules = view.rules
    me = view.player
    if view.to_move != me or view.phase not in (PLAY, KIND, SELECT):
        return {}
    hand, loose, builds = view.hand, view.loose, view.builds
    q = rules.partner_of[me]
    pdecl = view.declared[q] if q >= 0 else 0
    budget = [limit]
    out: dict[int, list[Move]] = {}

    def explore(m: Move, a: int) -> Iterator[Move]:
        m2, done = rules.step(m, a, hand, loose, builds, me, pdecl)
        if done:
            budget[0] -= 1
            yield m2
            return
        for b in rules.select_actions(m2, loose, builds, me):
            if budget[0] <= 0:
                return
            yield from explore(m2, b)

    def from_card(c: int) -> Iterator[Move]:
        m = Move(card=c, steps=(PLAY_CARD_ACTION_BASE + c,))
        for k in rules.kind_actions(c, hand, loose, builds, me, pdecl):
            yield from explore(m, k)

    if view.phase == PLAY:
        for a in rules.card_actions(hand, loose, builds, me, pdecl):
            out[a] = list(from_card(a - PLAY_CARD_ACTION_BASE))
        if rules.count_out:
            out[CLAIM_OUT_ACTION] = []
        return out
    m = view.move
    assert m is not None
    if view.phase == KIND:
        legal = rules.kind_actions(m.card, hand, loose, builds, me, pdecl)
    else:
        legal = rules.select_actions(m, loose, builds, me)
    for a in legal:
        out[a] = list(explore(m, a))
    return out


# --- what a play does ------------------------------------------------------------------------


def selected_builds(view: CassinoView, m: Move) -> list[Build]:
    """The builds a take-in or build gathers, or the build an increase raises."""
    if m.kind == KIND_INCREASE:
        return [b for b in view.builds if build_key(b.mask) == m.last_key]
    return [b for b in view.builds if m.sel_builds >> build_key(b.mask) & 1]


def taken(view: CassinoView, m: Move) -> int:
    """The cards a take-in gathers (its own card included); 0 for other plays."""
    if m.kind != KIND_TAKE:
        return 0
    mask = 1 << m.card | m.sel
    for b in selected_builds(view, m):
        mask |= b.mask
    return mask


def is_sweep(view: CassinoView, m: Move) -> bool:
    return (
        m.kind == KIND_TAKE
        and not view.loose & ~m.sel
        and len(selected_builds(view, m)) == len(view.builds)
    )


def adversaries(view: CassinoView) -> set[int]:
    me, partner = view.player, view.partner
    return {q for q in range(view.rules.num_players) if q not in (me, partner)}


def _all_plays(view: CassinoView, legal: Sequence[int]) -> list[Move]:
    pba = plays_by_action(view)
    return [m for a in legal for m in pba.get(a, ())]


def _keep(view: CassinoView, legal: Sequence[int], keep: Callable[[Move], bool]) -> list[int]:
    """The decisions that can lead to a play ``keep`` accepts ([] if that is all or none)."""
    pba = plays_by_action(view)
    out = [a for a in legal if any(keep(m) for m in pba.get(a, ()))]
    return out if 0 < len(out) < len(legal) else []


def _best_of_kind(
    view: CassinoView,
    legal: Sequence[int],
    applies: Callable[[Move], bool],
    score: Callable[[Move], float],
) -> list[int]:
    """Among the plays ``applies`` picks out, keep the best-scoring; leave the others alone."""
    scores = [score(m) for m in _all_plays(view, legal) if applies(m)]
    if not scores:
        return []
    best = max(scores)
    return _keep(view, legal, lambda m: not applies(m) or score(m) == best)


def _is_take(m: Move) -> bool:
    return m.kind == KIND_TAKE


def _is_trail(m: Move) -> bool:
    return m.kind == KIND_TRAIL


# --- the plays the book takes for granted ----------------------------------------------------


def claim_out(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Counting out: claim the game the moment you have it, and never before."""
    if CLAIM_OUT_ACTION not in legal:
        return []
    rules = view.rules
    side = view.side
    have = view.scores[side] + rules.secured_points(view.piles, view.sweeps, side)
    if have >= view.target:
        return [CLAIM_OUT_ACTION]
    return [a for a in legal if a != CLAIM_OUT_ACTION]


def sweep(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Take everything on the table when you can: a sweep "counts a point"."""
    return _keep(view, legal, lambda m: is_sweep(view, m))


def take_points(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Take in Big Cassino, Little Cassino and the Aces (in Spade Cassino, the spades too)."""
    pts = view.rules.natural_points
    scores = [pts(taken(view, m)) for m in _all_plays(view, legal)]
    if not scores or max(scores) == 0:
        return []
    best = max(scores)
    return _keep(view, legal, lambda m: pts(taken(view, m)) == best)


def keep_your_build(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Do not leave your build to be taken: take builds in while you own one, and never give
    up the last card that wins your build."""
    me = view.player
    mine = [b for b in view.builds if b.owner == me]
    if not mine:
        return []
    takes_build = _keep(
        view, legal, lambda m: m.kind == KIND_TAKE and bool(selected_builds(view, m))
    )
    if takes_build:
        return takes_build
    vm = view.rules.value_masks
    bits = view.rules.value_bits

    def keeps_card(m: Move) -> bool:
        rest = view.hand & ~(1 << m.card)
        return not any(bits[m.card] >> b.value & 1 and not rest & vm[b.value] for b in mine)

    return _keep(view, legal, keeps_card)


def take_before_trail(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Trail only "when a player cannot pair, combine, or build anything"."""
    return _keep(view, legal, lambda m: m.kind != KIND_TRAIL)


# --- the book's suggestions, in its order ----------------------------------------------------


def prefer_spades(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 2: "In making pairs and combinations, give preference to those containing spades,
    and if you have to trail, do not play a spade if you can help it"."""
    spades = SUIT_MASKS[SPADES]
    plays = _all_plays(view, legal)
    takes = [(taken(view, m) & spades).bit_count() for m in plays if m.kind == KIND_TAKE]
    best = max(takes, default=0)
    helpable = any(not (m.kind == KIND_TRAIL and suit_of(m.card) == SPADES) for m in plays)

    def keep(m: Move) -> bool:
        if m.kind == KIND_TAKE:
            return (taken(view, m) & spades).bit_count() == best
        if m.kind == KIND_TRAIL and suit_of(m.card) == SPADES:
            return not helpable
        return True

    return _keep(view, legal, keep)


def fourth_ace(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 3: "If three Aces have been taken in, play the fourth, if you hold it, at the first
    opportunity ... but if there is another Ace to come, keep yours until you can make a good
    build with it"."""
    aces = RANK_MASKS[ACE] & view.rules.pack
    mine = view.hand & aces
    if not mine:
        return []
    taken_in = 0
    for pile in view.piles:
        taken_in |= pile & aces
    if taken_in | mine == aces:
        return _keep(view, legal, lambda m: bool(mine >> m.card & 1))
    if aces & ~view.seen:
        return _keep(view, legal, lambda m: not (m.kind == KIND_TRAIL and mine >> m.card & 1))
    return []


def adversary_trailed(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 4: "As between cards which were on the table and those trailed by an adversary,
    take in those trailed if you have a choice"."""
    trailed = 0
    for q in adversaries(view):
        trailed |= view.trailed[q]
    if not trailed:
        return []
    return _best_of_kind(view, legal, _is_take, lambda m: (m.sel & trailed).bit_count())


def adversary_build(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 5: "Take in the adversary's build in preference to your own, if you can, and build
    on his build at every opportunity"."""
    adv = adversaries(view)
    if not any(b.owner in adv for b in view.builds):
        return []

    def takes_his(m: Move) -> bool:
        return m.kind == KIND_TAKE and any(b.owner in adv for b in selected_builds(view, m))

    def builds_on_his(m: Move) -> bool:
        return m.kind in (KIND_BUILD, KIND_INCREASE) and any(
            b.owner in adv for b in selected_builds(view, m)
        )

    return _keep(view, legal, takes_his) or _keep(view, legal, builds_on_his)


def big_cassino_to_come(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 6: "If Big Cassino is still to come, avoid trailing cards that will make a Ten
    with those on the table"."""
    rules = view.rules
    if not rules.pack >> BIG_CASSINO & 1 or view.seen >> BIG_CASSINO & 1:
        return []
    sums = 0
    for c in range(52):
        if view.loose >> c & 1 and rules.val[c]:
            v = rules.val[c]
            sums = (sums | sums << v | 1 << v) & ((1 << (TEN + 1)) - 1)

    def makes_ten(m: Move) -> bool:
        v = rules.val[m.card]
        return m.kind == KIND_TRAIL and 0 < v < TEN and bool(sums >> (TEN - v) & 1)

    return _keep(view, legal, lambda m: not makes_ten(m))


def go_for_cards(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 7: "Go for 'cards' in preference to everything else, and always make combinations
    that take in as many cards as possible" (holding a Nine, table 2 2 5 7: the 2 2 5)."""
    return _best_of_kind(view, legal, _is_take, lambda m: taken(view, m).bit_count())


def third_court_card(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 8: "It is considered bad policy to take in three court cards, as it stops all
    sweeps when the fourth appears"."""
    rules = view.rules
    if rules.royal:
        return []  # Royal court cards combine, so the last one is no dead card
    piles = 0
    for pile in view.piles:
        piles |= pile
    in_pack = rules.suits

    def bad(m: Move) -> bool:
        got = taken(view, m)
        for r in (10, 11, 12):  # J Q K
            before = (piles & RANK_MASKS[r]).bit_count()
            after = before + (got & RANK_MASKS[r]).bit_count()
            if after > before and after == in_pack - 1:
                return True
        return False

    return _keep(view, legal, lambda m: not bad(m))


def trail_small(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 9: "In trailing it is usually the best policy to play the smaller cards, except
    Aces and Little Cassino"."""

    def smallness(m: Move) -> float:
        c = m.card
        if rank_of(c) == ACE or c == LITTLE_CASSINO:
            return -100.0
        return -float(rank_of(c))

    return _best_of_kind(view, legal, _is_trail, smallness)


def dealer_keeps_court(view: CassinoView, legal: Sequence[int]) -> list[int]:
    """Hint 10: "The last trick is usually made by the dealer, who always keeps back a court
    card if he has one, to pair one already on the table"."""
    if view.dealer != view.player or view.stock or view.hand.bit_count() < 2:
        return []
    keep_back = 0
    for c in range(52):
        if view.hand >> c & 1 and rank_of(c) >= 10 and view.loose & RANK_MASKS[rank_of(c)]:
            keep_back |= 1 << c
    if not keep_back:
        return []
    return _keep(view, legal, lambda m: not keep_back >> m.card & 1)


HINTS = register_hints(
    "cassino",
    (
        Hint(
            "cassino.claim-out",
            f"{BOOK}, Twenty-one Point Cassino (counting out)",
            "The moment he reaches 21 he should claim the game.",
            claim_out,
        ),
        Hint(
            "cassino.sweep",
            f"{BOOK}, Sweeping",
            "If at any time a player is able to win everything on the table, it is a sweep.",
            sweep,
        ),
        Hint(
            "cassino.take-points",
            f"{BOOK}, Showing (the points: Cassinos and Aces)",
            "Take in Big Cassino, Little Cassino and the Aces.",
            take_points,
        ),
        Hint(
            "cassino.keep-your-build",
            f"{BOOK}, Taking In",
            "A player who has made a build is obliged to win it: do not leave it to be taken.",
            keep_your_build,
        ),
        Hint(
            "cassino.take-before-trail",
            f"{BOOK}, Trailing",
            "When a player cannot pair, combine, or build anything, he must play a card.",
            take_before_trail,
        ),
        Hint(
            "cassino.prefer-spades",
            f"{HINTS_SOURCE} (hint 2)",
            "Give preference to pairs and combinations containing spades; do not trail a spade.",
            prefer_spades,
        ),
        Hint(
            "cassino.fourth-ace",
            f"{HINTS_SOURCE} (hint 3)",
            "If three Aces have been taken in, play the fourth at the first opportunity.",
            fourth_ace,
        ),
        Hint(
            "cassino.adversary-trailed",
            f"{HINTS_SOURCE} (hint 4)",
            "Take in the cards trailed by an adversary rather than those on the table.",
            adversary_trailed,
        ),
        Hint(
            "cassino.adversary-build",
            f"{HINTS_SOURCE} (hint 5)",
            "Take in the adversary's build in preference to your own, and build on his build.",
            adversary_build,
        ),
        Hint(
            "cassino.big-cassino-to-come",
            f"{HINTS_SOURCE} (hint 6)",
            "If Big Cassino is still to come, avoid trailing cards that will make a Ten.",
            big_cassino_to_come,
        ),
        Hint(
            "cassino.go-for-cards",
            f"{HINTS_SOURCE} (hint 7)",
            "Go for cards: make the combinations that take in as many cards as possible.",
            go_for_cards,
        ),
        Hint(
            "cassino.third-court-card",
            f"{HINTS_SOURCE} (hint 8)",
            "It is bad policy to take in three court cards: it stops sweeps when the fourth appears.",
            third_court_card,
        ),
        Hint(
            "cassino.trail-small",
            f"{BOOK}, Trailing (hint 9)",
            "In trailing, play the smaller cards, except Aces and Little Cassino.",
            trail_small,
        ),
        Hint(
            "cassino.dealer-keeps-court",
            f"{BOOK}, Last Cards (hint 10)",
            "The dealer keeps back a court card, if he has one, to pair one on the table.",
            dealer_keeps_court,
        ),
    ),
)

__all__ = ["HINTS", "all_plays_by_action", "is_sweep", "plays_by_action", "taken"]
