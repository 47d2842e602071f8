"""Conquian's hint experiments (RULES.md §2.7; Foster's Complete Hoyle, 1914, CONQUIAN).

Every item of the book's "Suggestions for Good Play" is here, in the book's order: the facts
about the game checked exactly or by simulation, the advice ablated in the heuristic agent and
put to the referee, the worked example's best discard put to the referee on the book's own
position. The hints the heuristic agent adds for the plays the book takes for granted (go out,
use a card, ...) are ablated too, after the book's items. Item 1 (watch the passed cards) is
listed as untestable, with the reason.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.agents import make
from hoyle.agents.heuristics.conquian import HINTS
from hoyle.envs.core.cards import parse_card, parse_cards
from hoyle.envs.games import conquian as C
from hoyle.envs.games.conquian import GAME as CONQUIAN_SPEC
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Untestable,
    exact_verdict,
    proportion_ci,
    register,
    register_untestable,
    result,
    universal_verdict,
)
from hoyle.experiments.match import deal_seed, derive_seed, sample_chance

GAME = "conquian"
BOOK = CONQUIAN_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
GOOD_PLAY = f"{BOOK}, Suggestions for Good Play"
UNIT = "counters per deal"
BOOK_PONE = "♥J ♥7 ♥6 ♥4 ♠5 ♠3 ♠2 ♦K ♦7 ♦5"
"""The pone's hand of the book's example ("Method of Playing"); he turns up the ♥5."""


# --- §2.7.2: each player should know the other's hand at the end of the stock -------------------


def _know_the_hand_deal(task: tuple[str, int, int]) -> dict[str, Any]:
    """One self-play deal: at each decision, the viewer's unseen cards against the adversary's
    hand, by the number of cards left in the stock."""
    game_text, seed, deal = task
    game = M.load(game_text)
    bots = [make("heuristic", game, derive_seed(seed, deal, 1, 0, k)) for k in range(2)]
    chance = random.Random(deal_seed(seed, deal))
    state = game.new_initial_state()
    at_end, wrong = 0, 0
    extra: dict[int, list[int]] = {}  # stock -> [sum of unseen cards not in his hand, count]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        p = state.current_player()
        view = state.player_view(p)
        hidden = state.s.hands[1 - p]
        unseen = view.unseen()
        e = extra.setdefault(view.stock, [0, 0])
        e[0] += (unseen & ~hidden).bit_count()
        e[1] += 1
        if view.stock == 0:
            at_end += 1
            wrong += unseen != hidden
        state.apply_action(bots[p].step(state))
    return {"at_end": at_end, "wrong": wrong, "extra": extra}


def know_the_hand(ctx: Context) -> Result:
    exp_id = "conquian.know-the-hand.simulation"
    rows = M.pmap(ctx, _know_the_hand_deal, M.deal_tasks(ctx, exp_id, ctx.budget.sim_deals))
    n = sum(r["at_end"] for r in rows)
    wrong = sum(r["wrong"] for r in rows)
    p, lo, hi = proportion_ci(n - wrong, n)
    by_stock: dict[int, list[int]] = {}
    for r in rows:
        for s, (tot, cnt) in r["extra"].items():
            acc = by_stock.setdefault(int(s), [0, 0])
            acc[0] += tot
            acc[1] += cnt
    xs = sorted(by_stock)
    ys = [by_stock[s][0] / by_stock[s][1] for s in xs]
    plot = M.plot_curve(M.plot_file(ctx, exp_id), xs, ys, "cards left in the stock",
                        "unseen cards not in his hand", "What a player cannot yet place")  # fmt: skip
    summary = (f"with the stock exhausted, the unseen cards were exactly the adversary's hand at "
               f"{n - wrong} of {n} decisions ({ctx.budget.sim_deals} deals)")  # fmt: skip
    return result(universal_verdict(wrong, n), p, lo, hi, n, "share of decisions", summary,
                  {"decisions_at_end": n, "counterexamples": wrong,
                   "unplaced_by_stock": dict(zip(xs, ys, strict=True))}, [plot])  # fmt: skip


# --- §2.7.4: a player cannot get eleven down in one suit -----------------------------------------


def eleven_in_one_suit(ctx: Context) -> Result:
    """Exact: a suit has ten cards in either forty-card pack, and a whole suit is at most one
    sequence of ten; eleven down needs eleven cards."""
    rows = {}
    for pack in sorted(C.PACKS):
        game = M.load(f"conquian(pack={pack})")
        rules = game.rules
        most = 0
        for suit in range(4):
            cards = [c for c in C.pack_cards(pack, 10, 4) if c // 13 == suit]
            mask = sum(1 << c for c in cards)
            laid = len(cards) if rules.is_valid_combination(mask) else 0
            most = max(most, len(cards), laid)
        rows[pack] = {"cards_per_suit": most, "winning_down": C.WINNING_DOWN}
    holds = all(r["cards_per_suit"] < C.WINNING_DOWN for r in rows.values())
    ctx.tick(1.0)
    summary = ", ".join(f"{k} pack: {v['cards_per_suit']} cards a suit" for k, v in rows.items())
    return result(exact_verdict(holds), 1.0 if holds else 0.0, float("nan"), float("nan"), 4,
                  "holds (1) or not (0)", f"{summary}; eleven down needs {C.WINNING_DOWN}",
                  {"packs": rows})  # fmt: skip


# --- §2.7.5: a player cannot block his adversary and at the same time win ------------------------


def _winner_hand_deal(task: tuple[str, int, int]) -> dict[str, Any]:
    game_text, seed, deal = task
    end = M.self_play(game_text, seed, deal)
    r = end.returns()
    if r[0] == r[1]:
        return {"won": 0, "holding": 0}
    w = 0 if r[0] > r[1] else 1
    return {"won": 1, "holding": int(end.s.hands[w] != 0)}


def cannot_block_and_win_fact(ctx: Context) -> Result:
    exp_id = "conquian.cannot-block-and-win.exact"
    rows = M.pmap(ctx, _winner_hand_deal, M.deal_tasks(ctx, exp_id, ctx.budget.sim_deals))
    n = sum(r["won"] for r in rows)
    bad = sum(r["holding"] for r in rows)
    p, lo, hi = proportion_ci(n - bad, n)
    summary = (f"eleven down is ten dealt plus one drawn, so the winner holds no card; in "
               f"{n} won deals of {len(rows)} the winner held {bad} times a card at the end")  # fmt: skip
    return result(universal_verdict(bad, n), p, lo, hi, n, "share of won deals", summary,
                  {"deals": len(rows), "won": n, "counterexamples": bad})  # fmt: skip


# --- §2.7.7 and Method of Playing: the book's own position ---------------------------------------


def book_position(game: Any, rng: random.Random, lay: bool) -> list[int]:
    """The book's example: the pone holds ♥J 7 6 4, ♠5 3 2, ♦K 7 5 and turns up the ♥5; the
    dealer's ten cards are drawn at random (the referee cannot see them). With ``lay``, the
    pone has laid ♥5 6 7 (as the book says he probably would) and must discard."""
    state = game.new_initial_state()
    rules = game.rules
    pone = parse_cards(BOOK_PONE)
    five = parse_card("♥5")
    rest = [c for c in rules.tables.cards if c not in pone and c != five]
    rng.shuffle(rest)
    hands = {1 - state.s.dealer: list(pone), state.s.dealer: rest[:10]}
    for k in range(20):
        state.apply_action(hands[rules.deal_recipient(state.s, k)].pop(0))
    state.apply_action(five)
    if lay:
        for w in ("use ♥5", "add ♥6", "add ♥7", "lay ♥5 6 7"):
            p = state.current_player()
            (a,) = [a for a in state.legal_actions() if state.action_to_string(p, a) == w]
            state.apply_action(a)
    return list(state.history())


def _histories(ctx: Context, exp_id: str, lay: bool) -> list[list[int]]:
    game = M.load(GAME)
    return [book_position(game, random.Random(ctx.seed_for(exp_id, i)), lay)
            for i in range(ctx.budget.trials)]  # fmt: skip


def _discard_label(state: Any, moves: list[int]) -> str:
    return str(state.action_to_string(state.current_player(), moves[0]))


def _lay_label(state: Any, moves: list[int]) -> str:
    p = state.current_player()
    before = set(state.s.combos[p])
    after = state.clone()
    for a in moves:
        after.apply_action(a)
    new = [m for m in after.s.combos[p] if m not in before and m >> parse_card("♥5") & 1]
    if new:
        return "lay " + str(C.format_combination(new[0]))
    return str(state.action_to_string(p, moves[0]))


def book_discard(ctx: Context) -> Result:
    exp_id = "conquian.book-discard.referee"
    return M.book_position_referee(ctx, exp_id, _histories(ctx, exp_id, True), "one", (),
                                   _discard_label, "discard ♦K",
                                   "The book's position: the referee's discard")  # fmt: skip


def book_lay(ctx: Context) -> Result:
    exp_id = "conquian.book-lay.referee"
    return M.book_position_referee(ctx, exp_id, _histories(ctx, exp_id, False), "turn",
                                   (C.DISCARD, C.MELD, C.DISCARD_TARGET), _lay_label,
                                   "lay ♥5 6 7", "The book's position: how the referee uses ♥5")  # fmt: skip


# --- the registry -------------------------------------------------------------------------------

_HINT = {h.id: h for h in HINTS}
ITEM = {
    "conquian.play-for-tableau": "§2.7.3",
    "conquian.blocked-runs": "§2.7.4",
    "conquian.cannot-block-and-win": "§2.7.5",
    "conquian.show-no-more-than-needed": "§2.7.6",
    "conquian.discard-isolated-card": "§2.7.7",
    "conquian.force-with-fourth-card": "§2.7.8",
    "conquian.pass-when-waiting": "§2.7.8",
    "conquian.force-declined-card": "§2.7.8",
}
"""The RULES.md item of each hint; the others are the plays the book takes for granted."""


def _hint_pair(hid: str) -> None:
    M.register_hint(GAME, _HINT[hid], ITEM.get(hid, ""), UNIT)


register_untestable(Untestable(
    "conquian.watch-passed-cards", GAME, "§2.7.1",
    "Observation of the cards passed will usually show what the adversary is keeping, and what "
    "he has no chance for.", f"{GOOD_PLAY}, ¶1",
    "Advice about memory and inference about the adversary's intentions. The agents' views "
    "always carry the passed cards (public card tracking), so there is no switch to ablate, and "
    "'usually shows what he is keeping' names no measurable outcome. Its consequence for play "
    "is tested through §2.7.4 (blocked runs), which reads the passed cards.",
))  # fmt: skip
register(Experiment(
    "conquian.know-the-hand.simulation", GAME, "§2.7.2", "",
    "Toward the end of the stock each player should know what the other holds in his hand by "
    "the cards which have not appeared.", f"{GOOD_PLAY}, ¶1", "simulation",
    "Seeded self-play of the heuristic; at every decision with the stock exhausted, are the "
    "cards the player has not seen exactly the adversary's hand? (RULES.md tags the item not "
    "testable as advice; the fact it rests on is checkable.) Plot: unseen cards that are not "
    "in the adversary's hand, by cards left in the stock.",
    know_the_hand,
))  # fmt: skip
_hint_pair("conquian.play-for-tableau")
register(Experiment(
    "conquian.eleven-in-one-suit.exact", GAME, "§2.7.4", "",
    "It should be remembered that a player cannot get eleven down in one suit.",
    f"{GOOD_PLAY}, ¶1", "exact",
    "Count the cards of each suit in both forty-card packs (Spanish, American) and check that a "
    "whole suit lays down as at most one sequence: fewer than the eleven cards that win.",
    eleven_in_one_suit,
))  # fmt: skip
_hint_pair("conquian.blocked-runs")
register(Experiment(
    "conquian.cannot-block-and-win.exact", GAME, "§2.7.5", "",
    "A player cannot block his adversary and at the same time win the game, because so long as "
    "he holds up the card that his adversary wants he cannot get eleven down himself.",
    f"{GOOD_PLAY}, ¶2", "exact",
    "Arithmetic: ten cards are dealt and eleven down win, so a winner has laid down every card "
    "he held (none is left to block with). Checked over seeded self-play: in every won deal "
    "the winner's hand is empty at the end.",
    cannot_block_and_win_fact,
))  # fmt: skip
_hint_pair("conquian.cannot-block-and-win")
_hint_pair("conquian.show-no-more-than-needed")
register(Experiment(
    "conquian.book-discard.referee", GAME, "§2.7.7", "conquian.discard-isolated-card",
    "In the foregoing example, the player's best discard would be his ♦K, which is too far "
    "removed from the others in the suit to make a run possible, and there is no mate to it.",
    f"{BOOK}, Discarding", "referee",
    "The book's position (pone ♥J 7 6 4, ♠5 3 2, ♦K 7 5; ♥5 turned up and laid as ♥5 6 7), the "
    "dealer's hand drawn at random each trial; the referee chooses the discard. Effect: "
    "P(♦K) − P(the referee's next most chosen discard).",
    book_discard,
))  # fmt: skip
_hint_pair("conquian.discard-isolated-card")
for _hid in ("conquian.force-with-fourth-card", "conquian.pass-when-waiting",
             "conquian.force-declined-card"):  # fmt: skip
    _hint_pair(_hid)
# The plays the book takes for granted, as the heuristic agent plays them.
register(Experiment(
    "conquian.book-lay.referee", GAME, "", "",
    "He can use this card in three ways ... In this case he would probably lay out the 6 and 7, "
    "and make the run of three.", f"{BOOK}, Method of Playing", "referee",
    "The book's position (pone ♥J 7 6 4, ♠5 3 2, ♦K 7 5 turns up the ♥5), the dealer's hand "
    "drawn at random each trial; the referee makes the whole play. Effect: P(lay ♥5 6 7) − "
    "P(the referee's next most chosen play).",
    book_lay,
))  # fmt: skip
for _hid in ("conquian.go-out", "conquian.use-a-card", "conquian.best-combination",
             "conquian.keep-likely-cards"):  # fmt: skip
    _hint_pair(_hid)

__all__ = ["book_position"]
