"""The saved average policy of an MCCFR run: one ``.npz`` file, loaded by the ``mccfr`` agent.

===============  ========  ==================================================================
array            dtype     contents
===============  ========  ==================================================================
``keys``         uint64    each information set's key (:mod:`hoyle.agents.cfr.tree`'s hash of
                           the seat and information-state string, or of the seat, the
                           abstraction key and the legal actions), sorted
``counts``       int16     its number of legal actions; its actions and probabilities are the
                           next ``counts[i]`` entries of the two arrays below
``actions``      int16     the legal actions, in ``legal_actions()`` order
``probs``        float32   the average policy's probability of each
``meta``         str       JSON: the game string, ``key`` (``infostate`` or ``abstraction``),
                           sampling, iterations, seed, and the command that made it
===============  ========  ==================================================================

Only information sets the average strategy reached are saved (the rest would be uniform); the
agent's ``fallback`` decides the others. Saved compressed and atomically, read without pickle
(:mod:`hoyle.envs.core.files`); :meth:`PolicyTable.load` checks every array's kind and length
and refuses a malformed file in one line (a :class:`~hoyle.envs.core.files.FileFormatError`
naming it), since a policy is a file one receives.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.envs.core.files import FileFormatError, load_npz, npz_json, save_npz

KEY_KINDS = ("infostate", "abstraction")
WHAT = "hoyle MCCFR policy file"
MAX_BYTES = 2 << 30
"""The most a policy file may unpack to (2 GiB; the shipped one is under 1 MB)."""


@dataclass
class PolicyTable:
    """An average policy: key → (legal actions, probabilities)."""

    table: dict[int, tuple[tuple[int, ...], tuple[float, ...]]]
    meta: dict[str, Any]

    def __len__(self) -> int:
        return len(self.table)

    @classmethod
    def from_arrays(
        cls, keys: np.ndarray, counts: np.ndarray, actions: np.ndarray, probs: np.ndarray,
        meta: dict[str, Any], avg_sums: np.ndarray | None = None,
    ) -> PolicyTable:  # fmt: skip
        """From flat arrays (``counts`` legal actions per key); with ``avg_sums``, keep only
        the keys whose summed average strategy is positive (those the average reached)."""
        offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        table: dict[int, tuple[tuple[int, ...], tuple[float, ...]]] = {}
        acts = actions.tolist()
        ps = probs.tolist()
        for i, k in enumerate(keys.tolist()):
            if avg_sums is not None and not avg_sums[i] > 0:
                continue
            a, b = int(offsets[i]), int(offsets[i + 1])
            table[int(k)] = (tuple(acts[a:b]), tuple(ps[a:b]))
        return cls(table, meta)

    def save(self, path: Path | str) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.asarray(sorted(self.table), dtype=np.uint64)
        rows = [self.table[int(k)] for k in keys]
        counts = np.asarray([len(a) for a, _ in rows], dtype=np.int16)
        actions = np.asarray([x for a, _ in rows for x in a], dtype=np.int16)
        probs = np.asarray([x for _, p in rows for x in p], dtype=np.float32)
        save_npz(path, {"keys": keys, "counts": counts, "actions": actions, "probs": probs,
                        "meta": np.asarray(json.dumps(self.meta, sort_keys=True))},
                 compressed=True)  # fmt: skip
        return path

    @classmethod
    def load(cls, path: Path | str) -> PolicyTable:
        """The policy in ``path``; a file that is not one (missing, truncated, foreign, an
        object array, arrays of the wrong kind or length) raises a ``FileFormatError``."""
        path = Path(path)
        z = load_npz(path, WHAT, ("keys", "counts", "actions", "probs", "meta"), MAX_BYTES)
        meta = npz_json(z, "meta", path, WHAT)

        def bad(why: str) -> FileFormatError:
            return FileFormatError(f"{path} is not a {WHAT}: {why}")

        if not isinstance(meta, dict):
            raise bad("its meta is not a JSON object")
        if meta.get("key") not in KEY_KINDS:
            raise bad(f"unknown key kind {meta.get('key')!r} (one of {', '.join(KEY_KINDS)})")
        if not isinstance(meta.get("game"), str):
            raise bad("its meta names no game")
        arrays = {k: z[k] for k in ("keys", "counts", "actions", "probs")}
        for k, a in arrays.items():
            kind = "f" if k == "probs" else "iu"
            if a.ndim != 1 or a.dtype.kind not in kind:
                raise bad(f"{k!r} is a {a.dtype} array of shape {a.shape}, not a flat "
                          f"{'float' if k == 'probs' else 'integer'} array")  # fmt: skip
        keys, counts, actions = arrays["keys"], arrays["counts"], arrays["actions"]
        probs = arrays["probs"].astype(np.float64)
        if counts.size != keys.size:
            raise bad(f"{keys.size} keys but {counts.size} action counts")
        if keys.dtype.kind == "i" and (keys < 0).any():
            raise bad("negative keys")
        if np.unique(keys).size != keys.size:
            raise bad("a key appears twice")
        if counts.size and counts.min() < 1:
            raise bad("an information set with no actions")
        total = int(counts.sum(dtype=np.int64))
        if actions.size != total or probs.size != total:
            raise bad(f"the counts add up to {total} actions, but it holds {actions.size} "
                      f"actions and {probs.size} probabilities")  # fmt: skip
        if actions.size and actions.min() < 0:
            raise bad("negative actions")
        if not np.isfinite(probs).all() or (probs < 0).any() or (probs > 1 + 1e-6).any():
            raise bad("probabilities outside [0, 1]")
        return cls.from_arrays(keys.astype(np.uint64), counts, actions, probs, meta)
