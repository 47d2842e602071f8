"""Authors' hint experiments (Foster, Complete Hoyle, 1914, AUTHORS).

The book gives one piece of play, the "legitimate artifice": "You hold the Fives of diamonds
and spades, and have asked for and received the Five of clubs. If you ask for the heart Five,
and miss it, the player with that card may draw all yours; but if you ask for the spade Five,
and he gets into the ask, he will at once betray the fact that he holds the fourth Five by
asking you for the club Five; but he will never think of asking you for the spade Five,
because you asked for it yourself." It is checked twice:

* as a scenario on the book's own hand (``authors.artifice.scenario``): that the ask for one's
  own card is legal, misses, passes the ask to the player asked, and shows the table only the
  ask and the miss; that the holder of the heart Five, playing the heuristic, asks for the
  club Five (the card the record places) and not for the spade Five; and what a reader who
  allows for the artifice learns (the exact determinizer's chance, from the holder's seat,
  that the asker holds the spade Five, after the artifice and after the honest guess);
* as an ablation and a referee of the heuristic's ``artifice`` hint
  (:mod:`hoyle.agents.heuristics.authors`), ``heuristic`` against ``heuristic:-artifice`` on
  duplicate deals.

Then the book's "A good memory is necessary to play this game well": ``track-asks`` (our own
reading of it), the heuristic with and without the memory of the asks and misses. One unit is
one counter a deal (``hoyle_authors``'s returns: the pool, each player's one counter a deal).
"""

from __future__ import annotations

from typing import Any

import pyspiel

from hoyle.agents import make
from hoyle.agents.heuristics.authors import HINTS
from hoyle.envs.core.cards import parse_card, parse_cards
from hoyle.envs.games.authors import GAME as AUTHORS_SPEC
from hoyle.envs.games.authors import ask_action
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    exact_verdict,
    register,
    result,
)

GAME = "authors"
BOOK = AUTHORS_SPEC.citation
UNIT = "counters per deal"
_HINT = {h.id: h for h in HINTS}

BOOK_HAND = (
    "♠5 ♦5 ♠A ♥A ♠2 ♥2 ♠3 ♣6",
    "♣5 ♦A ♣A ♦2 ♣2 ♦3 ♣3 ♣4",
    "♥5 ♠4 ♥4 ♦4 ♠6 ♥6 ♦6 ♥3",
)
"""The book's hand, three players and the Aces to Sixes: player 0 holds the Fives of diamonds
and spades, player 1 the club Five, player 2 the heart Five."""
WORLDS = 400
"""Worlds drawn from the holder's seat for each chance the scenario reports."""


def book_position() -> Any:
    """The book's position: player 0 has just asked player 1 for the club Five and got it."""
    game = pyspiel.load_game("hoyle_authors", {"players": 3, "ranks": 6})
    state = game.new_initial_state()
    cards = [parse_cards(h) for h in BOOK_HAND]
    while state.is_chance_node():
        state.apply_action(cards[game.rules.deal_recipient(state.s)].pop(0))
    state.apply_action(ask_action(1, parse_card("♣5")))
    return state


def _holds(state: Any, seat: int, c: str, viewer: int, seed: int) -> float:
    """The share of ``WORLDS`` worlds drawn for ``viewer`` (the exact determinizer) in which
    ``seat`` holds card ``c``."""
    bit = 1 << parse_card(c)
    hits = 0
    for i in range(WORLDS):
        world = state.resample_from_infostate(
            viewer, pyspiel.UniformProbabilitySampler(seed + i, 0.0, 1.0)
        )
        hits += bool(world.s.hands[seat] & bit)
    return hits / WORLDS


def artifice_scenario(ctx: Context) -> Result:
    seed = ctx.seed_for("authors.artifice.scenario")
    base = book_position()
    game = base.get_game()
    checks: dict[str, bool] = {}
    legal_names = [base.action_to_string(0, a) for a in base.legal_actions()]
    checks["asking for one's own spade Five is legal"] = (
        "player 0 asks player 2 for the ♠5" in legal_names
    )
    art = base.clone()
    art.apply_action(ask_action(2, parse_card("♠5")))
    checks["it misses and the ask passes to the player asked"] = art.current_player() == 2 and bool(
        art.s.hands[0] >> parse_card("♠5") & 1
    )
    schema = game.rules.event_schema
    public = schema.lines(schema.public(art.s.log), lambda q: f"player {q}")
    checks["the table sees the ask and the miss, and no card of the asker's"] = public[-2:] == [
        "player 0 asks for ♠5",
        "player 2 has not ♠5",
    ] and art.s.located[0] == 1 << parse_card("♣5")
    holder = make("heuristic", game, seed=seed)
    move = art.action_to_string(2, holder.step(art))
    checks["the holder of the heart Five asks for the club Five (he betrays the fourth)"] = (
        move == "player 2 asks player 0 for the ♣5"
    )
    after = art.clone()
    after.apply_action(ask_action(0, parse_card("♣5")))
    never = True
    for k in range(20):
        bot = make("heuristic", game, seed=seed + k)
        if after.current_player() == 2:
            never &= not after.action_to_string(2, bot.step(after)).endswith("♠5")
    checks["he never asks for the spade Five"] = never
    # What a reader who allows for the artifice learns: from the holder's seat, the exact
    # chance the asker holds the spade Five, after the artifice and after the honest guess
    # (an ask of player 1 for the heart Five, which misses too).
    honest = base.clone()
    honest.apply_action(ask_action(1, parse_card("♥5")))
    p_art = _holds(art, 0, "♠5", 2, seed)
    p_honest = _holds(honest, 0, "♠5", 2, seed)
    holds = all(checks.values())
    summary = (
        f"{sum(checks.values())}/{len(checks)} of the book's steps hold on its own hand. From the "
        f"heart Five's seat the exact determinizer gives the asker the spade Five in "
        f"{p_art:.0%} of the worlds after the artifice and {p_honest:.0%} after the honest "
        "guess: to a reader who allows for the artifice the ask says only that the asker "
        "holds a Five; it misleads only a player who takes an ask to mean the asker lacks "
        "the card, as the book's adversary does."
    )
    numbers = {**{k: int(v) for k, v in checks.items()}, "p_spade_five_after_artifice": p_art,
               "p_spade_five_after_guess": p_honest, "worlds": WORLDS}  # fmt: skip
    return result(exact_verdict(holds), float(holds), float(holds), float(holds), len(checks),
                  "steps", summary, numbers)  # fmt: skip


register(Experiment(
    "authors.artifice.scenario", GAME, "hint 1", "authors.artifice",
    _HINT["authors.artifice"].summary, BOOK, "exact",
    "The book's own hand (three players, Aces to Sixes): player 0 has asked for and received "
    "the club Five and holds the diamond and spade Fives, player 2 the heart Five. Each step "
    "of the book's account is played through the game and the heuristic (player 2 seeded 20 "
    "ways), and the exact determinizer draws the worlds the heart Five's holder cannot tell "
    f"apart ({WORLDS} a case).",
    artifice_scenario,
))  # fmt: skip
M.register_hint(GAME, _HINT["authors.artifice"], "hint 1", UNIT)
M.register_hint(GAME, _HINT["authors.track-asks"], "memory (our own)", UNIT)
