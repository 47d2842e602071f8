"""The book's heuristic backgammon player (agents/heuristics/backgammon.py).

The opening table is played move for move from the starting position in both styles; the shot
counter is checked against a brute force over every legal play of every throw; each hint
changes some decision when it is switched off; the player plays legal, seeded games.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import backgammon as H
from hoyle.envs.games.backgammon import (
    BAR,
    MOVE,
    OPENING_CHOICE,
    REROLL_ACTION,
    ROLL,
    START,
    TAKE_ACTION,
    THROWS,
    WHITE,
    Side,
    dice_outcome,
    dice_to_play,
    parse_play,
    plays,
)
from hoyle.envs.games.backgammon import (
    make_side as side,
)
from tests.helpers import play_out

GAME = pyspiel.load_game("hoyle_backgammon")


def brute_shots(
    mover: Side, adversary: Side, targets: list[int] | None = None, larger_die: bool = False
) -> int:
    """Throws (of 36) for which some legal play of the adversary hits one of the blots."""
    points = H.blots(mover) if targets is None else targets
    total = 0
    for high, low, p in THROWS:
        after = plays(adversary, mover, dice_to_play(high, low), larger_die)
        if any(any(m[q] == 0 for q in points) for _, m in after):
            total += round(p * 36)
    return total


def play_throw(bot: Any, state: Any) -> Any:
    """Let ``bot`` play the whole throw in ``state``; the state after it."""
    player = state.current_player()
    while not state.is_terminal() and state.current_player() == player and state.s.phase == MOVE:
        state.apply_action(bot.step(state))
    return state


def state_at(mover: Side, adversary: Side, throw: tuple[int, int]) -> Any:
    """White on roll in this position, after ``throw`` thrown through the real rules."""
    state = GAME.new_initial_state()
    s = state.s
    s.men, s.turn, s.phase, s.legal_cache = (mover, adversary), WHITE, ROLL, None
    state.apply_action(dice_outcome(*throw))
    return state


def opening_state(throw: tuple[int, int], take: bool) -> Any:
    """White to play ``throw`` as the first throw of the game: the opening dice taken
    (``take``, unequal dice), or White's opening dice thrown again and ``throw`` thrown."""
    state = GAME.new_initial_state()
    if take:
        state.apply_action(dice_outcome(*throw))  # White throws the higher die
        state.apply_action(TAKE_ACTION)
    else:
        state.apply_action(dice_outcome(2, 1))
        state.apply_action(REROLL_ACTION)
        state.apply_action(dice_outcome(*throw))
    assert state.current_player() == WHITE and state.s.phase == MOVE
    return state


# --- the opening table ------------------------------------------------------------------------


@pytest.mark.parametrize("style", H.STYLES)
@pytest.mark.parametrize("throw", sorted(H.OPENINGS))
def test_the_book_opening_is_played_in_both_styles(throw: tuple[int, int], style: str) -> None:
    book = parse_play(START, START, dice_to_play(*throw), H.OPENINGS[throw].plays[style])
    bots = [H.BookBot(GAME, seed=3, style=style), make(f"heuristic:style={style}", GAME, seed=5)]
    for bot in bots:
        for take in (False, True) if throw[0] != throw[1] else (False,):
            state = play_throw(bot, opening_state(throw, take))
            assert state.s.men == book, (throw, style, take)
            assert bot.last_reason == "backgammon.opening"


def test_the_opening_table_is_left_alone_when_switched_off() -> None:
    bot = make("heuristic:-opening", GAME, seed=0)
    book = parse_play(START, START, (5, 4), H.OPENINGS[(5, 4)].plays["hit"])
    state = play_throw(bot, opening_state((5, 4), take=True))
    assert state.s.men != book  # 24/15 leaves a blot; the other hints play safer


def test_opening_choice_takes_the_throws_the_book_calls_good() -> None:
    taken = {t for t in H.BOOK_RANK if t[0] != t[1] and H.opening_choice(*t)}
    assert taken == {(3, 1), (6, 1), (5, 3), (4, 2), (6, 4)}
    assert pytest.approx(29 / 36) == H.RETHROW_SCORE
    for (high, low), take in (((3, 1), TAKE_ACTION), ((5, 4), REROLL_ACTION)):
        state = GAME.new_initial_state()
        state.apply_action(dice_outcome(high, low))
        assert state.s.phase == OPENING_CHOICE
        assert make("heuristic", GAME).step(state) == take
        assert make("heuristic:-opening", GAME).step(state) == TAKE_ACTION


# --- the shot counter -------------------------------------------------------------------------

ALONE = side({10: 1})
"""A single man of the mover on his point 10; the rest borne off (no blocks anywhere)."""


def test_a_direct_six_shot_is_17_throws() -> None:
    adversary = side({21: 1})  # his 21 is the mover's 4: six pips from the blot
    assert H.shots(ALONE, adversary) == brute_shots(ALONE, adversary) == 17


def test_a_closed_point_on_the_way_blocks_combinations() -> None:
    mover = side({10: 1, 7: 2})  # the mover's 7 is the adversary's 18: 21 -> 18 -> 15 closed
    adversary = side({21: 1})
    assert H.shots(mover, adversary) == brute_shots(mover, adversary) == 16  # not 3-3


def test_indirect_shots() -> None:
    mover = side({13: 1})  # the adversary's 12
    for distance, expected in ((7, 6), (8, 6), (9, 5), (10, 3), (11, 2), (12, 3)):
        adversary = side({12 + distance: 1})
        assert H.shots(mover, adversary) == brute_shots(mover, adversary) == expected


def test_men_on_the_bar_enter_first() -> None:
    mover = side({3: 1})  # the mover's 3 is the adversary's 22: entered with a trois
    one = side({BAR: 1})
    assert H.shots(mover, one) == brute_shots(mover, one) == 14  # any 3, 2-1, 1-1
    closed = side({3: 1, 1: 2, 2: 2})  # he cannot enter on 24 or 23
    assert H.shots(closed, one) == brute_shots(closed, one) == 11
    two = side({BAR: 2, 13: 1})
    far = side({3: 1, 8: 1})  # with two up, both enter before any other man moves:
    # any 3 enters on the blot; 1-1 enters both on 24 and one goes on to 22; 4-4 enters on 21
    # and one goes on to 17 (the mover's 8)
    assert H.shots(far, two) == brute_shots(far, two) == 11 + 1 + 1


def test_shots_on_chosen_blots_and_no_shot_from_behind() -> None:
    mover = side({10: 1, 3: 1})
    adversary = side({21: 1})  # behind the 10's blot (his 15), already past the 3's (his 22)
    assert H.shots(mover, adversary, [3]) == brute_shots(mover, adversary, [3]) == 0
    assert H.shots(mover, adversary, [10]) == 17


def _positions(n: int, seed: int) -> list[tuple[Side, Side]]:
    """Positions reached by random play (the side on roll as the adversary), with blots."""
    rng = random.Random(seed)
    out: list[tuple[Side, Side]] = []
    while len(out) < n:
        state = GAME.new_initial_state()
        while not state.is_terminal() and len(out) < n:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            if state.s.phase == MOVE and not state.s.played and rng.random() < 0.3:
                adversary, mover = state.rules.position(state.s)
                if H.blots(mover):
                    out.append((mover, adversary))
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def test_shots_equal_a_brute_force_over_every_legal_play() -> None:
    for k, (mover, adversary) in enumerate(_positions(150, seed=7)):
        larger = k % 2 == 1
        assert H.shots(mover, adversary, None, larger) == brute_shots(
            mover, adversary, None, larger
        ), (mover, adversary, larger)


# --- the hints --------------------------------------------------------------------------------


def test_hints_are_registered_in_book_order_and_each_switches_off() -> None:
    names = [h.id.split(".", 1)[1] for h in H.HINTS]
    assert names[:3] == ["opening", "make-points", "avoid-blots"]
    for name in names:
        bot = make(f"heuristic:-{name}", GAME)
        assert f"backgammon.{name}" not in bot.enabled
        assert all(h.source and h.summary for h in H.HINTS)


def test_builders_in_the_outer_table_are_not_counted_as_risk() -> None:
    mover = side({9: 1, 6: 2})  # a builder on the mover's 9, his adversary's 16
    indirect = side({24: 1})  # 8 pips away: 6-2, 5-3 (not through the closed 19), 4-4, 2-2
    direct = side({22: 1})  # 6 pips away
    home = side({3: 1, 6: 2})  # a blot in the home table is no builder
    for m, a, risk in ((mover, indirect, 0), (mover, direct, None), (home, side({24: 1}), None)):
        choice = H.PlayChoice(None, [((m, a), ())])
        assert choice.shots(0) == brute_shots(m, a) > 0
        assert choice.risk(0) == (choice.shots(0) if risk is None else risk)
    assert H.PlayChoice(None, [((mover, indirect), ())]).shots(0) == 6


def test_late_in_the_game_being_hit_may_pay() -> None:
    behind = side({24: 2, 13: 5, 8: 3, 6: 5})  # 167 pips
    bearing_in = side({6: 5, 5: 5, 4: 3, 9: 2})  # 2 men out, far ahead
    assert H.late_to_be_hit(behind, bearing_in)
    assert not H.late_to_be_hit(behind, START)
    # The same two plays (a blot in reach of the adversary's men, or none): avoid-blots
    # prefers the safe one, except late in the game.
    adversary = side({6: 5, 5: 5, 4: 3, 22: 2})  # two men still in the mover's table
    safe = side({24: 2, 13: 5, 8: 3, 6: 5})
    blot = side({24: 2, 13: 5, 8: 3, 6: 4, 5: 1})  # the mover's 5 is his 20: in reach
    options = [((safe, adversary), ()), ((blot, adversary), ())]
    early = H.PlayChoice(SimpleNamespace(mine=safe, theirs=START), options)
    late = H.PlayChoice(SimpleNamespace(mine=safe, theirs=adversary), options)
    assert late.shots(1) > 0 == late.shots(0)
    assert H.avoid_blots(early, [0, 1]) == [0]
    assert H.late_to_be_hit(safe, adversary) and H.avoid_blots(late, [0, 1]) == []


def _first_decision_changed(name: str, games: int = 30) -> bool:
    """Whether, in seeded games of the full heuristic against random, some throw played by the
    full player because of hint ``name`` is played otherwise with the hint switched off."""
    full, off = make("heuristic", GAME, seed=1), make(f"heuristic:-{name}", GAME, seed=1)
    rng = random.Random(11)
    for _ in range(games):
        state = GAME.new_initial_state()
        other = make("random", GAME, seed=rng.randrange(1 << 30))
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            elif state.current_player() == 1:
                state.apply_action(other.step(state))
            elif state.s.phase != MOVE:
                state.apply_action(full.step(state))
            else:
                mine = play_throw(full, state.clone())
                if full.last_reason == f"backgammon.{name}":
                    theirs = play_throw(off, state.clone())
                    if theirs.s.men != mine.s.men:
                        return True
                state = mine
    return False


@pytest.mark.parametrize("name", [h.id.split(".", 1)[1] for h in H.HINTS])
def test_each_hint_changes_some_decision_when_switched_off(name: str) -> None:
    assert _first_decision_changed(name)


# --- the player -------------------------------------------------------------------------------


def _game(specs: tuple[str, str], seed: int) -> list[int]:
    bots = [make(spec, GAME, seed=seed * 2 + i) for i, spec in enumerate(specs)]
    return list(play_out(GAME, random.Random(seed), bots).history())


def test_plays_legal_complete_games_in_both_seats_reproducibly() -> None:
    for specs in (("heuristic", "random"), ("random", "heuristic:style=gammon")):
        first = _game(specs, seed=4)
        assert first == _game(specs, seed=4)
    assert _game(("heuristic", "heuristic:-avoid-blots"), seed=5)


@pytest.mark.parametrize(
    "spec",
    ["heuristic:style=bold", "heuristic:depth=2", "heuristic:-no-such-hint"],
)
def test_bad_options_raise(spec: str) -> None:
    with pytest.raises(ValueError, match=r"hit|style|hints"):
        make(spec, GAME)
