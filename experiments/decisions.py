"""How much choice a game leaves its players: the legal actions at its decision nodes over
random games.

A game whose plays are mostly compelled (Earl of Coventry, where every card after a lead is
forced) may still leave a decision worth the name. This counts, over seeded uniformly random
games, the decisions per game, the mean number of legal actions at a decision, the share of
decisions with more than one legal action, and the most legal actions seen at one decision.

    python -m hoyle.experiments.decisions 'earl_of_coventry(players=4)' --games 2000 --seed 1
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.experiments.analytics import count_decisions, decisions_summary


@dataclass(frozen=True)
class Choice:
    """What random games of one game string showed."""

    game: str
    games: int
    decisions_per_game: float
    mean_legal: float
    share_with_choice: float
    most_legal: int


def measure(game_string: str, games: int, seed: int) -> Choice:
    """Play ``games`` uniformly random games of ``game_string`` (a ``hoyle_`` game, parameters
    in brackets) and count the legal actions at every decision: the decisions pass of
    ``hoyle analytics`` (:func:`~hoyle.experiments.analytics.count_decisions`), for several
    game strings in one table."""
    name, _, rest = game_string.partition("(")
    game = pyspiel.load_game(f"hoyle_{name}" + (f"({rest}" if rest else ""))
    d = count_decisions(game, games, seed)
    summary = decisions_summary(d)
    return Choice(
        game=game_string,
        games=games,
        decisions_per_game=summary["decisions_per_game"]["mean"],
        mean_legal=summary["mean_legal_actions"],
        share_with_choice=summary["share_real"],
        most_legal=max(d.legal),
    )


def row(c: Choice) -> str:
    """One line of a Markdown table: game, games, decisions a game, mean legal actions, share
    of decisions with a choice, most legal actions."""
    return (
        f"| `{c.game}` | {c.games} | {c.decisions_per_game:.1f} | {c.mean_legal:.2f} | "
        f"{100 * c.share_with_choice:.1f}% | {c.most_legal} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_strings", nargs="+", metavar="game", help="e.g. earl_of_coventry")
    parser.add_argument("--games", type=int, default=1000, help="random games each")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("| game | games | decisions a game | legal actions a decision | with a choice | most |")
    print("|:---|---:|---:|---:|---:|---:|")
    for g in args.games_strings:
        print(row(measure(g, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
