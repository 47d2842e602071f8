"""Moves both ways: what a person types, read back as the action of any game.

A game names its actions in its own words (``action_to_string``: "play ♥7", "lay ♠4 5 6",
"13/11: a deuce, from ...", "bid seven hearts (200)"). People type those words loosely: in
ASCII (``h7``, ``7h``, ``H.7``, ``10h``, ``Th``, ``AH``, ``joker``), in any case, with extra
spaces, and only as much as tells the move apart. One parser reads them for every game, with no
code per game: it *normalizes* both the typed text and the name of every legal action into
tokens and compares the tokens.

* **Tokens.** Text is split at spaces and at the punctuation of the games' names (``, ; : ( )
  / + - *``), and words are compared without case. In an action's name a card in the project's
  suit-symbol form (:func:`~hoyle.envs.core.cards.format_card`: ``♥7``, ``♠10``, ``Joker``) is a
  card, a bare suit symbol (``name ♥``) is a suit, and a bare rank right after a card (a run
  written ``♠4 5 6``) is that rank of the same suit. A typed token is read every way it can be
  (a word, a card by :func:`~hoyle.envs.core.cards.parse_card`, a suit by its symbol, letter or
  name), so ``as`` is both the word of "take in with ♠A as Fourteen" and the card ♠A.
* **Matching.** The typed tokens must be the action's first tokens; the last one may be
  unfinished (a word's beginning, a card's suit: ``play h`` stands for the hearts). The exact
  name, as written, always wins; then a full match of the tokens; then the one action the text
  begins; and a text of cards alone (``h7``) names the action with just those cards ("play
  ♥7"). Several candidates are an :class:`AmbiguousMoveError` naming them; none, an
  :class:`UnknownMoveError` naming a few legal moves. Both are one line.
* **Real but illegal moves.** Where the text names none of the legal moves but exactly one
  other action of the game (for a hoyle state, the names of every action in the acting
  player's words), :func:`parse_move` raises :class:`IllegalMoveError` with the reason the game
  gives (``illegal_reason``, :mod:`hoyle.envs.core.capabilities`): "you must follow suit
  (hearts): you hold ♥7". python-chess is the model (``Board.parse_san`` raises
  ``InvalidMoveError``, ``IllegalMoveError`` or ``AmbiguousMoveError``, all ``ValueError``), as
  are PokerKit's ``verify_*`` methods, which raise with the rule's reason.

Nothing here shows a player what he cannot see: the names listed are the legal actions of the
player to move, in his own words (nothing else is listed, not at a chance node, whose outcomes
are the cards not yet dealt, and not to a player who is not to move), and a reason is the
game's, which speaks only of what the mover sees.

    >>> find_move("H7", [3, 5], ["play ♥7", "play ♠10"])
    3
    >>> try:
    ...     find_move("play th", [3, 5], ["play ♥7", "play ♠10"])
    ... except UnknownMoveError as e:
    ...     print(e)
    no legal move is called 'play th'; legal moves include: play ♥7, play ♠10
    >>> find_move("10s", [3, 5], ["play ♥7", "play ♠10"])
    5
    >>> find_move("lay s4 s5 s6", [61], ["lay ♠4 5 6"])
    61
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Sequence
from typing import Any, TypeAlias

from hoyle.envs.core.cards import (
    JOKER,
    NUM_CARD_IDS,
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card,
    format_card,
    parse_card,
    suit_of,
)
from hoyle.envs.core.errors import HoyleError, IllegalActionError, shown

Token: TypeAlias = tuple[Any, ...]
"""A token of an action's name: ``("w", word)``, ``("c", card)``, ``("s", suit)`` or
``("r", rank, suit)`` (a bare rank after a card, as in ``♠4 5 6``)."""
Reading: TypeAlias = frozenset[tuple[str, Any]]
"""The ways a typed token can be read: ``("w", word)``, ``("c", card)``, ``("s", suit)``."""

_SPLIT = re.compile(r"[\s,;:()\[\]/+*=!?\"-]+")
_CARD_BY_NAME = {format_card(c): c for c in range(NUM_CARD_IDS)}
_RANK_BY_LETTER = {t: r for r, t in enumerate(RANK_LETTERS)}
_SUIT_BY_WORD = {
    word: s
    for s in range(len(SUIT_SYMBOLS))
    for word in (SUIT_SYMBOLS[s], SUIT_LETTERS[s].lower(), SUIT_NAMES[s], SUIT_NAMES[s][:-1])
} | {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
"""A suit by its symbol, letter or name (singular too), as typed."""

MAX_LISTED = 12
"""Candidates an :class:`AmbiguousMoveError` names before counting the rest."""
LIST_BUDGET = 80
"""Characters of legal moves an :class:`UnknownMoveError` names (at least one move)."""
MAX_ECHO = 40
"""How much of the typed text an error repeats."""


class MoveError(HoyleError, ValueError):
    """Typed text that names no single legal move. ``text``: what was typed; ``candidates``:
    the legal actions it could be (empty when it names none, or where they are not shown)."""

    def __init__(self, message: str, text: str, candidates: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.text = text
        self.candidates = tuple(candidates)


class AmbiguousMoveError(MoveError):
    """Text that could be more than one legal move (python-chess's ``AmbiguousMoveError``)."""


class UnknownMoveError(MoveError):
    """Text that names no legal move (python-chess's ``InvalidMoveError``)."""


class IllegalMoveError(IllegalActionError):
    """Text that names a real action of the game that is not legal here (python-chess's
    ``IllegalMoveError``): ``move`` is its name, ``reason`` why it is refused, in the rule's
    terms where the game knows them."""

    def __init__(
        self,
        action: int,
        legal: Sequence[int],
        *,
        move: str,
        reason: str,
        player: int | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__(action, legal, detail=f"{move}: {reason}", player=player, names=names)
        self.move = move
        self.reason = reason


# --- normalizing -------------------------------------------------------------------------------


def _pieces(text: str) -> list[str]:
    return [p.strip(".") for p in _SPLIT.split(text) if p.strip(".")]


@functools.lru_cache(maxsize=1 << 14)
def action_tokens(name: str) -> tuple[Token, ...]:
    """The tokens of an action's name (cards in the suit-symbol form are cards).

    >>> action_tokens("lay ♠4 5 6")
    (('w', 'lay'), ('c', 3), ('r', 4, 0), ('r', 5, 0))
    >>> action_tokens("Solo, ♦ trumps (8)")
    (('w', 'solo'), ('s', 2), ('w', 'trumps'), ('w', '8'))
    """
    out: list[Token] = []
    suit = -1  # the suit of the run under way (a card just before), else -1
    for piece in _pieces(name):
        c = _CARD_BY_NAME.get(piece)
        if c is not None:
            out.append(("c", c))
            suit = suit_of(c)
        elif suit >= 0 and piece in _RANK_BY_LETTER:
            out.append(("r", _RANK_BY_LETTER[piece], suit))
        elif piece in SUIT_SYMBOLS:
            out.append(("s", SUIT_SYMBOLS.index(piece)))
            suit = -1
        else:
            out.append(("w", piece.casefold()))
            suit = -1
    return tuple(out)


def readings(text: str) -> tuple[Reading, ...]:
    """Every way each typed token can be read: a word, a card, a suit.

    >>> sorted(readings("As")[0])
    [('c', 0), ('w', 'as')]
    """
    out = []
    for piece in _pieces(text):
        word = piece.casefold()
        ways: set[tuple[str, Any]] = {("w", word)}
        with contextlib.suppress(ValueError):
            ways.add(("c", parse_card(piece)))
        if word in _SUIT_BY_WORD:
            ways.add(("s", _SUIT_BY_WORD[word]))
        out.append(frozenset(ways))
    return tuple(out)


def _same(t: Token, r: Reading) -> bool:
    kind = t[0]
    if kind == "w":
        return ("w", t[1]) in r or (t[1] in _SUIT_BY_WORD and ("s", _SUIT_BY_WORD[t[1]]) in r)
    if kind == "r":
        rank = t[1]
        return ("w", RANK_LETTERS[rank].lower()) in r or ("c", card(t[2], rank)) in r
    return (kind, t[1]) in r


def _begins(t: Token, r: Reading) -> bool:
    """Whether the unfinished typed token ``r`` may be the beginning of ``t``."""
    words = [x[1] for x in r if x[0] == "w"]
    if t[0] == "w":
        return any(t[1].startswith(w) for w in words)
    if t[0] == "c":
        c = t[1]
        if c < JOKER and ("s", suit_of(c)) in r:
            return True
        names = (format_card(c).casefold(), format_card(c, "letters").casefold())
        return any(n.startswith(w) for n in names for w in words)
    if t[0] == "r":
        return any(RANK_LETTERS[t[1]].lower().startswith(w) for w in words)
    return False


NO_MATCH, BEGINS, MATCHES = 0, 1, 2


def _cards_of(tokens: Sequence[Token]) -> tuple[int, ...]:
    return tuple(t[1] if t[0] == "c" else card(t[2], t[1]) for t in tokens if t[0] in "cr")


def names_cards(typed: Sequence[Reading], name: str) -> bool:
    """Whether the typed tokens are all cards and are the cards of ``name``, in order (``h7``
    for "play ♥7", ``s4 s5 s6`` for "lay ♠4 5 6")."""
    cards = _cards_of(action_tokens(name))
    return len(cards) == len(typed) > 0 and all(
        ("c", c) in r for c, r in zip(cards, typed, strict=True)
    )


def match(typed: Sequence[Reading], name: str) -> int:
    """``MATCHES`` if the typed tokens are all of ``name``'s, ``BEGINS`` if they begin it (the
    last typed token maybe unfinished), else ``NO_MATCH``."""
    tokens = action_tokens(name)
    n = len(typed)
    if not n or n > len(tokens):
        return NO_MATCH
    for i in range(n - 1):
        if not _same(tokens[i], typed[i]):
            return NO_MATCH
    last, t = typed[-1], tokens[n - 1]
    if _same(t, last):
        return MATCHES if n == len(tokens) else BEGINS
    return BEGINS if _begins(t, last) else NO_MATCH


# --- finding the move --------------------------------------------------------------------------


def _echo(text: str) -> str:
    return shown(text, MAX_ECHO)


def _few(names: Sequence[str]) -> str:
    """Some of ``names`` (at least one), within :data:`LIST_BUDGET` characters."""
    out: list[str] = []
    size = 0
    for name in names:
        if out and size + len(name) > LIST_BUDGET:
            break
        out.append(name)
        size += len(name) + 2
    rest = len(names) - len(out)
    return ", ".join(out) + (f" ({len(names)} in all)" if rest else "")


def candidates(text: str, actions: Sequence[int], names: Sequence[str]) -> list[int]:
    """The actions ``text`` may name: the exact name; else the full matches; else those it
    begins; else, for a text of cards only, the actions with just those cards. Of several, the
    one name that begins with the text as typed (punctuation included), if one does. Empty
    when it names none."""
    t = text.strip()
    for a, name in zip(actions, names, strict=True):
        if name == t:
            return [a]
    typed = readings(t)
    levels = [match(typed, name) for name in names]
    raw = " ".join(t.split()).casefold()
    for level in (MATCHES, BEGINS):
        hits = [a for a, x in zip(actions, levels, strict=True) if x >= level]
        if len(hits) > 1:  # the punctuation typed may tell them apart ("Tout," from "Tout with")
            by_action = dict(zip(actions, names, strict=True))
            as_typed = [a for a in hits if by_action[a].casefold().startswith(raw)]
            hits = as_typed if len(as_typed) == 1 else hits
        if hits:
            return hits
    return [a for a, name in zip(actions, names, strict=True) if names_cards(typed, name)]


def find_move(
    text: str, actions: Sequence[int], names: Sequence[str], *, listed: bool = True
) -> int:
    """The one action of ``actions`` (named ``names``, the same order) that ``text`` names.

    Raises :class:`AmbiguousMoveError` (the candidates named) or :class:`UnknownMoveError` (a
    few of ``names`` named), each on one line; with ``listed=False`` no name is shown (a chance
    node's outcomes, another player's moves)."""
    if not text.strip():
        raise UnknownMoveError("type the name of a move", text)
    hits = candidates(text, actions, names)
    if len(hits) == 1:
        return hits[0]
    if hits:
        if not listed:
            raise AmbiguousMoveError(f"{_echo(text)} could be any of {len(hits)} moves", text)
        by_action = dict(zip(actions, names, strict=True))
        shown_names = [by_action[a] for a in hits[:MAX_LISTED]]
        more = f" ({len(hits)} in all)" if len(hits) > MAX_LISTED else ""
        raise AmbiguousMoveError(
            f"{_echo(text)} could be any of: " + ", ".join(shown_names) + more, text, hits
        )
    message = f"no legal move is called {_echo(text)}"
    if listed and names:
        message += "; legal moves include: " + _few(names)
    elif not names:
        message += "; no move is legal here"
    raise UnknownMoveError(message, text)


def _illegal_named(state: Any, player: int, text: str, legal: Sequence[int]) -> int | None:
    """The one action, not legal here, that ``text`` names in ``player``'s words (the
    candidates of :func:`candidates` over every action of the game), or ``None``. Only for
    hoyle states (their rules name any action; OpenSpiel's own games may abort on the name of
    an illegal action). Error path only: it names every action."""
    rules = getattr(state, "rules", None)
    s = getattr(state, "s", None)
    if rules is None or s is None:
        return None
    taken = set(legal)
    actions: list[int] = []
    names: list[str] = []
    for a in range(int(rules.num_distinct_actions)):
        if a in taken:
            continue
        try:
            name = str(rules.action_to_string(s, player, a))
        except Exception:  # The name of an action that cannot arise here may not be defined.
            continue
        actions.append(a)
        names.append(name)
    hits = candidates(text, actions, names)
    return hits[0] if len(hits) == 1 else None


def parse_move(state: Any, text: str, player: int | None = None) -> int:
    """The legal action of ``state`` that ``text`` names, for ``player`` (by default the player
    to move; at a chance node, a chance outcome by its name).

    Raises :class:`UnknownMoveError` or :class:`AmbiguousMoveError` (one line), or
    :class:`IllegalMoveError` with the game's reason when ``text`` names exactly one action of
    the game that is not legal here (hoyle states only).
    """
    cur = state.current_player()
    if player is None:
        player = cur
    if state.is_terminal():
        raise UnknownMoveError(f"no move is legal: the game is over ({_echo(text)})", text)
    if state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        names = [state.action_to_string(player, a) for a in outcomes]
        return find_move(text, outcomes, names, listed=False)
    if player != cur:
        raise UnknownMoveError(
            f"player {player} is not to move (player {cur} is): {_echo(text)} is no move of his",
            text,
        )
    legal = list(state.legal_actions())
    names = [state.action_to_string(player, a) for a in legal]
    try:
        return find_move(text, legal, names)
    except UnknownMoveError:
        a = _illegal_named(state, player, text, legal) if text.strip() else None
        if a is None:
            raise
    reason = None
    explain = getattr(state, "illegal_reason", None)
    if explain is not None:
        reason = explain(a)
    move = str(state.rules.action_to_string(state.s, player, a))
    raise IllegalMoveError(
        a,
        legal,
        move=move,
        reason=reason or "it is not a legal move here",
        player=player,
        names=names,
    )


__all__ = [
    "AmbiguousMoveError",
    "IllegalMoveError",
    "MoveError",
    "UnknownMoveError",
    "action_tokens",
    "candidates",
    "find_move",
    "match",
    "parse_move",
    "readings",
]
