"""The fuzz suite run long: ``python -m tests.fuzz.long_run --inputs 100000``.

Runs the fuzzers of :mod:`tests.fuzz.fuzzlib` over every registered game configuration (the
conformance list), round after round with fresh seeds, until at least ``--inputs`` inputs have
been tried, and prints what was tried and refused per game and in all. A property that fails
stops the run with the game, the seed and the input (an ``AssertionError``), so a run that ends
with the table found no violation: no illegal action or non-int accepted through any entry
point, no refusal that changed a state or showed a hidden card, no corrupt text accepted.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.fuzz.fuzzlib import (
    Counts,
    fuzz_actions,
    fuzz_gymnasium,
    fuzz_pettingzoo,
    fuzz_serialization,
)
from tests.helpers import CONFIGS, config_id, load_config


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", type=int, default=100_000, help="inputs to try (default 100000)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = p.parse_args(argv)
    per_game = {config_id(c): Counts() for c in CONFIGS}
    total = Counts()
    others = [load_config(c).new_initial_state().serialize() for c in CONFIGS]
    start = time.monotonic()
    seed = args.seed
    while total.inputs + total.texts < args.inputs:
        for config in CONFIGS:
            game = load_config(config)
            mine = game.new_initial_state().serialize()
            round_counts = Counts()
            round_counts.add(fuzz_actions(game, seed))
            round_counts.add(
                fuzz_serialization(game, seed, other_texts=[t for t in others if t != mine])
            )
            round_counts.add(fuzz_gymnasium(game, seed))
            round_counts.add(fuzz_pettingzoo(game, seed))
            per_game[config_id(config)].add(round_counts)
            total.add(round_counts)
        seed += 1
        done = total.inputs + total.texts
        print(f"round {seed - args.seed}: {done:,} inputs, {time.monotonic() - start:.0f} s",
              file=sys.stderr, flush=True)  # fmt: skip
    head = (f"{'configuration':<34}{'actions':>9}{'legal':>8}{'illegal':>9}{'non-int':>9}"
            f"{'texts':>8}{'refused':>9}{'valid':>7}")  # fmt: skip
    print(head)
    print("-" * len(head))
    for name, c in [*per_game.items(), ("all", total)]:
        print(f"{name:<34}{c.inputs:>9,}{c.accepted_legal:>8,}{c.refused_illegal:>9,}"
              f"{c.refused_non_int:>9,}{c.texts:>8,}{c.texts_refused:>9,}{c.texts_valid:>7,}")  # fmt: skip
    print("by entry point: " + ", ".join(f"{k} {v:,}" for k, v in sorted(total.by_entry.items())))
    print(f"{total.inputs + total.texts:,} inputs in {time.monotonic() - start:.0f} s; "
          "0 violations (a violation stops the run)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
