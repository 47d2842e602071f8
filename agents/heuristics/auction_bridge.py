"""A heuristic for Auction Bridge as named, toggleable rules: the book's hints ("Hints to
Players" and "General Remarks", Hoffmann, Hoyle's Games Modernized, AUCTION BRIDGE) where they
can drive play, and a bidder and card player of this project's own beside them, marked so.

In priority order (a hint narrows the moves the ones before it left):

0. ``in-turn`` (Laws 52, 59 and 62; it decides only in the optional rules
   ``lead_out_of_turn=true`` and ``call_out_of_turn=true``): wait for one's turn (the laws
   penalise a call or a lead out of turn). The wronged side's choice is this project's own:
   the declarer accepts a lead out of turn; the adversary on the left of a player who called
   out of turn lets the call stand when the side's count contests it (covers a declaration
   that overcalls it, or, against a double, the side's doubled declaration), else demands a
   new deal. Without it the other hints decide there, and ``bid-by-count``'s fallback (the
   cheapest legal action: a declaration or a card out of turn) offends at every offer.
   Measured on duplicate deals of both variants together: with it +0.5 [-0.3, +1.3] points a
   deal, inconclusive (``docs/hints/auction_bridge/report.md``): under assumptions 15 and 16
   of the game an offence costs little (a new deal is even, an accepted lead is just a lead).
1. ``one-spade-convention`` (the book's "One-Spade" Convention, **off by default**): the dealer
   opens with a nominal One Spade, except with a moderate, guarded No-trumper (One No Trump) or
   a strong suit headed by the Ace and King of Spades or Clubs (two in it); his partner must
   never leave One Spade in: with nothing better to say he calls Two Spades. The author argues
   against it ("why give second player the option ...", and "the limitation of loss, under Law
   51, is voluntarily annulled"), so the agent follows the author: ``heuristic`` plays without
   it and ``heuristic:one_spade=on`` with it (the hint experiment measures the two).
2. ``double-sure-set`` (General Remarks: "to double a call is to warn the opponents of their
   danger"; doubles "more freely" of high calls the opponents cannot escape): double an
   adversary's declaration only when the side's count of defensive tricks sets it by two tricks
   or more; otherwise never double.
3. ``let-them-fail`` ("it is very frequently wiser to leave the opponents to play out a black
   call, which you think you can defeat, than to incur risk of failure yourself by
   overbidding"; "it is more profitable to let your opponents fail than to score below the
   line yourself"): when the adversaries' standing declaration fails by the side's count, pass.
4. ``high-call`` ("Assuming that your chance of winning tricks is the same, it is always better
   to play a high call than a low one"): of the denominations whose count covers a
   declaration, declare the one of the highest trick value (its cheapest legal declaration).
5. ``bid-by-count`` (this project's own): declare the cheapest legal declaration of the
   denomination whose count covers it with the most to spare; redouble a doubled contract of
   the side's that the count covers with a trick to spare; otherwise pass, or, for the dealer,
   who must declare, One Spade (whose loss Law 51 limits to 100).
6. ``follow-suit`` and ``revoke-penalty`` (Law 90; they decide only where a revoke is a
   play, ``revoke=true``): follow suit; for each of the adversaries' revokes take three tricks
   while the contract still needs them, else 150 above the line.
7. ``contract-first`` ("As player of Dummy, aim first at fulfilling your contract ... As player
   against Dummy, aim first at saving the game"): until the side has the tricks it needs (the
   contract, or the set), lead from strength: trumps from the top while the adversaries may
   hold any (declaring side), else a master card.
8. The card play of this project's own: ``partner-winning-low`` (do not overtake a trick the
   partner is sure to win), ``win-cheaply`` (beat the adversaries' card with the cheapest card
   sure to hold the trick, or else the cheapest winner), ``follow-low`` (otherwise the lowest
   card, a plain card before a trump).

Measured on duplicate deals (each deal played twice, the sides exchanged; points a deal, 95%
CI): against ``random`` +1,337 [+1,225, +1,449] over 40 deals
(``tests/agents/test_auction_bridge_heuristic.py``) and +1,266 [+1,227, +1,306] over 300
(``docs/leaderboards/auction_bridge-field``), most of it the auction (``random`` overcalls into
contracts that fail); with the four auction hints off +335 [+251, +420]. What each book hint is
worth: ``docs/hints/auction_bridge/report.md``.

The declarer plays dummy's cards: when dummy's seat is to play, the agent's view is the
declarer's, and the hand it plays from is dummy's (on the table). A hint sees only the
player's view (:class:`~hoyle.envs.games.auction_bridge.AuctionBridgeView`): the unseen cards
are the pack less his hand, dummy's cards once down and the cards played; a seat that did not
follow a suit holds none of it. The counts of a hand are Vint's (the same pack, trick table and
tricks over the book: :mod:`hoyle.agents.heuristics.vint`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.heuristics import HeuristicBot
from hoyle.agents.heuristics.hints import Hint, register_hints, resolve_hint
from hoyle.agents.heuristics.vint import (
    PARTNER_SHARE,
    deal_events,
    hand_and_partner,
    no_trump_tricks,
    shown_count,
    side_tricks,
    trump_tricks,
)
from hoyle.envs.core.cards import ACE, CLUBS, KING, NUM_SUITS, SPADES, card, cards_of, mask_of
from hoyle.envs.core.tricks import TrickRules, legal_plays, trick_winner, weakest
from hoyle.envs.games.auction_bridge import (
    ACCEPT_LEAD_ACTION,
    CLUBS_BID,
    DECLARE_ACTION_BASE,
    DECLARES,
    DOUBLE_ACTION,
    LET_STAND_ACTION,
    NEW_DEAL,
    NEW_DEAL_ACTION,
    NO_TRUMPS,
    PASS_ACTION,
    PENALTY_POINTS_ACTION,
    PENALTY_TRICKS_ACTION,
    PLAY,
    REDOUBLE_ACTION,
    REVOKE_TRICKS,
    SPADES_BID,
    TAKES_TRICKS,
    WAIT_ACTION,
    AuctionBridgeView,
    bid_index,
    bid_of,
    overcalls,
    tricks_needed,
)
from hoyle.envs.games.auction_bridge import GAME as BRIDGE_SPEC
from hoyle.envs.games.vint import (
    DENOMINATION_SUITS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_PLAYERS,
    TRICKS,
)

BOOK = BRIDGE_SPEC.citation
HINTS_TO_PLAYERS = f"{BOOK}, Hints to Players (the One-Spade Convention)"
GENERAL_REMARKS = f"{BOOK}, General Remarks"
LAW_90 = f"{BOOK}, Law 90 (with revoke=true)"
LAWS_52_59_62 = (f"{BOOK}, Laws 52, 59 and 62 (with lead_out_of_turn=true or call_out_of_turn="
                 "true); the wronged side's choice is this project's own")  # fmt: skip
OWN = f"not the book's: this project's own play ({BOOK})"

MARGIN = 0.0
"""Tricks the count must exceed a declaration's by to declare it."""
SURE_SET = 2.0
"""Tricks beyond the set the defence count must reach to double ("a sure set")."""
REDOUBLE_MARGIN = 1.0
"""Tricks beyond the contract the count must reach to redouble."""
ONE_SPADE = DECLARE_ACTION_BASE + bid_index(1, SPADES_BID)
TWO_SPADES = DECLARE_ACTION_BASE + bid_index(2, SPADES_BID)
ONE_NO_TRUMP = DECLARE_ACTION_BASE + bid_index(1, NO_TRUMPS)


# --- out of turn (Laws 52, 59 and 62) ---------------------------------------------------------


def covers_out_call(view: AuctionBridgeView) -> bool:
    """Whether the wronged side's count holds up against the call out of turn: against a
    declaration, it covers a declaration that overcalls it; against a double (of the side's
    own declaration), it covers that declaration."""
    if view.out_call == DOUBLE_ACTION:
        level, d = bid_of(view.high)
        return side_count(view, d) - tricks_needed(level) >= MARGIN
    out = view.out_call - DECLARE_ACTION_BASE
    count = view.rules.count
    return any(side_count(view, bid_of(b)[1]) - tricks_needed(bid_of(b)[0]) >= MARGIN
               for b in overcalls(out, count))  # fmt: skip


def in_turn(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    """The book's part: call and lead only in turn (Laws 52, 59 and 62 penalise the player
    who does not). The project's own part, the wronged side's choice: accept a lead out of
    turn (the offender's side has shown a card and given up its choice of lead); let a call
    out of turn stand when the side's count contests it, else demand a new deal (a fresh deal
    is even, a hand that cannot contest the offenders' call is not)."""
    if WAIT_ACTION in legal:
        return [WAIT_ACTION]
    if ACCEPT_LEAD_ACTION in legal:
        return [ACCEPT_LEAD_ACTION]
    if NEW_DEAL_ACTION in legal and LET_STAND_ACTION in legal:
        return [LET_STAND_ACTION if covers_out_call(view) else NEW_DEAL_ACTION]
    return []


# --- the auction ---------------------------------------------------------------------------------


def deal_declarations(view: AuctionBridgeView) -> list[tuple[int, int]]:
    """This deal's declarations, in order, as (seat, ladder index)."""
    return deal_events(view.log, NEW_DEAL, DECLARES)


def side_count(view: AuctionBridgeView, denomination: int) -> float:
    """The side's tricks in ``denomination`` as declarers, by Vint's count: the hand's, and the
    partner's share (a third of the rest, or what his declarations before the player's first
    one showed)."""
    shown = shown_count(
        deal_declarations(view), view.player, (view.player + 2) % NUM_PLAYERS, denomination
    )
    return hand_and_partner(view.hand, shown, denomination)


def defence_count(hand: int, denomination: int) -> float:
    """The side's tricks against an adversary's contract in ``denomination``: the hand's quick
    tricks in the plain suits, its trumps beyond one loser, and a third of the rest from the
    partner."""
    trump = DENOMINATION_SUITS[denomination]
    mine = sum(side_tricks(hand, s) for s in range(NUM_SUITS) if s != trump)
    if denomination != NO_TRUMPS:
        mine += max(0.0, trump_tricks(hand, trump) - 1.0)
    return mine + max(0.0, TRICKS - mine) * PARTNER_SHARE


def adversaries_standing(view: AuctionBridgeView) -> bool:
    """The highest declaration is the adversaries'."""
    return view.high >= 0 and view.bidder % 2 != view.player % 2


def set_margin(view: AuctionBridgeView) -> float:
    """By how many tricks the side's defence count sets the standing declaration (negative: it
    is made by the count)."""
    level, d = bid_of(view.high)
    return defence_count(view.hand, d) - (TRICKS - tricks_needed(level) + 1)


def covered(view: AuctionBridgeView, legal: Sequence[int]) -> list[tuple[float, int, int]]:
    """For each denomination whose count covers its cheapest legal declaration: (tricks to
    spare, the denomination, the declaration action)."""
    out = []
    for d in range(NUM_DENOMINATIONS):
        acts = [a for a in legal if DECLARE_ACTION_BASE <= a < DOUBLE_ACTION
                and bid_of(a - DECLARE_ACTION_BASE)[1] == d]  # fmt: skip
        if not acts:
            continue
        cheapest = min(acts)
        spare = side_count(view, d) - tricks_needed(bid_of(cheapest - DECLARE_ACTION_BASE)[0])
        if spare >= MARGIN:
            out.append((spare, d, cheapest))
    return out


def guarded_no_trumper(hand: int) -> bool:
    """A moderate, "guarded" No-trumper: two Aces and three suits stopped (Vint's count)."""
    return no_trump_tricks(hand) > 0.0


def strong_black_suit(hand: int) -> int | None:
    """A strong Spade or Club suit to the Ace, King (five cards or more): its denomination."""
    for suit, d in ((SPADES, SPADES_BID), (CLUBS, CLUBS_BID)):
        length = sum(1 for r in range(13) if hand >> card(suit, r) & 1)
        if hand >> card(suit, ACE) & 1 and hand >> card(suit, KING) & 1 and length >= 5:
            return d
    return None


def one_spade_convention(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if view.phase == PLAY:
        return []
    calls = deal_declarations(view)
    if not calls and view.player == view.dealer:
        if guarded_no_trumper(view.hand):
            return [ONE_NO_TRUMP]
        black = strong_black_suit(view.hand)
        if black is not None:
            return [DECLARE_ACTION_BASE + bid_index(2, black)]
        return [ONE_SPADE]
    partner = (view.player + 2) % NUM_PLAYERS
    if calls == [(partner, bid_index(1, SPADES_BID))] and partner == view.dealer:
        # Nobody has overcalled the partner's One Spade: he must never leave it in.
        better = covered(view, legal)
        if better:
            return [max(better)[2]]
        return [TWO_SPADES] if TWO_SPADES in legal else []
    return []


def double_sure_set(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if DOUBLE_ACTION not in legal:
        return []
    if set_margin(view) >= SURE_SET:
        return [DOUBLE_ACTION]
    return [a for a in legal if a != DOUBLE_ACTION]


def let_them_fail(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if PASS_ACTION not in legal or not adversaries_standing(view):
        return []
    return [PASS_ACTION] if set_margin(view) >= 0.0 else []


def high_call(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if view.phase == PLAY:
        return []
    options = covered(view, legal)
    if not options:
        return []
    count = view.rules.count
    return [max(options, key=lambda o: (count[o[1]], o[0]))[2]]


def bid_by_count(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if view.phase == PLAY or not legal:
        return []
    if REDOUBLE_ACTION in legal:
        level, d = bid_of(view.high)
        if side_count(view, d) - tricks_needed(level) >= REDOUBLE_MARGIN:
            return [REDOUBLE_ACTION]
    options = covered(view, legal)
    if options:
        return [max(options, key=lambda o: (o[0], -o[2]))[2]]
    if PASS_ACTION in legal:
        return [PASS_ACTION]
    return [min(legal)]  # the dealer must declare: One Spade, the cheapest and Law 51's


# --- the play ------------------------------------------------------------------------------------


def _tricks(view: AuctionBridgeView) -> TrickRules:
    return view.rules.tricks[view.contract % NUM_DENOMINATIONS]


def holding(view: AuctionBridgeView) -> int:
    """The cards of the seat to play: dummy's when the declarer plays for him."""
    return view.hand if view.to_move == view.player else view.dummy_hand


def unseen(view: AuctionBridgeView) -> int:
    """The cards the player has not located: the pack less his hand, dummy's cards on the
    table and every card played."""
    known = view.hand | view.dummy_hand | view.played | mask_of(view.trick)
    return view.rules.pack_mask & ~known


def _cards(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    return [a for a in legal if a < NUM_CARD_ACTIONS] if view.phase == PLAY else []


def is_master(view: AuctionBridgeView, c: int) -> bool:
    """No card of ``c``'s suit outside the playing side's hands beats it (dummy's and the
    player's own cards are the side's when he is declarer, his own alone otherwise)."""
    tr = _tricks(view)
    rivals = unseen(view)
    if view.player != view.declarer:
        rivals |= view.dummy_hand  # an adversary's cards, on the table
    rivals &= tr.suit_masks[tr.suit[c]]
    return all(tr.power[x] < tr.power[c] for x in cards_of(rivals))


def side_target(view: AuctionBridgeView) -> tuple[int, int]:
    """(tricks the playing side has, tricks it needs: the contract, or the set)."""
    need = tricks_needed(bid_of(view.contract)[0])
    side = view.to_move % 2
    have = view.won[side] + view.won[side + 2]
    return have, (need if side == view.declarer % 2 else TRICKS - need + 1)


def may_be_beaten(view: AuctionBridgeView, trick: Sequence[int]) -> bool:
    """Whether an adversary still to play to ``trick`` may beat its winning card, as far as the
    player can tell: dummy's cards are seen (his legal plays are known); another seat that has
    not shown out of the suit led may hold a higher unseen card of it, or, having shown out, an
    unseen trump."""
    tr = _tricks(view)
    w = trick[trick_winner(trick, tr)]
    led, trump = tr.suit[trick[0]], tr.trump
    hidden = unseen(view)
    higher = [x for x in cards_of(hidden) if tr.suit[x] == tr.suit[w] and tr.power[x] > tr.power[w]]
    trumps = hidden & tr.suit_masks[trump] if trump >= 0 else 0
    side = view.to_move % 2
    for k in range(len(trick), NUM_PLAYERS):
        q = (view.leader + k) % NUM_PLAYERS
        if q % 2 == side:
            continue
        if q == view.dummy and view.dummy_down:
            plays = legal_plays(view.dummy_hand, led, tr)
            if any(trick_winner((*trick, x), tr) == len(trick) for x in cards_of(plays)):
                return True
            continue
        if not view.voids[q] >> led & 1:
            if tr.suit[w] == led and higher:
                return True
        elif trumps and not view.voids[q] >> trump & 1 and (tr.suit[w] != trump or higher):
            return True
    return False


def _side_winning(view: AuctionBridgeView) -> bool:
    tr = _tricks(view)
    winner = (view.leader + trick_winner(view.trick, tr)) % NUM_PLAYERS
    return winner % 2 == view.to_move % 2 and not may_be_beaten(view, view.trick)


def follow_suit(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or not view.trick:
        return []
    tr = _tricks(view)
    return cards_of(legal_plays(mask_of(cards), tr.suit[view.trick[0]], tr))


def revoke_penalty(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    if PENALTY_TRICKS_ACTION not in legal:
        return []
    side = view.declarer % 2
    have = view.won[side] + view.won[side + 2]
    need = tricks_needed(bid_of(view.contract)[0])
    taken = sum(1 for k, _, _ in view.log if k == TAKES_TRICKS)
    short = need - have - REVOKE_TRICKS * taken
    return [PENALTY_TRICKS_ACTION if short > 0 else PENALTY_POINTS_ACTION]


def contract_first(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or view.trick:
        return []
    have, need = side_target(view)
    if have >= need:
        return []
    tr = _tricks(view)
    if view.to_move % 2 == view.declarer % 2 and tr.trump >= 0:
        trumps = [c for c in cards if tr.suit[c] == tr.trump]
        out = unseen(view) & tr.suit_masks[tr.trump]
        if trumps and out:
            top = max(trumps, key=lambda c: tr.power[c])
            if is_master(view, top):
                return [top]
    return [c for c in cards if tr.suit[c] != tr.trump and is_master(view, c)]


def partner_winning_low(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or not view.trick or not _side_winning(view):
        return []
    return weakest(cards, _tricks(view))


def win_cheaply(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    if not cards or not view.trick or _side_winning(view):
        return []
    tr = _tricks(view)
    n = len(view.trick)
    winners = [c for c in cards if trick_winner((*view.trick, c), tr) == n]
    pool = [c for c in winners if not may_be_beaten(view, (*view.trick, c))] or winners
    if not pool:
        return []
    low = min(tr.power[c] for c in pool)
    return [c for c in pool if tr.power[c] == low]


def follow_low(view: AuctionBridgeView, legal: Sequence[int]) -> list[int]:
    cards = _cards(view, legal)
    return weakest(cards, _tricks(view)) if cards else []


HINT_TABLE = (
    ("in-turn", LAWS_52_59_62,
     "Wait for one's turn to call or lead; the wronged side accepts a lead out of turn, and "
     "lets a call out of turn stand only when its count contests it.", in_turn),
    ("one-spade-convention", HINTS_TO_PLAYERS,
     "The dealer opens a nominal One Spade (One No Trump with a guarded No-trumper, two with a "
     "strong black suit to A K); his partner never leaves it in.", one_spade_convention),
    ("double-sure-set", GENERAL_REMARKS,
     "Double only a call you can surely defeat: doubling warns the opponents.", double_sure_set),
    ("let-them-fail", GENERAL_REMARKS,
     "Leave the opponents to play a call you think you can defeat rather than overbid.",
     let_them_fail),
    ("high-call", GENERAL_REMARKS,
     "Chances being equal, it is always better to play a high call than a low one.", high_call),
    ("bid-by-count", OWN,
     "Declare what the counted tricks cover, the cheapest declaration; else pass.", bid_by_count),
    ("follow-suit", LAW_90,
     "Follow suit: a revoke costs 150, or three tricks, and the hand's score.", follow_suit),
    ("revoke-penalty", LAW_90,
     "For an adversary's revoke take three tricks while the contract needs them, else 150.",
     revoke_penalty),
    ("contract-first", GENERAL_REMARKS,
     "Aim first at fulfilling the contract (against it, at saving the game): lead from "
     "strength until the side has its tricks.", contract_first),
    ("partner-winning-low", OWN, "Do not overtake a trick the partner is sure to win.",
     partner_winning_low),
    ("win-cheaply", OWN, "Beat the adversaries' card with the cheapest sure winner.", win_cheaply),
    ("follow-low", OWN, "Otherwise play the lowest card, a plain card before a trump.", follow_low),
)  # fmt: skip

HINTS = register_hints(
    "auction_bridge",
    [Hint(f"auction_bridge.{name}", src, summary, fn) for name, src, summary, fn in HINT_TABLE],
)

OPTIONS = {"one_spade": ("off", "on")}
"""``heuristic:one_spade=on`` plays the One-Spade Convention; the default follows the author."""


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """``heuristic[:one_spade=off|on][,-<hint>...]`` for Auction Bridge."""
    for key, value in options.items():
        if key not in OPTIONS:
            raise ValueError(f"heuristic for auction_bridge has no option {key!r}; options: "
                             "one_spade=off|on")  # fmt: skip
        if value not in OPTIONS[key]:
            raise ValueError(f"heuristic option {key}={value!r}: choose one of off, on")
    disabled = tuple(resolve_hint("auction_bridge", h) for h in off)
    if options.get("one_spade", "off") == "off":
        disabled += ("auction_bridge.one-spade-convention",)
    return HeuristicBot(game, seed, disabled, spec)
