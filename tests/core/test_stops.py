"""The stops engine (``envs/core/stops.py``) on a minimal game of its own.

The mini game: three players, the A 2 3 4 5 of each suit (the Five is the top of the order,
as the King is in the books), five cards each, five stops. The player of
a Five receives 1 from each; ♦3 is a privilege like Commit's 9♦ (played when its holder is
stuck, beside the live sequence); the first out receives 1 from each. Each rule of the play is
checked on a dealt position, then the information: the announcements as lacks, the question
asked of every seat while the privileged card is out, the re-deal.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from hoyle.envs.core.cards import card, mask_of, parse_card, parse_cards
from hoyle.envs.core.determinize import redeal_unseen
from hoyle.envs.core.events import NOWHERE, EventKind, log_event
from hoyle.envs.core.pools import pay_each
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.core.runs import RunOrder
from hoyle.envs.core.stops import (
    CHOOSE,
    EV_DEALT,
    EV_LEAD,
    EV_PLAY,
    EV_SHOWS,
    EV_STOP,
    EV_WITHOUT,
    FIRST_GAME_EVENT,
    LEAD,
    OVER,
    PASS,
    PLAY,
    STUCK,
    StopsRules,
    StopsState,
)

FIVE = 4
ORDER = RunOrder(tuple(range(FIVE + 1)))
PACK = mask_of(card(suit, rank) for suit in range(4) for rank in range(FIVE + 1))
PRIVILEGED = card(2, 2)  # ♦3
EV_RECEIVES = FIRST_GAME_EVENT


class MiniRules(StopsRules[StopsState]):
    title = "Mini stops"

    def __init__(self, deals: int = 1, removed: int = -1) -> None:
        super().__init__(
            players=3,
            pack=PACK & ~(1 << removed) if removed >= 0 else PACK,
            hand_size=5,
            deals=deals,
            order=ORDER,
            game_events=(EventKind("{actor} received {value} from each", value="number"),),
            game_events_per_deal=60,
        )
        self.settled: list[int] = []

    def on_play(self, s: StopsState, seat: int, c: int, led: bool) -> None:
        if ORDER.is_top(c):
            s.counters = pay_each(s.counters, seat, 1)
            s.log = log_event(s.log, EV_RECEIVES, seat, 1)

    def asks(self, s: StopsState, seat: int, point: int) -> bool:
        return point == STUCK and not s.played >> PRIVILEGED & 1

    def privileges(self, s: StopsState, seat: int, point: int) -> list[int]:
        return [PRIVILEGED] if s.hands[seat] >> PRIVILEGED & 1 else []

    def apply_privilege(self, s: StopsState, seat: int, action: int) -> None:
        if not self.play_beside(s, seat, action):
            self.pass_on(s, seat)

    def end_of_deal(self, s: StopsState, winner: int) -> None:
        s.counters = pay_each(s.counters, winner, 1)
        self.settled.append(winner)


def deal(rules: MiniRules, hands: list[str]) -> tuple[StopsState, list[int]]:
    """A state after dealing ``hands`` (player 2 deals: player 0 gets the first card)."""
    s = rules.new_state()
    cards = [parse_cards(h) for h in hands]
    history = []
    for k in range(rules.hand_size * rules.num_players):
        q = rules.deal_recipient(s, k)
        c = cards[q][k // rules.num_players]
        assert s.to_move == CHANCE
        rules.apply_action(s, c)
        history.append(c)
    return s, history


def act(rules: MiniRules, s: StopsState, history: list[int], a: int) -> None:
    assert a in rules.legal_actions(s), (a, rules.legal_actions(s), rules.state_string(s))
    rules.apply_action(s, a)
    history.append(a)


def kinds(s: StopsState, kind: int) -> list[tuple[int, int]]:
    return [(actor, value) for k, actor, value, _, _ in s.log if k == kind]


HANDS = ["♠A ♠2 ♦4 ♥A ♣A", "♠3 ♥4 ♥5 ♦A ♣2", "♠4 ♠5 ♦2 ♦3 ♣3"]
"""Stops: ♥2 ♥3 ♦5 ♣4 ♣5."""


def step(rules: MiniRules, s: StopsState, history: list[int], *moves: str) -> None:
    """Apply ``moves``: a card ("♠2") or "-" for ``PASS``."""
    for m in moves:
        act(rules, s, history, PASS if m == "-" else parse_card(m))


def test_the_leader_plays_his_run_and_announces_the_card_he_fails_on() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    assert (s.phase, s.point, s.to_move) == (PLAY, LEAD, 0)
    step(rules, s, h, "♠2")
    assert kinds(s, EV_LEAD) == [(0, parse_card("♠2"))]
    assert kinds(s, EV_WITHOUT)[0] == (0, parse_card("♠3"))
    assert s.lacks[0] == mask_of([parse_card("♠3")])
    # Player 1 holds ♠3: he plays it (forced, logged) and fails on ♠4; player 2 plays ♠4 ♠5.
    assert kinds(s, EV_PLAY) == [
        (1, parse_card("♠3")),
        (2, parse_card("♠4")),
        (2, parse_card("♠5")),
    ]
    assert kinds(s, EV_WITHOUT)[1] == (1, parse_card("♠4"))


def test_the_top_of_the_order_stops_the_sequence_and_its_player_leads() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    step(rules, s, h, "♠2")
    assert kinds(s, EV_STOP) == [(2, 0)]
    assert (s.point, s.to_move, s.lines) == (LEAD, 2, ())
    assert s.counters == (-1, -1, 2)  # the top card's 1 from each
    assert kinds(s, EV_RECEIVES) == [(2, 1)]


def test_a_card_nobody_holds_brings_the_lead_back_to_the_player_of_the_last_card() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    step(rules, s, h, "♣A")  # ♣2 is player 1's, ♣3 player 2's; ♣4 is among the stops
    assert [q for q, c in kinds(s, EV_WITHOUT) if c == parse_card("♣4")] == [2, 0]
    # The privileged ♦3 is unplayed: each player stuck in his turn is asked, whoever holds it.
    assert (s.point, s.to_move, rules.legal_actions(s)) == (STUCK, 0, [PASS])
    step(rules, s, h, "-")
    assert (s.point, s.to_move, rules.legal_actions(s)) == (STUCK, 1, [PASS])
    step(rules, s, h, "-")
    assert (s.point, s.to_move) == (LEAD, 2)
    assert kinds(s, EV_STOP) == [(2, 0)]


def test_a_played_card_is_a_known_stop_that_ends_the_sequence_at_once() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    step(rules, s, h, "♠2", "♦2")  # ... ♦4 is player 0's, ♦5 a stop: player 0 leads
    assert (s.point, s.to_move) == (LEAD, 0)
    withouts = len(kinds(s, EV_WITHOUT))
    step(rules, s, h, "♠A")  # ♠2 is played: nobody announces it; he leads again
    assert len(kinds(s, EV_WITHOUT)) == withouts
    assert kinds(s, EV_STOP)[-1] == (0, 0)
    assert (s.point, s.to_move) == (LEAD, 0)


def test_a_card_out_of_the_pack_is_a_known_stop() -> None:
    """As the 8♦ at Commit: "if the diamonds are run up to the Seven"."""
    rules = MiniRules(removed=parse_card("♣4"))
    s, h = deal(rules, HANDS)
    step(rules, s, h, "♣A")  # ♣2, ♣3; the ♣4 is out of the pack
    assert not [c for _, c in kinds(s, EV_WITHOUT) if c == parse_card("♣4")]
    assert (s.point, s.to_move) == (LEAD, 2)


def test_the_privilege_opens_a_second_line_and_the_next_player_may_continue_either() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    step(rules, s, h, "♥A", "-")  # ♥2 a stop; player 1 passes; player 2 is stuck too
    assert (s.point, s.to_move) == (STUCK, 2)
    assert rules.legal_actions(s) == [PRIVILEGED, PASS]
    step(rules, s, h, "♦3")
    assert s.lines == (parse_card("♥A"), PRIVILEGED)
    assert (s.point, s.to_move) == (CHOOSE, 0)
    assert rules.legal_actions(s) == [parse_card("♦4")]  # he must: he holds the ♦4
    announced = len(kinds(s, EV_WITHOUT))
    step(rules, s, h, "♦4")
    # The original line is dropped: the round announces only the ♦5, a stop.
    assert {c for _, c in kinds(s, EV_WITHOUT)[announced:]} == {parse_card("♦5")}
    # ♦5 is a stop and the ♦3 is played: nobody is asked any more; player 0 leads again.
    assert (s.point, s.to_move) == (LEAD, 0)


def test_going_out_ends_the_deal_and_the_hands_are_shown() -> None:
    rules = MiniRules()
    s, h = deal(rules, ["♠A ♠2 ♠3 ♠4 ♠5", "♥A ♥2 ♥3 ♥4 ♥5", "♦A ♦2 ♦3 ♦4 ♦5"])
    step(rules, s, h, "♠A")
    assert s.phase == OVER and s.winner == 0 and rules.settled == [0]
    assert len(kinds(s, EV_SHOWS)) == 10
    assert rules.returns(s) == [4.0, -2.0, -2.0]  # the top card's 1 each, and out first


def _random_game(rules: MiniRules, seed: int) -> tuple[StopsState, list[int]]:
    rng = random.Random(seed)
    s = rules.new_state()
    history: list[int] = []
    while s.phase != OVER:
        if s.to_move == CHANCE:
            a = rng.choice([c for c, _ in rules.chance_outcomes(s)])
        else:
            a = rng.choice(rules.legal_actions(s))
        rules.apply_action(s, a)
        history.append(a)
    return s, history


@pytest.mark.parametrize("deals", [1, 3])
def test_random_games_end_zero_sum_with_every_card_in_one_place(deals: int) -> None:
    rules = MiniRules(deals=deals)
    for seed in range(200):
        s, _ = _random_game(rules, seed)
        assert s.to_move == TERMINAL
        assert sum(rules.returns(s)) == 0
        zones = rules.card_zones(s)
        union = 0
        for mask in zones.values():
            assert not union & mask
            union |= mask
        assert union == PACK
        assert len(s.log) <= rules.event_schema.max_events
        assert len(rules.settled) >= deals


def _replay(rules: MiniRules, history: list[int]) -> tuple[StopsState, list[int]]:
    s = rules.new_state()
    movers = []
    for a in history:
        movers.append(s.to_move)
        if s.to_move != CHANCE:
            assert a in rules.legal_actions(s)
        rules.apply_action(s, a)
    return s, movers


def test_re_dealt_worlds_keep_every_view_and_the_order_of_the_players_asked() -> None:
    """Whoever holds the privileged card, every seat that could is asked: the player to move
    is the same in every world the re-deal draws, and so is each player's view."""
    rules = MiniRules(deals=2)
    checked = 0
    for seed in range(60):
        _, history = _random_game(rules, seed)
        cut = random.Random(seed).randrange(12, len(history))
        s, movers = _replay(rules, history[:cut])
        if s.phase != PLAY:
            continue
        for player in range(3):
            hidden = rules.hidden_cards(s, player)
            assert all(not s.hands[player] >> c & 1 for c in hidden)
            for k in range(5):
                rng = random.Random(seed * 10 + k)
                new = redeal_unseen(rules, s, history[:cut], player, rng.random)
                s2, movers2 = _replay(rules, new)
                assert movers2 == movers
                assert rules.player_view(s2, player) == rules.player_view(s, player)
                assert rules.event_schema.view(s2.log, player) == rules.event_schema.view(
                    s.log, player
                )
                for q, lack in enumerate(s2.lacks):
                    assert not s2.hands[q] & lack
                checked += 1
    assert checked > 100


def test_the_log_names_only_this_deals_positions() -> None:
    rules = MiniRules(deals=3)
    s, _ = _random_game(rules, 7)
    dealt_at = [at for k, _, _, _, at in s.log if k == EV_DEALT and at != NOWHERE]
    assert len(dealt_at) == rules.hand_size * rules.num_players  # the last deal's only


def test_legal_actions_words_and_refusals() -> None:
    rules = MiniRules()
    s, h = deal(rules, HANDS)
    assert rules.legal_actions(s) == sorted(parse_cards(HANDS[0]))
    assert rules.action_to_string(s, 0, parse_card("♠A")) == "lead ♠A"
    assert rules.illegal_reason(s, parse_card("♥4")) == "you do not hold ♥4"
    step(rules, s, h, "♥A", "-", "♦3")
    assert rules.action_to_string(s, 0, parse_card("♦4")) == "play ♦4"
    assert rules.illegal_reason(s, parse_card("♠A")) == (
        "♠A does not continue the sequence (♥A or ♦3)"
    )
    text = rules.view_string(rules.player_view(s, 1), True)
    assert "Player 2 played ♦3" in text.replace("player 2", "Player 2")
    assert "Sequence: ♥A / ♦3" in text


def test_the_tensors_hold_the_view_in_zero_to_one() -> None:
    rules = MiniRules(deals=2)
    s, history = _random_game(rules, 3)
    s, _ = _replay(rules, history[: len(history) // 2])
    for recall in (False, True):
        out = {name: np.zeros(shape) for name, shape in rules.tensor_pieces(recall)}
        rules.encode_view(rules.player_view(s, 1), out, recall)
        assert out["hand"].sum() == s.hands[1].bit_count()
        assert all(a.min() >= 0.0 and a.max() <= 1.0 for a in out.values())
        if recall:
            assert out["events"].any()


def test_the_hands_shown_at_the_end_are_not_re_dealt() -> None:
    rules = MiniRules()
    s, history = _random_game(rules, 11)
    for player in range(3):
        assert set(rules.hidden_cards(s, player).values()) <= {"undealt"}
        new = redeal_unseen(rules, s, history, player, random.Random(player).random)
        s2, _ = _replay(rules, new)
        assert s2.hands == s.hands and s2.counters == s.counters


def test_the_fast_tensor_bits_are_the_views_encoding() -> None:
    rules = MiniRules(deals=2)
    for seed in range(5):
        _, history = _random_game(rules, seed)
        for cut in range(0, len(history), 7):
            s, _ = _replay(rules, history[:cut])
            for me in range(3):
                for recall in (False, True):
                    pieces = rules.tensor_pieces(recall)
                    out = {name: np.zeros(shape) for name, shape in pieces}
                    rules.encode_view(rules.player_view(s, me), out, recall)
                    flat = np.concatenate([out[name].ravel() for name, _ in pieces])
                    bits, values = rules.tensor_bits(s, me, recall)
                    fast = np.array([(bits >> i) & 1 for i in range(flat.size)], dtype=float)
                    fast[list(rules.tensor_values(recall))] = values
                    assert np.array_equal(fast, flat), (seed, cut, me, recall)
