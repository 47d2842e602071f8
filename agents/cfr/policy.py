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
agent's ``fallback`` decides the others. Saved compressed (``np.savez_compressed``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

KEY_KINDS = ("infostate", "abstraction")


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
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, keys=keys, counts=counts, actions=actions, probs=probs,
                            meta=np.asarray(json.dumps(self.meta, sort_keys=True)))  # fmt: skip
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: Path | str) -> PolicyTable:
        path = Path(path)
        if not path.is_file():
            raise ValueError(f"no MCCFR policy file at {str(path)!r}")
        try:
            with np.load(path) as z:
                keys, counts, actions = z["keys"], z["counts"], z["actions"]
                probs, meta = z["probs"].astype(np.float64), json.loads(str(z["meta"]))
        except (OSError, KeyError, ValueError) as e:
            raise ValueError(f"{path} is not an MCCFR policy file ({e})") from None
        if meta.get("key") not in KEY_KINDS:
            raise ValueError(f"{path}: unknown key kind {meta.get('key')!r}")
        return cls.from_arrays(keys, counts, actions, probs, meta)
