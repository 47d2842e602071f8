"""``hoyle play``: a scripted human in the terminal, through ``main([...])``."""

from __future__ import annotations

import builtins
import random
import re
from collections.abc import Callable, Iterator

import pytest

from hoyle.envs import load
from hoyle.experiments.cli import main
from hoyle.experiments.match import sample_chance
from hoyle.experiments.play import describe_event, match_action

MOVE_LINE = re.compile(r"^\s+(\d+)\. (.+)$")


def moves_shown(transcript: list[str]) -> list[str]:
    """The moves of the last list of numbered moves in ``transcript``."""
    moves: list[str] = []
    for line in reversed(transcript):
        m = MOVE_LINE.match(line)
        if m is None and moves:
            break
        if m is not None:
            moves.insert(0, m.group(2))
    return moves


def _scripted(
    capsys: pytest.CaptureFixture[str], first: list[str], then: Callable[[list[str]], str]
) -> tuple[Callable[[str], str], list[str]]:
    """An ``input`` that answers ``first`` in order, then ``then(moves shown last)``; and the
    transcript (everything printed, prompts and answers included)."""
    transcript: list[str] = []
    answers: Iterator[str] = iter(first)

    def fake_input(prompt: str) -> str:
        transcript.extend(capsys.readouterr().out.splitlines())
        moves = moves_shown(transcript)
        answer = next(answers, None)
        if answer is None:
            answer = then(moves)
        transcript.append(prompt + answer)
        return answer

    return fake_input, transcript


@pytest.mark.parametrize("game", ["conquian", "cassino"])
def test_a_whole_game_with_bad_input_on_the_way(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = ["", "0", "999", "nonesuch-move", "?"]
    # Then moves by name (upper case: case-insensitive), alternating with moves by number.
    turn = iter(range(10_000))
    fake, transcript = _scripted(
        capsys, bad, lambda moves: moves[-1].upper() if next(turn) % 2 else str(len(moves))
    )
    monkeypatch.setattr(builtins, "input", fake)
    assert main(["play", game, "--seed", "3", "--vs", "heuristic"]) == 0
    transcript.extend(capsys.readouterr().out.splitlines())
    text = "\n".join(transcript)
    assert "type a number or the name of a move" in text
    assert "no move number 0" in text and "no move number 999" in text
    assert "no legal move is called 'nonesuch-move'" in text
    assert text.count("Your moves:") >= 2  # '?' showed them again
    assert "Game over. Returns:" in transcript[-1]
    assert "player 1 (heuristic)" in text
    assert "Traceback" not in text


def test_end_of_input_stops_with_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-D (or a script that runs out of moves) stops the game: one line, exit 1. (``quit``
    exits 0 below; Ctrl-C exits 130: see test_play_trust.py.)"""

    def leave(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", leave)
    assert main(["play", "conquian", "--seed", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == "hoyle play: stopped (end of input); game abandoned"


def test_quit_leaves(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt: "QUIT")
    assert main(["play", "cassino", "--seed", "1", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "you are player 1" in out and "Game abandoned." in out


def test_moves_are_read_by_number_name_or_unique_prefix() -> None:
    legal = [7, 9, 12]
    labels = ["discard ♦K", "discard ♦Q", "draw"]
    assert match_action("2", legal, labels) == 9
    assert match_action("DRAW", legal, labels) == 12
    assert match_action("dr", legal, labels) == 12
    assert match_action("discard ♦k", legal, labels) == 7
    ambiguous = match_action("disc", legal, labels)
    assert isinstance(ambiguous, str) and "discard ♦K" in ambiguous and "discard ♦Q" in ambiguous
    assert isinstance(match_action("4", legal, labels), str)
    assert isinstance(match_action("fold", legal, labels), str)


@pytest.mark.parametrize("game", ["conquian", "cassino"])
@pytest.mark.parametrize("seat", [0, 1])
def test_announcements_show_exactly_what_the_seat_could_see(game: str, seat: int) -> None:
    """A card dealt into the other hand is announced without its name; a card dealt to the
    human, turned up, or played by the adversary (every move of these games is public) is named.
    Where a card went is read from the rules' card zones (``hand0``, ``hand1``, ...)."""
    g = load(game)
    rules, names = g.rules, [f"player {p}" for p in range(g.num_players())]
    rng = random.Random(seat)
    state = g.new_initial_state()
    counts = {"hidden": 0, "last": 0, "mine": 0, "public": 0, "moves": 0}
    while not state.is_terminal():
        actor = state.current_player()
        if actor >= 0:
            action = rng.choice(state.legal_actions())
        else:
            action = sample_chance(state, rng)
        text = describe_event(state, action, seat, names)
        if actor >= 0 and actor != seat:
            assert text == f"player {actor}: {state.action_to_string(actor, action)}"
            counts["moves"] += 1
        before, card = rules.card_zones(state.s), state.action_to_string(actor, action)
        before_outcomes = state.chance_outcomes() if actor < 0 else []
        state.apply_action(action)
        if actor >= 0:
            continue
        after = rules.card_zones(state.s)
        zone = next(z for z, mask in after.items() if mask & ~before.get(z, 0) & (1 << action))
        if zone.startswith("hand") and zone != f"hand{seat}":
            # The recipient is named unless this was the only card left (nothing to compare).
            last = len(before_outcomes) == 1
            expected = (
                "a card is dealt that you cannot see"
                if last
                else f"a card is dealt to player {zone[4:]}"
            )
            assert text == expected, (zone, text)
            counts["last" if last else "hidden"] += 1
        else:
            assert text == f"chance: {card}", (zone, text)
            counts["mine" if zone == f"hand{seat}" else "public"] += 1
    assert min(counts["hidden"], counts["mine"], counts["public"], counts["moves"]) > 0, counts
