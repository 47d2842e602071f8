"""Vint's rules of play: the pack and the denominations, the action layout, the score (small pure
functions of the hands at the deal, the contract and the tricks), the state, the deal, the
auction, the play of the tricks and the rubber (the game, its source and its ASSUMPTIONS:
:mod:`hoyle.envs.games.vint`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    FULL_52,
    HEARTS,
    JACK,
    KING,
    NUM_RANKS,
    NUM_SUITS,
    QUEEN,
    SPADES,
    TEN,
    CardMask,
    card,
    cards_of,
    cards_text,
    format_card,
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
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at
from hoyle.envs.core.tricks import (
    ACE_HIGH_RANKS,
    NO_SUIT,
    NO_TRUMP,
    TrickRules,
    build_tricks,
    leader_orders,
    legal_plays,
    play_refusal,
    play_to_trick,
)

# --- constants and the action layout ---------------------------------------------------------

NUM_PLAYERS = 4
SEATINGS: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 2, 3, 1))
"""The players round the table in each of the three rubbers, each on the left of the one
before, so that partners sit opposite (first and third, second and fourth): players 0 and 2
against 1 and 3, then 0 and 1 against 2 and 3, then 0 and 3 against 1 and 2. Between rubbers
two neighbours exchange chairs (1 and 2, then 1 and 3), which changes both partnerships; in
three rubbers each player has each other for a partner once. A one-rubber game keeps the first."""
NUM_RUBBERS = len(SEATINGS)
HAND_SIZE = 13
TRICKS = HAND_SIZE
BOOK = 6
"""The tricks a bid counts over: a bid of level ``k`` ("one" ... "seven") is 6 + k tricks."""
NUM_LEVELS = 7
LEVEL_NAMES = ("one", "two", "three", "four", "five", "six", "seven")

SPADES_BID, CLUBS_BID, DIAMONDS_BID, HEARTS_BID, NO_TRUMPS = range(5)
"""The denominations, lowest first: No-trumps > hearts > diamonds > clubs > spades."""
NUM_DENOMINATIONS = 5
DENOMINATION_SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS, NO_TRUMP)
"""The trump suit of each denomination (``NO_TRUMP`` at No-trumps)."""
DENOMINATION_NAMES = ("spades", "clubs", "diamonds", "hearts", "no-trumps")
NUM_BIDS = NUM_LEVELS * NUM_DENOMINATIONS
"""The ladder: bid ``i`` is level ``i // 5 + 1`` in denomination ``i % 5``, so a higher index is
a higher bid (the same level in a better denomination, or a higher level)."""

NUM_CARD_ACTIONS = 52
PASS_ACTION = NUM_CARD_ACTIONS
BID_ACTION_BASE = PASS_ACTION + 1
NUM_DISTINCT_ACTIONS = BID_ACTION_BASE + NUM_BIDS

NUM_PHASES = 4
PHASE_NAMES = ("deal", "auction", "play", "over")

GAME_POINTS = 500
"""Points below the line that win a game."""
GAME_BONUS = 1_000
RUBBER_BONUS = 2_000
TRICK_UNIT = 10
"""A trick is worth 10 × the level of the final bid."""
HONOUR_TIMES = 10
"""With a trump suit each honour is worth 10 × the trick value."""
NO_TRUMP_ACE_TIMES = 25
"""At No-trumps each Ace is worth 25 × the trick value."""
PENALTY_TIMES = 100
"""A failed contract: the adversaries score 100 × the trick value per trick short."""
CORONET_UNIT = 500
"""A coronet of three (three Aces, or a sequence of three): 500, and 500 per further card."""
LITTLE_SLAM, GRAND_SLAM = 12, 13
UNBID_SLAM = {LITTLE_SLAM: 1_000, GRAND_SLAM: 2_000}
"""A slam made but not bid."""
BID_SLAM = {(6, LITTLE_SLAM): 6_000, (6, GRAND_SLAM): 7_000, (7, GRAND_SLAM): 12_000}
"""A slam bid and made, by (level bid, tricks taken): the totals the book gives."""

TRUMP_HONOUR_RANKS = (ACE, KING, QUEEN, JACK, TEN)
ACES: CardMask = mask_of(card(s, ACE) for s in range(NUM_SUITS))
PACK: CardMask = FULL_52.mask
SUIT_MASKS: tuple[CardMask, ...] = tuple(
    mask_of(card(s, r) for r in range(NUM_RANKS)) for s in range(NUM_SUITS)
)

EVENT_KINDS = (
    EventKind("{actor} deals", "none"),
    EventKind("{actor} is dealt {value}"),
    EventKind("{actor} passes", "none"),
    EventKind("{actor} bids {value}", "action"),
    EventKind("{actor} plays {value}"),
)
NEW_DEAL, DEALT, PASSES, BIDS, PLAYS = range(len(EVENT_KINDS))
CALLS_PER_DEAL = (NUM_PLAYERS - 1) + NUM_BIDS + (NUM_PLAYERS - 2) * (NUM_BIDS - 1) + 3
"""The most calls of one auction: three passes before the first bid, every bid of the ladder
with two passes between, and the three passes that close it (a fourth pass before any bid voids
the deal instead)."""
DECISIONS_PER_DEAL = CALLS_PER_DEAL + NUM_CARD_ACTIONS
EVENTS_PER_DEAL = 1 + NUM_CARD_ACTIONS + CALLS_PER_DEAL + NUM_CARD_ACTIONS
"""A deal's events: its marker, the 52 cards dealt, the calls and the 52 cards played."""


# --- the score, as small pure functions ------------------------------------------------------


def bid_index(level: int, denomination: int) -> int:
    """The ladder index of a bid.

    >>> bid_index(2, DIAMONDS_BID), bid_of(bid_index(7, NO_TRUMPS))
    (7, (7, 4))
    """
    return NUM_DENOMINATIONS * (level - 1) + denomination


def bid_of(index: int) -> tuple[int, int]:
    """``(level, denomination)`` of a ladder index."""
    level, denomination = divmod(index, NUM_DENOMINATIONS)
    return level + 1, denomination


def bid_words(index: int) -> str:
    """A bid in the book's words: "two in diamonds", "two at no-trumps".

    >>> bid_words(bid_index(2, DIAMONDS_BID)), bid_words(bid_index(2, NO_TRUMPS))
    ('two in diamonds', 'two at no-trumps')
    """
    level, d = bid_of(index)
    return f"{LEVEL_NAMES[level - 1]} {'at' if d == NO_TRUMPS else 'in'} {DENOMINATION_NAMES[d]}"


def trick_value(level: int) -> int:
    """What every trick is worth, to both sides, under a final bid of ``level``: 10 × level."""
    return TRICK_UNIT * level


def tricks_needed(level: int) -> int:
    """The tricks a bid of ``level`` calls for (6 + level: "one" is seven tricks)."""
    return BOOK + level


def trick_scores(level: int, tricks: Sequence[int]) -> tuple[int, ...]:
    """Each side's points below the line for its ``tricks``: every trick counts, for both sides.

    >>> trick_scores(2, (9, 4))
    (180, 80)
    """
    return tuple(t * trick_value(level) for t in tricks)


def penalty(level: int, declarer_tricks: int) -> int:
    """What the adversaries score above the line when the bidder's side takes
    ``declarer_tricks``: 100 × the trick value for each trick short (0 if made).

    >>> penalty(3, 7), penalty(3, 9)
    (6000, 0)
    """
    short = max(0, tricks_needed(level) - declarer_tricks)
    return PENALTY_TIMES * trick_value(level) * short


def slam_bonus(level: int, declaring: bool, tricks: int) -> int:
    """A side's slam points for taking ``tricks`` (``declaring``: it is the bidder's side, whose
    final bid was of ``level``). A slam bid and made scores the book's totals; a slam made but
    not bid (by the bidder's side under a lower bid, or by the adversaries) 1,000 or 2,000; a
    grand slam bid that makes only twelve fails, and its twelve earn the unbid little slam.

    >>> slam_bonus(6, True, 12), slam_bonus(6, True, 13), slam_bonus(7, True, 13)
    (6000, 7000, 12000)
    >>> slam_bonus(3, True, 12), slam_bonus(3, True, 13), slam_bonus(7, True, 12)
    (1000, 2000, 1000)
    """
    if declaring and (level, tricks) in BID_SLAM:
        return BID_SLAM[(level, tricks)]
    return UNBID_SLAM.get(tricks, 0)


def honours_won(denomination: int, side_cards: CardMask, side_tricks: int) -> int:
    """The honours a side scores, from the cards its two hands were dealt and the tricks it
    took: positive, that many honours to this side; negative, to the other side.

    With a trump suit the honours are A K Q J 10 of trumps (five) and the four Aces (the Ace of
    trumps counts in both). The side with three or more of the five has the honour majority;
    the side with three or four Aces the Ace majority, and with Aces two and two the side that
    takes seven tricks or more. A side with both majorities scores every honour and every Ace it
    holds; split majorities offset, the larger count scoring the difference. At No-trumps only
    the Aces count: three or four score all of them, two and two ("easy") nothing.

    >>> clubs = mask_of(card(CLUBS, r) for r in (ACE, KING, QUEEN)) | card_bit(SPADES, ACE)
    >>> honours_won(CLUBS_BID, clubs | card_bit(HEARTS, ACE), 7)
    6
    """
    aces = (side_cards & ACES).bit_count()
    if denomination == NO_TRUMPS:
        if aces >= 3:
            return aces
        if aces <= 1:
            return -(4 - aces)
        return 0
    suit = DENOMINATION_SUITS[denomination]
    honours = sum(side_cards >> card(suit, r) & 1 for r in TRUMP_HONOUR_RANKS)
    honour_side = honours >= 3
    ace_side = aces >= 3 or (aces == 2 and side_tricks > TRICKS - side_tricks)
    if honour_side and ace_side:
        return honours + aces
    if not honour_side and not ace_side:
        return -((5 - honours) + (4 - aces))
    if honour_side:  # this side's honours against the other side's Aces
        return honours - (4 - aces)
    return aces - (5 - honours)  # this side's Aces against the other side's honours


def honour_value(denomination: int, level: int) -> int:
    """The worth of one honour: 10 × the trick value, or 25 × at No-trumps (an Ace)."""
    times = NO_TRUMP_ACE_TIMES if denomination == NO_TRUMPS else HONOUR_TIMES
    return times * trick_value(level)


def honour_scores(
    denomination: int, level: int, side_cards: Sequence[CardMask], tricks: Sequence[int]
) -> tuple[int, int]:
    """Each side's honour points (side 0 from its cards and tricks; side 1 holds the rest)."""
    n = honours_won(denomination, side_cards[0], tricks[0])
    v = honour_value(denomination, level)
    return (n * v, 0) if n >= 0 else (0, -n * v)


def sequences(hand: CardMask, suit: int) -> list[int]:
    """The lengths of the runs of three or more of ``suit`` in ``hand`` (A K Q ... 2 order).

    >>> from hoyle.envs.core.cards import parse_cards
    >>> sequences(mask_of(parse_cards("♠K ♠Q ♠J ♠10 ♠9 ♠5 ♠4 ♠3")), SPADES)
    [5, 3]
    >>> sequences(mask_of(parse_cards("♠A ♠K ♠Q ♠J ♠10 ♠9")), SPADES), sequences(mask_of(parse_cards("♠A ♠2 ♠3")), SPADES)
    ([6], [])
    """
    out: list[int] = []
    run = 0
    for r in (*ACE_HIGH_RANKS, None):
        if r is not None and hand >> card(suit, r) & 1:
            run += 1
            continue
        if run >= 3:
            out.append(run)
        run = 0
    return out


def coronets(hand: CardMask, denomination: int, aces_doubled_at_no_trumps: bool = True) -> int:
    """The coronet points of one hand as dealt: three or four Aces, and every sequence of three
    or more of one suit; 500 for three and 500 per further card, doubled for a sequence in the
    trump suit, and at No-trumps for every sequence (and, ``aces_doubled_at_no_trumps``, for
    the Aces).

    >>> from hoyle.envs.core.cards import parse_cards
    >>> kqj109 = mask_of(parse_cards("♠K ♠Q ♠J ♠10 ♠9"))
    >>> coronets(kqj109, HEARTS_BID), coronets(kqj109, SPADES_BID), coronets(ACES, HEARTS_BID)
    (1500, 3000, 1000)
    """
    nt = denomination == NO_TRUMPS
    trump = DENOMINATION_SUITS[denomination]
    units = 0
    for s in range(NUM_SUITS):
        double = 2 if nt or s == trump else 1
        units += double * sum(n - 2 for n in sequences(hand, s))
    aces = (hand & ACES).bit_count()
    if aces >= 3:
        units += (2 if nt and aces_doubled_at_no_trumps else 1) * (aces - 2)
    return CORONET_UNIT * units


def hand_bonuses(
    held: Sequence[CardMask],
    declarer: int,
    contract: int,
    tricks: Sequence[int],
    aces_doubled_at_no_trumps: bool = True,
    sides: Sequence[int] = (0, 1, 0, 1),
) -> tuple[int, int]:
    """Each side's points above the line for one hand: the penalty of a failed contract, slams,
    honours and coronets, from the hands as dealt (``held``, by seat), the bidder, the contract
    (ladder index) and the tricks each side took. ``sides``: each seat's side (0 or 1; by
    default seats 0 and 2 are side 0, as in the first rubber). The trick points below the line
    and the game bonus are credited trick by trick in play."""
    level, denomination = bid_of(contract)
    dside = sides[declarer]
    out = [0, 0]
    out[1 - dside] += penalty(level, tricks[dside])
    for side in (0, 1):
        out[side] += slam_bonus(level, side == dside, tricks[side])
    side_cards = [0, 0]
    for q in range(NUM_PLAYERS):
        side_cards[sides[q]] |= held[q]
        out[sides[q]] += coronets(held[q], denomination, aces_doubled_at_no_trumps)
    h = honour_scores(denomination, level, side_cards, tricks)
    return out[0] + h[0], out[1] + h[1]


def credit_trick(below: tuple[int, int], side: int, points: int) -> tuple[tuple[int, int], bool]:
    """The game's score below the line after ``side`` takes a trick worth ``points``, and
    whether that trick won the game (500 reached, even in the middle of a hand)."""
    after = replace_at(below, side, below[side] + points)
    return after, after[side] >= GAME_POINTS


def card_bit(suit: int, rank: int) -> CardMask:
    """The mask of one card."""
    return 1 << card(suit, rank)


def max_deal_score() -> int:
    """A bound on what one side scores in one deal, the sum of each part's largest value: all
    thirteen tricks at seven (910), a game (1,000), the penalty of a grand slam bid that takes
    no trick (13 × 7,000) with the adversaries' unbid grand slam (2,000), honours at seven
    No-trumps (four Aces, 7,000) and coronets (two hands, each at most one sequence of all
    thirteen cards of a suit, doubled: 2 × 11,000). The bidder's side, which cannot score a
    penalty, is bounded by less (its slams reach 12,000 against 91,000 + 2,000)."""
    top = NUM_LEVELS
    below = TRICKS * trick_value(top)
    adversary_slams = penalty(top, 0) + UNBID_SLAM[GRAND_SLAM]
    honours = max(
        (len(TRUMP_HONOUR_RANKS) + 4) * honour_value(SPADES_BID, top),
        4 * honour_value(NO_TRUMPS, top),
    )
    coronet = 2 * 2 * CORONET_UNIT * (HAND_SIZE - 2)
    slams = max(adversary_slams, max(BID_SLAM.values()))
    return below + GAME_BONUS + slams + honours + coronet


def vint_tricks(denomination: int) -> TrickRules:
    """The trick table of a denomination: A K Q ... 2 in every suit, the trump suit above the
    rest (none at No-trumps); follow suit if able, otherwise any card."""
    return build_tricks(f"vint-{DENOMINATION_NAMES[denomination]}", ACE_HIGH_RANKS,
                        DENOMINATION_SUITS[denomination])  # fmt: skip


# --- the state -------------------------------------------------------------------------------


class VintState(PlainState):
    """One moment of a Vint deal (or rubber, or three). Every slot holds an immutable value.

    ``rubber_no``: the rubber being played (0, 1, 2), which fixes the seating
    (:data:`SEATINGS`); side 0 is player 0 and his partner (in the first rubber seats 0 and 2),
    side 1 the other two. ``settled``: each player's gains less losses in the rubbers finished
    (the individual settlement so far). ``hands``, ``won``, ``voids``: per seat.
    ``held``: the hands as dealt (the honours and coronets are scored from them). ``dealt``:
    the cards dealt so far this deal. ``high``, ``bidder``, ``passes``: the auction (the highest
    bid's ladder index or -1, its bidder, the passes since the last bid or since the start).
    ``contract``: the final bid's ladder index (-1 before the play), by ``declarer``.
    ``past``: completed tricks as ``(leader, cards...)``; ``played``: their cards.
    ``below``: each side's points below the line in the game in progress; ``games``: games won
    this rubber; ``score``: each side's grand total this rubber (above and below the line, every
    deal); ``deal_no``: deals finished this rubber;
    ``deal_score``: each side's points in this deal. ``game_in_hand``: the side that won a game
    during this hand (its remaining tricks go to that game's column), else -1. ``ply``: the
    actions applied (the history's length). ``log``: the core's event log.
    """

    __slots__ = (
        "below",
        "bidder",
        "contract",
        "deal_no",
        "deal_score",
        "dealer",
        "dealt",
        "declarer",
        "game_in_hand",
        "games",
        "hands",
        "held",
        "high",
        "leader",
        "log",
        "passes",
        "past",
        "phase",
        "played",
        "ply",
        "result",
        "rubber_no",
        "score",
        "settled",
        "to_move",
        "trick",
        "voids",
        "won",
    )  # fmt: skip

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
    passes: int
    contract: int
    declarer: int
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
    game_in_hand: int
    log: tuple[Event, ...]
    result: tuple[int, ...] | None
    rubber_no: int
    settled: tuple[int, ...]


# --- the rules -------------------------------------------------------------------------------


class VintPlay(PartnershipPlay):
    """The rules of play of Vint for one parameter set. The game's rules object is
    :class:`hoyle.envs.games.vint.view.VintRules`, which adds the determinizer
    (:mod:`~hoyle.envs.games.vint.determinizer`) and the player's view."""

    num_players = NUM_PLAYERS
    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARD_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.first_dealer = int(params["dealer"])
        self.rubber = bool(params["rubber"])
        self.max_deals = int(params["max_deals"]) if self.rubber else 1
        self.rubbers = int(params["rubbers"]) if self.rubber else 1
        """Rubbers played (1, or 3 with the partners changing: ASSUMPTION 6)."""
        self.dealer_by_chair = params["new_rubber_dealer"] == "chair"
        """Who deals a new rubber's first hand: the chair on the left of the last dealer's
        chair, or the player on the last dealer's left in the new seating (ASSUMPTION 6)."""
        self.aces_doubled = bool(params["aces_doubled_at_no_trumps"])
        self.tricks = tuple(vint_tricks(d) for d in range(NUM_DENOMINATIONS))
        self.orders = tuple(leader_orders(seating, NUM_PLAYERS) for seating in SEATINGS)
        """``orders[rubber][p]``: ``p`` and then the players on his left in turn, in that
        rubber's seating (a trick's order from its leader; the deal's and the auction's turns)."""
        self.sides = tuple(
            tuple(seating.index(q) % 2 for q in range(NUM_PLAYERS)) for seating in SEATINGS
        )
        """``sides[rubber][p]``: ``p``'s side in that rubber (0: player 0 and his partner)."""
        self.pack_mask = PACK
        self.pack_cards: tuple[int, ...] = tuple(cards_of(PACK))
        self.num_cards = len(self.pack_cards)
        self.dealt_event = DEALT
        self.deal_plan = DealPlan.one_at_a_time(range(NUM_PLAYERS), HAND_SIZE)
        """The deal: one card at a time, holders counted from the dealer's left."""
        self.deal_bound = max_deal_score()
        bound = self.deal_bound * self.max_deals + (RUBBER_BONUS if self.rubber else 0)
        self.score_bound = bound
        """A bound on a side's grand total in a rubber (and so on one rubber's settlement): the
        tensors scale by it."""
        self.utility_bound = bound * self.rubbers
        """A bound on a return: the sum of a player's settlements of each rubber."""
        self.min_utility = -float(self.utility_bound)
        self.max_utility = float(self.utility_bound)
        self.utility_sum = 0.0
        deals = self.max_deals * self.rubbers
        self.max_game_length = DECISIONS_PER_DEAL * deals
        self.max_chance_nodes = self.num_cards * deals
        self.event_schema = EventSchema(
            EVENT_KINDS, NUM_PLAYERS, NUM_CARD_ACTIONS, EVENTS_PER_DEAL * deals
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> VintState:
        s = object.__new__(VintState)
        s.ply = 0
        s.dealer = self.first_dealer
        s.deal_no = 0
        s.below = (0, 0)
        s.games = (0, 0)
        s.score = (0, 0)
        s.log = ()
        s.result = None
        s.rubber_no = 0
        s.settled = (0,) * NUM_PLAYERS
        s.legal_cache = None
        self._start_deal(s)
        return s

    def _start_deal(self, s: VintState) -> None:
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealt = 0
        s.hands = (0,) * NUM_PLAYERS
        s.held = (0,) * NUM_PLAYERS
        s.high = -1
        s.bidder = -1
        s.passes = 0
        s.contract = -1
        s.declarer = -1
        s.leader = -1
        s.trick = ()
        s.won = (0,) * NUM_PLAYERS
        s.past = ()
        s.played = 0
        s.voids = (0,) * NUM_PLAYERS
        s.deal_score = (0, 0)
        s.game_in_hand = -1
        s.log = log_event(s.log, NEW_DEAL, s.dealer)

    def current_player(self, s: VintState) -> int:
        return s.to_move

    def calls(self, s: VintState) -> list[int]:
        """The calls open to the player to move: pass, and every higher bid, except that no
        player may raise his own bid unless he has been overbid in the interval (the holder of
        the highest bid may only pass). With the three passes that close the auction the turn
        comes back to him only after three passes, so in play the exception never binds."""
        if s.bidder == s.to_move:
            return [PASS_ACTION]
        return [PASS_ACTION, *range(BID_ACTION_BASE + s.high + 1, BID_ACTION_BASE + NUM_BIDS)]

    def legal_actions(self, s: VintState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            led = self.trick_rules(s).suit[s.trick[0]] if s.trick else NO_SUIT
            return cards_of(legal_plays(s.hands[s.to_move], led, self.trick_rules(s)))
        if ph == AUCTION:
            return self.calls(s)
        return []

    def illegal_reason(self, s: VintState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play a card not held or the follow-suit rule; in the auction a
        bid not above the highest, or a raise of one's own bid; elsewhere ``None``."""
        if s.phase == PLAY and 0 <= action < NUM_CARD_ACTIONS:
            tr = self.trick_rules(s)
            led = tr.suit[s.trick[0]] if s.trick else NO_SUIT
            return play_refusal(s.hands[s.to_move], led, tr, action)
        if s.phase == AUCTION and BID_ACTION_BASE <= action < NUM_DISTINCT_ACTIONS:
            if s.bidder == s.to_move:
                return "you may not raise your own bid unless you have been overbid"
            if s.high >= 0:
                return f"a bid must be higher than {bid_words(s.high)}"
        return None

    def apply_action(self, s: VintState, action: int) -> None:
        ph = s.phase
        at = s.ply
        s.ply = at + 1
        if ph == DEAL:
            self._deal(s, action, at)
        elif ph == AUCTION:
            self._call(s, action)
        elif ph == PLAY:
            s.log = log_event(s.log, PLAYS, s.to_move, action, EVERYONE, at)
            self._play(s, action)
        else:
            raise ValueError("the game is over")

    def _call(self, s: VintState, action: int) -> None:
        p = s.to_move
        nxt = self.orders[s.rubber_no][p][1]  # the player on his left
        if action == PASS_ACTION:
            s.log = log_event(s.log, PASSES, p)
            s.passes += 1
            if s.bidder >= 0 and s.passes == NUM_PLAYERS - 1:
                self._start_play(s)
            elif s.bidder < 0 and s.passes == NUM_PLAYERS:
                self._void(s)
            else:
                s.to_move = nxt
            return
        i = action - BID_ACTION_BASE
        s.log = log_event(s.log, BIDS, p, i, EVERYONE, NOWHERE)
        s.high, s.bidder, s.passes = i, p, 0
        s.to_move = nxt

    def _start_play(self, s: VintState) -> None:
        s.contract = s.high
        s.declarer = s.bidder
        s.phase = PLAY
        s.leader = s.to_move = self.orders[s.rubber_no][s.declarer][1]  # the bidder's left leads

    def _void(self, s: VintState) -> None:
        """Four passes, no bid: the deal is void (ASSUMPTION 3)."""
        self._next_deal(s)

    def _play(self, s: VintState, c: int) -> None:
        s.hands, trick, s.voids, s.to_move, winner = play_to_trick(
            self.trick_rules(s), s.hands, s.trick, s.voids, self.orders[s.rubber_no][s.leader], c
        )
        if winner < 0:
            s.trick = trick
            return
        s.past = (*s.past, (s.leader, *trick))
        s.played |= mask_of(trick)
        s.trick = ()
        s.won = replace_at(s.won, winner, s.won[winner] + 1)
        s.leader = winner
        self._credit(s, self.sides[s.rubber_no][winner])
        if len(s.past) == TRICKS:
            self._end_hand(s)

    def _credit(self, s: VintState, side: int) -> None:
        """A trick's points below the line, to the side that took it; the game when they reach
        500, even in the middle of the hand. Once a game is won in a hand, its remaining tricks
        are still scored, to the finished game's column (ASSUMPTION 4): the next game starts
        at love with the next hand."""
        points = trick_value(bid_of(s.contract)[0])
        s.score = replace_at(s.score, side, s.score[side] + points)
        s.deal_score = replace_at(s.deal_score, side, s.deal_score[side] + points)
        if s.game_in_hand >= 0:
            return
        s.below, won_game = credit_trick(s.below, side, points)
        if won_game:
            s.game_in_hand = side
            s.below = (0, 0)
            s.games = replace_at(s.games, side, s.games[side] + 1)
            self._above(s, side, GAME_BONUS)

    def _above(self, s: VintState, side: int, points: int) -> None:
        s.score = replace_at(s.score, side, s.score[side] + points)
        s.deal_score = replace_at(s.deal_score, side, s.deal_score[side] + points)

    def _end_hand(self, s: VintState) -> None:
        tricks = self.side_tricks(s)
        sides = self.sides[s.rubber_no]
        bonus = hand_bonuses(s.held, s.declarer, s.contract, tricks, self.aces_doubled, sides)
        for side in (0, 1):
            self._above(s, side, bonus[side])
        if not self.rubber:
            self._end_rubber(s)
            return
        for side in (0, 1):
            if s.games[side] == 2:
                self._above(s, side, RUBBER_BONUS)
                self._end_rubber(s)
                return
        self._next_deal(s)

    def _next_deal(self, s: VintState) -> None:
        """The deal passes to the left; a one-deal game, or a rubber at its bound on deals
        (ASSUMPTION 6), ends here, as it stands."""
        if s.deal_no + 1 >= self.max_deals:
            self._end_rubber(s)
            return
        s.deal_no += 1
        s.dealer = self.orders[s.rubber_no][s.dealer][1]
        s.log = settle_log(s.log)
        self._start_deal(s)

    def _end_rubber(self, s: VintState) -> None:
        """The settlement of a rubber (of the one deal, in a one-deal game): each player wins
        his side's lead over the other side, partners alike (ASSUMPTIONS 6 and 9), added to
        what he won in the rubbers before. After the last rubber the game is over; otherwise
        the partners change (:data:`SEATINGS`) and the deal goes on round the table: the chair
        on the left of the last dealer's deals the next rubber's first hand, whoever now sits
        in it, or (``new_rubber_dealer=player``) the player on the last dealer's left in the new
        seating (ASSUMPTION 6)."""
        d = s.score if self.rubber else s.deal_score
        margin = d[0] - d[1]
        r = s.rubber_no
        side = self.sides[r]
        s.settled = tuple(v - margin if side[q] else v + margin for q, v in enumerate(s.settled))
        if r + 1 >= self.rubbers:
            s.phase = OVER
            s.to_move = TERMINAL
            s.result = s.settled
            return
        if self.dealer_by_chair:
            s.dealer = SEATINGS[r + 1][(SEATINGS[r].index(s.dealer) + 1) % NUM_PLAYERS]
        else:
            s.dealer = self.orders[r + 1][s.dealer][1]
        s.rubber_no = r + 1
        s.deal_no = 0
        s.below = s.games = s.score = (0, 0)
        s.log = settle_log(s.log)
        self._start_deal(s)

    def seating(self, s: VintState) -> tuple[int, ...]:
        """The players in chair order in the rubber being played (:data:`SEATINGS`): the deal,
        the sides' tricks and the double-dummy card play follow it (``PartnershipPlay``)."""
        return SEATINGS[s.rubber_no]

    def partner(self, s: VintState, player: int) -> int:
        """``player``'s partner in the rubber being played (the player opposite him)."""
        return self.orders[s.rubber_no][player][2]

    # --- text -------------------------------------------------------------------------------
    def action_to_string(self, s: VintState, player: int, action: int) -> str:
        return self.deal_words(s, player, action) or action_words(action, bool(s.trick))

    def state_string(self, s: VintState) -> str:
        lines = [
            f"Vint; deal {s.deal_no + 1}, dealer {s.dealer}; phase {PHASE_NAMES[s.phase]}; "
            f"to move {s.to_move}"
        ]
        if self.rubbers > 1:
            lines.append(rubber_line(s.rubber_no, self.rubbers, s.settled))
        for q in range(NUM_PLAYERS):
            lines.append(f"player {q}: {cards_text(s.hands[q])} (tricks {s.won[q]})")
        lines.append(auction_line(s.high, s.bidder, s.contract, s.declarer))
        lines.append(f"trick: {cards_text(s.trick)}; leader {s.leader}")
        lines.append(score_line(s.below, s.games, s.score, s.deal_score))
        if s.result is not None:
            lines.append(f"result: {list(s.result)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------


# --- small functions -------------------------------------------------------------------------


def action_words(action: int, following: bool = False) -> str:
    """A player's action in words: "lead ♠A", "play ♠A", "pass", "bid two in diamonds"."""
    if action < NUM_CARD_ACTIONS:
        return f"{'play' if following else 'lead'} {format_card(action)}"
    if action == PASS_ACTION:
        return "pass"
    return f"bid {bid_words(action - BID_ACTION_BASE)}"


def seat_name(q: int) -> str:
    """A seat in the log's and the table's words."""
    return f"player {q}"


def auction_line(high: int, bidder: int, contract: int, declarer: int) -> str:
    """The auction or the contract, as the views and the state string write it."""
    if contract >= 0:
        return f"Contract: {bid_words(contract)} by player {declarer}"
    if high >= 0:
        return f"Auction: highest bid {bid_words(high)} by player {bidder}"
    return "Auction: no bid yet"


def partners_words(seating: Sequence[int]) -> str:
    """The partnerships of a seating in words: "players 0 and 2 against 1 and 3"."""
    a, b, c, d = seating
    return f"players {min(a, c)} and {max(a, c)} against {min(b, d)} and {max(b, d)}"


def rubber_line(rubber_no: int, rubbers: int, settled: Sequence[int]) -> str:
    """The rubber being played, its partners and seating, and the settlement so far, as the
    views and the state string write it (three rubbers only)."""
    seating = SEATINGS[rubber_no]
    return (
        f"Rubber {rubber_no + 1} of {rubbers}: {partners_words(seating)}; round the table "
        f"{', '.join(map(str, seating))}; settled so far "
        + " ".join(f"{q}:{v}" for q, v in enumerate(settled))
    )


def score_line(
    below: Sequence[int], games: Sequence[int], score: Sequence[int], deal: Sequence[int]
) -> str:
    """The score of both sides (side 0: player 0 and his partner, in the first rubber player 2;
    side 1 the other two)."""
    return (
        f"Below the line: {below[0]}-{below[1]}; games {games[0]}-{games[1]}; "
        f"totals {score[0]}-{score[1]}; this deal {deal[0]}-{deal[1]}"
    )
