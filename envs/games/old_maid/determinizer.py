"""The determinizer of Old Maid: a whole history drawn forward, exact by rejection where that
succeeds, and otherwise built: consistent always, then not uniform.

What a player knows of the other hands is not a mask per holder. A draw between two other
players moves a card he cannot see, and the table sees only whether it made a pair (the hand
sizes change by one or by two), so what the others hold now depends on every card's whole
story: dealt where, drawn by whom, laid down when. No relabelling of the cards along the true
history's stories (:func:`hoyle.envs.core.determinize.redeal_unseen`) reaches the worlds whose
stories differ, so the game draws the whole history itself (:class:`hoyle.envs.core.
determinize.DrawsWorlds`). What it reads of the true history is only what the player saw: the
cards dealt to him, the cards he drew and those drawn from him, and the public record (the
positions chosen, the pairs laid by each seat, who dropped out). The world returned is a
function of that and of the sampler alone; the true history's hidden cards are never read.

1. *Rejection (exact)*: the cards dealt to the others are dealt afresh, uniformly; a deal whose
   hands lay down other numbers of pairs than the table saw is refused at once; otherwise the
   history is replayed from the start on a fresh state, each draw between two others drawn
   uniformly from the fan it came from in this world, each card the player saw kept, and the
   replay refused as soon as the player's cut of the new events differs from his cut of the
   true log. Every chance outcome of the game is uniform over a set whose size is public (the
   cards still to deal, the size of the fan), so every history he cannot tell from his own has
   the same probability, and so has its every proposal: the draws accepted are uniform among
   those histories, the posterior. :data:`MAX_TRIES` tries are made.
2. *A searched world (consistent, not uniform)*: from four hands on, a uniform deal rarely
   lays down exactly the pairs the table saw and a replay rarely matches every pair made or
   not made in a long deal, so rejection usually fails. Then :func:`.construct.built_world`
   finds a world by a complete, randomized backtracking search over the ranks of the draws he
   did not see and the deal (its docstring): it always finds one (the true history proves one
   exists), as a function of his information and the sampler alone, never the true history.
   **That draw is not uniform** over the worlds the player cannot tell apart: its choices are
   tried in a random order, not weighted by their completions.

The tiny configuration's whole tree (three hands, where rejection succeeds) holds the draws to
exactness (``test_the_determinizer_is_exact_on_a_small_tree``); the no-leak property (two
states one player cannot tell apart give the same world for the same sampler) is tested at
four and eight hands late in a deal, on the searched path; the search is held to finding a
consistent world at every fifth draw of seeded deals of three to six hands
(``test_the_search_always_finds_a_world``).

**Time.** Measured on this machine (one core, the full pack, every third decision of seeded
random deals): 0.05 s a world on average at four and five hands, 0.1-0.3 s at six and seven,
the slowest single worlds 1-10 s; late in long deals of seven and eight hands the search's
tail is heavy (the same test at seven and eight hands, two deals each: 88 s and 429 s), so the
generic suites rebuild worlds on a shorter pack (the game's ``replay_config``). A search
agent at Old Maid has nothing to gain anyway (package docstring: no position policy beats
another).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import cards_of, iter_cards
from hoyle.envs.core.draw import draw_without_replacement
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.old_maid.construct import built_world
from hoyle.envs.games.old_maid.view import DRAW, EV_LAY, EV_OUT, NUM_CARDS

if TYPE_CHECKING:
    from hoyle.envs.games.old_maid.rules import OldMaidRules, OldMaidState

MAX_TRIES = 60
"""Rejection tries :func:`draw_world` makes (a uniform deal checked against the pairs the table
saw, then, if it passes, a replay) before it builds a world instead (:mod:`.construct`)."""


def hidden_cards(rules: OldMaidRules, s: OldMaidState, player: int) -> dict[int, Hashable]:
    """Every card in another seat's hand under that seat; every pair laid down by another seat
    under ``"pairs q"`` (face down, assumption 2); in the deal, the cards to come."""
    out: dict[int, Hashable] = {}
    for q, (hand, laid) in enumerate(zip(s.hands, s.laid, strict=True)):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand), q))
            out.update(dict.fromkeys(iter_cards(laid), f"pairs {q}"))
    out.update(dict.fromkeys(iter_cards(rules.pack_mask & ~s.dealt), "undealt"))
    return out


def forbidden_cards(rules: OldMaidRules, s: OldMaidState, player: int) -> dict[Hashable, int]:
    """No mask says what the table knows here (the module docstring): the world is drawn whole
    by :func:`draw_world`, never by the core's relabelling."""
    del s
    return {q: 0 for q in range(rules.num_players) if q != player}


def draw_world(
    rules: OldMaidRules,
    s: OldMaidState,
    player: int,
    history: Sequence[int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """A history ``player`` cannot tell from ``history``: uniform among those where rejection
    succeeds, else weighed among constructed ones (the module docstring). It reads only what
    ``player`` saw of ``history``, so it is a function of his information state and
    ``sampler``."""
    bit = 1 << player
    seen = {at: v for _, _, v, sn, at in s.log if at >= 0 and sn & bit}
    target = rules.event_schema.view(s.log, player)
    dealt = min(len(history), rules.pack_size)
    # The public record: the positions chosen (actions from NUM_CARDS on, the card ids below
    # it); every chance outcome is read from ``seen`` or drawn, never from ``history``.
    record = [a if a >= NUM_CARDS else None for a in history]
    pairs = _pairs_seen(rules, target) if dealt == rules.pack_size else None
    for _ in range(MAX_TRIES):
        deal = _uniform_deal(rules, dealt, seen, sampler)
        if pairs is not None and _pairs(rules, deal) != pairs:
            continue
        new = _replay(rules, deal, record, player, seen, target, sampler)
        if new is not None:
            return new
    assert pairs is not None  # Mid-deal every deal is consistent: rejection cannot fail.
    return built_world(rules, record, player, seen, target, pairs, sampler)


def _pairs(rules: OldMaidRules, deal: Sequence[int]) -> tuple[int, ...]:
    """How many pairs each seat lays down from the complete ``deal``."""
    n = rules.num_players
    hands = [0] * n
    for k, c in enumerate(deal):
        hands[k % n] |= 1 << c  # one at a time from seat 0, the eldest (the dealer is n - 1)
    return tuple(sum((h & m).bit_count() // 2 for m in rules.rank_masks) for h in hands)


def _pairs_seen(rules: OldMaidRules, target: Sequence[ViewEvent]) -> tuple[int, ...]:
    """How many pairs each seat laid down after the deal, from the player's log: the pairs
    laid before the first draw's events (the deal's events come first, then its pairs)."""
    count = [0] * rules.num_players
    for kind, actor, _ in target[rules.pack_size :]:
        if kind == EV_LAY:
            count[actor] += 1
        elif kind != EV_OUT:
            break
    return tuple(count)


def _uniform_deal(
    rules: OldMaidRules, dealt: int, seen: dict[int, int], sampler: ProbabilitySampler
) -> list[int]:
    """The first ``dealt`` cards of a uniform deal that gives ``player`` the cards he saw."""
    hidden = [k for k in range(dealt) if k not in seen]
    mine = sum(1 << seen[k] for k in range(dealt) if k in seen)
    new = [seen.get(k, -1) for k in range(dealt)]
    for k, c in zip(hidden, draw_without_replacement(cards_of(rules.pack_mask & ~mine),
                                                     len(hidden), sampler), strict=True):  # fmt: skip
        new[k] = c
    return new


def _replay(
    rules: OldMaidRules,
    deal: Sequence[int],
    record: Sequence[int | None],
    player: int,
    seen: dict[int, int],
    target: tuple[ViewEvent, ...],
    sampler: ProbabilitySampler,
) -> list[int] | None:
    """The history of ``deal`` and the public ``record`` replayed, each draw the player did not
    see drawn afresh from its fan, or ``None`` where he would have seen something else (one
    rejection try, module docstring 1)."""
    schema = rules.event_schema
    w = rules.new_state()
    new: list[int] = []
    done = 0
    for i in range(len(record)):
        a = deal[i] if i < len(deal) else record[i]
        if w.phase == DRAW:
            if i in seen:
                a = seen[i]
                if not w.hands[w.giver] >> a & 1:
                    return None
            else:
                choices = cards_of(w.hands[w.giver])
                a = choices[min(int(sampler() * len(choices)), len(choices) - 1)]
        if a is None:  # a decision here, a chance node in the player's world: not his
            return None
        rules.apply_action(w, a)
        new.append(a)
        if len(w.log) > done:
            if schema.view(w.log[done:], player) != target[done : len(w.log)]:
                return None
            done = len(w.log)
    return new if done == len(target) else None
