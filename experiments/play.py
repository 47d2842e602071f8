"""A human plays a hoyle game in the terminal against agents, seeing only their own view.

Before each of the human's decisions the game's observation string for the human's seat is
printed (the view in the book's words), with a drawing of the table where the game lays it out
(:mod:`hoyle.experiments.table_text`: a backgammon board, a patience layout), then the legal
actions, numbered. A move that is the only legal one is played for the human, with a one-line
notice. The human answers with a number or with the action's name, read by the one move parser
of every game (:mod:`hoyle.envs.core.moves`): any case, extra spaces, cards in ASCII (``h7``,
``7h``, ``H.7``, ``10h``, ``Th``), a unique prefix, or the cards alone (``h7`` for "play
♥7"); every refusal is worded by :func:`input_error` (the reason, then what to type), and a
move the game refuses gets the rule's reason ("you must follow suit (hearts): you hold ♥7");
``?`` shows the view again, ``quit`` leaves the game; end of input (Ctrl-D) and Ctrl-C are not
caught here (the ``hoyle play`` command turns each into one line, exit status 1 and 130).
Any line is safe to type: a number is ASCII decimal digits only, at most
:data:`MAX_NUMBER_DIGITS` of them (``'²'`` or a 5,000-digit number is not read as a number),
and what is echoed back is cut short.

The seed. Every random stream of a game comes from one seed: chance from
:func:`chance_seed` (128 bits of the seed's ``SeedSequence``, so the deal is no easier to search
for than the seed itself), the agent in seat k from ``derive_seed(seed, 1, k)``, the re-dealt
worlds of the announcements from ``derive_seed(seed, 2, step)``. Whoever knows the seed knows
every hidden card, so nothing shown to the human tells it: ``hoyle play`` draws a fresh 64-bit
seed from :mod:`secrets` and never prints it (``--seed`` is for reproducing a game, not for
fair play).

Errors. An agent that raises, or chooses what is not a legal move, stops the game with
:class:`AgentFailed`, whose message names the agent and the kind of failure only: the agent's
own error would list its legal moves (its hand) or more.

What is announced. Everything else that happens is announced only as far as the human could see
it at the table, and the judge is the game's own information state. The alternatives to an
event are the other outcomes of the chance node or the other legal moves of the player to move,
here and in a few states re-dealt by the game's determinizer (so a move forced by the mover's
hidden cards, or the last card of the stock, still has alternatives). The event is named
("chance: deal ♥5 to pone", "player 1 (random): discard ♦K") when every alternative that would
leave the human's information state the same has the same name: the human knows exactly what
happened. Otherwise only its kind is told: "a card is dealt to player k" (k: the players whose
information state tells this node's outcomes apart; "a card is dealt that you cannot see" when
this node has a single outcome) or "player k (agent) makes a move you cannot see". An event seen
in part (the suit but not the rank) is therefore not named: the conservative side. The cost, a
clone per alternative and a replay per re-dealt world, only matters at the speed of a human.
Chance events in a row (a deal) are told in one line, what the table then shows the human
(:func:`~hoyle.experiments.table_text.deal_line`: his own cards, counts of the others). At the
end the human's final view and everyone's returns are shown (not the hidden cards).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from hoyle.agents import make
from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.moves import IllegalMoveError, MoveError, find_move, parse_move
from hoyle.envs.core.table import ShowsTable
from hoyle.experiments.match import derive_seed, sample_chance
from hoyle.experiments.table_text import deal_line, table_picture

QUIT_WORDS = ("quit", "exit")

MAX_NUMBER_DIGITS = 6
"""The longest answer read as a move number (no game has a million legal moves)."""

MAX_ECHO = 40
"""How much of an unmatched answer is repeated back to the human."""

DEAL_RUN = 4
"""Chance events in a row (between two moves) told in one line, as a deal, not one a line (a
shorter run, a card drawn or two, is told event by event: each line says more)."""

MAX_UNREADABLE = 5
"""Unreadable lines (not text in the terminal's encoding) in a row before the game is left."""


class Quit(Exception):
    """The human left the game."""


class AgentFailed(HoyleError):
    """An agent raised, or chose what is not a legal move, so the game cannot go on.

    The message names the agent and the kind of failure, never the agent's own message or its
    legal moves: both may tell its hidden cards, and the human reads this."""


def chance_seed(seed: int) -> int:
    """The 128-bit seed of the chance stream of the game seeded by ``seed``.

    ``derive_seed``'s 32 bits would do for reproduction but not for secrecy: with 2**32 possible
    deals, one's own hand picks out the deal (and every hidden card) by search. 128 bits keep
    all the entropy of a 64-bit seed."""
    words = np.random.SeedSequence(seed, spawn_key=(0,)).generate_state(4)
    return int.from_bytes(words.tobytes(), "little")


def _infostates_after(state: Any, action: int) -> list[str]:
    after = state.clone()
    after.apply_action(action)
    return [after.information_state_string(p) for p in range(after.num_players())]


def _alternatives(state: Any, seat: int, worlds: int, seed: int) -> list[tuple[Any, int]]:
    """(state, event) pairs that could have happened instead, as far as ``seat`` knows.

    The other chance outcomes or legal moves here, and those of ``worlds`` states re-dealt by
    the game's determinizer: a move forced only by the mover's hidden cards, or the last card
    of the stock (one outcome here, but not one the human can name), still has alternatives.
    """

    def events(s: Any) -> list[int]:
        return [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()

    pairs = [(state, a) for a in events(state)]
    sampler = random.Random(seed).random
    for _ in range(worlds):
        world = state.resample_from_infostate(seat, sampler)
        pairs += [(world, a) for a in events(world)]
    return pairs


def describe_event(
    state: Any, action: int, seat: int, names: Sequence[str], worlds: int = 3, seed: int = 0
) -> str:
    """How to announce ``action`` (about to be applied to ``state``) to the human in ``seat``.

    The event is named when every alternative that would leave the human with the same
    information state has the same name; otherwise only its kind is told, and for a chance
    event who could tell its outcomes apart (compared here, not in re-dealt worlds).
    """
    actor = state.current_player()
    text = state.action_to_string(actor, action)
    actual = _infostates_after(state, action)
    hidden = False
    seen_by: set[int] = set()
    for world, b in _alternatives(state, seat, worlds, seed):
        after = _infostates_after(world, b)
        if after[seat] == actual[seat] and world.action_to_string(actor, b) != text:
            hidden = True
        if world is state:
            seen_by.update(p for p, info in enumerate(after) if info != actual[p])
    if not hidden:
        return f"{names[actor]}: {text}" if actor >= 0 else f"chance: {text}"
    if actor >= 0:
        return f"{names[actor]} makes a move you cannot see"
    if not seen_by:
        return "a card is dealt that you cannot see"
    return "a card is dealt to " + " and ".join(f"player {p}" for p in sorted(seen_by))


def _echo(text: str) -> str:
    """``text`` as repeated back to the human: quoted, escaped (``repr``), cut short."""
    return repr(text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "…")


def input_error(reason: str) -> str:
    """The one wording of every refusal of a typed line: the reason, then what to type.

    ``reason`` speaks only of what was typed and of the human's own legal moves (or, for a
    real move the game refuses, the rule's reason in the mover's words), never of a card he
    cannot see."""
    return f"{reason} -- {INPUT_HINT}"


INPUT_HINT = "type a number or the name of a move (? lists them, quit leaves)"
"""What every refusal of a typed line ends with."""


def match_action(
    text: str, legal: Sequence[int], labels: Sequence[str], state: Any = None, seat: int = -1
) -> int | str:
    """The action ``text`` names (by number or name), or why it names none (the reason, which
    :func:`input_error` words for the human).

    A number is ASCII decimal digits only (``'²'.isdigit()`` is true but it is no number) and
    at most :data:`MAX_NUMBER_DIGITS` long; anything else is read by the move parser
    (:func:`hoyle.envs.core.moves.find_move` over ``labels``; with ``state``,
    :func:`~hoyle.envs.core.moves.parse_move` for ``seat``, which also gives the rule's reason
    for a move the game refuses)."""
    t = text.strip()
    if not t:
        return "nothing typed"
    if t.isascii() and t.isdigit():
        k = int(t) if len(t) <= MAX_NUMBER_DIGITS else None
        if k is not None and 1 <= k <= len(legal):
            return legal[k - 1]
        number = str(k) if k is not None else f"of {len(t)} digits"
        return f"no move number {number}: choose 1 to {len(legal)}"
    try:
        return parse_move(state, t, seat) if state is not None else find_move(t, legal, labels)
    except IllegalMoveError as e:
        return f"{_echo(e.move)} is not allowed: {e.reason}"
    except MoveError as e:
        return str(e)


def _show_view(state: Any, seat: int, say: Callable[[str], None]) -> None:
    """The human's view: the game's observation string, then its drawing where the game lays
    its table out (a backgammon board, a patience layout)."""
    say(state.observation_string(seat))
    rules = getattr(state, "rules", None)
    if isinstance(rules, ShowsTable):
        for line in table_picture(rules.table_view(state.s, seat)):
            say(line)


def ask_move(state: Any, seat: int, read: Callable[[str], str], say: Callable[[str], None]) -> int:
    """Show the human's view and moves, and read a move until one is legal (each refusal
    worded by :func:`input_error`)."""
    legal = list(state.legal_actions())
    labels = [state.action_to_string(seat, a) for a in legal]

    def show() -> None:
        say("")
        _show_view(state, seat, say)
        say("Your moves:")
        for i, s in enumerate(labels, 1):
            say(f"  {i:>2}. {s}")

    show()
    unreadable = 0
    while True:
        try:
            text = read(f"player {seat}> ")
        except UnicodeDecodeError:  # bytes that are not text in the terminal's encoding
            unreadable += 1
            if unreadable >= MAX_UNREADABLE:
                raise EOFError from None
            say(input_error("that line is not readable text"))
            continue
        unreadable = 0
        if text.strip().lower() in QUIT_WORDS:
            raise Quit
        if text.strip() in ("?", "help"):
            show()
            continue
        got = match_action(text, legal, labels, state, seat)
        if isinstance(got, str):
            say(input_error(got))
        else:
            return got


def _agent_move(bots: Sequence[Any], names: Sequence[str], state: Any) -> int:
    """The move of the agent to play, checked here: the state's own error for an illegal move
    lists the agent's legal moves, which would show the human the agent's hand."""
    p = state.current_player()
    try:
        chosen = bots[p].step(state)
    except Exception as e:
        raise AgentFailed(
            f"{names[p]} failed ({type(e).__name__}; its message is not shown, it may name "
            "cards you cannot see); the game cannot go on"
        ) from e
    legal = state.legal_actions()
    if isinstance(chosen, bool) or not isinstance(chosen, int | np.integer) or chosen not in legal:
        raise AgentFailed(f"{names[p]} chose an illegal move (a bug in it); the game cannot go on")
    return int(chosen)


def play_human(
    game: Any,
    opponents: Sequence[str],
    seat: int = 0,
    seed: int = 0,
    read: Callable[[str], str] | None = None,
    say: Callable[[str], None] | None = None,
) -> list[float] | None:
    """Play one game with the human in ``seat``; the returns, or ``None`` if the human left
    (``quit``; end of input's ``EOFError`` and Ctrl-C's ``KeyboardInterrupt`` go to the
    caller).

    ``opponents`` are agent specs for the other seats in order. Chance draws from a stream
    seeded by ``chance_seed(seed)``; the agent in seat k gets ``derive_seed(seed, 1, k)``. The
    seed is never shown (it would tell every hidden card). ``read`` and ``say`` default to
    ``input`` and ``print`` (looked up at call time). An agent's failure raises
    :class:`AgentFailed`.
    """
    ask: Callable[[str], str] = read or (lambda prompt: input(prompt))
    tell: Callable[[str], None] = say or (lambda text: print(text))
    n = game.num_players()
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: the seats are 0 to {n - 1}")
    if len(opponents) != n - 1:
        raise ValueError(f"{n - 1} opponents needed for {n} players; got {len(opponents)}")
    bots: list[Any] = []
    names: list[str] = []
    others = iter(opponents)
    for k in range(n):
        if k == seat:
            bots.append(None)
            names.append(f"player {k} (you)")
        else:
            spec = next(others)
            bots.append(make(spec, game, derive_seed(seed, 1, k)))
            names.append(f"player {k} ({spec})")
    rng = random.Random(chance_seed(seed))
    state = game.new_initial_state()
    tell(f"{game.get_type().long_name}: you are player {seat}.")
    step = 0
    dealt: list[str] = []  # the announcements of the chance events since the last move
    try:
        while not state.is_terminal():
            step += 1
            if state.is_chance_node():
                action = sample_chance(state, rng)
                dealt.append(
                    describe_event(state, action, seat, names, seed=derive_seed(seed, 2, step))
                )
                state.apply_action(action)
                continue
            _tell_deal(state, seat, dealt, tell)
            dealt = []
            if state.current_player() == seat:
                legal = state.legal_actions()
                if len(legal) == 1:
                    action = legal[0]
                    tell(
                        f"You: {state.action_to_string(seat, action)} (your only move, played for you)"
                    )
                else:
                    action = ask_move(state, seat, ask, tell)
                    tell(f"You: {state.action_to_string(seat, action)}")
                state.apply_action(action)
                continue
            action = _agent_move(bots, names, state)
            tell(describe_event(state, action, seat, names, seed=derive_seed(seed, 2, step)))
            state.apply_action(action)
    except Quit:
        tell("\nGame abandoned.")
        return None
    _tell_deal(state, seat, dealt, tell)
    tell("")
    _show_view(state, seat, tell)
    returns = [float(r) for r in state.returns()]
    tell("Game over. Returns: " + ", ".join(f"{names[p]} {r:+g}" for p, r in enumerate(returns)))
    return returns


def _tell_deal(state: Any, seat: int, dealt: Sequence[str], tell: Callable[[str], None]) -> None:
    """Announce the chance events ``dealt`` since the last move: one as it was described, a
    run of them (a deal) in one line, what the table now shows ``seat`` (his own cards, counts
    of those he cannot see) where the game lays its table out, else the descriptions joined."""
    if len(dealt) < DEAL_RUN:
        for line in dealt:
            tell(line)
        return
    rules = getattr(state, "rules", None)
    summary = deal_line(rules.table_view(state.s, seat)) if isinstance(rules, ShowsTable) else ""
    tell(f"Dealt: {summary}" if summary else "; ".join(dealt))
