"""Quinto's hint experiments (Hoffmann, Hoyle's Games Modernized, 1909, "QUINTO": the hints that
follow the scoring).

The book's three hints, in its order, each a rule of the heuristic agent
(:mod:`hoyle.agents.heuristics.quinto`) ablated on duplicate deals and put to the referee on the
positions where it changes the move:

* hint 1, "Before Quint Royal has been played, a player who does not hold it should be always
  on the alert to give his partner the chance of making it": two rules, the holder's
  (``throw-quint-royal``: throw it on the partner's sure trick) and the partner's
  (``give-partner-the-chance``: win surely before the partner plays);
* hint 2, the original leader's opening lead (♠A, else ♣A; never the ♥A, probably not the ♦A):
  ``opening-lead``, ablated against the heuristic's own first lead;
* hint 3, "Hearts, however, may sometimes be extracted for the benefit of a good long suit of
  diamonds": ``draw-hearts-for-diamonds``. Its first half ("the establishment of a black suit
  is obviously a hopeless task") is a reason, not a play, and is listed as untestable.

Then the scoring example of the text (eleven tricks to two, 55 to 10) through the game's own
scoring, and the heuristic's own rules (not the book's), ablated and refereed as every
heuristic hint is. One unit is one point of the book's score a deal (the side's points less the
other side's, one deal per game: ``hoyle_quinto``'s default).
"""

from __future__ import annotations

from hoyle.agents.heuristics.quinto import HINTS
from hoyle.envs.core.cards import mask_of, parse_cards
from hoyle.envs.games import quinto as Q
from hoyle.envs.games.quinto import GAME as QUINTO_SPEC
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Untestable,
    exact_verdict,
    register,
    register_untestable,
    result,
)

GAME = "quinto"
BOOK = QUINTO_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
HINTS_TEXT = f"{BOOK}, the hints after the scoring"
UNIT = "points per deal"
_HINT = {h.id: h for h in HINTS}
ITEM = {
    "quinto.throw-quint-royal": "hint 1",
    "quinto.give-partner-the-chance": "hint 1",
    "quinto.opening-lead": "hint 2",
    "quinto.draw-hearts-for-diamonds": "hint 3",
}


def golden_scoring(ctx: Context) -> Result:
    """The text's example and the quint scale through the game's own scoring functions."""
    del ctx
    checks = [
        ("A B win 11 tricks, and Y Z 2: A B score 55, and Y Z 10",
         Q.trick_scores((11, 2)) == (55, 10)),
        ("doubled or quadrupled before the play: 110 and 20, 220 and 40",
         Q.trick_scores((11, 2), 1) == (110, 20) and Q.trick_scores((11, 2), 2) == (220, 40)),
        ("Quint Royal 25; in Hearts 20, in Diamonds 15, in Clubs 10, in Spades 5",
         [Q.quint_points(mask_of(parse_cards(c))) for c in ("Joker", "♥5", "♦5", "♣5", "♠5")]
         == [25, 20, 15, 10, 5]),
        ("an ace and four, or a deuce and trey, of the same suit, falling to the same trick",
         Q.quints(mask_of(parse_cards("♦A ♦4 ♥2 ♥3"))) == [20, 15]
         and Q.quints(mask_of(parse_cards("♦A ♥4 ♠2 ♣3"))) == []),
    ]  # fmt: skip
    bad = [text for text, ok in checks if not ok]
    summary = (f"{len(checks) - len(bad)} of {len(checks)} of the text's scoring statements hold "
               "through the game's scoring" + (f"; failing: {'; '.join(bad)}" if bad else ""))  # fmt: skip
    return result(exact_verdict(not bad), float(not bad), float("nan"), float("nan"),
                  len(checks), "holds", summary, {"examples": [t for t, _ in checks]})  # fmt: skip


def _hint_pair(hid: str) -> None:
    M.register_hint(GAME, _HINT[hid], ITEM.get(hid, ""), UNIT)


for _hid in ("quinto.throw-quint-royal", "quinto.give-partner-the-chance", "quinto.opening-lead"):
    _hint_pair(_hid)
register_untestable(Untestable(
    "quinto.black-suits", GAME, "hint 3",
    "The establishment of a black suit is obviously a hopeless task, for both red suits cannot "
    "be got out of the way.", HINTS_TEXT,
    "A reason the book gives, not a play: it names no move to make or avoid beyond its second "
    "half (draw hearts for a long diamond suit), which is tested as draw-hearts-for-diamonds.",
))  # fmt: skip
_hint_pair("quinto.draw-hearts-for-diamonds")
register(Experiment(
    "quinto.golden-scoring.exact", GAME, "scoring", "",
    "Each side scores five a trick (doubled ten, redoubled twenty), the cachette one more to the "
    "winners of the twelfth; quints 25, 20, 15, 10, 5 to the winners of their trick.",
    f"{BOOK}, the scoring", "exact",
    "The game's own trick_scores, quints and quint_points on the text's statements.",
    golden_scoring,
))  # fmt: skip
for _h in HINTS[4:]:
    _hint_pair(_h.id)
