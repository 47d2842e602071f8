"""Tensors written as one integer: the fast path of the observers.

A game's observation is mostly zeros and ones: cards held or played, one-hot phases, seats and
bids. Written entry by entry into numpy, each entry costs a numpy ``__setitem__`` (~0.1 µs), a
card mask a Python loop over its cards, and an observation 10-40 µs, several times the step it
observes. Here the whole tensor is one Python ``int`` instead, bit ``i`` for entry ``i``: a card
mask lands in its piece with a shift (or, for a pack of fewer cards than card ids, with seven
table lookups, :class:`PackBits`), a one-hot with ``1 << (offset + value)``, and the int reaches
the float tensor by one ``int.to_bytes`` and one ``numpy.unpackbits`` (:func:`write_bits`). The
few entries that are not 0 or 1 (a score divided by its bound) are listed by index and written
after, with one fancy assignment.

A game offers the fast path by declaring :class:`EncodesBits` (``tensor_bits``). The observer
then calls it instead of ``player_view`` + ``encode_view`` for the player's own view, which
remains the specification: the conformance suite holds the two equal, entry for entry, on every
sampled state, player and kind, so the fast path can show nothing the view does not.

The event log's rows (:meth:`~hoyle.envs.core.events.EventSchema.bits`) are built the same way,
and incrementally: a log grows by one record per action, so the rows of a log that extends the
last one asked for (for the same observer) are not built again.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

_UNPACK = np.unpackbits
_U8 = np.uint8


@runtime_checkable
class EncodesBits(Protocol):
    """Rules that write the player's own view as bits (the module docstring).

    ``tensor_bits(s, player, perfect_recall)`` returns ``(bits, values)``: bit ``i`` of
    ``bits`` is entry ``i`` of the tensor ``encode_view`` would write (its pieces in
    ``tensor_pieces`` order, flattened), and ``values`` are the entries at
    ``tensor_values(perfect_recall)``, the flat indices of the entries that may be neither 0
    nor 1 (their bits are 0). The same indices every call, so a stale value is always
    overwritten.
    """

    def tensor_bits(
        self, s: Any, player: int, perfect_recall: bool
    ) -> tuple[int, Sequence[float]]: ...

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]: ...


def offsets(pieces: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, int]:
    """Each piece's first flat index in the tensor, and ``"size"`` the tensor's length.

    >>> offsets([("hand", (52,)), ("trick", (4, 52))])
    {'hand': 0, 'trick': 52, 'size': 260}
    """
    out: dict[str, int] = {}
    i = 0
    for name, shape in pieces:
        out[name] = i
        n = 1
        for d in shape:
            n *= d
        i += n
    out["size"] = i
    return out


def relative_seats(num_players: int) -> tuple[tuple[int, ...], ...]:
    """``[me][q]``: seat ``q`` counted from ``me`` to his left (0: ``me``), the seat order of
    the tensors of games whose seats are counted from the viewer.

    >>> relative_seats(3)
    ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    n = num_players
    return tuple(tuple((q - me) % n for q in range(n)) for me in range(n))


class SeatTensor:
    """For rules whose ``tensor_bits`` count seats from the viewer: ``_at``, the flat offset of
    each piece of ``tensor_pieces`` (the event log, when there is one, follows them), and
    ``_rel``, :func:`relative_seats` for ``num_players``. Computed once per rules object."""

    num_players: int

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        raise NotImplementedError

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        return offsets(self.tensor_pieces(False))

    @functools.cached_property
    def _rel(self) -> tuple[tuple[int, ...], ...]:
        """``_rel[me][q]``: seat ``q`` counted from ``me`` (the tensors' seat order)."""
        return relative_seats(self.num_players)


class PackBits:
    """Card masks to bits at their pack positions, for a piece as wide as a reduced pack.

    ``index`` maps card ids (below 56) to positions in the piece, ``-1`` for cards not in the
    pack (:func:`hoyle.envs.core.observe.pack_index`). A call is seven lookups in per-byte
    tables, whatever the number of cards.

    >>> to_pack = PackBits([-1, 0, -1, 1] + [-1] * 52)
    >>> bin(to_pack(0b1010))
    '0b11'
    """

    def __init__(self, index: Sequence[int]) -> None:
        tables = []
        for base in range(0, 56, 8):
            row = []
            for m in range(256):
                v = 0
                for j in range(8):
                    if m >> j & 1 and base + j < len(index) and index[base + j] >= 0:
                        v |= 1 << index[base + j]
                row.append(v)
            tables.append(tuple(row))
        self._t = tuple(tables)

    def __call__(self, mask: int) -> int:
        t0, t1, t2, t3, t4, t5, t6 = self._t
        return (
            t0[mask & 255]
            | t1[mask >> 8 & 255]
            | t2[mask >> 16 & 255]
            | t3[mask >> 24 & 255]
            | t4[mask >> 32 & 255]
            | t5[mask >> 40 & 255]
            | t6[mask >> 48 & 255]
        )


class BitWriter:
    """Writes ``(bits, values)`` into a float32 tensor of ``size`` entries.

    The int goes to a byte buffer kept between calls, is unpacked into 0/1 bytes and assigned
    to the tensor in one numpy call (converted to float32 there); then ``values`` go to their
    indices. About 1 µs for a tensor of 500 entries.
    """

    def __init__(self, size: int, value_indices: Sequence[int]) -> None:
        self.size = size
        self.nbytes = (size + 7) // 8
        self._buf = np.zeros(self.nbytes, _U8)
        self._view = self._buf.data
        self._values = np.asarray(value_indices, np.intp)
        self._has_values = bool(len(value_indices))

    def __call__(self, tensor: np.ndarray, bits: int, values: Sequence[float]) -> None:
        if bits >> self.size:
            raise ValueError(f"bit {bits.bit_length() - 1} is outside the tensor's {self.size}")
        self._view[:] = bits.to_bytes(self.nbytes, "little")
        tensor[:] = _UNPACK(self._buf, count=self.size, bitorder="little")
        if self._has_values:
            tensor[self._values] = values


def bits_of(tensor: np.ndarray) -> int:
    """The bits of a 0/1 tensor (its non-zero entries), the inverse of a writer without values:
    for tests and for reading a tensor back.

    >>> bits_of(np.array([0.0, 1.0, 0.0, 1.0]))
    10
    """
    flat = np.asarray(tensor).reshape(-1) != 0
    return int.from_bytes(np.packbits(flat, bitorder="little").tobytes(), "little")
