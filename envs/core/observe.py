"""The observer shared by every game, and helpers to write views into tensors.

An observer never reads the true state: it asks the rules for ``player_view(state, player)``, in
which hidden cards are absent, and encodes that. So nothing a player could not see at the table
can reach a tensor or a string, whatever the game's encoder does. The one exception is speed: a
game may also write the player's own view's tensor straight from its state as bits
(:mod:`hoyle.envs.core.bits`), and the conformance suite holds that tensor equal to the
view's encoding on every sampled state and player, so it shows no more than the view. The tensor is one float32
buffer cut into named pieces (``rules.tensor_pieces``); each game's docstring tables them.

``perfect_recall=True`` gives the information state (the view plus every event the player saw,
in order); ``False`` gives the observation (the current view, with public card tracking).

Every entry of every tensor lies in [0, 1]: counts are one-hot or divided by their bound. The
wrappers declare ``Box(0, 1)`` for every game, networks get normalized inputs, and the
conformance suite checks it.

The kinds of observation (``pyspiel.IIGObservationType``)
---------------------------------------------------------
OpenSpiel asks for an observation by three fields: ``private_info`` (whose private information:
``SINGLE_PLAYER`` the observer's, ``NONE`` nobody's, ``ALL_PLAYERS`` everybody's),
``public_info`` (with or without what everyone sees) and ``perfect_recall``. Every kind is cut
from the same player views by one rule, so no game writes an encoder per kind. A game sorts the
pieces of its observation into two:

- **private** pieces hold what only the observer knows: his hand, and whatever else a game
  names in its rules' ``private_pieces`` (:class:`DeclaresPrivatePieces`; by default
  ``("hand",)``). A game of perfect information has none.
- **public** pieces, the rest: what everyone at the table sees, such as the cards played, the
  calls, the scores, the hand sizes. Their value for a given seat must follow from the public
  information alone; the conformance suite checks it (re-dealing what another player cannot
  see leaves them unchanged).

With perfect recall, the pieces the information state adds (the event log) hold both: the
events everyone saw and the cards only the observer saw. A game that keeps the core's event log
(:class:`~hoyle.envs.core.capabilities.KeepsEventLog`, :mod:`hoyle.envs.core.events`) knows who
saw each value, so its log piece is cut afresh for each kind: the **public** log (every event,
the values everyone saw) where public pieces go, the log of **every value someone saw** for
``ALL_PLAYERS`` with public information, and each seat's **private** events (the values he saw
and not everyone did) where private pieces go. Any other piece the information state adds is
**mixed**, and goes wherever a private piece goes, since it cannot be split without showing a
private card; a kind that would need it split is refused (``None``).

==============  ===========  ======================================================================
private_info    public_info  the tensor (and ``string_from``)
==============  ===========  ======================================================================
SINGLE_PLAYER   on           every piece of the observer's view: the game's own observation or
                             information state, and the game's own text
SINGLE_PLAYER   off          the observer's private pieces (``None`` with perfect recall in a game
                             whose event log is mixed)
NONE            on           the public pieces, taken from seat 0's view, so they are the same
                             whoever asks (``None`` with perfect recall in a game whose event log
                             is mixed). Pieces a game describes relative to the observer ("my",
                             "the adversary's", seats counted from "me") are relative to seat 0
NONE            off          nothing: an empty tensor and an empty string
ALL_PLAYERS     on           the public pieces (from seat 0's view), then each player's private
                             and mixed pieces, named ``p<seat>.<piece>``: everything any player
                             holds or has seen, the same whoever asks. The cards nobody has seen
                             (the stock's order, an undealt widow) are not in it: no player
                             holds that information
ALL_PLAYERS     off          each player's private pieces, ``p<seat>.<piece>`` (``None`` with
                             perfect recall in a game whose event log is mixed)
==============  ===========  ======================================================================

A kind the game does not offer makes ``make_py_observer`` return ``None``, as OpenSpiel's own
games do (``open_spiel.python.observation.make_observation`` passes it on). The strings of the
kinds other than the player's own view render the tensor's pieces (:func:`pieces_string`): each
piece by name with the indices of its non-zero entries, so a string shows exactly what its
tensor holds and no more. Where a private piece holds something that has since become public
(Solo's ``partner`` once the called Ace has fallen), the public kinds leave it out: they lose
that fact rather than risk showing a private one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import pyspiel

from hoyle.envs.core.bits import BitWriter, EncodesBits
from hoyle.envs.core.capabilities import KeepsEventLog
from hoyle.envs.core.cards import iter_cards
from hoyle.envs.core.errors import HoyleError

DEFAULT_PRIVATE_PIECES = ("hand",)
"""The private pieces of a game of imperfect information that declares none: the hand."""

Plan = tuple[tuple[int | None, tuple[tuple[str, str], ...]], ...]
"""How an observer of a kind other than the player's own view fills its tensor: for each view
it reads, the seat (``None``: the observing player) and the pieces it copies, as pairs (piece
of the view's tensor, piece of this tensor)."""


@runtime_checkable
class DeclaresPrivatePieces(Protocol):
    """Rules whose observation holds private information in pieces other than ``hand`` (or not
    in one named ``hand``): ``private_pieces`` names every piece that may show something the
    other players do not know (see the module docstring, "The kinds of observation")."""

    private_pieces: tuple[str, ...]


class HoyleObserver:
    """OpenSpiel's PyObserver over ``rules.player_view``: ``tensor``, ``dict``, ``string_from``.

    Without a ``plan`` it is the player's own view (``private_info=SINGLE_PLAYER`` with public
    information), encoded by the game directly: the observation and the information state every
    algorithm reads, at no extra cost. With one it is another kind (:func:`make_observer`).
    """

    def __init__(
        self, rules: Any, perfect_recall: bool, plan: Plan | None = None, bits: bool = True
    ) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.plan = plan
        shapes = dict(rules.tensor_pieces(perfect_recall))
        if plan is None:
            self.layout = list(shapes.items())
        else:
            self.layout = [
                (dst, shapes[src.partition(":")[2] if src[0] == "@" else src])
                for _, names in plan
                for src, dst in names
            ]
            # The whole view of one seat is encoded here, then the plan's pieces copied out.
            self._view_tensor, self._view = _buffers(list(shapes.items()))
        self.tensor, self.dict = _buffers(self.layout)
        # The fast path (:mod:`.bits`) where the game writes its view as bits; ``bits=False``
        # keeps the view's own encoder (the specification the fast path is tested against).
        self._write: BitWriter | None = None
        if plan is None and bits and isinstance(rules, EncodesBits):
            self._write = BitWriter(self.tensor.size, rules.tensor_values(perfect_recall))

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) with ``player``'s view of ``state``."""
        if self._write is not None:
            bits, values = self.rules.tensor_bits(state.s, player, self.perfect_recall)
            self._write(self.tensor, bits, values)
        elif self.plan is None:
            self.tensor.fill(0.0)
            view = self.rules.player_view(state.s, player)
            self.rules.encode_view(view, self.dict, self.perfect_recall)
        else:
            self._fill(state.s, player, self.tensor, self.dict)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as text (for another kind, its pieces as text)."""
        if self.plan is None:
            view = self.rules.player_view(state.s, player)
            return str(self.rules.view_string(view, self.perfect_recall))
        tensor, pieces = _buffers(self.layout)  # ``tensor`` and ``dict`` stay as they were.
        self._fill(state.s, player, tensor, pieces)
        return pieces_string(pieces)

    def _fill(self, s: Any, player: int, tensor: np.ndarray, out: Mapping[str, Any]) -> None:
        assert self.plan is not None
        tensor.fill(0.0)
        for seat, names in self.plan:
            who = player if seat is None else seat
            if names and names[0][0][0] == "@":
                # A cut of the event log (the module docstring, "The event log's kinds").
                schema = self.rules.event_schema
                for src, dst in names:
                    cut = src.partition(":")[0]
                    events = (
                        schema.public(s.log)
                        if cut == LOG_PUBLIC
                        else schema.seen_by_anyone(s.log)
                        if cut == LOG_ANYONE
                        else schema.private(s.log, who)
                    )
                    schema.encode(out[dst], events, who)
                continue
            self._view_tensor.fill(0.0)
            view = self.rules.player_view(s, who)
            self.rules.encode_view(view, self._view, self.perfect_recall)
            for src, dst in names:
                out[dst][...] = self._view[src]


def make_observer(
    rules: Any,
    iig_obs_type: pyspiel.IIGObservationType | None,
    params: Any,
    *,
    perfect_information: bool,
) -> HoyleObserver | None:
    """The observer of ``iig_obs_type`` (``None``: the observation), or ``None`` for a kind the
    game does not offer (the table in the module docstring)."""
    if params:
        raise ValueError(f"observation parameters are not supported; got {params}")
    if iig_obs_type is None:
        iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
    recall = bool(iig_obs_type.perfect_recall)
    public = bool(iig_obs_type.public_info)
    kind = iig_obs_type.private_info
    if kind == pyspiel.PrivateInfoType.SINGLE_PLAYER and public:
        return HoyleObserver(rules, recall)
    shared, private, mixed = piece_privacy(rules, recall, perfect_information)
    log = _log_piece(rules) if recall and not perfect_information else None
    per_player = [n for n, _ in rules.tensor_pieces(recall) if n in private or n in mixed]
    plan: list[tuple[int | None, tuple[tuple[str, str], ...]]] = []
    if kind == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        if mixed:
            return None
        plan.append((None, tuple((n, n) for n in private)))
        if log is not None:
            plan.append((None, ((f"{LOG_PRIVATE}:{log}", log),)))
    elif kind == pyspiel.PrivateInfoType.NONE:
        if not public:
            return HoyleObserver(rules, recall, ())
        if mixed:
            return None
        plan.append((0, tuple((n, n) for n in shared)))
        if log is not None:
            plan.append((0, ((f"{LOG_PUBLIC}:{log}", log),)))
    elif kind == pyspiel.PrivateInfoType.ALL_PLAYERS:
        if public:
            plan.append((0, tuple((n, n) for n in shared)))
            if log is not None:
                plan.append((0, ((f"{LOG_ANYONE}:{log}", log),)))
        elif mixed:
            return None
        names = per_player if public else private
        for p in range(rules.num_players):
            plan.append((p, tuple((n, f"p{p}.{n}") for n in names)))
            if log is not None and not public:
                plan.append((p, ((f"{LOG_PRIVATE}:{log}", f"p{p}.{log}"),)))
    else:
        raise ValueError(f"unknown private_info {kind!r}")
    return HoyleObserver(rules, recall, tuple(plan))


LOG_PUBLIC = "@public"
"""A plan's source for the event log as every player saw it (:meth:`EventSchema.public`)."""
LOG_ANYONE = "@anyone"
"""A plan's source for the event log with every value some player saw."""
LOG_PRIVATE = "@private"
"""A plan's source for the events whose value only the seat (and not everyone) saw."""


def _log_piece(rules: Any) -> str | None:
    """The information-state piece that holds the core's event log, if the game keeps one."""
    if not isinstance(rules, KeepsEventLog):
        return None
    name = rules.event_schema.piece()[0]
    pieces: Any = rules
    return name if name in dict(pieces.tensor_pieces(True)) else None


def piece_privacy(
    rules: Any, perfect_recall: bool, perfect_information: bool
) -> tuple[list[str], list[str], list[str]]:
    """The names of the public, the private and the mixed pieces of the tensor (the module
    docstring, "The kinds of observation"), each in the tensor's order. The core event log's
    piece is none of the three: each kind cuts it afresh."""
    names = [n for n, _ in rules.tensor_pieces(perfect_recall)]
    if perfect_information:
        return names, [], []
    declared = (
        tuple(rules.private_pieces)
        if isinstance(rules, DeclaresPrivatePieces)
        else DEFAULT_PRIVATE_PIECES
    )
    base = {n for n, _ in rules.tensor_pieces(False)}
    missing = [n for n in declared if n not in base]
    if missing:
        raise HoyleError(
            f"private pieces {missing} are not pieces of the observation ({', '.join(base)}): "
            "the rules' private_pieces must name them"
        )
    log = _log_piece(rules) if perfect_recall else None
    public = [n for n in names if n in base and n not in declared]
    private = [n for n in names if n in declared]
    mixed = [n for n in names if n not in base and n != log]
    return public, private, mixed


def pieces_string(pieces: Mapping[str, np.ndarray]) -> str:
    """The pieces as text, one line each: the name, then the index of every non-zero entry
    (``row,column`` in a piece of two dimensions), with ``=value`` where the value is not 1;
    ``-`` for a piece of zeros.

    >>> pieces_string({"hand": np.array([0, 1, 1.0]), "scores": np.array([[0, 0.5]])})
    'hand: 1 2\\nscores: 0,1=0.5'
    """
    lines = []
    for name, arr in pieces.items():
        entries = []
        for index in np.argwhere(arr):
            at = ",".join(str(int(i)) for i in index)
            value = float(arr[tuple(index)])
            entries.append(at if value == 1.0 else f"{at}={value:g}")
        lines.append(f"{name}: {' '.join(entries) or '-'}")
    return "\n".join(lines)


def _buffers(
    layout: Sequence[tuple[str, tuple[int, ...]]],
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """A zeroed float32 tensor for ``layout`` and its named, reshaped views (no copies)."""
    size = sum(int(np.prod(shape)) for _, shape in layout)
    tensor = np.zeros(size, np.float32)
    views: dict[str, np.ndarray] = {}
    i = 0
    for name, shape in layout:
        n = int(np.prod(shape))
        views[name] = tensor[i : i + n].reshape(shape)
        i += n
    return tensor, views


def set_cards(row: np.ndarray, mask: int, index: Sequence[int] | None = None) -> None:
    """Set ``row[card] = 1`` (or ``row[index[card]]``) for every card of ``mask``.

    ``index`` maps card ids to positions when the pack is smaller than 54 cards; a card
    outside the pack (``index`` -1) is refused, since ``row[-1]`` would mark the row's last
    card.
    """
    if index is None:
        for c in iter_cards(mask):
            row[c] = 1.0
    else:
        for c in iter_cards(mask):
            i = index[c]
            if i < 0:
                raise ValueError(f"card {c} is not in the pack of this row")
            row[i] = 1.0


def pack_index(cards: Iterable[int]) -> list[int]:
    """A card-id → position table for a pack, ``-1`` for cards not in it.

    >>> pack_index([0, 7, 9])[7]
    1
    """
    idx = [-1] * 54
    for i, c in enumerate(cards):
        idx[c] = i
    return idx


def set_one_hot(row: np.ndarray, value: int) -> None:
    """``row[value] = 1`` when ``0 <= value < len(row)``; nothing otherwise."""
    if 0 <= value < row.shape[0]:
        row[value] = 1.0
