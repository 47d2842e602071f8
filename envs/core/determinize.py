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
- :class:`DrawsHidden`: the game's own exact draw of the hidden cards, where what the table
  knows is more than masks and rejection would seldom pass (the asks of Authors).
- :class:`LosesTrack`: cards the player located once and then lost among a holder's cards (a
  card handed over in view, then maybe discarded face down; a card seen played, which may be
  the one received face down in an exchange); the core draws where each one is now and keeps
  the part of its story that the player saw.

A game with no hidden cards needs none of this: its history is returned unchanged. A game whose
hands change in play, so that a void binds only the cards held at that moment (Lift Smoke),
declares each seat's timeline instead (:mod:`hoyle.envs.core.timed`). The uniform draws
themselves are :mod:`hoyle.envs.core.draw`'s.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from hoyle.envs.core.capabilities import declares
from hoyle.envs.core.draw import deal_hidden, draw_without_replacement
from hoyle.envs.core.events import Event, card_positions, relabel_history
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.core.timed import DeclaresTimeline, redeal_timed


@runtime_checkable
class DeclaresHidden(Protocol):
    """Rules whose determinizer is the core's (:func:`redeal_unseen`): the game says where the
    cards a player has not located are now and what the table knows about them; the core draws
    the world and rewrites the history through the event log (``s.log``)."""

    def hidden_cards(self, s: Any, player: int) -> Mapping[int, Hashable]:
        """Every card whose place ``player`` does not know, with its holder now (a seat, or a
        place: ``"widow"``, ``"discards"``, ``"undealt"``). A card he saw and then lost track
        of (taken into a hand, then maybe discarded) is in it only if the game declares it
        lost (:class:`LosesTrack`); otherwise it stays where it is."""

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


@runtime_checkable
class DrawsWorlds(Protocol):
    """Rules that draw a whole history themselves, where no relabelling of the true history's
    cards reaches every world (Old Maid: a card drawn between two other players changes what
    each hand may hold, and the table sees only whether it made a pair). Checked first by
    :func:`resampled_history`."""

    def draw_world(
        self, s: Any, player: int, history: list[int], sampler: ProbabilitySampler
    ) -> list[int]:
        """A history ``player`` cannot tell from ``history`` (a function of his information
        state and ``sampler`` alone; the game's docstring says how it is drawn)."""


@runtime_checkable
class DrawsHidden(Protocol):
    """Rules that draw the hidden cards themselves (:func:`redeal_unseen`), where the worlds
    are constrained beyond masks in a way the game can count exactly (Authors: an asker holds
    a card of the denomination he asks for), so that rejection alone would seldom pass."""

    def draw_hidden(
        self,
        s: Any,
        player: int,
        holders: Sequence[Hashable],
        pool: Sequence[int],
        forbidden: Mapping[Hashable, int],
        sampler: ProbabilitySampler,
    ) -> list[int]:
        """One card of ``pool`` for each slot (held by ``holders[i]``), as
        :func:`~hoyle.envs.core.draw.deal_hidden` draws it but uniformly among the deals the
        game admits; a function of ``player``'s information state and the sampler only."""


class Lost(NamedTuple):
    """How a card the player once located was lost (:class:`LosesTrack`): it joined a holder's
    cards at history index ``joined`` (his hand from then on mixes it with cards he cannot
    tell it from), and the player saw its story before that index (``seen_before``: dealt to
    a seat and handed over in view, then maybe discarded unseen) or from it on (not: a card
    seen played, which may have come to its holder in the deal or in a face-down exchange)."""

    joined: int
    seen_before: bool


@runtime_checkable
class LosesTrack(Protocol):
    """Rules whose player loses track of cards he once located (:func:`redeal_unseen`)."""

    def lost_cards(self, s: Any, player: int) -> Mapping[int, Lost]:
        """The cards ``player`` saw and then lost among a holder's cards, each also in
        :meth:`DeclaresHidden.hidden_cards` with where it is now. ``forbidden_cards`` keeps
        each one among the places it may be; each place it may be declares the same masks for
        the side of the story the player saw (the cards it stands in for take that side)."""


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
    :meth:`OrdersUnseen.unseen_orders` is put in a uniform order (independent of the rest).
    After :data:`MAX_REDRAWS` rejections the true history is kept: a world the player cannot
    tell from his own, if not a fresh one.

    A lost card (:class:`LosesTrack`) is drawn with the hidden cards, among the places it may
    be now; the side of its story the player saw stays as it was (:func:`keep_seen_sides`).
    """
    holders = rules.hidden_cards(s, player)
    groups = (
        cast(OrdersUnseen, rules).unseen_orders(s, player) if declares(rules, OrdersUnseen) else ()
    )
    groups = [g for g in groups if len(g) > 1]
    if not holders and not groups:
        return list(history)
    admit = cast(AdmitsWorlds, rules).admit_world if declares(rules, AdmitsWorlds) else None
    first: dict[int, int] = {}
    for at, c in sorted(card_positions(s.log).items()):
        first.setdefault(c, at)
    never = len(history)
    slots = sorted(holders, key=lambda c: (str(holders[c]), first.get(c, never), c))
    targets = [holders[c] for c in slots]
    forbidden = rules.forbidden_cards(s, player)
    lost = cast(LosesTrack, rules).lost_cards(s, player) if declares(rules, LosesTrack) else {}
    draw = cast(DrawsHidden, rules).draw_hidden if declares(rules, DrawsHidden) else None
    for _ in range(MAX_REDRAWS):
        if draw is None:
            drawn = deal_hidden(targets, slots, forbidden, sampler)
        else:
            drawn = draw(s, player, targets, slots, forbidden, sampler)
        new = relabel_history(history, s.log, dict(zip(slots, drawn, strict=True)))
        if lost:
            keep_seen_sides(new, history, s.log, slots, drawn, lost)
        kept = new if admit is None else admit(s, player, new)
        if kept is not None:
            return shuffle_within(kept, groups, sampler) if groups else kept
    return list(history)


def keep_seen_sides(
    new: list[int],
    history: Sequence[int],
    log: Sequence[Event],
    slots: Sequence[int],
    drawn: Sequence[int],
    lost: Mapping[int, Lost],
) -> list[int]:
    """``new`` (``history`` relabelled slot by slot to ``drawn``), changed in place so that
    each lost card keeps the side of its story the player saw.

    A slot is a card's story: its positions before it joined the holder's cards, and after.
    The relabel moved every story whole; for the lost cards of one :class:`Lost` (one holder's
    cards, one side seen) the seen side goes back: each lost card keeps its own seen side, and
    a slot of another card that drew a lost card takes, on that side, one of the other cards
    the lost cards' slots drew (in slot order). So a lost card drawn into another card's slot
    has that slot's unseen side (discarded instead of it, or dealt where it was), and the card
    drawn into the lost card's slot has the lost card's unseen side and the other slot's seen
    one. Every card still has one story, and each drawn placement gives one history.
    """
    groups: dict[Lost, set[int]] = {}
    for c, how in lost.items():
        groups.setdefault(how, set()).add(c)
    positions = card_positions(log)
    for (joined, seen_before), cards in groups.items():
        own = [i for i, c in enumerate(slots) if c in cards]
        takers = [i for i, c in enumerate(drawn) if c in cards and slots[i] not in cards]
        stand_ins = [drawn[i] for i in own if drawn[i] not in cards]
        seen_side = {slots[i]: slots[i] for i in own}
        seen_side.update({slots[i]: z for i, z in zip(takers, stand_ins, strict=True)})
        for at, c in positions.items():
            to = seen_side.get(c)
            if to is not None and (at < joined) == seen_before:
                new[at] = history[at] - c + to
    return new


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


def sort_within(history: list[int], positions: Sequence[int]) -> list[int]:
    """``history``, changed in place, with the cards at ``positions`` in rising order: for
    :meth:`AdmitsWorlds.admit_world` where the rules make moves in card order (discards),
    since the re-deal relabels each hidden card on its own."""
    for at, c in zip(positions, sorted(history[at] for at in positions), strict=True):
        history[at] = c
    return history


def resampled_history(state: Any, player: int, sampler: ProbabilitySampler) -> list[int]:
    """The history of a world ``player`` cannot tell from ``state`` (the game's re-deal).

    The game's own draw where it declares one (:class:`DrawsWorlds`), the timed re-deal
    where it declares a timeline (:mod:`hoyle.envs.core.timed`), else
    :func:`redeal_unseen`; a game with nothing hidden keeps its history. Search agents replay
    it on a bare rules state, skipping the adapter's legality checks; :func:`resample` replays
    it with them.
    """
    rules = state.rules
    history = state.history()
    if declares(rules, DrawsWorlds):
        return list(rules.draw_world(state.s, player, history, sampler))
    if declares(rules, DeclaresTimeline):
        tl = rules.timeline(state.s, player)
        if tl is None:
            return list(history)
        new = redeal_timed(tl, history, player, sampler)
        if new is not None:
            return new
    if declares(rules, DeclaresHidden):
        return redeal_unseen(rules, state.s, history, player, sampler)
    return list(history)  # Nothing is hidden: the only world is this one.


def resample(state: Any, player: int, sampler: ProbabilitySampler) -> Any:
    """A state ``player`` cannot tell from ``state``, its hidden cards re-dealt by ``sampler``."""
    return state.get_game().state_from_history(resampled_history(state, player, sampler))
