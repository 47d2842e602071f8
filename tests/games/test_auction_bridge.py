"""Auction Bridge (Hoffmann, Hoyle's Games Modernized, "AUCTION BRIDGE"): the book's worked
examples as golden tests (Laws 50, 51, 55, 58 and the hints' arithmetic, with the misprinted
"66 points"), the auction (the dealer declares first, overcalling by value, doubling and
redoubling, a new declaration cancelling doubles, three passes), the exposed dummy (played by
the declarer; shown to everyone from the opening lead, and never re-dealt after it), scoring
through played deals, the rubber and the parameters.

Deals are explicit chance actions written in card notation; calls are made by their words
(``action_to_string``), so each test reads like the book. Side 0 is players 0 and 2.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401
from hoyle.envs.core.cards import HEARTS, mask_of, parse_cards
from hoyle.envs.games import auction_bridge as B
from tests.helpers import do, names


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_auction_bridge", params)


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def decl(level: int, denomination: int) -> int:
    return B.bid_index(level, denomination)


def deal_into(state: Any, hands: dict[int, str]) -> Any:
    """Deal ``hands`` at the deal now starting in ``state``, in the dealing order."""
    left = {q: parse_cards(h) for q, h in hands.items()}
    dealer = state.s.dealer
    for k in range(52):
        assert state.is_chance_node()
        state.apply_action(left[(dealer + 1 + k) % 4].pop(0))
    assert not any(left.values())
    return state


def play_first_legal(state: Any) -> Any:
    """Play the hand out, each player his first legal card (for deals whose tricks are forced)."""
    while state.s.phase == B.PLAY:
        state.apply_action(state.legal_actions()[0])
    return state


def random_deal(seed: int, **params: Any) -> Any:
    """A state at the start of the auction of a seeded random deal."""
    rng = random.Random(seed)
    state = load(**params).new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    return state


# Each seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs. Nobody can
# follow any suit but his own, so the play is forced and easy to count.
SUITS = {
    0: "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3 ♠2",
    1: "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6 ♥5 ♥4 ♥3 ♥2",
    2: "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3 ♦2",
    3: "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4 ♣3 ♣2",
}
SUITS_HELD = tuple(cards(SUITS[q]) for q in range(4))


# --- the golden tests of the book's text (§ "Hints to Players", "General Remarks", the laws) ---


def test_golden_1_two_diamonds_overcall_a_doubled_one_no_trump() -> None:
    """Law 55: "Two Diamonds" (12) will still overcall "One No Trump" (12), although the no
    trump declaration has been doubled; "Two Clubs" (8) will not."""
    assert B.declaration_value(decl(2, B.DIAMONDS_BID)) == B.declaration_value(decl(1, B.NO_TRUMPS))
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One No Trump", "double")  # the dealer (3), then player 0
    legal = names(state)
    assert "declare Two Diamonds" in legal and "declare Two Clubs" not in legal
    assert "declare One Heart" not in legal and "declare Two Hearts" in legal
    with pytest.raises(pyspiel.SpielError, match="higher value than One No Trump"):
        state.apply_action(B.DECLARE_ACTION_BASE + decl(2, B.CLUBS_BID))
    do(state, "declare Two Diamonds")
    assert state.s.doubling == B.UNDOUBLED  # the new declaration cancels the double


def test_golden_2_one_spade_loss_limited_to_100() -> None:
    """Law 51: One Spade undoubled failing by three: 100 (not 150); doubled, failing by two:
    100 (not 200); redoubled too (ASSUMPTION 6)."""
    one_spade = decl(1, B.SPADES_BID)
    assert B.contract_score(one_spade, B.UNDOUBLED, 4).penalty == 100
    assert B.contract_score(one_spade, B.DOUBLED, 5).penalty == 100
    assert B.contract_score(one_spade, B.REDOUBLED, 5).penalty == 100
    assert B.contract_score(one_spade, B.UNDOUBLED, 6).penalty == 50
    assert B.contract_score(decl(1, B.CLUBS_BID), B.UNDOUBLED, 4).penalty == 150


def test_golden_3_law_58_bonus() -> None:
    """Law 58: a doubled contract made with two over-tricks: 50 + 2 × 50 = 150 above the line;
    redoubled, 300."""
    two_hearts = decl(2, B.HEARTS_BID)
    assert B.contract_score(two_hearts, B.DOUBLED, 10) == (4 * 8 * 2, 150, 0)
    assert B.contract_score(two_hearts, B.REDOUBLED, 10) == (4 * 8 * 4, 300, 0)
    assert B.contract_score(two_hearts, B.DOUBLED, 8).bonus == 50
    assert B.contract_score(two_hearts, B.UNDOUBLED, 10) == (32, 0, 0)


def test_golden_4_doubled_contract_failing_by_two() -> None:
    """Law 50: a doubled contract failing by two: the adversaries 200 above; nothing below."""
    assert B.contract_score(decl(3, B.NO_TRUMPS), B.DOUBLED, 7) == (0, 0, 200)
    assert B.contract_score(decl(3, B.NO_TRUMPS), B.REDOUBLED, 7) == (0, 0, 400)
    assert B.contract_score(decl(3, B.NO_TRUMPS), B.UNDOUBLED, 7) == (0, 0, 100)


def test_golden_5_three_hearts_doubled_odd_trick_only() -> None:
    """ "If you can get the opponents to overbid your Two No-trumps with Three Hearts ... double
    and let them play, even if they score 16 for honours. For 200 less 16 leaves you 184
    points--and you are still 54 to the good" (against the "say 130 in all" of the game)."""
    c = B.contract_score(decl(3, B.HEARTS_BID), B.DOUBLED, 7)  # the odd trick only
    assert c.penalty == 200
    # Simple honours in hearts (three between partners): 2 × 8.
    assert B.trump_honours((2, 1), B.BOOK_COUNT[B.HEARTS_BID]) == 16
    assert c.penalty - 16 == 184 and 184 - 130 == 54


def test_golden_6_the_rubber_worth_about_63() -> None:
    """ "If we reckon your chance of the rubber as 5 to 3 on ... it is worth about 63 points
    more--say 130 in all" (250 × 2/8 = 62.5)."""
    worth = B.rubber_worth(5, 3)
    assert worth == 62.5 and int(worth + 0.5) == 63  # "about 63"
    assert abs(66 + worth - 130) < 2  # "say 130 in all", from the book's (misprinted) 66
    assert B.RUBBER_BONUS == 250


def test_golden_7_the_misprint_66_is_78_by_the_table() -> None:
    """ "Call Two No-trumps, win the first game from love with four by cards, and score 30
    Aces, you have won 66 points": by the table it is 4 × 12 + 30 = 78 (70 with the 10-point
    No-trumps); 66 would be three by cards."""
    two_nt = decl(2, B.NO_TRUMPS)
    four_by_cards = B.contract_score(two_nt, B.UNDOUBLED, 10).below
    aces = B.no_trump_honours((2, 1))
    assert (four_by_cards, aces) == (48, 30)
    assert four_by_cards + aces == 78 != 66
    assert B.contract_score(two_nt, B.UNDOUBLED, 10, B.AMERICAN_COUNT).below + aces == 70
    assert B.contract_score(two_nt, B.UNDOUBLED, 9).below + aces == 66  # three by cards


# --- the count, honours, chicane, slams ------------------------------------------------------


def test_trick_values_and_declaring_order() -> None:
    assert B.BOOK_COUNT == (2, 4, 6, 8, 12) and B.AMERICAN_COUNT == (2, 6, 7, 8, 10)
    # Equal values: the one for more tricks is higher (ASSUMPTION 3).
    assert B.declaration_rank(decl(3, B.SPADES_BID)) > B.declaration_rank(decl(1, B.DIAMONDS_BID))
    assert B.declaration_rank(decl(3, B.CLUBS_BID)) > B.declaration_rank(decl(1, B.NO_TRUMPS))
    assert decl(2, B.DIAMONDS_BID) in B.overcalls(decl(1, B.NO_TRUMPS))
    assert decl(2, B.CLUBS_BID) not in B.overcalls(decl(1, B.NO_TRUMPS))
    # The American count orders by its own values.
    assert decl(2, B.CLUBS_BID) in B.overcalls(decl(1, B.NO_TRUMPS), B.AMERICAN_COUNT)
    assert len(B.overcalls(-1)) == 35 and B.overcalls(decl(7, B.NO_TRUMPS)) == ()


def test_honours_table() -> None:
    t = 6  # diamonds
    assert [B.trump_honours(h, t) for h in ((2, 1), (2, 2), (3, 2), (4, 0), (4, 1), (5, 0))] == [
        12, 24, 30, 48, 54, 60,
    ]  # fmt: skip
    assert B.trump_honours((1, 1), t) == 0
    assert [B.no_trump_honours(a) for a in ((3, 0), (2, 2), (4, 0), (2, 0))] == [30, 40, 100, 0]


def test_chicane_and_double_chicane() -> None:
    """Chicane is worth simple honours, double chicane four honours, set against the other
    side's honours (ASSUMPTION 7)."""
    # Hearts: side 1 holds all five honours in seat 1 (10 × 8) and seat 3 has no heart
    # (chicane, 2 × 8); side 0 has no heart at all (double chicane, 4 × 8).
    assert B.honour_scores(B.HEARTS_BID, SUITS_HELD) == (0, 80 + 16 - 32)
    # No chicane at No-trumps; one Ace each: nothing.
    assert B.honour_scores(B.NO_TRUMPS, SUITS_HELD) == (0, 0)
    hands = [cards(h) for h in ("♥A ♥K ♥Q ♥J", "♥2", "♥3 ♠2", "♥4")]
    assert B.honour_scores(B.HEARTS_BID, hands) == (64, 0)  # four in one hand


def test_slams() -> None:
    assert B.slam_bonus(12) == 20 and B.slam_bonus(13) == 40 and B.slam_bonus(11) == 0


def test_bound_on_a_deal() -> None:
    assert B.max_deal_score() == 13 * 200 + 40 + 100 == 2_740
    assert B.max_deal_score(B.AMERICAN_COUNT) == 2_740
    g = load()
    assert g.min_utility() == -2_740 and g.max_utility() == 2_740
    assert load(rubber=True, max_deals=5).max_utility() == 5 * 2_740 + 250
    assert g.num_distinct_actions() == B.NUM_DISTINCT_ACTIONS == 92
    assert g.max_game_length() == 316 + 52


# --- the auction -----------------------------------------------------------------------------


def test_the_dealer_must_declare() -> None:
    state = deal_into(load().new_initial_state(), SUITS)
    assert state.current_player() == 3
    assert B.PASS_ACTION not in state.legal_actions()
    assert B.DOUBLE_ACTION not in state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match="the dealer must declare"):
        state.apply_action(B.PASS_ACTION)
    assert len(state.legal_actions()) == 35


def test_doubling_and_redoubling() -> None:
    """Law 56: an adversary's declaration may be doubled once, then redoubled once by its
    side; never a partner's call, never twice."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart")  # dealer 3; player 0 is his adversary
    assert "double" in names(state) and "redouble" not in names(state)
    do(state, "pass")  # 0
    assert "double" not in names(state)  # player 1 is the declarer's partner
    with pytest.raises(pyspiel.SpielError, match="own side's declaration"):
        state.apply_action(B.DOUBLE_ACTION)
    do(state, "pass", "double")  # 1 passes, 2 doubles
    assert state.s.doubling == B.DOUBLED and state.s.passes == 0
    assert "redouble" in names(state) and "double" not in names(state)  # player 3
    do(state, "pass")  # 3
    assert "redouble" not in names(state) and "double" not in names(state)  # 0: his side doubled
    do(state, "pass", "redouble")  # 0 passes; 1 redoubles his partner's call
    assert state.s.doubling == B.REDOUBLED
    assert "double" not in names(state) and "redouble" not in names(state)
    do(state, "pass", "pass", "pass")
    assert state.s.phase == B.PLAY
    assert (state.s.contract, state.s.doubling, state.s.declarer, state.s.dummy) == (
        decl(1, B.HEARTS_BID), B.REDOUBLED, 3, 1,
    )  # fmt: skip
    assert state.current_player() == 0  # the declarer's left leads


def test_doubling_reopens_the_bidding() -> None:
    """Law 57: after a double the declarer himself may make a higher declaration; Law 61 (the
    maker of an undoubled standing declaration may not alter it) otherwise."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "double", "pass", "pass")
    assert state.current_player() == 3 and "declare Two Hearts" in names(state)
    do(state, "declare Two Hearts")
    assert state.s.doubling == B.UNDOUBLED and state.s.high == decl(2, B.HEARTS_BID)
    # Law 61, by the rules' own calls: the maker may only pass, double being the adversaries'.
    s = state.s.copy()
    s.to_move = 3
    assert load().rules.calls(s) == [B.PASS_ACTION]


def test_three_passes_end_the_auction_and_the_final_declarer_plays() -> None:
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "declare One No Trump", "pass", "pass")
    assert state.s.phase == B.AUCTION
    do(state, "pass")
    assert state.s.phase == B.PLAY and state.s.declarer == 0 and state.s.dummy == 2


def test_the_partner_who_first_named_the_denomination_plays() -> None:
    """``declarer=first_named``: the partner who first named the final denomination plays it;
    by default the final declarer does (ASSUMPTION 9)."""
    for rule, declarer in (("final", 1), ("first_named", 3)):
        state = deal_into(load(declarer=rule).new_initial_state(), SUITS)
        do(state, "declare One Heart", "declare One No Trump", "declare Two Hearts")
        do(state, "pass", "pass", "pass")
        assert state.s.declarer == declarer and state.s.dummy == (declarer + 2) % 4
        assert state.current_player() == (declarer + 1) % 4


# --- the dummy -------------------------------------------------------------------------------


def test_the_declarer_plays_dummys_cards() -> None:
    """Dummy's seat is played by the declarer: OpenSpiel's current player is the declarer when
    a card of dummy's is due; dummy never acts in the play."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "pass", "pass", "pass")  # declarer 3, dummy 1, 0 leads
    deciders = []
    while state.s.phase == B.PLAY:
        if state.s.to_move == 1:
            assert state.current_player() == 3
            assert set(state.legal_actions()) <= set(parse_cards(SUITS[1]))
        deciders.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert 1 not in deciders and deciders.count(3) == 26


def to_the_play(seed: int) -> Any:
    """A seeded random deal whose auction is the first declaration the dealer may make
    (One Spade), then three passes."""
    state = random_deal(seed)
    while state.s.phase == B.AUCTION:
        legal = state.legal_actions()
        state.apply_action(B.PASS_ACTION if B.PASS_ACTION in legal else legal[0])
    return state


def test_dummy_is_shown_to_everyone_after_the_opening_lead_only() -> None:
    state = to_the_play(7)
    dummy = state.s.dummy
    laid = [
        f"player {dummy} lays down {x} as dummy"
        for x in B.rules.cards_text(state.s.hands[dummy]).split()
    ]
    assert len(laid) == 13
    for p in range(4):
        info = state.information_state_string(p)
        assert not any(w in info for w in laid)
        assert state.player_view(p).dummy_hand == 0
        if p != dummy:
            assert "Dummy: not down" in state.observation_string(p)
    state.apply_action(state.legal_actions()[0])  # the opening lead
    for p in range(4):
        info = state.information_state_string(p)
        assert all(w in info for w in laid), p
        assert f"Dummy (player {dummy}):" in state.observation_string(p)
        assert state.player_view(p).dummy_hand == state.s.hands[dummy]
        table = state.get_game().rules.table_view(state.s, p)
        zone = next(z for z in table.zones if z.name == f"hand{dummy}")
        assert mask_of(zone.cards) == state.s.hands[dummy] and zone.hidden == 0


def test_a_re_deal_never_moves_an_exposed_dummy_card() -> None:
    """After the lead: the declarer's re-deals move only the defenders' cards, a defender's
    (and dummy's own) never move dummy's; before it, a defender's re-deal does move them."""
    state = to_the_play(11)
    declarer, dummy = state.s.declarer, state.s.dummy
    defenders = [(declarer + 1) % 4, (declarer + 3) % 4]
    moved_before = False
    for seed in range(20):
        w = state.resample_from_infostate(
            defenders[0], pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        )
        moved_before |= w.s.hands[dummy] != state.s.hands[dummy]
    assert moved_before
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])  # dummy's first card, by the declarer
    for seed in range(20):
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        for p in range(4):
            w = state.resample_from_infostate(p, sampler)
            assert w.s.hands[dummy] == state.s.hands[dummy]
            assert w.information_state_string(p) == state.information_state_string(p)
        w = state.resample_from_infostate(declarer, sampler)
        assert w.s.hands[declarer] == state.s.hands[declarer]
        assert w.s.hands[defenders[0]] | w.s.hands[defenders[1]] == (
            state.s.hands[defenders[0]] | state.s.hands[defenders[1]]
        )


# --- scoring through played deals ------------------------------------------------------------


def test_a_contract_made_with_a_grand_slam() -> None:
    """One Heart by player 3 (dummy 1 holds every heart): the dummy ruffs the opening lead and
    takes all thirteen tricks. Below: seven odd tricks at 8 = 56; above: the grand slam 40 and
    honours (five in one hand, 80, and seat 3's chicane, 16, against side 0's double chicane,
    32) 64."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.is_terminal() and state.s.won == (0, 13, 0, 0)
    assert state.s.deal_score == (0, 56 + 40 + 64)
    assert state.returns() == [-160, 160, -160, 160]


def test_a_doubled_contract_made_earns_the_law_58_bonus() -> None:
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "double", "pass", "pass", "pass")
    play_first_legal(state)
    # Below 2 × 56; bonus 50 + 6 × 50; slam; honours (never doubled).
    assert state.s.deal_score == (0, 112 + 350 + 40 + 64)


def test_a_failed_contract_scores_nothing_below() -> None:
    """One No Trump by player 0: player 1 leads his hearts and nobody can follow; seven
    under-tricks, 350 above to side 1, with the grand slam; Aces one each, no honours."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Heart", "declare One No Trump", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.s.won == (0, 13, 0, 0) and state.s.below == (0, 0)
    assert state.s.deal_score == (0, 350 + 40)
    assert state.returns() == [-390, 390, -390, 390]


@pytest.mark.parametrize("doubling", [(), ("double",), ("double", "redouble")])
def test_one_spade_failing_loses_at_most_100(doubling: tuple[str, ...]) -> None:
    """One Spade by the dealer (3) takes no trick: 100 to side 0, doubled or not (Law 51), with
    their slam and the spade honours (ten 2s, 20, and seat 2's chicane, 4, against side 1's
    double chicane, 8)."""
    state = deal_into(load().new_initial_state(), SUITS)
    do(state, "declare One Spade", *doubling, *(["pass"] * 3))
    play_first_legal(state)
    assert state.s.won == (13, 0, 0, 0)
    assert state.s.deal_score == (100 + 40 + 16, 0)


def test_the_rubber() -> None:
    """Two games to side 1 in two deals (56 below each: a game each), then the rubber's 250."""
    state = deal_into(load(rubber=True).new_initial_state(), SUITS)
    do(state, "declare One Heart", "pass", "pass", "pass")
    play_first_legal(state)
    assert not state.is_terminal() and state.s.games == (0, 1) and state.s.below == (0, 0)
    assert state.s.score == (0, 160) and state.s.dealer == 0
    deal_into(state, SUITS)
    assert state.current_player() == 0  # the deal passed to the left: the new dealer declares
    do(state, "declare One Spade", "declare Two Hearts", "pass", "pass", "pass")
    assert (state.s.declarer, state.s.dummy) == (1, 3)
    play_first_legal(state)
    assert state.is_terminal() and state.s.games == (0, 2)
    assert state.s.score == (0, 160 + 160 + 250)
    assert state.returns() == [-570, 570, -570, 570]


def test_a_rubber_stops_at_its_bound_without_the_bonus() -> None:
    state = deal_into(load(rubber=True, max_deals=1).new_initial_state(), SUITS)
    do(state, "declare One Heart", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.is_terminal() and state.returns()[1] == 160


def test_below_the_line_under_thirty_is_no_game() -> None:
    """One Club made with thirteen tricks: 7 × 4 = 28 below the line, no game."""
    state = deal_into(load(rubber=True).new_initial_state(), SUITS)
    do(state, "declare One Club", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.s.below == (0, 28) and state.s.games == (0, 0) and not state.is_terminal()
    # Honours: five clubs in one hand (40) and seat 1's chicane (8) against double chicane (16).
    assert state.s.score == (0, 28 + 40 + 40 - 8)


def test_the_american_count() -> None:
    state = deal_into(load(count="american").new_initial_state(), SUITS)
    assert "declare Two Clubs" in names(do(state, "declare One No Trump"))


# --- the revoke (Law 90, ``revoke=true``) -------------------------------------------------------

# Seat 0 has eleven spades, ♥2 and ♦2; seat 1 twelve hearts and ♠3; seat 2 ten diamonds, ♠2 and
# ♣A; seat 3 (dummy) twelve clubs and ♦3. One Heart by seat 1: seat 2 leads.
REVOKE_DEAL = {
    0: "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♥2 ♦2",
    1: "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6 ♥5 ♥4 ♥3 ♠3",
    2: "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♠2 ♣A",
    3: "♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4 ♣3 ♣2 ♦3",
}


def one_heart_with_revokes() -> Any:
    state = deal_into(load(revoke=True).new_initial_state(), REVOKE_DEAL)
    do(state, "declare One Club", "pass", "declare One Heart", "pass", "pass", "pass")
    assert (state.s.declarer, state.s.dummy, state.current_player()) == (1, 3, 2)
    return state


def play_following(state: Any) -> Any:
    """Play the hand out, every seat following suit when it can (no further revoke)."""
    while state.s.phase == B.PLAY:
        legal = state.legal_actions()
        tr = state.get_game().rules.trick_rules(state.s)
        led = tr.suit[state.s.trick[0]] if state.s.trick else -1
        follow = [c for c in legal if tr.suit[c] == led]
        state.apply_action((follow or legal)[0])
    return state


def test_a_revoke_is_a_play_but_dummy_follows_suit() -> None:
    state = one_heart_with_revokes()
    assert len(state.legal_actions()) == 13  # the leader: any card, as always
    do(state, "lead ♦A")
    assert names(state).keys() == {"play ♦3"}  # dummy's cards are on the table: he follows
    do(state, "play ♦3")
    assert len(state.legal_actions()) == 13  # seat 0 holds ♦2 and may revoke
    assert load().max_game_length() == 368
    assert load(revoke=True).max_game_length() == 368 + 24


def test_an_adversarys_revoke_is_settled_by_the_declarer() -> None:
    """Seat 0 renounces the ♦A holding ♦2: the revoke comes to light when the hand is over, and
    the declarer chooses 150 above the line or three tricks (Law 90)."""
    for choice in ("take three tricks", "take 150 above the line"):
        state = one_heart_with_revokes()
        do(state, "lead ♦A", "play ♦3", "play ♠4", "play ♥3")
        assert state.s.revokes == (1, 0, 0, 0)
        assert "revoked" not in state.information_state_string(2)  # not seen when made
        play_following(state)
        assert state.s.phase == B.SETTLE and state.current_player() == 1
        assert set(names(state)) == {"take three tricks", "take 150 above the line"}
        for p in range(4):
            assert "player 0 revoked" in state.information_state_string(p)
        tricks = state.get_game().rules.side_tricks(state.s)
        do(state, choice)
        assert state.is_terminal()
        taken = int(choice == "take three tricks")
        below, above = B.hand_score(held_of(REVOKE_DEAL), 1, decl(1, B.HEARTS_BID),
                                    B.UNDOUBLED, tricks, revokes=(0, 1), taken=taken)  # fmt: skip
        assert state.s.deal_score == (below[0] + above[0], below[1] + above[1])
        honours = B.honour_scores(B.HEARTS_BID, held_of(REVOKE_DEAL))
        assert state.s.deal_score[0] == honours[0]  # the revoking side: honours only
        if not taken:
            assert above[1] >= 150


def test_the_declarers_revoke_gives_the_adversaries_150() -> None:
    state = one_heart_with_revokes()
    do(state, "lead ♠2", "play ♣2", "play ♠A", "play ♥3")  # seat 1 holds ♠3: a revoke
    assert state.s.revokes == (0, 1, 0, 0)
    play_following(state)
    assert state.is_terminal()  # nothing to settle: the adversaries did not revoke
    tricks = state.get_game().rules.side_tricks(state.s)
    contract = B.contract_score(decl(1, B.HEARTS_BID), B.UNDOUBLED, tricks[1])
    honours = B.honour_scores(B.HEARTS_BID, held_of(REVOKE_DEAL))
    slam = B.slam_bonus(tricks[0])
    assert state.s.deal_score == (honours[0] + 150 + contract.penalty + slam, honours[1])


def test_with_revokes_a_renounce_is_no_void_to_the_determinizer() -> None:
    """Seat 0 did not follow diamonds but holds ♦2: in the declarer's re-deals seat 0 may hold
    diamonds (without the revoke rule, a renounce is a void)."""
    state = one_heart_with_revokes()
    do(state, "lead ♦A", "play ♦3", "play ♠4", "play ♥3")
    diamonds = cards("♦2 ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4")
    seen = False
    for seed in range(40):
        w = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert w.information_state_string(1) == state.information_state_string(1)
        seen |= bool(w.s.hands[0] & diamonds)
    assert seen


def held_of(hands: dict[int, str]) -> tuple[int, ...]:
    return tuple(cards(hands[q]) for q in range(4))


# --- leads out of turn (Law 62 and the Bridge laws, ``lead_out_of_turn=true``) ---------------


def one_heart_with_leads_out_of_turn(**params: Any) -> Any:
    """REVOKE_DEAL, One Heart by seat 1 (dummy seat 3): seat 2 is to lead, seat 0 (his
    partner) may lead out of turn first."""
    state = deal_into(load(lead_out_of_turn=True, **params).new_initial_state(), REVOKE_DEAL)
    do(state, "declare One Club", "pass", "declare One Heart", "pass", "pass", "pass")
    assert (state.s.declarer, state.s.leader, state.current_player()) == (1, 2, 0)
    return state


def test_without_the_rule_nothing_changes() -> None:
    assert load().num_distinct_actions() == B.NUM_DISTINCT_ACTIONS == 92
    assert load(lead_out_of_turn=True).num_distinct_actions() == B.LAW_ACTIONS == 98
    assert load(lead_out_of_turn=True).max_game_length() == 368 + 26
    state = one_heart_with_revokes()  # the rule off: the leader leads at once
    assert state.s.phase == B.PLAY and state.current_player() == 2


def test_the_leaders_partner_may_lead_out_of_turn_or_wait() -> None:
    state = one_heart_with_leads_out_of_turn()
    legal = names(state)
    assert "wait for the leader" in legal and "lead ♠A out of turn" in legal
    assert len(legal) == 14  # his thirteen cards, or wait
    do(state, "wait for the leader")
    assert state.s.phase == B.PLAY and state.current_player() == 2
    assert not state.s.exposed  # nothing was led yet
    do(state, "lead ♦A", "play ♦3", "play ♦2", "play ♠3")
    # seat 2 won the trick and leads again: seat 0 is offered the lead out of turn again
    assert state.s.phase == B.OUT_OF_TURN and state.current_player() == 0


def test_the_declarers_side_is_never_offered_a_lead_out_of_turn() -> None:
    state = one_heart_with_leads_out_of_turn()
    do(state, "wait for the leader", "lead ♠2", "play ♣2", "play ♠A", "play ♠3")
    assert state.s.leader == 0  # a defender won: his partner is offered
    assert state.s.phase == B.OUT_OF_TURN and state.current_player() == 2
    do(state, "wait for the leader", "lead ♥2", "play ♥A", "play ♣A", "play ♣3")
    assert state.s.leader == 1 and state.s.phase == B.PLAY  # the declarer leads at once


def test_a_lead_out_of_turn_puts_dummy_down_and_the_declarer_decides() -> None:
    """Law 62: dummy goes down as soon as a card is led, whether in or out of turn; every
    player sees the card; the declarer accepts it or calls a suit."""
    state = one_heart_with_leads_out_of_turn()
    do(state, "lead ♠A out of turn")
    assert state.s.exposed and state.s.phase == B.PENALTY_LEAD
    assert state.current_player() == 1
    assert set(names(state)) == {
        "accept the lead",
        "call spades from the leader",
        "call hearts from the leader",
        "call diamonds from the leader",
        "call clubs from the leader",
    }
    for p in range(4):
        info = state.information_state_string(p)
        assert "player 0 leads ♠A out of turn" in info and "Led out of turn: ♠A" in info
        assert "player 3 lays down" in info
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(parse_cards("♥A")[0])


def test_an_accepted_lead_out_of_turn_stands() -> None:
    state = one_heart_with_leads_out_of_turn()
    do(state, "lead ♠A out of turn", "accept the lead")
    assert state.s.trick == tuple(parse_cards("♠A")) and state.s.leader == 0
    assert state.current_player() == 1 and names(state).keys() == {"play ♠3"}
    assert "player 1 accepts the lead out of turn" in state.information_state_string(2)
    do(state, "play ♠3", "play ♠2", "play ♣2")  # dummy plays last to this trick
    assert state.s.won[0] == 1 and state.s.known == 0


def test_a_called_suit_must_be_led_and_the_card_taken_back_is_known() -> None:
    state = one_heart_with_leads_out_of_turn()
    do(state, "lead ♠A out of turn", "call clubs from the leader")
    assert names(state).keys() == {"lead ♣A"}  # seat 2 holds one club: he must lead it
    assert state.s.hands[0] & cards("♠A") and state.s.known == cards("♠A")
    for p in range(4):
        assert "Seen by all: 0:♠A" in state.observation_string(p)
    with pytest.raises(pyspiel.SpielError, match="called clubs"):
        state.apply_action(parse_cards("♦A")[0])
    for seed in range(20):  # every world keeps ♠A in seat 0's hand
        w = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert w.information_state_string(1) == state.information_state_string(1)
        assert w.s.hands[0] & cards("♠A")
    do(state, "lead ♣A", "play ♣2", "play ♠A")
    assert state.s.known == 0


@pytest.mark.parametrize("revoke", [False, True])
def test_a_leader_without_the_called_suit_shows_he_has_none(revoke: bool) -> None:
    """Seat 2 holds no heart: he leads what he likes, and every re-deal of the declarer's keeps
    hearts out of his hand (with ``revoke=true`` too: a called suit cannot be withheld)."""
    state = one_heart_with_leads_out_of_turn(revoke=revoke)
    do(state, "lead ♥2 out of turn", "call hearts from the leader")
    assert len(state.legal_actions()) == 13
    do(state, "lead ♦A")
    assert state.s.refused[2] == state.s.voids[2] == 1 << HEARTS
    hearts = cards("♥2")
    moved = False
    for seed in range(40):
        w = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert w.information_state_string(1) == state.information_state_string(1)
        assert not w.s.hands[2] & hearts and w.s.hands[0] & hearts  # ♥2 is known, seen by all
        moved |= w.s.hands[0] != state.s.hands[0]
    assert moved


# --- calls out of turn (Laws 52 and 59, ``call_out_of_turn=true``) ---------------------------


def test_without_the_call_rule_nothing_changes() -> None:
    assert load(call_out_of_turn=True).num_distinct_actions() == B.CALL_LAW_ACTIONS == 100
    assert load(call_out_of_turn=True).max_game_length() == 368 + 2 * 316
    state = deal_into(load().new_initial_state(), SUITS)
    assert state.s.phase == B.AUCTION and state.current_player() == 3  # the dealer, at once


def at_the_auction(**params: Any) -> Any:
    state = deal_into(load(call_out_of_turn=True, **params).new_initial_state(), SUITS)
    assert state.s.phase == B.CALL_OUT and state.current_player() == 0
    return state


def test_the_player_on_the_left_may_declare_out_of_turn_or_wait() -> None:
    state = at_the_auction()
    legal = names(state)
    assert "wait for his turn" in legal and "declare One Heart out of turn" in legal
    assert "pass" not in legal and not any("double" in w for w in legal)
    assert len(legal) == 35 + 1
    do(state, "wait for his turn")
    assert state.s.phase == B.AUCTION and state.current_player() == 3


def test_law_52_a_declaration_out_of_turn_let_stand() -> None:
    """The adversary on the offender's left lets it stand: the bidding continues as if the
    declaration had been in order (the dealer has lost his turn)."""
    state = at_the_auction()
    do(state, "declare One Heart out of turn")
    assert state.s.phase == B.PENALTY_CALL and state.current_player() == 1
    assert set(names(state)) == {"demand a new deal", "let it stand"}
    for p in range(4):
        info = state.information_state_string(p)
        assert "player 0 declares One Heart out of turn" in info
        assert "Called out of turn: declare One Heart" in info
    do(state, "let it stand")
    assert (state.s.high, state.s.bidder) == (decl(1, B.HEARTS_BID), 0)
    assert state.s.phase == B.CALL_OUT and state.current_player() == 2  # player 1 is due next
    assert "player 0 declares One Heart;" not in state.information_state_string(3)


def test_law_52_a_new_deal_demanded() -> None:
    state = at_the_auction()
    do(state, "declare One Heart out of turn", "demand a new deal")
    assert state.is_chance_node() and state.s.phase == B.DEAL and state.s.redealt
    assert state.s.dealer == 3 and state.s.high == -1 and not any(state.s.hands)
    assert "player 1 demands a new deal" in state.information_state_string(2)
    deal_into(state, SUITS)
    assert state.s.phase == B.AUCTION and state.current_player() == 3  # no more offers
    do(state, "declare One Spade", "pass", "pass", "pass")
    assert state.s.phase == B.PLAY


def test_law_59_a_double_out_of_turn() -> None:
    state = at_the_auction()
    do(state, "wait for his turn", "declare One Spade")  # the dealer, player 3
    assert state.current_player() == 1  # offered to player 1, before player 0's call
    assert "double out of turn" not in names(state)  # his partner's declaration
    do(state, "wait for his turn", "pass")
    assert state.current_player() == 2
    do(state, "double out of turn")
    assert state.current_player() == 3 and set(names(state)) == {
        "demand a new deal",
        "let it stand",
    }
    do(state, "let it stand")
    assert state.s.doubling == B.DOUBLED and state.s.passes == 0
    assert state.s.phase == B.CALL_OUT and state.current_player() == 0  # player 3 is due
