"""The one adapter from a pure rules object to a registered OpenSpiel game.

Written once for every game (DESIGN.md, "The game contract"). For each registered
:class:`~hoyle.envs.core.registry.GameSpec` it makes a ``pyspiel.Game`` subclass; each game
instance (one parameter set) makes its own ``pyspiel.State`` subclass that carries the rules
object as a class attribute. So a state's ``__dict__`` holds one entry, the rules state, whose
deep copy is a shallow copy of immutable slots: OpenSpiel's Python ``clone()`` stays cheap.

Speed notes (measured; see DESIGN.md): ``legal_actions``, ``current_player``,
``is_chance_node``, ``is_terminal`` and ``returns`` are answered at Python level instead of
through the C++ trampolines, and tensors are read through an observer's ``set_from``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pyspiel

from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.core.observe import HoyleObserver
from hoyle.envs.core.registry import GameSpec
from hoyle.envs.core.rules import CHANCE, TERMINAL, ProbabilitySampler


class HoyleState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` over a rules state ``self.s``; the rules are ``self.rules``."""

    rules: ClassVar[Any]
    spec: ClassVar[GameSpec]

    def __init__(self, game: HoyleGame) -> None:
        super().__init__(game)
        self.s = self.rules.new_state()
        self.s.legal_cache = None

    def _legal(self) -> tuple[int, ...]:
        """The legal actions (at a chance node, the outcomes), memoized until the next action.

        The adapter checks every action against this, and a playout asks for the legal actions
        first, so without the memo they would be computed twice per step.
        """
        s = self.s
        la: tuple[int, ...] | None = s.legal_cache
        if la is None:
            cur = self.rules.current_player(s)
            if cur >= 0:
                la = tuple(self.rules.legal_actions(s))
            elif cur == CHANCE:
                la = tuple(a for a, _ in self.rules.chance_outcomes(s))
            else:
                la = ()
            s.legal_cache = la
        return la

    # --- the fast Python-level answers ------------------------------------------------------
    def current_player(self) -> int:
        return int(self.rules.current_player(self.s))

    def is_chance_node(self) -> bool:
        return bool(self.rules.current_player(self.s) == CHANCE)

    def is_terminal(self) -> bool:
        return bool(self.rules.current_player(self.s) == TERMINAL)

    def is_player_node(self) -> bool:
        return bool(self.rules.current_player(self.s) >= 0)

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.rules.current_player(self.s):
            return []
        return list(self._legal())

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        mask = [0] * self.rules.num_distinct_actions
        cur = self.rules.current_player(self.s)
        if cur >= 0 and (player is None or player == cur):
            for a in self._legal():
                mask[a] = 1
        return mask

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal()) if player == self.rules.current_player(self.s) else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.rules.chance_outcomes(self.s))

    def returns(self) -> list[float]:
        return [float(r) for r in self.rules.returns(self.s)]

    def rewards(self) -> list[float]:
        # Terminal reward model: the whole return arrives at the end.
        if self.rules.current_player(self.s) == TERMINAL:
            return self.returns()
        return [0.0] * self.rules.num_players

    def player_return(self, player: int) -> float:
        return float(self.rules.returns(self.s)[player])

    # --- applying actions -------------------------------------------------------------------
    def why_illegal(self, action: int) -> str | None:
        """``None`` if ``action`` is legal here, else the reason, in words."""
        if action in self._legal():
            return None
        cur = self.rules.current_player(self.s)
        if cur == TERMINAL:
            return "the game is over"
        if cur == CHANCE:
            return "not a possible chance outcome here"
        return f"not among player {cur}'s legal actions"

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises and leaves the state unchanged."""
        if action not in self._legal():
            why = self.why_illegal(action)
            state = self.rules.state_string(self.s)
            raise IllegalActionError(int(action), self.legal_actions(), state, why or "")
        super().apply_action(action)

    def _apply_action(self, action: int) -> None:
        self.rules.apply_action(self.s, action)
        self.s.legal_cache = None

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.rules.action_to_string(self.s, player, action))

    def __str__(self) -> str:
        return str(self.rules.state_string(self.s))

    def __reduce__(self) -> tuple[Any, ...]:
        # The state class is made per game instance, so pickle by game and serialization.
        game = self.get_game()
        return (
            _unpickle_state,
            (game.spec.spiel_name, dict(game.get_parameters()), self.serialize()),
        )

    # --- information --------------------------------------------------------------------
    def player_view(self, player: int) -> Any:
        """What ``player`` sees (the input of observers and heuristic agents)."""
        return self.rules.player_view(self.s, player)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: ProbabilitySampler
    ) -> HoyleState:
        """The game's determinizer, under OpenSpiel's name (see ``determinize.resample``)."""
        from hoyle.envs.core.determinize import resample

        new: HoyleState = resample(self, player_id, probability_sampler)
        return new


class HoyleGame(pyspiel.Game):  # type: ignore[misc]
    """A ``pyspiel.Game`` over a :class:`GameSpec`; one instance per parameter set."""

    spec: ClassVar[GameSpec]
    game_type: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = self.spec.resolve(params)
        rules = self.spec.make_rules(full)
        self.rules = rules
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_distinct_actions,
            max_chance_outcomes=rules.max_chance_outcomes,
            num_players=rules.num_players,
            min_utility=float(rules.min_utility),
            max_utility=float(rules.max_utility),
            utility_sum=None if rules.utility_sum is None else float(rules.utility_sum),
            max_game_length=rules.max_game_length,
        )
        super().__init__(self.game_type, info, full)
        name = type(self).__name__.removesuffix("Game") + "State"
        self._state_cls = type(name, (HoyleState,), {"rules": rules, "spec": self.spec})

    def new_initial_state(self) -> HoyleState:
        state: HoyleState = self._state_cls(self)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return int(self.rules.max_chance_nodes)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> HoyleObserver:
        return HoyleObserver(self.rules, iig_obs_type, params)

    def state_from_history(self, history: Sequence[int]) -> HoyleState:
        """Replay ``history`` from the start, checking every action's legality."""
        state: HoyleState = self.new_initial_state()
        for a in history:
            state.apply_action(int(a))
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_game, (self.spec.spiel_name, dict(self.get_parameters())))


def _load_game(name: str, params: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(name, params)


def _unpickle_state(name: str, params: dict[str, Any], serialized: str) -> HoyleState:
    return _load_game(name, params).deserialize_state(serialized)  # type: ignore[no-any-return]


def register_with_openspiel(spec: GameSpec) -> type[HoyleGame]:
    """Make the ``pyspiel.Game`` class of ``spec`` and register it under ``hoyle_<name>``."""
    info = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if spec.constant_sum
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    game_type = pyspiel.GameType(
        short_name=spec.spiel_name,
        long_name=f"hoyle {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.defaults(),
    )
    cls_name = "".join(p.capitalize() for p in spec.short_name.split("_")) + "Game"
    game_cls = type(cls_name, (HoyleGame,), {"spec": spec, "game_type": game_type})
    pyspiel.register_game(game_type, game_cls)
    return game_cls
