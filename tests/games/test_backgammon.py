"""Backgammon by the book: the golden tests of RULES.md §21.7 and the rules around them."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.games.backgammon import (
    BAR,
    BLACK,
    GAME,
    MOVE,
    OFF,
    OPENING_CHOICE,
    OPENING_ROLL,
    REROLL_ACTION,
    ROLL,
    START,
    TAKE_ACTION,
    WHITE,
    Side,
    action_move,
    dice_outcome,
    dice_to_play,
    game_value,
    legal_moves,
    move_action,
    notation,
    parse_play,
    pips,
    plays,
    sources,
    step,
)
from hoyle.envs.games.backgammon import (
    make_side as side,
)
from tests.helpers import play_out

# The adversary of the bearing-off examples: 15 men in his own home table, out of the way.
FAR = side({1: 5, 2: 5, 3: 5})
# RULES.md §21.7.2, the book's Fig. 2: 5 men on 5, 3 on 4, 3 on 2, 4 on 1.
FIG2 = side({5: 5, 4: 3, 2: 3, 1: 4})


def state_at(
    mover: Side, adversary: Side, throw: tuple[int, int], turn: int = WHITE, **params: Any
) -> Any:
    """A live ``hoyle_backgammon`` state with ``turn`` on roll in this position, after
    ``throw``: set up at the throw's chance node and thrown through the real rules."""
    game = pyspiel.load_game("hoyle_backgammon", params)
    state = game.new_initial_state()
    s = state.s
    s.men = (mover, adversary) if turn == WHITE else (adversary, mover)
    s.turn, s.phase, s.legal_cache = turn, ROLL, None
    state.apply_action(dice_outcome(*throw))
    return state


def first_moves(state: Any) -> set[tuple[int, int]]:
    return {action_move(a) for a in state.legal_actions()}


# --- §21.7.1 the starting position ------------------------------------------------------------


def test_starting_layout_and_pip_counts() -> None:
    assert pips(START) == 167
    assert START[24] == 2 and START[13] == 5 and START[8] == 3 and START[6] == 5
    state = pyspiel.load_game("hoyle_backgammon").new_initial_state()
    assert state.s.men == (START, START)
    assert "pips: you 167, adversary 167" in state.observation_string(0)


# --- §21.7.2 the book's bearing-off example (Fig. 2) -------------------------------------------


def test_fig2_throw_4_3() -> None:
    """The 4 bears off from 4 or moves 5 to 1; the 3 (no man on 3) must move 5 to 2 or 4 to 1."""
    state = state_at(FIG2, FAR, (4, 3))
    assert first_moves(state) == {(4, 4), (5, 4), (5, 3), (4, 3)}
    assert sources(FIG2, FAR, 3) == [4, 5]  # never a bear-off with the 3
    for pos, moves in plays(FIG2, FAR, (4, 3)).items():
        assert len(moves) == 2
        assert pos[0][OFF] <= 1  # only the 4 can bear a man off


def test_fig2_any_six_bears_off_from_the_five_point() -> None:
    assert sources(FIG2, FAR, 6) == [5]
    mover, _, _ = step(FIG2, FAR, 5, 6)
    assert mover[OFF] == 1 and mover[5] == 4


def test_fig2_double_deuce_bears_off_at_most_three() -> None:
    """Three men off the 2 point; the fourth 2 must move a man 5 to 3 or 4 to 2."""
    results = plays(FIG2, FAR, (2, 2, 2, 2))
    assert max(pos[0][OFF] for pos in results) == 3
    for pos in results:
        mover = pos[0]
        if mover[OFF] == 3:
            assert (mover[5], mover[3]) == (4, 1) or (mover[4], mover[2]) == (2, 1)


# --- §21.7.3 and 4: the bar and a closed home table --------------------------------------------


def test_a_man_on_the_bar_must_enter_first() -> None:
    mover = side({BAR: 1, 13: 5, 8: 4, 6: 5}, off=0)
    adversary = side({24: 2, 13: 4, 8: 3, 6: 5, 1: 1}, off=0)
    state = state_at(mover, adversary, (6, 3))
    # The 6 would enter on 19, the adversary's six point, which he holds: only the 3 enters.
    assert first_moves(state) == {(BAR, 3)}
    state.apply_action(move_action(BAR, 3))  # enters on 22; the 6 is then free
    assert first_moves(state) == {(22, 6), (13, 6), (8, 6)}


def test_a_closed_home_table_loses_the_throw() -> None:
    mover = side({BAR: 1, 13: 5, 8: 4, 6: 5}, off=0)
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, off=0)
    state = state_at(mover, closed, (6, 5))
    assert state.is_chance_node() and state.s.turn == BLACK  # the adversary throws next
    assert "[6-5]" in state.information_state_string(0)


# --- §21.7.5 values ----------------------------------------------------------------------------


def test_hit_gammon_backgammon_values() -> None:
    winner = side({}, off=15)
    assert game_value(winner, side({1: 14}, off=1)) == 1
    assert game_value(winner, side({1: 15}, off=0)) == 2
    assert game_value(winner, side({1: 14, 20: 1}, off=0)) == 3
    assert game_value(winner, side({1: 14, BAR: 1}, off=0)) == 3
    assert game_value(winner, side({1: 14, 19: 1}, off=0), backgammon_value=4) == 4


@pytest.mark.parametrize(("loser", "value"), [(side({1: 14}, off=1), 1),
                                              (side({1: 15}, off=0), 2),
                                              (side({1: 14, 19: 1}, off=0), 4)])  # fmt: skip
def test_the_game_pays_its_value_when_the_last_man_is_off(loser: Side, value: int) -> None:
    state = state_at(side({1: 1}), loser, (6, 2), backgammon_value=4)
    state.apply_action(move_action(1, 6))
    assert state.is_terminal() and state.returns() == [value, -value]


# --- the value of a game: the book's reading and the modern rule (assumption 6) -------------------


WINNER = side({}, off=15)


@pytest.mark.parametrize(
    ("loser", "book", "modern"),
    [
        (side({1: 11, BAR: 1}, off=3), 3, 1),  # began bearing off, hit, a man "up"
        (side({1: 11, 22: 1}, off=3), 3, 1),  # ... and entered in the winner's home table
        (side({1: 11, 10: 1}, off=3), 1, 1),  # ... out of it, not yet home: undefined, a hit
        (side({1: 11, 16: 1}, off=3), 1, 1),  # ... in the winner's outer table: the same
        (side({1: 12}, off=3), 1, 1),  # all home and bearing off: the book's hit
        (side({1: 14, 10: 1}, off=0), 2, 2),  # none off: a gammon in both readings
        (side({1: 14, 19: 1}, off=0), 3, 3),  # none off, one in the winner's table
    ],
)
def test_game_value_by_the_book_and_by_the_modern_rule(loser: Side, book: int, modern: int) -> None:
    """The book: a backgammon "while the adversary has still a man or men 'up' (i.e., on the
    bar) or in his (the winner's) home table", whether or not he has begun to bear off; a man
    of a loser who began bearing off that stands in the outer tables is read as a hit. The
    modern rule: any man borne off makes a single game."""
    assert game_value(WINNER, loser) == game_value(WINNER, loser, 3, "book") == book
    assert game_value(WINNER, loser, 3, "modern") == modern
    assert game_value(WINNER, loser, 4, "book") == (4 if book == 3 else book)


def _hit_after_bearing_off(**params: Any) -> Any:
    """Black has borne off three men and left a blot on his trois point; White's last man, on
    Black's ace point, hits it (24/22*) and runs (22/16). Black enters with the deuce on White's
    deuce point and moves that man on to White's trois point with the ace (still in White's home
    table); White throws sixes and bears his last man off (16/10/4/off)."""
    black = side({3: 1, 2: 5, 1: 6}, off=3)
    state = state_at(side({24: 1}, off=14), black, (6, 2), **params)
    state.apply_action(move_action(24, 2))  # hits the blot
    state.apply_action(move_action(22, 6))
    assert state.s.men[BLACK][BAR] == 1 and state.s.men[BLACK][OFF] == 3
    state.apply_action(dice_outcome(2, 1))
    state.apply_action(move_action(BAR, 2))
    state.apply_action(move_action(23, 1))
    assert state.s.men[BLACK][22] == 1  # in White's home table (White's trois point)
    state.apply_action(dice_outcome(6, 6))
    for src in (16, 10, 4):
        state.apply_action(move_action(src, 6))
    assert state.is_terminal()
    return state


def test_a_loser_hit_after_he_began_bearing_off_loses_a_backgammon_by_the_book() -> None:
    assert _hit_after_bearing_off().returns() == [3.0, -3.0]
    assert _hit_after_bearing_off(backgammon_value=4).returns() == [4.0, -4.0]


def test_the_modern_rule_makes_it_a_single_game() -> None:
    assert _hit_after_bearing_off(gammon_rule="modern").returns() == [1.0, -1.0]
    game = pyspiel.load_game("hoyle_backgammon")
    assert game.get_parameters()["gammon_rule"] == "book"
    assert GAME.variants["modern"]["gammon_rule"] == "modern"


@pytest.mark.parametrize("rule", ["book", "modern"])
def test_a_man_left_in_the_outer_tables_after_bearing_off_is_a_hit(rule: str) -> None:
    """The case the book leaves undefined (assumption 6): read as a single game either way."""
    state = state_at(side({1: 1}, off=14), side({1: 11, 10: 1}, off=3), (6, 2), gammon_rule=rule)
    state.apply_action(move_action(1, 6))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("rule", "value"), [("book", 3.0), ("modern", 1.0)])
def test_the_agents_value_a_finished_game_by_the_games_rule(rule: str, value: float) -> None:
    """The search agents (pip race and TD network) and the gnubg bot value a play that bears
    off the last man exactly, by the game's ``gammon_rule``."""
    from hoyle.agents.expectimax import value_function
    from hoyle.agents.td.net import ValueNet

    game = pyspiel.load_game("hoyle_backgammon", {"gammon_rule": rule})
    finished = [(WINNER, side({1: 11, BAR: 1}, off=3))]
    assert value_function("search", game, "pips", None)(finished).tolist() == [value]
    assert ValueNet.initial(4, 0).equities(finished, 3, rule).tolist() == [value]
    gnubg_bot = pytest.importorskip("hoyle.agents.gnubg_bot")
    pytest.importorskip("gnubg")
    assert gnubg_bot.GnubgBot(game, 0).values(finished).tolist() == [value]


# --- the whole throw ---------------------------------------------------------------------------


def test_both_dice_must_be_played_when_possible() -> None:
    """6-1 with men on 10 and 8, the adversary holding White's 2, 3 and 4 points: 10/9 would
    leave the 6 unplayable, so the only legal start is 8/7 (then 7/1): the whole throw."""
    mover = side({10: 1, 8: 1, 1: 13}, off=0)
    adversary = side({23: 2, 22: 2, 21: 2, 6: 9}, off=0)
    assert sources(mover, adversary, 1) == [8, 10]
    assert legal_moves(mover, adversary, (6, 1)) == [(8, 1)]
    assert all(len(moves) == 2 for moves in plays(mover, adversary, (6, 1)).values())


def test_larger_die_rule_is_a_parameter() -> None:
    """6-5 with one free man on 12 and the adversary holding White's ace point: 12/6 or 12/7
    can be played, never both dice. The book lets either die be played; the modern rule
    (``larger_die``) forces the 6."""
    mover = side({12: 1, 2: 14}, off=0)
    adversary = side({24: 2, 6: 13}, off=0)
    assert legal_moves(mover, adversary, (6, 5)) == [(12, 5), (12, 6)]
    assert legal_moves(mover, adversary, (6, 5), larger_die=True) == [(12, 6)]
    state = state_at(mover, adversary, (6, 5), larger_die=True)
    assert first_moves(state) == {(12, 6)}
    # The last man off with 5-1: either die does it, and the play found is the larger's.
    last = plays(side({1: 1}), FAR, (5, 1), larger_die=True)
    assert list(last.values()) == [((1, 5),)]


def test_legal_actions_reach_exactly_the_plays() -> None:
    """Walking every sequence of legal single-man actions reaches the positions ``plays``
    enumerates, no more and no fewer, in positions met by random play."""
    game = pyspiel.load_game("hoyle_backgammon")
    rng = random.Random(3)
    checked = 0
    state = game.new_initial_state()
    while checked < 60:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.s.phase == OPENING_CHOICE:
            state.apply_action(TAKE_ACTION)
        else:
            rules, s = state.rules, state.s
            mover = s.turn
            expected = set(plays(*rules.position(s), s.dice_left))
            reached = set()
            stack = [state]
            while stack:
                x = stack.pop()
                for a in x.legal_actions():
                    c = x.child(a)
                    if c.is_player_node() and c.s.turn == mover and c.s.phase not in (
                        OPENING_CHOICE, ROLL):  # fmt: skip
                        stack.append(c)
                    else:
                        reached.add((c.s.men[mover], c.s.men[1 - mover]))
            assert reached == expected
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))


# --- the opening, the series, the bound -------------------------------------------------------


def test_book_opening_take_or_throw_again() -> None:
    game = pyspiel.load_game("hoyle_backgammon")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    state.apply_action(dice_outcome(2, 5))  # White 2, Black 5: Black plays first
    assert state.current_player() == BLACK and state.legal_actions() == [TAKE_ACTION, REROLL_ACTION]
    again = state.child(REROLL_ACTION)
    assert again.is_chance_node() and len(again.chance_outcomes()) == 21
    again.apply_action(dice_outcome(6, 6))  # a doublet may open after throwing again
    assert again.current_player() == BLACK and again.s.dice_left == (6, 6, 6, 6)
    state.apply_action(TAKE_ACTION)
    assert state.s.dice_left == (5, 2)


def test_modern_opening_has_no_choice() -> None:
    game = pyspiel.load_game("hoyle_backgammon", {"opening": "modern"})
    state = game.new_initial_state()
    state.apply_action(dice_outcome(6, 1))
    assert state.current_player() == WHITE and state.s.dice_left == (6, 1)


def test_series_winner_of_a_hit_throws_first() -> None:
    state = state_at(side({1: 1}), side({1: 14}, off=1), (6, 2), turn=BLACK, games=3)
    state.apply_action(move_action(1, 6))
    assert not state.is_terminal()
    assert state.s.phase == ROLL and state.s.turn == BLACK and state.s.results == (-1,)
    gammon = state_at(side({1: 1}), side({1: 15}, off=0), (6, 2), games=3)
    gammon.apply_action(move_action(1, 6))
    assert gammon.s.phase == OPENING_ROLL and gammon.s.results == (2,)
    assert gammon.returns() == [0.0, 0.0]  # a series pays at its end


def test_max_turns_ends_a_game_drawn() -> None:
    game = pyspiel.load_game("hoyle_backgammon", {"max_turns": 6})
    state = play_out(game, random.Random(0))
    assert state.s.throws == 6 and state.returns() == [0.0, 0.0]


def test_random_games_stay_far_below_the_length_bound() -> None:
    game = pyspiel.load_game("hoyle_backgammon")
    rng = random.Random(1)
    longest = 0
    for _ in range(40):
        state = play_out(game, rng)
        longest = max(longest, state.s.throws)
        assert state.returns()[0] != 0
    assert longest < game.rules.max_turns // 2


# --- notation ------------------------------------------------------------------------------


def test_standard_notation_and_parsing() -> None:
    results = plays(START, START, dice_to_play(6, 1))
    pos = parse_play(START, START, (6, 1), "13/7 8/7")
    assert notation(START, START, results[pos]) == "13/7 8/7"
    assert parse_play(START, START, (6, 2), "13/5") == parse_play(START, START, (6, 2), "13/7/5")
    # A blot on White's 7 (the adversary's 18): hit on the way, the stop is written.
    hit = notation(side({13: 15}, off=0), side({18: 1, 1: 14}, off=0), [(13, 6), (7, 1)])
    assert hit == "13/7*/6"
    assert notation(START, START, [(24, 6), (18, 5)]) == "24/13"
    assert notation(START, START, [(13, 5), (13, 5), (8, 5), (8, 5)]) == "13/3(2)"
    with pytest.raises(ValueError, match="legal plays"):
        parse_play(START, START, (6, 1), "24/17")


def test_action_strings_speak_both_languages() -> None:
    state = state_at(START, START, (6, 1))
    names = [state.action_to_string(WHITE, a) for a in state.legal_actions()]
    assert len(set(names)) == len(names)
    assert state.action_to_string(WHITE, move_action(13, 6)) == (
        "13/7: a six, from the six point of the adversary's outer table to his bar point"
    )
    assert state.action_to_string(WHITE, move_action(24, 1)) == (
        "24/23: an ace, from the adversary's ace point to the adversary's deuce point"
    )
    off = state_at(side({5: 15}, off=0), FAR, (6, 5))
    assert off.action_to_string(WHITE, move_action(5, 6)).startswith("5/off: a six")


@pytest.mark.parametrize("larger_die", [False, True])
def test_plays_are_the_move_by_move_results_with_legal_sequences(larger_die: bool) -> None:
    """``plays`` (the fast walk every agent uses) equals the results of walking
    ``legal_moves`` move by move, mid-throw too, and each sequence it gives is legal."""

    def slow(m: Side, a: Side, left: tuple[int, ...], larger: bool) -> set[Any]:
        moves = legal_moves(m, a, left, larger) if left else []
        if not moves:
            return {(m, a)}
        out: set[Any] = set()
        for src, die in moves:
            m2, a2, _ = step(m, a, src, die)
            rest = list(left)
            rest.remove(die)
            out |= slow(m2, a2, tuple(rest), False)
        return out

    game = pyspiel.load_game("hoyle_backgammon", {"larger_die": larger_die})
    rng = random.Random(11)
    checked = 0
    while checked < 400:
        state = game.new_initial_state()
        while not state.is_terminal() and checked < 400:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            s = state.s
            if s.phase != OPENING_CHOICE:
                larger = larger_die and not s.played
                mover, adversary = state.rules.position(s)
                fast = plays(mover, adversary, s.dice_left, larger)
                assert set(fast) == slow(mover, adversary, s.dice_left, larger)
                for pos, moves in fast.items():
                    child = state.clone()
                    for src, die in moves:
                        child.apply_action_with_legality_check(move_action(src, die))
                    assert (child.s.men[s.turn], child.s.men[1 - s.turn]) == pos
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))


# --- the table view ------------------------------------------------------------------------------


def test_table_view_counts_the_men_on_every_point_from_the_viewers_side() -> None:
    game = pyspiel.load_game("hoyle_backgammon")
    state = game.new_initial_state()
    view = game.rules.table_view(state.s, BLACK)
    assert view.zones == () and view.seats == ("White", "Black")
    points = {c.name: (c.value, c.owner) for c in view.counters if c.name.startswith("point ")}
    assert len(points) == 24
    # The start, from Black's side: his 2 on 24, 5 on 13, 3 on 8, 5 on 6; White's men on
    # Black's 1 (White's 24), 12, 17 and 19.
    mine = {24: 2, 13: 5, 8: 3, 6: 5}
    theirs = {1: 2, 12: 5, 17: 3, 19: 5}
    for i in range(1, 25):
        expected = (
            (mine[i], BLACK) if i in mine else (theirs[i], WHITE) if i in theirs else (0, None)
        )
        assert points[f"point {i}"] == expected
    counters = {c.name: c.value for c in view.counters}
    assert counters["White pips"] == counters["Black pips"] == pips(START) == 167
    assert counters["White on the bar"] == counters["Black borne off"] == 0
    assert "throw" not in counters and not any("cube" in name for name in counters)


def test_table_view_follows_the_throw_and_the_men_of_a_played_game() -> None:
    game = pyspiel.load_game("hoyle_backgammon", {"opening": "modern"})
    rules = game.rules
    rng = random.Random(3)
    state = game.new_initial_state()
    seen_move = False
    while not state.is_terminal():
        for player in (WHITE, BLACK):
            view = rules.table_view(state.s, player)
            counters = {c.name: c for c in view.counters}
            for q in (WHITE, BLACK):
                name = ("White", "Black")[q]
                men = sum(c.value for c in view.counters
                          if c.name.startswith("point ") and c.owner == q)  # fmt: skip
                men += counters[f"{name} on the bar"].value + counters[f"{name} borne off"].value
                assert men == 15
                assert counters[f"{name} pips"].value == pips(state.s.men[q])
            if state.s.phase == MOVE:
                seen_move = True
                assert counters["throw"].value == "-".join(map(str, state.s.throw))
                assert counters["dice to play"].value == " ".join(map(str, state.s.dice_left))
                assert view.to_move == state.current_player()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen_move
    view = rules.table_view(state.s, WHITE)
    assert view.to_move == -1 and len(view.log) > 10 and view.log[0].startswith("[")
