"""The determinizer: re-deal what a player cannot see.

``state.resample_from_infostate(player, sampler)`` (OpenSpiel's own name, so its Python ISMCTS
finds it) returns a new state that ``player`` cannot tell apart from ``state``: the same
information state, reached by a history in which every action is legal, with the hidden cards
drawn uniformly from the worlds consistent with what the player saw. All randomness comes from
``sampler`` (``pyspiel.UniformProbabilitySampler(seed, 0., 1.)``), so a seeded sampler gives a
reproducible re-deal.

A game declares what is hidden (:class:`DeclaresHidden`): where each card the player has not
located is now, and which cards each holder is known not to hold (a seat that showed out of a
suit). The core draws the cards afresh (:func:`deal_hidden`: uniform among the assignments
that respect the masks) and rewrites the history through the game's event log
(:func:`redeal_unseen`). Two optional declarations cover what masks cannot say:

- :class:`OrdersUnseen`: groups of history positions whose cards the player knows at most as a
  set (the order in which another seat was dealt his cards, including those he has since
  played); the core puts each group in a uniform order.
- :class:`AdmitsWorlds`: a test of the whole re-dealt history (a card the history says a seat
  must hold; actions the rules make in card order); the core draws again until it passes,
  which keeps the draw uniform among the worlds that do.

A game with no hidden cards needs none of this: its history is returned unchanged. A game whose
knowledge of the hidden cards is not a mask per holder (Lift Smoke: a void binds only the cards
held at that moment) gives its own ``resample_history`` (:class:`ResamplesHistory`), built on
:func:`deal_hidden`.
"""

from __future__ import annotations

import math
from collections.abc import Container, Hashable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from hoyle.envs.core.capabilities import ResamplesHistory
from hoyle.envs.core.events import Event, card_positions, relabel_history
from hoyle.envs.core.rules import ProbabilitySampler


def draw_without_replacement(pool: Sequence[int], k: int, sampler: ProbabilitySampler) -> list[int]:
    """``k`` items drawn uniformly without replacement from ``pool``, in draw order.

    >>> draw_without_replacement([5, 6, 7], 3, iter([0.0, 0.0, 0.0]).__next__)
    [5, 6, 7]
    >>> draw_without_replacement([5, 6, 7], 1, iter([0.99]).__next__)
    [7]
    """
    items = list(pool)
    n = len(items)
    if k > n:
        raise ValueError(f"cannot draw {k} cards from a pool of {n}")
    for i in range(k):
        j = i + min(int(sampler() * (n - i)), n - i - 1)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def deal_hidden(
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Any, int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """One card of ``pool`` for each slot, uniformly among the deals that respect ``forbidden``.

    Slot ``i`` is held by ``holders[i]`` (a seat, or any label: ``"widow"``); ``forbidden`` maps
    a holder to the mask of cards the table knows it cannot hold (a seat that did not follow
    suit holds none of the suit led). Pool cards left over stay undealt and are unconstrained.
    Every assignment of cards to slots that respects the masks is equally likely, including
    the order of a holder's slots, so the result can replace lazily dealt chance actions.

    Method: a few plain draws, rejected if they break a mask (exact, and almost always enough:
    early in a deal nothing is forbidden); failing that, an exact draw by counting. Cards that
    the same holders may take form a class; the completions left after giving ``k_h`` cards of
    a class to each holder ``h`` are counted by recursion over the classes, and each class's
    split is drawn in proportion to (ways to choose its cards) x (completions of the rest).

    >>> deal_hidden([0, 0, 1], [10, 11, 20], {1: 1 << 20}, iter([0.5] * 20).__next__)[2] != 20
    True
    >>> deal_hidden([0], [10], {0: 1 << 10}, iter([0.5] * 20).__next__)
    Traceback (most recent call last):
    ...
    ValueError: no deal of 1 slots from 1 cards respects the known voids
    """
    n = len(holders)
    # Card order, whatever order the caller gathered the pool in: a pool listed as the true
    # deal lists it would make the same sampler draw different worlds for two states the
    # player cannot tell apart (the determinizer must be a function of what he saw).
    pool = sorted(pool)
    for _ in range(_TRIES):
        cards = draw_without_replacement(pool, n, sampler)
        if all(not (forbidden.get(h, 0) >> c) & 1 for h, c in zip(holders, cards, strict=True)):
            return cards
    return _counted_deal(holders, pool, forbidden, sampler)


_TRIES = 8
"""Plain draws :func:`deal_hidden` tries before it counts."""


def _counted_deal(
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Any, int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """The exact uniform draw of :func:`deal_hidden` by counting completions."""
    names = list(dict.fromkeys(holders))
    undealt = len(pool) - len(holders)
    if undealt < 0:
        raise ValueError(f"cannot deal {len(holders)} slots from {len(pool)} cards")
    capacity = tuple([sum(1 for h in holders if h == name) for name in names] + [undealt])
    masks = [forbidden.get(name, 0) for name in names] + [0]
    classes: dict[tuple[int, ...], list[int]] = {}
    for c in pool:
        allowed = tuple(i for i, m in enumerate(masks) if not (m >> c) & 1)
        classes.setdefault(allowed, []).append(c)
    groups = list(classes.items())
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(allowed: tuple[int, ...], m: int, cap: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to give ``m`` cards to the ``allowed`` holders within ``cap``."""
        return compositions(m, [cap[i] for i in allowed])

    def rest(
        cap: tuple[int, ...], allowed: tuple[int, ...], take: tuple[int, ...]
    ) -> tuple[int, ...]:
        left = list(cap)
        for i, k in zip(allowed, take, strict=True):
            left[i] -= k
        return tuple(left)

    def ways(g: int, cap: tuple[int, ...]) -> int:
        """Deals of classes ``g..`` into the remaining capacities ``cap``."""
        if g == len(groups):
            return 1 if not any(cap) else 0
        key = (g, cap)
        if key not in memo:
            allowed, cards = groups[g]
            memo[key] = sum(
                _multinomial(len(cards), take) * ways(g + 1, rest(cap, allowed, take))
                for take in splits(allowed, len(cards), cap)
            )
        return memo[key]

    cap = capacity
    if ways(0, cap) == 0:
        raise ValueError(
            f"no deal of {len(holders)} slots from {len(pool)} cards respects the known voids"
        )
    given: list[list[int]] = [[] for _ in capacity]
    for g, (allowed, cards) in enumerate(groups):
        options = [
            (take, _multinomial(len(cards), take) * ways(g + 1, rest(cap, allowed, take)))
            for take in splits(allowed, len(cards), cap)
        ]
        take = options[pick_weighted([w for _, w in options], sampler)][0]
        shuffled = draw_without_replacement(cards, len(cards), sampler)
        start = 0
        for i, k in zip(allowed, take, strict=True):
            given[i].extend(shuffled[start : start + k])
            start += k
        cap = rest(cap, allowed, take)
    # Each holder's cards in a uniform order, handed to its slots in turn.
    queues = {
        name: draw_without_replacement(given[i], len(given[i]), sampler)
        for i, name in enumerate(names)
    }
    return [queues[h].pop() for h in holders]


def compositions(m: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to split ``m`` into parts, one per cap, each part at most its cap.

    >>> compositions(2, [1, 2])
    [(0, 2), (1, 1)]
    """
    out: list[tuple[int, ...]] = []
    take: list[int] = []

    def walk(j: int, left: int) -> None:
        if j == len(caps):
            if left == 0:
                out.append(tuple(take))
            return
        for k in range(min(left, caps[j]) + 1):
            take.append(k)
            walk(j + 1, left - k)
            take.pop()

    walk(0, m)
    return out


def pick_weighted(weights: Sequence[int], sampler: ProbabilitySampler) -> int:
    """An index drawn in proportion to the (integer) ``weights``: exact, unlike a float sum.

    >>> pick_weighted([1, 0, 3], iter([0.5]).__next__)
    2
    """
    total = sum(weights)
    x = min(int(sampler() * total), total - 1)
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1


def _multinomial(m: int, take: Sequence[int]) -> int:
    """Ways to split ``m`` distinct cards into groups of the sizes ``take``."""
    out = math.factorial(m)
    for k in take:
        out //= math.factorial(k)
    return out


@runtime_checkable
class DeclaresHidden(Protocol):
    """Rules whose determinizer is the core's (:func:`redeal_unseen`): the game says where the
    cards a player has not located are now and what the table knows about them; the core draws
    the world and rewrites the history through the event log (``s.log``)."""

    def hidden_cards(self, s: Any, player: int) -> Mapping[int, Hashable]:
        """Every card whose place ``player`` does not know, with its holder now (a seat, or a
        place: ``"widow"``, ``"discards"``, ``"undealt"``). A card he saw and then lost track
        of (taken into a hand, then maybe discarded) is not in it: it stays where it is."""

    def forbidden_cards(self, s: Any, player: int) -> Mapping[Hashable, int]:
        """For each holder, the mask of cards the table knows it does not hold (a seat that
        showed out of a suit; a card asked for that nobody gave up)."""


@runtime_checkable
class OrdersUnseen(Protocol):
    """Rules whose player knows some dealt cards only as a set (:func:`redeal_unseen`)."""

    def unseen_orders(self, s: Any, player: int) -> Sequence[Sequence[int]]:
        """Groups of history positions whose cards ``player`` knows at most as a set, never
        in their order: each other seat's face-down deal positions, those whose cards he has
        since shown included (he saw the card played, not where it was dealt)."""


@runtime_checkable
class AdmitsWorlds(Protocol):
    """Rules with a test of a re-dealt history that masks cannot express (:func:`redeal_unseen`)."""

    def admit_world(self, s: Any, player: int, history: list[int]) -> list[int] | None:
        """``history`` (a re-deal for ``player``), put in the rules' own order where they make
        moves in card order (it may be changed in place), or ``None`` when the rules could not
        have produced it (a seat that must hold a card of some value does not)."""


def deal_orders(
    log: Sequence[Event], player: int, kinds: Container[int], merge: Mapping[int, int] | None = None
) -> list[list[int]]:
    """Groups for :meth:`OrdersUnseen.unseen_orders`: for each actor, the history positions of
    his events of ``kinds`` whose value ``player`` did not see (the cards dealt to another seat
    face down). ``merge`` files one actor's events under another's (the widow's under the
    bidder who took it up: which of his cards came from it is hidden too)."""
    groups: dict[int, list[int]] = {}
    for kind, actor, _, seen, at in log:
        if kind in kinds and at >= 0 and not seen >> player & 1:
            to = merge.get(actor, actor) if merge else actor
            groups.setdefault(to, []).append(at)
    return [g for g in groups.values() if len(g) > 1]


MAX_REDRAWS = 500
"""Draws :func:`redeal_unseen` makes before it keeps the true world (``AdmitsWorlds``)."""


def redeal_unseen(
    rules: DeclaresHidden, s: Any, history: Sequence[int], player: int, sampler: ProbabilitySampler
) -> list[int]:
    """A history ``player`` cannot tell from ``history``, drawn uniformly among those that are.

    The cards he has not located are given to their holders afresh, uniformly among the
    assignments that respect what the table knows (:func:`deal_hidden`), and every history
    position the log names for a card is relabelled
    (:func:`hoyle.envs.core.events.relabel_history`). The hidden cards keep their places in the
    story (a card dealt to seat 2 and discarded by him unseen is still a card dealt to seat 2
    and discarded): only which card each one is changes. The slots go by holder, then by where
    each card first appears in the history: how many cards each holder has is known to the
    player, so the same sampler puts the same cards in the same places for two states he
    cannot tell apart.

    Then :meth:`AdmitsWorlds.admit_world` may reject the world (drawn again; rejection keeps
    the draw uniform among the admitted worlds) or put it in the rules' order (uniform too:
    every admitted world has as many draws that lead to it); it sees the relabelled history,
    each hidden card's relabel at that card's positions. Last, each group of
    :meth:`OrdersUnseen.unseen_orders` is put in a uniform order (independent of the rest). After :data:`MAX_REDRAWS` rejections the
    true history is kept: a world the player cannot tell from his own, if not a fresh one.
    """
    holders = rules.hidden_cards(s, player)
    groups = rules.unseen_orders(s, player) if isinstance(rules, OrdersUnseen) else ()
    groups = [g for g in groups if len(g) > 1]
    if not holders and not groups:
        return list(history)
    admit = rules.admit_world if isinstance(rules, AdmitsWorlds) else None
    first: dict[int, int] = {}
    for at, c in sorted(card_positions(s.log).items()):
        first.setdefault(c, at)
    never = len(history)
    slots = sorted(holders, key=lambda c: (str(holders[c]), first.get(c, never), c))
    targets = [holders[c] for c in slots]
    forbidden = rules.forbidden_cards(s, player)
    for _ in range(MAX_REDRAWS):
        drawn = deal_hidden(targets, slots, forbidden, sampler)
        new = relabel_history(history, s.log, dict(zip(slots, drawn, strict=True)))
        kept = new if admit is None else admit(s, player, new)
        if kept is not None:
            return shuffle_within(kept, groups, sampler) if groups else kept
    return list(history)


def shuffle_within(
    history: Sequence[int], groups: Sequence[Sequence[int]], sampler: ProbabilitySampler
) -> list[int]:
    """``history`` with the cards at each group's positions in a uniformly drawn order.

    The cards are taken in card order before they are drawn, so the result depends only on
    which cards a group holds, never on the order the true history had them in.
    """
    new = list(history)
    for g in groups:
        for k, c in zip(g, draw_without_replacement(sorted(new[k] for k in g), len(g), sampler),
                        strict=True):  # fmt: skip
            new[k] = c
    return new


def resampled_history(state: Any, player: int, sampler: ProbabilitySampler) -> list[int]:
    """The history of a world ``player`` cannot tell from ``state`` (the game's re-deal).

    Search agents replay it on a bare rules state, skipping the adapter's legality checks;
    :func:`resample` replays it with them.
    """
    rules = state.rules
    history = state.history()
    if isinstance(rules, ResamplesHistory):
        return rules.resample_history(state.s, player, history, sampler)
    if isinstance(rules, DeclaresHidden):
        return redeal_unseen(rules, state.s, history, player, sampler)
    return list(history)  # Nothing is hidden: the only world is this one.


def resample(state: Any, player: int, sampler: ProbabilitySampler) -> Any:
    """A state ``player`` cannot tell from ``state``, its hidden cards re-dealt by ``sampler``."""
    return state.get_game().state_from_history(resampled_history(state, player, sampler))
