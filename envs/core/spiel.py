"""The one adapter from a pure rules object to a registered OpenSpiel game.

Written once for every game (DESIGN.md, "The game contract"). For each registered
:class:`~hoyle.envs.core.registry.GameSpec` it makes a ``pyspiel.Game`` subclass; each game
instance (one parameter set) makes its own ``pyspiel.State`` subclass that carries the rules
object as a class attribute. So a state's ``__dict__`` holds one entry, the rules state, whose
deep copy is a shallow copy of immutable slots: OpenSpiel's Python ``clone()`` stays cheap.

Trust (docs/trust.md). Every entry point that can advance a state checks the action against
the game's one ``legal_actions`` and refuses anything else, an int that is not legal or a value
that is not an int, leaving the state unchanged; the error names the player and his legal
moves in his words and never a card he cannot see. A state serializes as its game and its
action history in plain text and deserializes by replaying it (:mod:`.serialize`); pickling a
state goes the same way. Nothing is ever unpickled. (OpenSpiel's C++
``pyspiel.deserialize_game_and_state`` does unpickle for every Python game, hoyle's too: use
:func:`deserialize_game_and_state_text` on a text you did not write.)

Moves both ways. ``string_to_action`` reads what a person types, for every game by one parser
(:mod:`.moves`: ASCII cards, any case, unique prefixes); where the rules declare
``illegal_reason`` (:class:`~hoyle.envs.core.capabilities.ExplainsIllegal`) a refused action's
error gives the rule's reason ("you must follow suit (hearts): you hold ♥7"), asked only on the
error path.

Speed notes (measured; see DESIGN.md): ``legal_actions``, ``current_player``,
``is_chance_node``, ``is_terminal`` and ``returns`` are answered at Python level instead of
through the C++ trampolines, and tensors are read through an observer's ``set_from``.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pyspiel

from hoyle.envs.core import serialize
from hoyle.envs.core.capabilities import ExplainsIllegal
from hoyle.envs.core.errors import (
    ActionTypeError,
    HoyleError,
    IllegalActionError,
    StateFormatError,
)
from hoyle.envs.core.moves import parse_move
from hoyle.envs.core.observe import HoyleObserver, make_observer
from hoyle.envs.core.rules import CHANCE, TERMINAL, ProbabilitySampler, seat_words

if TYPE_CHECKING:
    from hoyle.envs.core.registry import GameSpec

_OUTCOME = operator.itemgetter(0)
"""The action of a chance outcome ``(action, probability)`` (a C-level map: 0.46 against 0.72 µs
for a generator over 30 outcomes, at every chance node)."""

SPIEL_PREFIX = "hoyle_"
"""What OpenSpiel's name of every hoyle game begins with (``hoyle_conquian``)."""


class HoyleState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` over a rules state ``self.s``; the rules are ``self.rules``."""

    rules: ClassVar[Any]
    spec: ClassVar[GameSpec]

    def __init__(self, game: HoyleGame) -> None:
        super().__init__(game)
        # ``self.s`` is made on first use (a cached property): OpenSpiel's ``clone()`` builds a
        # state through ``__init__`` and then puts a deep copy of the original's ``__dict__``
        # over it, so a rules state made here would be thrown away at every clone (a fifth
        # of the clone's time in Cassino).

    @functools.cached_property
    def s(self) -> Any:
        """The rules state (the game's own slot state), made on first use: a non-data
        descriptor, so once made (or copied in by ``clone()``) it is a plain attribute."""
        s = self.rules.new_state()
        s.legal_cache = None
        return s

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
                la = tuple(map(_OUTCOME, self.rules.chance_outcomes(s)))
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
    # Every entry point that advances a state checks legality against ``_legal()``:
    # ``apply_action`` (and its alias ``apply_action_with_legality_check``) here, and
    # ``_apply_action`` for the C++ callers (``child``, OpenSpiel's algorithms, C++ bots in
    # ``evaluate_bots``), which reach the rules only through it. A refusal leaves the state as
    # it was: the C++ ``ApplyAction`` appends to the history only after ``_apply_action``.
    def why_illegal(self, action: int) -> str | None:
        """``None`` if ``action`` is legal here, else the reason, in words."""
        if action in self._legal():
            return None
        cur = self.rules.current_player(self.s)
        if cur == TERMINAL:
            return "the game is over"
        if cur == CHANCE:
            return f"not one of the {len(self._legal())} chance outcomes possible here"
        n = self.rules.num_distinct_actions
        if not 0 <= action < n:
            return f"outside the action space 0..{n - 1}"
        return self.illegal_reason(action) or "not among his legal actions"

    def illegal_reason(self, action: int) -> str | None:
        """Why the player to move may not take ``action`` (in the action space, not legal
        here), in the rule's terms, where the rules know (``illegal_reason``,
        :class:`~hoyle.envs.core.capabilities.ExplainsIllegal`); else ``None``. Asked only on
        the error path."""
        rules = self.rules
        if self.rules.current_player(self.s) < 0 or not isinstance(rules, ExplainsIllegal):
            return None
        reason = rules.illegal_reason(self.s, action)
        return None if reason is None else str(reason)

    def illegal_action_error(self, action: int) -> IllegalActionError:
        """The error for ``action``, illegal here, in the acting player's words.

        It names the action, the player and his legal actions (with their names); at a chance
        node only the number of outcomes, since the outcomes are the cards not yet dealt. No
        card the player cannot see is shown: the whole table is ``str(state)``, on request.
        """
        cur = self.rules.current_player(self.s)
        why = self.why_illegal(action) or ""
        if cur < 0:  # Chance outcomes are the cards not yet dealt: not listed.
            return IllegalActionError(action, (), detail=why)
        legal = self._legal()
        names = [str(self.rules.action_to_string(self.s, cur, a)) for a in legal]
        return IllegalActionError(action, legal, detail=why, player=cur, names=names)

    def apply_action(self, action: int) -> None:
        """Apply a legal action; anything else raises and leaves the state unchanged."""
        if type(action) is not int:
            action = as_action(action, self.rules.num_distinct_actions)
        if action not in self._legal():
            raise self.illegal_action_error(action)
        super().apply_action(action)

    apply_action_with_legality_check = apply_action

    def child(self, action: int) -> HoyleState:
        """A new state: this one after ``action``, checked by :meth:`apply_action` (on the
        copy: a refusal leaves this state as it was)."""
        new: HoyleState = self.clone()
        new.apply_action(action)
        return new

    def apply_actions(self, actions: Sequence[int]) -> None:
        """Refused: hoyle games are sequential (one player, or chance, acts at a time)."""
        raise HoyleError("hoyle games are sequential: use apply_action, one action at a time")

    apply_actions_with_legality_checks = apply_actions

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self.apply_actions(actions)

    def _apply_action(self, action: int) -> None:
        if action not in self._legal():  # The C++ callers' check (see above).
            raise self.illegal_action_error(action)
        self.rules.apply_action(self.s, action)
        self.s.legal_cache = None

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.rules.action_to_string(self.s, player, action))

    def string_to_action(self, *args: Any) -> int:
        """The action named by what a person types: ``string_to_action(player, text)`` or
        ``string_to_action(text)`` (the player to move). OpenSpiel's exact names still work;
        so do the ASCII spellings of cards (``h7``, ``10h``, ``Th``), any case, extra spaces
        and unique prefixes (:func:`hoyle.envs.core.moves.parse_move`). A text naming no
        single legal move raises a one-line :class:`~hoyle.envs.core.moves.MoveError`; one
        naming an illegal action, an :class:`~hoyle.envs.core.moves.IllegalMoveError` with
        the game's reason."""
        if len(args) == 1:
            player, text = None, args[0]
        elif len(args) == 2:
            player, text = args
        else:
            raise HoyleError("string_to_action takes (player, text) or (text)")
        if not isinstance(text, str):
            raise HoyleError(f"string_to_action reads a str; got {type(text).__name__}")
        return parse_move(self, text, None if player is None else int(player))

    def __str__(self) -> str:
        """The whole table, every card shown: a debug view, never for a player's eyes."""
        return str(self.rules.state_string(self.s))

    def __repr__(self) -> str:
        # Short and without cards: a repr lands in tracebacks and in pybind11's messages
        # ("Invoked with: ..."), which a harness may show a player.
        who = seat_words(self.rules.current_player(self.s))
        return f"<{type(self).__name__} after {len(self.history())} actions; to act: {who}>"

    def serialize(self) -> str:
        """The game and the action history in plain text (see :mod:`hoyle.envs.core.serialize`);
        no pickle. ``game.deserialize_state`` rebuilds the state by replaying it."""
        return serialize.serialize(str(self.get_game()), self.history())

    def __reduce__(self) -> tuple[Any, ...]:
        # The state class is made per game instance, so pickle by the plain serialization,
        # which carries the game: unpickling replays it through the legality check.
        return (deserialize_game_and_state_text, (self.serialize(),))

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

    def max_chance_nodes_in_history(self) -> int:
        return int(self.rules.max_chance_nodes)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> HoyleObserver | None:
        """The observer of ``iig_obs_type`` (``None``: the observation), or ``None`` for a kind
        the game does not offer (:mod:`hoyle.envs.core.observe`, "The kinds of observation")."""
        return make_observer(
            self.rules, iig_obs_type, params, perfect_information=self.spec.perfect_information
        )

    def state_from_history(self, history: Sequence[int]) -> HoyleState:
        """Replay ``history`` from the start, checking every action's legality; the first
        entry that is not legal where it stands is refused (:class:`StateFormatError`)."""
        state: HoyleState = self.new_initial_state()
        for i, a in enumerate(history):
            try:
                state.apply_action(a)
            except (IllegalActionError, ActionTypeError) as e:
                raise StateFormatError(f"history entry {i}: {e}") from None
        return state

    def deserialize_state(self, text: str) -> HoyleState:
        """The state that ``text`` (from ``state.serialize()``) describes, rebuilt by replaying
        its history through the legality check. Refused (:class:`StateFormatError`): anything
        malformed, a state of another game or parameter set, a history that does not replay.
        Never unpickles."""
        limit = self.rules.max_game_length + self.rules.max_chance_nodes
        history = serialize.parse(text, str(self), limit)
        return self.state_from_history(history)

    def new_initial_state(self, *args: Any) -> HoyleState:
        """The state before the deal. (OpenSpiel's ``new_initial_state(str)``, a state from a
        game-specific string, is refused: ``deserialize_state`` rebuilds a stored state.)"""
        if args:
            raise HoyleError(
                "hoyle games start from the deal: new_initial_state takes no argument "
                "(game.deserialize_state(text) rebuilds a stored state)"
            )
        state: HoyleState = self._state_cls(self)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_game, (self.spec.spiel_name, dict(self.get_parameters())))


def _load_game(name: str, params: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(name, params)


def deserialize_game_and_state_text(text: str) -> HoyleState:
    """The state a ``state.serialize()`` text describes, with its game loaded from the text's
    ``game=`` line (only a hoyle game is loaded). hoyle's counterpart of OpenSpiel's
    ``pyspiel.deserialize_game_and_state``, which for every Python game unpickles."""
    game_string = serialize.game_string_of(text)
    if not game_string.startswith(SPIEL_PREFIX):
        raise StateFormatError(f"{game_string[:80]!r} is not a hoyle game")
    try:
        game = pyspiel.load_game(game_string)
    except pyspiel.SpielError as e:
        raise StateFormatError(f"cannot load the game of this state: {e}") from None
    return game.deserialize_state(text)  # type: ignore[no-any-return]


def as_action(value: Any, num_actions: int) -> int:
    """``value`` as an action number if it is an int (a numpy int too), else an
    :class:`ActionTypeError`: a str, float, bool or ``None`` is never read as an action."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ActionTypeError(value, num_actions)
    try:
        return operator.index(value)
    except Exception:  # Any object may come in; a broken __index__ is not an int either.
        raise ActionTypeError(value, num_actions) from None


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
