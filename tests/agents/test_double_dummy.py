"""The double-dummy solver against a plain minimax written from the trick core's own functions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hoyle.agents.double_dummy import TRICKS, DoubleDummy, Scoring, calabrasella_scoring
from hoyle.envs.core import cards as C
from hoyle.envs.core import tricks as T
from hoyle.envs.games.calabrasella import CALABRASELLA_POINTS, calabrasella_tricks
from hoyle.envs.games.five_hundred import five_hundred_tricks
from hoyle.envs.games.solo import solo_tricks

ASCENDING = T.build_tricks(
    "ascending-suit-power",
    T.ACE_HIGH_RANKS,
    T.NO_TRUMP,
    suit_power=(0, 3, 2, 1),
    free=1 << C.JOKER,
    lead_last_only=1 << C.JOKER,
)
"""Trick rules of no game yet written, for the solver's generality: ascending suit power
(♠ < ♣ < ♦ < ♥), A high, a Joker of no power, free, led only as the last card (Quinto's)."""


def full_pack(trump: int) -> T.TrickRules:
    """The full pack, A high, plain trumps or none (Vint's, Whist's trick rules)."""
    return T.build_tricks(f"full-pack-{trump}", T.ACE_HIGH_RANKS, trump)


def m(text: str) -> int:
    return int(C.mask_of(C.parse_cards(text)))


def minimax(
    hands: Sequence[int],
    leader: int,
    rules: T.TrickRules,
    sides: Sequence[int],
    scoring: Scoring,
    table: tuple[int, ...] = (),
    named: int = T.NO_SUIT,
    renounced: Sequence[int] = (),
) -> int:
    """Side 0's score from here on by brute force: no pruning, no table, every legal card.

    ``renounced``: each player's renounced suits (a 4-bit mask) before the cards on ``table``
    were played; a player who does not follow the suit led with a card that is not free adds
    it; at no trumps a Joker played (not led) to a suit its holder renounced is powerless."""
    n = len(hands)
    ren = list(renounced) if renounced else [0] * n
    led = T.NO_SUIT
    if table:
        led = T.lead_suit(table[0], rules, named)
        if led == T.NO_SUIT:  # Quint Royal led: the next card fixes the suit
            led = next((rules.suit[c] for c in table if rules.suit[c] != T.NO_SUIT), T.NO_SUIT)
    if len(table) == n:
        powerless = 0
        if rules.trump == T.NO_TRUMP and C.JOKER in table[1:] and (rules.master >> C.JOKER) & 1:
            holder = (leader + table.index(C.JOKER)) % n
            if led != T.NO_SUIT and (ren[holder] >> led) & 1:
                powerless = 1 << C.JOKER
        winner = (leader + T.trick_winner(table, rules, named, powerless)) % n
        # The renounces made in this trick count from the next trick on.
        for i, c in enumerate(table[1:], 1):
            q = (leader + i) % n
            if led != T.NO_SUIT and rules.suit[c] != led and not (rules.free >> c) & 1:
                ren[q] |= 1 << led
        last = all(h == 0 for h in hands)
        if scoring.points is None:
            v = 1
        else:
            v = T.trick_points(list(table), scoring.points) + (scoring.last_trick if last else 0)
        v = v if sides[winner] == 0 else 0
        if last:
            return v
        return v + minimax(hands, winner, rules, sides, scoring, renounced=ren)
    p = (leader + len(table)) % n
    if table:
        legal = hands[p] if led == T.NO_SUIT else T.legal_plays(hands[p], led, rules)
    else:
        legal = T.legal_plays(hands[p], T.NO_SUIT, rules)
    vals = []
    for c in C.cards_of(legal):
        rest = list(hands)
        rest[p] &= ~(1 << c)
        if not table and rules.suit[c] == T.NO_SUIT and (1 << c) & rules.master:
            out = 0
            for h in rest:
                out |= h
            allowed = [s for s in range(4) if not (ren[p] >> s) & 1] or list(range(4))
            suits = [s for s in allowed if out & rules.suit_masks[s]] or allowed[:1]
            sub = [minimax(rest, leader, rules, sides, scoring, (c,), s, ren) for s in suits]
            vals.append(max(sub) if sides[p] == 0 else min(sub))
        else:
            vals.append(minimax(rest, leader, rules, sides, scoring, (*table, c), named, ren))
    return max(vals) if sides[p] == 0 else min(vals)


# --- hand-checkable endings -------------------------------------------------------------------


def test_two_card_ending_calabrasella_tricks() -> None:
    """♠3 is the master of spades: player 0 wins it, then must lead ♥4 and lose to ♥K."""
    hands = [m("♠3 ♥4"), m("♠A ♥K"), m("♠4 ♥5")]
    dd = DoubleDummy(calabrasella_tricks(), sides=(0, 1, 1))
    assert dd.solve(hands, leader=0) == 1
    assert minimax(hands, 0, calabrasella_tricks(), (0, 1, 1), TRICKS) == 1


def test_three_card_ending_with_last_trick_points() -> None:
    """Calabrasella points: the single player (0) holds ♠3 ♠2 ♥4 against ♠A ♥A ♥K and ♠K ♥3 ♦4;
    with and without the last trick's bonus the solver agrees with the brute force."""
    rules = calabrasella_tricks()
    hands = [m("♠3 ♠2 ♥4"), m("♠A ♥A ♥K"), m("♠K ♥3 ♦4")]
    for scoring in (Scoring(CALABRASELLA_POINTS, 3), Scoring(CALABRASELLA_POINTS, 0)):
        want = minimax(hands, 0, rules, (0, 1, 1), scoring)
        assert DoubleDummy(rules, (0, 1, 1), scoring).solve(hands, 0) == want
    # By hand: ♠3 takes ♠A and ♠K (5 points: 1 + 3 + 1); ♠2 then takes one heart from player 1
    # and ♥3 or ♦4 from player 2 — they throw ♥K (1) and ♦4 (0): 1 + 1 + 0 = 2; the last trick
    # (♥4, ♥A, ♥3) goes to ♥A: 0 for the single player. Total 7.
    assert DoubleDummy(rules, (0, 1, 1), Scoring(CALABRASELLA_POINTS, 3)).solve(hands, 0) == 7


def test_five_hundred_joker_and_bowers_ending() -> None:
    """Hearts trumps: Joker, ♥J, ♦J against three low trumps each way take three tricks."""
    rules = five_hundred_tricks(C.HEARTS)
    hands = [m("Joker ♥J ♦J"), m("♥A ♥K ♥Q"), m("♥10 ♥9 ♠A")]
    dd = DoubleDummy(rules, (0, 1, 1))
    assert dd.solve(hands, leader=1) == 3
    # Player 2 leads ♥10; player 0 must follow hearts: the left bower ♦J and the Joker are
    # hearts, so all three cards are legal, and each still wins all three tricks.
    after = [hands[0], hands[1], m("♥9 ♠A")]
    vals = dd.play_values(after, 2, table=(C.parse_card("♥10"),))
    assert set(vals) == {C.JOKER, C.parse_card("♥J"), C.parse_card("♦J")}
    assert all(v == 3 for v in vals.values())


def test_position_mid_trick_and_best_play() -> None:
    """Player 2 to play to ♠K ♠A: ♠3 wins it (no obligation to, but it is best for side 0)."""
    rules = calabrasella_tricks()
    sides = (1, 1, 0)
    hands = [m("♥4"), m("♥5"), m("♠3 ♠4")]
    table = (C.parse_card("♠K"), C.parse_card("♠A"))
    hands_before = [hands[0], hands[1], hands[2]]
    dd = DoubleDummy(rules, sides, Scoring(CALABRASELLA_POINTS, 3))
    card, value = dd.best_play(hands_before, leader=0, table=table)
    assert card == C.parse_card("♠3")
    # ♠K ♠A ♠3 = 1 + 3 + 1; then ♠4 led, everyone else discards hearts: ♠4 wins the last (3).
    assert value == 5 + 3
    assert dd.solve(hands_before, 0, table) == value


def test_bad_positions_are_refused() -> None:
    dd = DoubleDummy(calabrasella_tricks(), (0, 1, 1))
    with pytest.raises(ValueError):
        dd.solve([m("♠3 ♥4"), m("♠A"), m("♠4 ♥5")], leader=0)
    with pytest.raises(ValueError):
        dd.solve([m("♠3"), m("♠A")], leader=0)


# --- random small deals against the brute force -----------------------------------------------

RULES_CASES = [
    ("calabrasella-points", calabrasella_tricks(), C.SPANISH_40, "points"),
    ("calabrasella-tricks", calabrasella_tricks(), C.SPANISH_40, "tricks"),
    ("500-hearts", five_hundred_tricks(C.HEARTS), C.PIQUET_32_JOKER, "tricks"),
    ("500-spades", five_hundred_tricks(C.SPADES), C.PIQUET_32_JOKER, "tricks"),
    ("500-no-trump", five_hundred_tricks(T.NO_TRUMP), C.PIQUET_32_JOKER, "tricks"),
    ("solo-clubs", solo_tricks(C.CLUBS), C.PIQUET_32, "tricks"),
    ("ascending", ASCENDING, C.FULL_52_JOKER, "tricks"),
]


def _small_deal(pack: C.Pack, size: int, rng: random.Random, force: int = -1) -> list[int]:
    """A deal of ``size`` cards to each of 3 players from a narrow slice of the pack, so that
    suits are short and follow/renounce decisions and equivalent cards both occur."""
    cards = list(pack.cards)
    rng.shuffle(cards)
    chosen = cards[: 3 * size]
    if force >= 0 and force not in chosen:
        chosen[0] = force
    rng.shuffle(chosen)
    return [C.mask_of(chosen[p * size : (p + 1) * size]) for p in range(3)]


@pytest.mark.parametrize(
    ("name", "rules", "pack", "kind"), RULES_CASES, ids=[c[0] for c in RULES_CASES]
)
def test_random_deals_match_minimax(
    name: str, rules: T.TrickRules, pack: C.Pack, kind: str
) -> None:
    rng = random.Random(sum(map(ord, name)))
    for trial in range(8):
        # One deal of five cards each (four with ascending suit power, whose full pack rarely forces a card).
        size = (3, 4, 3, 4, 4 if name == "ascending" else 5, 4, 3, 4)[trial]
        force = C.JOKER if C.JOKER in pack.cards and trial % 3 == 0 else -1
        hands = _small_deal(pack, size, rng, force)
        sides = [(0, 1, 1), (1, 0, 1), (0, 1, 0)][trial % 3]
        if kind == "points":
            stock = C.mask_of(
                rng.sample([c for c in pack.cards if not any((h >> c) & 1 for h in hands)], 2)
            )
            scoring = calabrasella_scoring(stock)
        else:
            scoring = TRICKS
        leader = trial % 3
        dd = DoubleDummy(rules, sides, scoring)
        want = minimax(hands, leader, rules, sides, scoring)
        assert dd.solve(hands, leader) == want, (name, trial, [C.format_cards(h) for h in hands])
        # Every legal card's value agrees with the brute force after that card.
        vals = dd.play_values(hands, leader)
        for c, v in vals.items():
            if size == 5:
                break  # the brute force per card is slow there; the position's value is checked
            rest = list(hands)
            rest[leader] &= ~(1 << c)
            if rules.suit[c] == T.NO_SUIT and (1 << c) & rules.master:
                continue  # the named suit is chosen inside; covered by the position value
            assert v == minimax(rest, leader, rules, sides, scoring, (c,)), (name, trial, c)
        # The best card's value is the position's value.
        card, value = dd.best_play(hands, leader)
        assert value == want and vals[card] == want
        # Mid-trick: after the leader's best card, the next player's values.
        rest = list(hands)
        rest[leader] &= ~(1 << card)
        if rules.suit[card] != T.NO_SUIT or not (1 << card) & rules.master:
            assert dd.solve(rest, leader, (card,)) == want


def test_four_players_two_against_two() -> None:
    """A 2-vs-2 partnership (players 0 and 2 against 1 and 3) at no-trumps with the full pack."""
    rules = full_pack(T.NO_TRUMP)
    rng = random.Random(5)
    for _ in range(4):
        cards = rng.sample(list(C.FULL_52.cards), 12)
        hands = [C.mask_of(cards[p * 3 : (p + 1) * 3]) for p in range(4)]
        dd = DoubleDummy(rules, (0, 1, 0, 1))
        assert dd.solve(hands, 1) == minimax(hands, 1, rules, (0, 1, 0, 1), TRICKS)


@pytest.mark.parametrize("compiled", [False, None], ids=["python", "default"])
def test_a_trick_s_cards_stay_out_while_later_tricks_are_searched(compiled: bool | None) -> None:
    """Hearts trumps, North (0) to lead: ♥J takes all four tricks (the brute force and DDS
    agree), every other lead three. The solvers once said 3 for ♥J: the cards played to the
    current trick sat one slot per trick position, the next trick's search wrote its cards
    there, and the current trick's later candidates then missed a card on the table from the
    cards out and grouped two cards either side of it as equivalent, dropping a play. Found
    by the differential test against DDS (tests/agents/test_dds.py)."""
    rules = full_pack(C.HEARTS)
    hands = [m("♠5 ♠Q ♥J ♣4"), m("♠2 ♠4 ♦3 ♣J"), m("♥5 ♥K ♦7 ♣10"), m("♥3 ♦4 ♦K ♣2")]
    sides = (0, 1, 0, 1)
    dd = DoubleDummy(rules, sides, compiled=compiled)
    assert minimax(hands, 0, rules, sides, TRICKS) == 4
    assert dd.solve(hands, 0) == 4
    want = {C.parse_card(t): v for t, v in (("♥J", 4), ("♠5", 3), ("♠Q", 3), ("♣4", 3))}
    assert dd.play_values(hands, 0) == want
    # Mid-trick, where the wrong grouping happened: after ♥J, East's every card leaves 4.
    after = [hands[0] & ~m("♥J"), *hands[1:]]
    assert dd.solve(after, 0, (C.parse_card("♥J"),)) == 4
    # The same from East and West's side: they take nothing.
    assert DoubleDummy(rules, (1, 0, 1, 0), compiled=compiled).solve(hands, 0) == 0


# --- equivalent cards --------------------------------------------------------------------------


def test_value_unchanged_by_permuting_equivalent_cards() -> None:
    """♠K ♠Q held together with nothing between them out, 1 point each: the solver values both
    alike; and ♠J in place of ♠Q (nothing between ♠K and ♠J out either) leaves the value as it is."""
    rules = calabrasella_tricks()
    scoring = calabrasella_scoring()
    hands = [m("♠K ♠Q ♥4"), m("♠3 ♥A ♥5"), m("♠4 ♥K ♦7")]
    dd = DoubleDummy(rules, (0, 1, 1), scoring)
    vals = dd.play_values(hands, 0)
    assert vals[C.parse_card("♠K")] == vals[C.parse_card("♠Q")]
    base = dd.solve(hands, 0)
    swapped = [m("♠K ♠J ♥4"), m("♠3 ♥A ♥5"), m("♠4 ♥K ♦7")]
    assert DoubleDummy(rules, (0, 1, 1), scoring).solve(swapped, 0) == base
    assert minimax(hands, 0, rules, (0, 1, 1), scoring) == base


def test_random_equivalent_relabelling() -> None:
    """In random Five Hundred deals, replace a held card by the next lower card of its suit when
    that card is out of play (so nothing lies between them): the value is unchanged."""
    rules = five_hundred_tricks(C.SPADES)
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        hands = _small_deal(C.PIQUET_32_JOKER, 4, rng)
        held = 0
        for h in hands:
            held |= h
        for p in range(3):
            for c in C.cards_of(hands[p]):
                s = rules.suit[c]
                if s == T.NO_SUIT:
                    continue
                order = [x for x in T.suit_order(rules, s) if (C.PIQUET_32_JOKER.mask >> x) & 1]
                i = order.index(c)
                if i + 1 < len(order) and not (held >> order[i + 1]) & 1:
                    new = list(hands)
                    new[p] = hands[p] & ~(1 << c) | (1 << order[i + 1])
                    a = DoubleDummy(rules, (0, 1, 1)).solve(hands, 0)
                    b = DoubleDummy(rules, (0, 1, 1)).solve(new, 0)
                    assert a == b
                    checked += 1
                    break
    assert checked >= 20


# --- Five Hundred's powerless no-trump Joker (§18.1) ----------------------------------------


def test_joker_to_a_renounced_suit_is_powerless() -> None:
    """Player 0 holds the Joker and two clubs against ♥A K 10 and ♥Q J 9. On ♥A ♥Q the Joker
    wins, and the clubs take the rest: 3. Discarding a club instead renounces hearts: the Joker
    is then powerless on the hearts to come and player 0 takes nothing (the old model, Joker
    always master, said 2)."""
    rules = five_hundred_tricks(T.NO_TRUMP)
    hands = [m("Joker ♣7 ♣8"), m("♥K ♥10"), m("♥J ♥9")]
    table = tuple(C.parse_cards("♥A ♥Q"))
    dd = DoubleDummy(rules, (0, 1, 1))
    vals = dd.play_values(hands, leader=1, table=table)
    assert vals == {C.JOKER: 3, C.parse_card("♣7"): 0, C.parse_card("♣8"): 0}
    for c, v in vals.items():
        rest = [hands[0] & ~(1 << c), hands[1], hands[2]]
        assert minimax(rest, 1, rules, (0, 1, 1), TRICKS, (*table, c)) == v
    # Hearts renounced before this trick: the Joker is powerless at once.
    ren = (1 << C.HEARTS, 0, 0)
    assert dd.solve(hands, 1, table, renounced=ren) == 0
    assert minimax(hands, 1, rules, (0, 1, 1), TRICKS, table, renounced=ren) == 0
    # With trumps the renounces change nothing: the Joker is the best trump (it wins this
    # trick, then the hearts ruff the clubs).
    hearts = five_hundred_tricks(C.HEARTS)
    assert DoubleDummy(hearts, (0, 1, 1)).solve(hands, 1, table, renounced=ren) == 1
    assert minimax(hands, 1, hearts, (0, 1, 1), TRICKS, table, renounced=ren) == 1


def test_joker_led_may_not_name_a_renounced_suit() -> None:
    """Player 0 leads the Joker holding ♠7: naming spades draws ♠8 ♠9, and ♠7 then wins the
    last trick (2); with spades renounced he must name hearts, and ♠7 loses (1)."""
    rules = five_hundred_tricks(T.NO_TRUMP)
    hands = [m("Joker ♠7"), m("♥A ♠8"), m("♥K ♠9")]
    dd = DoubleDummy(rules, (0, 1, 1))
    assert dd.solve(hands, 0) == 2 == minimax(hands, 0, rules, (0, 1, 1), TRICKS)
    ren = (1 << C.SPADES, 0, 0)
    assert dd.solve(hands, 0, renounced=ren) == 1
    assert minimax(hands, 0, rules, (0, 1, 1), TRICKS, renounced=ren) == 1
    assert dd.play_values(hands, 0, renounced=ren)[C.JOKER] == 1
    # Every suit renounced: any may be named again (§18.1).
    assert dd.solve(hands, 0, renounced=(15, 0, 0)) == 2


def test_random_no_trump_deals_with_renounces_match_minimax() -> None:
    """Random no-trump deals in which the Joker is out, from a trick boundary and mid-trick,
    each player having renounced some suits he does not hold: solver == brute force."""
    rules = five_hundred_tricks(T.NO_TRUMP)
    rng = random.Random(500)
    changed = 0
    for trial in range(24):
        size = (3, 4)[trial % 2]
        hands = _small_deal(C.PIQUET_32_JOKER, size, rng, C.JOKER)
        ren = []
        for h in hands:
            absent = [x for x in range(4) if not h & rules.suit_masks[x]]
            ren.append(sum(1 << x for x in absent if rng.random() < 0.7))
        sides = [(0, 1, 1), (1, 0, 1), (0, 1, 0)][trial % 3]
        leader = trial % 3
        dd = DoubleDummy(rules, sides)
        want = minimax(hands, leader, rules, sides, TRICKS, renounced=ren)
        assert dd.solve(hands, leader, renounced=ren) == want, trial
        changed += want != minimax(hands, leader, rules, sides, TRICKS)
        # Mid-trick: after a card of the leader with a suit, every card of the next player.
        lead = next((c for c in C.cards_of(hands[leader]) if c != C.JOKER), None)
        if lead is None:
            continue
        rest = list(hands)
        rest[leader] &= ~(1 << lead)
        vals = dd.play_values(rest, leader, (lead,), renounced=ren)
        nxt = (leader + 1) % 3
        for c, v in vals.items():
            after = list(rest)
            after[nxt] &= ~(1 << c)
            assert v == minimax(after, leader, rules, sides, TRICKS, (lead, c), renounced=ren)
    assert changed >= 2  # the renounces mattered in some of these deals


# --- the quick bound ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rules", "pack", "kind"), RULES_CASES, ids=[c[0] for c in RULES_CASES]
)
def test_quick_bound_never_beats_the_brute_force(
    name: str, rules: T.TrickRules, pack: C.Pack, kind: str
) -> None:
    """What the solver takes as sure for the leader's side (his cashable top cards and the
    cards the others must play to them) is never more than that side gets in the brute force:
    side 0 leading scores at least that much, the other side leading leaves side 0 at most
    what is left less that much; and the bound is often above zero, so the test can fail."""
    rng = random.Random(sum(map(ord, name)) + 7)
    positive = 0
    for trial in range(10):
        size = 3 + trial % 2
        force = C.JOKER if C.JOKER in pack.cards and trial % 3 == 0 else -1
        hands = _small_deal(pack, size, rng, force)
        sides = [(0, 1, 1), (1, 0, 1), (0, 1, 0)][trial % 3]
        if kind == "points":
            scoring = calabrasella_scoring(
                C.mask_of(
                    rng.sample([c for c in pack.cards if not any((h >> c) & 1 for h in hands)], 2)
                )
            )
        else:
            scoring = TRICKS
        dd = DoubleDummy(rules, sides, scoring)
        for leader in range(3):
            dd._setup(hands, leader, ())
            rem = dd.last + dd._rem if scoring.points is not None else size
            sure = dd._sure(leader, rem) if dd.quick else 0
            want = minimax(hands, leader, rules, sides, scoring)
            if sides[leader] == 0:
                assert want >= sure, (name, trial, leader)
            else:
                assert want <= rem - sure, (name, trial, leader)
            positive += sure > 0
    if name != "ascending":
        assert positive >= 5


def test_quick_bound_counts_the_cheapest_forced_cards() -> None:
    """Player 0 cashes ♠3; player 1 must follow with a spade but keeps ♠A back (♠4), player 2
    discards a blank: 1 sure point, which is exactly the value (♥5 takes the last trick)."""
    rules = calabrasella_tricks()
    hands = [m("♠3 ♥4"), m("♠A ♠4"), m("♥5 ♦4")]
    scoring = calabrasella_scoring()
    dd = DoubleDummy(rules, (0, 1, 1), scoring)
    dd._setup(hands, 0, ())
    assert dd._sure(0, dd.last + dd._rem) == 1
    assert dd.solve(hands, 0) == 1 == minimax(hands, 0, rules, (0, 1, 1), scoring)
    # All the leader's cards sure: everything left, the last trick included.
    hands = [m("♠3 ♠2"), m("♠A ♥4"), m("♥5 ♦4")]
    dd._setup(hands, 0, ())
    assert dd._sure(0, dd.last + dd._rem) == 1 + 1 + 3 + 3 == dd.solve(hands, 0)


def test_quick_bound_crosses_to_partner() -> None:
    """Player 1 leads ♠4 to his partner's ♠3 (player 0 must give up ♠A), and player 2 then
    cashes ♥6, the best heart left: every trick is sure for the pair, so player 0 gets 0."""
    rules = calabrasella_tricks()
    hands = [m("♠A ♥4"), m("♠4 ♥5"), m("♠3 ♥6")]
    scoring = calabrasella_scoring()
    dd = DoubleDummy(rules, (0, 1, 1), scoring)
    dd._setup(hands, 1, ())
    rem = dd.last + dd._rem
    assert dd._sure(1, rem) == rem == 3 + 1 + 3
    assert dd.solve(hands, 1) == 0 == minimax(hands, 1, rules, (0, 1, 1), scoring)
    # Without the partner's second winner only the crossing trick is sure: ♠4 and ♠3, 1 point.
    hands = [m("♠A ♥6"), m("♠4 ♥5"), m("♠3 ♥4")]
    dd._setup(hands, 1, ())
    assert dd._sure(1, dd.last + dd._rem) == 1
