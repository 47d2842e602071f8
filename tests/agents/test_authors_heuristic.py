"""The Authors heuristic (Foster, AUTHORS: the artifice and "recall who has asked for certain
cards, and which players were unable to supply them"): each hint on a built position where it
decides, the book's artifice on the book's own hand, and the agent against ``random`` on
duplicate deals (each deal played with the heuristic in every seat in turn, ``random`` in the
others, on the same cards).
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from hoyle.agents.heuristics import authors as H
from hoyle.envs.core.cards import parse_card
from hoyle.envs.games.authors import ask_action
from tests.games.test_authors import ask, deal, load, three
from tests.helpers import choose, seat_duplicate_means


def decide(state: Any, hint: Any) -> list[str]:
    """What ``hint`` keeps of the legal actions of the player to move, in words."""
    p = state.current_player()
    kept = hint(state.player_view(p), state.legal_actions())
    return sorted(state.action_to_string(p, a) for a in kept)


BOOK_HAND = (
    "♠5 ♦5 ♠A ♥A ♠2 ♥2 ♠3 ♣6",
    "♣5 ♦A ♣A ♦2 ♣2 ♦3 ♣3 ♣4",
    "♥5 ♠4 ♥4 ♦4 ♠6 ♥6 ♦6 ♥3",
)
"""Three players, A to 6: player 0 holds the Fives of diamonds and spades, player 1 the club
Five, player 2 the heart Five (the book's example)."""


def book_position() -> Any:
    """The book's artifice: "You hold the Fives of diamonds and spades, and have asked for and
    received the Five of clubs"."""
    return ask(deal(load(players=3, ranks=6), *BOOK_HAND), 0, 1, "♣5")


def test_ask_known_asks_for_a_card_handed_over() -> None:
    state = ask(three(), 0, 1, "♦2")  # player 0 now holds the ♦2, in everyone's record
    state = ask(state, 0, 1, "♣3")  # a miss: player 1 asks
    assert decide(state, H.ask_known) == ["player 1 asks player 0 for the ♦2"]
    assert choose(state) == (ask_action(0, parse_card("♦2")), "authors.ask-known")


def test_the_artifice_asks_for_ones_own_five() -> None:
    state = book_position()
    assert state.current_player() == 0
    kept = decide(state, H.artifice)
    # His own unplaced Fives (never the club Five the table knows of), of either player.
    assert kept == sorted(
        f"player 0 asks player {q} for the {c}" for q in (1, 2) for c in ("♠5", "♦5")
    )
    action, why = choose(state)
    assert why == "authors.artifice"
    assert state.action_to_string(0, action) in kept
    # Without the hint, he guesses the heart Five (the record says nothing of it yet: the
    # denomination he holds most of decides).
    action, why = choose(state, "artifice")
    assert why == "authors.hold-most"
    assert state.action_to_string(0, action).endswith("♥5")


def test_the_artifice_waits_for_a_card_just_received() -> None:
    # Another hit, which makes two Treys: the Five is no longer the news, the Trey not three.
    state = ask(book_position(), 0, 1, "♦3")
    assert decide(state, H.artifice) == []
    # A hit that makes three Aces is news again: the artifice on the Aces.
    state = ask(state, 0, 1, "♣A")
    assert decide(state, H.artifice) == sorted(
        f"player 0 asks player {q} for the {c}" for q in (1, 2) for c in ("♠A", "♥A")
    )


def test_the_holder_of_the_fourth_betrays_it_after_the_artifice() -> None:
    """The book: "if you ask for the spade Five, and he gets into the ask, he will at once
    betray the fact that he holds the fourth Five by asking you for the club Five"."""
    state = ask(book_position(), 0, 2, "♠5")  # the artifice: a miss, player 2 asks
    assert state.current_player() == 2
    assert "player 2 asks player 0 for the ♣5" in decide(state, H.ask_known)
    assert "player 2 asks player 0 for the ♠5" not in decide(state, H.track_asks)
    state = ask(state, 2, 0, "♣5")  # he takes it, and now holds two Fives
    # He cannot ask for the spade Five: player 0 asked for it himself, and the record says
    # nothing places it with him, so memory of the asks ranks every other guess first.
    assert all(not line.endswith("♠5") for line in decide(state, H.track_asks))


def _asks_of_the_holder(state: Any, seeds: int = 40) -> Counter[str]:
    """The heart Five's holder's ask in ``state`` over ``seeds`` seeds of the heuristic."""
    return Counter(state.action_to_string(2, choose(state, seed=k)[0]) for k in range(seeds))


def test_the_artifice_misleads_a_player_who_remembers_asks() -> None:
    """The book: after the honest guess "the player with that card may draw all yours"; after
    the artifice "he will never think of asking you for the spade Five, because you asked for
    it yourself". The holder of the heart Five plays the heuristic, whose memory of the asks
    takes an ask to mean that the asker lacks the card; he gets into the ask and takes the club
    Five (the card the record places) in both lines."""
    # The honest guess: player 0 asks player 1 for the heart Five and misses; player 1 misses
    # the spade Ace at player 2, who asks.
    honest = ask(ask(book_position(), 0, 1, "♥5"), 1, 2, "♠A")
    honest = ask(honest, 2, 0, "♣5")
    drawn = _asks_of_the_holder(honest)
    # Either of player 0's Fives, both hits: he may draw all of them.
    assert set(drawn) == {"player 2 asks player 0 for the ♠5", "player 2 asks player 0 for the ♦5"}
    # The artifice: player 0 asks player 2 for his own spade Five; the holder asks at once.
    artifice = ask(ask(book_position(), 0, 2, "♠5"), 2, 0, "♣5")
    assert artifice.s.hands == honest.s.hands  # the same cards in every hand
    assert _asks_of_the_holder(artifice) == Counter({"player 2 asks player 0 for the ♦5": 40})


def test_track_asks_remembers_a_miss() -> None:
    state = ask(three(), 0, 1, "♣2")  # player 1 has not the ♣2: only player 2 can
    state = ask(state, 1, 0, "♣A")  # player 1 asks for an Ace and misses: player 0 asks
    assert decide(state, H.track_asks) == ["player 0 asks player 2 for the ♣2"]
    record = H.Record(state.player_view(0))
    assert record.places(parse_card("♣2")) == [2]
    # Player 1 asked for an Ace: the Ace he did not ask for is likelier his than the one he did.
    assert record.score(1, parse_card("♦A"))[1] == 1
    assert record.score(1, parse_card("♣A"))[1] == 0


def test_hold_most_asks_for_the_denomination_held_most() -> None:
    state = three()  # player 0: ♠A ♥A ♠2 ♥3
    kept = decide(state, H.hold_most)
    assert kept == sorted(
        f"player 0 asks player {q} for the {c}" for q in (1, 2) for c in ("♦A", "♣A")
    )


def duplicate_means(
    deals: int, seed: int, other: str = "random", reasons: Any = None
) -> list[float]:
    return seat_duplicate_means(load(players=4), deals, seed, other=other, reasons=reasons)


def test_heuristic_beats_random() -> None:
    reasons: Counter[str] = Counter()
    means = duplicate_means(30, 1, reasons=reasons)
    low = statistics.mean(means) - 1.96 * statistics.stdev(means) / len(means) ** 0.5
    assert low > 0, means
    assert reasons["authors.artifice"] > 0 and reasons["authors.ask-known"] > 0
