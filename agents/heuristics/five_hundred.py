"""The book's hints for Five Hundred as named, toggleable rules (RULES.md §18.6).

Bergholt's two hints (Hoyle's Games Modernized, 1909, FIVE HUNDRED) drive the bidding, in book
order, after the plays the book takes for granted, which drive the discard and the card play:

* ``sure-tricks`` (hint 1): bid by counting sure tricks. "Holding the Joker, both same-colour
  Jacks and two other cards of one of those Jacks' suit" is four sure trump tricks "unless all
  the other five trumps be in the same hand"; "with two more sure tricks outside, a bid of six is
  justified". :func:`sure_tricks` generalises the count: the trumps in unbroken sequence from the
  Joker each take a trick, and the lower trumps take the rest unless the opponents' trumps,
  all but one of them in one hand, outlast the top sequence; outside trumps each suit's Ace, and
  its King behind the Ace; at No-trumps the Joker and each suit's top sequence. The player bids
  the count in the denomination that is worth most (if it beats the bid to beat), else passes.
* ``widow-odds`` (hint 2): "holding four trumps it is 8 to 5 on finding at least one more in the
  widow; with five, only 7 to 6 on; with six, 6 to 5 against": a player holding four or five
  trumps counts one more trump trick from the widow (the odds are the game's exact
  :func:`~hoyle.envs.games.five_hundred.widow_odds`, above even only for four and five); with
  six he does not reckon on it. It decides only the hands where the widow changes the bid.

The plays taken for granted (each a toggleable hint too, before the book's): the bidder draws
trumps (leads trumps while an opponent may hold one); the leader cashes his winners (a card no
unseen card can beat); at No-trumps the Joker is kept, not led while other cards remain; the
leader of the Joker names his longest suit; a follower wins a trick cheaply when it matters (the
cheapest card that is sure to win; as last player, the cheapest that wins; nothing when his
fellow opponent already holds the trick securely); otherwise he follows low (the cheapest card,
trumps and the Joker kept), and a leader with nothing better leads low from his longest plain
suit. The bidder discards the three cards whose loss costs the fewest sure tricks, making side
suits void where he can. A bid that neither hint decides is a pass (``pass-in-doubt``).

Everything is read from the player's view (``state.player_view(player)``): the unseen cards are
the pack less the hand, the widow he took up, his discards and the cards played; a seat that has
renounced a suit is known to hold none of it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import JOKER, NUM_SUITS, cards_of
from hoyle.envs.core.tricks import NO_TRUMP, TrickRules, suit_order, trick_winner, trump_order
from hoyle.envs.games.five_hundred import (
    AVONDALE_SUITS,
    BID,
    BID_ACTION_BASE,
    DISCARD,
    NAME,
    NAME_ACTION_BASE,
    NUM_DENOMINATIONS,
    PASS_ACTION,
    PLAY,
    FiveHundredView,
    tricks_for,
    widow_odds,
)
from hoyle.envs.games.five_hundred import GAME as FIVE_HUNDRED_SPEC

BOOK = FIVE_HUNDRED_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""


# --- counting tricks ---------------------------------------------------------------------------


def top_sequence(hand: int, order: Sequence[int], pack: int) -> int:
    """How many of the best cards of ``order`` (best first, cards of ``pack``) ``hand`` holds
    in unbroken sequence from the top."""
    n = 0
    for c in order:
        if not (pack >> c) & 1:
            continue
        if not (hand >> c) & 1:
            break
        n += 1
    return n


def trump_tricks(held: int, top: int, total: int) -> int:
    """Sure trump tricks with ``held`` trumps of ``total``, ``top`` of them in sequence from the
    best: the top sequence, then the lower trumps less what the opponents can keep after the top
    sequence has drawn their trumps, all but one of them in one hand (hint 1's "unless all the
    other five trumps be in the same hand")."""
    out = total - held
    return top + max(0, (held - top) - max(0, out - 1 - top))


def sure_tricks(hand: int, denomination: int, pack: int) -> int:
    """The sure tricks of ``hand`` with ``denomination`` (♠0 ♣1 ♦2 ♥3 NT4) (hint 1)."""
    tr = tricks_for(denomination)
    trump = AVONDALE_SUITS[denomination]
    if trump == NO_TRUMP:
        total = 1 if (hand >> JOKER) & 1 else 0
        for s in range(NUM_SUITS):
            total += top_sequence(hand, suit_order(tr, s), pack)
        return total
    order = trump_order(tr)
    trumps = tr.suit_masks[trump] & pack
    total = trump_tricks((hand & trumps).bit_count(), top_sequence(hand, order, pack),
                         trumps.bit_count())  # fmt: skip
    for s in range(NUM_SUITS):
        if s != trump:
            total += min(2, top_sequence(hand, suit_order(tr, s), pack))
    return total


def widow_allowance(hand: int, denomination: int, pack: int) -> int:
    """Hint 2: one more trump trick expected from the widow when the odds are on it (four or
    five trumps held), none otherwise (six or more: "must not reckon on getting another")."""
    trump = AVONDALE_SUITS[denomination]
    if trump == NO_TRUMP:
        return 0
    held = (hand & tricks_for(denomination).suit_masks[trump]).bit_count()
    return 1 if held >= 4 and widow_odds(held) > 0.5 else 0


def counted_bid(view: FiveHundredView, widow: bool) -> int:
    """The call a count of sure tricks (plus the widow allowance if ``widow``) justifies: the
    bid of the count in the denomination worth most, if it beats the bid to beat; else pass."""
    rules = view.rules
    pack = rules.pack_mask
    low = rules.hand_size - 4
    best = PASS_ACTION
    for d in range(NUM_DENOMINATIONS):
        n = sure_tricks(view.hand, d, pack)
        if widow:
            n += widow_allowance(view.hand, d, pack)
        n = min(n, rules.hand_size)
        if n < low:
            continue
        index = (n - low) * NUM_DENOMINATIONS + d
        if index > view.high and BID_ACTION_BASE + index > best:
            best = BID_ACTION_BASE + index
    return best


def sure_tricks_hint(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """Hint 1: bid the sure tricks (where the widow would change the call, leave both)."""
    if view.phase != BID:
        return []
    plain, widow = counted_bid(view, False), counted_bid(view, True)
    return sorted({plain, widow})


def widow_odds_hint(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """Hint 2: count on a trump from the widow with four or five trumps."""
    if view.phase != BID:
        return []
    plain, widow = counted_bid(view, False), counted_bid(view, True)
    return [widow] if widow != plain else []


def pass_in_doubt(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """A call no hint decided: the cheapest (pass, if it is among the candidates)."""
    if view.phase != BID:
        return []
    return [min(legal)]


# --- the discard -------------------------------------------------------------------------------


def kept_value(hand: int, denomination: int, pack: int) -> float:
    """How good a hand is to play ``denomination`` with: sure tricks first, then void plain
    suits (to trump), trumps held, and high cards."""
    tr = tricks_for(denomination)
    trump = AVONDALE_SUITS[denomination]
    value = 10.0 * sure_tricks(hand, denomination, pack)
    for c in cards_of(hand):
        value += tr.power[c] / 100.0
    if trump != NO_TRUMP:
        value += 2.0 * (hand & tr.suit_masks[trump]).bit_count()
        for s in range(NUM_SUITS):
            if s != trump and not hand & tr.suit_masks[s]:
                value += 3.0
    else:
        for s in range(NUM_SUITS):
            n = (hand & tr.suit_masks[s]).bit_count()
            value += max(0, n - 3)  # long suits run at No-trumps
    return value


def best_discards(view: FiveHundredView) -> int:
    """The discards (a mask) that keep the best hand, among those the rising order allows."""
    pack = view.rules.pack_mask
    left = view.discards_left
    last = max(cards_of(view.discards)) if view.discards else -1
    options = [c for c in cards_of(view.hand) if c > last]
    d = view.denomination
    best, best_value = 0, -1e9
    for combo in itertools.combinations(options, left):
        m = sum(1 << c for c in combo)
        v = kept_value(view.hand & ~m, d, pack)
        if v > best_value:
            best, best_value = m, v
    return best


def discard_hint(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """Discard what costs the fewest sure tricks, voiding plain suits where possible."""
    if view.phase != DISCARD:
        return []
    chosen = best_discards(view)
    return [c for c in legal if (chosen >> c) & 1][:1]


# --- the card play -----------------------------------------------------------------------------


def cost(tr: TrickRules, c: int) -> int:
    """What a card is worth keeping: plain cards by rank, trumps above them, the master
    (No-trump Joker) above all."""
    if (tr.master >> c) & 1:
        return 10_000
    if tr.trump != NO_TRUMP and tr.suit[c] == tr.trump:
        return 1_000 + tr.power[c]
    return tr.power[c]


def allies(view: FiveHundredView) -> set[int]:
    """The player's side: the bidder alone; an opponent with the other opponent; in the
    no-bid hand, each for himself."""
    me = view.player
    if view.bidder < 0 or view.bidder == me:
        return {me}
    return {q for q in range(3) if q != view.bidder}


def _powerless(view: FiveHundredView, cards: Sequence[int], tr: TrickRules, led: int) -> int:
    if tr.trump != NO_TRUMP or JOKER not in cards[1:]:
        return 0
    holder = view.trick_seat(list(cards).index(JOKER))
    return 1 << JOKER if (view.voids[holder] >> led) & 1 else 0


def winner_with(view: FiveHundredView, c: int) -> int:
    """Index in the trick of the card that wins if the player adds ``c`` (a follower)."""
    tr = view.tricks
    cards = (*view.trick, c)
    return trick_winner(cards, tr, view.led, _powerless(view, cards, tr, view.led))


def can_beat(view: FiveHundredView, seat: int, best: int) -> bool:
    """Whether ``seat``, still to play, might beat the card ``best`` now winning the trick: an
    unseen card of the suit led above it (if he has not renounced the suit), a trump (if he
    may be void in the suit led and has not renounced trumps), or the No-trump Joker (unless it
    would be powerless in his hand)."""
    tr = view.tricks
    unseen = view.unseen()
    led = view.led
    voids = view.voids[seat]
    bsuit, bpow = tr.suit[best], tr.power[best]
    if (tr.master >> best) & 1:
        return False
    if tr.trump == NO_TRUMP and (unseen >> JOKER) & 1 and not (voids >> led) & 1:
        return True
    if not (voids >> led) & 1:
        for u in cards_of(unseen & tr.suit_masks[led]):
            if bsuit == led and tr.power[u] > bpow:
                return True
    if tr.trump != NO_TRUMP and led != tr.trump and not (voids >> tr.trump) & 1:
        for u in cards_of(unseen & tr.suit_masks[tr.trump]):
            if bsuit != tr.trump or tr.power[u] > bpow:
                # He can trump only if void in the suit led: possible unless he must hold it.
                return True
    return False


def secure(view: FiveHundredView, c: int) -> bool:
    """Whether the trick, with the player's ``c`` added, is sure to go to whoever it goes to."""
    cards = (*view.trick, c)
    i = winner_with(view, c)
    best = cards[i]
    later = [view.trick_seat(j) for j in range(len(cards), 3)]
    return not any(can_beat(view, q, best) for q in later)


def win_cheaply(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """Follow: if the side already holds the trick securely, no opinion (follow low); else the
    cheapest card that wins securely, or as the last player the cheapest that wins."""
    if view.phase != PLAY or not view.trick:
        return []
    tr = view.tricks
    side = allies(view)
    n = len(view.trick)
    low = min(legal, key=lambda c: cost(tr, c))
    now = view.trick_seat(winner_with(view, low)) if n else -1
    if now in side and now != view.player and secure(view, low):
        return []
    winners = [c for c in legal if winner_with(view, c) == n]
    if not winners:
        return []
    last = n == 2
    good = winners if last else [c for c in winners if secure(view, c)]
    if not good:
        return []
    cheapest = min(cost(tr, c) for c in good)
    return [c for c in good if cost(tr, c) == cheapest]


def master_cards(view: FiveHundredView, hand: int) -> list[int]:
    """The cards of ``hand`` no unseen card of their effective suit can beat."""
    tr = view.tricks
    unseen = view.unseen()
    out = []
    for c in cards_of(hand):
        s = tr.suit[c]
        if s < 0:
            out.append(c)
            continue
        if not any(tr.power[u] > tr.power[c] for u in cards_of(unseen & tr.suit_masks[s])):
            out.append(c)
    return out


def opponents_may_hold_trumps(view: FiveHundredView) -> bool:
    tr = view.tricks
    if tr.trump == NO_TRUMP or not view.unseen() & tr.suit_masks[tr.trump]:
        return False
    return any(not (view.voids[q] >> tr.trump) & 1 for q in range(3) if q != view.player)


def draw_trumps(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """The bidder leads trumps while an opponent may hold one: his best trump if it is the
    master, else his lowest."""
    if view.phase != PLAY or view.trick or view.bidder != view.player:
        return []
    tr = view.tricks
    if tr.trump == NO_TRUMP or not opponents_may_hold_trumps(view):
        return []
    trumps = [c for c in legal if tr.suit[c] == tr.trump]
    if not trumps:
        return []
    top = max(trumps, key=lambda c: tr.power[c])
    if top in master_cards(view, view.hand):
        return [top]
    return [min(trumps, key=lambda c: tr.power[c])]


def cash_winners(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """The leader leads a card no unseen card can beat (plain suits first; the best of them)."""
    if view.phase != PLAY or view.trick:
        return []
    tr = view.tricks
    masters = [c for c in master_cards(view, view.hand) if c in legal]
    if tr.trump == NO_TRUMP:
        masters = [c for c in masters if c != JOKER] or masters
    else:
        plain = [c for c in masters if tr.suit[c] != tr.trump]
        if plain and view.bidder != view.player:
            masters = plain
    if not masters:
        return []
    return [max(masters, key=lambda c: (tr.suit[c] != tr.trump, tr.power[c]))]


def keep_joker(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """At No-trumps, do not lead the Joker while other cards remain: keep it to win a trick."""
    if view.phase != PLAY or view.trick or view.tricks.trump != NO_TRUMP:
        return []
    rest = [c for c in legal if c != JOKER]
    return rest if rest and len(rest) < len(legal) else []


def name_long_suit(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """The leader of the Joker names the suit he holds most of (to draw the others' cards)."""
    if view.phase != NAME:
        return []
    tr = view.tricks
    counts = {a: (view.hand & tr.suit_masks[a - NAME_ACTION_BASE]).bit_count() for a in legal}
    most = max(counts.values())
    return [a for a in legal if counts[a] == most]


def follow_low(view: FiveHundredView, legal: Sequence[int]) -> list[int]:
    """Follow with the cheapest card; lead the lowest card of the longest plain suit."""
    if view.phase != PLAY:
        return []
    tr = view.tricks
    if view.trick:
        cheapest = min(cost(tr, c) for c in legal)
        return [c for c in legal if cost(tr, c) == cheapest]
    plain = [c for c in legal if tr.suit[c] >= 0 and tr.suit[c] != tr.trump] or list(legal)
    length = {s: sum(1 for c in plain if tr.suit[c] == s) for s in range(NUM_SUITS)}
    longest = max(plain, key=lambda c: (length.get(tr.suit[c], 0), -cost(tr, c)))
    return [longest]


HINTS = register_hints(
    "five_hundred",
    (
        Hint(
            "five_hundred.discard",
            f"{BOOK} (the widow and the discard)",
            "The bidder discards the three cards that cost the fewest sure tricks.",
            discard_hint,
        ),
        Hint(
            "five_hundred.draw-trumps",
            f"{BOOK} (play; taken for granted)",
            "The bidder leads trumps while an opponent may hold one.",
            draw_trumps,
        ),
        Hint(
            "five_hundred.keep-joker",
            f"{BOOK} (the Joker at No-trumps; taken for granted)",
            "At No-trumps keep the Joker, the master card, to win a trick: do not lead it.",
            keep_joker,
        ),
        Hint(
            "five_hundred.cash-winners",
            f"{BOOK} (play; taken for granted)",
            "Lead a card no unseen card can beat.",
            cash_winners,
        ),
        Hint(
            "five_hundred.name-long-suit",
            f"{BOOK} (the Joker led at No-trumps)",
            "Name for the Joker the suit you hold most of.",
            name_long_suit,
        ),
        Hint(
            "five_hundred.win-cheaply",
            f"{BOOK} (play; taken for granted)",
            "Win the trick with the cheapest card sure to win it, unless your side holds it.",
            win_cheaply,
        ),
        Hint(
            "five_hundred.follow-low",
            f"{BOOK} (play; taken for granted)",
            "Otherwise follow with the cheapest card; lead low from the longest plain suit.",
            follow_low,
        ),
        Hint(
            "five_hundred.sure-tricks",
            f"{BOOK}, hint 1 (RULES.md §18.6.1)",
            "Joker, both bowers and two more of the suit are four sure tricks; with two more "
            "sure tricks outside, a bid of six is justified.",
            sure_tricks_hint,
        ),
        Hint(
            "five_hundred.widow-odds",
            f"{BOOK}, hint 2 (RULES.md §18.6.2)",
            "Holding four trumps it is 8 to 5 on finding one more in the widow; with five, 7 to "
            "6; with six, 6 to 5 against.",
            widow_odds_hint,
        ),
        Hint(
            "five_hundred.pass-in-doubt",
            f"{BOOK} (bidding; taken for granted)",
            "A bid the count does not justify is not made: pass.",
            pass_in_doubt,
        ),
    ),
)
