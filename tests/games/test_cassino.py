"""Cassino: the book's worked examples (RULES.md §1.10, Appendix A), every rule, every hint.

Positions are dealt with explicit chance actions in card notation (``deal``): the cards of each
hand and of the table are named, and the cards nobody names are court cards first, so that
they can only pair. Plays are made by their words (``act``), as the book speaks them.
Two-handed, player 0 is the eldest hand and player 1 the dealer.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs
from hoyle.agents.heuristics import cassino as H
from hoyle.envs.core.cards import SPADES, SUIT_MASKS, parse_card, parse_cards
from hoyle.envs.core.deal import TABLE
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.rules import TERMINAL
from hoyle.envs.games import cassino as C
from hoyle.envs.games.cassino import rules as CR
from hoyle.envs.games.cassino.determinizer import UNDEALT

# --- helpers -----------------------------------------------------------------------------------


def game(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_cassino", params)


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


def deal(g: Any, hands: Sequence[str], table: str = "", state: Any = None) -> Any:
    """Deal the chance nodes up to the next decision: ``hands[q]`` to player ``q``, ``table``
    to the table, in the order the deal reaches them; unnamed cards are court cards first."""
    s = state if state is not None else g.new_initial_state()
    want = {q: parse_cards(h) for q, h in enumerate(hands)}
    want[TABLE] = parse_cards(table)
    named = {c for cards in want.values() for c in cards}
    while s.is_chance_node():
        to = g.rules.deal_recipient(s.s)
        left = [a for a, _ in s.chance_outcomes()]
        if want.get(to):
            c = want[to].pop(0)
        else:
            c = next(a for a in sorted(left, key=lambda a: (a % 13 < 10, a)) if a not in named)
        assert c in left, f"{c} is not in the stock"
        s.apply_action(c)
    assert not any(want.values()), f"cards left undealt: {want}"
    return s


def words(s: Any) -> list[str]:
    return [s.action_to_string(s.current_player(), a) for a in s.legal_actions()]


def act(s: Any, *steps: str) -> Any:
    """Make decisions by their words."""
    for w in steps:
        legal = {s.action_to_string(s.current_player(), a): a for a in s.legal_actions()}
        assert w in legal, f"{w!r} is not legal here; legal: {list(legal)}"
        s.apply_action(legal[w])
    return s


def plays(s: Any) -> list[C.Move]:
    """Every complete play the player to move can make."""
    view = s.player_view(s.current_player())
    out: list[C.Move] = []
    for ms in H.all_plays_by_action(view).values():
        out += ms
    return out


def last_play(s: Any, player: int = 0) -> str:
    """The information state's lines of the last play (from its "seat: ..." line), joined."""
    lines = [x.strip() for x in s.information_state_string(player).splitlines()]
    start = max(i for i, x in enumerate(lines) if ": " in x and not x.startswith("count for"))
    return " ".join(lines[start:])


def pile(s: Any, side: int) -> int:
    return int(s.s.piles[side])


def build_on_table(s: Any, value: int) -> C.Build:
    (b,) = [b for b in s.s.builds if b.value == value]
    return b


# --- golden tests: RULES.md §1.10 -------------------------------------------------------------


def test_golden_1_nine_combines_four_three_two() -> None:
    """§1.10.1, "Combining": "He holds a 9, and a 4, 3 and 2 are upon the table ... gathering in
    and turning down all four cards"."""
    s = deal(game(), ["♦9 ♥5 ♥6 ♣8", "♠K ♥Q ♣J ♦J"], "♣4 ♥3 ♠2 ♦K")
    act(s, "play ♦9", "take in with ♦9")
    assert pile(s, 0) == mask("♦9 ♣4 ♥3 ♠2")
    assert s.s.loose == mask("♦K")
    assert last_play(s) == "me: take in with ♦9 + ♠2 and ♥3 and ♣4"


@pytest.mark.parametrize(
    "table, first, second",
    [("♥3 ♣2 ♠6 ♦7", "combine ♠6", "combine ♦7"), ("♣8 ♥A ♠6 ♦3", "combine ♠6", "combine ♥A")],
)
def test_golden_2_two_nines_at_once(table: str, first: str, second: str) -> None:
    """§1.10.2: "two such combinations might be gathered at the same time, 3, 2, 6, 7, for
    instance, which would make two nines" (8 + A and 6 + 3 are other Nines)."""
    hands = ["♠9 ♥4 ♥5 ♣6", "♠K ♥Q ♣J ♦J"]
    s = deal(game(), hands, table)
    act(s, "play ♠9", "take in with ♠9")
    assert words(s) == [first, second]  # each group starts with its lowest card
    act(s, first)  # the group's second card is forced and taken at once
    assert set(words(s)) == {second} | {w for w in words(s) if w.startswith("take in")}
    act(s, second)
    assert s.s.phase == C.PLAY and s.current_player() == 1
    assert pile(s, 0) == mask(table) | mask("♠9")
    assert s.s.sweeps == (1, 0)  # the table was exactly these four cards
    # Taking one Nine and leaving the other is a legal play too.
    nine = parse_card("♠9")
    takes = [m for m in plays(deal(game(), hands, table)) if m.kind == C.KIND_TAKE]
    assert sorted(len(m.units) for m in takes if m.card == nine) == [1, 1, 2]


def test_golden_3_ten_pairs_and_combines() -> None:
    """§1.10.3: "Among the cards on the table are a 4, 6, and 10, and the player holds a 10. He
    can gather in not only the pair of Tens, but the combinations which equal a 10"."""
    s = deal(game(), ["♦10 ♥2 ♥5 ♣7", "♠K ♥Q ♣J ♦J"], "♣4 ♥6 ♠10 ♦K")
    act(s, "play ♦10", "take in with ♦10", "combine ♥6", "pair ♠10")
    assert pile(s, 0) == mask("♦10 ♣4 ♥6 ♠10")
    assert last_play(s) == "me: take in with ♦10 + ♥6 and ♣4 + pair ♠10"


def _nine_built() -> Any:
    """§1.10.4: eldest holds 9 and 2, a 7 on the table: he builds "Nine"."""
    s = deal(game(), ["♠9 ♥2 ♥5 ♥6", "♦7 ♣2 ♥A ♣10"], "♣7 ♦K ♠Q ♥J")
    act(s, "play ♥2", "build Nine")
    return s


def test_golden_4_build_nine_cannot_be_separated() -> None:
    """§1.10.4, "Building": "He may place the 2 on the 7, announcing the total value, 'Nine'";
    "A player holding either a 7 or a 2 could not touch either of the cards in the build"."""
    s = _nine_built()
    b = build_on_table(s, 9)
    assert b == C.Build(mask("♥2 ♣7"), 9, 1, 0)
    assert s.s.loose == mask("♦K ♠Q ♥J")
    assert s.s.declared[0] == 1 << 9
    assert last_play(s) == "me: build with ♥2 on ♣7 call 9"
    # The dealer holds a 7 and a 2 but no 9: no play of his touches a card of the build,
    # except the increase with his Ace (that is §1.10.5).
    for m in plays(s):
        touches = m.sel & b.mask or m.sel_builds
        if m.card in parse_cards("♦7 ♣2"):
            assert not touches and m.kind != C.KIND_INCREASE
    # "Should any other player following him hold a 9, he would be entitled to take in this
    # build": deal the dealer a 9 instead.
    s = deal(game(), ["♠9 ♥2 ♥5 ♥6", "♦9 ♣2 ♥A ♣10"], "♣7 ♦K ♠Q ♥J")
    act(s, "play ♥2", "build Nine", "play ♦9", "take in with ♦9")
    assert pile(s, 1) == mask("♦9 ♥2 ♣7")


def test_golden_5_increase_nine_to_ten() -> None:
    """§1.10.5, "Increasing Builds": "If any player held an Ace and a 10 in his hand, he could
    increase the 9 build to a 10 build ... Any following player would then be unable to win the
    build with anything but a 10"."""
    s = _nine_built()
    act(s, "play ♥A", "increase Nine (♥2 ♣7) to Ten")
    assert build_on_table(s, 10) == C.Build(mask("♥A ♥2 ♣7"), 10, 1, 1)
    # The eldest hand's 9 cannot win it now; only a 10 can.
    for m in plays(s):
        assert not m.sel_builds
    act(s, "play ♥5", "trail ♥5", "play ♣10", "take in with ♣10")
    assert pile(s, 1) == mask("♣10 ♥A ♥2 ♣7")


def test_golden_6_no_build_without_the_card() -> None:
    """§1.10.6: "A player holding in his hand a 10, 3 and 2, but no 8, could not build a 5 on
    the table to an 8, and afterward advance it to 10"."""
    s = deal(game(), ["♠10 ♥3 ♣2 ♦K", "♠K ♥Q ♣J ♦J"], "♦5 ♠J ♥J ♣Q")
    for m in plays(s):
        assert m.kind not in (C.KIND_BUILD, C.KIND_INCREASE), m
    act(s, "play ♥3")
    assert words(s) == ["trail ♥3"]


def _two_sevens() -> Any:
    s = deal(game(), ["♦7 ♠3 ♥9 ♣9", "♥A ♦10 ♣7 ♠Q"], "♠5 ♥2 ♣4 ♦K")
    act(s, "play ♠3", "build Seven", "combine ♠5")
    return s


def test_golden_7_two_sevens_cannot_be_increased() -> None:
    """§1.10.7, "Double Builds": "A player holds 7 and 3, and there are upon the table a 5 2 and
    4. He places his 3 on the 4, and gathers the 5 and 2 together, announcing the build as 'Two
    Sevens.' This cannot be increased ... and nothing but a 7 will win it"."""
    s = _two_sevens()
    assert build_on_table(s, 7) == C.Build(mask("♠3 ♣4 ♠5 ♥2"), 7, 2, 0)
    assert last_play(s) == "me: build with ♠3 on ♣4 + ♠5 and ♥2 call 7"
    assert "builds: Two Sevens (♠3 ♠5 ♥2 ♣4) of me" in s.information_state_string(0)
    for m in plays(s):  # the dealer: Ace and Ten could increase a single Seven; not this one
        assert m.kind != C.KIND_INCREASE
        if m.sel_builds:
            assert m.kind == C.KIND_TAKE and m.card == parse_card("♣7")
    act(s, "play ♣7", "take in with ♣7")
    assert pile(s, 1) == mask("♣7 ♠3 ♣4 ♠5 ♥2")


def test_golden_8_two_nines_pair_build() -> None:
    """§1.10.8: "If a player has two Nines in his hand, and there is one on the table, he may
    build on the latter with one of his own, announcing, 'Two Nines,' which will prevent any
    player from building either of them to 10"."""
    s = deal(game(), ["♠9 ♥9 ♥5 ♥6", "♥A ♦10 ♣7 ♠Q"], "♣9 ♦K ♠J ♥J")
    act(s, "play ♠9", "build Nine", "add ♣9")
    assert build_on_table(s, 9) == C.Build(mask("♠9 ♣9"), 9, 2, 0)
    assert "builds: Two Nines (♠9 ♣9) of me" in s.information_state_string(0)
    assert last_play(s) == "me: build with ♠9 + ♣9 call 9"
    for m in plays(s):
        assert m.kind != C.KIND_INCREASE
    # "entitle the builder to take in both cards with his third Nine"
    act(s, "play ♠Q", "trail ♠Q", "play ♥9", "take in with ♥9")
    assert pile(s, 0) == mask("♠9 ♣9 ♥9")


def test_golden_9_increase_only_from_the_hand() -> None:
    """§1.10.9: "One player has built a 5 by combining two Aces on the table with a 3 from his
    hand. On the table are also a 2 and 4 and a following player holds a 9 and 7. He cannot use
    the deuce on the table to increase the build from 5 to 7, nor the 4 to increase it to 9 ...
    but if he held the 4 and 9 in his hand, he could build on the 5"."""
    hands = ["♠3 ♣5 ♥6 ♥7", "♦9 ♣7 ♠K ♥K"]
    s = deal(game(), hands, "♠A ♥A ♣2 ♦4")
    act(s, "play ♠3", "build Five", "build on ♠A")
    five = build_on_table(s, 5)
    assert five == C.Build(mask("♠A ♥A ♠3"), 5, 1, 0)
    for m in plays(s):
        if m.sel_builds or m.kind == C.KIND_INCREASE:
            raise AssertionError(f"the 9 and 7 cannot touch the Five: {m}")
    s = deal(game(), ["♠3 ♣5 ♥6 ♥7", "♠4 ♥9 ♠K ♥K"], "♠A ♥A ♣2 ♦4")
    act(s, "play ♠3", "build Five", "build on ♠A", "play ♠4", "increase Five (♠A ♠3 ♥A) to Nine")
    assert build_on_table(s, 9) == C.Build(mask("♠A ♥A ♠3 ♠4"), 9, 1, 1)
    assert s.s.loose == mask("♣2 ♦4")  # the loose 2 and 4 were never touched


def test_golden_10_sweep() -> None:
    """§1.10.10, "Sweeping": "He holds an 8, and there are upon the table four cards only:--5 3
    6 and 2. By combining the 6 and 2, and the 5 and 3, two Eights will be formed, and the sweep
    is made"."""
    s = deal(game(), ["♠8 ♥9 ♥10 ♣K", "♥A ♦10 ♣7 ♠Q"], "♠5 ♥3 ♦6 ♣2")
    act(s, "play ♠8", "take in with ♠8", "combine ♠5", "combine ♦6")
    assert s.s.loose == 0 and not s.s.builds
    assert s.s.sweeps == (1, 0)
    assert last_play(s) == "me: take in with ♠8 + ♠5 and ♥3 + ♦6 and ♣2 me sweeps"


def test_golden_11_second_nine_joins_the_first() -> None:
    """§1.10.11, "Taking In": "He has built a 5 into a 9 with a 4, and holds another 4; if
    another 5 appears on the table before it comes to his turn to play, he may build that into a
    9 also, with his other 4, announcing, 'Two Nines'"."""
    s = deal(game(), ["♥4 ♣4 ♠9 ♥6", "♥5 ♠K ♥K ♦Q"], "♠5 ♦K ♠J ♥J")
    act(s, "play ♥4", "build Nine", "play ♥5", "trail ♥5")
    act(s, "play ♣4", "build Nine")  # on the ♥5: the only Five, so taken at once
    assert words(s) == ["add Nine (♠5 ♥4)", "call Nine"]
    act(s, "add Nine (♠5 ♥4)")
    assert build_on_table(s, 9) == C.Build(mask("♠5 ♥4 ♥5 ♣4"), 9, 2, 0)
    # "Or if some player should lay out a 4 he could pair it and take it in, leaving his 9
    # build": taking something else is allowed while his build stands.
    s = deal(game(), ["♥4 ♣4 ♠9 ♥6", "♦4 ♠K ♥K ♦Q"], "♠5 ♦K ♠J ♥J")
    act(s, "play ♥4", "build Nine", "play ♦4", "trail ♦4", "play ♣4", "take in with ♣4")
    assert pile(s, 0) == mask("♣4 ♦4") and build_on_table(s, 9).owner == 0


def _partnership(partnership: bool = True) -> Any:
    """Four-handed: player 0 builds Eight holding the 8; player 1 trails; player 2 holds Little
    Cassino and no 8; a 6 lies on the table."""
    g = game(players=4, partnership=partnership)
    s = deal(
        g,
        ["♠3 ♥8 ♥9 ♥10", "♣K ♦Q ♦J ♣J", "♠2 ♦3 ♦4 ♦9", "♠K ♥K ♠Q ♥Q"],
        "♦5 ♥6 ♣A ♣Q",
    )
    act(s, "play ♠3", "build Eight", "play ♣K", "trail ♣K")
    return s


def test_golden_12_partner_builds_for_partners_eight() -> None:
    """§1.10.12: "One player builds an 8, and his partner holds Little Cassino. If there is a 6
    on the table, the Cassino can be built on it, and 'two Eights,' called, although the player
    has no 8 in his own hand; the 8 already built by his partner is sufficient"."""
    s = _partnership()
    assert s.current_player() == 2 and s.s.declared[0] == 1 << 8
    act(s, "play ♠2", "build Eight")  # on the ♥6
    assert words(s) == ["add Eight (♠3 ♦5)", "call Eight"]  # a separate Eight is legal too:
    # his partner's 8 is still declared
    act(s, "add Eight (♠3 ♦5)")
    assert build_on_table(s, 8) == C.Build(mask("♠3 ♦5 ♠2 ♥6"), 8, 2, 2)
    assert s.s.declared[2] == 0  # he built on his partner's card and declared nothing
    # Each for himself, the same play is illegal: he holds no 8.
    s = _partnership(partnership=False)
    act(s, "play ♠2")
    assert "build Eight" not in words(s)


def test_golden_12_declared_value_survives_the_build() -> None:
    """§1.4: "If a player has built a 9 which has been taken in by an adversary, he still holding
    the 9 he built for, his partner may build for the declared 9 in the same way"."""
    g = game(players=4, partnership=True)
    s = deal(
        g,
        ["♠3 ♥9 ♥10 ♠K", "♣9 ♦Q ♦J ♣J", "♠2 ♦3 ♦4 ♦5", "♥K ♦K ♠Q ♥Q"],
        "♦6 ♥7 ♣A ♣Q",
    )
    act(s, "play ♠3", "build Nine", "play ♣9", "take in with ♣9")
    assert not s.s.builds and s.s.declared[0] == 1 << 9
    act(s, "play ♠2", "build Nine")
    assert build_on_table(s, 9) == C.Build(mask("♠2 ♥7"), 9, 1, 2)


@pytest.mark.parametrize(
    "hand, table, group",
    [
        ("♦J", "♠9 ♥2 ♣K ♦K", "♠9 ♥2"),  # a Jack takes 9 and 2
        ("♦K", "♠6 ♥4 ♣3 ♦Q", "♠6 ♥4 ♣3"),  # a King takes 6, 4 and 3
        ("♦Q", "♠J ♥A ♣K ♦K", "♠J ♥A"),  # a Queen takes Jack and Ace
        ("♦K", "♠J ♥2 ♣Q ♦Q", "♠J ♥2"),  # a King takes Jack and deuce
    ],
)
def test_golden_13_royal_cassino(hand: str, table: str, group: str) -> None:
    """§1.10.13, "ROYAL CASSINO": "The Jack is worth 11, the Queen 12, and the King 13; so that a
    9 and 2 can be taken in with a Jack, or a 6 4 and 3 with a King. In the same manner a Queen
    will win a Jack and Ace, or a King will win a Jack and deuce"."""
    hands = [f"{hand} ♦2 ♦3 ♦4", "♦5 ♦6 ♦7 ♦8"]
    s = deal(game(variant="royal"), hands, table)
    act(s, f"play {hand}", f"take in with {hand}")  # the only combination: taken at once
    assert pile(s, 0) == mask(group) | mask(hand)
    # In plain Cassino the court card can only pair.
    s = deal(game(), hands, table)
    act(s, f"play {hand}")
    assert words(s) == [f"trail {hand}"]


def _random_deals(g: Any, n: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                acts = [a for a, _ in s.chance_outcomes()]
                s.apply_action(rng.choice(acts))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_golden_14_spade_cassino_24_points() -> None:
    """§1.10.14, "SPADE CASSINO": "24 points are made in every hand, exclusive of sweeps: Cards
    3; Big Cassino 2; Little Cassino 1; the four Aces 4; the spade Jack 1, and 13 spades"."""
    g = game(variant="spade")
    assert g.rules.total_points() == 24
    for s in _random_deals(g, 40, 14):
        pts = s.rules.deal_points(s.s)
        tie = len({p.bit_count() for p in s.s.piles}) == 1  # 26-26: nobody scores cards
        assert sum(pts) == 24 - 3 * tie + sum(s.s.sweeps)
        assert s.returns()[0] == pts[0] - pts[1]


def test_golden_15_eleven_points_a_deal() -> None:
    """§1.10.15, "Showing": "the total number of points to be made in each hand, exclusive of
    sweeps, is eleven" (a tie for cards scores nothing: "If it is a tie, neither scores")."""
    for params in ({}, {"players": 3}, {"players": 4, "partnership": True}, {"variant": "draw"}):
        g = game(**params)
        assert g.rules.total_points() == 11
        for s in _random_deals(g, 15, 15):
            counts = [p.bit_count() for p in s.s.piles]
            spades = [(p & SUIT_MASKS[SPADES]).bit_count() for p in s.s.piles]
            lost = 3 * (C._unique_max(counts) < 0) + (C._unique_max(spades) < 0)
            pts = s.rules.deal_points(s.s)
            assert sum(pts) == 11 - lost + sum(s.s.sweeps)


# --- Appendix A --------------------------------------------------------------------------------


def _nine_against_2_2_5_7() -> Any:
    return deal(game(), ["♠9 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥2 ♣2 ♦5 ♠7")


def test_appendix_a_nine_against_2_2_5_7_both_legal_hint_prefers_2_2_5() -> None:
    """Appendix A (§1.9.7): "If you have a Nine, and the cards on the table are 2 2 5 7, take in
    the 2 2 5, in preference to the 2 7"."""
    s = _nine_against_2_2_5_7()
    takes = {m.sel for m in plays(s) if m.kind == C.KIND_TAKE}
    assert mask("♥2 ♣2 ♦5") in takes
    assert mask("♥2 ♠7") in takes and mask("♣2 ♠7") in takes
    act(s, "play ♠9", "take in with ♠9")
    assert words(s) == ["combine ♠7", "combine ♥2"]  # a group starts with its lowest card
    view = s.player_view(0)
    chosen = H.go_for_cards(view, s.legal_actions())
    assert [s.action_to_string(0, a) for a in chosen] == ["combine ♥2"]
    act(s, "combine ♥2")  # then ♦5 and ♣2 are forced, and taken at once
    assert pile(s, 0) == mask("♠9 ♥2 ♣2 ♦5") and s.s.loose == mask("♠7")


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 4), (4, 3)])
def test_deal_rounds_and_eldest_plays_first(players: int, rounds: int) -> None:
    """RULES.md §1.2: 4 each and 4 to the table, two at a time; then 4 each per round."""
    g = game(players=players)
    r = g.rules
    assert len(r.first_plan) == 4 * players + 4
    assert r.first_plan.count(TABLE) == 4
    assert all(r.first_plan.face_up(k) for k in r.first_plan.positions(TABLE))
    assert not any(r.first_plan.face_up(k) for k in range(len(r.first_plan)) if k not in
                   r.first_plan.positions(TABLE))  # fmt: skip
    assert r.round_plan.count(TABLE) == 0 and len(r.round_plan) == 4 * players
    assert 4 + 4 * players * rounds == 52
    s = g.new_initial_state()
    rng = random.Random(players)
    seen_rounds = 0
    while not s.is_terminal():
        if s.is_chance_node():
            if s.s.deal_step == 0:
                seen_rounds += 1
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            if not s.is_chance_node():
                assert s.current_player() == r.eldest(s.s) == 0
                assert all(h.bit_count() == 4 for h in s.s.hands)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert seen_rounds == rounds


def test_two_handed_deal_order() -> None:
    """RULES.md §1.2: "With two players: 2 to the opponent, 2 to the table, 2 to the dealer,
    twice"."""
    g = game()
    s = g.new_initial_state()
    names = []
    for c in range(12):
        names.append(s.action_to_string(pyspiel.PlayerId.CHANCE, c).split(" to ")[1])
        s.apply_action(c)
    assert names == ["eldest hand"] * 2 + ["the table"] * 2 + ["dealer"] * 2 + (
        ["eldest hand"] * 2 + ["the table"] * 2 + ["dealer"] * 2
    )


def test_deal_passes_left_in_a_match() -> None:
    g = game(scoring="twenty_one")
    s = _random_deals(g, 1, 3)[0]
    assert len(s.s.results) >= 2
    assert s.s.dealer == (1 + len(s.s.results) - 1) % 2


def test_draw_cassino_keeps_four_cards() -> None:
    """ "DRAW CASSINO": "each player keeps his hand filled to four cards by drawing one from the
    top of the stock as soon as he plays one from his hand"."""
    g = game(variant="draw")
    s = g.new_initial_state()
    rng = random.Random(5)
    draws = 0
    while not s.is_terminal():
        if s.is_chance_node():
            if s.s.phase == C.DRAW:
                draws += 1
                drawer = s.s.player
                assert s.s.hands[drawer].bit_count() == 3
                name = s.action_to_string(pyspiel.PlayerId.CHANCE, s.chance_outcomes()[0][0])
                assert " draws " in name
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            if s.s.phase == C.PLAY and s.s.dealt != g.rules.pack:
                assert s.s.hands[s.current_player()].bit_count() == 4
            s.apply_action(rng.choice(s.legal_actions()))
    assert draws == 52 - 4 - 8


# --- taking in ---------------------------------------------------------------------------------


def test_pairing_gathers_all_of_the_rank() -> None:
    """ "Pairing": "He holds an Eight, and there are one or two Eights on the table. He plays the
    Eight from his hand, and then gathers in all of them"."""
    s = deal(game(), ["♠8 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥8 ♣8 ♦5 ♠3")
    act(s, "play ♠8", "take in with ♠8")
    # 5 + 3 = 8 is a combination too; pairs come last, and take every Eight.
    assert words(s) == ["combine ♠3", "pair ♥8 ♣8"]
    act(s, "pair ♥8 ♣8")
    assert pile(s, 0) == mask("♠8 ♥8 ♣8")
    taken_sets = {
        m.sel
        for m in plays(deal(game(), ["♠8 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥8 ♣8 ♦5 ♠3"))
        if m.kind == C.KIND_TAKE
    }
    assert mask("♥8") not in taken_sets and mask("♣8") not in taken_sets
    assert taken_sets == {mask("♠3 ♦5"), mask("♥8 ♣8"), mask("♠3 ♦5 ♥8 ♣8")}


def test_court_cards_only_pair_in_plain_cassino() -> None:
    s = deal(game(), ["♠K ♥5 ♣5 ♦5", "♠Q ♥Q ♣J ♦J"], "♥K ♣K ♦2 ♠3")
    act(s, "play ♠K")
    assert words(s) == ["take in with ♠K", "trail ♠K"]
    act(s, "take in with ♠K")  # the pair is forced and taken at once
    assert pile(s, 0) == mask("♠K ♥K ♣K")


def test_cards_in_a_build_never_combine() -> None:
    """ "no combination of cards once announced, and left on the table, can be changed"."""
    s = deal(game(), ["♥2 ♠9 ♥K ♣K", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine")
    # The dealer's 5 with the 4 makes a Nine of loose cards, but the 7 in the build is out of
    # reach: no play takes ♣7 alone or with ♦4.
    for m in plays(s):
        assert not m.sel & mask("♣7 ♥2")


def test_take_in_a_build_with_pairs_and_combinations() -> None:
    s = deal(game(), ["♥2 ♠9 ♦9 ♣K", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♥9 ♥J")
    act(s, "play ♥2", "build Nine", "call Nine", "play ♠5", "trail ♠5")
    act(s, "play ♠9", "take in with ♠9")
    assert words(s) == ["combine ♠5", "take Nine (♥2 ♣7)", "pair ♥9"]
    act(s, "combine ♠5", "take Nine (♥2 ♣7)", "pair ♥9")
    assert pile(s, 0) == mask("♠9 ♦4 ♠5 ♥2 ♣7 ♥9")
    assert last_play(s) == "me: take in with ♠9 + ♠5 and ♦4 + the build holding ♥2 + pair ♥9"


def test_sweep_and_last_cards() -> None:
    """ "Last Cards": "all the cards remaining on the table are won by the player who takes the
    last trick, but it does not count as a sweep unless it would have been a sweep"."""
    g = game(ranks=3, suits=2, hand_size=2, table_size=2)  # ♠♥ A 2 3
    s = deal(g, ["♠A ♥2", "♠2 ♥3"], "♥A ♠3")
    act(s, "play ♥2", "trail ♥2", "play ♥3", "take in with ♥3", "combine ♥A")
    act(s, "take in ♥A ♥2 with ♥3")  # leaving the ♠3: it could have been paired too
    act(s, "play ♠A", "trail ♠A", "play ♠2", "trail ♠2")
    assert s.is_terminal()
    assert pile(s, 1) == g.rules.pack and s.s.sweeps == (0, 0)
    assert "last cards to adversary" in s.information_state_string(0)
    # Points: cards 3, spades 1, Little Cassino 1, Aces 2; the loser pays the difference.
    assert s.returns() == [-7.0, 7.0]


def test_sweep_with_the_last_card_counts() -> None:
    g = game(ranks=3, suits=2, hand_size=2, table_size=2)
    s = deal(g, ["♠A ♥3", "♠2 ♥2"], "♥A ♠3")
    act(s, "play ♠A", "take in with ♠A", "play ♥2", "trail ♥2", "play ♥3", "take in with ♥3")
    assert s.s.sweeps == (0, 0)
    act(s, "play ♠2", "take in with ♠2")  # pairs the ♥2: the table is cleared, the last card
    assert s.is_terminal() and s.s.sweeps == (0, 1)


def test_nobody_took_in_last_cards_go_to_the_dealer() -> None:
    g = game(ranks=3, suits=2, hand_size=2, table_size=2)
    s = deal(g, ["♠A ♠2", "♥A ♥3"], "♥2 ♠3")
    # Every play a trail (the trail is always legal without a build of one's own).
    for c in ("♠A", "♥A", "♠2", "♥3"):
        act(s, f"play {c}", f"trail {c}")
    assert s.is_terminal() and pile(s, 1) == g.rules.pack


# --- building ----------------------------------------------------------------------------------


def test_owner_may_not_trail_while_holding_the_card() -> None:
    """ "Any player who has made a build is obliged either to win it ... or to win something
    else, or to make another build" (assumption 2)."""
    s = deal(game(), ["♥2 ♠9 ♥K ♣Q", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5")
    assert words(s) == ["play ♠9"]  # neither ♥K nor ♣Q can take, build or increase
    act(s, "play ♠9")
    assert "trail ♠9" not in words(s)
    # Once he has played his Nine elsewhere, he may trail.
    s = deal(game(), ["♥2 ♠9 ♥K ♣Q", "♥9 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♥9", "take in with ♥9")
    assert not s.s.builds


def test_builder_may_increase_his_own_build() -> None:
    """ "there is no reason why a player should be denied a privilege which is freely granted to
    his adversary"."""
    s = deal(game(), ["♥2 ♠9 ♠A ♣10", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5", "play ♠A")
    assert "increase Nine (♥2 ♣7) to Ten" in words(s)


def test_increase_needs_a_card_of_the_new_value() -> None:
    """ "in order to do this the player must have in his hand the cards to win both the original
    and the increased builds"."""
    s = deal(game(), ["♠9 ♥2 ♥5 ♥6", "♥A ♦7 ♣2 ♠K"], "♣7 ♦K ♠Q ♥J")
    act(s, "play ♥2", "build Nine", "play ♥A")
    assert words(s) == ["trail ♥A"]  # no Ten in his hand: no increase to Ten


def test_partner_may_increase_to_a_declared_value() -> None:
    """Assumption 3: the partnership exception holds for an increase too."""
    hands = ["♥10 ♠A ♣K ♣5", "♦3 ♦8 ♦J ♣J", "♠2 ♦9 ♦4 ♦6", "♥K ♦K ♠Q ♥Q"]
    table = "♦5 ♥7 ♣A ♣Q"
    moves = ["play ♥10", "trail ♥10", "play ♦3", "build Eight", "call Eight"]
    moves += ["play ♠2", "build Nine"]  # (♥7 + ♣A is an Eight he leaves alone)
    s = deal(game(players=4, partnership=True), hands, table)
    act(s, *moves, "play ♥K", "trail ♥K")
    assert s.s.declared == (0, 1 << 8, 1 << 9, 0)
    act(s, "play ♠A")  # no Nine in his hand; his partner's Nine is declared
    assert "increase Eight (♦3 ♦5) to Nine" in words(s)
    act(s, "increase Eight (♦3 ♦5) to Nine")
    assert C.Build(mask("♦3 ♦5 ♠A"), 9, 1, 0) in s.s.builds  # beside his partner's Nine
    assert s.s.declared[0] == 0  # made on his partner's card: nothing declared
    s = deal(game(players=4), hands, table)
    act(s, *moves, "play ♥K", "trail ♥K", "play ♠A")
    assert not any(w.startswith("increase Eight") for w in words(s))


def test_pair_build_on_a_build() -> None:
    """RULES.md §1.4: a card of value v "put on a loose card of value v (or on a build of value
    v)" makes a multiple build."""
    s = deal(game(), ["♥2 ♠9 ♦9 ♣9", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5", "play ♠9", "build Nine")
    assert words(s) == ["combine ♠5", "add Nine (♥2 ♣7)"]  # the ♠5 + ♦4 are a Nine too
    act(s, "add Nine (♥2 ♣7)")
    assert [b for b in s.s.builds if b.value == 9] == [C.Build(mask("♠9 ♥2 ♣7"), 9, 2, 0)]


def test_two_fourteens() -> None:
    """Assumption 14: an Ace played as Fourteen beside a loose Ace makes "Two Fourteens"."""
    g = game(variant="royal", aces_fourteen=True)
    s = deal(g, ["♠A ♥A ♦2 ♦3", "♦5 ♦6 ♦7 ♦8"], "♣A ♠Q ♥Q ♣Q")
    act(s, "play ♠A", "build Fourteen with ♠A as Fourteen", "add ♣A")
    assert build_on_table(s, 14) == C.Build(mask("♠A ♣A"), 14, 2, 0)
    assert s.s.declared[0] == 1 << 14


def test_several_builds_of_one_value_may_stand() -> None:
    s = deal(game(), ["♥2 ♠9 ♦9 ♣3", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦6 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5", "play ♣3", "build Nine")
    # The 3 goes on the 6 (the only Six: taken at once); joining the first Nine is a choice.
    assert words(s) == ["add Nine (♥2 ♣7)", "call Nine"]
    s2 = s.clone()
    act(s, "call Nine")
    assert [b.value for b in s.s.builds] == [9, 9]
    act(s2, "add Nine (♥2 ♣7)")
    assert [(b.value, b.units) for b in s2.s.builds] == [(9, 2)]


def test_build_value_limit_and_court_cards_cannot_build() -> None:
    s = deal(game(), ["♠K ♥K ♦5 ♣10", "♠5 ♦Q ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♦5")
    assert "build Twelve" not in words(s) and not any("Eleven" in w for w in words(s))
    s = deal(game(), ["♠K ♥K ♦5 ♣10", "♠5 ♦Q ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♠K")
    assert words(s) == ["trail ♠K"]


def test_aces_fourteen_in_royal_cassino() -> None:
    """ROYAL CASSINO: "The aces are sometimes valued at 14 each" (assumption 14)."""
    g = game(variant="royal", aces_fourteen=True)
    s = deal(g, ["♠A ♥A ♦2 ♦3", "♦5 ♦6 ♦7 ♦8"], "♠K ♣A ♠9 ♥5")
    act(s, "play ♠A")
    w = words(s)
    assert "take in with ♠A as Fourteen" in w  # K + A and 9 + 5 make Fourteens
    assert "take in with ♠A" in w  # the pair of Aces
    assert "build Fourteen with ♠A as Fourteen" in w  # beside the loose Ace, holding ♥A
    act(s, "take in with ♠A as Fourteen")
    assert words(s) == ["combine ♠9", "combine ♠K"]  # 9 + 5; K + A (the loose Ace as 1)
    act(s, "combine ♠9")
    assert words(s) == ["combine ♠K", "pair ♣A", "take in ♠9 ♥5 with ♠A"]
    act(s, "combine ♠K")
    assert pile(s, 0) == mask("♠A ♣A ♠K ♠9 ♥5")
    assert s.s.sweeps == (1, 0)


def test_multiple_build_takes_loose_units_of_its_value() -> None:
    s = deal(game(), ["♠3 ♠7 ♥K ♣K", "♠K ♦Q ♠Q ♥Q"], "♣4 ♦7 ♥5 ♦2")
    act(s, "play ♠3", "build Seven")
    assert set(words(s)) == {"add ♦7", "combine ♥5", "call Seven"}
    act(s, "combine ♥5", "add ♦7")  # units in the order of their lowest card
    assert build_on_table(s, 7) == C.Build(mask("♠3 ♣4 ♦7 ♥5 ♦2"), 7, 3, 0)
    assert "builds: Three Sevens (♠3 ♥5 ♦2 ♦7 ♣4) of adversary" in s.information_state_string(1)


# --- counting and scoring ----------------------------------------------------------------------


def _counted(g: Any, piles: Sequence[str], sweeps: Sequence[int]) -> list[int]:
    s = g.new_initial_state()
    s.s.piles = tuple(mask(p) for p in piles)
    s.s.sweeps = tuple(sweeps)
    return g.rules.deal_points(s.s)


def test_counting_a_deal() -> None:
    """RULES.md §1.5: cards 3, spades 1, Big Cassino 2, Little Cassino 1, each Ace 1, sweeps."""
    g = game()
    pack = parse_cards(
        " ".join(
            f"{s}{r}"
            for s in "♠♥♦♣"
            for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        )
    )
    mine = [c for c in pack if c % 13 < 7]  # 28 cards, all four Aces, both Cassinos? no ♦10
    theirs = [c for c in pack if c % 13 >= 7]
    a = " ".join(C.CARD_TEXT[c] for c in mine)
    b = " ".join(C.CARD_TEXT[c] for c in theirs)
    # mine: 28 cards (3), 7 spades (1), Little Cassino (1), four Aces (4); theirs: Big Cassino.
    assert _counted(g, [a, b], [2, 1]) == [3 + 1 + 1 + 4 + 2, 2 + 1]
    assert _counted(game(cancel_sweeps=True), [a, b], [2, 1]) == [3 + 1 + 1 + 4 + 1, 2]


def test_three_players_most_means_strictly_most() -> None:
    g = game(players=3)
    piles = ["♠A ♠3 ♠4 ♥5", "♠5 ♠6 ♠7 ♥6", "♥7 ♥8"]
    # cards: 4, 4, 2 — a tie at the top: nobody; spades: 3, 3, 0 — nobody.
    assert _counted(g, piles, [0, 0, 0]) == [1, 0, 0]


def test_deal_settlement_three_players_zero_sum() -> None:
    """Assumption 8: each side settles the difference with each other side."""
    for s in _random_deals(game(players=3), 10, 8):
        pts = s.rules.deal_points(s.s)
        assert s.returns() == [3 * p - sum(pts) for p in pts]
        assert sum(s.returns()) == 0


def test_partners_share_a_pile_and_a_return() -> None:
    for s in _random_deals(game(players=4, partnership=True), 10, 9):
        r = s.returns()
        assert r[0] == r[2] == -r[1] == -r[3]
        assert len(s.s.piles) == 2 and s.s.piles[0] | s.s.piles[1] == s.rules.pack


def _finish_deal(s: Any, pts: Sequence[int]) -> None:
    """Force the points of the deal just ended (white box: the count, then the scoring)."""
    s.rules.deal_points = lambda _s: list(pts)  # type: ignore[method-assign]
    try:
        s.rules._end_deal(s.s)
    finally:
        del s.rules.deal_points


def test_eleven_up_with_the_lurch() -> None:
    """ "If one side reached 11 before the adversary reached 6, it was a lurch, and counted as a
    double game"."""
    g = pyspiel.load_game("hoyle_cassino", {"scoring": "eleven", "max_deals": 29})
    s = g.new_initial_state()
    _finish_deal(s, [7, 2])  # difference 5 to side 0
    assert s.s.scores == (5, 0) and not s.is_terminal()
    _finish_deal(s, [9, 3])  # 6 more: 11 before the adversary has 6 — a lurch
    assert s.is_terminal() and s.returns() == [2.0, -2.0]
    s = g.new_initial_state()
    _finish_deal(s, [1, 7])
    _finish_deal(s, [11, 0])
    assert s.s.scores == (11, 6) and s.returns() == [1.0, -1.0]


def test_twenty_one_counts_out_in_the_book_order() -> None:
    """ "the points count out in the following order:--Cards first, then Spades, Big Cassino,
    Little Cassino, Aces, and Sweeps"."""
    g = game(scoring="twenty_one")
    s = g.new_initial_state()
    s.s.scores = (19, 18)
    # Side 1 has cards (3): 18 + 3 = 21 first, although side 0 ends with more.
    s.s.piles = (
        mask("♠A ♥A ♦A ♣A ♠2 ♦10 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9"),
        g.rules.pack & ~mask("♠A ♥A ♦A ♣A ♠2 ♦10 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9"),
    )
    g.rules._end_deal(s.s)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    # Spades before Big Cassino: side 0 has the spades, side 1 Big Cassino, cards tied.
    s = g.new_initial_state()
    s.s.scores = (20, 19)
    half = mask("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8")
    s.s.piles = (half, g.rules.pack & ~half)
    g.rules._end_deal(s.s)
    assert s.returns() == [1.0, -1.0]


def test_twenty_one_sweeps_count_only_their_difference() -> None:
    g = game(scoring="twenty_one")
    s = g.new_initial_state()
    s.s.scores = (20, 20)
    # Cards tied, spades ... give each side one Ace's worth: side 0 ♣A? Use the piles so that
    # only sweeps could decide: side 0 one point short by count-out until sweeps.
    a = mask("♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♦2 ♦3")
    s.s.piles = (a, g.rules.pack & ~a)  # 26-26: no cards; spades, Cassinos, Aces to side 1
    s.s.sweeps = (3, 1)
    g.rules._end_deal(s.s)  # side 1 reaches 21 with spades before the sweeps are reached
    assert s.returns() == [-1.0, 1.0]
    s = g.new_initial_state()
    s.s.scores = (20, 10)
    s.s.piles = (a, g.rules.pack & ~a)
    s.s.sweeps = (2, 1)  # side 0: 20 + 2 = 22 ≥ 21; side 1 10 + 9 + 1: not out
    g.rules._end_deal(s.s)
    assert s.returns() == [1.0, -1.0]


def test_counting_out_claims() -> None:
    """ "The moment he reaches 21 he should claim the game, and if his claim is correct he wins
    ... If he is mistaken, and cannot show out, he loses the game"."""
    g = game(scoring="twenty_one", count_out=True)
    s = deal(g, ["♠9 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥2 ♣2 ♦5 ♠7")
    assert "claim out" in words(s)
    wrong = s.clone()
    act(wrong, "claim out")
    assert wrong.returns() == [-1.0, 1.0]
    s.s.scores = (17, 0)
    s.s.piles = (mask("♠A ♥A ♦A ♣A"), 0)
    act(s, "claim out")
    assert s.returns() == [1.0, -1.0]


def test_counting_out_both_out_plays_to_32() -> None:
    """ "If neither claims out, and both are found to be, neither wins, and the game must be
    continued to 32 points"."""
    g = game(scoring="twenty_one", count_out=True)
    s = g.new_initial_state()
    _finish_deal(s, [21, 23])
    assert not s.is_terminal() and s.s.target == 32 and s.s.scores == (21, 23)


def test_secured_cards_and_spades() -> None:
    g = game()
    r = g.rules
    piles = (mask(" ".join(C.CARD_TEXT[c] for c in range(27))), 0)  # 27 cards, 13 spades
    # 27 cards (♠A-♠K, ♥A-♥K, ♦A): cards, spades, Little Cassino, three Aces
    assert r.secured_points(piles, (0, 0), 0) == 3 + 1 + 1 + 3
    assert r.secured_points(piles, (0, 0), 1) == 0


def test_spade_cassino_pegs_to_61_at_once() -> None:
    """Assumption 13: "every point being pegged immediately"; the first to 61 wins at once."""
    g = game(variant="spade", scoring="sixty_one")
    s = deal(g, ["♠9 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥2 ♣2 ♦5 ♠7")
    s.s.scores = (59, 0)
    act(s, "play ♠9", "take in with ♠9", "combine ♥2")
    # ♠9 + 2 2 5: the ♠9 is one point — 60, not yet.
    assert s.s.scores == (60, 0) and not s.is_terminal()
    act(s, "play ♠K", "trail ♠K", "play ♥K", "take in with ♥K")
    # (♥K pairs ♠K: one spade) — 61: the game is won in the middle of the deal.
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_match_cap_is_a_draw() -> None:
    g = game(scoring="eleven", max_deals=2)
    s = g.new_initial_state()
    _finish_deal(s, [5, 5])
    assert not s.is_terminal()
    _finish_deal(s, [3, 3])
    assert s.is_terminal() and s.returns() == [0.0, 0.0]


# --- parameters, bounds, information -----------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3, "partnership": True},
        {"aces_fourteen": True},
        {"count_out": True},
        {"variant": "spade", "scoring": "twenty_one"},
        {"scoring": "sixty_one"},
        {"ranks": 5, "suits": 2},
        {"first_dealer": 2},
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any]) -> None:
    with pytest.raises(GameParameterError):
        game(**params)


def test_action_layout_is_computed() -> None:
    assert C.NUM_DISTINCT_ACTIONS == 3 * 52 + 2 * (C.MAX_VALUE + 1) + 5
    assert game().num_distinct_actions() == C.NUM_DISTINCT_ACTIONS
    assert game().max_game_length() == 5 * 48 + 52


def test_spec_declares_variants_and_small_config() -> None:
    spec = hoyle.envs.get_spec("cassino")
    assert spec.min_players == 2 and spec.max_players == 4
    assert spec.section == "CASSINO" and spec.citation == "Foster's Complete Hoyle (1914), CASSINO"
    for name in (
        "three_player",
        "partnership",
        "royal",
        "spade",
        "draw",
        "eleven_up",
        "twenty_one",
        "counting_out",
    ):
        assert name in spec.variants
    g = game(**spec.small_config)
    assert g.rules.pack_size == 6


def test_every_started_play_can_be_finished() -> None:
    """No dead ends: from every decision some complete play is reachable."""
    for params in (
        {},
        {"variant": "royal", "aces_fourteen": True},
        {"players": 4, "partnership": True},
    ):
        g = game(**params)
        rng = random.Random(11)
        for _ in range(8):
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
                    continue
                pba = H.all_plays_by_action(s.player_view(s.current_player()))
                for a in s.legal_actions():
                    assert a == C.CLAIM_OUT_ACTION or pba[a], (a, str(s))
                s.apply_action(rng.choice(s.legal_actions()))


def test_information_state_hides_the_other_hands() -> None:
    s = deal(game(), ["♠9 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥2 ♣2 ♦5 ♠7")
    text = s.information_state_string(0)
    for c in ("♠K", "♥Q", "♣J", "♦J"):
        assert c not in text
    assert "deal a card to adversary" in text and "deal ♠9 to me" in text
    view = s.player_view(0)
    assert view.hand == mask("♠9 ♥K ♣K ♦Q") and view.hand_sizes == (4, 4)


def test_views_are_relative_to_the_observer() -> None:
    g = game(players=4, partnership=True)
    s = _partnership()
    obs = g.make_py_observer()
    obs.set_from(s, 2)
    assert obs.dict["to_move"].tolist() == [1.0, 0.0, 0.0, 0.0]  # player 2 to move: me
    assert obs.dict["builds"][0][C.NUM_CARDS + C.NUM_VALUES + 1 + 2] == 1.0  # partner's build
    obs.set_from(s, 1)
    assert obs.dict["to_move"].tolist() == [0.0, 1.0, 0.0, 0.0]  # left of player 1
    assert obs.dict["builds"][0][C.NUM_CARDS + C.NUM_VALUES + 1 + 3] == 1.0  # right (player 0)


def test_partial_play_is_in_every_view() -> None:
    s = _nine_against_2_2_5_7()
    act(s, "play ♠9", "take in with ♠9", "combine ♠7")
    assert words(s) == ["combine ♥2", "combine ♣2"]
    for p in (0, 1):
        assert "play: taking in with ♠9 | ♠7 (lacks 2)" in s.observation_string(p)
    obs = s.get_game().make_py_observer()
    obs.set_from(s, 1)
    assert obs.dict["move_card"][parse_card("♠9")] == 1.0
    assert obs.dict["move_open"][parse_card("♠7")] == 1.0


def _joining_a_spent_eight(third: str) -> Any:
    """Four-handed: player 0 builds Eight on ♦5 holding two 8s, then plays one of them (taking
    in ♥7 ♣A), so his declaration is spent while his Eight still stands; player 2, holding
    ``third`` besides ♠2 and ♠J, plays ♠2 and builds Eight on the ♥6, beside his partner's Eight.
    ``third`` is the only card that differs; the other one stays in the stock."""
    g = game(players=4, partnership=True)
    s = deal(
        g,
        ["♠3 ♥8 ♣8 ♠K", "♥7 ♦Q ♦J ♣J", f"♠2 {third} ♣K ♠J", "♥K ♣10 ♠Q ♥Q"],
        "♦5 ♥6 ♣A ♣Q",
    )
    act(s, "play ♠3", "build Eight", "play ♥7", "trail ♥7", "play ♣K", "trail ♣K")
    act(s, "play ♥K", "trail ♥K", "play ♣8", "take in with ♣8", "combine ♥7")
    act(s, "play ♦Q", "trail ♦Q", "play ♠2", "build Eight")  # on the ♥6, taken automatically
    assert s.s.declared == (0, 0, 0, 0) and build_on_table(s, 8).owner == 0
    return s


def _others_see(s: Any) -> list[Any]:
    g = s.get_game()
    out: list[Any] = []
    for p in (0, 1, 3):
        out += [s.observation_string(p), s.information_state_string(p), s.player_view(p).move]
        out += [s.observation_tensor(p), s.information_state_tensor(p)]
    obs = g.make_py_observer()
    obs.set_from(s, 1)
    out.append(obs.dict["move_kind"].tolist())
    return out


def test_others_cannot_tell_whether_the_partner_holds_the_value() -> None:
    """Player 2 builds Eight while his partner's Eight stands and its declaration is spent. With
    ♦8 in hand his requirement is met already; with ♦K he must join his partner's build ("the 8
    already built by his partner is sufficient"). The rule differs — only the world without an
    8 must add the Eight before he may call — but the other three players' views are the same
    in both worlds at every step (assumption 19)."""
    holds, lacks = _joining_a_spent_eight("♦8"), _joining_a_spent_eight("♦K")
    assert holds.s.move.req_ok and not lacks.s.move.req_ok  # the real requirement
    assert words(holds) == ["add Eight (♠3 ♦5)", "call Eight"]
    assert words(lacks) == ["add Eight (♠3 ♦5)"]
    assert _others_see(holds) == _others_see(lacks)
    assert _others_see(lacks)[-1][4] == 0.0  # not yet met, as the table can tell
    assert holds.player_view(2).move.req_ok  # the builder himself knows his hand
    act(holds, "add Eight (♠3 ♦5)")  # then "call Two Eights", forced, is taken for him
    act(lacks, "add Eight (♠3 ♦5)")
    assert holds.s.move is None and lacks.s.move is None and holds.current_player() == 3
    assert _others_see(holds) == _others_see(lacks)
    assert build_on_table(lacks, 8) == C.Build(mask("♠3 ♦5 ♠2 ♥6"), 8, 2, 2)
    assert lacks.s.declared == (0, 0, 0, 0)  # joined his partner's: he declared nothing


def test_information_state_tensor_events() -> None:
    g = game()
    s = _nine_against_2_2_5_7()
    obs = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    obs.set_from(s, 0)
    ev = obs.dict["events"]
    schema = g.rules.event_schema
    assert ev.shape == schema.piece()[1] == (g.rules.max_events, schema.width)
    kinds = len(schema.kinds)
    value0 = kinds + 2 + 1  # kind, actor (2 seats, then nobody), value
    hidden = value0 + schema.num_values
    assert ev[0, CR.E_NEW_DEAL] == 1.0  # the deal starts, the adversary dealing
    assert ev[1:13, :kinds].sum() == 12  # the twelve cards dealt
    assert ev[1, CR.E_DEAL] == 1.0 and ev[1, kinds + 0] == 1.0  # to me, the eldest hand ...
    assert ev[1, value0 + parse_card("♠9")] == 1.0  # ... seen
    assert ev[3, CR.E_DEAL_TABLE] == 1.0 and ev[3, kinds + 2] == 1.0  # to the table
    assert ev[5, CR.E_DEAL] == 1.0 and ev[5, kinds + 1] == 1.0  # to the adversary ...
    assert ev[5, hidden] == 1.0 and ev[5, value0:hidden].sum() == 0.0  # ... hidden
    assert ev[13:].sum() == 0.0


def test_clone_and_pickle_keep_the_partial_play() -> None:
    s = _nine_against_2_2_5_7()
    act(s, "play ♠9", "take in with ♠9", "combine ♠7")
    for c in (s.clone(), pickle.loads(pickle.dumps(s))):
        assert c.s == s.s and c.legal_actions() == s.legal_actions()


def test_determinizer_respects_what_a_build_shows() -> None:
    """A build made on one's own strength shows a card of its value in hand; a resample never
    takes it away (the re-dealt history is legal: the core replays it with checks)."""
    s = deal(game(), ["♥2 ♠9 ♥K ♣Q", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine")
    for seed in range(30):
        o = s.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert o.s.hands[0] & o.rules.value_masks[9]
        assert o.information_state_string(1) == s.information_state_string(1)
    # ... and a trail by a build's owner shows he holds none of its value (assumption 2).
    s = deal(game(), ["♥2 ♠9 ♥K ♣Q", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5")
    act(s, "play ♠9", "take in with ♠9", "combine ♠5", "take in ♠5 ♦4 with ♠9")
    act(s, "play ♠Q", "trail ♠Q", "play ♥K", "trail ♥K")  # he owns the Nine, holds no 9
    seen = set()
    for seed in range(40):
        o = s.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert not o.s.hands[0] & o.rules.value_masks[9]
        seen.add(o.s.hands[0])
    assert len(seen) > 5


def test_hidden_cards_name_only_cards_still_hidden() -> None:
    s = deal(game(), ["♥2 ♠9 ♥K ♣Q", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2")  # face up now: only the three others are hidden
    rules = s.rules
    hidden = rules.hidden_cards(s.s, 1)
    assert sorted(c for c, h in hidden.items() if h != UNDEALT) == sorted(parse_cards("♠9 ♥K ♣Q"))
    assert all(hidden[c] == (0, 0) for c in parse_cards("♠9 ♥K ♣Q"))  # nothing forbidden yet
    assert len(hidden) == 3 + 40


def test_card_zones_partition_the_pack() -> None:
    for s in _random_deals(game(players=3), 3, 12):
        zones = s.rules.card_zones(s.s)
        union = 0
        for m in zones.values():
            assert not union & m
            union |= m
        assert union == s.rules.pack


# --- the hints, each from the book's example where there is one --------------------------------


def _narrowed(hint: Any, s: Any) -> list[str]:
    return [
        s.action_to_string(s.current_player(), a)
        for a in hint(s.player_view(s.current_player()), s.legal_actions())
    ]


def test_hint_go_for_cards_nine_against_2_2_5_7() -> None:
    """§1.9.7: "take in the 2 2 5, in preference to the 2 7"."""
    s = _nine_against_2_2_5_7()
    act(s, "play ♠9", "take in with ♠9")
    assert _narrowed(H.go_for_cards, s) == ["combine ♥2"]


def test_hint_prefer_spades() -> None:
    """§1.9.2: "give preference to those containing spades, and if you have to trail, do not
    play a spade if you can help it"."""
    s = deal(game(), ["♦9 ♠3 ♥4 ♣K", "♠K ♥Q ♣J ♦J"], "♥2 ♠7 ♣7 ♦2")
    act(s, "play ♦9", "take in with ♦9")
    assert _narrowed(H.prefer_spades, s) == ["combine ♠7"]
    s = deal(game(), ["♦9 ♠3 ♥4 ♣K", "♠K ♥K ♣J ♦J"], "♥Q ♠Q ♣Q ♦Q")
    assert "play ♠3" not in _narrowed(H.prefer_spades, s)


def test_hint_fourth_ace() -> None:
    """§1.9.3: "If three Aces have been taken in, play the fourth ... at the first
    opportunity"."""
    s = deal(game(), ["♦A ♠3 ♥4 ♣K", "♠K ♥K ♣J ♦J"], "♥Q ♠Q ♣Q ♦K")
    s.s.piles = (mask("♠A ♥A"), mask("♣A"))
    assert _narrowed(H.fourth_ace, s) == ["play ♦A"]
    s.s.piles = (mask("♠A ♥A"), 0)  # an Ace to come: keep yours
    act(s, "play ♦A")
    assert H.fourth_ace(s.player_view(0), s.legal_actions()) == []  # only the trail left
    s = deal(game(), ["♦A ♠3 ♥4 ♣K", "♠K ♥K ♣J ♦J"], "♥Q ♠Q ♣Q ♦K")
    assert "play ♦A" not in _narrowed(H.fourth_ace, s)


def test_hint_adversary_trailed() -> None:
    """§1.9.4: "As between cards which were on the table and those trailed by an adversary,
    take in those trailed if you have a choice"."""
    s = deal(game(), ["♦7 ♠Q ♥Q ♣Q", "♥4 ♥J ♣J ♦J"], "♠3 ♣4 ♦K ♠K")
    act(s, "play ♠Q", "trail ♠Q", "play ♥4", "trail ♥4", "play ♦7", "take in with ♦7")
    assert words(s) == ["combine ♥4", "combine ♣4"]  # ♠3 with the table's 4 or the trailed
    assert _narrowed(H.adversary_trailed, s) == ["combine ♥4"]


def test_hint_adversary_build() -> None:
    """§1.9.5: "Take in the adversary's build in preference to your own ... and build on his
    build at every opportunity"."""
    s = deal(game(), ["♠3 ♠8 ♦2 ♣9", "♥2 ♥9 ♥6 ♣K"], "♦5 ♣7 ♦K ♠K")
    act(s, "play ♠3", "build Eight", "play ♥2", "build Nine")
    assert set(_narrowed(H.adversary_build, s)) == {"play ♣9"}
    s = deal(game(), ["♦2 ♣10 ♥J ♣Q", "♠3 ♠8 ♥Q ♦Q"], "♦5 ♣7 ♦K ♠9")
    act(s, "play ♥J", "trail ♥J", "play ♠3", "build Eight")
    assert _narrowed(H.adversary_build, s) == ["play ♦2"]  # raise his Eight to Ten


def test_hint_big_cassino_to_come() -> None:
    """§1.9.6: "If Big Cassino is still to come, avoid trailing cards that will make a Ten with
    those on the table"."""
    s = deal(game(), ["♠3 ♥4 ♦Q ♣Q", "♣K ♥Q ♣J ♦J"], "♥7 ♠K ♥K ♦K")
    assert _narrowed(H.big_cassino_to_come, s) == ["play ♥4", "play ♦Q", "play ♣Q"]
    s = deal(game(), ["♠3 ♥4 ♦10 ♣Q", "♣K ♥Q ♣J ♦J"], "♥7 ♠K ♥K ♦K")
    assert H.big_cassino_to_come(s.player_view(0), s.legal_actions()) == []


def test_hint_third_court_card() -> None:
    """§1.9.8: "It is considered bad policy to take in three court cards, as it stops all sweeps
    when the fourth appears"."""
    s = deal(game(), ["♠K ♠3 ♥4 ♣8", "♠Q ♥Q ♣J ♦J"], "♥K ♦5 ♠7 ♦2")
    s.s.piles = (0, mask("♣K"))
    act(s, "play ♠K")
    assert _narrowed(H.third_court_card, s) == ["trail ♠K"]
    s.s.piles = (0, 0)  # two Kings taken in would leave two out: no objection
    assert H.third_court_card(s.player_view(0), s.legal_actions()) == []


def test_hint_trail_small() -> None:
    """§1.9.9: "In trailing it is usually the best policy to play the smaller cards, except Aces
    and Little Cassino"."""
    s = deal(game(), ["♠A ♠2 ♥4 ♣8", "♠Q ♥Q ♣J ♦J"], "♥K ♦K ♠K ♣K")
    assert _narrowed(H.trail_small, s) == ["play ♥4"]


def test_hint_dealer_keeps_court() -> None:
    """§1.9.10: the dealer "always keeps back a court card if he has one, to pair one already on
    the table"."""
    g = game()
    s = deal(g, ["♠Q ♥Q ♣J ♦J", "♥K ♥5 ♥6 ♥7"], "♣K ♦2 ♠3 ♥4")
    s.s.dealt = g.rules.pack  # pretend the pack is dealt out: the last round
    act(s, "play ♣J", "trail ♣J")
    assert "play ♥K" not in _narrowed(H.dealer_keeps_court, s)


def test_hint_sweep_and_points_and_builds() -> None:
    s = deal(game(), ["♠8 ♦10 ♥K ♣K", "♠K ♥Q ♣J ♦J"], "♠5 ♥3 ♦6 ♣2")
    assert _narrowed(H.sweep, s) == ["play ♠8"]
    s = deal(game(), ["♠8 ♦10 ♥K ♣K", "♠K ♥Q ♣J ♦J"], "♠10 ♥A ♦6 ♣2")
    assert _narrowed(H.take_points, s) == ["play ♦10"]  # Big Cassino takes the Ten
    s = deal(game(), ["♥2 ♠9 ♣Q ♥K", "♠5 ♦K ♠Q ♥Q"], "♣7 ♦4 ♠J ♥J")
    act(s, "play ♥2", "build Nine", "play ♠5", "trail ♠5")
    assert _narrowed(H.keep_your_build, s) == []  # only the Nine is playable anyway
    assert H.take_before_trail(s.player_view(0), s.legal_actions()) == []


def test_hint_keep_your_build() -> None:
    """ "Any player who has made a build is obliged either to win it ...": take it in rather than
    leave it to be taken (here rather than pair the Five)."""
    s = deal(game(), ["♠9 ♥2 ♥5 ♥6", "♦7 ♣2 ♥A ♣10"], "♣7 ♣5 ♠Q ♥J")
    act(s, "play ♥2", "build Nine", "play ♦7", "trail ♦7")
    assert set(words(s)) == {"play ♠9", "play ♥5"}
    assert _narrowed(H.keep_your_build, s) == ["play ♠9"]


def test_hint_take_before_trail() -> None:
    """ "Trailing": "When a player cannot pair, combine, or build anything, he must play a card"
    — and not before."""
    s = _nine_against_2_2_5_7()
    assert _narrowed(H.take_before_trail, s) == ["play ♠9"]
    act(s, "play ♠9")
    assert _narrowed(H.take_before_trail, s) == ["take in with ♠9"]


def test_hint_claim_out() -> None:
    g = game(scoring="twenty_one", count_out=True)
    s = deal(g, ["♠9 ♥K ♣K ♦Q", "♠K ♥Q ♣J ♦J"], "♥2 ♣2 ♦5 ♠7")
    assert "claim out" not in _narrowed(H.claim_out, s)
    s.s.scores = (21, 0)
    assert _narrowed(H.claim_out, s) == ["claim out"]


def test_hints_are_registered_in_order() -> None:
    from hoyle.agents.heuristics.hints import HEURISTICS

    ids = [h.id for h in HEURISTICS["cassino"]]
    assert ids[0] == "cassino.claim-out" and ids[-1] == "cassino.dealer-keeps-court"
    assert all(i.startswith("cassino.") for i in ids) and len(ids) == 14
    for h in HEURISTICS["cassino"]:
        assert h.source.startswith("Foster's Complete Hoyle") and h.summary


def test_terminal_state() -> None:
    s = _random_deals(game(), 1, 1)[0]
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    assert np.isfinite(np.asarray(s.observation_tensor(0))).all()


# --- the micro-actions generate exactly the legal plays ----------------------------------------


def _subsets(items: Sequence[Any]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [()]
    for x in items:
        out += [(*s, x) for s in out]
    return out


def _partitions(cards: tuple[int, ...], is_single: Any, is_group: Any) -> list[int]:
    """Numbers of units of every partition of ``cards`` into singles and groups."""
    if not cards:
        return [0]
    x, rest = cards[0], cards[1:]
    found = []
    if is_single(x):
        found += [1 + k for k in _partitions(rest, is_single, is_group)]
    for others in _subsets(rest):
        if others and is_group((x, *others)):
            left = tuple(c for c in rest if c not in others)
            found += [1 + k for k in _partitions(left, is_single, is_group)]
    return found


def _reference_plays(
    r: Any, hand: int, loose: int, builds: Sequence[C.Build], me: int, pdecl: int
) -> set[tuple[Any, ...]]:
    """The legal plays, straight from RULES.md §1.4 by brute force over subsets (an
    independent statement of the rules, for small tables)."""
    val, bits, comb = r.val, r.value_bits, r.combinable
    partner = r.partner_of[me]
    lc = tuple(c for c in range(52) if loose >> c & 1)
    out: set[tuple[Any, ...]] = set()
    owned = [b.value for b in builds if b.owner == me]
    for c in (c for c in range(52) if hand >> c & 1):
        rest = hand & ~(1 << c)
        held = 0
        for x in range(52):
            if rest >> x & 1:
                held |= bits[x]
        if not any(hand & r.value_masks[v] for v in owned):
            out.add((c, "trail"))
        is_ace = val[c] == 1
        # take in
        takes = [val[c]] + ([14] if r.aces_fourteen and is_ace else [])
        same = loose & r.rank_mask_of[c]
        for v in takes:

            def group(g: tuple[int, ...], v: int = v) -> bool:
                return len(g) >= 2 and all(comb >> x & 1 for x in g) and sum(val[x] for x in g) == v

            bv = [b for b in builds if b.value == v and v]
            for lsub in _subsets(lc):
                lm = sum(1 << x for x in lsub)
                if lm & same not in (0, same):
                    continue
                for bsub in _subsets(bv):
                    if not lsub and not bsub:
                        continue
                    ok = False
                    for k_groups in _group_counts(lsub, same, group):
                        if v == 14 and is_ace and not bsub and k_groups == 0:
                            continue
                        ok = True
                    if ok:
                        keys = frozenset(C.build_key(b.mask) for b in bsub)
                        out.add((c, "take", v, lm, keys))
        # build
        if val[c]:
            for v in range(1, r.max_value + 1):
                highs = [False] + ([True] if r.aces_fourteen and is_ace and v == 14 else [])
                for high in highs:
                    cv = 14 if high else val[c]
                    if cv > v:
                        continue
                    bv = [b for b in builds if b.value == v]
                    no_aces = r.aces_fourteen and v == 14

                    def unit_group(g: tuple[int, ...], v: int = v, no_aces: bool = no_aces) -> bool:
                        if no_aces and any(val[x] == 1 for x in g):
                            return False
                        return (
                            len(g) >= 2
                            and all(comb >> x & 1 for x in g)
                            and (sum(val[x] for x in g) == v)
                        )

                    def single(x: int, v: int = v) -> bool:
                        return bool(bits[x] >> v & 1)

                    for gsub in _subsets(lc):
                        if not all(comb >> x & 1 for x in gsub):
                            continue
                        if sum(val[x] for x in gsub) != v - cv or (cv < v) != bool(gsub):
                            continue
                        others = tuple(x for x in lc if x not in gsub)
                        for rsub in _subsets(others):
                            counts = _partitions(rsub, single, unit_group)
                            if not counts:
                                continue
                            for bsub in _subsets(bv):
                                if not gsub and not rsub and not bsub:
                                    continue
                                joined = any(b.owner == partner and partner >= 0 for b in bsub)
                                if not (held >> v & 1 or pdecl >> v & 1 or joined):
                                    continue
                                m = 1 << c
                                for x in (*gsub, *rsub):
                                    m |= 1 << x
                                for b in bsub:
                                    m |= b.mask
                                out.add((c, "build", v, m, bool(rsub or bsub)))
            for b in builds:
                w = b.value + val[c]
                if b.units == 1 and w <= r.max_value and (held | pdecl) >> w & 1:
                    out.add((c, "increase", C.build_key(b.mask)))
    return out


def _group_counts(lsub: tuple[int, ...], same: int, group: Any) -> list[int]:
    """Numbers of groups of every partition of a take-in's loose cards into pairs (cards of
    the played card's rank) and groups."""
    if not lsub:
        return [0]
    x, rest = lsub[0], lsub[1:]
    found = []
    if same >> x & 1:
        found += _group_counts(rest, same, group)
    for others in _subsets(rest):
        if others and group((x, *others)):
            left = tuple(c for c in rest if c not in others)
            found += [1 + k for k in _group_counts(left, same, group)]
    return found


def _outcome(view: Any, m: C.Move) -> tuple[Any, ...]:
    if m.kind == C.KIND_TRAIL:
        return (m.card, "trail")
    if m.kind == C.KIND_INCREASE:
        return (m.card, "increase", m.last_key)
    keys = frozenset(
        C.build_key(b.mask) for b in view.builds if m.sel_builds >> C.build_key(b.mask) & 1
    )
    if m.kind == C.KIND_TAKE:
        return (m.card, "take", m.value, m.sel, keys)
    mm = 1 << m.card | m.sel
    for b in view.builds:
        if C.build_key(b.mask) in keys:
            mm |= b.mask
    return (m.card, "build", m.value, mm, bool(m.units))


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"variant": "royal", "aces_fourteen": True},
        {"players": 4, "partnership": True},
        {"players": 3},
    ],
    ids=["plain", "royal-aces-14", "partnership", "three"],
)
def test_actions_generate_exactly_the_legal_plays(params: dict[str, Any]) -> None:
    """Every play reachable through the decisions is legal by the rules' text, and every legal
    play is reachable (compared on the positions of seeded random games, small tables)."""
    g = game(**params)
    r = g.rules
    rng = random.Random(17)
    compared = 0
    for _ in range(12):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
                continue
            st = s.s
            if st.phase == C.PLAY and st.loose.bit_count() <= 7 and len(st.builds) <= 3:
                p = st.player
                view = s.player_view(p)
                mine = {
                    _outcome(view, m) for ms in H.all_plays_by_action(view).values() for m in ms
                }
                pdecl = st.declared[r.partner_of[p]] if r.partner_of[p] >= 0 else 0
                ref = _reference_plays(r, st.hands[p], st.loose, st.builds, p, pdecl)
                assert mine == ref, (str(s), sorted(map(str, mine ^ ref)))
                compared += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert compared > 100


@pytest.mark.parametrize(
    "params",
    [{}, {"scoring": "twenty_one", "count_out": True}, {"players": 3, "scoring": "eleven"}],
)
def test_tensor_entries_lie_in_zero_one(params: dict[str, Any]) -> None:
    """Counts are divided by their largest value (the wrappers' ``Box(0, 1)``)."""
    g = game(**params)
    for s in _random_deals(g, 2, 21):
        for p in range(g.num_players()):
            for t in (s.observation_tensor(p), s.information_state_tensor(p)):
                a = np.asarray(t)
                assert a.min() >= 0.0 and a.max() <= 1.0
    # and mid-game too (every fifth decision: a match's log is long)
    rng = random.Random(4)
    s = g.new_initial_state()
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            decisions += 1
            if decisions % 5 == 0:
                a = np.asarray(s.information_state_tensor(s.current_player()))
                assert a.min() >= 0.0 and a.max() <= 1.0
            s.apply_action(rng.choice(s.legal_actions()))
