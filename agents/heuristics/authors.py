"""A heuristic agent for Authors as named, toggleable rules: the book's artifice and its advice
to remember the asks, with our own reading of the record.

Foster (Complete Hoyle, "AUTHORS") gives two pieces of advice. "A good memory is necessary to
play this game well, as it is very important to recall who has asked for certain cards, and
which players were unable to supply them"; and the artifice: "You hold the Fives of diamonds and
spades, and have asked for and received the Five of clubs. If you ask for the heart Five, and
miss it, the player with that card may draw all yours; but if you ask for the spade Five, and he
gets into the ask, he will at once betray the fact that he holds the fourth Five by asking you
for the club Five; but he will never think of asking you for the spade Five, because you asked
for it yourself." Hence, in priority order:

1. ``ask-known``: ask for a card the record places: a card handed over at an ask is with its
   receiver until he hands it on (the view's ``located``, no memory needed). A sure hit, and
   the turn is kept. Among them, the denomination you hold most of.
2. ``artifice`` (the book's): having just been handed a card that makes three of its
   denomination (so the table knows you hold it), the fourth nowhere the record places it,
   ask for one of your own unplaced cards of it rather than guess the fourth: the miss gives
   the table nothing it can draw from you but the card it knows of, and the holder of the
   fourth betrays it by asking you for that card. Not where the record already betrays the
   fourth (one place left for it, or a player who asked for the denomination): then
   ``track-asks`` asks him for it.
3. ``track-asks`` (our own reading of the book's "recall who has asked ... and which players
   were unable to supply them"): memory of this deal's record. A player asked for a card and
   without it has not got it since, unless the record has moved it (then it is placed); a card
   with one place left is there (a sure ask); a player who asked for a denomination holds one
   of it (his ask says so), so among the cards of it still unplaced the ones he did not ask
   for are likelier his. Asks are ranked by that: sure first, then with a holder of the
   denomination, then fewest places left.
4. ``hold-most`` (our own): otherwise ask anyone for a card of the denomination you hold
   most of, never one of your own.

Every hint reads only the player's view (``state.player_view(player)``): with
``heuristic:-track-asks`` the player uses the table as it lies (his hand, the placed cards,
the tricks, the hand sizes) and no memory of the asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import NUM_RANKS, rank_of
from hoyle.envs.games.authors import (
    EV_ASK,
    EV_GIVE,
    EV_MISS,
    EV_TAKE,
    EV_TRICK,
    NUM_CARDS,
    AuthorsView,
    ask_of,
    rank_mask,
)
from hoyle.envs.games.authors import GAME as AUTHORS

BOOK = AUTHORS.citation
OURS = f"our own reading of {AUTHORS.citation}"


_DENOMINATION = tuple(rank_mask(rank_of(c)) for c in range(NUM_CARDS))
"""The four cards of each card's denomination (looked up at every decision of a rollout)."""


def held(view: AuthorsView, c: int) -> int:
    """How many cards of ``c``'s denomination the player holds."""
    return (view.hand & _DENOMINATION[c]).bit_count()


def placed(view: AuthorsView) -> int:
    """Every card the record places in some other hand."""
    out = 0
    for q, m in enumerate(view.located):
        if q != view.player:
            out |= m
    return out


class Record:
    """What memory of this deal's asks says (``track-asks``): for each card not in the
    player's hand, the seats it may be with; for each denomination, the seats whose asks say
    they hold it."""

    def __init__(self, view: AuthorsView) -> None:
        n, me = view.num_players, view.player
        # One pass over the log (this runs at every decision of a heuristic rollout); the
        # pool taken ends a deal, and with it the record that binds.
        missed = [0] * n
        askers: dict[int, set[int]] = {}
        asked_for = [0] * n
        for kind, q, v in view.log:
            if kind == EV_ASK:
                r = v % NUM_RANKS
                if r in askers:
                    askers[r].add(q)
                else:
                    askers[r] = {q}
                asked_for[q] |= 1 << v
            elif kind == EV_MISS:
                missed[q] |= 1 << v
            elif kind == EV_GIVE:
                missed[q] &= ~(1 << v)
            elif kind == EV_TAKE:
                missed, askers, asked_for = [0] * n, {}, [0] * n
        self.askers = askers
        self.asked_for = asked_for
        on_table = placed(view)
        # A card placed with q is certain; a card placed elsewhere is not his; a card he was
        # asked for and had not is not his while it has not moved (it is unplaced).
        self._not_his = [
            -1
            if q == me or not view.hand_sizes[q]
            else (on_table & ~view.located[q]) | (missed[q] & ~on_table) | view.hand
            for q in range(n)
        ]
        self._places: dict[int, list[int]] = {}

    def places(self, c: int) -> list[int]:
        """The seats ``c`` may be with (the player's own card: none)."""
        got = self._places.get(c)
        if got is None:
            got = self._places[c] = [q for q, m in enumerate(self._not_his) if not m >> c & 1]
        return got

    def score(self, q: int, c: int) -> tuple[int, int, float]:
        """How good asking ``q`` for ``c`` looks: (sure, ``q`` holds the denomination and did
        not ask for ``c`` itself, 1 / places left)."""
        places = self.places(c)
        if q not in places:
            return (0, 0, 0.0)
        sure = int(len(places) == 1)
        holds = int(q in self.askers.get(rank_of(c), ()) and not self.asked_for[q] >> c & 1)
        return (sure, holds, 1.0 / len(places))


def _best(legal: Sequence[int], score: dict[int, tuple[float, ...]]) -> list[int]:
    if not score:
        return []
    top = max(score.values())
    return [a for a in legal if score.get(a) == top]


def ask_known(view: AuthorsView, legal: Sequence[int]) -> list[int]:
    """Asks for a card the record places with the player asked; the denomination held most."""
    score: dict[int, tuple[float, ...]] = {}
    for a in legal:
        q, c = ask_of(a)
        if view.located[q] >> c & 1:
            score[a] = (held(view, c),)
    return _best(legal, score)


def just_received(view: AuthorsView) -> int:
    """The card handed to the player at his last ask, if that ask is the record's last (he
    keeps the turn and asks again); else -1."""
    log = view.log
    for kind, _q, v in reversed(log):
        if kind == EV_TRICK:
            return -1
        if kind == EV_GIVE:
            return v if view.to_move == view.player and view.located[view.player] >> v & 1 else -1
        if kind in (EV_ASK, EV_MISS):
            return -1
    return -1


def artifice(view: AuthorsView, legal: Sequence[int]) -> list[int]:
    """The book's artifice: having just received a card that makes three of its
    denomination, the fourth unplaced, ask for one of your own unplaced cards of it (of a
    player who may hold the fourth) rather than guess the fourth."""
    got = just_received(view)
    if got < 0:
        return []
    me = view.player
    full = rank_mask(rank_of(got))
    mine = view.hand & full
    if mine.bit_count() != 3 or full & ~mine & placed(view):
        return []  # not three, or the fourth is placed (ask-known asks for it)
    fourth = (full & ~mine).bit_length() - 1
    record = Record(view)
    if any(record.score(q, fourth)[:2] != (0, 0) for q in record.places(fourth)):
        return []  # the record betrays the fourth's holder: ask him (track-asks)
    own = mine & ~view.located[me]
    return [a for a in legal if own >> ask_of(a)[1] & 1]


def track_asks(view: AuthorsView, legal: Sequence[int]) -> list[int]:
    """The asks memory of the record ranks best (sure, a holder of the denomination, fewest
    places), never for one's own card."""
    record = Record(view)
    score: dict[int, tuple[float, ...]] = {}
    for a in legal:
        q, c = ask_of(a)
        if not view.hand >> c & 1:
            s = record.score(q, c)
            if s[2] > 0:
                score[a] = s
    return _best(legal, score)


def hold_most(view: AuthorsView, legal: Sequence[int]) -> list[int]:
    """A card not held, of the denomination held most, from anyone (the tie broken at
    random: a fixed choice would have two players ask each other the same thing for ever)."""
    score: dict[int, tuple[float, ...]] = {}
    for a in legal:
        c = ask_of(a)[1]
        if not view.hand >> c & 1:
            score[a] = (held(view, c),)
    return _best(legal, score)


HINTS = register_hints(
    "authors",
    (
        Hint(
            "authors.ask-known",
            BOOK,
            "Ask for what you know is there: a card handed over at an ask is with its receiver "
            "(the book: recall who has asked for certain cards).",
            ask_known,
        ),
        Hint(
            "authors.artifice",
            BOOK,
            "A legitimate artifice: ask for a card you already have, so that the holder of the "
            "fourth betrays it and cannot draw yours.",
            artifice,
        ),
        Hint(
            "authors.track-asks",
            OURS,
            "Remember every ask and miss: who was unable to supply a card, who asked for a "
            "denomination (our own reading of the book's advice).",
            track_asks,
            memory=True,
        ),
        Hint(
            "authors.hold-most",
            OURS,
            "Otherwise ask anyone for the denomination you hold most of (our own, not the book's).",
            hold_most,
        ),
    ),
)

__all__ = ["HINTS", "Record", "artifice", "ask_known", "hold_most", "just_received", "track_asks"]
