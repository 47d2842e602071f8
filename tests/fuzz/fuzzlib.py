"""The fuzzers behind ``tests/fuzz``: adversarial inputs through every entry point of a game.

Each fuzzer walks seeded random games of one loaded game and, along the way, throws inputs at
the entry points a user (or a bot, or a received file) reaches, checking the trust properties
of docs/trust.md on every one:

* :func:`fuzz_actions` — ints legal and illegal, huge and negative, and values that are not
  ints, through ``apply_action``, ``apply_action_with_legality_check``, ``child`` and the C++
  ``pyspiel.State.apply_action`` / ``child`` (the path OpenSpiel's algorithms take): a legal int
  is accepted and advances the history by one; anything else raises a hoyle error (a
  ``pyspiel.SpielError``), changes nothing, and its message is the same in every world the
  player to act cannot tell apart from this one (so it shows no card he cannot see);
  ``child`` agrees with ``apply_action``.
* :func:`fuzz_serialization` — a state's text round-trips (``deserialize_state``, pickle), and
  mutated texts (cut, spliced, entries changed, another game's, garbage) are either refused with
  a ``StateFormatError`` or are themselves a canonical serialization of a legal history: a text
  that loads always serializes back to itself.

They return :class:`Counts`; a property that fails is an ``AssertionError`` naming the game, the
seed and the input. ``tests/fuzz/test_fuzz.py`` runs them under hypothesis on every registered
game (sized for CI); ``python -m tests.fuzz.long_run`` runs them long and prints the counts.
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

from hoyle.envs.core.errors import HoyleError, StateFormatError
from hoyle.envs.core.serialize import HEADER
from tests.helpers import random_playout_states


@dataclass
class Counts:
    """What a fuzz run tried and saw (every violation is an assertion, so none is counted)."""

    inputs: int = 0
    accepted_legal: int = 0
    refused_illegal: int = 0
    refused_non_int: int = 0
    texts: int = 0
    texts_refused: int = 0
    texts_valid: int = 0
    by_entry: dict[str, int] = field(default_factory=dict)

    def add(self, other: Counts) -> None:
        for k, v in other.__dict__.items():
            if isinstance(v, dict):
                for kk, vv in v.items():
                    self.by_entry[kk] = self.by_entry.get(kk, 0) + vv
            else:
                setattr(self, k, getattr(self, k) + v)


NON_INTS: tuple[Any, ...] = (
    "0", "1", "", "♥5", 0.5, 1.0, -0.0, math.inf, -math.inf, math.nan, None, True, False,
    np.float64(2.0), np.array([1]), [0], (0,), b"\x00", object(), 1 + 0j,
)  # fmt: skip
"""Values that are not actions whatever the state (bools are ints to Python, not to hoyle)."""


def _snapshot(state: Any) -> tuple[Any, ...]:
    """What must not change when an input is refused."""
    return (state.serialize(), str(state), tuple(state.legal_actions()), state.move_number())


def _candidates(state: Any, game: Any, rng: random.Random, extra: Sequence[Any]) -> list[Any]:
    """Inputs to try at ``state``: legal and illegal ints near and far, and non-ints."""
    n = game.num_distinct_actions()
    legal = state.legal_actions()
    out: list[Any] = [
        rng.randrange(-3, n + 3), rng.randrange(-(2**31), 2**31), 2**63 + rng.randrange(9),
        -(2**63) - 1, n, -1, rng.choice(NON_INTS), *extra,
    ]  # fmt: skip
    if legal:
        out.append(rng.choice(legal))
        out.append(np.int64(rng.choice(legal)))
        illegal = [a for a in range(max(n, game.max_chance_outcomes())) if a not in legal]
        if illegal:
            out.append(rng.choice(illegal))
    rng.shuffle(out)
    return out[: rng.randint(1, len(out))]


def _is_legal_int(value: Any, legal: Sequence[int]) -> bool:
    return (
        not isinstance(value, bool) and isinstance(value, (int, np.integer)) and int(value) in legal
    )


ENTRIES: dict[str, Callable[[Any, Any], Any]] = {
    "apply_action": lambda s, a: s.apply_action(a),
    "apply_action_with_legality_check": lambda s, a: s.apply_action_with_legality_check(a),
    "child": lambda s, a: s.child(a),
    "cpp_apply_action": lambda s, a: pyspiel.State.apply_action(s, a),
    "cpp_child": lambda s, a: pyspiel.State.child(s, a),
}
"""The ways to advance a state: hoyle's Python methods, and OpenSpiel's C++ ones called past
them (as OpenSpiel's own algorithms and C++ bots do)."""


def _message_in_world(world: Any, entry: str, value: Any) -> str | None:
    try:
        ENTRIES[entry](world, value)
    except (pyspiel.SpielError, TypeError) as e:
        return str(e)
    return None


def _check_refusal(
    state: Any, entry: str, value: Any, error: BaseException, rng: random.Random, where: str
) -> None:
    """A refused input: a hoyle error whose message no hidden card can change."""
    perfect = state.get_game().get_type().information == (
        pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    if perfect or state.is_terminal():
        return
    cur = state.current_player()
    viewers = [cur] if cur >= 0 else list(range(state.num_players()))
    for p in viewers:
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(2**31), 0.0, 1.0)
        world = state.resample_from_infostate(p, sampler)
        other = _message_in_world(world, entry, value)
        if cur < 0 and other is None:
            continue  # A card dealt here may be undealt there: chance is not a player.
        assert other == str(error), (
            f"{where}: the refusal of {value!r} through {entry} reads differently in a world "
            f"player {p} cannot tell apart (it shows what he cannot see):\n{error}\n---\n{other}"
        )


def fuzz_actions(
    game: Any, seed: int, games: int = 1, extra: Sequence[Any] = (), leak_every: int = 4
) -> Counts:
    """Adversarial inputs at every node of ``games`` seeded random games (see the module doc).

    ``extra`` values are thrown at every node too (hypothesis supplies them); the message of a
    refusal is compared with its re-dealt twin on every ``leak_every``-th refusal.
    """
    rng = random.Random(seed)
    counts = Counts()
    for g in range(games):
        for state in random_playout_states(game, rng):
            where = f"{game} seed {seed} game {g} history {state.history()}"
            for value in _candidates(state, game, rng, extra):
                entry = rng.choice(list(ENTRIES))
                if entry.startswith("cpp_") and isinstance(value, bool):
                    entry = entry.removeprefix("cpp_")  # pybind11 reads a bool as an int.
                before = _snapshot(state)
                legal = list(before[2])
                counts.inputs += 1
                counts.by_entry[entry] = counts.by_entry.get(entry, 0) + 1
                target = state.clone() if entry in ("apply_action", "cpp_apply_action",
                                                     "apply_action_with_legality_check") else state  # fmt: skip
                try:
                    result = ENTRIES[entry](target, value)
                except pyspiel.SpielError as e:
                    # hoyle's refusal; on the C++ path OpenSpiel's own check may come first
                    # (it refuses kInvalidAction, -1, before calling hoyle).
                    assert isinstance(e, HoyleError) or entry.startswith("cpp_"), (
                        f"{where}: {entry}({value!r}) raised {type(e).__name__}: {e}"
                    )
                    assert not _is_legal_int(value, legal), f"{where}: legal {value!r} refused: {e}"
                    assert _snapshot(state) == before, f"{where}: refused {value!r} changed state"
                    if target is not state:
                        assert _snapshot(target) == before, f"{where}: refused {value!r} changed it"
                    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
                        counts.refused_illegal += 1
                    else:
                        counts.refused_non_int += 1
                    if isinstance(e, HoyleError) and "\n" in str(e):
                        raise AssertionError(
                            f"{where}: a refusal of more than one line: {e}"
                        ) from e
                    if counts.refused_illegal % leak_every == 0:
                        _check_refusal(state, entry, value, e, rng, where)
                    continue
                except TypeError as e:
                    # pybind11's own refusal, on the C++ path, of a value that is not a 64-bit
                    # int, before any hoyle code runs; its message shows the state's repr.
                    assert entry.startswith("cpp_") and not _is_legal_int(value, legal), (
                        f"{where}: {entry}({value!r}) raised a bare TypeError: {e}"
                    )
                    assert str(state) not in str(e), f"{where}: the table in {e}"
                    assert _snapshot(state) == before
                    counts.refused_non_int += 1
                    continue
                assert _is_legal_int(value, legal), f"{where}: {entry} accepted {value!r}"
                counts.accepted_legal += 1
                after = result if entry in ("child", "cpp_child") else target
                assert after.history() == [*state.history(), int(value)], where
                twin = state.clone()
                twin.apply_action(int(value))
                assert _snapshot(after) == _snapshot(twin), f"{where}: {entry} differs"
                assert _snapshot(state) == before, f"{where}: {entry} changed the original"
    return counts


# --- serialization ---------------------------------------------------------------------------
def _mutations(text: str, other_texts: Sequence[str], rng: random.Random) -> list[str]:
    """Corrupt, truncated and spliced versions of ``text``."""
    header, game_line, history = text.removesuffix("\n").split("\n")
    entries = history.removeprefix("history=").split(",") if history != "history=" else []
    out = [
        text[: rng.randrange(len(text))],
        text[: rng.randrange(len(text))] + text[rng.randrange(len(text)) :],
        text.replace(",", ",,", 1), text.replace(",", "", 1), text + "junk",
        text.replace("history=", "history= ", 1), text.replace("\n", "\r\n"),
        header + "\n" + game_line + "\n" + history + "\nextra=1\n",
        f"# hoyle state 2\n{game_line}\n{history}\n",
        "history=-1:0\nmove_number=1\n__dict__=gASVAAAA\n",
        "".join(chr(rng.randrange(32, 0x2600)) for _ in range(rng.randrange(1, 60))),
        bytes(rng.randrange(256) for _ in range(20)).decode("latin-1"),
        "", "\n\n\n", HEADER, text.upper(),
    ]  # fmt: skip
    if other_texts:
        other = rng.choice(other_texts)
        out.append(other.split("\n")[0] + "\n" + other.split("\n")[1] + "\n" + history + "\n")
        out.append(text.split("\n")[0] + "\n" + other.split("\n")[1] + "\n" + history + "\n")
    if entries:
        i = rng.randrange(len(entries))
        for new in (str(rng.randrange(200)), str(2**40), "-1", "0" + entries[i], " 1", "x",
                    entries[i] + ".0", "１"):  # fmt: skip
            changed = [*entries[:i], new, *entries[i + 1 :]]
            out.append(f"{header}\n{game_line}\nhistory={','.join(changed)}\n")
        j = rng.randrange(len(entries))
        swapped = list(entries)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out.append(f"{header}\n{game_line}\nhistory={','.join(swapped)}\n")
        dup = [*entries[: i + 1], entries[i], *entries[i + 1 :]]
        out.append(f"{header}\n{game_line}\nhistory={','.join(dup)}\n")
        out.append(f"{header}\n{game_line}\nhistory={','.join(entries + entries)}\n")
        cut = entries[: rng.randrange(len(entries))]
        out.append(f"{header}\n{game_line}\nhistory={','.join(cut)}\n")
    return out


def _states(game: Any, rng: random.Random, count: int) -> list[Any]:
    """A few states of one random game (the start, the end, and some between)."""
    states = list(random_playout_states(game, rng))
    middle = [s for s in states[1:-1] if rng.random() < 0.1]
    return rng.sample([states[0], *middle, states[-1]], min(count, len(middle) + 2))


def fuzz_serialization(
    game: Any, seed: int, states: int = 4, other_texts: Sequence[str] = (),
    extra: Sequence[str] = (),
) -> Counts:  # fmt: skip
    """Round trips and mutated texts of a few states of one random game (see the module doc)."""
    rng = random.Random(seed)
    counts = Counts()
    for state in _states(game, rng, states):
        text = state.serialize()
        assert "__dict__" not in text and "pickle" not in text
        for copy in (game.deserialize_state(text), pickle.loads(pickle.dumps(state))):
            assert _snapshot(copy) == _snapshot(state), f"{game}: a round trip differs"
        for bad in [*_mutations(text, other_texts, rng), *extra]:
            counts.texts += 1
            try:
                loaded = game.deserialize_state(bad)
            except StateFormatError as e:
                assert "\n" not in str(e), f"a refusal of more than one line: {e}"
                counts.texts_refused += 1
                continue
            normal = bad.removesuffix("\n") + "\n"
            assert loaded.serialize() == normal, (
                f"{game} seed {seed}: accepted a text that is not the state's own:\n{bad!r}"
            )
            counts.texts_valid += 1
    return counts


# --- the environments --------------------------------------------------------------------------
def _env_value(mask: Any, n: int, rng: random.Random, extra: Sequence[Any]) -> Any:
    """One input for an environment's ``step``: legal often, else illegal or not an int."""
    legal = [int(a) for a in np.flatnonzero(mask)]
    roll = rng.random()
    if legal and roll < 0.5:
        return rng.choice(legal) if roll < 0.4 else np.int64(rng.choice(legal))
    pool: list[Any] = [rng.randrange(-3, n + 3), 2**64, rng.choice(NON_INTS), *extra]
    illegal = [a for a in range(n) if a not in legal]
    if illegal:
        pool.append(rng.choice(illegal))
    return rng.choice(pool)


def fuzz_gymnasium(game: Any, seed: int, steps: int = 60, extra: Sequence[Any] = ()) -> Counts:
    """Adversarial ``step`` inputs to the Gymnasium env of ``game``, one seat learning and random
    agents in the others, under both illegal-action policies: a legal action is played; under
    ``"raise"`` anything else raises a hoyle error and changes nothing; under ``"penalty"`` it
    ends the episode with the declared penalty and ``info["illegal_action"]``, the game's state
    untouched."""
    from hoyle.envs.wrappers.gymnasium_env import HoyleEnv

    rng = random.Random(seed)
    counts = Counts()
    n = game.num_distinct_actions()
    for policy in ("raise", "penalty"):
        env = HoyleEnv(game, seat=rng.randrange(game.num_players()), opponents="random",
                       illegal_action=policy)  # fmt: skip
        obs, info = env.reset(seed=rng.randrange(2**31))
        done = False
        for _ in range(steps):
            if done:
                obs, info = env.reset(seed=rng.randrange(2**31))
            legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
            if not legal:  # The game ended before the seat moved: this step pays the return.
                _, _, term, trunc, _ = env.step(0)
                done = term or trunc
                continue
            value = _env_value(obs["action_mask"], n, rng, extra)
            before = env.spiel_state.serialize()
            played = len(env.spiel_state.history())
            counts.inputs += 1
            counts.by_entry["gymnasium.step"] = counts.by_entry.get("gymnasium.step", 0) + 1
            try:
                obs, reward, term, trunc, info = env.step(value)
            except HoyleError:
                assert policy == "raise" and not _is_legal_int(value, legal), (game, value)
                assert env.spiel_state.serialize() == before, f"{game}: a refusal changed it"
                counts.refused_illegal += 1
                continue
            if _is_legal_int(value, legal):
                counts.accepted_legal += 1
                assert not info.get("illegal_action"), (game, value)
                assert env.spiel_state.history()[played] == int(value), (game, value)
            else:
                assert policy == "penalty" and info.get("illegal_action"), (game, value)
                assert term and reward == env.penalty, (game, value, reward)
                assert env.spiel_state.serialize() == before, f"{game}: the penalty changed it"
                counts.refused_illegal += 1
            done = term or trunc
    return counts


def fuzz_pettingzoo(game: Any, seed: int, steps: int = 60, extra: Sequence[Any] = ()) -> Counts:
    """Adversarial ``step`` inputs to the PettingZoo AEC env of ``game`` (every agent fuzzed),
    under both illegal-action policies, with the properties of :func:`fuzz_gymnasium`."""
    from hoyle.envs.wrappers.pettingzoo_env import HoyleAECEnv

    rng = random.Random(seed)
    counts = Counts()
    n = game.num_distinct_actions()
    for policy in ("raise", "penalty"):
        env = HoyleAECEnv(game, illegal_action=policy)
        env.reset(seed=rng.randrange(2**31))
        for _ in range(steps):
            agent = env.agent_selection
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                if not env.agents or all(env.terminations.values()):
                    env.reset(seed=rng.randrange(2**31))
                else:
                    env.step(None)
                continue
            value = _env_value(obs["action_mask"], n, rng, extra)
            legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
            before = env.spiel_state.serialize()
            counts.inputs += 1
            counts.by_entry["pettingzoo.step"] = counts.by_entry.get("pettingzoo.step", 0) + 1
            try:
                env.step(value)
            except HoyleError:
                assert policy == "raise" and not _is_legal_int(value, legal), (game, value)
                assert env.spiel_state.serialize() == before, f"{game}: a refusal changed it"
                assert env.agent_selection == agent
                counts.refused_illegal += 1
                continue
            if _is_legal_int(value, legal):
                counts.accepted_legal += 1
            else:
                assert policy == "penalty", (game, value)
                assert env.infos[agent].get("illegal_action"), (game, value)
                assert env.rewards[agent] == env.penalty or env._cumulative_rewards[agent] == (
                    env.penalty
                ), (game, value)
                assert env.spiel_state.serialize() == before, f"{game}: the penalty changed it"
                counts.refused_illegal += 1
    return counts
