"""The observer shared by every game, and helpers to write views into tensors.

An observer never reads the true state: it asks the rules for ``player_view(state, player)``, in
which hidden cards are absent, and encodes that. So nothing a player could not see at the table
can reach a tensor or a string, whatever the game's encoder does. The tensor is one float32
buffer cut into named pieces (``rules.tensor_pieces``); each game's docstring tables them.

``perfect_recall=True`` gives the information state (the view plus every event the player saw,
in order); ``False`` gives the observation (the current view, with public card tracking).

Every entry of every tensor lies in [0, 1]: counts are one-hot or divided by their bound. The
wrappers declare ``Box(0, 1)`` for every game, networks get normalized inputs, and the
conformance suite checks it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pyspiel

from hoyle.envs.core.cards import iter_cards


class HoyleObserver:
    """OpenSpiel's PyObserver over ``rules.player_view``: ``tensor``, ``dict``, ``string_from``."""

    def __init__(
        self, rules: Any, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                "hoyle observers show one player's view (private_info=SINGLE_PLAYER); "
                f"got {iig_obs_type.private_info}"
            )
        self.rules = rules
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = list(rules.tensor_pieces(self.perfect_recall))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        i = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[i : i + n].reshape(shape)
            i += n

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) with ``player``'s view of ``state``."""
        self.tensor.fill(0.0)
        view = self.rules.player_view(state.s, player)
        self.rules.encode_view(view, self.dict, self.perfect_recall)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        view = self.rules.player_view(state.s, player)
        return str(self.rules.view_string(view, self.perfect_recall))


def set_cards(row: np.ndarray, mask: int, index: Sequence[int] | None = None) -> None:
    """Set ``row[card] = 1`` (or ``row[index[card]]``) for every card of ``mask``.

    ``index`` maps card ids to positions when the pack is smaller than 54 cards.
    """
    if index is None:
        for c in iter_cards(mask):
            row[c] = 1.0
    else:
        for c in iter_cards(mask):
            row[index[c]] = 1.0


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


def set_events(block: np.ndarray, events: Sequence[int]) -> None:
    """One-hot event codes, one row per event, in order (the perfect-recall history).

    ``block`` has shape ``(max_events, num_codes)``; events past ``max_events`` are an error,
    since the game's bound on its history length must cover them.
    """
    if len(events) > block.shape[0]:
        raise ValueError(f"{len(events)} events exceed the tensor's {block.shape[0]} rows")
    for i, code in enumerate(events):
        block[i, code] = 1.0
