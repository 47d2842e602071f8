"""pimc's double-dummy world searcher: exact card play where the rules give a CardPlay."""

from __future__ import annotations

import random
from typing import Any

from hoyle.agents.double_dummy import DoubleDummy
from hoyle.agents.pimc import DoubleDummySearcher
from hoyle.envs.core.cards import mask_of, parse_cards
from hoyle.envs.core.tricks import CardPlay
from hoyle.envs.games.calabrasella import calabrasella_tricks

HANDS = tuple(mask_of(parse_cards(t)) for t in ("♠3 ♥4 ♣K", "♠A ♥K ♣4", "♠4 ♥5 ♣3"))


class _Rules:
    """A stand-in for a trick game's rules: the world *is* its card play."""

    def card_play(self, world: Any) -> CardPlay | None:
        return world  # type: ignore[no-any-return]


def _fallback(calls: list[int]) -> Any:
    def search(sim: Any, world: Any, player: int, legal: Any, rng: Any) -> dict[int, float]:
        calls.append(player)
        return {a: 0.0 for a in legal}

    return search


def test_values_are_the_solver_s_from_the_mover_s_side() -> None:
    calls: list[int] = []
    searcher = DoubleDummySearcher(_Rules(), 8, _fallback(calls))
    # Seat 1 (index 1) is to play after seat 0 led ♠3; the mover's side is 1, so the solver is
    # asked with seat 1's side relabelled 0.
    play = CardPlay(calabrasella_tricks(), (0, 1, 2), HANDS, leader=0, sides=(0, 1, 1))
    legal = [c for c in range(64) if (HANDS[0] >> c) & 1]
    got = searcher(None, play, 0, legal, random.Random(0))  # type: ignore[arg-type]
    want = DoubleDummy(calabrasella_tricks(), (0, 1, 1)).play_values(HANDS, 0)
    assert got == {c: float(v) for c, v in want.items()}
    assert not calls
    # For an adversary the solver counts the adversaries' tricks.
    after = CardPlay(
        calabrasella_tricks(),
        (0, 1, 2),
        (HANDS[0] & ~mask_of(parse_cards("♠3")), HANDS[1], HANDS[2]),
        leader=0,
        table=tuple(parse_cards("♠3")),
        sides=(0, 1, 1),
    )
    legal1 = parse_cards("♠A")
    got1 = searcher(None, after, 1, legal1, random.Random(0))  # type: ignore[arg-type]
    want1 = DoubleDummy(calabrasella_tricks(), (1, 0, 0)).play_values(after.hands, 0, after.table)
    assert got1 == {c: float(v) for c, v in want1.items() if c in legal1}


def test_large_hands_and_other_phases_go_to_the_fallback() -> None:
    calls: list[int] = []
    searcher = DoubleDummySearcher(_Rules(), 2, _fallback(calls))
    play = CardPlay(calabrasella_tricks(), (0, 1, 2), HANDS, leader=0, sides=(0, 1, 1))
    searcher(None, play, 0, [1, 2], random.Random(0))  # type: ignore[arg-type]
    searcher(None, None, 2, [1, 2], random.Random(0))  # type: ignore[arg-type]
    assert calls == [0, 2]


def test_the_renounces_reach_the_solver() -> None:
    """No trumps: seat 0 holds the Joker and two clubs and has renounced hearts; on ♥A ♥Q the
    Joker is powerless, and the searcher's values say so (the solver's, with the renounces)."""
    from hoyle.envs.core.cards import HEARTS, JOKER
    from hoyle.envs.core.tricks import NO_TRUMP
    from hoyle.envs.games.five_hundred import five_hundred_tricks

    rules = five_hundred_tricks(NO_TRUMP)
    hands = tuple(mask_of(parse_cards(t)) for t in ("Joker ♣7 ♣8", "♥K ♥10", "♥J ♥9"))
    table = tuple(parse_cards("♥A ♥Q"))
    searcher = DoubleDummySearcher(_Rules(), 8, _fallback([]))
    legal = [JOKER, *parse_cards("♣7 ♣8")]
    base = CardPlay(rules, (0, 1, 2), hands, leader=1, table=table, sides=(0, 1, 1))
    fresh = searcher(None, base, 0, legal, random.Random(0))  # type: ignore[arg-type]
    assert fresh[JOKER] == 3.0
    renounced = CardPlay(
        rules,
        (0, 1, 2),
        hands,
        leader=1,
        table=table,
        sides=(0, 1, 1),
        renounced=(1 << HEARTS, 0, 0),
    )
    got = searcher(None, renounced, 0, legal, random.Random(0))  # type: ignore[arg-type]
    assert got == {c: 0.0 for c in legal}
