"""``hoyle play`` takes any line safely and keeps its secrets: the seed is never shown (it tells
every hidden card), the default one is 64 bits from ``secrets``, the deal is drawn from all of
its bits, an agent's failure is one line that shows nothing of its hand, Ctrl-C exits 130.

Driven through ``main(["play", ...])`` with a fake ``input``.
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from hoyle.envs import load
from hoyle.experiments import cli, play
from hoyle.experiments.cli import main
from hoyle.experiments.match import derive_seed
from hoyle.experiments.play import MAX_NUMBER_DIGITS, chance_seed, match_action


def _answers(monkeypatch: pytest.MonkeyPatch, lines: Iterable[str | BaseException]) -> None:
    """``input`` answers ``lines`` in order (an exception in the list is raised), then EOF."""
    it = iter(lines)

    def fake_input(prompt: str) -> str:
        answer = next(it, None)
        if answer is None:
            raise EOFError
        if isinstance(answer, BaseException):
            raise answer
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- reading the human's answer --------------------------------------------------------------
def test_unicode_digits_and_huge_numbers_are_no_move_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    huge = "9" * 5000
    _answers(monkeypatch, ["²", "１", huge, "0" * 4000 + "1", "x" * 5000, "quit"])
    code, out, err = _run(capsys, ["play", "conquian", "--seed", "1"])
    assert code == 0 and "Game abandoned." in out and "Traceback" not in out + err
    assert "no legal move is called '²'" in out
    assert "no legal move is called '１'" in out
    assert out.count("no move number") == 2  # the 5,000 nines and the 4,001-digit 1
    assert max(len(line) for line in out.splitlines()) < 200  # nothing echoed in full


def test_match_action_reads_only_short_ascii_numbers() -> None:
    legal, labels = [7, 9], ["discard ♦K", "draw"]
    assert match_action("2", legal, labels) == 9
    assert match_action("002", legal, labels) == 9
    for text in ("²", "٢", "１", "9" * 5000, "1" * (MAX_NUMBER_DIGITS + 1)):
        got = match_action(text, legal, labels)
        assert isinstance(got, str) and len(got) < 120, text


def test_an_unreadable_line_is_refused_and_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    _answers(monkeypatch, [bad, "quit"])
    code, out, _ = _run(capsys, ["play", "conquian", "--seed", "1"])
    assert code == 0 and "not readable text" in out and "Game abandoned." in out


def test_ctrl_c_exits_130_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _answers(monkeypatch, ["?", KeyboardInterrupt()])
    code, out, err = _run(capsys, ["play", "conquian", "--seed", "1"])
    assert code == cli.EXIT_INTERRUPTED == 130
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1] == "hoyle play: interrupted; game abandoned"
    assert "Traceback" not in out + err


def test_quit_exits_0_and_end_of_input_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _answers(monkeypatch, ["exit"])
    code, out, _ = _run(capsys, ["play", "cassino", "--seed", "2"])
    assert code == 0 and "Game abandoned." in out
    _answers(monkeypatch, [EOFError()])
    code, out, err = _run(capsys, ["play", "cassino", "--seed", "2"])
    assert code == 1 and "stopped" in err.splitlines()[-1] and "Traceback" not in out + err


def test_a_negative_seed_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _answers(monkeypatch, ["quit"])
    code, _, err = _run(capsys, ["play", "conquian", "--seed", "-1"])
    assert code == 2 and err.strip() == "hoyle play: error: --seed must be at least 0"


# --- the seed --------------------------------------------------------------------------------
SECRET = 0x9E3779B97F4A7C15  # what the fake secrets.randbits(64) draws


def _record_seeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds ``play_human`` is called with (it still plays)."""
    seen: list[int] = []
    real = play.play_human

    def recording(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["seed"])
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "play_human", recording)
    return seen


def test_the_default_seed_is_64_secret_bits_never_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bits: list[int] = []

    def randbits(k: int) -> int:
        bits.append(k)
        return SECRET

    def randbelow(n: int) -> int:
        raise AssertionError("a seed from randbelow(n) is small enough to search")

    monkeypatch.setattr(cli.secrets, "randbits", randbits)
    monkeypatch.setattr(cli.secrets, "randbelow", randbelow)
    seen = _record_seeds(monkeypatch)
    _answers(monkeypatch, ["?", "quit"])
    code, out, err = _run(capsys, ["play", "conquian"])
    assert code == 0 and bits == [64] and seen == [SECRET]
    for shown in (str(SECRET), hex(SECRET), f"{SECRET:x}"):
        assert shown not in out + err
    assert "seed" not in out.lower() and err == ""


def test_a_given_seed_is_not_echoed_but_noted_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _record_seeds(monkeypatch)
    _answers(monkeypatch, ["quit"])
    code, out, err = _run(capsys, ["play", "conquian", "--seed", "987654321"])
    assert code == 0 and seen == [987654321]
    assert "987654321" not in out + err and "seed" not in out.lower()
    note = err.strip().splitlines()
    assert len(note) == 1 and "reproducible" in note[0] and "not fair play" in note[0]


def test_the_help_says_seed_is_for_reproduction(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "reproduce" in text and "not for fair play" in text


def test_the_deal_is_drawn_from_all_the_seeds_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chance stream is seeded with 128 bits of the seed's SeedSequence, not 32: a 2**32
    space of deals is searched from one's own hand. And every stream comes from the seed."""
    values = {chance_seed(s) for s in (0, 1, SECRET, SECRET ^ (1 << 63))}
    assert len(values) == 4 and max(v.bit_length() for v in values) > 64
    seeded: list[Any] = []
    real = random.Random

    class Recording(real):  # type: ignore[misc,valid-type]
        def __init__(self, x: Any = None) -> None:
            seeded.append(x)
            super().__init__(x)

    monkeypatch.setattr(play.random, "Random", Recording)
    game = load("conquian")
    answers: Callable[[str], str] = lambda prompt: "quit"  # noqa: E731
    assert play.play_human(game, ["random"], 0, SECRET, read=answers, say=lambda t: None) is None
    assert chance_seed(SECRET) in seeded
    assert derive_seed(SECRET, 0) not in seeded  # the old 32-bit chance seed
    assert None not in seeded  # nothing seeded from the clock


# --- what an agent's failure shows -------------------------------------------------------------
class _Broken:
    """An agent that fails in a given way when asked to move."""

    def __init__(self, how: str) -> None:
        self.how = how

    def step(self, state: Any) -> Any:
        if self.how == "raises":
            raise ValueError(f"secret state:\n{state}")
        if self.how == "string":
            return "discard"
        legal = set(state.legal_actions())
        return next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)


@pytest.mark.parametrize("how", ["illegal", "string", "raises"])
def test_an_agents_failure_is_one_line_showing_nothing_hidden(
    how: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play, "make", lambda spec, game, seed: _Broken(how))
    # Seat 1: the agent (seat 0) moves first in conquian after the deal.
    _answers(monkeypatch, ["1"] * 50)
    code, out, err = _run(capsys, ["play", "conquian", "--seed", "4", "--seat", "1"])
    assert code == 1, out + err
    lines = err.strip().splitlines()
    assert lines[-1].startswith("hoyle play: error: player 0 (random)")
    assert len(lines) == 2  # the --seed note, then the error
    for text in ("legal actions", "secret", "hand", "Traceback", "♠", "♥", "♦", "♣"):
        assert text not in err, text
