"""Moves both ways (:mod:`hoyle.envs.core.moves`): typed text read back as actions, one-line
errors, and the reasons the games give for refused moves, in built positions.

The round trip over every game and configuration (every legal action's name and its ASCII
spellings, in random states) is in ``tests/test_conformance.py``.
"""

from __future__ import annotations

import doctest
import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core import moves
from hoyle.envs.core.capabilities import ExplainsIllegal
from hoyle.envs.core.cards import (
    DIAMONDS,
    HEARTS,
    JACK,
    JOKER,
    SPADES,
    card,
    mask_of,
    parse_card,
    parse_cards,
)
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.core.moves import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveError,
    UnknownMoveError,
    find_move,
    parse_move,
)
from hoyle.envs.core.rules import CHANCE
from hoyle.envs.core.tricks import (
    ACE_HIGH_RANKS,
    NO_SUIT,
    NO_TRUMP,
    PIQUET_RANKS,
    build_tricks,
    play_refusal,
)
from hoyle.envs.games import backgammon as B
from hoyle.envs.games import cassino as K
from hoyle.envs.games import conquian as C
from hoyle.envs.games.backgammon import make_side as side
from tests.helpers import do

CARD_NAMES = ["play ♥7", "play ♠10", "play ♦A", "play Joker", "play ♣Q"]
CARD_ACTIONS = [20, 9, 26, JOKER, 50]


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def one_line(e: BaseException) -> str:
    text = str(e)
    assert "\n" not in text and len(text) < 300, text
    return text


# --- reading what people type ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play ♥7", 20),
        ("play h7", 20),
        ("play 7h", 20),
        ("PLAY H.7", 20),
        ("play 7H", 20),
        ("  Play   h7 ", 20),
        ("play 10s", 9),
        ("play Ts", 9),
        ("play ts", 9),
        ("play s10", 9),
        ("play AD", 26),
        ("play ad", 26),
        ("play joker", JOKER),
        ("play JK", JOKER),
        ("h7", 20),  # the cards alone
        ("qc", 50),
        ("play q", 50),  # an unfinished card: its rank
        ("play c", 50),  # an unfinished card: its suit
    ],
)
def test_ascii_spellings_cases_spaces_and_prefixes(text: str, action: int) -> None:
    assert find_move(text, CARD_ACTIONS, CARD_NAMES) == action


def test_a_word_that_is_also_a_card_is_read_both_ways() -> None:
    """``as`` is the Ace of spades and the word of "as Fourteen"; ``ah`` the Ace of hearts."""
    names = ["take in with ♠A as Fourteen", "take in with ♠A", "take in with ♥A"]
    acts = [1, 2, 3]
    assert find_move("take in with as as fourteen", acts, names) == 1
    assert find_move("take in with as", acts, names) == 2  # the full match beats the longer one
    assert find_move("take in with ah", acts, names) == 3


def test_runs_suits_and_suit_words() -> None:
    """A run written ``♠4 5 6`` is typed with its ranks or card by card; a bare suit by its
    letter or name; a suit named in words by its letter."""
    assert find_move("lay s4 5 6", [61, 62], ["lay ♠4 5 6", "lay ♠4 5 6 7"]) == 61
    assert find_move("lay 4s 5s 6s 7s", [61, 62], ["lay ♠4 5 6", "lay ♠4 5 6 7"]) == 62
    assert find_move("use 7s on your 4s 5s 6s", [55], ["use ♠7 on your ♠4 5 6"]) == 55
    names = ["name ♠", "name ♥", "name ♦", "name ♣"]
    assert find_move("name h", [0, 1, 2, 3], names) == 1
    assert find_move("Name Diamonds", [0, 1, 2, 3], names) == 2
    bids = ["bid seven spades (140)", "bid seven hearts (200)"]
    assert find_move("bid seven h", [1, 2], bids) == 2
    assert find_move("Solo d trumps", [7, 8], ["Solo, ♦ trumps (8)", "Solo, ♠ trumps (4)"]) == 7


def test_ambiguous_and_unknown_text_are_one_line_errors() -> None:
    with pytest.raises(AmbiguousMoveError) as amb:
        find_move("play", CARD_ACTIONS, CARD_NAMES)
    text = one_line(amb.value)
    assert all(name in text for name in CARD_NAMES)
    assert set(amb.value.candidates) == set(CARD_ACTIONS)
    with pytest.raises(UnknownMoveError) as unk:
        find_move("fold\nnow", CARD_ACTIONS, CARD_NAMES)
    text = one_line(unk.value)
    assert text.startswith("no legal move is called 'fold\\nnow'")
    assert "play ♥7" in text  # a few legal moves are named
    with pytest.raises(UnknownMoveError):
        find_move("   ", CARD_ACTIONS, CARD_NAMES)


def test_unknown_text_names_only_a_few_of_many_long_moves() -> None:
    names = [f"{k}/{k - 1}: an ace, from point {k} of a very long description" for k in range(9)]
    with pytest.raises(UnknownMoveError) as e:
        find_move("x" * 5000, list(range(9)), names)
    text = one_line(e.value)
    assert "(9 in all)" in text and len(text) < 200


def test_the_exact_name_wins_and_the_punctuation_typed_tells_apart() -> None:
    names = ["take Ten (♥4 ♦6)", "take Ten ♥4 ♦6"]  # the same tokens
    assert find_move("take Ten (♥4 ♦6)", [1, 2], names) == 1
    assert find_move("take ten ♥4 ♦6", [1, 2], names) == 2  # as typed, punctuation too
    with pytest.raises(AmbiguousMoveError):
        find_move("take ten 4h 6d", [1, 2], names)
    tout = ["Tout, ♣ trumps (32)", "Tout with a partner, ♣ trumps (32)"]
    assert find_move("tout,", [1, 2], tout) == 1
    assert find_move("tout w", [1, 2], tout) == 2


# --- the adapter: string_to_action -------------------------------------------------------------


def _to_play(name: str, seed: int = 0, **params: Any) -> Any:
    """The first decision state of a seeded game."""
    state = pyspiel.load_game(f"hoyle_{name}", params).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def test_string_to_action_takes_a_player_or_not() -> None:
    state = _to_play("five_hundred")
    p = state.current_player()
    assert state.string_to_action(p, "bid six hearts (100)") == state.string_to_action("BID six h")
    assert state.string_to_action("pass") == state.string_to_action(p, "pass")
    with pytest.raises(pyspiel.SpielError):  # a MoveError is a SpielError, as OpenSpiel's
        state.string_to_action(p, "bid")


def test_no_move_of_another_player_or_of_chance_is_listed() -> None:
    """The moves of the player to move would show his hand to another player; the chance
    outcomes are the cards not yet dealt: neither is ever named in an error."""
    state = _to_play("lift_smoke")
    p = state.current_player()
    other = (p + 1) % state.num_players()
    first, *rest = [state.action_to_string(p, a) for a in state.legal_actions()]
    with pytest.raises(MoveError) as e:
        state.string_to_action(other, first)
    assert rest and not any(name in str(e.value) for name in rest), str(e.value)
    deal = pyspiel.load_game("hoyle_lift_smoke").new_initial_state()
    assert deal.current_player() == CHANCE
    name = deal.action_to_string(CHANCE, 0)
    assert deal.string_to_action(CHANCE, name) == 0  # an exact outcome still reads
    for text in ("deal", "nothing at all"):
        with pytest.raises(MoveError) as e:
            deal.string_to_action(CHANCE, text)
        assert not any(s in str(e.value) for s in "♠♥♦♣"), str(e.value)


# --- the shared follow-suit reason -------------------------------------------------------------


def test_play_refusal_explains_follow_suit_in_the_rule_s_terms() -> None:
    rules = build_tricks("t", PIQUET_RANKS, SPADES)
    hand = m("♥7 ♥K ♦A ♠8")
    assert play_refusal(hand, HEARTS, rules, parse_card("♦A")) == (
        "you must follow suit (hearts): you hold ♥K ♥7"
    )
    assert play_refusal(hand, HEARTS, rules, parse_card("♠8")) == (
        "you must follow suit (hearts): you hold ♥K ♥7"
    )
    assert play_refusal(hand, HEARTS, rules, parse_card("♥7")) is None
    assert play_refusal(hand, NO_SUIT, rules, parse_card("♦A")) is None  # leading: any card
    assert play_refusal(hand, HEARTS, rules, parse_card("♣A")) == "you do not hold ♣A"
    assert play_refusal(m("♦A ♠8"), HEARTS, rules, parse_card("♦A")) is None  # void: any card


def test_play_refusal_knows_the_effective_suit_and_the_special_cards() -> None:
    """The left bower is a trump (following trumps it is the card to play, and it is named);
    a free card may always be played; a lead-last-only card is refused as a lead; with
    ``must_trump`` a void player must trump."""
    left = card(DIAMONDS, JACK)
    rules = build_tricks("t", PIQUET_RANKS, HEARTS, top_trumps=(card(HEARTS, JACK), left))
    assert play_refusal(m("♦J ♠A"), HEARTS, rules, parse_card("♠A")) == (
        "you must follow suit (trumps): you hold ♦J"
    )
    assert play_refusal(m("♦J ♦A"), DIAMONDS, rules, parse_card("♦J")) == (
        "you must follow suit (diamonds): you hold ♦A"
    )
    free = build_tricks("nt", PIQUET_RANKS, NO_TRUMP, free=1 << JOKER)
    assert play_refusal(m("♥7") | 1 << JOKER, HEARTS, free, JOKER) is None
    last = build_tricks("q", ACE_HIGH_RANKS, NO_TRUMP, lead_last_only=1 << JOKER)
    assert play_refusal(m("♥7") | 1 << JOKER, NO_SUIT, last, JOKER) == (
        "Joker may be led only as your last card"
    )
    trump = build_tricks("mt", PIQUET_RANKS, SPADES, must_trump=True)
    assert play_refusal(m("♠7 ♦A"), HEARTS, trump, parse_card("♦A")) == (
        "you must trump, having none of the suit led: you hold ♠7"
    )


# --- a trick game: Lift Smoke ------------------------------------------------------------------


def _lift_smoke_after_the_lead(game: Any = None) -> Any:
    """Four players; player 0 leads ♠A; player 1, holding ♠K ♠3 ♥5 ♥6 ♦7 ♦8, is to play."""
    game = game or pyspiel.load_game("hoyle_lift_smoke")
    state = game.new_initial_state()
    hands = [
        parse_cards(h)
        for h in (
            "♠A ♠2 ♥3 ♥4 ♦5 ♦6",
            "♠K ♠3 ♥5 ♥6 ♦7 ♦8",
            "♠Q ♠4 ♥7 ♥8 ♦9 ♦10",
            "♠J ♠5 ♥9 ♥10 ♦J ♣2",
        )
    ]
    for i in range(6):
        for q in range(4):
            state.apply_action(hands[q][i])
    return do(state, "play ♠A")


def test_a_card_off_suit_is_refused_with_the_follow_suit_rule() -> None:
    state = _lift_smoke_after_the_lead()
    assert state.current_player() == 1
    before = str(state)
    with pytest.raises(
        IllegalActionError, match=r"you must follow suit \(spades\): you hold ♠K ♠3"
    ):
        state.apply_action(parse_card("♥5"))
    with pytest.raises(IllegalActionError, match="you do not hold ♣A"):
        state.apply_action(parse_card("♣A"))
    assert str(state) == before
    # Typed: the parser finds the real card, and the rule refuses it.
    with pytest.raises(IllegalMoveError) as e:
        state.string_to_action(1, "play 5h")
    assert e.value.move == "play ♥5" and e.value.action == parse_card("♥5")
    assert e.value.reason == "you must follow suit (spades): you hold ♠K ♠3"
    assert state.string_to_action(1, "3s") == parse_card("♠3")


def test_the_reason_costs_nothing_in_legal_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason is asked for only when an action is refused: a whole legal game never asks."""
    game = pyspiel.load_game("hoyle_lift_smoke")
    rules = game.rules
    assert isinstance(rules, ExplainsIllegal)

    def never(s: Any, action: int) -> str:
        raise AssertionError("illegal_reason asked in legal play")

    monkeypatch.setattr(rules, "illegal_reason", never)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        acts = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(acts))
    with pytest.raises(AssertionError, match="asked in legal play"):
        _lift_smoke_after_the_lead(game).apply_action(parse_card("♥5"))


# --- Conquian ----------------------------------------------------------------------------------

PONE = "♥J ♥7 ♥6 ♥4 ♠5 ♠3 ♠2 ♦K ♦7 ♦5"
DEALER = "♣A ♣3 ♣5 ♣7 ♣Q ♦A ♦3 ♦J ♠J ♠Q"


def _conquian(turn_up: str) -> Any:
    """The book's example hand for the pone (player 0), a quiet dealer, and a card turned up."""
    game = pyspiel.load_game("hoyle_conquian")
    state = game.new_initial_state()
    dealer = state.s.dealer
    cards = {1 - dealer: parse_cards(PONE), dealer: parse_cards(DEALER)}
    for k in range(20):
        state.apply_action(cards[game.rules.deal_recipient(state.s, k)].pop(0))
    return do(state, f"turn up {turn_up}")


COMBINATION = (
    "a sequence needs three or more cards of one suit in order, a triplet three or four cards "
    "of one rank"
)


def test_conquian_a_card_that_makes_no_combination_cannot_be_used() -> None:
    state = _conquian("♣K")
    p = state.current_player()
    assert p == 1 - state.s.dealer  # the pone has the first refusal
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(C.USE_ACTION)
    assert f"♣K makes no new combination with your cards: {COMBINATION}" in str(e.value)
    with pytest.raises(IllegalMoveError) as typed:
        state.string_to_action(p, "use kc")
    assert typed.value.reason.startswith("♣K makes no new combination")
    with pytest.raises(IllegalActionError, match="you have the first refusal of ♣K: decline it"):
        state.apply_action(C.PASS_ACTION)


def test_conquian_a_combination_is_laid_only_when_it_is_one() -> None:
    """Using ♥5 with ♥6 alone: two cards are no sequence yet; ♠3 joins no combination with
    them; a card neither held nor lendable is named as such."""
    state = _conquian("♥5")
    do(state, "use ♥5", "add ♥6")
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(C.LAY_ACTION)
    assert f"♥5 6 is not a combination yet: {COMBINATION}" in str(e.value)
    with pytest.raises(IllegalActionError, match="♠3 and ♥5 6 belong to no one combination"):
        state.apply_action(parse_card("♠3"))
    with pytest.raises(IllegalActionError, match="you do not hold ♣K and cannot borrow it"):
        state.apply_action(parse_card("♣K"))
    assert state.string_to_action("add 7h") == parse_card("♥7")


def test_conquian_a_card_that_fits_no_combination_cannot_be_forced() -> None:
    state = _conquian("♥5")
    do(state, "use ♥5", "add ♥6", "add ♥7", "lay ♥5 6 7", "discard ♦K", "pass ♦K")
    do(state, "turn up ♠K")
    assert state.current_player() == state.s.dealer
    with pytest.raises(IllegalActionError, match="♠K does not fit your adversary's ♥5 6 7"):
        state.apply_action(C.FORCE_ACTION_BASE)
    with pytest.raises(IllegalActionError, match="you have no combination 1"):
        state.apply_action(C.USE_ON_ACTION_BASE)


# --- Backgammon --------------------------------------------------------------------------------


def _backgammon(mover: B.Side, adversary: B.Side, throw: tuple[int, int], **params: Any) -> Any:
    """White on roll in this position after ``throw`` (thrown through the real rules)."""
    state = pyspiel.load_game("hoyle_backgammon", params).new_initial_state()
    s = state.s
    s.men, s.turn, s.phase, s.legal_cache = (mover, adversary), B.WHITE, B.ROLL, None
    state.apply_action(B.dice_outcome(*throw))
    return state


def _refused(state: Any, source: int, die: int) -> str:
    action = B.move_action(source, die)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(action)
    why = state.illegal_reason(action)
    assert why is not None and why in str(e.value)
    return str(why)


def test_backgammon_no_man_no_die_a_made_point_and_the_bar() -> None:
    start = _backgammon(B.START, B.START, (3, 1))
    assert _refused(start, 7, 1) == "you have no man on point 7"
    assert _refused(start, 13, 4) == "you have no quatre to play (the dice left: 3, 1)"
    assert _refused(start, 13, 1) == (
        "point 12 is made by the adversary (5 men): you cannot move there"
    )
    on_bar = _backgammon(side({25: 1, 6: 14}), B.START, (3, 1))
    assert _refused(on_bar, 6, 1) == "a man on the bar must enter before any other man moves"
    typed = start.string_to_action("8/5")
    assert B.action_move(typed) == (8, 3)
    with pytest.raises(IllegalMoveError) as e:
        start.string_to_action("7/6")
    assert e.value.reason == "you have no man on point 7"


def test_backgammon_bearing_off() -> None:
    not_home = _backgammon(side({6: 14, 8: 1}), side({1: 5, 2: 5, 3: 5}), (6, 5))
    assert _refused(not_home, 6, 6) == (
        "you may bear off only when all your men are in your home table"
    )
    fig2 = _backgammon(side({5: 5, 4: 3, 2: 3, 1: 4}), side({1: 5, 2: 5, 3: 5}), (6, 3))
    assert _refused(fig2, 4, 6) == (
        "a six bears a man off point 6, or off your highest point when it is lower; you have a "
        "man on point 5"
    )


def test_backgammon_the_whole_throw_and_the_larger_die() -> None:
    """The examples of ``tests/games/test_backgammon.py``: 6-1 where 10/9 would leave the 6
    unplayable; 6-5 where only one die can be played and ``larger_die`` asks for the 6."""
    whole = _backgammon(
        side({10: 1, 8: 1, 1: 13}, off=0), side({23: 2, 22: 2, 21: 2, 6: 9}), (6, 1)
    )
    assert _refused(whole, 10, 1).startswith(
        "you must play the whole throw if possible: after this move one die could not be played"
    )
    mover, adversary = side({12: 1, 2: 14}, off=0), side({24: 2, 6: 13}, off=0)
    larger = _backgammon(mover, adversary, (6, 5), larger_die=True)
    assert _refused(larger, 12, 5) == (
        "when only one die can be played, the move must use the larger"
    )
    book = _backgammon(mover, adversary, (6, 5))
    assert B.move_action(12, 5) in book.legal_actions()  # the book lets either die be played


# --- Cassino -----------------------------------------------------------------------------------


def test_cassino_the_builder_may_not_trail() -> None:
    """A player who made a build and holds a card of its value may not trail (assumption 2):
    the refusal names his build (on the table), in the book's words. Positions from seeded
    random play, the first of each game where a trail is refused."""
    game = pyspiel.load_game("hoyle_cassino")
    found = 0
    for seed in range(40):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            s, p = state.s, state.current_player()
            if s.phase == K.KIND and K.TRAIL_ACTION not in state.legal_actions():
                mine = [b for b in s.builds if b.owner == p]
                why = state.illegal_reason(K.TRAIL_ACTION)
                assert why is not None and any(
                    why.startswith(f"you made the build {K.describe_build(b)} and hold a card")
                    for b in mine
                ), why
                with pytest.raises(IllegalActionError, match="must take it in, take in something"):
                    state.apply_action(K.TRAIL_ACTION)
                found += 1
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert found > 0, "no position where the builder may not trail"


def test_parse_move_needs_a_state_of_any_game() -> None:
    """``parse_move`` reads OpenSpiel's own games too (without the illegal-move lookup)."""
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    name = state.action_to_string(0, 4)
    assert parse_move(state, name) == 4
    with pytest.raises(UnknownMoveError):
        parse_move(state, "nowhere")


def test_the_module_examples() -> None:
    result = doctest.testmod(moves, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
