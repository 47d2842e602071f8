"""A heuristic for Quinto (and Dummy Quinto: :mod:`hoyle.agents.heuristics.dummy_quinto`) as
named, toggleable rules: the book's three hints
(Hoffmann, Hoyle's Games Modernized, "QUINTO", the paragraphs after the scoring) first, then a
doubler and card player of this project's own, marked so.

The book's hints, in its order:

1. ``throw-quint-royal`` and ``give-partner-the-chance``: "Before Quint Royal has been played,
   a player who does not hold it should be always on the alert to give his partner the chance
   of making it": the holder throws it on a trick his partner is sure to win; a player who does
   not hold it, with his partner still to play, wins the trick with a card no adversary still to
   play can beat, so that the partner may throw it (except on the first lead of the deal, for
   which the book gives hint 2, "therefore").
2. ``opening-lead``: "The original leader, therefore (not holding Quint Royal himself), is always
   expected to start with the ace of spades, if he has it. If not, with the ace of clubs. The
   ace of hearts is certainly, and the ace of diamonds probably, too valuable to be led out in
   this way": the first lead of a deal, by a player without Quint Royal, is the ♠A, else the ♣A,
   and never the ♥A or the ♦A (when he holds another card).
3. ``draw-hearts-for-diamonds``: "The establishment of a black suit is obviously a hopeless
   task, for both red suits cannot be got out of the way. Hearts, however, may sometimes be
   extracted for the benefit of a good long suit of diamonds": on lead with five diamonds or
   more while an adversary may still hold hearts, lead hearts (the best if it is a master, else
   the lowest).

Not the book's (this project's own):

4. ``double-by-count``: double (or redouble an adversary's double) when the side's counted
   tricks reach :data:`DOUBLE_AT` of thirteen (doubling multiplies both sides' tricks, so it
   pays the side that takes more of them); else pass.
5. ``win-cheaply``: when the trick is not surely the side's, beat it with the cheapest card,
   one no adversary still to play can beat if there is one; over the partner, only such a card.
6. ``feed-quints``: on a trick the side is sure to win, play the card that adds the most quints.
7. ``lead-masters``: on lead, lead a card no adversary can beat (a master heart first).
8. ``follow-low``: otherwise the card that gives the fewest quints away, then the lowest
   (suit power, then rank); Quint Royal last.

Measured (``docs/hints/quinto/report.md``, ``hoyle hints --game quinto --budget full``: each
hint's worth as the full heuristic's margin over the heuristic with it switched off, points a
deal, 2,500 duplicate deals, 95% CI): ``throw-quint-royal`` +11.3 [+10.5, +12.2];
``give-partner-the-chance`` -0.4 [-0.9, +0.1], ``opening-lead`` +0.1 [-0.3, +0.5] and
``draw-hearts-for-diamonds`` +0.3 [-0.1, +0.7], all three inconclusive; the own rules
``follow-low`` +27.3, ``win-cheaply`` +15.2, ``feed-quints`` +11.1, ``double-by-count`` +7.6,
``lead-masters`` +3.0. Against ``random`` by side (``docs/leaderboards/quinto-field``, 300
deals) +78.6 [+74.1, +83.0] points a deal.

The agent sees only the player's view (:class:`~hoyle.envs.games.quinto.QuintoView`) and acts
for the hand to move (the Dummy-player for the Dummy too): the unseen cards are the pack less
the hands he has seen, the cards played and the cachette taken; a seat that did not follow a
suit holds none of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NUM_SUITS,
    QUEEN,
    SPADES,
    TEN,
    card,
    cards_of,
    mask_of,
)
from hoyle.envs.core.tricks import led_suit, trick_winner
from hoyle.envs.games.quinto import (
    DOUBLE_ACTION,
    GAME,
    NUM_CARD_ACTIONS,
    PASS_ACTION,
    QUINT_ROYAL,
    REDOUBLE_ACTION,
    SUIT_POWER,
    TRICKS,
    QuintoView,
    quint_points,
    quinto_tricks,
)
from hoyle.envs.games.quinto.rules import DOUBLING, PLAY

BOOK = f"{GAME.citation}, the hints after the scoring"
OWN = f"not the book's: this project's own ({GAME.citation} gives three hints)"

DOUBLE_AT = 7.5
"""The side's counted tricks (of thirteen, the cachette one) at which it doubles or redoubles:
more than half, with a margin for a count that is rough. Chosen, not tuned; against the same
heuristic that never doubles it is worth +18.1 points a deal, 95% CI [+14.0, +22.2] (``hoyle
match quinto --agents heuristic,heuristic:-double-by-count --deals 300 --seed 2``)."""
LONG_DIAMONDS = 5
"""Diamonds that make "a good long suit of diamonds" (hint 3)."""
HIGH_HEARTS = (ACE, KING, QUEEN, JACK, TEN)
TR = quinto_tricks()


# --- the view, from the hand to move ----------------------------------------------------------


def seat(view: QuintoView) -> int:
    """The hand to move (the Dummy's, for the Dummy-player playing it)."""
    return view.to_move


def partner(view: QuintoView, q: int) -> int:
    """The seat opposite ``q``."""
    o = view.order
    return o[(o.index(q) + 2) % 4]


def same_side(view: QuintoView, a: int, b: int) -> bool:
    return view.side(a) == view.side(b)


def hand(view: QuintoView) -> int:
    return view.hands[seat(view)]


def known(view: QuintoView) -> int:
    """Every card whose place the player knows: the hands he has seen, the cards played, the
    trick, the cachette taken."""
    m = view.played | mask_of(view.trick) | view.taken
    for h in view.hands:
        m |= h
    return m


def unseen(view: QuintoView) -> int:
    return view.rules.pack_mask & ~known(view)


def key(c: int) -> tuple[int, int]:
    """A card's strength: (suit power, rank power); Quint Royal below everything."""
    s = TR.suit[c]
    return (-1, -1) if s < 0 else (SUIT_POWER[s], TR.power[c])


def trick_seats(view: QuintoView) -> list[int]:
    """The seats of the current trick in playing order, from its leader."""
    o = view.order
    i = o.index(view.leader if view.trick else seat(view))
    return [o[(i + k) % 4] for k in range(4)]


def winner(view: QuintoView, trick: Sequence[int]) -> int:
    """The seat winning ``trick`` (played from the current trick's leader)."""
    return trick_seats(view)[trick_winner(trick, TR)]


def may_be_beaten(view: QuintoView, trick: Sequence[int]) -> bool:
    """Whether an adversary still to play to ``trick`` may beat its winning card, as far as the
    player can tell: a hand he has seen, by its cards; another one by the unseen cards, a
    higher card of the suit led unless it showed out of it, any greater card if it did."""
    w = trick[trick_winner(trick, TR)]
    led = led_suit(trick, TR)
    seats = trick_seats(view)
    me = seat(view)
    rest = unseen(view)
    for q in seats[len(trick) :]:
        if same_side(view, q, me):
            continue
        cards = view.hands[q] if view.hands[q] else rest
        if view.hands[q]:
            follow = cards & TR.suit_masks[led] if led >= 0 else 0
            pool = follow or cards
        elif led >= 0 and not view.voids[q] >> led & 1:
            pool = cards & TR.suit_masks[led]
        else:
            pool = cards & ~void_mask(view, q)
        if any(key(x) > key(w) for x in cards_of(pool)):
            return True
    return False


def void_mask(view: QuintoView, q: int) -> int:
    m = 0
    for s in range(NUM_SUITS):
        if view.voids[q] >> s & 1:
            m |= TR.suit_masks[s]
    return m


def side_sure(view: QuintoView) -> bool:
    """The trick so far is the side's, and no adversary still to play can be seen to beat it."""
    return (
        bool(view.trick)
        and same_side(view, winner(view, view.trick), seat(view))
        and not may_be_beaten(view, view.trick)
    )


def quints_given(view: QuintoView, c: int) -> int:
    """The quints that playing ``c`` adds to the trick."""
    before = mask_of(view.trick)
    return quint_points(before | 1 << c) - quint_points(before)


def _cards(view: QuintoView, legal: Sequence[int]) -> list[int]:
    if view.phase != PLAY:
        return []
    return [a for a in legal if a < NUM_CARD_ACTIONS]


def royal_out(view: QuintoView) -> bool:
    """Quint Royal has not been played yet."""
    return not (view.played | mask_of(view.trick) | view.taken) >> QUINT_ROYAL & 1


# --- the book's hints -----------------------------------------------------------------------


def throw_quint_royal(view: QuintoView, legal: Sequence[int]) -> list[int]:
    """Hint 1, the holder: throw Quint Royal on a trick the partner is sure to win."""
    cards = _cards(view, legal)
    if QUINT_ROYAL not in cards or not view.trick:
        return []
    w = winner(view, view.trick)
    if w != seat(view) and same_side(view, w, seat(view)) and side_sure(view):
        return [QUINT_ROYAL]
    return []


def give_partner_the_chance(view: QuintoView, legal: Sequence[int]) -> list[int]:
    """Hint 1, the partner: with Quint Royal out and not in his own hand, and his partner still
    to play, win the trick with a card no adversary still to play can beat."""
    cards = _cards(view, legal)
    me = seat(view)
    if not cards or not royal_out(view) or hand(view) >> QUINT_ROYAL & 1:
        return []
    if not view.past and not view.trick:
        return []  # the original lead: the book's own application of this hint is hint 2
    seats = trick_seats(view)
    if seats.index(partner(view, me)) <= len(view.trick):
        return []  # the partner has played to this trick already
    for q in range(4):  # an adversary seen to hold it
        if not same_side(view, q, me) and view.hands[q] >> QUINT_ROYAL & 1:
            return []
    n = len(view.trick)
    sure = [
        c
        for c in cards
        if c != QUINT_ROYAL
        and trick_winner((*view.trick, c), TR) == n
        and not may_be_beaten(view, (*view.trick, c))
    ]
    if not sure:
        return []
    low = min(key(c) for c in sure)
    return [c for c in sure if key(c) == low]


def opening_lead(view: QuintoView, legal: Sequence[int]) -> list[int]:
    """Hint 2: the original leader's first lead, ♠A, else ♣A; never the ♥A, nor the ♦A."""
    cards = _cards(view, legal)
    if not cards or view.past or view.trick or hand(view) >> QUINT_ROYAL & 1:
        return []
    for ace in (card(SPADES, ACE), card(CLUBS, ACE)):
        if ace in cards:
            return [ace]
    red = {card(HEARTS, ACE), card(DIAMONDS, ACE)}
    return [c for c in cards if c not in red]


def draw_hearts_for_diamonds(view: QuintoView, legal: Sequence[int]) -> list[int]:
    """Hint 3: on lead with a long diamond suit, draw the adversaries' hearts."""
    cards = _cards(view, legal)
    if not cards or view.trick:
        return []
    h = hand(view)
    if (h & TR.suit_masks[DIAMONDS]).bit_count() < LONG_DIAMONDS:
        return []
    hearts = [c for c in cards if TR.suit[c] == HEARTS]
    out = unseen(view) & TR.suit_masks[HEARTS]
    me = seat(view)
    adversaries = [q for q in range(4) if not same_side(view, q, me)]
    if not hearts or not out or all(view.voids[q] >> HEARTS & 1 for q in adversaries):
        return []
    top = max(hearts, key=key)
    if all(key(x) < key(top) for x in cards_of(out)):
        return [top]
    return [min(hearts, key=key)]


# --- this project's own ---------------------------------------------------------------------


def count_tricks(h: int) -> float:
    """A rough count of the tricks a hand takes (not the book's): hearts, the highest suit,
    win (the A-10 one each, lower ones half); diamonds by their top (A, K one each, Q, J half,
    the rest a fifth); a black Ace half."""
    est = 0.0
    for c in cards_of(h):
        s, r = TR.suit[c], c % 13
        if s == HEARTS:
            est += 1.0 if r in HIGH_HEARTS else 0.5
        elif s == DIAMONDS:
            est += 1.0 if r in (ACE, KING) else 0.5 if r in (QUEEN, JACK) else 0.2
        elif r == ACE:
            est += 0.5
    return est


def side_count(view: QuintoView) -> float:
    """The side's tricks of thirteen: the hand's count, and the partner's (his count where he
    is seen, else a third of the rest)."""
    me = seat(view)
    mine = count_tricks(hand(view))
    other = view.hands[partner(view, me)]
    theirs = count_tricks(other) if other else max(0.0, TRICKS + 1 - mine) / 3
    return mine + theirs


def double_by_count(view: QuintoView, legal: Sequence[int]) -> list[int]:
    if view.phase != DOUBLING:
        return []
    strong = side_count(view) >= DOUBLE_AT
    for call in (DOUBLE_ACTION, REDOUBLE_ACTION):
        if call in legal:
            return [call] if strong else [PASS_ACTION]
    return []


def win_cheaply(view: QuintoView, legal: Sequence[int]) -> list[int]:
    cards = [c for c in _cards(view, legal) if c != QUINT_ROYAL]
    if not cards or not view.trick or side_sure(view):
        return []
    n = len(view.trick)
    winners = [c for c in cards if trick_winner((*view.trick, c), TR) == n]
    sure = [c for c in winners if not may_be_beaten(view, (*view.trick, c))]
    if same_side(view, winner(view, view.trick), seat(view)):
        winners = sure  # over the partner only with a card sure to hold the trick
    pool = sure or winners
    if not pool:
        return []
    low = min(key(c) for c in pool)
    return [c for c in pool if key(c) == low]


def feed_quints(view: QuintoView, legal: Sequence[int]) -> list[int]:
    cards = [c for c in _cards(view, legal) if c != QUINT_ROYAL]
    if not cards or not side_sure(view):
        return []
    best = max(quints_given(view, c) for c in cards)
    if best == 0:
        return []
    return [c for c in cards if quints_given(view, c) == best]


def lead_masters(view: QuintoView, legal: Sequence[int]) -> list[int]:
    cards = [c for c in _cards(view, legal) if c != QUINT_ROYAL]
    if not cards or view.trick:
        return []
    sure = [c for c in cards if not may_be_beaten(view, (c,))]
    if not sure:
        return []
    top = max(SUIT_POWER[TR.suit[c]] for c in sure)
    return [c for c in sure if SUIT_POWER[TR.suit[c]] == top]


def follow_low(view: QuintoView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards:
        return []
    plain = [c for c in cards if c != QUINT_ROYAL] or cards
    low = min((quints_given(view, c), key(c)) for c in plain)
    return [c for c in plain if (quints_given(view, c), key(c)) == low]


HINT_TABLE = (
    ("throw-quint-royal", BOOK, "Throw Quint Royal on a trick the partner is sure to win.",
     throw_quint_royal),
    ("give-partner-the-chance", BOOK,
     "Without Quint Royal, win the trick surely before the partner plays, for him to throw it.",
     give_partner_the_chance),
    ("opening-lead", BOOK, "The original leader leads the ♠A, else the ♣A; never the ♥A or ♦A.",
     opening_lead),
    ("draw-hearts-for-diamonds", BOOK,
     "With a long diamond suit, lead hearts to draw them.", draw_hearts_for_diamonds),
    ("double-by-count", OWN, "Double or redouble when the side counts most of the tricks.",
     double_by_count),
    ("win-cheaply", OWN, "Beat the adversaries' card with the cheapest winner.", win_cheaply),
    ("feed-quints", OWN, "On the side's sure trick, play the card adding the most quints.",
     feed_quints),
    ("lead-masters", OWN, "Lead a card no adversary can beat, a heart first.", lead_masters),
    ("follow-low", OWN, "Otherwise give the fewest quints away, then the lowest card.",
     follow_low),
)  # fmt: skip

HINTS = register_hints(
    "quinto", [Hint(f"quinto.{n}", src, summary, fn) for n, src, summary, fn in HINT_TABLE]
)
