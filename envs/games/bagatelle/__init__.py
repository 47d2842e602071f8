"""Bagatelle, as Hoffmann describes it (Hoyle's Games Modernized, 1909, "BAGATELLE").

The one game of the books played with balls: a cushioned board with nine cups at its far end,
the black ball counting double. A stroke is continuous (where the ball is placed, the direction,
the speed) and its result is a matter of physics, so the table runs on a 2-D physics engine
(Chipmunk2D, through pymunk): :mod:`.table` is the board, :mod:`.physics` one stroke,
:mod:`.rules` the break and the game.

The game (the book's rules)
---------------------------
*The board*: oblong, "from 6 to 10 ft. long, and in width about one-fourth of its length"; nine
hemispherical cups at the far end, "one as a centre, with the others in a circle round it", each
bearing a number (Fig. 1); a continuous cushion round the sides, "at the upper end forming a
semi-circle, concentric with the circle made by the cups". Nine balls: one black, four white,
four red; the cups' diameter "must exactly correspond" with the balls'.

*A break*: "the black ball is placed on the spot marked a. The player, taking the remaining
balls, places one of them on the spot marked b, and impels it in the direction of the black
ball. If he hits this latter, the stroke is good, and he plays another ball, continuing till the
whole eight have been played. If, however, the first ball played miss the black, it is removed
from the table (whether it fall into a hole or not), and is lost to the player for that turn, as
also any succeeding ball until the black ball is hit, after which the obligation to strike it
ceases. If any ball is so struck as to be driven back towards the player more than half-way down
the board, it is in like manner removed. After the black ball is once struck, the player is no
longer obliged to place his own ball on the spot b, but may place it at any point behind such
spot." He then scores, for every ball in a cup, the cup's number, "the black ball counts
double".

Assumptions (the excerpt stops there; Figs. 1-5 are pictures, not text)
-------------------------------------------------------------------------
Each number is a parameter (:class:`~.table.Board`, :class:`~.physics.Physics`), its default
given here.

1. The board is 96 in long and 24 in wide (``length``, ``width``: 8 ft, a quarter of it wide,
   within the book's 6-10 ft); the head is a semicircle of half the width (12 in), so the side
   cushions run into it, and the player's end has a rail (a ball that reaches it is already
   short of half-way and taken off, assumption 12).
2. Ball and cup diameter 1.5 in (``ball_diameter``); the ring of eight cups has radius 5 in
   (``ring_radius``) about the centre of the head, which is cup 9.
3. The cup numbers of Fig. 1 (taken from other sources, and agreeing with the book's two clues:
   a ball "struck directly towards the 9 ... must pass over the 1", and the black struck on its
   right side goes "towards the 8"): clockwise as the player looks up the board from the cup
   nearest him, 1, 4, 8 (left), 3, 5 (farthest), 2, 7 (right), 6, with 9 in the centre::

                5
            3       2
          8     9     7
            4       6
                1
          (player's end)

4. Spot a (the black's) is on the centre line 9 in in front of cup 1 (``spot_a_before_cup_1``);
   spot b is on the centre line 18 in from the player's end (``baulk``), and the baulk line runs
   across the board there. The half-way line is across the middle (48 in).
5. Mace and cue are one stroke model (the book: "never use the mace if you can use the cue").
6. Balls roll with a constant deceleration of 6 in/s^2 (``deceleration``), the cloth's
   resistance; no spin, and no friction between balls or against the cushion.
7. Ball-on-ball collisions have restitution 0.9 (``ball_restitution``), ball-on-cushion 0.7
   (``cushion_restitution``); the balls are of equal mass.
8. A ball whose centre passes within 0.75 in (``capture_radius``: the cup's own radius, its
   centre over the mouth) of an empty cup's centre at no more than 12 in/s (``capture_speed``)
   drops in; a faster ball runs over it.
9. A ball in a cup stays there: it cannot be knocked out, the cup holds no second ball, and the
   half of it standing above the board is a fixed obstacle to the others.
10. A stroke's speed is at most 60 in/s (``max_speed``); the simulation steps 1/240 s at a time
    (``time_step``) until every ball is at rest (at most ``max_time`` = 60 s).
11. Noise on a stroke, where wanted, is drawn by the caller (the environments' seeded RNG, the
    OpenSpiel game's chance node) and applied to the angle and speed before the stroke is
    played; the rules draw nothing.
12. "Driven back ... more than half-way": a ball whose centre is on the player's side of the
    half-way line while it moves toward him is taken off at once; a ball that comes to rest
    short of the half-way line is taken off too (the book does not say; a ball lying in the
    baulk area would block the next stroke).
13. "Any point behind such spot": the ball is placed anywhere on the baulk line (``x`` across
    it); placing it farther back is the same stroke struck harder, since the ball rolls
    straight until it reaches the line.
14. The game (not in the excerpt): players take breaks of eight balls in turn for 3 rounds
    (``rounds``); the highest aggregate wins; the players tied for the lead play another round,
    at most 3 more (``extra_rounds``), after which they share the win. The order of play is the
    seat order.
15. The balls are played black first on spot a, then the player's eight balls white, red, white,
    ... (ball 1 white, 2 red, ...): the colours do not score differently.
"""

from __future__ import annotations

from hoyle.envs.games.bagatelle.game import GAME, BagatelleRules
from hoyle.envs.games.bagatelle.physics import EMPTY, Outcome, Physics, Stroke, simulate
from hoyle.envs.games.bagatelle.rules import (
    BALLS_PER_BREAK,
    BLACK,
    NUM_BALLS,
    Break,
    Match,
    break_score,
    colour,
    cups_score,
    match_stroke,
    match_winners,
    new_break,
    new_match,
    play_stroke,
)
from hoyle.envs.games.bagatelle.table import CENTRE_CUP, CUP_NUMBERS, RING_ORDER, Board

__all__ = [
    "BALLS_PER_BREAK",
    "BLACK",
    "CENTRE_CUP",
    "CUP_NUMBERS",
    "EMPTY",
    "GAME",
    "NUM_BALLS",
    "RING_ORDER",
    "BagatelleRules",
    "Board",
    "Break",
    "Match",
    "Outcome",
    "Physics",
    "Stroke",
    "break_score",
    "colour",
    "cups_score",
    "match_stroke",
    "match_winners",
    "new_break",
    "new_match",
    "play_stroke",
    "simulate",
]
