"""``hoyle solve``: exact solvers of the books' problems, from the command line.

``hoyle solve serpent --deal "D.6 S.5 C.Q ..."`` prints the best Serpent Poker Patience layout
of a deal (RULES.md §20.2) and, on its last line, ``score: N``. Each puzzle's solver owns its
options (``hoyle solve serpent --help``); this module only routes to it.

``hoyle solve matrimony --players 3 --max-stake 3 --iterations 300`` solves Matrimony's staking
by CFR, the deal as exact chance, and prints the NashConv reached and the solved stakes
(``docs/analytics/matrimony-staking.md``).

``hoyle solve pochen-betting --players 3 --max-bet 2 --iterations 500`` solves the betting for
Pochen's centre pool by CFR+, the deal as chance (``docs/analytics/pochen-betting.md``).

``hoyle solve old-maid --deals 2000 --seed 1`` gives Old Maid's chance of ending the Old Maid by
seat, exact for two to four players, beside a simulation (``docs/analytics/old_maid-seats.md``).

``hoyle solve speculation-price --players 2 --ranks 5 --max-offer 2 --iterations 20000`` solves
a small Speculation market by MCCFR and writes the price of the best trump so far beside its
exact fair price and the heuristic's (``docs/analytics/speculation-price.md``).
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

PUZZLES = {
    "serpent": "hoyle.agents.serpent",
    "matrimony": "hoyle.experiments.matrimony_staking",
    "old-maid": "hoyle.experiments.old_maid_seats",
    "pochen-betting": "hoyle.agents.cfr.pochen_betting",
    "speculation-price": "hoyle.agents.cfr.speculation_price",
}
"""Puzzle name -> the module whose ``main(argv)`` solves it."""


def add_command(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "solve",
        help="solve a problem of the books exactly (serpent: Serpent Poker Patience; matrimony: "
        "Matrimony's staking by CFR; pochen-betting: Pochen's betting by CFR+; speculation-price: "
        "Speculation's market by MCCFR)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("puzzle", choices=sorted(PUZZLES), help="the problem")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the solver's options (--help: them)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    solver = importlib.import_module(PUZZLES[args.puzzle])
    return int(solver.main(args.args))
