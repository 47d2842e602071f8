"""``hoyle play`` as a terminal game: ASCII cards, forced moves played for you, the deal in one
line, a backgammon board and patience layouts, one wording for every input error, Ctrl-D and
Ctrl-C exiting non-zero with a word.

Driven through ``main(["play", ...])`` with scripted stdin (``sys.stdin`` replaced, so the
real ``input`` reads it) or a scripted ``input`` that answers from the moves shown.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from hoyle.envs.core.cards import SUIT_LETTERS, SUIT_SYMBOLS, format_card, parse_card
from hoyle.experiments.cli import main
from hoyle.experiments.play import INPUT_HINT, input_error
from tests.experiments.test_play import MOVE_LINE, moves_shown

CARD = re.compile(r"([♠♥♦♣])(10|[AKQJ2-9])")


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def _cards(text: str) -> set[str]:
    return {m[0] for m in CARD.finditer(text)}


def _scripted(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: Callable[[list[str], int], str],
) -> list[str]:
    """Patch ``input`` to answer ``answer(moves shown last, how many answered)``; a refused
    answer fails the test (no answer is asked twice). Returns the transcript, filled as the
    game goes."""
    transcript: list[str] = []
    count: Iterator[int] = iter(range(10_000))

    def fake_input(prompt: str) -> str:
        transcript.extend(capsys.readouterr().out.splitlines())
        assert not transcript or not transcript[-1].endswith(INPUT_HINT), transcript[-2:]
        text = answer(moves_shown(transcript), next(count))
        transcript.append(prompt + text)
        return text

    monkeypatch.setattr(builtins, "input", fake_input)
    return transcript


# --- 1. cards in ASCII -----------------------------------------------------------------------
def ascii_spelling(label: str, style: int) -> str:
    """``label`` with each card re-spelled in ASCII, in one of the styles people type."""

    def spell(m: re.Match[str]) -> str:
        s, r = SUIT_LETTERS[SUIT_SYMBOLS.index(m[1])], m[2]
        ten = r == "10"
        return [
            f"{s.lower()}{r}",  # h7
            f"{r}{s.lower()}",  # 7h
            f"{s}.{r}",  # H.7
            f"{'T' if ten else r}{s.lower()}",  # Th
            f"{r}{m[1]}",  # 7♥
        ][style % 5]

    return CARD.sub(spell, label)


@pytest.mark.parametrize(
    "game",
    # One game of each family that types cards: rummy, fishing, auction and tricks, stops,
    # patience.
    ["conquian", "cassino", "vint", "newmarket", "poker_patience"],
)
def test_every_move_can_be_typed_with_ascii_cards(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    respelled: list[str] = []  # answers whose cards were typed in ASCII (not "7♥")

    def answer(moves: list[str], k: int) -> str:
        if len(respelled) >= 4 or k >= 60:
            return "quit"
        with_cards = [m for m in moves if CARD.search(m)]
        if not with_cards:
            return "1"
        style = len(respelled) + k
        text = ascii_spelling(with_cards[k % len(with_cards)], style)
        if not _cards(text):
            respelled.append(text)
        return text

    transcript = _scripted(capsys, monkeypatch, answer)
    assert main(["play", game, "--seed", "5", "--vs", "random"]) == 0
    transcript.extend(capsys.readouterr().out.splitlines())
    text = "\n".join(transcript)
    assert INPUT_HINT not in text  # (and _scripted fails at once on a refused answer)
    assert len(respelled) >= 3, respelled
    assert "Game abandoned." in text or "Game over." in text


def test_the_spellings_named_in_the_help_all_read_the_same_card() -> None:
    from hoyle.envs.core.moves import find_move

    for text in ("h7", "7h", "H.7", "7♥", "play h7", "PLAY 7H"):
        assert find_move(text, [1, 2], ["play ♥7", "play ♥10"]) == 1, text
    for text in ("h10", "10h", "Th", "H.10", "play th"):
        assert find_move(text, [1, 2], ["play ♥7", "play ♥10"]) == 2, text


# --- 2. forced moves -------------------------------------------------------------------------
def test_a_forced_move_is_played_with_a_notice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Conquian, seed 1: the pone's first decision has one legal move (decline the turned
    card); it is played for him, and no prompt ever lists a single move."""
    _stdin(monkeypatch, ["1", "1", "1", "quit"])
    assert main(["play", "conquian", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    notices = [line for line in out if line.endswith("(your only move, played for you)")]
    assert notices and all(line.startswith("You: ") for line in notices)
    lists: list[int] = []
    for line in out:
        if line == "Your moves:":
            lists.append(0)
        elif MOVE_LINE.match(line) and lists:
            lists[-1] += 1
    assert lists and min(lists) >= 2, lists


# --- 3. the deal in one line -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "hand"),
    [("conquian", "Your hand: "), ("vint", "Your hand: "), ("serpent_poker_patience", "deal: ")],
)
def test_the_deal_is_one_line_showing_only_the_players_cards(
    game: str, hand: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, ["quit"])
    assert main(["play", game, "--seed", "2", "--seat", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    first_prompt = out.index("Your moves:")
    before = out[:first_prompt]
    dealt = [line for line in before if line.startswith("Dealt: ")]
    assert len(dealt) == 1, before
    assert not any(line.startswith(("chance: deal", "a card is dealt")) for line in before)
    view = "\n".join(out[out.index(dealt[0]) + 1 : first_prompt])
    mine = _cards(next(line for line in before if line.startswith(hand)))
    assert mine and mine <= _cards(dealt[0])  # his own cards are shown ...
    assert _cards(dealt[0]) <= _cards(view)  # ... and none he does not see
    assert "unseen" in dealt[0] and len(dealt[0]) < 400


# --- 4. the board and the layouts ------------------------------------------------------------
def _read_board(lines: list[str]) -> dict[int, int]:
    """The men on each point of a drawn board: + the viewer's (X), - the adversary's (O)."""
    top = next(i for i, line in enumerate(lines) if line.split()[:2] == ["13", "14"])
    bottom = next(i for i, line in enumerate(lines) if line.split()[:2] == ["12", "11"])
    men: dict[int, int] = {}
    for head, rows in ((top, lines[top + 1 : top + 6]), (bottom, lines[bottom - 5 : bottom])):
        for m in re.finditer(r"\d+", lines[head]):
            point, col = int(m[0]), m.end() - 1
            marks, number, sign = 0, 0, 0
            for row in rows:
                cell = row[col - 1 : col + 1].strip() if len(row) > col else ""
                if cell in ("X", "O"):
                    marks += 1
                    sign = 1 if cell == "X" else -1
                elif cell.isdigit():
                    number = int(cell)  # a tall stack: its count in place of its fifth man
            men[point] = sign * (number or marks)
    return men


def test_backgammon_has_a_board_from_the_players_side(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for seat in (0, 1):
        _stdin(monkeypatch, ["quit"])
        assert main(["play", "backgammon", "--seed", "4", "--seat", str(seat)]) == 0
        out = capsys.readouterr().out.splitlines()
        listed = next(line for line in out if line.startswith("points (yours +"))
        want = {int(p): int(v) for p, v in re.findall(r"(\d+):([+-]\d+)", listed)}
        drawn = _read_board(out)
        assert {p: v for p, v in drawn.items() if v} == want
        assert sum(v for v in drawn.values() if v > 0) <= 15
        legend = next(line for line in out if "X you" in line)
        assert "bar: you 0, adversary 0; off: you 0, adversary 0" in legend


def test_the_board_shows_every_point_the_bar_and_the_men_off_through_a_game() -> None:
    """Every position of a random game, from both sides: the drawn points are the table
    view's (stacks over five written as a number), and the legend its bar and men off."""
    from hoyle.envs import load
    from hoyle.experiments.match import sample_chance
    from hoyle.experiments.table_text import backgammon_board

    game = load("backgammon")
    rng = random.Random(11)
    state = game.new_initial_state()
    seen = {"bar": 0, "off": 0, "tall": 0}
    while not state.is_terminal():
        for seat in (0, 1):
            view = game.rules.table_view(state.s, seat)
            got = {c.name: c for c in view.counters}
            want = {}
            for i in range(1, 25):
                c = got[f"point {i}"]
                if c.value:
                    want[i] = int(c.value) * (1 if c.owner == seat else -1)
            board = backgammon_board(view)
            assert {p: v for p, v in _read_board(board).items() if v} == want
            me, other = view.seats[seat], view.seats[1 - seat]
            bar = (got[f"{me} on the bar"].value, got[f"{other} on the bar"].value)
            off = (got[f"{me} borne off"].value, got[f"{other} borne off"].value)
            assert (
                f"bar: you {bar[0]}, adversary {bar[1]}; off: you {off[0]}, adversary {off[1]}"
                in board[-1]
            )
            seen["bar"] += sum(bar) > 0
            seen["off"] += sum(off) > 0
            seen["tall"] += max(map(abs, want.values()), default=0) > 5
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert min(seen.values()) > 0, seen


def _grid(lines: list[str], header: int) -> dict[tuple[int, int], str]:
    """The places of a drawn layout, read by the columns of its header."""
    heads = [(int(m[0]), m.end()) for m in re.finditer(r"\d+", lines[header])]
    width = heads[1][1] - heads[0][1] - 1 if len(heads) > 1 else 3
    cells: dict[tuple[int, int], str] = {}
    for line in lines[header + 1 :]:
        row = re.match(r"\s*(\d+)  ", line)
        if row is None:
            break
        for col, end in heads:
            cells[int(row[1]), col] = line[end - width : end].strip()
    return cells


def test_poker_patience_draws_its_square(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each card placed lies in the drawn grid where the move said ("place ♣7 at row 3, col
    3"); empty places are ``··``."""
    _stdin(monkeypatch, ["1", "2", "3", "1", "quit"])
    assert main(["play", "poker_patience", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    placed = [re.search(r"You: place (\S+) at row (\d+), col (\d+)", line) for line in out]
    placed_at = {(int(m[2]), int(m[3])): m[1] for m in placed if m}
    assert len(placed_at) == 4
    last = max(i for i, line in enumerate(out) if re.fullmatch(r"\s+0(\s+\d)+", line))
    grid = _grid(out, last)
    for place, c in placed_at.items():
        assert grid[place] == c
    assert "··" in grid.values() and len(_cards(" ".join(grid.values()))) == 5  # 4 + the first


def test_serpent_draws_its_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, ["1", "1", "2", "quit"])
    assert main(["play", "serpent_poker_patience", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    laid = [m[1] for line in out if (m := re.search(r"You: lay (\S+) ", line))]
    assert len(laid) == 3
    last = max(i for i, line in enumerate(out) if re.fullmatch(r"\s+\d+(\s+\d+)+", line))
    drawn = _cards(" ".join(_grid(out, last).values()))
    first = out[next(i for i, line in enumerate(out) if line.startswith("deal: "))].split()[1]
    assert drawn == {first, *laid}


# --- 5. one wording for every input error; Ctrl-D and Ctrl-C ---------------------------------
def test_every_refusal_has_one_wording_and_shows_no_hidden_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Empty, out of range, unknown and illegal answers, and every card of the pack typed in
    ASCII: each refusal ends with the same hint, and names no card but those the player has
    been shown (his view, his moves, what was announced) and the one he typed."""
    every_card = [
        f"{s}{r}" for s in "shdc" for r in ("a", 2, 3, 4, 5, 6, 7, 8, 9, 10, "j", "q", "k")
    ]
    answers = iter(["", "0", "999", "nonesuch", "play", *every_card, "quit"])
    replies: list[tuple[str, list[str]]] = [("", [])]  # (an answer, what was printed after it)

    def fake_input(prompt: str) -> str:
        replies[-1][1].extend(capsys.readouterr().out.splitlines())
        answer = next(answers)
        replies.append((answer, []))
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)
    assert main(["play", "vint", "--seed", "6", "--vs", "random"]) == 0
    replies[-1][1].extend(capsys.readouterr().out.splitlines())
    refusals = 0
    seen: set[str] = set()
    for k in range(1, len(replies)):
        answer, after = replies[k]
        seen |= _cards("\n".join(replies[k - 1][1]))  # all he was shown before answering
        typed: set[str] = set()
        with contextlib.suppress(ValueError):
            typed = {format_card(parse_card(answer))}
        for line in after[:1]:
            if line.endswith(INPUT_HINT):
                refusals += 1
                assert line == input_error(line[: -len(INPUT_HINT) - 4])
                assert _cards(line) <= seen | typed, (answer, line)
    assert refusals >= 5 + 52 - 13  # (a card he holds may be a legal move)
    assert len(seen) >= 13


def test_end_of_input_and_interrupt_exit_non_zero_with_a_word() -> None:
    """The real terminal path: stdin closed (Ctrl-D) exits 1 with "stopped"."""
    done = subprocess.run(
        [sys.executable, "-m", "hoyle.experiments.cli", "play", "conquian", "--seed", "1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == "hoyle play: stopped (end of input); game abandoned"
    assert "Traceback" not in done.stderr
