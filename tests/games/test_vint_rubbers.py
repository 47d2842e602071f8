"""Vint's three rubbers (Foster's Complete Hoyle, "VINT", Rubbers): "The partners then change,
without cutting, in such a manner that at the end of three rubbers each player shall have had
each of the others for a partner. At the end of the third rubber, the losses and gains are
ascertained for each individual, and settled for."

The seating of each rubber (who deals, who bids and leads, who is on whose left), the
individual settlement, whole episodes played to the end by random and heuristic players, the
bounds, the views, the registry's sides, and the defaults left as they were.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401
from hoyle.agents import make
from hoyle.agents.heuristics import vint as H
from hoyle.envs.core.cards import parse_cards
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.registry import PARTNERS_OPPOSITE, get_spec
from hoyle.envs.games import vint as V
from hoyle.experiments.match import run_match
from tests.games.test_vint import SUITS, SUITS_CORONETS_NT, load, play_first_legal
from tests.helpers import do

PARTNERS = ({0, 2}, {0, 1}, {0, 3})
"""Player 0's side in each rubber, as the task reads Foster: 0&2 v 1&3, 0&1 v 2&3, 0&3 v 1&2."""

LEFT = ({0: 1, 1: 2, 2: 3, 3: 0}, {0: 2, 2: 1, 1: 3, 3: 0}, {0: 2, 2: 3, 3: 1, 1: 0})
"""Who sits on each player's left in each rubber (written out, not computed from SEATINGS)."""

NT_SWEEP = 13 * 30 + 9 * 3_000 + 2_000
"""Three at no-trumps with the SUITS hands: the bidder's left leads his suit and takes all
thirteen (390 below), the bidder's side is nine tricks short (27,000) and the leader's side
has the unbid grand slam (2,000); coronets (22,000 a side) and the Aces (two and two) cancel."""


def three(**params: Any) -> Any:
    return load(rubber=True, rubbers=3, **params)


def deal_by_seating(state: Any, hands: dict[int, str]) -> list[int]:
    """Deal ``hands`` one card at a time, checking that each goes to the next player on the
    left (the rubber's seating, :data:`LEFT`); returns the players in the order dealt to."""
    left = {q: parse_cards(h) for q, h in hands.items()}
    rubber = state.s.rubber_no
    seat = LEFT[rubber][state.s.dealer]
    order = []
    for _ in range(52):
        assert state.is_chance_node()
        c = left[seat].pop(0)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, c).endswith(f"to player {seat}")
        state.apply_action(c)
        order.append(seat)
        seat = LEFT[rubber][seat]
    assert not any(left.values())
    return order[:4]


def side_of(rubber: int, q: int) -> int:
    return 0 if q in PARTNERS[rubber] else 1


# --- the seating ----------------------------------------------------------------------------


def test_each_player_has_each_other_for_a_partner_once_and_partners_sit_opposite() -> None:
    rules = three().new_initial_state().rules
    for rubber, seating in enumerate(V.SEATINGS):
        assert {seating[0], seating[2]} == PARTNERS[rubber]
        for q in range(4):
            assert seating[(seating.index(q) + 1) % 4] == LEFT[rubber][q]
            assert rules.sides[rubber][q] == side_of(rubber, q)
    for q in range(4):
        partners = [next(iter(side - {q})) for side in _sides_of(q)]
        assert sorted(partners) == sorted(set(range(4)) - {q}), q


def _sides_of(q: int) -> list[set[int]]:
    """``q``'s side in each rubber."""
    out = []
    for rubber in range(3):
        mine = PARTNERS[rubber] if q in PARTNERS[rubber] else set(range(4)) - PARTNERS[rubber]
        out.append(mine)
    return out


def test_who_deals_bids_and_leads_in_each_rubber_and_the_individual_settlement() -> None:
    """Three rubbers of one deal each (``max_deals=1``: each is scored as it stands). In each,
    a bid of three at no-trumps with every player holding one whole suit: the bidder's left
    leads and takes all thirteen tricks, so his side wins the rubber by ``NT_SWEEP``."""
    state = three(max_deals=1).new_initial_state()
    # Rubber 1 (0 and 2 against 1 and 3; dealer 3): player 0 gets the first card; 3 bids
    # first; 0 bids; his left, 1, leads and takes all: side 1-3 wins.
    assert state.s.rubber_no == 0 and state.s.dealer == 3
    assert deal_by_seating(state, SUITS) == [0, 1, 2, 3]
    assert state.current_player() == 3
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    assert state.current_player() == 1 and state.s.leader == 1
    play_first_legal(state)
    settled = [-NT_SWEEP, NT_SWEEP, -NT_SWEEP, NT_SWEEP]
    assert list(state.s.settled) == settled
    # Rubber 2 (0 and 1 against 2 and 3; round the table 0 2 1 3): the chair on the left of
    # the last dealer's (3's) is 0's, so 0 deals and bids first, and 2 gets the first card;
    # 0 bids, his left, 2, leads and takes all: side 2-3 wins.
    assert state.s.rubber_no == 1 and state.s.dealer == 0 and state.s.deal_no == 0
    assert state.s.score == (0, 0) and state.s.games == (0, 0) and state.s.below == (0, 0)
    assert deal_by_seating(state, SUITS) == [2, 1, 3, 0]
    assert state.current_player() == 0
    do(state, "bid three at no-trumps")
    assert state.current_player() == 2
    do(state, "pass", "pass", "pass")
    assert state.current_player() == 2
    play_first_legal(state)
    settled = [
        s + d for s, d in zip(settled, [-NT_SWEEP, -NT_SWEEP, NT_SWEEP, NT_SWEEP], strict=True)
    ]
    assert list(state.s.settled) == settled == [-2 * NT_SWEEP, 0, 0, 2 * NT_SWEEP]
    # Rubber 3 (0 and 3 against 1 and 2; round the table 0 2 3 1): 0 sat in the first chair,
    # whose left is now 2's: 2 deals and bids first, 3 gets the first card. 2 passes, 3 bids,
    # 1 and 0 and 2 pass; 3's left, 1, leads and takes all: side 1-2 wins.
    assert state.s.rubber_no == 2 and state.s.dealer == 2
    assert deal_by_seating(state, SUITS) == [3, 1, 0, 2]
    assert state.current_player() == 2
    do(state, "pass")
    assert state.current_player() == 3
    do(state, "bid three at no-trumps")
    assert state.current_player() == 1
    do(state, "pass")
    assert state.current_player() == 0
    do(state, "pass", "pass")
    assert state.current_player() == 1
    play_first_legal(state)
    settled = [
        s + d for s, d in zip(settled, [-NT_SWEEP, NT_SWEEP, NT_SWEEP, -NT_SWEEP], strict=True)
    ]
    assert state.is_terminal()
    assert state.returns() == settled == [-3 * NT_SWEEP, NT_SWEEP, NT_SWEEP, NT_SWEEP]
    assert sum(state.returns()) == 0
    # The coronets were scored for each side (two thirteen-card sequences each) and cancel.
    assert SUITS_CORONETS_NT == 22_000


def test_a_won_rubber_has_its_bonus_and_the_next_starts_from_love() -> None:
    """Two deals of four at no-trumps with the same hands: the leader's side takes thirteen
    tricks at 40 (520: a game) each time, so it wins the rubber, 2,000 more, after the second
    deal; then the partners change and the score starts again."""
    state = three().new_initial_state()
    deal_by_seating(state, SUITS)
    do(state, "pass", "bid four at no-trumps", "pass", "pass", "pass")  # 1 leads
    play_first_legal(state)
    assert state.s.games == (0, 1) and state.s.rubber_no == 0
    deal_by_seating(state, SUITS)  # dealer 0: 0 bids first
    do(state, "pass", "pass", "bid four at no-trumps", "pass", "pass", "pass")  # by 2; 3 leads
    play_first_legal(state)
    one = 13 * 40 + 1_000 + 10 * 4_000 + 2_000  # below, the game, 10 short at 4,000, the slam
    margin = 2 * one + 2_000  # and the rubber
    assert list(state.s.settled) == [-margin, margin, -margin, margin]
    assert state.s.rubber_no == 1 and state.s.games == (0, 0) and state.s.score == (0, 0)
    # The last dealer was 0 (chair 0); the chair on its left is now 2's.
    assert state.s.dealer == 2 and state.current_player() == pyspiel.PlayerId.CHANCE


@pytest.mark.parametrize(("reading", "second", "third"), [("chair", 1, 1), ("player", 3, 1)])
def test_who_deals_a_new_rubber_under_each_reading(reading: str, second: int, third: int) -> None:
    """Player 1 deals the first rubber's only hand (``max_deals=1``, a void deal) from the
    second chair, then moves to the third (0 2 1 3 round the table). ``chair``: the chair on
    the left of his old chair is the third, now his own, so he deals again; and again in the
    third rubber (0 2 3 1), from the fourth chair, on the left of his third. ``player``: the
    player on his left now, 3, deals the second rubber, and 3's left, 1, the third."""
    state = three(max_deals=1, dealer=1, new_rubber_dealer=reading).new_initial_state()
    for dealer in (1, second, third):
        assert state.s.dealer == dealer
        deal_by_seating(state, SUITS)
        assert state.current_player() == dealer  # the dealer bids first
        do(state, "pass", "pass", "pass", "pass")
    assert state.is_terminal() and state.returns() == [0, 0, 0, 0]


# --- whole episodes ---------------------------------------------------------------------------


class RubberSpy:
    """Records each rubber's end: the rubber, each side's grand total, the games and the deals,
    by wrapping the rules' own settlement (a test spy; the rules are shared by the game)."""

    def __init__(self, rules: Any) -> None:
        self.ends: list[tuple[int, tuple[int, int], tuple[int, int], int]] = []
        original = rules._end_rubber

        def spy(s: Any) -> None:
            self.ends.append((s.rubber_no, s.score, s.games, s.deal_no))
            original(s)

        rules._end_rubber = spy


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_three_rubbers_played_to_the_end_settle_each_player_alone(agent: str) -> None:
    game = three()
    for seed in range(2):
        state = game.new_initial_state()
        spy = RubberSpy(state.rules)
        try:
            play_three_rubbers(game, state, agent, seed, spy)
        finally:
            del state.rules._end_rubber  # the spy off the shared rules


def play_three_rubbers(game: Any, state: Any, agent: str, seed: int, spy: RubberSpy) -> None:
    """Play ``state`` to the end with four ``agent`` players; check the partners each player
    had, the rubbers' ends and the settlement."""
    bots = [make(agent, game, seed=seed * 4 + q) for q in range(4)]
    chance = random.Random(seed)
    steps = 0
    partners_seen: list[set[int]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
            continue
        q = state.current_player()
        view = state.player_view(q)
        mine = {q, view.partner_of(q)}
        if 0 in mine and mine not in partners_seen:
            partners_seen.append(mine)
        state.apply_action(bots[q].step(state))
        steps += 1
    assert steps <= game.max_game_length()
    assert partners_seen == list(PARTNERS)
    assert [e[0] for e in spy.ends] == [0, 1, 2]
    expected = [0] * 4
    for rubber, score, games, deals in spy.ends:
        assert 2 in games or deals + 1 == 40  # won, or at its bound
        for q in range(4):
            margin = score[side_of(rubber, q)] - score[1 - side_of(rubber, q)]
            expected[q] += margin
    assert state.returns() == expected
    assert sum(state.returns()) == 0
    assert all(abs(r) <= game.max_utility() for r in state.returns())


def test_the_bounds_of_three_rubbers() -> None:
    game = three(max_deals=5)
    rubber = 5 * V.max_deal_score() + V.RUBBER_BONUS
    assert game.max_utility() == 3 * rubber == -game.min_utility()
    assert game.max_game_length() == 3 * 5 * (109 + 52)
    assert game.max_chance_nodes_in_history() == 3 * 5 * 52
    assert load(rubber=True, max_deals=5).max_utility() == rubber


# --- the views ------------------------------------------------------------------------------


def test_the_views_say_the_rubber_the_partners_and_the_settlement() -> None:
    state = three(max_deals=1).new_initial_state()
    deal_by_seating(state, SUITS)
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    deal_by_seating(state, SUITS)
    for q in range(4):
        view = state.player_view(q)
        assert (view.rubber_no, view.seating) == (1, (0, 2, 1, 3))
        assert view.partner_of(q) == next(iter(_sides_of(q)[1] - {q}))
        text = state.observation_string(q)
        assert "Rubber 2 of 3: players 0 and 1 against 2 and 3" in text
        assert f"settled so far 0:{-NT_SWEEP} 1:{NT_SWEEP}" in text
        assert f"side {side_of(1, q)})" in text.splitlines()[0]
    observer = state.get_game().make_py_observer()
    observer.set_from(state, 3)
    pieces = observer.dict
    assert list(pieces["rubber"]) == [0, 1, 0]
    # Player 3's seating, by number from him: on his left 0 (+1), then 2 (+3), then 1 (+2).
    assert [list(row).index(1) for row in pieces["seating"]] == [0, 1, 3, 2]
    bound = state.get_game().max_utility()
    settled = [(x + bound) / (2 * bound) for x in (NT_SWEEP, -NT_SWEEP, NT_SWEEP, -NT_SWEEP)]
    assert list(pieces["settled"]) == pytest.approx(settled)  # 0.5: even
    table = state.rules.table_view(state.s, 3)
    counters = {c.name: c.value for c in table.counters}
    assert counters["rubber"] == "2 of 3"
    assert counters["partners"] == "players 0 and 1 against 2 and 3"
    assert counters["settled0"] == -NT_SWEEP


def test_the_defaults_have_no_rubber_pieces() -> None:
    """One deal and one rubber keep the tensor they had: no rubber, seating or settlement."""
    for params in ({}, {"rubber": True}):
        game = load(**params)
        observer = game.make_py_observer()
        assert not {"rubber", "seating", "settled"} & set(observer.dict)
        text = game.new_initial_state().observation_string(0)
        assert "Rubber" not in text


# --- the registry ---------------------------------------------------------------------------


def test_three_rubbers_have_no_sides_and_need_the_rubber() -> None:
    spec = get_spec("vint")
    assert spec.seat_sides(spec.resolve({}), 4) == PARTNERS_OPPOSITE
    assert spec.seat_sides(spec.resolve({"rubber": True}), 4) == PARTNERS_OPPOSITE
    assert spec.seat_sides(spec.resolve({"rubber": True, "rubbers": 3}), 4) is None
    assert spec.variants["short_three_rubbers"]["rubbers"] == 3
    with pytest.raises(GameParameterError, match="rubbers=3 needs rubber=true"):
        pyspiel.load_game("hoyle_vint(rubbers=3)")
    with pytest.raises(GameParameterError, match="rubbers=2 must be one of: 1, 3"):
        pyspiel.load_game("hoyle_vint(rubber=true,rubbers=2)")


# --- the heuristic's partner is the rubber's ---------------------------------------------------


def test_the_heuristic_counts_the_current_partner_bid() -> None:
    """In the second rubber (0 2 1 3 round the table, 0 deals) player 3's partner is 2, not 1:
    2's bid in hearts counts for 3's side, and for neither 0 nor 1 (2's adversaries)."""
    state = three(max_deals=1).new_initial_state()
    deal_by_seating(state, SUITS)
    do(state, "pass", "pass", "pass", "pass")  # void: the rubber ends at its bound
    assert state.s.rubber_no == 1
    deal_by_seating(state, SUITS)
    do(state, "pass", "bid three in hearts", "pass")
    assert state.current_player() == 3
    assert H.partner_count(state.player_view(3), V.HEARTS_BID) > 0
    assert H.partner_count(state.player_view(1), V.HEARTS_BID) == 0
    assert H.declaring(state.player_view(3)) and not H.declaring(state.player_view(1))


def test_the_heuristic_does_not_overtake_the_current_partner() -> None:
    """Second rubber: 0 bids, 2 (on his left) leads; 1 follows and wins the trick so far; 3,
    whose partner now is 2, not 1, must not be seen as winning it (and 0, 1's partner, is)."""
    state = three(max_deals=1).new_initial_state()
    deal_by_seating(state, SUITS)
    do(state, "pass", "pass", "pass", "pass")
    hands = {
        0: "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3 ♠2",
        1: "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6 ♥5 ♥4 ♥3 ♦A",
        2: "♥2 ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3 ♦2",
        3: "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4 ♣3 ♣2",
    }
    deal_by_seating(state, hands)
    do(state, "bid one in spades", "pass", "pass", "pass")
    assert state.current_player() == 2
    do(state, "lead ♥2", "play ♥A")  # 2 leads, 1 (on his left) plays over him
    assert state.current_player() == 3
    assert H._winning_seat(state.player_view(3), state.s.trick) == 1
    assert not H._side_winning(state.player_view(3))


def test_the_card_play_for_the_solvers_follows_the_seating() -> None:
    """``card_play`` (what PIMC and the double-dummy solver read) lists the seats in the
    rubber's order round the table, so its player to move is the state's in every rubber."""
    state = three(max_deals=1).new_initial_state()
    rng = random.Random(0)
    rubbers = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        play = state.rules.card_play(state.s)
        if play is not None:
            q = state.current_player()
            assert play.seats == V.SEATINGS[state.s.rubber_no]
            assert play.seats[play.to_play] == q
            assert play.hands[play.to_play] == state.s.hands[q]
            declarer_side = play.sides[play.seats.index(state.s.declarer)]
            for i, seat in enumerate(play.seats):
                same = side_of(state.s.rubber_no, seat) == side_of(
                    state.s.rubber_no, state.s.declarer
                )
                assert (play.sides[i] == declarer_side) == same
            rubbers.add(state.s.rubber_no)
        state.apply_action(rng.choice(state.legal_actions()))
    assert rubbers == {0, 1, 2}


def test_a_three_rubber_match_seats_one_agent_a_player() -> None:
    """``hoyle match``'s engine plays three rubbers as an individual game: four agents, each in
    every seat in turn (no side exchanged), one return each, zero-sum, partners not tied."""
    df = run_match(
        "vint(rubber=true,rubbers=3,max_deals=2)",
        ["heuristic", "random", "random", "random"],
        1,
        seed=1,
    )
    assert len(df) == 4 * 4  # seatings × seats
    heuristic = df[df["agent"] == "heuristic"]
    assert sorted(heuristic["seat"]) == [0, 1, 2, 3]
    for _, game in df.groupby(["deal", "table", "rotation"]):
        assert len(set(game["agent"])) == 4
        assert game["return"].sum() == 0
        returns = game.set_index("seat")["return"]
        assert returns[0] != returns[2]  # partners in the first rubber only
