"""``hoyle bagatelle train``: a stroke policy learned by Stable-Baselines3 on the Gymnasium env.

The learner plays breaks of ``gymnasium.make("hoyle/Bagatelle-v0")`` (Hoffmann, Hoyle's Games
Modernized, BAGATELLE; docs/games/bagatelle.md) on the table ``hoyle bagatelle compare`` plays
by default (noise of 1 degree in direction and 5% in speed on every stroke, drawn from the env's
seeded generator), by SAC or PPO. The env's observation is already scaled into ``[0, 1]``
(positions over the board's width and length, one-hot states), so the learner sees it as it is
and nothing is normalised.

It writes two files into ``--out`` (never over an existing one, each atomically):

* ``bagatelle_<algo>.npz``: the trained actor's deterministic policy as plain numpy arrays (the
  layers' weights and biases, the activation, how the output becomes an action), which
  :class:`~hoyle.agents.bagatelle.LearnedStrokes` plays with numpy alone;
* ``bagatelle_<algo>.json``: how it was trained: the algorithm and its hyperparameters, the seed,
  the env's parameters, the cost (env steps, wall and CPU seconds, torch threads), the mean score
  of the last training episodes, the library versions.

Stable-Baselines3's own ``.zip`` (which unpickles on load) is never written: the exported arrays
are the artefact.
"""

from __future__ import annotations

import dataclasses
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.agents.bagatelle import StrokePolicy, layer_sizes
from hoyle.envs.core.files import save_npz, write_new_json
from hoyle.envs.games.bagatelle import Board, Physics
from hoyle.envs.games.bagatelle.env import register_env
from hoyle.experiments.bench_record import _version as package_version
from hoyle.experiments.usage import UsageError

ALGOS = ("sac", "ppo")
MISSING = "hoyle bagatelle train needs Stable-Baselines3 and torch: pip install 'hoyle[rl]'"


def hyperparameters(algo: str, steps: int) -> dict[str, Any]:
    """The learner's settings (Stable-Baselines3's defaults where not said otherwise: a smaller
    network than SAC's 256 x 256, since every step is a whole stroke simulated on a CPU)."""
    if algo == "sac":
        return {
            "learning_rate": 3e-4,
            "buffer_size": max(steps, 1),
            "learning_starts": min(1000, max(steps // 10, 1)),
            "batch_size": 256,
            "gamma": 0.99,
            "tau": 0.005,
            "train_freq": 1,
            "gradient_steps": 1,
            "ent_coef": "auto",
            "net_arch": [128, 128],
        }
    return {
        "learning_rate": 3e-4,
        "n_steps": 1024 if steps >= 4096 else 128,
        "batch_size": 64,
        "n_epochs": 10,
        "gamma": 0.99,
        "gae_lambda": 0.95,
        "ent_coef": 0.0,
        "net_arch": [64, 64],
    }


def load_sb3() -> Any:
    """Stable-Baselines3 and torch, or the :class:`UsageError` that says how to install them."""
    try:
        import stable_baselines3
        import torch  # noqa: F401
    except ImportError:
        raise UsageError(MISSING) from None
    return stable_baselines3


def targets(out: Path, algo: str) -> tuple[Path, Path]:
    """The policy file and its training record in ``out``."""
    return out / f"bagatelle_{algo}.npz", out / f"bagatelle_{algo}.json"


def make_env(angle_noise: float, speed_noise: float) -> Any:
    """The Gymnasium env the learner plays (the registered id, as a user would make it)."""
    import gymnasium

    return gymnasium.make(register_env(), angle_noise=angle_noise, speed_noise=speed_noise)


def make_model(sb3: Any, algo: str, env: Any, seed: int, steps: int) -> Any:
    """An untrained SB3 model with :func:`hyperparameters`."""
    hp = dict(hyperparameters(algo, steps))
    policy_kwargs = {"net_arch": hp.pop("net_arch")}
    cls = sb3.SAC if algo == "sac" else sb3.PPO
    return cls("MlpPolicy", env, seed=seed, verbose=0, policy_kwargs=policy_kwargs, **hp)


def export_actor(model: Any, algo: str) -> StrokePolicy:
    """The deterministic policy of a trained model as plain arrays.

    SAC's actor: ``tanh(mu(latent_pi(obs)))``; PPO's: ``action_net(policy_net(obs))``, clipped
    to the action box by ``predict``. Both extract features by flattening (the identity here).
    """
    import torch

    if algo == "sac":
        hidden, head, output = model.policy.actor.latent_pi, model.policy.actor.mu, "tanh"
    else:
        hidden, head, output = (
            model.policy.mlp_extractor.policy_net,
            model.policy.action_net,
            "clip",
        )
    linear = [m for m in hidden if isinstance(m, torch.nn.Linear)] + [head]
    kinds = {type(m).__name__ for m in hidden if not isinstance(m, torch.nn.Linear)}
    names = {"ReLU": "relu", "Tanh": "tanh"}
    if len(kinds) > 1 or not kinds <= set(names):
        raise ValueError(f"cannot export an actor with activations {sorted(kinds)}")
    activation = names[kinds.pop()] if kinds else "relu"
    weights = tuple(m.weight.detach().cpu().numpy().T.astype(np.float32) for m in linear)
    biases = tuple(m.bias.detach().cpu().numpy().astype(np.float32) for m in linear)
    return StrokePolicy(weights, biases, activation, output)


def say_now(line: str) -> None:
    """Print a progress line at once (a log file would otherwise hold it until the end)."""
    print(line, flush=True)


def versions() -> dict[str, str | None]:
    """The versions the record keeps (None: not installed)."""
    found: dict[str, str | None] = {"python": platform.python_version()}
    for package in ("hoyle", "stable-baselines3", "torch", "gymnasium", "numpy", "pymunk"):
        found[package] = package_version(package)
    return found


def train(
    algo: str,
    steps: int,
    seed: int,
    out: Path,
    angle_noise: float = 1.0,
    speed_noise: float = 0.05,
    every: int = 2000,
    threads: int = 1,
    say: Callable[[str], None] = say_now,
) -> tuple[Path, Path, Any]:
    """Train, export and record (module docstring); returns the two files and the model."""
    if algo not in ALGOS:
        raise UsageError(f"--algo {algo}: one of {', '.join(ALGOS)}")
    if steps < 1 or every < 1 or threads < 1:
        raise UsageError("--steps, --every and --threads must be 1+")
    if not out.is_dir():
        raise UsageError(f"--out {out}: no such folder")
    npz, record = targets(out, algo)
    for t in (npz, record):
        if t.exists():
            raise UsageError(f"{t} exists: never overwritten; remove it or name another folder")
    sb3 = load_sb3()
    import torch
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(threads)
    env = make_env(angle_noise, speed_noise)
    model = make_model(sb3, algo, env, seed, steps)
    wall0, cpu0 = time.perf_counter(), time.process_time()

    class Progress(BaseCallback):  # type: ignore[misc,unused-ignore]  # Any without sb3
        """A line every ``every`` env steps: the mean score of the last 100 breaks."""

        episodes = 0

        def _on_step(self) -> bool:
            self.episodes += int(np.sum(self.locals["dones"]))
            if self.num_timesteps % every == 0 or self.num_timesteps == steps:
                say(progress_line(self.model, self.num_timesteps, wall0))
            return True

    progress = Progress()
    model.learn(total_timesteps=steps, callback=progress)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    policy = export_actor(model, algo)
    episodes = [float(e["r"]) for e in model.ep_info_buffer]
    data = {
        "source": "Hoffmann, Hoyle's Games Modernized, BAGATELLE (docs/games/bagatelle.md)",
        "command": "hoyle bagatelle train",
        "algo": algo,
        "library": "stable-baselines3",
        "hyperparameters": hyperparameters(algo, steps),
        "network": {"layers": list(layer_sizes(policy)), "activation": policy.activation,
                    "output": policy.output},
        "observation": "the env's own (already in [0, 1]); not normalised",
        "seed": seed,
        "env": {"id": register_env(), "angle_noise_deg": angle_noise, "speed_noise": speed_noise,
                "board": dataclasses.asdict(Board()), "physics": dataclasses.asdict(Physics())},
        "cost": {"env_steps": int(model.num_timesteps), "episodes": progress.episodes,
                 "wall_seconds": round(wall, 1),
                 "cpu_seconds": round(cpu, 1), "torch_threads": torch.get_num_threads()},
        "last_breaks_mean_score": statistics.fmean(episodes) if episodes else None,
        "last_breaks": len(episodes),
        "versions": versions(),
    }  # fmt: skip
    for t in (npz, record):  # a run beside this one may have taken a name meanwhile
        if t.exists():
            raise UsageError(f"{t} exists: never overwritten; remove it or name another folder")
    save_npz(npz, policy.arrays())
    write_new_json(record, data)
    say(f"{algo}: {model.num_timesteps} steps in {wall:.0f} s wall, {cpu:.0f} s CPU")
    return npz, record, model


def progress_line(model: Any, steps: int, wall0: float) -> str:
    scores = [float(e["r"]) for e in model.ep_info_buffer]
    mean = f"{statistics.fmean(scores):6.2f}" if scores else "   n/a"
    seconds = time.perf_counter() - wall0
    return (
        f"{steps:8d} steps  mean score of the last {len(scores):3d} breaks {mean}  "
        f"({seconds:.0f} s, {steps / max(seconds, 1e-9):.0f} steps/s)"
    )
