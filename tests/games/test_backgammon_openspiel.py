"""Differential test: hoyle_backgammon against OpenSpiel's C++ ``backgammon``.

The two games are played in lockstep on the same dice: OpenSpiel's random games drive, and at
the start of every turn the set of positions reachable with the throw (the legal whole-throw
results) must be the same in both. OpenSpiel lists one play under several action ids and plays
a doublet as two actions, so plays are compared by the positions they reach (DESIGN.md). Our
side of the comparison goes through the registered game itself: the chosen play is applied
man by man through ``pyspiel`` with legality checks, and at the end both games must agree that
the game is over and on its value (hit 1, gammon 2, backgammon 3).

Rule settings that match OpenSpiel: ``opening=modern`` (OpenSpiel opens with a non-doublet and
no choice), ``larger_die=true`` (it forces the larger die), and ``gammon_rule=modern`` for its
``full_scoring`` (any man borne off makes a single game).
At least 10,000 positions are compared over the four seeds (2,500 each, run in parallel).
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.games.backgammon import (
    BAR,
    OFF,
    WHITE,
    Position,
    Side,
    dice_outcome,
    dice_to_play,
    move_action,
    plays,
)

POSITIONS_PER_SEED = 2_500
SEEDS = (0, 1, 2, 3)


def _openspiel_side(st: Any, player: int) -> Side:
    """OpenSpiel's men of ``player`` in our numbering. OpenSpiel's player 0 starts on its
    square 0 and moves up, so his point ``p`` is square ``24 - p``; player 1's is ``p - 1``.
    The observation tensor holds the bar and the men borne off at 192 + 3p and 193 + 3p."""
    t = st.observation_tensor(0)
    bar, off = int(t[192 + 3 * player]), int(t[193 + 3 * player])
    square = (lambda p: 24 - p) if player == 0 else (lambda p: p - 1)
    return (off, *(st.board(player, square(p)) for p in range(1, 25)), bar)


def _openspiel_position(st: Any, mover: int) -> Position:
    return _openspiel_side(st, mover), _openspiel_side(st, 1 - mover)


def _openspiel_dice(st: Any) -> tuple[int, int]:
    t = st.observation_tensor(0)
    return int(t[198]), int(t[199])


def _openspiel_results(st: Any) -> dict[Position, Any]:
    """Every position OpenSpiel's mover can reach with his throw, with a state reaching it."""
    mover = st.current_player()
    out: dict[Position, Any] = {}
    stack = [st]
    while stack:
        x = stack.pop()
        for a in x.legal_actions():
            c = x.child(a)
            if not c.is_terminal() and not c.is_chance_node() and c.current_player() == mover:
                stack.append(c)
            else:
                out.setdefault(_openspiel_position(c, mover), c)
    return out


def _lockstep(seed: int, positions: int) -> tuple[int, int]:
    """Play OpenSpiel's random games and ours side by side; returns (positions, games)."""
    theirs_game = pyspiel.load_game("backgammon(scoring_type=full_scoring)")
    ours_game = pyspiel.load_game(
        "hoyle_backgammon", {"opening": "modern", "larger_die": True, "gammon_rule": "modern"}
    )
    rng = random.Random(seed)
    compared = games = 0
    while compared < positions:
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        first = True
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                outcomes, probs = zip(*theirs.chance_outcomes(), strict=True)
                theirs.apply_action(rng.choices(outcomes, probs)[0])
                continue
            mover = theirs.current_player()
            high, low = sorted(_openspiel_dice(theirs), reverse=True)
            assert ours.is_chance_node()
            if first:  # our opening outcome is (White's die, Black's die)
                white, black = (high, low) if mover == WHITE else (low, high)
                ours.apply_action(dice_outcome(white, black))
                first = False
            else:
                ours.apply_action(dice_outcome(high, low))
            reachable = _openspiel_results(theirs)
            start = _openspiel_position(theirs, mover)
            mine = plays(*start, dice_to_play(high, low), larger_die=True)
            assert set(mine) == set(reachable), (
                f"throw {high}-{low} from {start}: only OpenSpiel reaches "
                f"{set(reachable) - set(mine)}; only hoyle reaches {set(mine) - set(reachable)}"
            )
            compared += 1
            after = rng.choice(sorted(reachable))
            if mine[after]:
                assert ours.current_player() == mover
                for src, die in mine[after]:
                    ours.apply_action_with_legality_check(move_action(src, die))
            else:  # a throw that cannot be played: ours has already passed the turn
                assert after == start and ours.is_chance_node()
            theirs = reachable[after]
            assert ours.is_terminal() == theirs.is_terminal()
        games += 1
        assert ours.returns() == theirs.returns(), (ours.returns(), theirs.returns())
    return compared, games


@pytest.mark.parametrize("seed", SEEDS)
def test_whole_throw_results_and_values_match_openspiel(seed: int) -> None:
    compared, games = _lockstep(seed, POSITIONS_PER_SEED)
    assert compared >= POSITIONS_PER_SEED and games > 10


def test_the_openspiel_reading_sees_the_starting_layout() -> None:
    """The coordinate conversion above is right: OpenSpiel's start is our START for both."""
    st = pyspiel.load_game("backgammon").new_initial_state()
    st.apply_action(0)
    for player in (0, 1):
        side = _openspiel_side(st, player)
        assert side[24] == 2 and side[13] == 5 and side[8] == 3 and side[6] == 5
        assert side[OFF] == side[BAR] == 0 and sum(side) == 15
