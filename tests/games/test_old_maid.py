"""Old Maid and Old Bachelor (Foster, OLD MAID): the golden tests (51 cards; after all pairs are
out exactly one card, a Queen, remains; a player with three of a kind keeps one), the
ASSUMPTIONs (pairs face down, the turn order, dropping out, the fan), and the determinizer.

Deals are explicit chance actions, so each test reads like the book.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import QUEEN, cards_of, mask_of, parse_card, parse_cards, rank_of
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.games import old_maid as O
from tests.helpers import play_out


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_old_maid", params)


def deal(game: Any, *hands: str) -> Any:
    """A new deal giving each seat these cards, one at a time from the dealer's left (seat 0):
    the first seats hold the odd cards."""
    state = game.new_initial_state()
    cards = [parse_cards(h) for h in hands]
    assert len(cards) == game.num_players()
    while state.s.phase == O.DEAL:
        q = state.s.dealt.bit_count() % game.num_players()
        state.apply_action(cards[q].pop(0))
    assert not any(cards), "the hands must be the whole pack, dealt round to the last card"
    return state


def draw(state: Any, card: str, position: int = 0) -> Any:
    """The drawer takes ``position`` of the fan (when she has a choice) and finds ``card``."""
    if not state.is_chance_node():
        state.apply_action(O.FIRST_POSITION + position)
    state.apply_action(parse_card(card))
    return state


def public_lines(state: Any) -> list[str]:
    rules = state.get_game().rules
    schema = rules.event_schema
    return list(schema.lines(schema.public(state.s.log), lambda q: f"player {q}"))


# --- golden tests -------------------------------------------------------------------------


def test_golden_51_cards_the_queen_of_hearts_removed() -> None:
    rules = load().rules
    assert rules.pack_size == 51
    assert not rules.pack_mask >> parse_card("QH") & 1
    state = play_out(load(), random.Random(0))
    dealt = [len([e for e in state.s.log if e[0] == O.EV_DEAL and e[1] == q]) for q in range(4)]
    assert dealt == [13, 13, 13, 12]  # "if every player has not the same number it does not matter"


@pytest.mark.parametrize("players", range(O.MIN_PLAYERS, O.MAX_PLAYERS + 1))
def test_golden_one_queen_remains_after_all_pairs(players: int) -> None:
    for seed in range(4):
        state = play_out(load(players=players), random.Random(seed))
        held = [h for h in state.s.hands if h]
        assert len(held) == 1 and held[0].bit_count() == 1, state
        (last,) = cards_of(held[0])
        assert rank_of(last) == QUEEN
        loser = state.s.old_maid
        assert state.s.hands[loser] == held[0]
        assert state.returns() == pytest.approx(
            [-1.0 if q == loser else 1 / (players - 1) for q in range(players)]
        )
        assert sum(h.bit_count() for h in state.s.laid) == 50


def test_golden_three_of_a_kind_keeps_one_four_are_two_pairs() -> None:
    # K Q J 10 of every suit less the Q♥: 15 cards among three players (5 each).
    game = load(players=3, ranks=4)
    state = deal(game, "♠K ♥K ♦K ♠Q ♠J", "♣K ♦Q ♣Q ♥J ♠10", "♦J ♣J ♥10 ♦10 ♣10")
    s = state.s
    assert s.hands[0] == mask_of(parse_cards("♦K ♠Q ♠J"))  # three Kings: one pair, one stays
    assert s.laid[0] == mask_of(parse_cards("♠K ♥K"))
    assert s.hands[1] == mask_of(parse_cards("♣K ♥J ♠10"))  # the pair of Queens goes
    assert s.hands[2] == mask_of(parse_cards("♣10"))  # two Jacks go; of three Tens one stays
    assert s.laid[2] == mask_of(parse_cards("♦J ♣J ♥10 ♦10"))


def test_golden_four_of_a_kind_are_two_pairs() -> None:
    game = load(players=3, ranks=4)
    state = deal(game, "♠K ♥K ♦K ♣K ♠Q", "♦Q ♣Q ♠J ♥J ♠10", "♦J ♣J ♥10 ♦10 ♣10")
    assert state.s.hands[0] == mask_of(parse_cards("♠Q"))
    assert state.s.laid[0] == mask_of(parse_cards("♠K ♥K ♦K ♣K"))
    assert state.s.hands[2] == mask_of(parse_cards("♣10"))  # two Jacks out, one Ten stays
    assert public_lines(state).count("player 0 laid down a pair: face down") == 2


# --- the draw, the turn, dropping out -------------------------------------------------------


ELDEST_DEAL = ("♠K ♠Q ♠J ♥J ♦10", "♥K ♦Q ♠10 ♥10 ♣J", "♦K ♣K ♣Q ♦J ♣10")
"""K Q J 10 less the Q♥ among three: after the pairs, ♠K ♠Q ♦10; ♥K ♦Q ♣J; ♣Q ♦J ♣10."""


def test_the_eldest_hand_draws_first_from_the_dealer() -> None:
    state = deal(load(players=3, ranks=4), *ELDEST_DEAL)
    assert (state.s.drawer, state.s.giver) == (0, 2)
    assert state.legal_actions() == [O.FIRST_POSITION + p for p in range(3)]
    draw(state, "♣Q", position=2)  # it pairs her ♠Q: the two go down
    assert state.s.hands[0] == mask_of(parse_cards("♠K ♦10"))
    assert state.s.laid[0] == mask_of(parse_cards("♠Q ♣Q ♠J ♥J"))
    # She presents her fan to her left: player 1 draws from her.
    assert (state.s.drawer, state.s.giver) == (1, 0)


def test_a_pair_drawn_is_laid_down_and_an_empty_hand_drops_out() -> None:
    # K K K K Q Q Q among three: player 0 keeps ♣K of three, player 2 pairs out at once.
    state = deal(load(players=3, ranks=2), "♠K ♦K ♣K", "♥K ♦Q", "♠Q ♣Q")
    assert [h.bit_count() for h in state.s.hands] == [1, 2, 0]
    assert "player 2 has no cards and drops out" in public_lines(state)
    # The eldest draws from the nearest player on her right who holds cards: player 1.
    assert (state.s.drawer, state.s.giver) == (0, 1)
    assert state.legal_actions() == [O.FIRST_POSITION, O.FIRST_POSITION + 1]
    draw(state, "♥K")  # it pairs her ♣K: she has no cards left
    assert state.is_terminal()
    assert state.s.old_maid == 1 and state.s.hands[1] == mask_of(parse_cards("♦Q"))
    assert state.returns() == [0.5, -1.0, 0.5]
    assert public_lines(state)[-1] == "player 1 is left with the odd card: the Old Maid"


def test_the_drawer_after_one_who_ran_out_draws_from_the_next_holder() -> None:
    state = deal(load(players=4, ranks=2), "♠K ♠Q", "♥K ♦Q", "♦K ♣K", "♣Q")
    assert [h.bit_count() for h in state.s.hands] == [2, 2, 0, 1]
    assert (state.s.drawer, state.s.giver) == (0, 3)
    assert state.is_chance_node()  # a fan of one card: no choice is asked
    draw(state, "♣Q")  # player 3 gave her last card: she drops out; player 0 pairs her Queen
    assert "player 3 has no cards and drops out" in public_lines(state)
    assert state.s.hands[0] == mask_of(parse_cards("♠K"))
    assert (state.s.drawer, state.s.giver) == (1, 0)


# --- information ----------------------------------------------------------------------------


def test_a_pair_laid_down_is_face_down_and_a_draw_is_seen_by_two() -> None:
    game = load(players=3, ranks=4)
    state = deal(game, *ELDEST_DEAL)
    schema = game.rules.event_schema
    for q in range(3):
        for (kind, actor, value), event in zip(
            schema.view(state.s.log, q), state.s.log, strict=True
        ):
            if kind == O.EV_LAY:
                assert (value == event[2]) == (actor == q)  # only the holder sees her pair
    draw(state, "♣10", position=0)  # player 0 draws from player 2 and pairs her ♦10
    drawn = max(i for i, e in enumerate(state.s.log) if e[0] == O.EV_DRAW)
    seen = [schema.view(state.s.log, q)[drawn][2] for q in range(3)]
    assert seen == [parse_card("♣10"), -1, parse_card("♣10")]
    assert state.s.hands[0].bit_count() == 2  # the table sees two cards go down


def test_the_fan_is_never_seen_the_card_comes_after_the_choice() -> None:
    """Every position gives every card of the fan with the same chance: the chance node comes
    after the choice, and its outcomes do not depend on the position chosen."""
    game = load(players=3, ranks=4)
    base = deal(game, *ELDEST_DEAL)
    outcomes = []
    for a in base.legal_actions():
        child = base.child(a)
        assert child.is_chance_node()
        outcomes.append(child.chance_outcomes())
    assert all(o == outcomes[0] for o in outcomes)
    k = len(outcomes[0])
    assert all(p == pytest.approx(1 / k) for _, p in outcomes[0])
    # The drawer's view before the choice shows the fan's size, never a card of it.
    view = game.rules.player_view(base.s, 0)
    assert view.hand & base.s.hands[2] == 0
    assert "Player 2: 3 cards" in base.information_state_string(0)


def test_old_bachelor_removes_a_jack() -> None:
    game = load(removed="JH")
    assert game.rules.title == "Old Bachelor"
    state = play_out(game, random.Random(3))
    (last,) = cards_of(state.s.hands[state.s.old_maid])
    assert rank_of(last) == rank_of(parse_card("JH"))


def test_a_removed_card_outside_the_pack_is_refused() -> None:
    with pytest.raises(GameParameterError, match="removed"):
        load(ranks=2, removed="JH")


# --- the determinizer -------------------------------------------------------------------------


def test_the_determinizer_keeps_what_the_player_saw_and_changes_what_he_did_not() -> None:
    game = load(players=4, ranks=5)
    rng = random.Random(5)
    changed = 0
    for g in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for p in range(4):
                world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(g, 0, 1))
                assert world.information_state_string(p) == state.information_state_string(p)
                assert world.s.hands[p] == state.s.hands[p]
                changed += world.s.hands != state.s.hands
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed


def _late(players: int, seed: int, decisions: int) -> Any:
    """A seeded deal of ``players`` hands played at random to its ``decisions``-th choice."""
    game = load(players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        made += 1
        if made == decisions:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the deal ended before that decision")


@pytest.mark.parametrize(("players", "seed", "decisions"), [(4, 2, 16), (8, 2, 20)])
def test_the_determinizer_sees_only_the_players_information(
    players: int, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Late in a deal of four and of eight hands (where rejection fails and the world is
    built): two states the player cannot tell apart (the second a resample of the first) give
    the same world for the same sampler, so nothing but his information reaches the draw."""
    state = _late(players, seed, decisions)
    p = state.current_player()
    rules = state.get_game().rules
    calls: list[int] = []
    real = O.determinizer.built_world

    def counted(*args: Any) -> list[int]:
        calls.append(1)
        return real(*args)

    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(7, 0, 1))
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.history() != state.history()
    monkeypatch.setattr(O.determinizer, "built_world", counted)
    for seed2 in (11, 12):
        a = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed2, 0, 1))
        b = other.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed2, 0, 1))
        assert a.history() == b.history()
        assert a.information_state_string(p) == state.information_state_string(p)
    assert calls, "rejection succeeded: the built path was not exercised"
    assert rules.num_players == players


def searched_world(state: Any, player: int, sampler: Any) -> Any:
    """The world the determinizer's search finds for ``player`` (rejection skipped), replayed
    to a state."""
    rules = state.get_game().rules
    s = state.s
    seen = {at: v for _, _, v, sn, at in s.log if at >= 0 and sn >> player & 1}
    target = rules.event_schema.view(s.log, player)
    record = [a if a >= O.NUM_CARDS else None for a in state.history()]
    pairs = O.determinizer._pairs_seen(rules, target)
    history = O.construct.built_world(rules, record, player, seen, target, pairs, sampler)
    world = state.get_game().new_initial_state()
    for a in history:
        world.apply_action(a)
    return world


@pytest.mark.parametrize("players", range(3, 7))
def test_the_search_always_finds_a_world(players: int) -> None:
    """Where rejection fails, the search finds a world at every state: seeded deals played at
    random, every fifth draw after the deal, each player in turn; the world is one he cannot
    tell from the true one and keeps his hand."""
    game = load(players=players)
    for seed in range(2):
        rng = random.Random(100 * players + seed)
        state = game.new_initial_state()
        made = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if state.s.phase == O.DEAL:
                continue
            made += 1
            if made % 5:
                continue
            p = made // 5 % players
            sampler = random.Random(made).random
            world = searched_world(state, p, sampler)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.s.hands[p] == state.s.hands[p]


def test_the_determinizer_is_exact_on_a_small_tree() -> None:
    """Every world of the small tree (three players, five cards, three draws): for the
    information states with most worlds the draws fit the worlds' probabilities (chi-square,
    seeded), by the generic exactness test's own walk and check."""
    from tests.core.test_determinizer_exact import (
        ALPHA,
        DRAWS_PER_WORLD,
        _representatives,
        _world_key,
        _worlds,
    )
    from tests.helpers import draws_misfit

    game = pyspiel.load_game("hoyle_old_maid", O.TINY_CONFIG)
    worlds = _worlds(game)
    reps = _representatives(game)
    many = sorted((k for k, w in worlds.items() if len(w) > 1), key=lambda k: (-len(worlds[k]), k))
    assert many
    for i, infoset in enumerate(many[:8]):
        player, _ = infoset
        sampler = pyspiel.UniformProbabilitySampler(1000 + i, 0.0, 1.0)
        state = reps[infoset]
        misfit = draws_misfit(
            worlds[infoset],
            lambda: _world_key(state.resample_from_infostate(player, sampler), 3),  # noqa: B023
            DRAWS_PER_WORLD,
            ALPHA,
            f"old_maid, player {player}",
        )
        assert not misfit, misfit
