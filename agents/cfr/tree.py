"""A small game's whole tree as flat numpy arrays, and its exact best response.

OpenSpiel's Python ``exploitability.nash_conv`` walks the game through ``pyspiel`` states on
every call: on Conquian's first small configuration (3.9 million nodes) it took 1,295 s and
4.4 GB. Here the tree is enumerated ONCE, through the same ``pyspiel`` states (so any game
works: hoyle's, or OpenSpiel's ``kuhn_poker``), into arrays indexed by node:

===================  =====================================================================
array                contents
===================  =====================================================================
``player``           the player to move, ``CHANCE`` (-1) or ``TERMINAL`` (-4)
``first_child``      id of the first child; a node's children are contiguous, in the order
``num_children``     of its legal actions (decisions) or chance outcomes
``parent``           the parent's id (-1 at the root)
``edge_prob``        the chance probability of the edge into the node (1 below a decision)
``edge_slot``        below a decision: the slot (infoset, action) of the edge, else -1
``infoset``          at a decision: the id of its information set, else -1
``utility``          (nodes, players) returns at terminal nodes, 0 elsewhere
===================  =====================================================================

Nodes are numbered breadth-first, so ``levels[d]`` is the range of ids at depth ``d``, and the
children of the consecutive non-terminal nodes of a level tile the next level in order: a sum
over children is one ``np.add.reduceat``. An information set owns ``infoset_num_actions``
consecutive *slots* from ``infoset_offset``; a policy is one float array over the slots.

Information sets are keyed by :func:`infoset_key` (a 64-bit hash of the player and his
perfect-recall information-state string), the same key the ``mccfr`` agent computes at play,
so a policy trained on the tree plays through ``pyspiel``. Every node of an information set
lies at the same depth (checked on building: it holds in every game here, since the number of
events is public), which lets the best response work level by level.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from hoyle.envs.core.files import FileFormatError, load_npz, npz_json, save_npz

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def hash64(text: str) -> int:
    """A stable 64-bit hash (BLAKE2b) of ``text``; Python's ``hash`` changes per process."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


def infoset_key(state: Any, player: int) -> int:
    """The exact key of ``player``'s information set at ``state``: his seat and his
    perfect-recall information-state string, hashed. (Two different information sets collide
    with probability about n²/2⁶⁵: 3·10⁻⁸ for a million of them.)"""
    return hash64(f"{player}\x1f{state.information_state_string(player)}")


@dataclass
class GameTree:
    """The arrays of one game's whole tree (see the module docstring)."""

    game_string: str
    num_players: int
    player: np.ndarray
    first_child: np.ndarray
    num_children: np.ndarray
    parent: np.ndarray
    edge_prob: np.ndarray
    edge_slot: np.ndarray
    infoset: np.ndarray
    utility: np.ndarray
    levels: list[tuple[int, int]]
    infoset_player: np.ndarray
    infoset_offset: np.ndarray
    infoset_num_actions: np.ndarray
    infoset_depth: np.ndarray
    slot_action: np.ndarray
    infoset_keys: np.ndarray
    build_seconds: float = 0.0
    key_strings: list[str] | None = field(default=None, repr=False)

    @property
    def num_nodes(self) -> int:
        return int(self.player.size)

    @property
    def num_infosets(self) -> int:
        return int(self.infoset_player.size)

    @property
    def num_slots(self) -> int:
        return int(self.slot_action.size)

    def sizes(self) -> dict[str, int]:
        """Node counts by kind, information sets and slots (for reports)."""
        p = self.player
        return {
            "nodes": self.num_nodes,
            "chance": int((p == CHANCE).sum()),
            "decision": int((p >= 0).sum()),
            "terminal": int((p == TERMINAL).sum()),
            "infosets": self.num_infosets,
            "slots": self.num_slots,
            "depth": len(self.levels),
        }

    def uniform_policy(self) -> np.ndarray:
        """Each information set's legal actions with equal probability, over the slots."""
        return 1.0 / np.repeat(self.infoset_num_actions, self.infoset_num_actions).astype(float)

    # --- saving (a built tree is cached in the run folder) --------------------------------
    _ARRAYS = (
        "player", "first_child", "num_children", "parent", "edge_prob", "edge_slot", "infoset",
        "utility", "infoset_player", "infoset_offset", "infoset_num_actions", "infoset_depth",
        "slot_action", "infoset_keys",
    )  # fmt: skip

    def save(self, path: Path) -> None:
        """Write the tree to ``path`` (``.npz``, atomically: a kill leaves the old file or the
        new one, never half of one)."""
        arrays: dict[str, Any] = {k: getattr(self, k) for k in self._ARRAYS}
        meta = {"format": TREE_FORMAT, "game": self.game_string, "players": self.num_players,
                "build_seconds": self.build_seconds}  # fmt: skip
        levels = np.asarray(self.levels, dtype=np.int64).reshape(-1, 2)
        save_npz(path, {**arrays, "levels": levels, "meta": np.asarray(json.dumps(meta))})

    @classmethod
    def load(cls, path: Path) -> GameTree:
        """A tree saved by :meth:`save`, its arrays checked against each other (every index
        in range), so that a damaged or doctored file is refused with a ``FileFormatError``
        rather than walked. Reads the format of earlier versions too (``meta`` as three
        strings)."""
        z = load_npz(path, "game tree file", (*cls._ARRAYS, "levels", "meta"), TREE_MAX_BYTES)

        def bad(why: str) -> FileFormatError:
            return FileFormatError(f"{path} is not a game tree file: {why}")

        raw = z["meta"]
        if raw.dtype.kind == "U" and raw.shape == (3,):  # the format before TREE_FORMAT
            meta: Any = dict(zip(("game", "players", "build_seconds"), raw.tolist(), strict=True))
            try:
                meta.update(
                    players=int(meta["players"]), build_seconds=float(meta["build_seconds"])
                )
            except ValueError:
                raise bad("bad meta entry") from None
        else:
            meta = npz_json(z, "meta", path, "game tree file")
            if not isinstance(meta, dict) or meta.get("format") != TREE_FORMAT:
                raise bad(f"unknown format (not {TREE_FORMAT})")
        game_string, players, secs = (meta.get(k) for k in ("game", "players", "build_seconds"))
        if not isinstance(game_string, str) or not isinstance(players, int):
            raise bad("bad meta entry")
        if not isinstance(secs, int | float):
            raise bad("bad meta entry")
        try:
            _check_tree_arrays(z, players)
        except ValueError as e:
            raise bad(str(e)) from None
        arrays: dict[str, Any] = {k: z[k] for k in cls._ARRAYS}
        levels = [(int(a), int(b)) for a, b in z["levels"].tolist()]
        return cls(game_string=game_string, num_players=players, levels=levels,
                   build_seconds=float(secs), **arrays)  # fmt: skip


TREE_FORMAT = "hoyle-tree-1"
"""The saved tree's format tag (the arrays of the module docstring, ``levels``, ``meta``)."""
TREE_MAX_BYTES = 16 << 30
"""The most a tree file may unpack to (16 GiB; Conquian's small tree of 432,161 nodes is
27 MB)."""


def _check_tree_arrays(z: dict[str, np.ndarray], players: int) -> None:
    """Raise ``ValueError`` unless the arrays of a saved tree fit together: the right kinds and
    lengths, levels that tile the nodes, and every node, slot and information-set index in
    range (what the walkers and the best response index with)."""
    if not 1 <= players <= 16:
        raise ValueError(f"{players} players")
    node_arrays = ("player", "first_child", "num_children", "parent", "edge_prob", "edge_slot",
                   "infoset")  # fmt: skip
    set_arrays = ("infoset_player", "infoset_offset", "infoset_num_actions", "infoset_depth",
                  "infoset_keys")  # fmt: skip
    for k in (*node_arrays, *set_arrays, "slot_action"):
        a = z[k]
        kinds = "f" if k == "edge_prob" else "iu"
        if a.ndim != 1 or a.dtype.kind not in kinds:
            raise ValueError(f"{k!r} is a {a.dtype} array of shape {a.shape}")
    n = z["player"].size
    if n == 0:
        raise ValueError("no nodes")
    for k in node_arrays:
        if z[k].size != n:
            raise ValueError(f"{k!r} has {z[k].size} entries for {n} nodes")
    if z["utility"].shape != (n, players) or z["utility"].dtype.kind != "f":
        raise ValueError(f"'utility' is a {z['utility'].dtype} array of shape {z['utility'].shape}")
    m = z["infoset_player"].size
    for k in set_arrays:
        if z[k].size != m:
            raise ValueError(f"{k!r} has {z[k].size} entries for {m} information sets")
    lv = z["levels"]
    if lv.ndim != 2 or lv.shape[1] != 2 or lv.dtype.kind not in "iu" or lv.shape[0] == 0:
        raise ValueError("'levels' is not a list of (start, end) pairs")
    starts, ends = lv[:, 0].astype(np.int64), lv[:, 1].astype(np.int64)
    if starts[0] != 0 or ends[-1] != n or (ends <= starts).any() or (starts[1:] != ends[:-1]).any():
        raise ValueError("'levels' do not tile the nodes")
    p = z["player"].astype(np.int64)
    if not np.isin(p, [CHANCE, TERMINAL, *range(players)]).all():
        raise ValueError("a node's player is out of range")
    parent = z["parent"].astype(np.int64)
    if parent[0] != -1 or (n > 1 and ((parent[1:] < 0) | (parent[1:] >= np.arange(1, n))).any()):
        raise ValueError("a parent index is out of range")
    fc, nc = z["first_child"].astype(np.int64), z["num_children"].astype(np.int64)
    inner = p != TERMINAL
    if (nc[~inner] != 0).any() or (nc[inner] < 1).any():
        raise ValueError("a node's number of children is wrong")
    if inner.any() and ((fc[inner] <= np.flatnonzero(inner)) | (fc[inner] + nc[inner] > n)).any():
        raise ValueError("a child index is out of range")
    f, c = fc[inner], nc[inner]  # breadth-first: the children tile nodes 1.. in order
    if inner.any() and (f[0] != 1 or (f[1:] != f[:-1] + c[:-1]).any() or f[-1] + c[-1] != n):
        raise ValueError("the children do not tile the nodes")
    kids = np.repeat(np.flatnonzero(inner), c)  # the parent of nodes 1..n-1, in order
    if not np.array_equal(parent[1:], kids):
        raise ValueError("the children do not match the parents")
    depth = np.repeat(np.arange(starts.size), ends - starts)
    if (depth[1:] != depth[kids] + 1).any():
        raise ValueError("a child is not on the level below its parent")
    slots = z["slot_action"].size
    off, cnt = z["infoset_offset"].astype(np.int64), z["infoset_num_actions"].astype(np.int64)
    if m and ((cnt < 1).any() or (off < 0).any() or (off + cnt > slots).any()):
        raise ValueError("an information set's slots are out of range")
    iset = z["infoset"].astype(np.int64)
    mover = p >= 0
    if (iset[~mover] != -1).any() or (iset[mover] < 0).any() or (iset[mover] >= m).any():
        raise ValueError("an information-set index is out of range")
    if mover.any() and (cnt[iset[mover]] != nc[mover]).any():
        raise ValueError("an information set's actions do not match its nodes")
    es = z["edge_slot"].astype(np.int64)
    below = np.zeros(n, dtype=bool)
    below[1:] = mover[kids]
    want = np.full(n, -1, dtype=np.int64)
    want[below] = off[iset[kids[below[1:]]]] + np.flatnonzero(below) - fc[kids[below[1:]]]
    if not np.array_equal(es, want):
        raise ValueError("an edge's slot does not match its information set")
    if not np.isfinite(z["edge_prob"]).all() or not np.isfinite(z["utility"]).all():
        raise ValueError("probabilities or utilities that are not finite")
    if not np.isin(z["infoset_player"].astype(np.int64), np.arange(players)).all():
        raise ValueError("an information set's player is out of range")


def build_tree(game: Any, keep_strings: bool = False, progress: bool = False) -> GameTree:
    """Enumerate ``game``'s whole tree breadth-first through ``pyspiel`` states.

    ``keep_strings`` keeps each information set's string (for cross-checks with OpenSpiel's
    tabular policies). Raises ``ValueError`` if an information set's nodes lie at different
    depths or disagree on the legal actions (neither happens with perfect recall here).
    """
    start = time.perf_counter()
    n_players = game.num_players()
    player: list[int] = []
    first_child: list[int] = []
    num_children: list[int] = []
    parent: list[int] = []
    edge_prob: list[float] = []
    edge_action: list[int] = []  # index among the parent's children
    infoset: list[int] = []
    terminal_ids: list[int] = []
    terminal_returns: list[list[float]] = []
    key_index: dict[int, int] = {}
    is_player: list[int] = []
    is_actions: list[tuple[int, ...]] = []
    is_depth: list[int] = []
    is_keys: list[int] = []
    strings: list[str] = []
    levels: list[tuple[int, int]] = []

    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(desc="tree", unit=" nodes", unit_scale=True)
    level: list[tuple[Any, int, float, int]] = [(game.new_initial_state(), -1, 1.0, 0)]
    depth = 0
    while level:
        base = len(player)
        levels.append((base, base + len(level)))
        nxt: list[tuple[Any, int, float, int]] = []
        for i, (state, par, prob, k) in enumerate(level):
            node = base + i
            parent.append(par)
            edge_prob.append(prob)
            edge_action.append(k)
            if state.is_terminal():
                player.append(TERMINAL)
                infoset.append(-1)
                first_child.append(-1)
                num_children.append(0)
                terminal_ids.append(node)
                terminal_returns.append(state.returns())
                continue
            fc = base + len(level) + len(nxt)
            first_child.append(fc)
            if state.is_chance_node():
                player.append(CHANCE)
                infoset.append(-1)
                outcomes = state.chance_outcomes()
                num_children.append(len(outcomes))
                for j, (a, p) in enumerate(outcomes):
                    nxt.append((state.child(a), node, p, j))
                continue
            cur = state.current_player()
            legal = tuple(state.legal_actions())
            player.append(cur)
            num_children.append(len(legal))
            text = f"{cur}\x1f{state.information_state_string(cur)}"
            key = hash64(text)
            idx = key_index.get(key)
            if idx is None:
                idx = key_index[key] = len(is_player)
                is_player.append(cur)
                is_actions.append(legal)
                is_depth.append(depth)
                is_keys.append(key)
                if keep_strings:
                    strings.append(text.partition("\x1f")[2])
            elif is_actions[idx] != legal or is_depth[idx] != depth or is_player[idx] != cur:
                raise ValueError(
                    f"information set {text!r} has nodes with different legal actions, depths "
                    "or players: the tree arrays need perfect recall with a public event count"
                )
            infoset.append(idx)
            for j, a in enumerate(legal):
                nxt.append((state.child(a), node, 1.0, j))
        if bar is not None:
            bar.update(len(level))
        level = nxt
        depth += 1
    if bar is not None:
        bar.close()

    n = len(player)
    p_arr = np.asarray(player, dtype=np.int8)
    par_arr = np.asarray(parent, dtype=np.int64)
    inf_arr = np.asarray(infoset, dtype=np.int32)
    counts = np.asarray([len(a) for a in is_actions], dtype=np.int32)
    offsets = np.zeros(len(counts), dtype=np.int64)
    if len(counts):
        offsets[1:] = np.cumsum(counts)[:-1]
    slot = np.full(n, -1, dtype=np.int64)
    child = np.arange(1, n)
    par_of = par_arr[1:]
    below_decision = p_arr[par_of] >= 0
    ks = np.asarray(edge_action, dtype=np.int64)[1:]
    slot[1:][below_decision] = offsets[inf_arr[par_of[below_decision]]] + ks[below_decision]
    del child
    util = np.zeros((n, n_players))
    if terminal_ids:
        util[np.asarray(terminal_ids)] = np.asarray(terminal_returns)
    return GameTree(
        game_string=str(game),
        num_players=n_players,
        player=p_arr,
        first_child=np.asarray(first_child, dtype=np.int64),
        num_children=np.asarray(num_children, dtype=np.int32),
        parent=par_arr,
        edge_prob=np.asarray(edge_prob, dtype=np.float64),
        edge_slot=slot,
        infoset=inf_arr,
        utility=util,
        levels=levels,
        infoset_player=np.asarray(is_player, dtype=np.int8),
        infoset_offset=offsets,
        infoset_num_actions=counts,
        infoset_depth=np.asarray(is_depth, dtype=np.int32),
        slot_action=np.asarray([a for acts in is_actions for a in acts], dtype=np.int32),
        infoset_keys=np.asarray(is_keys, dtype=np.uint64),
        build_seconds=time.perf_counter() - start,
        key_strings=strings if keep_strings else None,
    )


# --- exact evaluation -------------------------------------------------------------------------
def _edge_weights(tree: GameTree, policy: np.ndarray, skip_player: int | None) -> np.ndarray:
    """The probability of each node's incoming edge: chance's, or the mover's ``policy``;
    1 on the edges of ``skip_player``'s moves (his reach is left out)."""
    w = tree.edge_prob.copy()
    mask = tree.edge_slot >= 0
    w[mask] = policy[tree.edge_slot[mask]]
    if skip_player is not None:
        w[1:][tree.player[tree.parent[1:]] == skip_player] = 1.0
    return w


def reach(tree: GameTree, policy: np.ndarray, skip_player: int | None = None) -> np.ndarray:
    """Each node's reach probability under ``policy`` (chance included), level by level;
    with ``skip_player``, everyone's but his (his counterfactual reach)."""
    w = _edge_weights(tree, policy, skip_player)
    r = np.empty(tree.num_nodes)
    r[0] = 1.0
    for s, e in tree.levels[1:]:
        r[s:e] = r[tree.parent[s:e]] * w[s:e]
    return r


def policy_values(tree: GameTree, policy: np.ndarray) -> np.ndarray:
    """Each player's expected return when everyone plays ``policy``."""
    r = reach(tree, policy)
    return np.asarray(r @ tree.utility)


def best_response_value(tree: GameTree, policy: np.ndarray, player: int) -> float:
    """The value of ``player``'s best response to the others' ``policy``, exactly.

    Bottom-up, level by level: ``cv[h]`` is the counterfactual value of node ``h`` (the
    others' and chance's reach times the best responder's return below it). At his
    information sets the action with the greatest summed ``cv`` over the set's nodes is taken
    at every node of the set.
    """
    w_reach = reach(tree, policy, skip_player=player)
    cv = np.zeros(tree.num_nodes)
    term = tree.player == TERMINAL
    cv[term] = w_reach[term] * tree.utility[term, player]
    depth_levels = tree.levels
    for d in range(len(depth_levels) - 2, -1, -1):
        s, e = depth_levels[d]
        ns, ne = depth_levels[d + 1]
        ids = np.arange(s, e)
        inner = ids[tree.num_children[s:e] > 0]
        if inner.size == 0:
            continue
        child_cv = cv[ns:ne]
        sums = np.add.reduceat(child_cv, tree.first_child[inner] - ns)
        mine = tree.player[inner] == player
        cv[inner[~mine]] = sums[~mine]
        if not mine.any():
            continue
        # The best responder's nodes at this depth: choose per information set.
        nodes = inner[mine]
        sets = np.unique(tree.infoset[nodes])
        kids_mask = tree.player[tree.parent[ns:ne]] == player
        kid_ids = np.arange(ns, ne)[kids_mask]
        slots = tree.edge_slot[kid_ids]
        q = np.zeros(tree.num_slots)
        np.add.at(q, slots, cv[kid_ids])
        off = tree.infoset_offset[sets]
        cnt = tree.infoset_num_actions[sets]
        best_slot = np.empty(sets.size, dtype=np.int64)
        for i in range(int(cnt.max())):  # first best action of each set (ties: any will do)
            has = cnt > i
            cand = off + np.minimum(i, cnt - 1)
            if i == 0:
                best_slot[:] = cand
            else:
                better = has & (q[cand] > q[best_slot])
                best_slot[better] = cand[better]
        best_of = np.full(tree.num_infosets, -1, dtype=np.int64)
        best_of[sets] = best_slot - off  # the chosen action's index
        cv[nodes] = cv[tree.first_child[nodes] + best_of[tree.infoset[nodes]]]
    return float(cv[0])


def nash_conv(tree: GameTree, policy: np.ndarray) -> tuple[float, list[float], list[float]]:
    """``(nash_conv, best-response values, policy values)``: Σ_p (BR_p − v_p), as OpenSpiel's
    ``exploitability.nash_conv``; the exploitability is it over the number of players."""
    values = policy_values(tree, policy)
    brs = [best_response_value(tree, policy, p) for p in range(tree.num_players)]
    return float(sum(brs) - values.sum()), brs, [float(v) for v in values]
