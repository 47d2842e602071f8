"""Every kind of observation OpenSpiel asks for (``pyspiel.IIGObservationType``), on every game.

The kinds are cut by one rule from the player views (``hoyle.envs.core.observe``, "The kinds of
observation"); these tests hold each game to it: every kind builds (or is refused with ``None``
exactly where the rule says), its tensor has the declared pieces and shapes, the public
observation is the same for every player and in every world the determinizer deals, the
all-players observation holds each player's private view, and the private-only observation is
the private part of the player's own view.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import generate_playthrough

import hoyle.envs
from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.observe import piece_privacy
from tests.helpers import (
    CONFIGS,
    config_id,
    decides_with_cards_hidden,
    load_config,
    random_playout_states,
    replaying,
)

NONE = pyspiel.PrivateInfoType.NONE
SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
ALL = pyspiel.PrivateInfoType.ALL_PLAYERS
KINDS = [
    (private, public, recall)
    for private in (NONE, SINGLE, ALL)
    for public in (True, False)
    for recall in (False, True)
]

by_config = pytest.mark.parametrize("config", CONFIGS, ids=config_id)


def _kind(private: Any, public: bool, recall: bool) -> pyspiel.IIGObservationType:
    return pyspiel.IIGObservationType(
        public_info=public, perfect_recall=recall, private_info=private
    )


def _observer(game: Any, private: Any, public: bool = True, recall: bool = False) -> Any:
    return game.make_py_observer(_kind(private, public, recall))


def _imperfect(game: Any) -> bool:
    return bool(game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION)


def _some_states(
    config: Any, seed: int, every: int, games: int = 2, most: int = 24
) -> Iterator[Any]:
    """Every ``every``-th decision of ``games`` seeded random games, at most ``most`` from each
    (a match to a target score runs long: its states are spread over the whole match). Where
    they give none (a deal of Speculation may end before anyone decides), more games, up to
    four."""
    game = load_config(config)
    given = 0
    for g in range(games + 4):
        if g >= games and given:
            return
        decisions = [
            state
            for state in random_playout_states(game, random.Random(seed * 100 + g))
            if not (state.is_terminal() or state.is_chance_node())
        ]
        step = max(every, len(decisions) // most)
        picked = decisions[g % step :: step][:most]
        given += len(picked)
        yield from picked


def _seen(obs: Any, state: Any, player: int) -> tuple[bytes, str]:
    obs.set_from(state, player)
    return obs.tensor.tobytes(), obs.string_from(state, player)


@by_config
def test_every_kind_builds_with_its_declared_pieces(config: Any) -> None:
    """Each kind is offered or refused (``None``) as the module's table says; an offered one
    has the game's pieces with their declared shapes, fills with entries in [0, 1] and gives a
    string; the player's own view is the game's observation and information state."""
    game = load_config(config)
    rules = game.rules
    n = game.num_players()
    states = list(_some_states(config, 1, 25, 1))
    for private, public, recall in KINDS:
        kind = (private, public, recall)
        obs = _observer(game, private, public, recall)
        declared = dict(rules.tensor_pieces(recall))
        # With perfect recall, a hidden-card game's own event log holds public and private
        # events: the kinds that must leave out one of the two are refused. The core's event
        # log is cut for each kind instead (it knows who saw each value).
        mixed = bool(piece_privacy(rules, recall, not _imperfect(game))[2])
        refused = mixed and (private, public) in ((SINGLE, False), (NONE, True), (ALL, False))
        if refused:
            assert obs is None, f"{kind}: offered, though its event log is mixed"
            continue
        assert obs is not None, f"{kind}: not offered"
        for name, piece in obs.dict.items():
            plain = name.split(".", 1)[1] if name.startswith("p") and "." in name else name
            assert piece.shape == declared[plain], f"{kind}: {name} has shape {piece.shape}"
            assert np.shares_memory(piece, obs.tensor)
        assert obs.tensor.size == sum(p.size for p in obs.dict.values())
        if private == ALL:
            per_player = [k for k in obs.dict if k.startswith("p0.")]
            assert all(f"p{n - 1}.{k[3:]}" in obs.dict for k in per_player)
        if private != SINGLE or not public:
            # No piece of another kind carries the observer's hand under its own name.
            assert "hand" not in obs.dict or (private == SINGLE and not public)
        for state in states:
            for player in range(n):
                obs.set_from(state, player)
                assert np.isfinite(obs.tensor).all()
                assert obs.tensor.size == 0 or (
                    obs.tensor.min() >= 0.0 and obs.tensor.max() <= 1.0
                ), f"{kind}: entries outside [0, 1]"
                assert isinstance(obs.string_from(state, player), str)
                if private == SINGLE and public:
                    own = (
                        state.information_state_tensor(player)
                        if recall
                        else state.observation_tensor(player)
                    )
                    assert np.array_equal(obs.tensor, np.asarray(own, np.float32))


@by_config
def test_public_observation_is_everyones_in_every_world(config: Any) -> None:
    """The public observation (``private_info=NONE``) is the same whoever asks, and the same in
    every world a player's determinizer deals: it holds nothing that any player holds alone."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    n = game.num_players()
    observers = [_observer(game, NONE, True, recall) for recall in (False, True)]
    observers = [o for o in observers if o is not None]
    redealt = 0
    for i, state in enumerate(_some_states(config, 2, 4, 3, 10)):
        for obs in observers:
            seen = _seen(obs, state, 0)
            for player in range(1, n):
                assert _seen(obs, state, player) == seen, f"player {player} sees another one"
            if not _imperfect(game):
                continue
            for q in range(n):
                other = state.resample_from_infostate(
                    q, pyspiel.UniformProbabilitySampler(i * 13 + q, 0.0, 1.0)
                )
                redealt += str(other) != str(state)
                assert _seen(obs, other, q) == seen, (
                    f"the public observation changed when player {q}'s determinizer re-dealt "
                    f"what he cannot see:\n{state}"
                )
    if _imperfect(game):
        if not redealt and not decides_with_cards_hidden(game):
            pytest.skip("no decision is taken while a seat holds a card hidden from another")
        assert redealt > 0, "no re-deal changed the hidden cards: the test proved nothing"


@by_config
def test_public_pieces_follow_from_public_information(config: Any) -> None:
    """What the public observation rests on, from every seat (not only seat 0, whose view the
    public observation is cut from): no piece a game leaves public changes in seat ``r``'s view
    when another player's determinizer re-deals what that player cannot see. So a piece that
    shows, say, the bidder's face-down discards must be declared private, whoever bids."""
    config = replaying(config)  # it re-deals state after state
    game = load_config(config)
    if not _imperfect(game):
        pytest.skip("perfect information: every piece is public")
    n = game.num_players()
    own = _observer(game, SINGLE)
    public, _, _ = piece_privacy(game.rules, False, perfect_information=False)
    for i, state in enumerate(_some_states(config, 5, 3, 3, 10)):
        views = []
        for r in range(n):
            own.set_from(state, r)
            views.append({name: own.dict[name].copy() for name in public})
        for q in range(n):
            other = state.resample_from_infostate(
                q, pyspiel.UniformProbabilitySampler(i * 17 + q, 0.0, 1.0)
            )
            for r in range(n):
                if r == q:
                    continue
                own.set_from(other, r)
                for name in public:
                    assert np.array_equal(own.dict[name], views[r][name]), (
                        f"piece {name!r} of player {r}'s view changed when player {q}'s "
                        f"determinizer re-dealt what he cannot see: it is not public\n{state}"
                    )


@by_config
def test_all_players_holds_every_private_view(config: Any) -> None:
    """``ALL_PLAYERS`` is the public observation plus each player's private (and, with perfect
    recall, each one's event log), the same whoever asks."""
    game = load_config(config)
    n = game.num_players()
    public = _observer(game, NONE)
    for recall in (False, True):
        everything = _observer(game, ALL, True, recall)
        private_only = _observer(game, ALL, False, recall)
        own = _observer(game, SINGLE, True, recall)
        mine = _observer(game, SINGLE, False, recall)
        for state in _some_states(config, 3, 15):
            seen = _seen(everything, state, 0)
            for player in range(1, n):
                assert _seen(everything, state, player) == seen
            public.set_from(state, 0)
            for name, piece in public.dict.items():
                assert np.array_equal(everything.dict[name], piece), name
            for player in range(n):
                own.set_from(state, player)
                for name, piece in own.dict.items():
                    key = f"p{player}.{name}"
                    if key in everything.dict:
                        assert np.array_equal(everything.dict[key], piece), key
                if mine is None:
                    continue
                mine.set_from(state, player)
                private_only.set_from(state, 0)
                for name, piece in mine.dict.items():
                    assert np.array_equal(private_only.dict[f"p{player}.{name}"], piece)
                    if f"p{player}.{name}" in everything.dict:  # not the log: one shared cut
                        assert np.array_equal(everything.dict[f"p{player}.{name}"], piece)


def _holds_private(game: Any) -> bool:
    """Whether a player may see what another does not: every game of hidden cards but one
    whose rules declare no private piece (Speculation: nobody looks at a face-down card)."""
    return getattr(game.rules, "private_pieces", None) != ()


@by_config
def test_private_only_is_the_private_part_of_the_own_view(config: Any) -> None:
    """``public_info=False`` keeps exactly the observer's private pieces of his own view: less
    than the whole view wherever there is public information, and nothing at all (an empty
    tensor and string) for the public observation without public information."""
    game = load_config(config)
    n = game.num_players()
    full = _observer(game, SINGLE)
    mine = _observer(game, SINGLE, False)
    nothing = _observer(game, NONE, False)
    assert nothing.tensor.size == 0
    assert set(mine.dict) < set(full.dict), "the private part is the whole view"
    if _imperfect(game) and _holds_private(game):
        assert mine.dict, "a game of hidden cards whose players hold nothing private"
    differs = 0
    for state in _some_states(config, 4, 12):
        for player in range(n):
            assert nothing.string_from(state, player) == ""
            full.set_from(state, player)
            mine.set_from(state, player)
            for name, piece in mine.dict.items():
                assert np.array_equal(full.dict[name], piece), name
            differs += mine.string_from(state, player) != full.string_from(state, player)
    assert differs > 0


def test_a_private_piece_that_is_not_a_piece_is_refused() -> None:
    class Rules:
        private_pieces = ("hnad",)

        def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
            return [("hand", (52,)), ("played", (52,))]

    with pytest.raises(HoyleError, match="hnad"):
        piece_privacy(Rules(), False, perfect_information=False)
    public, private, mixed = piece_privacy(Rules(), False, perfect_information=True)
    assert (public, private, mixed) == (["hand", "played"], [], [])


def test_observation_parameters_are_refused() -> None:
    game = load_config(CONFIGS[0])
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("name", sorted(hoyle.envs.GAMES))
def test_generate_playthrough_runs(name: str) -> None:
    """OpenSpiel's ``generate_playthrough`` plays one seeded game through every observer it
    asks for (the default, the information state and, for a game of hidden cards, the public
    and the private-only observations) and writes them all out. The book's game, not its
    variants: a match to a target score plays many deals (the kinds are tested on every
    configuration above)."""
    spec = hoyle.envs.GAMES[name]
    text = generate_playthrough.playthrough(spec.spiel_name, None, seed=7)
    lines = text.splitlines()
    assert lines[0] == f"game: {spec.spiel_name}"
    assert any(line.startswith("InformationStateTensor(0)") for line in lines)
    assert any(line.startswith("ObservationString(0) = ") for line in lines)
    public = [line for line in lines if line.startswith("PublicObservationString() = ")]
    private = [line for line in lines if line.startswith("PrivateObservationString(0) = ")]
    if spec.perfect_information:
        assert not public and not private
    else:
        assert public and private
        # The strings are escaped: one piece a line, the lines joined by a written "\\n".
        hand = [line for line in public if '"hand: ' in line or "\\nhand: " in line]
        assert not hand, "a hand in the public observation"
        if _holds_private(pyspiel.load_game(spec.spiel_name)):
            assert all(line.startswith('PrivateObservationString(0) = "hand: ') for line in private)
        else:
            assert all(line == 'PrivateObservationString(0) = ""' for line in private)
