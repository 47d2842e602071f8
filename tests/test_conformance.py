"""The conformance suite: every registered game, in every declared variant, must pass all of it.

A game is tested the moment it is registered (DESIGN.md, "Tests"). Nothing here knows any game:
the checks use only the OpenSpiel API, the rules contract (``card_zones``, ``player_view``) and
the determinizer. The wrappers' own checkers (Gymnasium ``check_env``, PettingZoo ``api_test``
and ``seed_test``) run over the same list in ``tests/wrappers/``.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs
from hoyle.envs.core.bits import EncodesBits
from hoyle.envs.core.capabilities import KeepsEventLog
from hoyle.envs.core.cards import SUIT_LETTERS, SUIT_SYMBOLS
from hoyle.envs.core.determinize import DeclaresHidden
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.core.observe import HoyleObserver
from hoyle.envs.core.rules import CHANCE
from hoyle.envs.core.table import Counter, ShowsTable, TableView, Zone
from tests.helpers import (
    CONFIGS,
    config_id,
    holds_cards_he_sees,
    load_config,
    random_playout_states,
    replaying,
)

pytestmark = pytest.mark.parametrize("config", CONFIGS, ids=config_id)


def _states(config: Any, games: int, seed: int) -> Iterator[Any]:
    game = load_config(config)
    for g in range(games):
        yield from random_playout_states(game, random.Random(seed * 1000 + g))


def test_random_sim_test(config: Any) -> None:
    game = load_config(replaying(config))  # it deserializes the state at every step
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def test_game_info_matches_rules(config: Any) -> None:
    game = load_config(config)
    rules = game.rules
    assert game.num_distinct_actions() == rules.num_distinct_actions > 0
    assert game.num_players() == rules.num_players
    assert game.min_utility() <= game.max_utility()
    assert game.max_game_length() == rules.max_game_length
    assert game.max_chance_nodes_in_history() == rules.max_chance_nodes
    assert game.get_type().short_name.startswith("hoyle_")


def test_every_card_in_exactly_one_place(config: Any) -> None:
    game = load_config(config)
    rules = game.rules
    first = None
    for state in _states(config, 3, 1):
        zones = rules.card_zones(state.s)
        union = 0
        for name, mask in zones.items():
            assert union & mask == 0, f"a card of zone {name} is also in another zone:\n{state}"
            union |= mask
        if first is None:
            first = union
        assert union == first, f"cards appeared or vanished:\n{state}"


def test_legal_actions_sorted_unique_in_range(config: Any) -> None:
    game = load_config(config)
    n = game.num_distinct_actions()
    for state in _states(config, 3, 2):
        if state.is_terminal():
            assert state.legal_actions() == []
            continue
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node with no outcomes"
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            actions = [a for a, _ in outcomes]
            assert actions == sorted(set(actions))
            assert all(0 <= a < game.max_chance_outcomes() for a in actions)
            continue
        legal = state.legal_actions()
        assert legal, f"a player node with no legal actions:\n{state}"
        assert legal == sorted(set(legal))
        assert all(0 <= a < n for a in legal)
        assert legal == state.legal_actions(state.current_player())
        mask = state.legal_actions_mask()
        assert [a for a, m in enumerate(mask) if m] == legal
        names = [state.action_to_string(state.current_player(), a) for a in legal]
        assert len(set(names)) == len(names), f"action strings not unique: {names}"


def test_clone_pickle_serialize_round_trips(config: Any) -> None:
    config = replaying(config)  # it deserializes state after state
    game = load_config(config)
    for i, state in enumerate(_states(config, 2, 3)):
        if i % 3:
            continue
        for copy in (
            state.clone(),
            pickle.loads(pickle.dumps(state)),
            game.deserialize_state(state.serialize()),
        ):
            assert copy.history() == state.history()
            assert str(copy) == str(state)
            assert copy.s == state.s
            assert copy.legal_actions() == state.legal_actions()
        # A clone is independent: playing on it leaves the original as it was.
        if not state.is_terminal():
            before = str(state)
            c = state.clone()
            c.apply_action(c.legal_actions()[0])
            assert str(state) == before


def test_returns_bounded_zero_sum_length(config: Any) -> None:
    game = load_config(config)
    lo, hi = game.min_utility(), game.max_utility()
    zero_sum = game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = random.Random(4)
    for _ in range(12):
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        returns = state.returns()
        assert all(lo <= r <= hi for r in returns), (returns, lo, hi)
        if zero_sum:
            assert abs(sum(returns)) < 1e-9, returns
        assert decisions <= game.max_game_length()
        assert chance <= game.max_chance_nodes_in_history()


def test_illegal_action_raises_and_changes_nothing(config: Any) -> None:
    game = load_config(config)
    n = game.num_distinct_actions()
    for i, state in enumerate(_states(config, 1, 5)):
        if i % 5:
            continue
        before = (str(state), state.history())
        if state.is_terminal():
            with pytest.raises(IllegalActionError):
                state.apply_action(0)
        else:
            legal = set(state.legal_actions())
            pool = range(game.max_chance_outcomes() if state.is_chance_node() else n)
            illegal = [a for a in pool if a not in legal]
            for a in [*illegal[:3], n + 7, -1]:
                with pytest.raises(IllegalActionError):
                    state.apply_action(a)
        assert (str(state), state.history()) == before


def _views(state: Any, player: int) -> tuple[str, str, bytes, bytes]:
    return (
        state.information_state_string(player),
        state.observation_string(player),
        np.asarray(state.information_state_tensor(player), np.float32).tobytes(),
        np.asarray(state.observation_tensor(player), np.float32).tobytes(),
    )


def test_leak_determinizer_keeps_the_view(config: Any) -> None:
    """Re-deal what a player cannot see: his view is unchanged, the history is legal (the
    determinizer replays it with legality checks), and the hidden cards really change."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        pytest.skip("perfect information: nothing to re-deal")
    changed = checked = 0
    for i, state in enumerate(_states(config, 2, 6)):
        if i % 4 or state.is_terminal() or (state.is_chance_node() and i < 2):
            continue
        for player in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(i * 7 + player, 0.0, 1.0)
            other = state.resample_from_infostate(player, sampler)
            assert _views(other, player) == _views(state, player), (
                f"player {player}'s view changed after re-dealing what he cannot see"
            )
            assert other.current_player() == state.current_player()
            if state.current_player() == player:
                assert other.legal_actions() == state.legal_actions()
            checked += 1
            changed += str(other) != str(state)
    assert checked > 0
    # Some re-deal must differ: a determinizer that returns the state itself would keep every
    # view too. (How often it differs depends on how much is hidden: in a tiny configuration
    # most positions hide nothing. Whether it draws uniformly is the exactness test's.)
    assert changed > 0, f"the determinizer re-dealt nothing ({changed}/{checked})"


def test_determinizer_is_reproducible(config: Any) -> None:
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        pytest.skip("perfect information")
    for i, state in enumerate(_states(config, 1, 7)):
        if i % 7 or state.is_terminal():
            continue
        a = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(11, 0.0, 1.0))
        b = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(11, 0.0, 1.0))
        assert a.history() == b.history()


def test_determinizer_reads_only_the_information_state(config: Any) -> None:
    """Two states a player cannot tell apart, re-dealt for him with the same sampler, give the
    same world (every card in the same place): the re-deal is a function of what he saw, so
    nothing of the true hidden cards reaches a search agent through it (not even the order in
    which the rules list the cards they re-deal)."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        pytest.skip("perfect information")
    rules = game.rules
    checked = 0
    for i, state in enumerate(_states(config, 3, 5)):
        if checked >= 12 or i % 3 or state.is_terminal() or state.is_chance_node():
            continue
        for player in range(game.num_players()):
            twin = state.resample_from_infostate(
                player, pyspiel.UniformProbabilitySampler(1000 + i, 0.0, 1.0)
            )
            a = state.resample_from_infostate(
                player, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0)
            )
            b = twin.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
            assert rules.card_zones(a.s) == rules.card_zones(b.s), (
                f"player {player}: the same sampler re-dealt two states he cannot tell apart "
                "into different worlds"
            )
            checked += 1
    assert checked > 0


def test_sensitivity_own_cards_change_the_view(config: Any) -> None:
    """Change a player's own hidden-from-others cards (the re-deal of another player's
    determinizer does exactly that): that player's view must change with them."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    n = game.num_players()
    if n < 2 or game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        pytest.skip("needs hidden cards and a second player")
    rules = game.rules
    seen = 0
    for i, state in enumerate(_states(config, 2, 8)):
        if i % 3 or state.is_chance_node():
            continue
        for player in range(n):
            other_player = (player + 1) % n
            sampler = pyspiel.UniformProbabilitySampler(i, 0.0, 1.0)
            other = state.resample_from_infostate(other_player, sampler)
            mine = rules.player_view(state.s, player)
            theirs = rules.player_view(other.s, player)
            if mine == theirs:
                continue  # the re-deal happened to leave this player's cards alone
            seen += 1
            a, b = _views(state, player), _views(other, player)
            assert a[1] != b[1] and a[3] != b[3], "observation ignores the player's own cards"
            assert a[0] != b[0] and a[2] != b[2], "information state ignores own cards"
    if not seen and not holds_cards_he_sees(game):
        pytest.skip(
            "no decision is taken while a seat holds a card he sees and another cannot place"
        )
    assert seen > 0, "no state where a player's own cards could be changed"


def test_tensors_finite_and_sized(config: Any) -> None:
    game = load_config(config)
    for i, state in enumerate(_states(config, 1, 9)):
        if i % 5:
            continue
        for player in range(game.num_players()):
            obs = np.asarray(state.observation_tensor(player))
            info = np.asarray(state.information_state_tensor(player))
            assert obs.shape == (game.observation_tensor_size(),)
            assert info.shape == (game.information_state_tensor_size(),)
            assert np.isfinite(obs).all() and np.isfinite(info).all()
            # The contract of envs/core/observe.py: every entry in [0, 1].
            assert obs.min() >= 0.0 and obs.max() <= 1.0, "observation outside [0, 1]"
            assert info.min() >= 0.0 and info.max() <= 1.0, "information state outside [0, 1]"


def test_tensor_bits_equal_the_views_encoding(config: Any) -> None:
    """A game's fast tensors (envs/core/bits.py) are its view's encoding, entry for entry: on
    every state of two seeded games, for every player, with and without perfect recall, and
    on re-dealt states asked for in between (the event log's rows are built incrementally, and
    a rewritten history must not be taken for an extension)."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    rules = game.rules
    if not isinstance(rules, EncodesBits):
        pytest.skip("the game writes its tensors through its view only")
    imperfect = not config[0].perfect_information
    for recall in (False, True):
        fast, slow = HoyleObserver(rules, recall), HoyleObserver(rules, recall, bits=False)
        for i, state in enumerate(_states(config, 2, 21)):
            for player in range(game.num_players()):
                worlds = [state]
                if imperfect and i % 3 == 0 and not state.is_chance_node():
                    sampler = pyspiel.UniformProbabilitySampler(i + player, 0.0, 1.0)
                    worlds.append(state.resample_from_infostate(player, sampler))
                for world in [*worlds, state]:
                    fast.set_from(world, player)
                    slow.set_from(world, player)
                    diff = np.flatnonzero(fast.tensor != slow.tensor)
                    assert not diff.size, (
                        f"recall={recall} player {player} after {len(world.history())} actions: "
                        f"tensor_bits differs from the view's encoding at {diff[:8].tolist()}"
                    )


def test_chance_strings_and_state_string(config: Any) -> None:
    for state in _states(config, 1, 10):
        assert str(state)
        if state.is_chance_node():
            names = [state.action_to_string(CHANCE, a) for a, _ in state.chance_outcomes()]
            assert len(set(names)) == len(names)


def test_registered_and_listed(config: Any) -> None:
    spec, _ = config
    assert spec.short_name in hoyle.envs.GAMES
    assert spec.spiel_name in pyspiel.registered_names()
    assert spec.title and spec.book and spec.section
    for name, p in spec.params.items():
        assert p.doc, f"parameter {name} of {spec.short_name} has no doc"


# --- moves both ways: typed moves read back, reasons for refused ones -------------------------

_CARD_RUN = re.compile(r"([♠♥♦♣])(10|[AJQK2-9])((?: (?:10|[AJQK2-9])(?![\w/]))*)")
_JOKER = re.compile(r"\bJoker(2?)\b")
_SYMBOL_CARD = re.compile(r"[♠♥♦♣](?:10|[AJQK2-9])|\bJoker2?\b")


def _spell(suit: str, rank: str, style: int) -> str:
    """One ASCII spelling of a card: 7h, H7, h.7, 7H, ah or Th (for a 10)."""
    letter = SUIT_LETTERS[SUIT_SYMBOLS.index(suit)]
    return (
        f"{rank}{letter.lower()}",
        f"{letter}{rank}",
        f"{letter.lower()}.{rank}",
        f"{rank}{letter}",
        f"T{letter.lower()}" if rank == "10" else f"{rank.lower()}{letter.lower()}",
    )[style]


_BARE_SUIT = re.compile(r"[♠♥♦♣](?!10|[AJQK2-9])")


def ascii_variants(name: str) -> list[str]:
    """What a person might type for the action called ``name``: every card in each ASCII
    spelling (a run ``♠4 5 6`` also spelled card by card), the Joker as ``joker``, the words in
    other cases, extra spaces."""
    out = [name.lower(), name.upper(), "  " + name.replace(" ", "   ") + " "]
    if _CARD_RUN.search(name) or _JOKER.search(name):
        for style in range(5):
            for expand in (False, True):

                def card_run(m: re.Match[str], style: int = style, expand: bool = expand) -> str:
                    suit, rank, run = m.group(1), m.group(2), m.group(3)
                    ranks = run.split()
                    tail = "".join(f" {_spell(suit, r, style) if expand else r}" for r in ranks)
                    return _spell(suit, rank, style) + tail

                text = _JOKER.sub(lambda m: "joker" + m.group(1), _CARD_RUN.sub(card_run, name))
                out += [text, text.upper() if style % 2 else text.lower()]
    for words in (SUIT_LETTERS, ("spades", "hearts", "diamonds", "clubs")):

        def suit(m: re.Match[str], words: Sequence[str] = words) -> str:
            return words[SUIT_SYMBOLS.index(m.group(0))]

        text = _BARE_SUIT.sub(suit, name)
        if text != name:
            out += [text, text.lower()]
    return list(dict.fromkeys(out))


def _unique_word_prefix(name: str, names: list[str]) -> str | None:
    """The fewest leading words of ``name`` that begin no other of ``names`` (in any case),
    if fewer than all."""
    words = name.split(" ")
    for k in range(1, len(words)):
        prefix = " ".join(words[:k]).lower()
        if [x for x in names if x.lower().startswith(prefix)] == [name]:
            return " ".join(words[:k])
    return None


def _decision_states(config: Any, games: int, seed: int, every: int) -> Iterator[Any]:
    for i, state in enumerate(_states(config, games, seed)):
        if i % every == 0 and state.is_player_node():
            yield state


def test_typed_moves_read_back(config: Any) -> None:
    """Every legal action's name, and what a person types for it (ASCII cards, any case,
    extra spaces), reads back as that action through ``state.string_to_action``; so do the
    fewest leading words of its name that no other legal move's name begins with."""
    checked = 0
    for state in _decision_states(config, 2, 11, 3):
        if checked >= 120:
            break
        p = state.current_player()
        legal = state.legal_actions()
        names = [state.action_to_string(p, a) for a in legal]
        for a, name in zip(legal, names, strict=True):
            assert state.string_to_action(p, name) == a
            for text in ascii_variants(name):
                assert state.string_to_action(p, text) == a, (text, name)
            prefix = _unique_word_prefix(name, names)
            if prefix is not None:
                assert state.string_to_action(p, prefix) == a, (prefix, name)
            checked += 1
        assert state.string_to_action(state.action_to_string(p, legal[0])) == legal[0]
    assert checked > 0


def test_illegal_reasons_are_one_line_and_show_only_what_the_mover_sees(config: Any) -> None:
    """For every action the player to move may not take, the game's reason (where it gives
    one) is one line, names no card outside his own observation and the action's name, and is
    what the refusal says."""
    game = load_config(config)
    n = game.num_distinct_actions()
    reasons = 0
    for k, state in enumerate(_decision_states(config, 2, 12, 4)):
        if k >= 12:
            break
        p = state.current_player()
        legal = set(state.legal_actions())
        seen = set(_SYMBOL_CARD.findall(state.observation_string(p)))
        first = True
        for a in range(n):
            if a in legal:
                continue
            why = state.illegal_reason(a)
            if why is None:
                continue
            reasons += 1
            assert isinstance(why, str) and why and "\n" not in why, why
            try:
                named = set(_SYMBOL_CARD.findall(state.action_to_string(p, a)))
            except Exception:  # the name of an action that cannot arise here
                named = set()
            leaked = set(_SYMBOL_CARD.findall(why)) - seen - named
            assert not leaked, f"the reason {why!r} names {leaked}, unseen by player {p}"
            if first:
                first = False
                with pytest.raises(IllegalActionError, match=re.escape(why)):
                    state.apply_action(a)
    spec, _ = config
    if spec.short_name in ("backgammon", "conquian", "cassino", "five_hundred", "solo"):
        assert reasons > 0, "no refused action was explained"


def test_table_view_is_typed_and_shows_only_what_the_player_sees(config: Any) -> None:
    """Every game lays out each player's view for a renderer (``rules.table_view``): typed
    zones and counters, each card in one place, no more cards than the pack; and re-dealing
    what the player cannot see leaves his table view unchanged."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    rules = game.rules
    assert isinstance(rules, ShowsTable), "the rules offer no table_view (envs/core/table.py)"
    imperfect = game.get_type().information != pyspiel.GameType.Information.PERFECT_INFORMATION
    checked = 0
    started = 0
    for i, state in enumerate(_states(config, 6, 13)):
        started += not state.history()
        if started > 2 and checked:  # two games, or more where they had no view to check
            break
        if i % 5 or state.is_chance_node():
            continue
        for player in range(game.num_players()):
            view = rules.table_view(state.s, player)
            assert isinstance(view, TableView) and view.player == player
            assert all(isinstance(z, Zone) and z.hidden >= 0 for z in view.zones)
            assert all(isinstance(c, Counter) for c in view.counters)
            names = [z.name for z in view.zones] + [c.name for c in view.counters]
            assert len(names) == len(set(names)), f"two places share a name: {names}"
            shown = [c for z in view.zones for c in z.cards]
            assert len(shown) == len(set(shown)), f"a card shown in two places: {view.zones}"
            if imperfect:
                other = state.resample_from_infostate(
                    player, pyspiel.UniformProbabilitySampler(i + player, 0.0, 1.0)
                )
                assert rules.table_view(other.s, player) == view, (
                    f"player {player}'s table view changed when what he cannot see was re-dealt"
                )
            checked += 1
    assert checked > 0


def test_hidden_information_is_in_the_core_event_log(config: Any) -> None:
    """A game of imperfect information keeps the core's event log (who saw each value) and
    declares its hidden cards to the core's determinizer; every event that names a history
    position names one that exists."""
    game = load_config(config)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        pytest.skip("perfect information: nothing hidden")
    rules = game.rules
    assert isinstance(rules, KeepsEventLog), "no core event log (envs/core/events.py)"
    assert isinstance(rules, DeclaresHidden), "no declaration to the core determinizer"
    for i, state in enumerate(_states(config, 1, 14)):
        if i % 3:
            continue
        history = state.history()
        for _, _, value, _, at in state.s.log:
            assert at < len(history), (at, len(history))
            assert at < 0 or history[at] >= value, "an event names a card its action is not"
