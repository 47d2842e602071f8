"""Gymnasium environments over every registered hoyle game: one seat learns, agents play the rest.

``import hoyle.envs`` registers one id per game, ``hoyle/<Name>-v<version>`` (the game's
``GameSpec.gym_id``)::

    import gymnasium as gym
    import hoyle.envs

    env = gym.make("hoyle/Conquian-v0", seat=0, opponents="heuristic")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(
        env.action_space.sample(obs["action_mask"])
    )

The environment is written over the game's rules directly, not over OpenSpiel's
``rl_environment``: chance nodes and the other seats' moves are resolved inside ``reset`` and
``step``, so each ``step`` is one decision of the learning seat. Where every other seat is
played by a bot that can choose from the rules state (hoyle's random and heuristic agents:
:class:`~hoyle.envs.core.capabilities.StepsOnRules`), the deal and their moves are applied to
the rules state itself, as in the PettingZoo environment, and no ``pyspiel.State`` is made;
with any other bot (OpenSpiel's, a search agent, one that keeps memory) the episode runs on a
``pyspiel.State`` that bot can be handed. The episode is the same either way for the same
seeds (a test holds the two paths equal).

The module also holds what the PettingZoo environment shares with this one (the observation
space, the chance sampler, the illegal-action policy, what counts as an action), so the two
wrappers cannot drift apart.

What counts as an action. ``step`` takes an action id, ``0 <= a < num_distinct_actions``: a
Python ``int``, a numpy integer scalar (what ``Discrete.sample`` returns) or a 0-d integer array.
Anything else is not an action, and is treated as an illegal one (the penalty, or under
``illegal_action="raise"`` an :class:`~hoyle.envs.core.errors.ActionTypeError`): ``True`` (not
action 1), any float, *even an integral one* (``2.0``: a float is the sign of a policy wired to
the wrong space, and rounding it would hide that; ``Discrete.contains`` refuses it too), ``inf``
and ``nan``, strings (``"0"``), ``None``, arrays of any other shape (a batch of one is the
caller's to unwrap). An int outside ``0..num_distinct_actions-1`` is an illegal action
(:class:`~hoyle.envs.core.errors.IllegalActionError`). Nothing the wrappers put in ``info`` or
in an error's message shows a card the seat cannot see: never ``str(state)``, never an
opponent's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import gymnasium
import numpy as np
import pyspiel
from gymnasium import spaces

from hoyle.envs.core.capabilities import HoyleGame, keeps_memory, steps_on_rules
from hoyle.envs.core.errors import ActionTypeError, HoyleError, shown
from hoyle.envs.core.registry import GAMES, load
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.core.spiel import as_action as spiel_as_action
from hoyle.envs.wrappers.opponents import opponent_factory

ILLEGAL_ACTION_POLICIES = ("penalty", "raise")
"""What a wrapper does with an illegal action: end the episode with a penalty, or raise."""

RENDER_MODES = ("ansi", "human")

_APPLY_UNCHECKED = pyspiel.State.apply_action
"""OpenSpiel's own ``apply_action`` (the C++ path: no type check, and the legality check only
hoyle's memoized one in ``_apply_action``): used only for actions the wrapper has just checked
itself or drawn from ``chance_outcomes``."""

BotFactory: TypeAlias = Callable[[Any, int], pyspiel.Bot]
"""``(game, seed) -> pyspiel.Bot``: an opponent built afresh at every reset."""

AgentLike: TypeAlias = str | pyspiel.Bot | BotFactory
"""An opponent: an agent spec string (``"random"``, ``"heuristic"``: built by the opponent
factory of :mod:`hoyle.envs.wrappers.opponents`), a ``pyspiel.Bot``, or a :data:`BotFactory`."""


# --- pieces shared with the PettingZoo environment ------------------------------------------


def load_game(game: str | pyspiel.Game, params: Mapping[str, Any]) -> Any:
    """A hoyle ``pyspiel.Game`` from a name (``conquian``, ``hoyle_conquian``,
    ``cassino(players=3)``) and keyword parameters, or a loaded hoyle game as it is."""
    if isinstance(game, str):
        return load(game, params)
    if params:
        raise ValueError(f"parameters {dict(params)} given with an already loaded game {game}")
    if not isinstance(game, HoyleGame):
        raise TypeError(f"{game} is not a hoyle game; load one with hoyle.envs.load(name)")
    return game


def make_observer(game: Any, perfect_recall: bool) -> Any:
    """The game's observer: the observation tensor, or with ``perfect_recall`` the
    information-state tensor (the view plus every event the player saw)."""
    return game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))


def observation_space(game: Any, observer: Any) -> spaces.Dict:
    """``Dict(observation=Box(float32), action_mask=Box(int8))`` for ``game``.

    ASSUMPTION: every entry of a hoyle observation tensor lies in [0, 1] (card planes and
    one-hots, as ``envs/core/observe.py`` writes them, and counts divided by their maximum), so
    one ``Box(0, 1)`` serves every game and a network sees normalized inputs. Nothing declares
    finer bounds per game; the wrapper tests check that every observation lies in the space.
    """
    n = game.num_distinct_actions()
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, observer.tensor.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }
    )


def illegal_action_policy(illegal_action: str, illegal_penalty: float | None, game: Any) -> float:
    """Check the policy name and return the penalty (default: the game's ``min_utility``)."""
    if illegal_action not in ILLEGAL_ACTION_POLICIES:
        raise ValueError(
            f"illegal_action={illegal_action!r}; choose one of {', '.join(ILLEGAL_ACTION_POLICIES)}"
        )
    return float(game.min_utility() if illegal_penalty is None else illegal_penalty)


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode={render_mode!r}; choose one of {', '.join(RENDER_MODES)}")
    return render_mode


def sample_outcome(outcomes: Sequence[tuple[int, float]], rng: np.random.Generator) -> int:
    """One of ``outcomes`` (``(action, probability)``), drawn by one uniform of ``rng``."""
    u = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if u < acc:
            return int(a)
    return int(outcomes[-1][0])  # rounding: the probabilities summed to just under 1


def action_mask(n: int, legal: Sequence[int]) -> np.ndarray:
    """A fresh int8 mask of length ``n`` with ones at ``legal``."""
    mask = np.zeros(n, np.int8)
    if legal:
        mask[list(legal)] = 1
    return mask


class AgentMoveError(HoyleError):
    """An agent in another seat chose something that is not a legal action: a bug in the agent.

    The message names the seat, the agent and what it chose, but not the legal actions there:
    those are the agent's, and would tell its hidden cards to whoever reads the message."""


def as_action(action: Any, num_actions: int) -> int | None:
    """``action`` as an action id in ``0..num_actions-1``; ``None`` if it is not one (see the
    module docstring: no bool, no float, no string, no array but a 0-d integer one)."""
    try:
        a = spiel_as_action(action, num_actions)
    except ActionTypeError:
        return None
    return a if 0 <= a < num_actions else None


def action_error(action: Any, num_actions: int, state: Any) -> HoyleError:
    """The error for ``action``, which the player to act may not play in ``state``: an
    :class:`ActionTypeError` if it is not an int at all, else the state's own
    :class:`IllegalActionError` (his legal actions by id and name, nothing of the table)."""
    try:
        a = spiel_as_action(action, num_actions)
    except ActionTypeError as e:
        return e
    error: HoyleError = state.illegal_action_error(a)
    return error


def view_text(observer: Any, state: Any, player: int, over: bool) -> str:
    """What ``player`` sees, as text, with the legal actions in words when it is their turn."""
    lines = [f"player {player}'s view:", observer.string_from(state, player)]
    if state.is_terminal():
        lines.append(f"game over; returns {state.returns()}")
    elif over:
        lines.append("episode over (illegal action)")
    elif state.current_player() == player:
        acts = ", ".join(f"{a}: {state.action_to_string(player, a)}" for a in state.legal_actions())
        lines.append(f"to play; legal actions {acts}")
    return "\n".join(lines) + "\n"


class Table:
    """A rules state as an observer reads it (``.s``, as on a ``pyspiel.State``), for the
    environments that run over the rules without a ``pyspiel.State``."""

    __slots__ = ("s",)

    def __init__(self, s: Any) -> None:
        self.s = s


def _restart(bot: Any, state: Any) -> None:
    """Tell ``bot`` a new episode starts at ``state`` (OpenSpiel's base ``restart_at`` raises
    unless a bot defines it; ``restart`` is always there)."""
    if getattr(type(bot), "restart_at", pyspiel.Bot.restart_at) is not pyspiel.Bot.restart_at:
        bot.restart_at(state)
    else:
        bot.restart()


# --- the Gymnasium environment -------------------------------------------------------------


class HoyleEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a hoyle game against agents, as a Gymnasium environment.

    ## Description

    Any registered hoyle game (``hoyle.envs.GAMES``), one deal per episode (or one match, where
    the game's parameters say so). The learning seat ``seat`` sees only what that player could
    see at the table; the other seats are played by hoyle agents; chance (the shuffle, every
    deal and draw) is drawn inside the environment from its seeded ``np_random``.

    ## Action Space

    ``Discrete(num_distinct_actions)``: the game's own action ids (its module docstring tables
    the layout). Only some are legal in a state: ``obs["action_mask"]`` marks them (also
    ``info["legal_actions"]`` and :meth:`action_masks`, for MaskablePPO).

    ## Observation Space

    ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (num_distinct_actions,),
    int8))``. ``observation`` is the game's observation tensor for the seat (the current view:
    own hand, the table, public card tracking), read through the game's observer; with
    ``perfect_recall=True`` it is the information-state tensor (the view plus every event the
    seat saw, in order). The game's docstring tables its layout. Nothing hidden from the seat
    reaches it: the observer encodes ``player_view``, in which hidden cards are absent.

    ## Starting State

    A fresh deal: ``reset`` resolves the chance nodes and the other seats' moves until the
    learning seat is to play.

    ## Rewards

    Terminal: 0 on every step but the last, then the seat's return under the game's stakes
    (``game.min_utility()`` to ``game.max_utility()``). An illegal action under
    ``illegal_action="penalty"`` ends the episode with reward ``illegal_penalty`` (default: the
    game's ``min_utility``, the worst any legal play can do, so an illegal move never pays).

    ## Episode End

    Termination: the game is over (``info["returns"]`` then holds every seat's return), or the
    seat played an illegal action under the penalty policy (``info["illegal_action"] = True``).
    Truncation: never; every hoyle game ends within its declared ``max_game_length`` decisions.
    If a game can end before the seat's first decision, ``reset`` returns that final view
    (empty mask, ``info["current_player"] == TERMINAL``) and the next ``step`` pays the return
    whatever the action.

    ## Information

    ``info`` holds ``action_mask``, ``legal_actions``, ``current_player`` (the seat, or
    ``TERMINAL`` = -4 at the end), ``illegal_action`` (bool), and at the end ``returns``.

    ## Arguments

    - ``game``: a game name (``"conquian"``, ``"hoyle_conquian"``, ``"cassino(players=3)"``) or
      a loaded hoyle game; bound by each registered id.
    - ``seat``: the learning player, ``0 <= seat < num_players`` (default 0).
    - ``opponents``: an agent spec (``"random"``, ``"heuristic"``, ``"mcts:sims=100"``) or a
      ``pyspiel.Bot`` for every other seat, or a sequence of them, one per other seat in seat
      order. Spec strings are built afresh at every reset with seeds drawn from ``np_random``
      (so ``reset(seed=s)`` replays the same episode for the same actions); bot objects are
      used as they are (``restart_at`` at reset, and ``inform_action`` when they define one).
    - ``perfect_recall``: observe the information-state tensor instead of the observation.
    - ``illegal_action``: ``"penalty"`` (default; Gymnasium's checkers step unmasked random
      actions) or ``"raise"`` (:class:`~hoyle.envs.core.errors.IllegalActionError`, or
      :class:`~hoyle.envs.core.errors.ActionTypeError` for what is not an int at all; the state
      unchanged). An opponent agent's illegal choice always raises :class:`AgentMoveError`.
    - ``illegal_penalty``: the reward of an illegal action (default ``game.min_utility()``).
    - ``render_mode``: ``"ansi"`` (``render()`` returns the seat's view as text) or ``"human"``
      (printed after each reset and step). Only the seat's view is shown, never hidden cards.
    - any other keyword: a game parameter (``gym.make("hoyle/Cassino-v0", players=3)``).

    ## References

    The game's source and assumptions are in its module docstring (``envs/games/<name>.py``).

    ## Version History

    - v<k>: ``k`` is the game's ``GameSpec.version``, bumped with its rules or encodings.
    """

    # Gymnasium declares ``metadata`` an instance attribute, so no ClassVar (mypy) here.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | pyspiel.Game = "conquian",
        seat: int = 0,
        opponents: AgentLike | Sequence[AgentLike] = "random",
        *,
        perfect_recall: bool = False,
        illegal_action: str = "penalty",
        illegal_penalty: float | None = None,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        self.game = load_game(game, params)
        self.rules = self.game.rules
        num_players = self.game.num_players()
        if not 0 <= seat < num_players:
            raise ValueError(f"seat={seat} is not a seat of {self.game} (0..{num_players - 1})")
        self.seat = int(seat)
        self.penalty = illegal_action_policy(illegal_action, illegal_penalty, self.game)
        self.illegal_action = illegal_action
        self.render_mode = check_render_mode(render_mode)
        self.perfect_recall = bool(perfect_recall)
        self._opponents = self._seat_opponents(opponents, num_players)
        self._observer = make_observer(self.game, self.perfect_recall)
        self._num_actions = self.game.num_distinct_actions()
        self.observation_space = observation_space(self.game, self._observer)
        self.action_space = spaces.Discrete(self._num_actions)
        self._table: Any = None  # the episode's rules state: a Table, or the live pyspiel state
        self._live: Any = None  # the pyspiel.State some bot needs, else None (rules only)
        self._history: list[int] = []  # the actions applied, when there is no live state
        self._spiel: Any = None  # spiel_state, rebuilt on demand from the history
        self._legal: tuple[int, ...] = ()  # the legal actions of the player to move
        self._bots: dict[int, Any] = {}
        self._on_rules: dict[int, bool] = {}  # whether each seat's bot plays on the rules
        self._informed: list[Any] = []  # the bots that keep memory: told every action
        self._over = True  # no episode running until reset
        self._return_paid = True

    def _seat_opponents(
        self, opponents: AgentLike | Sequence[AgentLike], num_players: int
    ) -> dict[int, AgentLike]:
        others = [p for p in range(num_players) if p != self.seat]
        if isinstance(opponents, str | pyspiel.Bot) or callable(opponents):
            given: list[AgentLike] = [opponents] * len(others)
        else:
            given = list(opponents)
            if len(given) != len(others):
                raise ValueError(
                    f"{len(given)} opponents given for the {len(others)} other seats {others}"
                )
        for o in given:
            if not (isinstance(o, str | pyspiel.Bot) or callable(o)):
                raise TypeError(
                    "an opponent must be an agent spec string, a pyspiel.Bot or a factory "
                    f"(game, seed) -> Bot: {shown(o)}"
                )
        return dict(zip(others, given, strict=True))

    # --- the Gymnasium API --------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new deal, played until the seat is to move. ``options`` are not used.

        ``seed`` follows Gymnasium's rule: ``None`` or a Python int ``>= 0``; anything else
        (``-1``, ``1.5``, ``"7"``, a numpy int) raises ``gymnasium.error.Error`` in one line
        before anything changes, the running episode included."""
        super().reset(seed=seed)
        del options  # Unused: a hoyle episode has no reset options.
        rng = self.np_random
        state = self.game.new_initial_state()
        self._bots = {}
        seeds = rng.integers(0, 2**31 - 1, size=len(self._opponents))
        for (p, o), s in zip(self._opponents.items(), seeds, strict=True):
            self._bots[p] = self._build(o, int(s))
        for bot in self._bots.values():
            _restart(bot, state)
        unique = {id(b): b for b in self._bots.values()}  # one bot object may sit in two seats
        self._informed = [b for b in unique.values() if keeps_memory(b)]
        self._on_rules = {p: steps_on_rules(b) for p, b in self._bots.items()}
        if self._informed or not all(self._on_rules.values()):
            self._live = self._table = state  # a bot needs the pyspiel.State: play on it
        else:
            self._live, self._table = None, Table(self.rules.new_state())
        self._history = []
        self._spiel = None
        self._over = False
        self._return_paid = False
        cur = self._advance()
        if cur == TERMINAL:  # the game ended before the seat's first decision
            self._over = True
        if self.render_mode == "human":
            self.render()
        return self._observe(cur, illegal=False)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the seat, then the others and chance until the seat's turn.

        Anything but a legal action id (an illegal one, or what is not an action at all: see
        the module docstring) ends the episode with the penalty, the state untouched; or under
        ``illegal_action="raise"`` raises a one-line error, the episode going on."""
        if self._table is None or (self._over and self._return_paid):
            raise gymnasium.error.ResetNeeded("the episode is over: call reset() first")
        if self._over:  # ended before the seat ever moved: pay the return now
            return self._finish(TERMINAL)
        a = as_action(action, self._num_actions)
        if a is None or a not in self._legal:
            if self.illegal_action == "raise":
                raise action_error(action, self._num_actions, self.spiel_state)
            self._over = self._return_paid = True
            obs, info = self._observe(self.seat, illegal=True)
            if self.render_mode == "human":
                self.render()
            return obs, self.penalty, True, False, info
        for bot in self._informed:
            bot.inform_action(self._live, self.seat, a)
        self._apply(a)
        cur = self._advance()
        if cur == TERMINAL:
            self._over = True
            return self._finish(cur)
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe(cur, illegal=False)
        return obs, 0.0, False, False, info

    def _finish(self, cur: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        self._return_paid = True
        reward = float(self.rules.returns(self._table.s)[self.seat])
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe(cur, illegal=False)
        return obs, reward, True, False, info

    def render(self) -> str | None:
        """The seat's view (``ansi``: returned; ``human``: printed). Never the hidden cards."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; make the env with render_mode='ansi' "
                "or 'human'."
            )
            return None
        if self._table is None:
            text = "no episode: call reset()\n"
        else:
            text = view_text(self._observer, self.spiel_state, self.seat, self._over)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def close(self) -> None:
        """Nothing to release; closing twice is allowed."""

    def action_masks(self) -> np.ndarray:
        """The current action mask (bool), for ``sb3_contrib.MaskablePPO``."""
        return self._mask().astype(bool)

    @property
    def spiel_state(self) -> Any:
        """The episode as a ``pyspiel`` state (the whole table: for analysis, not for the
        agent): a copy, so changing it does not change the episode; on the rules path it is
        rebuilt from the episode's history when first asked for after a step."""
        if self._table is None:
            return None
        if self._live is not None:
            return self._live.clone()
        if self._spiel is None:
            self._spiel = self.game.state_from_history(self._history)
        return self._spiel.clone()

    # --- internals -----------------------------------------------------------------------------
    def _build(self, opponent: AgentLike, seed: int) -> Any:
        """The bot for one seat this episode: a spec string through the opponent factory, a
        factory called, a bot object as it is."""
        if isinstance(opponent, str):
            return opponent_factory()(opponent, self.game, seed)
        if isinstance(opponent, pyspiel.Bot):
            return opponent
        return opponent(self.game, seed)

    def _apply(self, action: int) -> None:
        """Apply ``action``, already checked (a legal action, or a chance outcome drawn from
        the node's own outcomes): to the live pyspiel state if there is one, else to the rules
        state, keeping the history."""
        if self._live is not None:
            _APPLY_UNCHECKED(self._live, action)
        else:
            self.rules.apply_action(self._table.s, action)
            self._history.append(action)
            self._spiel = None

    def _advance(self) -> int:
        """Resolve chance and the other seats until the seat is to move or the game ends; keep
        the legal actions of the seat (none at the end)."""
        rules, seat, rng, s = self.rules, self.seat, self.np_random, self._table.s
        bots, on_rules, informed, live = self._bots, self._on_rules, self._informed, self._live
        apply = self._apply
        while True:
            cur = rules.current_player(s)
            if cur == CHANCE:
                a = sample_outcome(rules.chance_outcomes(s), rng)
                for bot in informed:
                    bot.inform_action(live, CHANCE, a)
                apply(a)
                continue
            # On the live state, its own memo, which its legality check then reads.
            if live is not None:
                legal = live._legal()
            else:
                legal = tuple(rules.legal_actions(s)) if cur >= 0 else ()
            if cur in (seat, TERMINAL):
                self._legal = legal
                return int(cur)
            actor = bots[cur]
            chosen = actor.step_rules(rules, s, legal) if on_rules[cur] else actor.step(live)
            move = as_action(chosen, self._num_actions)
            if move is None or move not in legal:
                # Checked here, not by the state, whose error lists the agent's legal
                # actions: its hidden cards.
                agent = self._opponents[cur]
                name = agent if isinstance(agent, str) else type(agent).__name__
                raise AgentMoveError(
                    f"the agent in seat {cur} ({name[:40]}) chose {shown(chosen)}, "
                    "not a legal action: a bug in that agent"
                )
            for bot in informed:
                if bot is not actor:  # as OpenSpiel's evaluate_bots: all but the actor
                    bot.inform_action(live, cur, move)
            apply(move)

    def _legal_now(self) -> tuple[int, ...]:
        """The seat's legal actions now; none once the episode is over."""
        return () if self._table is None or self._over else self._legal

    def _mask(self) -> np.ndarray:
        return action_mask(self._num_actions, self._legal_now())

    def _observe(self, cur: int, illegal: bool) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """The seat's observation and the step's info, each made of fresh objects."""
        self._observer.set_from(self._table, self.seat)
        legal = self._legal_now()
        mask = action_mask(self._num_actions, legal)
        obs = {"observation": self._observer.tensor.copy(), "action_mask": mask}
        info: dict[str, Any] = {
            "action_mask": mask.copy(),
            "legal_actions": list(legal),
            "current_player": int(cur),
            "illegal_action": illegal,
        }
        if cur == TERMINAL:
            info["returns"] = [float(r) for r in self.rules.returns(self._table.s)]
        return obs, info


def register_gymnasium_envs() -> list[str]:
    """Register ``hoyle/<Name>-v<version>`` for every registered game (once); return the ids.

    Called by ``import hoyle.envs``; call it again after registering a game of your own.
    """
    ids = []
    for name, spec in GAMES.items():
        if spec.gym_id not in gymnasium.registry:
            gymnasium.register(
                id=spec.gym_id,
                entry_point=f"{__name__}:HoyleEnv",
                kwargs={"game": name},
                nondeterministic=False,
            )
        ids.append(spec.gym_id)
    return ids
