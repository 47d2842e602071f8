"""``td``: a self-taught backgammon player, TD-Gammon style (Tesauro 1992), in numpy.

``td[:weights=PATH][,ply=0|1][,root=K]``

A small neural network (:mod:`hoyle.agents.td.net`: 199 features, one hidden layer of sigmoid
units, five outcome probabilities and the equity they give) learnt by TD(λ) self-play
(:mod:`hoyle.agents.td.learn`, run by ``hoyle train backgammon --method td``). The agent (built by
:func:`hoyle.agents.expectimax.td_from_spec`, which searches over this network) is a
:class:`~hoyle.agents.throw.ValueBot`: at 0-ply (the default) it makes the play whose resulting
position the network values highest, all plays of a throw evaluated in one matrix product; at
``ply=1`` it averages, over the adversary's 21 throws, the value of his best reply, for the
``root`` best plays at 0-ply (default 8; :mod:`hoyle.agents.expectimax` does the search).

``weights`` is a network saved by the trainer (``OUT/td.npz``), or the name of a shipped one
(``hoyle models``); without it the agent plays the committed network, the model ``td``
(:data:`DEFAULT_MODEL`, made by the command in its ``meta`` and in ``weights/config.json``),
found through the package's resources from any working directory.
"""

from __future__ import annotations

import functools
from pathlib import Path

from hoyle.agents.models import model_path, names_for
from hoyle.agents.td.net import ValueNet
from hoyle.envs.core.files import FileFormatError

DEFAULT_MODEL = "td"
"""The name of the committed network (:mod:`hoyle.agents.models`)."""
DEFAULT_WEIGHTS = Path(__file__).parent / "weights" / "td.npz"
"""The committed network's file in this installation (``agents/td/weights/td.npz``)."""


@functools.lru_cache(maxsize=8)
def _load(path: str, stamp: tuple[int, int]) -> ValueNet:
    del stamp  # Part of the cache key only: a file rewritten since is loaded again.
    return ValueNet.load(path)


def load_network(weights: str | Path | None = None) -> ValueNet:
    """The network ``weights``: a shipped model's name or a path (default: the committed
    one); loaded once per file. A missing or malformed file raises a one-line
    ``FileFormatError`` (a ``ValueError``) naming it (:meth:`ValueNet.load`).

    The network is shared by every agent that loads the same file; agents only read it."""
    with model_path(weights or DEFAULT_MODEL, "td:weights") as path:
        if not path.exists():
            raise FileFormatError(f"td: no network at {str(path)!r} (weights= a shipped "
                                  f"network, {', '.join(names_for('td:weights'))}, or a file "
                                  "saved by 'hoyle train backgammon --method td', "
                                  "OUT/td.npz)")  # fmt: skip
        if not path.is_file():
            raise FileFormatError(f"td: {path} is not a network file (a folder?)")
        st = path.stat()
        return _load(str(path.resolve()), (st.st_mtime_ns, st.st_size))


__all__ = ["DEFAULT_MODEL", "DEFAULT_WEIGHTS", "ValueNet", "load_network"]
