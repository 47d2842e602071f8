"""Counterfactual regret minimisation: tabular MCCFR on small configurations and abstracted games.

The ``mccfr`` agent plays a policy saved by ``hoyle train <game> --method mccfr``::

    mccfr:policy=conquian-abstract|runs/conquian-mccfr/policy.npz[,fallback=uniform|heuristic][,play=sample|greedy]

* ``policy`` (required): the name of a shipped policy (``hoyle models``:
  ``mccfr:policy=conquian-abstract``, found through the package's resources from any working
  directory) or the path of an ``.npz`` file (:mod:`hoyle.agents.cfr.policy`). The agent must
  be given the game the policy was trained on (same game string, parameters included).
* ``fallback`` (default ``uniform``): what to play at an information set the policy never
  reached (an unseen key, or a sparse abstraction's gap): ``uniform`` picks a legal action
  uniformly at random, which is what the average policy of CFR means there (an information
  set never reached has a uniform average strategy); ``heuristic`` asks the game's book
  heuristic (hoyle games only). The agent counts its ``hits`` and ``misses``.
  Decisions the game's abstraction leaves out (it returns ``None``: *delegated*) are the
  book heuristic's, whatever the fallback, since training played them so (``delegated``).
* ``play`` (default ``sample``): ``sample`` draws from the average policy (the equilibrium
  approximation); ``greedy`` plays its most probable action.

The key is computed at play exactly as in training: the seat and the perfect-recall
information-state string (``key=infostate``, exact mode), or the seat, the game's declared
abstraction of ``state.player_view(seat)`` and the legal actions (``key=abstraction``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.cfr.mccfr import abstraction_key_fn, declared_abstraction, exact_key_fn
from hoyle.agents.cfr.policy import PolicyTable
from hoyle.agents.models import model_path, names_for
from hoyle.envs.core.files import FileFormatError

FALLBACKS = ("uniform", "heuristic")
PLAYS = ("sample", "greedy")
_CACHE: dict[tuple[str, int, int], PolicyTable] = {}


def load_policy(path: str | Path) -> PolicyTable:
    """A policy, by a shipped model's name or a file's path, loaded once per process (agents
    are built per deal and seat); a missing or malformed file raises a one-line
    ``FileFormatError`` (a ``ValueError``) naming it."""
    with model_path(path, "mccfr:policy") as p:
        if not p.exists():
            raise FileFormatError(f"mccfr: no policy file at {str(p)!r} (policy= a shipped "
                                  f"policy, {', '.join(names_for('mccfr:policy'))}, or a file "
                                  "trained with 'hoyle train')")  # fmt: skip
        if not p.is_file():
            raise FileFormatError(f"mccfr: {p} is not a policy file (a folder?)")
        st = p.stat()
        key = (str(p.resolve()), st.st_mtime_ns, st.st_size)
        if key not in _CACHE:
            _CACHE[key] = PolicyTable.load(p)
        return _CACHE[key]


class MCCFRBot(HoyleBot):
    """Plays a saved MCCFR average policy, with a fallback for information sets it lacks."""

    def __init__(
        self, game: Any, policy: PolicyTable, fallback: str = "uniform", play: str = "sample",
        seed: int = 0, name: str = "",
    ) -> None:  # fmt: skip
        super().__init__(game, seed, name or "mccfr")
        trained = policy.meta.get("game")
        if trained != str(game):
            raise ValueError(
                f"mccfr: the policy was trained on {trained}, not on {game} "
                "(give the same game and parameters)"
            )
        self.policy = policy
        self.play = play
        self.hits = 0
        self.misses = 0
        self.delegated = 0
        if policy.meta["key"] == "abstraction":
            abstraction = declared_abstraction(game)
            if abstraction is None:
                raise ValueError(f"mccfr: {game} declares no information abstraction")
            self.key_fn = abstraction_key_fn(abstraction)
        else:
            self.key_fn = exact_key_fn
        self.fallback: HoyleBot | None = None
        self.heuristic: HoyleBot | None = None
        if fallback == "heuristic" or policy.meta["key"] == "abstraction":
            if getattr(game, "spec", None) is None:
                raise ValueError("mccfr: fallback=heuristic needs a hoyle game")
            from hoyle.agents.heuristics import HeuristicBot

            self.heuristic = HeuristicBot(game, seed, (), "heuristic")
            if fallback == "heuristic":
                self.fallback = self.heuristic

    def action_probabilities(self, state: Any) -> dict[int, float] | None:
        """The policy's probabilities at ``state``, or ``None`` if it never reached it (or
        the decision is delegated)."""
        player = state.current_player()
        legal = state.legal_actions()
        key = self.key_fn(state, player, legal)
        row = None if key is None else self.policy.table.get(key)
        if row is None or list(row[0]) != legal:
            return None
        return dict(zip(row[0], row[1], strict=True))

    def step(self, state: Any) -> int:
        player = state.current_player()
        if self.key_fn(state, player, state.legal_actions()) is None and self.heuristic:
            # A decision the abstraction leaves out: the book heuristic's, as in training.
            self.delegated += 1
            self.last_reason = "delegated: heuristic"
            return int(self.heuristic.step(state))
        probs = self.action_probabilities(state)
        if probs is None:
            self.misses += 1
            if self.fallback is not None:
                self.last_reason = "fallback: heuristic"
                return int(self.fallback.step(state))
            legal = state.legal_actions()
            self.last_reason = "fallback: uniform"
            return int(legal[self.rng.randrange(len(legal))])
        self.hits += 1
        self.last_reason = "policy"
        actions = list(probs)
        if self.play == "greedy":
            return int(max(actions, key=lambda a: probs[a]))
        u = self.rng.random() * sum(probs.values())
        acc = 0.0
        for a in actions:
            acc += probs[a]
            if u < acc:
                return int(a)
        return int(actions[-1])


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """Build ``mccfr:policy=NAME|PATH[,fallback=uniform|heuristic][,play=sample|greedy]``."""
    if off:
        raise ValueError(f"mccfr takes no hint switches; got {', '.join('-' + o for o in off)}")
    known = {"policy", "fallback", "play"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(f"mccfr: unknown option {unknown[0]!r}; options: fallback, play, policy")
    if "policy" not in options:
        raise ValueError(
            f"mccfr needs policy=NAME|PATH (a shipped policy, "
            f"{', '.join(names_for('mccfr:policy'))}, or a file saved by 'hoyle train')"
        )
    fallback = options.get("fallback", "uniform")
    if fallback not in FALLBACKS:
        raise ValueError(f"mccfr: fallback must be one of {', '.join(FALLBACKS)}; got {fallback!r}")
    play = options.get("play", "sample")
    if play not in PLAYS:
        raise ValueError(f"mccfr: play must be one of {', '.join(PLAYS)}; got {play!r}")
    return MCCFRBot(game, load_policy(options["policy"]), fallback, play, seed, spec)


__all__ = ["MCCFRBot", "PolicyTable", "from_spec", "load_policy"]
