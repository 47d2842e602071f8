"""Auction Bridge's rules of play: the trick values, the action layout, the score (small pure
functions of the contract, the tricks and the hands as dealt), the state, the deal, the auction,
the play with the exposed dummy, and the rubber (the game, its source and its ASSUMPTIONS:
:mod:`hoyle.envs.games.auction_bridge`).

What Auction Bridge shares with Vint is imported from it, not copied: the ladder of
declarations by level and denomination (``bid_index``, ``bid_of``), the denominations and their
trump suits, and the trick table of each denomination (A K Q ... 2, the trump suit above the
rest). The order in which declarations overcall one another is Auction Bridge's own (by value).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from hoyle.envs.core.cards import (
    ACE,
    FULL_52,
    JACK,
    KING,
    NUM_SUITS,
    QUEEN,
    SUIT_NAMES,
    TEN,
    CardMask,
    card,
    cards_of,
    cards_text,
    format_card,
    iter_cards,
    mask_of,
)
from hoyle.envs.core.deal import DealPlan
from hoyle.envs.core.events import (
    EVERYONE,
    NOWHERE,
    Event,
    EventKind,
    EventSchema,
    log_event,
    settle_log,
)
from hoyle.envs.core.partnership import AUCTION as AUCTION
from hoyle.envs.core.partnership import DEAL as DEAL
from hoyle.envs.core.partnership import OVER as OVER
from hoyle.envs.core.partnership import PLAY as PLAY
from hoyle.envs.core.partnership import PartnershipPlay
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, PlainState, replace_at
from hoyle.envs.core.tricks import (
    NO_SUIT,
    leader_orders,
    legal_plays,
    play_refusal,
    play_to_trick,
)
from hoyle.envs.games.vint.rules import (  # noqa: F401 (doctests)
    BOOK,
    DENOMINATION_SUITS,
    DIAMONDS_BID,
    HAND_SIZE,
    HEARTS_BID,
    NO_TRUMPS,
    NUM_BIDS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_LEVELS,
    NUM_PLAYERS,
    PASS_ACTION,
    SPADES_BID,
    TRICKS,
    bid_index,
    bid_of,
    score_line,
    vint_tricks,
)

# --- constants and the action layout ---------------------------------------------------------

DECLARE_ACTION_BASE = PASS_ACTION + 1
"""Declaration ``i`` of the ladder (:func:`bid_index`: ``5 × (level − 1) + denomination``)."""
DOUBLE_ACTION = DECLARE_ACTION_BASE + NUM_BIDS
REDOUBLE_ACTION = DOUBLE_ACTION + 1
PENALTY_POINTS_ACTION = REDOUBLE_ACTION + 1
"""Law 90 (``revoke=true``): the declarer takes 150 above the line for an adversary's revoke."""
PENALTY_TRICKS_ACTION = PENALTY_POINTS_ACTION + 1
"""... or three tricks from the adversaries."""
NUM_DISTINCT_ACTIONS = PENALTY_TRICKS_ACTION + 1
"""The actions of the game as the book plays it (and with ``revoke=true``)."""
WAIT_ACTION = NUM_DISTINCT_ACTIONS
"""``lead_out_of_turn=true``: the leader's partner lets the leader lead (ASSUMPTION 15)..."""
ACCEPT_LEAD_ACTION = WAIT_ACTION + 1
"""... the declarer accepts a lead out of turn ..."""
CALL_SUIT_ACTION_BASE = ACCEPT_LEAD_ACTION + 1
"""... or takes it back and calls suit ``t`` (the pack's order: ♠ 0, ♥ 1, ♦ 2, ♣ 3) from the right leader."""
LAW_ACTIONS = CALL_SUIT_ACTION_BASE + NUM_SUITS
"""The number of distinct actions with ``lead_out_of_turn=true``."""
NEW_DEAL_ACTION = LAW_ACTIONS
"""``call_out_of_turn=true``: after a call out of turn, the adversary on its maker's left
demands a new deal (Laws 52 and 59) ..."""
LET_STAND_ACTION = NEW_DEAL_ACTION + 1
"""... or lets the call stand (ASSUMPTION 16)."""
CALL_LAW_ACTIONS = LET_STAND_ACTION + 1
"""The number of distinct actions with ``call_out_of_turn=true``."""

SETTLE = 4
"""After ``DEAL, AUCTION, PLAY, OVER`` (the core's, :mod:`hoyle.envs.core.partnership`), ``SETTLE``: after the last trick, the declarer settles the adversaries' revokes (Law 90)."""
OUT_OF_TURN = 5
"""``lead_out_of_turn=true``: before a defender leads, his partner may lead out of turn."""
PENALTY_LEAD = 6
"""... and after a lead out of turn, the declarer accepts it or calls a suit."""
NUM_PHASES = 5
"""The phases of the game without the irregularities of ``lead_out_of_turn``."""
CALL_OUT = 7
"""``call_out_of_turn=true``: before a call, the player on the left of the one due may call out
of turn."""
PENALTY_CALL = 8
"""... and after a call out of turn, the adversary on its maker's left demands a new deal or
lets it stand."""
PHASE_NAMES = (
    "deal", "auction", "play", "over", "revoke penalties", "a lead out of turn?",
    "the lead out of turn: accept it or call a suit", "a call out of turn?",
    "the call out of turn: a new deal or let it stand",
)  # fmt: skip

UNDOUBLED, DOUBLED, REDOUBLED = range(3)
DOUBLING_NAMES = ("", "doubled", "redoubled")
MULTIPLIER = (1, 2, 4)
"""Doubling doubles, and redoubling quadruples, the value of the tricks (ASSUMPTION 6)."""

BOOK_COUNT = (2, 4, 6, 8, 12)
"""The value of each odd trick by denomination (spades, clubs, diamonds, hearts, No-trumps):
the Bridge values of this book (Laws 2 and 4, to which Law 50 refers; ASSUMPTION 5)."""
AMERICAN_COUNT = (2, 6, 7, 8, 10)
"""The later American count (``count=american``)."""
COUNTS = {"book": BOOK_COUNT, "american": AMERICAN_COUNT}

GAME_POINTS = 30
"""Points below the line that win a game (tricks alone)."""
RUBBER_BONUS = 250
UNDER_TRICK = (50, 100, 200)
"""What the adversaries score above the line per under-trick, undoubled, doubled, redoubled
(Law 50)."""
ONE_SPADE_LIMIT = 100
"""The loss on One Spade in respect of tricks, doubled or not (Law 51)."""
REVOKE_PENALTY = 150
"""Law 90: what a revoke costs above the line (or three tricks, at the declarer's choice)."""
REVOKE_TRICKS = 3
MAX_REVOKES = HAND_SIZE - 1
"""A seat revokes at most once a trick and never in the last (his one card is of the suit)."""
DOUBLED_BONUS = 50
"""Law 58: a doubled contract made scores 50 above the line, and 50 per trick over; redoubled,
both twice."""
LITTLE_SLAM, GRAND_SLAM = 12, 13
SLAM_BONUS = {LITTLE_SLAM: 20, GRAND_SLAM: 40}
"""Slams above the line, to the side that takes the tricks (ASSUMPTION 8)."""
ACES_HONOURS = {3: 30, 4: 40}
"""No-trumps: three Aces between partners 30, four 40; four in one hand :data:`FOUR_ACES_ONE_HAND`."""
FOUR_ACES_ONE_HAND = 100

TRUMP_HONOUR_RANKS = (ACE, KING, QUEEN, JACK, TEN)
ACES: CardMask = mask_of(card(s, ACE) for s in range(NUM_SUITS))
SUIT_MASKS: tuple[CardMask, ...] = tuple(
    mask_of(card(s, r) for r in range(13)) for s in range(NUM_SUITS)
)
HONOUR_MASKS: tuple[CardMask, ...] = tuple(
    mask_of(card(s, r) for r in TRUMP_HONOUR_RANKS) for s in range(NUM_SUITS)
)
LEVEL_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven")
DENOMINATION_WORDS = (("Spade", "Spades"), ("Club", "Clubs"), ("Diamond", "Diamonds"),
                      ("Heart", "Hearts"), ("No Trump", "No Trumps"))  # fmt: skip

EVENT_KINDS = (
    EventKind("{actor} deals", "none"),
    EventKind("{actor} is dealt {value}"),
    EventKind("{actor} passes", "none"),
    EventKind("{actor} declares {value}", "action"),
    EventKind("{actor} doubles", "none"),
    EventKind("{actor} redoubles", "none"),
    EventKind("{actor} lays down {value} as dummy"),
    EventKind("{actor} plays {value}"),
    EventKind("{actor} revoked", "none"),
    EventKind("{actor} takes 150 above the line for a revoke", "none"),
    EventKind("{actor} takes three tricks for a revoke", "none"),
)
LAW_EVENT_KINDS = (
    *EVENT_KINDS,
    EventKind("{actor} leads {value} out of turn"),
    EventKind("{actor} accepts the lead out of turn", "none"),
    EventKind("{actor} takes the lead back and calls {value} from the leader", "suit"),
    EventKind("{actor} declares {value} out of turn", "action"),
    EventKind("{actor} doubles out of turn", "none"),
    EventKind("{actor} demands a new deal", "none"),
    EventKind("{actor} lets the call stand", "none"),
)
"""The event kinds with ``lead_out_of_turn=true`` or ``call_out_of_turn=true`` (the game's
own, then seven more)."""
NEW_DEAL, DEALT, PASSES, DECLARES, DOUBLES, REDOUBLES, SHOWN, PLAYS = range(8)
REVOKED, TAKES_POINTS, TAKES_TRICKS = range(8, 11)
LEADS_OUT, ACCEPTS_LEAD, CALLS_SUIT = range(11, 14)
DECLARES_OUT, DOUBLES_OUT, DEMANDS_DEAL, LETS_STAND = range(14, 18)
CALLS_PER_DEAL = (NUM_BIDS - 1) * 9 + 10
"""The most calls of one auction: each of the 35 declarations (each must overcall the last)
followed by at most two passes, a double, two passes, a redouble and two passes before the
next one (nine calls), the last one by three passes that close the auction (ten). The dealer
may not pass before the first declaration (ASSUMPTION 2)."""
DECISIONS_PER_DEAL = CALLS_PER_DEAL + NUM_CARD_ACTIONS
EVENTS_PER_DEAL = 1 + NUM_CARD_ACTIONS + CALLS_PER_DEAL + HAND_SIZE + NUM_CARD_ACTIONS
"""A deal's events: its marker, the 52 cards dealt, the calls, dummy's 13 cards laid down and
the 52 cards played."""
REVOKE_EVENTS_PER_DEAL = 3 * MAX_REVOKES + 2 * MAX_REVOKES
"""With ``revoke=true``: the revokes shown at the end of the hand (three seats: dummy cannot
revoke) and the declarer's settlement of the adversaries' (two seats)."""
OUT_OF_TURN_PER_DEAL = 2 * TRICKS
"""With ``lead_out_of_turn=true``, at most two more decisions and two more events a trick: the
leader's partner waits or leads out of turn, and the declarer accepts the lead or calls a
suit (each trick at most once: after a call the leader leads)."""
CALL_OUT_PER_DEAL = 2 * CALLS_PER_DEAL
"""With ``call_out_of_turn=true``, more decisions a deal: each call of an auction is preceded
by the offer of a call out of turn (the offer, or the call out of turn and the decision on it,
in place of the call), and an auction annulled by a new deal may be as long again (the new
deal has no offers)."""
CALL_OUT_EVENTS_PER_DEAL = 2 + NUM_CARD_ACTIONS + 2 * CALLS_PER_DEAL
"""... and more events: the annulled deal's marker and cards, its calls (a call out of turn
let stand is two events), and the demand."""


# --- the score, as small pure functions ------------------------------------------------------


def declaration_words(index: int) -> str:
    """A declaration in the book's words.

    >>> declaration_words(bid_index(2, DIAMONDS_BID)), declaration_words(bid_index(1, NO_TRUMPS))
    ('Two Diamonds', 'One No Trump')
    """
    level, d = bid_of(index)
    return f"{LEVEL_WORDS[level - 1]} {DENOMINATION_WORDS[d][level > 1]}"


def declaration_value(index: int, count: Sequence[int] = BOOK_COUNT) -> int:
    """The value of a declaration in declaring: odd tricks × the trick value (Law 55: doubling
    does not change it).

    >>> declaration_value(bid_index(2, DIAMONDS_BID)), declaration_value(bid_index(1, NO_TRUMPS))
    (12, 12)
    """
    level, d = bid_of(index)
    return level * count[d]


def declaration_rank(index: int, count: Sequence[int] = BOOK_COUNT) -> tuple[int, int]:
    """The sort key of a declaration: its value, then (equal values) its number of tricks, so
    that "Two Diamonds" overcalls "One No Trump" (Law 55; the tie rule is ASSUMPTION 3)."""
    level, _ = bid_of(index)
    return declaration_value(index, count), level


def overcalls(index: int, count: Sequence[int] = BOOK_COUNT) -> tuple[int, ...]:
    """The declarations that overcall ``index`` (-1: every declaration), in ladder order."""
    if index < 0:
        return tuple(range(NUM_BIDS))
    key = declaration_rank(index, count)
    return tuple(i for i in range(NUM_BIDS) if declaration_rank(i, count) > key)


def tricks_needed(level: int) -> int:
    """The tricks a declaration of ``level`` calls for: the book (six) and ``level`` odd."""
    return BOOK + level


class ContractScore(NamedTuple):
    """The score of a contract for the declarer's side: ``below`` the line (tricks), ``bonus``
    above it (Law 58), and the adversaries' ``penalty`` above it (Laws 50 and 51)."""

    below: int
    bonus: int
    penalty: int


def contract_score(
    index: int, doubling: int, tricks: int, count: Sequence[int] = BOOK_COUNT
) -> ContractScore:
    """The contract ``index`` (``doubling``: 0, 1 doubled, 2 redoubled) when the declarer's side
    takes ``tricks``.

    Made: the value of **all** odd tricks won below the line, × 2 doubled, × 4 redoubled (Law
    50); doubled, a bonus of 50 and 50 per trick over, both doubled when redoubled (Law 58).
    Failed: the adversaries score 50 per under-trick, 100 doubled, 200 redoubled (Law 50); on
    One Spade at most 100 (Law 51).

    >>> contract_score(bid_index(3, HEARTS_BID), DOUBLED, 7)
    ContractScore(below=0, bonus=0, penalty=200)
    >>> contract_score(bid_index(1, SPADES_BID), UNDOUBLED, 4)
    ContractScore(below=0, bonus=0, penalty=100)
    >>> contract_score(bid_index(2, HEARTS_BID), DOUBLED, 10)
    ContractScore(below=64, bonus=150, penalty=0)
    """
    level, d = bid_of(index)
    need = tricks_needed(level)
    if tricks >= need:
        below = (tricks - BOOK) * count[d] * MULTIPLIER[doubling]
        bonus = 0
        if doubling:
            bonus = (DOUBLED_BONUS + DOUBLED_BONUS * (tricks - need)) * doubling  # 1 or 2
        return ContractScore(below, bonus, 0)
    penalty = (need - tricks) * UNDER_TRICK[doubling]
    if level == 1 and d == SPADES_BID:
        penalty = min(penalty, ONE_SPADE_LIMIT)
    return ContractScore(0, 0, penalty)


def trump_honours(in_hand: tuple[int, int], t: int) -> int:
    """A side's honours with a trump suit, from the honours (A K Q J 10 of trumps) in each of
    its two hands, in multiples of the trick value ``t``: three between partners ("simple") 2,
    four 4, five 5; four in one hand 8, with the fifth in partner's 9; five in one hand 10; fewer
    than three, nothing.

    >>> trump_honours((2, 1), 8), trump_honours((4, 0), 8), trump_honours((4, 1), 8), trump_honours((1, 1), 8)
    (16, 64, 72, 0)
    """
    total, most = in_hand[0] + in_hand[1], max(in_hand)
    if total < 3:
        return 0
    if most == 5:
        return 10 * t
    if most == 4:
        return (9 if total == 5 else 8) * t
    return {3: 2, 4: 4, 5: 5}[total] * t


def no_trump_honours(in_hand: tuple[int, int]) -> int:
    """A side's honours at No-trumps (the four Aces): three 30, four 40, four in one hand 100.

    >>> no_trump_honours((2, 1)), no_trump_honours((2, 2)), no_trump_honours((4, 0)), no_trump_honours((1, 1))
    (30, 40, 100, 0)
    """
    if max(in_hand) == 4:
        return FOUR_ACES_ONE_HAND
    return ACES_HONOURS.get(in_hand[0] + in_hand[1], 0)


def honour_scores(
    denomination: int, held: Sequence[CardMask], count: Sequence[int] = BOOK_COUNT
) -> tuple[int, int]:
    """Each side's honours and chicane for the hands as dealt (``held``, by seat; side 0 is
    seats 0 and 2), undoubled whatever the contract.

    Chicane (a hand without a trump) is worth simple honours (2 × the trick value) to its side,
    double chicane (both hands) four honours (4 ×). The two sides' amounts are set against each
    other and the side ahead scores the difference (ASSUMPTION 7: the book adds chicane to its
    side's honours, or deducts it from the adversaries' honours where they hold them; the
    difference between the sides is the same).

    >>> from hoyle.envs.core.cards import parse_cards
    >>> hands = [mask_of(parse_cards(h)) for h in ("♥A ♥K", "♥Q ♠2", "♥J ♣2", "♥10 ♦2")]
    >>> honour_scores(HEARTS_BID, hands)
    (16, 0)
    """
    side = [0, 0]
    if denomination == NO_TRUMPS:
        for x in (0, 1):
            aces = ((held[x] & ACES).bit_count(), (held[x + 2] & ACES).bit_count())
            side[x] = no_trump_honours(aces)
    else:
        t = count[denomination]
        suit = DENOMINATION_SUITS[denomination]
        honours, trumps = HONOUR_MASKS[suit], SUIT_MASKS[suit]
        for x in (0, 1):
            hands = (held[x], held[x + 2])
            side[x] = trump_honours(
                ((hands[0] & honours).bit_count(), (hands[1] & honours).bit_count()), t
            )
            voids = sum(1 for h in hands if not h & trumps)
            side[x] += (0, 2, 4)[voids] * t
    net = side[0] - side[1]
    return (net, 0) if net >= 0 else (0, -net)


def slam_bonus(tricks: int) -> int:
    """A side's slam points for taking ``tricks``: little slam (12) 20, grand slam (13) 40."""
    return SLAM_BONUS.get(tricks, 0)


def hand_score(
    held: Sequence[CardMask],
    declarer: int,
    contract: int,
    doubling: int,
    tricks: Sequence[int],
    count: Sequence[int] = BOOK_COUNT,
    revokes: tuple[int, int] = (0, 0),
    taken: int = 0,
) -> tuple[tuple[int, int], tuple[int, int]]:
    """One hand's score: ``(below, above)``, each per side (side 0 = seats 0 and 2), from the
    hands as dealt, the declarer, the contract and its doubling, and the tricks each side took.

    ``revokes`` (Law 90): the revokes of the declarer's side and of the adversaries; ``taken``:
    of the adversaries' revokes, those the declarer settled by taking three tricks (the rest by
    150 above). A side that revoked scores nothing but honours and chicane; if both did, neither
    scores anything else (ASSUMPTION 14). The declarer's revokes give the adversaries 150 each
    besides the failure of the contract; three tricks taken count toward the contract (at most
    the adversaries' tricks) but earn no Law 58 bonus, and no slam (ASSUMPTION 14).

    >>> hearts = bid_index(2, HEARTS_BID)
    >>> hand_score([0, 0, 0, 0], 0, hearts, DOUBLED, (7, 6), revokes=(0, 1), taken=1)
    ((64, 0), (0, 0))
    >>> hand_score([0, 0, 0, 0], 0, hearts, DOUBLED, (7, 6), revokes=(1, 0))
    ((0, 0), (0, 250))
    """
    dside = declarer % 2
    ours, theirs = revokes
    honours = honour_scores(bid_of(contract)[1], held, count)
    below = [0, 0]
    above = list(honours)
    if ours and theirs:
        return (0, 0), honours
    moved = min(REVOKE_TRICKS * taken, tricks[1 - dside]) if theirs else 0
    c = contract_score(contract, doubling, tricks[dside] + moved, count)
    if not ours:
        below[dside] += c.below
        above[dside] += (c.bonus if not taken else 0) + REVOKE_PENALTY * (theirs - taken)
        above[dside] += slam_bonus(tricks[dside])
    if not theirs:
        above[1 - dside] += c.penalty + REVOKE_PENALTY * ours + slam_bonus(tricks[1 - dside])
    return (below[0], below[1]), (above[0], above[1])


def max_deal_score(count: Sequence[int] = BOOK_COUNT, revoke: bool = False) -> int:
    """A bound on what one side scores in one deal: the larger of the declarer's side's best
    (Seven of the highest value redoubled with thirteen tricks below, the redoubled bonus of a
    One made with thirteen, a grand slam and the best honours) and the adversaries' (thirteen
    redoubled under-tricks, a grand slam, the best honours). Each part's largest value, not a
    score any deal reaches. With ``revoke`` the declarer's side may add 150 for each of the
    adversaries' revokes (twelve each at most), the adversaries 150 for each of the
    declarer's."""
    honours = max(FOUR_ACES_ONE_HAND, 10 * max(count[:NO_TRUMPS]) + 2 * max(count[:NO_TRUMPS]))
    declaring = (
        NUM_LEVELS * max(count) * MULTIPLIER[REDOUBLED]
        + (DOUBLED_BONUS + DOUBLED_BONUS * (TRICKS - tricks_needed(1))) * REDOUBLED
        + SLAM_BONUS[GRAND_SLAM]
        + honours
    )
    defending = TRICKS * UNDER_TRICK[REDOUBLED] + SLAM_BONUS[GRAND_SLAM] + honours
    if revoke:
        declaring += 2 * MAX_REVOKES * REVOKE_PENALTY
        defending += MAX_REVOKES * REVOKE_PENALTY
    return max(declaring, defending)


def rubber_worth(odds_for: int, odds_against: int) -> float:
    """What the chance of the rubber is worth, at odds of ``odds_for`` to ``odds_against`` on:
    250 × (for − against) / (for + against) (the book's "worth about 63 points more" at 5 to 3).

    >>> rubber_worth(5, 3)
    62.5
    """
    return RUBBER_BONUS * (odds_for - odds_against) / (odds_for + odds_against)


# --- the state -------------------------------------------------------------------------------


class AuctionBridgeState(PlainState):
    """One moment of an Auction Bridge deal (or rubber). Every slot holds an immutable value.

    Seats 0 and 2 are side 0, seats 1 and 3 side 1. ``to_move``: the seat whose call or card is
    next (dummy's seat while a card of dummy's is due; the declarer chooses it). ``hands``,
    ``won``, ``voids``: per seat; ``held``: the hands as dealt (honours and chicane). ``high``,
    ``bidder``, ``doubling``, ``passes``: the auction (the highest declaration's ladder index or
    -1, who made it, undoubled/doubled/redoubled, passes since the last call that was not a
    pass). ``named``: for each side and denomination (``5 × side + denomination``) the seat that
    first named it, or -1. ``contract``/``declarer``/``dummy``: set when the play starts;
    ``exposed``: dummy's hand is on the table. ``past``: completed tricks as ``(leader, cards...)``;
    ``played``: their cards. ``known``: cards of the hands that every player has seen (a lead
    out of turn taken back, ``lead_out_of_turn=true``); ``out_card``: a card led out of turn
    while the declarer decides (-1: none); ``called``: the suit the declarer called from the
    leader (-1: none); ``refused``: per seat, the suits it showed it lacks when called.
    ``out_call``: a call out of turn (its action) on which the adversary on its maker's left
    decides (-1: none); ``redealt``: this deal replaces one annulled for a call out of turn
    (``call_out_of_turn=true``).
    ``revokes``: each seat's revokes this hand (``revoke=true``; hidden
    from the others until the hand is over); ``settle``: the adversaries' revokes the declarer
    has still to settle, ``taken``: those settled by taking three tricks. ``below``: each side's points below the line in the game in
    progress; ``games``: games won this rubber; ``score``: each side's grand total;
    ``deal_score``: this deal's. ``log``: the event log.
    """

    __slots__ = ("below", "bidder", "called", "contract", "deal_no", "deal_score", "dealer",
                 "dealt", "declarer", "doubling", "dummy", "exposed", "games", "hands", "held",
                 "high", "known", "leader", "log", "named", "out_call", "out_card", "passes", "past",
                 "phase", "played", "ply", "redealt", "refused", "result", "revokes", "score", "settle",
                 "taken", "to_move", "trick", "voids", "won")  # fmt: skip

    phase: int
    to_move: int
    ply: int
    dealer: int
    deal_no: int
    dealt: int
    hands: tuple[int, ...]
    held: tuple[int, ...]
    high: int
    bidder: int
    doubling: int
    passes: int
    named: tuple[int, ...]
    contract: int
    declarer: int
    dummy: int
    exposed: bool
    known: int
    out_card: int
    called: int
    refused: tuple[int, ...]
    out_call: int
    redealt: bool
    revokes: tuple[int, ...]
    settle: int
    taken: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    played: int
    voids: tuple[int, ...]
    below: tuple[int, int]
    games: tuple[int, int]
    score: tuple[int, int]
    deal_score: tuple[int, int]
    log: tuple[Event, ...]
    result: tuple[int, ...] | None


# --- the rules -------------------------------------------------------------------------------


class AuctionBridgePlay(PartnershipPlay):
    """The rules of play of Auction Bridge for one parameter set. The game's rules object is
    :class:`hoyle.envs.games.auction_bridge.view.AuctionBridgeRules`, which adds the
    determinizer and the player's view."""

    num_players = NUM_PLAYERS
    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARD_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.first_dealer = int(params["dealer"])
        self.rubber = bool(params["rubber"])
        self.max_deals = int(params["max_deals"]) if self.rubber else 1
        self.count_name = str(params["count"])
        self.count: tuple[int, ...] = COUNTS[self.count_name]
        self.first_named = str(params["declarer"]) == "first_named"
        self.revoke = bool(params["revoke"])
        self.lead_out_of_turn = bool(params.get("lead_out_of_turn", False))
        self.call_out_of_turn = bool(params.get("call_out_of_turn", False))
        self.laws = self.lead_out_of_turn or self.call_out_of_turn
        if self.call_out_of_turn:
            self.num_distinct_actions, self.num_phases = CALL_LAW_ACTIONS, len(PHASE_NAMES)
        elif self.lead_out_of_turn:
            self.num_distinct_actions, self.num_phases = LAW_ACTIONS, PENALTY_LEAD + 1
        else:
            self.num_distinct_actions, self.num_phases = NUM_DISTINCT_ACTIONS, NUM_PHASES
        laws = OUT_OF_TURN_PER_DEAL if self.lead_out_of_turn else 0
        calls = CALL_OUT_PER_DEAL if self.call_out_of_turn else 0
        law_events = laws + (CALL_OUT_EVENTS_PER_DEAL if self.call_out_of_turn else 0)
        self.tricks = tuple(vint_tricks(d) for d in range(NUM_DENOMINATIONS))
        self.trick_orders = leader_orders(range(NUM_PLAYERS), NUM_PLAYERS)
        self.overcalls = tuple(
            tuple(DECLARE_ACTION_BASE + j for j in overcalls(i, self.count))
            for i in range(-1, NUM_BIDS)
        )
        """``overcalls[i + 1]``: the declaration actions above declaration ``i`` (-1: none)."""
        self.pack_mask = FULL_52.mask
        self.num_cards = NUM_CARD_ACTIONS
        self.dealt_event = DEALT
        self.deal_plan = DealPlan.one_at_a_time(range(NUM_PLAYERS), HAND_SIZE)
        self.deal_bound = max_deal_score(self.count, self.revoke)
        bound = self.deal_bound * self.max_deals + (RUBBER_BONUS if self.rubber else 0)
        self.score_bound = bound
        self.min_utility = -float(bound)
        self.max_utility = float(bound)
        self.utility_sum = 0.0
        settles = 2 * MAX_REVOKES if self.revoke else 0
        self.max_game_length = (DECISIONS_PER_DEAL + settles + laws + calls) * self.max_deals
        redeals = 2 if self.call_out_of_turn else 1  # a deal annulled, at most once a deal
        self.max_chance_nodes = self.num_cards * self.max_deals * redeals
        revokes = REVOKE_EVENTS_PER_DEAL if self.revoke else 0
        self.event_schema = EventSchema(
            LAW_EVENT_KINDS if self.laws else EVENT_KINDS,
            NUM_PLAYERS,
            NUM_CARD_ACTIONS,
            (EVENTS_PER_DEAL + revokes + law_events) * self.max_deals,
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> AuctionBridgeState:
        s = object.__new__(AuctionBridgeState)
        s.ply = 0
        s.dealer = self.first_dealer
        s.deal_no = 0
        s.below = (0, 0)
        s.games = (0, 0)
        s.score = (0, 0)
        s.log = ()
        s.result = None
        s.legal_cache = None
        self._start_deal(s)
        return s

    def _start_deal(self, s: AuctionBridgeState) -> None:
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealt = 0
        s.hands = (0,) * NUM_PLAYERS
        s.held = (0,) * NUM_PLAYERS
        s.high = -1
        s.bidder = -1
        s.doubling = UNDOUBLED
        s.passes = 0
        s.named = (-1,) * (2 * NUM_DENOMINATIONS)
        s.contract = -1
        s.declarer = -1
        s.dummy = -1
        s.exposed = False
        s.known = 0
        s.out_card = -1
        s.called = -1
        s.refused = (0,) * NUM_PLAYERS
        s.out_call = -1
        s.redealt = False
        s.revokes = (0,) * NUM_PLAYERS
        s.settle = 0
        s.taken = 0
        s.leader = -1
        s.trick = ()
        s.won = (0,) * NUM_PLAYERS
        s.past = ()
        s.played = 0
        s.voids = (0,) * NUM_PLAYERS
        s.deal_score = (0, 0)
        s.log = log_event(s.log, NEW_DEAL, s.dealer)

    def current_player(self, s: AuctionBridgeState) -> int:
        """The player to act: the declarer chooses dummy's cards, so when a card of dummy's
        seat is due he is the player to move (dummy himself never acts in the play)."""
        if s.to_move == s.dummy and s.phase == PLAY:
            return s.declarer
        return s.to_move

    def calls(self, s: AuctionBridgeState) -> list[int]:
        """The calls open to the player to move (sorted action ids): pass (not before the first
        declaration: the dealer must declare), every declaration that overcalls the highest
        (not by its maker while it stands undoubled, Law 61), double (the highest declaration,
        an adversary's, not yet doubled, Law 56) and redouble (his own side's, doubled by an
        adversary, not yet redoubled, Law 56)."""
        p = s.to_move
        if s.high < 0:
            return list(self.overcalls[0])
        out = [PASS_ACTION]
        if not (s.bidder == p and s.doubling == UNDOUBLED):
            out += self.overcalls[s.high + 1]
        mine = s.bidder % 2 == p % 2
        if not mine and s.doubling == UNDOUBLED:
            out.append(DOUBLE_ACTION)
        if mine and s.doubling == DOUBLED:
            out.append(REDOUBLE_ACTION)
        return out

    def legal_actions(self, s: AuctionBridgeState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            if s.called >= 0:
                return self.called_leads(s)
            if self.revoke and s.to_move != s.dummy:
                return cards_of(s.hands[s.to_move])  # a revoke is a play (Law 90)
            led = self.trick_rules(s).suit[s.trick[0]] if s.trick else NO_SUIT
            return cards_of(legal_plays(s.hands[s.to_move], led, self.trick_rules(s)))
        if ph == AUCTION:
            return self.calls(s)
        if ph == SETTLE:
            return [PENALTY_POINTS_ACTION, PENALTY_TRICKS_ACTION]
        if ph == OUT_OF_TURN:
            return [*cards_of(s.hands[s.to_move]), WAIT_ACTION]
        if ph == PENALTY_LEAD:
            return [ACCEPT_LEAD_ACTION, *range(CALL_SUIT_ACTION_BASE, LAW_ACTIONS)]
        if ph == CALL_OUT:
            out = [a for a in self.calls(s) if a not in (PASS_ACTION, REDOUBLE_ACTION)]
            return [*out, WAIT_ACTION]
        if ph == PENALTY_CALL:
            return [NEW_DEAL_ACTION, LET_STAND_ACTION]
        return []

    def called_leads(self, s: AuctionBridgeState) -> list[int]:
        """The leads open to a leader from whom the declarer called a suit: that suit if he
        holds it, else any card (ASSUMPTION 15)."""
        hand = s.hands[s.to_move]
        suit = hand & SUIT_MASKS[s.called]
        return cards_of(suit or hand)

    def illegal_reason(self, s: AuctionBridgeState, action: int) -> str | None:
        """Why ``action`` is refused, in the laws' terms (``ExplainsIllegal``; asked only on the
        error path)."""
        if s.phase == PLAY and s.called >= 0 and 0 <= action < NUM_CARD_ACTIONS:
            return f"the declarer called {SUIT_NAMES[s.called]}: the leader must lead one he holds"
        if s.phase == PLAY and 0 <= action < NUM_CARD_ACTIONS:
            tr = self.trick_rules(s)
            led = tr.suit[s.trick[0]] if s.trick else NO_SUIT
            whose = "dummy holds" if s.to_move == s.dummy else "you hold"
            why = play_refusal(s.hands[s.to_move], led, tr, action)
            return why.replace("you hold", whose) if why else why
        if s.phase != AUCTION:
            return None
        p = s.to_move
        if action == PASS_ACTION:
            return "the dealer must declare: he may not pass"
        if DECLARE_ACTION_BASE <= action < DOUBLE_ACTION:
            if s.bidder == p and s.doubling == UNDOUBLED:
                return "a declaration once made cannot be altered unless overcalled or doubled"
            if s.high >= 0:
                return (
                    f"a declaration must be of higher value than {declaration_words(s.high)} "
                    "(Law 55)"
                )
        if action == DOUBLE_ACTION:
            if s.high < 0:
                return "there is no declaration to double"
            if s.bidder % 2 == p % 2:
                return "you cannot double your own side's declaration (Law 56)"
            return "a declaration can be doubled once only (Law 56)"
        if action == REDOUBLE_ACTION:
            if s.doubling != DOUBLED:
                return "only a doubled declaration can be redoubled, once (Law 56)"
            return "you cannot redouble your adversaries' declaration (Law 56)"
        return None

    def apply_action(self, s: AuctionBridgeState, action: int) -> None:
        ph = s.phase
        at = s.ply
        s.ply = at + 1
        if ph == DEAL:
            self._deal(s, action, at)
            if s.phase == AUCTION:
                self._call_due(s)
        elif ph == AUCTION:
            self._call(s, action)
        elif ph == CALL_OUT:
            self._call_out_of_turn(s, action)
        elif ph == PENALTY_CALL:
            self._penalty_call(s, action)
        elif ph == PLAY:
            s.log = log_event(s.log, PLAYS, s.to_move, action, EVERYONE, at)
            self._play(s, action)
        elif ph == SETTLE:
            self._settle(s, action)
        elif ph == OUT_OF_TURN:
            self._out_of_turn(s, action, at)
        elif ph == PENALTY_LEAD:
            self._penalty_lead(s, action)
        else:
            raise ValueError("the game is over")

    def _call_due(self, s: AuctionBridgeState) -> None:
        """A call is due from ``s.to_move``. With ``call_out_of_turn``, the player on his left
        first may call out of turn (ASSUMPTION 16); not in a deal that replaces one annulled."""
        if self.call_out_of_turn and not s.redealt:
            s.phase = CALL_OUT
            s.to_move = (s.to_move + 1) % NUM_PLAYERS

    def _call_out_of_turn(self, s: AuctionBridgeState, action: int) -> None:
        """The player on the left of the one due waits, or declares or doubles out of turn (seen
        by all); then the adversary on his left decides (Laws 52 and 59)."""
        p = s.to_move
        if action == WAIT_ACTION:
            s.phase = AUCTION
            s.to_move = (p - 1) % NUM_PLAYERS
            return
        if action == DOUBLE_ACTION:
            s.log = log_event(s.log, DOUBLES_OUT, p)
        else:
            i = action - DECLARE_ACTION_BASE
            s.log = log_event(s.log, DECLARES_OUT, p, i, EVERYONE, NOWHERE)
        s.out_call = action
        s.phase = PENALTY_CALL
        s.to_move = (p + 1) % NUM_PLAYERS

    def _penalty_call(self, s: AuctionBridgeState, action: int) -> None:
        """The adversary on the left of a call out of turn demands a new deal (the same dealer
        deals again) or lets the call stand: the bidding goes on as if it had been in order,
        from its maker's left (Law 52; for a double, ASSUMPTION 16)."""
        judge = s.to_move
        if action == NEW_DEAL_ACTION:
            s.log = settle_log(log_event(s.log, DEMANDS_DEAL, judge))
            self._start_deal(s)
            s.redealt = True
            return
        s.log = log_event(s.log, LETS_STAND, judge)
        call, s.out_call = s.out_call, -1
        s.phase = AUCTION
        s.to_move = (judge - 1) % NUM_PLAYERS
        self._call(s, call, logged=True)

    def _call(self, s: AuctionBridgeState, action: int, logged: bool = False) -> None:
        """``s.to_move``'s call (``logged``: a call out of turn let stand, already in the log);
        then the next call is due, or the play begins."""
        self._make_call(s, action, logged)
        if s.phase == AUCTION:
            self._call_due(s)

    def _make_call(self, s: AuctionBridgeState, action: int, logged: bool) -> None:
        p = s.to_move
        s.to_move = (p + 1) % NUM_PLAYERS
        if action == PASS_ACTION:
            s.log = log_event(s.log, PASSES, p)
            s.passes += 1
            if s.passes == NUM_PLAYERS - 1:
                self._start_play(s)
            return
        s.passes = 0
        if action == DOUBLE_ACTION:
            if not logged:
                s.log = log_event(s.log, DOUBLES, p)
            s.doubling = DOUBLED
        elif action == REDOUBLE_ACTION:
            s.log = log_event(s.log, REDOUBLES, p)
            s.doubling = REDOUBLED
        else:
            i = action - DECLARE_ACTION_BASE
            if not logged:
                s.log = log_event(s.log, DECLARES, p, i, EVERYONE, NOWHERE)
            s.high, s.bidder, s.doubling = i, p, UNDOUBLED  # a new declaration cancels doubles
            k = NUM_DENOMINATIONS * (p % 2) + bid_of(i)[1]
            if s.named[k] < 0:
                s.named = replace_at(s.named, k, p)

    def _start_play(self, s: AuctionBridgeState) -> None:
        s.contract = s.high
        d = bid_of(s.high)[1]
        s.declarer = (
            s.named[NUM_DENOMINATIONS * (s.bidder % 2) + d] if self.first_named else s.bidder
        )
        s.dummy = (s.declarer + 2) % NUM_PLAYERS
        s.phase = PLAY
        s.leader = s.to_move = (s.declarer + 1) % NUM_PLAYERS  # the declarer's left leads
        self._lead_due(s)

    def _lead_due(self, s: AuctionBridgeState) -> None:
        """A lead is due from ``s.leader``. With ``lead_out_of_turn``, when he is a defender his
        partner first may lead out of turn (ASSUMPTION 15)."""
        if self.lead_out_of_turn and s.leader % 2 != s.declarer % 2:
            s.phase = OUT_OF_TURN
            s.to_move = (s.leader + 2) % NUM_PLAYERS

    def _out_of_turn(self, s: AuctionBridgeState, action: int, at: int) -> None:
        """The leader's partner waits, or leads a card out of turn: every player sees it, and
        dummy goes down if he was not yet (Law 62: "as soon as a card is led, whether in or
        out of turn"); then the declarer decides."""
        if action == WAIT_ACTION:
            s.phase = PLAY
            s.to_move = s.leader
            return
        s.log = log_event(s.log, LEADS_OUT, s.to_move, action, EVERYONE, at)
        s.known |= 1 << action
        s.out_card = action
        self._expose(s)
        s.phase = PENALTY_LEAD
        s.to_move = s.declarer

    def _penalty_lead(self, s: AuctionBridgeState, action: int) -> None:
        """The declarer accepts the lead out of turn (its maker leads this trick) or takes it
        back, the card known to all, and calls a suit from the right leader."""
        c, s.out_card = s.out_card, -1
        s.phase = PLAY
        if action == ACCEPT_LEAD_ACTION:
            s.log = log_event(s.log, ACCEPTS_LEAD, s.declarer)
            s.leader = s.to_move = (s.leader + 2) % NUM_PLAYERS
            self._play(s, c)
            return
        t = action - CALL_SUIT_ACTION_BASE
        s.log = log_event(s.log, CALLS_SUIT, s.declarer, t, EVERYONE, NOWHERE)
        s.called = t
        s.to_move = s.leader

    def _expose(self, s: AuctionBridgeState) -> None:
        """The first card led: dummy lays his cards face upwards (Law 62)."""
        if not s.exposed:
            s.exposed = True
            for x in iter_cards(s.hands[s.dummy]):
                s.log = log_event(s.log, SHOWN, s.dummy, x)

    def _play(self, s: AuctionBridgeState, c: int) -> None:
        if s.called >= 0:
            t, s.called = s.called, -1
            if not s.hands[s.to_move] & SUIT_MASKS[t]:  # the leader shows he has none
                q = s.to_move
                s.refused = replace_at(s.refused, q, s.refused[q] | 1 << t)
                s.voids = replace_at(s.voids, q, s.voids[q] | 1 << t)
        s.known &= ~(1 << c)
        if self.revoke and s.trick:
            tr = self.trick_rules(s)
            led = tr.suit[s.trick[0]]
            if tr.suit[c] != led and s.hands[s.to_move] & tr.suit_masks[led]:
                s.revokes = replace_at(s.revokes, s.to_move, s.revokes[s.to_move] + 1)
        s.hands, trick, s.voids, s.to_move, winner = play_to_trick(
            self.trick_rules(s), s.hands, s.trick, s.voids, self.trick_orders[s.leader], c
        )
        self._expose(s)
        if winner < 0:
            s.trick = trick
            return
        s.past = (*s.past, (s.leader, *trick))
        s.played |= mask_of(trick)
        s.trick = ()
        s.won = replace_at(s.won, winner, s.won[winner] + 1)
        s.leader = winner
        if len(s.past) == TRICKS:
            self._revokes_shown(s)
        else:
            self._lead_due(s)

    def _revokes_shown(self, s: AuctionBridgeState) -> None:
        """The hand is over: every revoke comes to light (Law 90), and the declarer settles
        each of the adversaries' (150 above, or three tricks) unless his side revoked too."""
        for q in range(NUM_PLAYERS):
            for _ in range(s.revokes[q]):
                s.log = log_event(s.log, REVOKED, q)
        ours, theirs = self.side_revokes(s)
        if theirs and not ours:
            s.phase = SETTLE
            s.settle = theirs
            s.to_move = s.declarer
            return
        self._end_hand(s)

    def _settle(self, s: AuctionBridgeState, action: int) -> None:
        if action == PENALTY_TRICKS_ACTION:
            s.log = log_event(s.log, TAKES_TRICKS, s.declarer)
            s.taken += 1
        else:
            s.log = log_event(s.log, TAKES_POINTS, s.declarer)
        s.settle -= 1
        if not s.settle:
            self._end_hand(s)

    def side_revokes(self, s: AuctionBridgeState) -> tuple[int, int]:
        """The revokes of the declarer's side and of the adversaries this hand."""
        d = s.declarer
        ours = s.revokes[d] + s.revokes[(d + 2) % NUM_PLAYERS]
        return ours, sum(s.revokes) - ours

    def _end_hand(self, s: AuctionBridgeState) -> None:
        below, above = hand_score(
            s.held, s.declarer, s.contract, s.doubling, self.side_tricks(s), self.count,
            self.side_revokes(s), s.taken,
        )  # fmt: skip
        for x in (0, 1):
            self._add(s, x, below[x] + above[x])
        s.below = (s.below[0] + below[0], s.below[1] + below[1])
        if not self.rubber:
            d = s.deal_score
            self._finish(s, d[0] - d[1])
            return
        for x in (0, 1):
            if s.below[x] >= GAME_POINTS:  # a game: both sides start again from love
                s.games = replace_at(s.games, x, s.games[x] + 1)
                s.below = (0, 0)
                if s.games[x] == 2:
                    self._add(s, x, RUBBER_BONUS)
                    self._finish(s, s.score[0] - s.score[1])
                    return
        self._next_deal(s)

    def _add(self, s: AuctionBridgeState, side: int, points: int) -> None:
        s.score = replace_at(s.score, side, s.score[side] + points)
        s.deal_score = replace_at(s.deal_score, side, s.deal_score[side] + points)

    def _next_deal(self, s: AuctionBridgeState) -> None:
        """The deal passes to the left; a rubber at its bound on deals ends as it stands
        (ASSUMPTION 10)."""
        if s.deal_no + 1 >= self.max_deals:
            self._finish(s, s.score[0] - s.score[1])
            return
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % NUM_PLAYERS
        s.log = settle_log(s.log)
        self._start_deal(s)

    # --- text -------------------------------------------------------------------------------
    def action_to_string(self, s: AuctionBridgeState, player: int, action: int) -> str:
        if s.phase == OUT_OF_TURN and action < NUM_CARD_ACTIONS:
            return f"lead {format_card(action)} out of turn"
        if s.phase == CALL_OUT:
            if action == WAIT_ACTION:
                return "wait for his turn"
            return f"{action_words(action)} out of turn"
        return self.deal_words(s, player, action) or action_words(action, bool(s.trick))

    def state_string(self, s: AuctionBridgeState) -> str:
        lines = [
            f"Auction Bridge; deal {s.deal_no + 1}, dealer {s.dealer}; phase "
            f"{PHASE_NAMES[s.phase]}; to move {s.to_move}"
        ]
        for q in range(NUM_PLAYERS):
            role = " (dummy)" if q == s.dummy else " (declarer)" if q == s.declarer else ""
            lines.append(f"player {q}{role}: {cards_text(s.hands[q])} (tricks {s.won[q]})")
        lines.append(auction_line(s.high, s.bidder, s.doubling, s.contract, s.declarer))
        lines.append(f"trick: {cards_text(s.trick)}; leader {s.leader}")
        lines.append(score_line(s.below, s.games, s.score, s.deal_score))
        if s.result is not None:
            lines.append(f"result: {list(s.result)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------


# --- small functions -------------------------------------------------------------------------


def action_words(action: int, following: bool = False) -> str:
    """A player's action in words: "lead ♠A", "play ♠A", "pass", "declare Two Diamonds",
    "double", "redouble"."""
    if action < NUM_CARD_ACTIONS:
        return f"{'play' if following else 'lead'} {format_card(action)}"
    if action == PASS_ACTION:
        return "pass"
    if action == DOUBLE_ACTION:
        return "double"
    if action == REDOUBLE_ACTION:
        return "redouble"
    if action == PENALTY_POINTS_ACTION:
        return "take 150 above the line"
    if action == PENALTY_TRICKS_ACTION:
        return "take three tricks"
    if action == WAIT_ACTION:
        return "wait for the leader"
    if action == ACCEPT_LEAD_ACTION:
        return "accept the lead"
    if action == NEW_DEAL_ACTION:
        return "demand a new deal"
    if action == LET_STAND_ACTION:
        return "let it stand"
    if CALL_SUIT_ACTION_BASE <= action < LAW_ACTIONS:
        return f"call {SUIT_NAMES[action - CALL_SUIT_ACTION_BASE]} from the leader"
    return f"declare {declaration_words(action - DECLARE_ACTION_BASE)}"


def contract_words(index: int, doubling: int) -> str:
    """A declaration with its doubling: "Three Hearts doubled"."""
    return f"{declaration_words(index)} {DOUBLING_NAMES[doubling]}".strip()


def auction_line(high: int, bidder: int, doubling: int, contract: int, declarer: int) -> str:
    """The auction or the contract, as the views and the state string write it."""
    if contract >= 0:
        return (
            f"Contract: {contract_words(contract, doubling)}; declarer player {declarer}, "
            f"dummy player {(declarer + 2) % NUM_PLAYERS}"
        )
    if high >= 0:
        return f"Auction: highest {contract_words(high, doubling)} by player {bidder}"
    return "Auction: no declaration yet"
