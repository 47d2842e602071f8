"""Conquian: the book's "Suggestions for Good Play" as toggleable hints (RULES.md §2.7).

Each hint is a top-level function ``narrow(view, legal) -> preferred actions`` (empty: no
opinion), registered in priority order: first the play the book takes for granted ("the player
wins the game who first succeeds in laying down eleven cards", so go out when you can), then the
suggestions in the book's order (§2.7 items 3-8), then the sensible play the book assumes
("If this card can be used in combination with any of those in his hand, he draws it over";
keep the cards most likely to be used). Items 1 and 2 (watch the passed cards; know the other's
hand at the end of the stock) are memory and inference: here they are the card tracking every
hint reads from the view (``view.unseen()``, the dead pile), not moves of their own.

A hint sees only the player's view. To judge a use of the exposed card, the hints share a small
planner: ``plays(view)`` lists every way to finish the combination under way (each with the
hand and combinations it leaves), using the rules' own completion test, so a hint can never
prefer a move that cannot be completed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import cards_of
from hoyle.envs.core.rules import replace_at
from hoyle.envs.games import conquian as C
from hoyle.envs.games.conquian import GAME as CONQUIAN_SPEC

BOOK = CONQUIAN_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
ADVERSARY_CLOSE = 4
"""The adversary's hand size at or below which a discard "may put his adversary out"."""


# --- the planner ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One complete way to lay the combination under way (or to start one, at the disposal)."""

    start: int  # the disposal action that starts it (USE or USE_ON + i), -1 once building
    cards: int  # the whole combination once laid (an extended combination included)
    taken: int  # the cards still to take into it (from the hand or borrowed)
    hand: int  # the hand it leaves
    combos: tuple[int, ...]  # the player's combinations it leaves
    goes_out: bool  # the hand it leaves is empty, or lays down as combinations


def _finishes(
    view: C.ConquianView, build: int, hand: int, combos: tuple[int, ...], base: int, start: int
) -> list[Play]:
    """Every combination that can be laid from ``build`` (a depth-first walk over the rules'
    own completion test, each reachable set of cards visited once)."""
    rules = view.rules
    out: list[Play] = []
    seen: set[int] = set()
    stack = [(build, hand, combos)]
    while stack:
        b, h, cs = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        four, ends = rules.lendable(cs)
        base_mask = cs[base] if base >= 0 else 0
        adds, lay = rules._completions(b, h | ends, h | four, base_mask)
        if lay:
            if base >= 0:
                new = replace_at(cs, base, cs[base] | b)
                cards = cs[base] | b
            else:
                new = (*cs, b)
                cards = b
            goes_out = h == 0 or rules.partition(h) is not None  # with or without hand_melds
            out.append(Play(start, cards, b & ~build, h, new, goes_out))
        for c in cards_of(adds):
            bit = 1 << c
            if h & bit:
                stack.append((b | bit, h & ~bit, cs))
            else:
                i = next(j for j, m in enumerate(cs) if m & bit)
                stack.append((b | bit, h, replace_at(cs, i, cs[i] & ~bit)))
    return out


_PLAY_CACHE: list[tuple[C.ConquianView, list[Play]]] = []


def plays(view: C.ConquianView) -> list[Play]:
    """Every way to finish using the exposed card (at the disposal) or the combination being
    built (in ``BUILD``); empty elsewhere. Cached for the view in hand."""
    if _PLAY_CACHE and _PLAY_CACHE[0][0] is view:
        return _PLAY_CACHE[0][1]
    out: list[Play] = []
    if view.to_move == view.player:
        if view.phase == C.DISPOSAL and view.holder == view.player:
            eb = 1 << view.exposed
            out = _finishes(view, eb, view.hand, view.my_combos, -1, C.USE_ACTION)
            for i, m in enumerate(view.my_combos):
                if view.rules.fits(m) & eb and view.rules.is_set(m):
                    cs = replace_at(view.my_combos, i, m | eb)
                    h = view.hand
                    out.append(Play(C.USE_ON_ACTION_BASE + i, m | eb, 0, h, cs, h == 0))
                elif not view.rules.is_set(m) and m >> (13 * (view.exposed // 13)) & 8191:
                    out += _finishes(
                        view, eb, view.hand, view.my_combos, i, C.USE_ON_ACTION_BASE + i
                    )
        elif view.phase == C.BUILD:
            out = _finishes(view, view.build, view.hand, view.my_combos, view.base, -1)
    _PLAY_CACHE[:] = [(view, out)]
    return out


def next_steps(view: C.ConquianView, chosen: Sequence[Play]) -> set[int]:
    """The actions that start or continue the given plays from here."""
    steps: set[int] = set()
    for p in chosen:
        if p.start >= 0:
            steps.add(p.start)
        elif p.taken:
            steps.update(cards_of(p.taken))
        else:
            steps.add(C.LAY_ACTION)
    return steps


# --- judging cards ------------------------------------------------------------------------------


def prospects(view: C.ConquianView, c: int, hand: int, combos: Sequence[int], live: int) -> int:
    """How many ``live`` cards would let card ``c`` of ``hand`` be laid: a third card to a pair,
    or one card that makes a sequence with ``c``, other hand cards and the player's own
    sequences."""
    t = view.rules.tables
    xs = 0
    rank = t.rank_mask[c]
    if hand & rank & ~(1 << c):
        xs |= live & rank
    suit = c // 13
    sh = suit * 13
    runs = 0
    for m in combos:
        if not view.rules.is_set(m):
            runs |= m
    base = t.p13[((hand | runs) >> sh) & 8191]
    p0 = t.pos[c]
    for x in cards_of(t.poscards[suit][t.p13[(live >> sh) & 8191]]):
        px = t.pos[x]
        if abs(px - p0) > 2 and not runs:
            continue
        blk = t.block[(base | 1 << px) << 4 | p0]
        if blk >> px & 1 and blk.bit_count() >= 3:
            xs |= 1 << x
    return xs.bit_count()


def hand_value(view: C.ConquianView, hand: int, combos: Sequence[int], live: int) -> int:
    """The sum of the prospects of the cards of ``hand``."""
    return sum(prospects(view, c, hand, combos, live) for c in cards_of(hand))


def isolated(view: C.ConquianView, c: int, hand: int, combos: Sequence[int]) -> bool:
    """No mate for a triplet, and too far (three places or more) from the other cards of its
    suit, in the hand or down in the player's sequences, to make a run possible."""
    t = view.rules.tables
    if hand & t.rank_mask[c] & ~(1 << c):
        return False
    suit = c // 13
    others = hand & ~(1 << c)
    for m in combos:
        if not view.rules.is_set(m):
            others |= m
    p0 = t.pos[c]
    return all(abs(t.pos[x] - p0) > 2 for x in cards_of(others) if x // 13 == suit)


def danger(view: C.ConquianView, d: int) -> int:
    """How far a discard ``d`` could help the adversary: it fits one of his combinations; two
    cards of its rank are unseen; or a sequence through it could be made of unseen cards."""
    t = view.rules.tables
    unseen = view.unseen()
    score = 0
    if any(view.rules.fits(m) >> d & 1 for m in view.adv_combos):
        score += 2
    if (unseen & t.rank_mask[d]).bit_count() >= 2:
        score += 1
    suit = d // 13
    sh = suit * 13
    runs = 0
    for m in view.adv_combos:
        if not view.rules.is_set(m):
            runs |= m
    around = t.p13[((unseen | runs | 1 << d) >> sh) & 8191]
    if t.block[around << 4 | t.pos[d]].bit_count() >= 3:
        score += 1
    return score


def _discard_phase(view: C.ConquianView) -> bool:
    return view.to_move == view.player and view.phase in (C.DISCARD, C.FORCED)


def _discards(legal: Sequence[int]) -> list[int]:
    return [a for a in legal if a < C.NUM_CARD_ACTIONS]


def _down(combos: Sequence[int]) -> int:
    return sum(m.bit_count() for m in combos)


# --- the hints ----------------------------------------------------------------------------------


def go_out(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """Lay down eleven cards as soon as it can be done: use the card so that everything left
    in the hand goes down too (or go out when forced)."""
    if view.to_move != view.player:
        return []
    rules = view.rules
    if view.phase in (C.DISPOSAL, C.BUILD):
        out = [p for p in plays(view) if p.goes_out]
        steps = next_steps(view, out)
        return [a for a in legal if a in steps]
    if view.phase == C.DISCARD:
        if rules.partition(view.hand) is not None:  # hand_melds: one by one; else at once
            return [a for a in legal if a in (C.MELD_ACTION, C.GO_OUT_ACTION)]
        return []
    if view.phase == C.MELD:
        hand, b = view.hand, view.build
        if b and rules.is_valid_combination(b) and rules.partition(hand) is not None:
            return [a for a in legal if a == C.LAY_ACTION]
        keep = []
        for a in legal:
            if a >= C.NUM_CARD_ACTIONS:
                continue
            nb = b | 1 << a
            for m in rules.tables.combo:
                if (
                    m & nb == nb
                    and m & ~(nb | hand) == 0
                    and rules.partition(hand & ~m) is not None
                ):
                    keep.append(a)
                    break
        return keep
    if view.phase == C.FORCED:
        return [a for a in legal if a == C.GO_OUT_ACTION]
    return []


def _no_good_chance(view: C.ConquianView) -> bool:
    mine, theirs = _down(view.my_combos), _down(view.adv_combos)
    return theirs >= mine + 2 or (view.stock <= 4 and theirs > mine)


def play_for_tableau(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "If a player has not a good chance to get eleven down himself, he should play for a
    tableau, by using nothing that will compel him to discard cards which may put his
    adversary out." (No good chance: the adversary has two cards more down, or more down near
    the end of the stock; "may put him out": his hand is small and the card could serve him.)"""
    if view.to_move != view.player or not _no_good_chance(view):
        return []
    if view.adv_hand_size > ADVERSARY_CLOSE:
        return []
    if view.phase == C.DISPOSAL:
        unsafe_starts = set()
        safe_starts = set()
        for p in plays(view):
            if p.goes_out or any(danger(view, d) == 0 for d in cards_of(p.hand)):
                safe_starts.add(p.start)
            else:
                unsafe_starts.add(p.start)
        unsafe_starts -= safe_starts
        return [a for a in legal if a not in unsafe_starts]
    if _discard_phase(view):
        cards = _discards(legal)
        if not cards:
            return []
        least = min(danger(view, d) for d in cards)
        return [d for d in cards if danger(view, d) == least]
    if view.phase == C.DISCARD_TARGET:
        return [a for a in legal if a == C.TABLE_ACTION]
    return []


def blocked_runs(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "Careful observation of the cards passed will often show that his runs are blocked, the
    cards necessary to continue them having been turned down": discard a card whose every
    prospect is dead or on the adversary's side of the table (and "a player cannot get eleven
    down in one suit", so no run is worth keeping for its own sake)."""
    if not _discard_phase(view):
        return []
    live = view.unseen()
    anywhere = view.rules.pack_mask & ~view.hand
    for m in view.my_combos:
        anywhere &= ~m
    blocked = [
        d
        for d in _discards(legal)
        if prospects(view, d, view.hand, view.my_combos, anywhere) > 0
        and prospects(view, d, view.hand, view.my_combos, live) == 0
    ]
    return blocked


def cannot_block_and_win(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "A player cannot block his adversary and at the same time win": while the adversary is
    close to eleven down, hold the cards that fit his combinations (blocking), and keep a pair
    whose third card is still to come, since using both is the only way to win with them."""
    if not _discard_phase(view):
        if view.phase == C.DISCARD_TARGET and view.adv_hand_size <= ADVERSARY_CLOSE:
            return [a for a in legal if a == C.TABLE_ACTION]
        return []
    t = view.rules.tables
    unseen = view.unseen()
    keep = 0
    if view.adv_hand_size <= ADVERSARY_CLOSE:
        for m in view.adv_combos:
            keep |= view.rules.fits(m)
    for c in cards_of(view.hand):
        pair = view.hand & t.rank_mask[c]
        if pair.bit_count() == 2 and unseen & t.rank_mask[c]:
            keep |= pair
    return [d for d in _discards(legal) if not keep >> d & 1]


def show_no_more_than_needed(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "Even if he has cards enough in his hand to increase the combination to four or more
    cards, he should not show them": lay the combination as soon as it is valid, with the fewest
    cards, and lay nothing else from the hand."""
    if view.to_move != view.player:
        return []
    if view.phase in (C.BUILD, C.MELD):
        if C.LAY_ACTION in legal:
            return [C.LAY_ACTION]
        if view.phase == C.BUILD:
            ps = plays(view)
            if ps:
                fewest = min(p.taken.bit_count() for p in ps)
                return sorted(next_steps(view, [p for p in ps if p.taken.bit_count() == fewest]))
        return []
    if view.phase == C.DISCARD:
        return [a for a in legal if a != C.MELD_ACTION]
    return []


def discard_isolated_card(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "The player's best discard would be his ♦K, which is too far removed from the others in
    the suit to make a run possible, and there is no mate to it with which to start a triplet."
    """
    if not _discard_phase(view):
        return []
    return [d for d in _discards(legal) if isolated(view, d, view.hand, view.my_combos)]


def force_with_fourth_card(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "If you ... can force him by giving him the fourth card of his triplet, which is of no
    use to you, you should do so": discard that card and force him with it."""
    if view.to_move != view.player:
        return []
    live = view.unseen()
    fourths = 0
    for m in view.adv_combos:
        if view.rules.is_set(m):
            fourths |= view.rules.fits(m)
    if view.phase == C.DISCARD:
        return [
            d
            for d in _discards(legal)
            if fourths >> d & 1 and prospects(view, d, view.hand, view.my_combos, live) == 0
        ]
    if view.phase == C.DISCARD_TARGET and fourths >> view.discard & 1:
        return [
            a
            for a in legal
            if C.FORCE_ACTION_BASE <= a < C.DECLINE_ACTION
            and view.rules.is_set(view.adv_combos[a - C.FORCE_ACTION_BASE])
        ]
    return []


def _waiting(view: C.ConquianView) -> bool:
    """The hand is one or two cards that one more card would put down (a pair, or two cards of
    a sequence, whose completing card is still unseen)."""
    hand = view.hand
    if not 0 < hand.bit_count() <= 2:
        return False
    live = view.unseen()
    return all(prospects(view, c, hand, view.my_combos, live) > 0 for c in cards_of(hand))


def pass_when_waiting(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "A player ... in his hand a pair of Kings. Another King will make him game ... Suppose
    he draws a card that will fit one of his sequences; it is to his advantage to pass it":
    a player waiting on his last cards declines a card he could only use by breaking them up."""
    if view.to_move != view.player or view.phase != C.DISPOSAL or not _waiting(view):
        return []
    return [a for a in legal if a in (C.DECLINE_ACTION, C.PASS_ACTION)]


def force_declined_card(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "Upon laying it on the table his adversary may take it up and force him with it, by
    placing it at the end of his sequence, at the same time saying: 'Discard.'": force a card the
    adversary declined when it fits his combination, and force for no other reason."""
    if view.to_move != view.player or view.phase != C.DISPOSAL:
        return []
    forces = [a for a in legal if C.FORCE_ACTION_BASE <= a < C.DECLINE_ACTION]
    if not forces:
        return []
    if view.source == C.DECLINED:
        return forces
    return [a for a in legal if a not in forces]


def use_a_card(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "If this card can be used in combination with any of those in his hand, he draws it over
    to his side of the table": use the exposed card when it makes or extends a combination."""
    if view.to_move != view.player or view.phase != C.DISPOSAL:
        return []
    return [a for a in legal if C.USE_ACTION <= a < C.FORCE_ACTION_BASE]


def best_combination(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """ "Each player sorts his hand into sequences and triplets, and determines what cards he
    wants to complete his runs": of the ways to use the card, take the one that leaves the hand
    with the most cards still to hope for (after its best discard)."""
    if view.to_move != view.player or view.phase not in (C.DISPOSAL, C.BUILD):
        return []
    live = view.unseen()
    allowed = set(legal)
    scored: list[tuple[float, Play]] = []
    for p in plays(view):
        if not next_steps(view, [p]) & allowed:
            continue
        after = p.hand
        if not after:
            score = 1e9
        else:
            values = [hand_value(view, after & ~(1 << d), p.combos, live) for d in cards_of(after)]
            score = _down(p.combos) * 100 + max(values)
        scored.append((score, p))
    if not scored:
        return []
    best = max(s for s, _ in scored)
    steps = next_steps(view, [p for s, p in scored if s == best])
    return [a for a in legal if a in steps]


def keep_likely_cards(view: C.ConquianView, legal: Sequence[int]) -> list[int]:
    """Discard the card with the fewest live cards that could still bring it into a
    combination ("what cards he wants to complete his runs")."""
    if not _discard_phase(view):
        return []
    live = view.unseen()
    cards = _discards(legal)
    if not cards:
        return []
    score = {d: prospects(view, d, view.hand, view.my_combos, live) for d in cards}
    least = min(score.values())
    return [d for d in cards if score[d] == least]


HINTS = register_hints(
    "conquian",
    (
        Hint(
            "conquian.go-out",
            f"{BOOK}, Objects of the Game; Discarding",
            "The player wins who first succeeds in laying down eleven cards: show down "
            "everything remaining in his hand.",
            go_out,
        ),
        Hint(
            "conquian.play-for-tableau",
            f"{BOOK}, Suggestions for Good Play, ¶1 (RULES.md §2.7.3)",
            "If a player has not a good chance to get eleven down himself, he should play for "
            "a tableau, by using nothing that will compel him to discard cards which may put "
            "his adversary out.",
            play_for_tableau,
        ),
        Hint(
            "conquian.blocked-runs",
            f"{BOOK}, Suggestions for Good Play, ¶1 (RULES.md §2.7.4)",
            "A player cannot get eleven down in one suit, and observation of the cards passed "
            "will often show that his runs are blocked.",
            blocked_runs,
        ),
        Hint(
            "conquian.cannot-block-and-win",
            f"{BOOK}, Suggestions for Good Play, ¶2 (RULES.md §2.7.5)",
            "A player cannot block his adversary and at the same time win; he may use both his "
            "cards if another is to come.",
            cannot_block_and_win,
        ),
        Hint(
            "conquian.show-no-more-than-needed",
            f"{BOOK}, Method of Playing (RULES.md §2.7.6)",
            "Even if he has cards enough in his hand to increase the combination to four or "
            "more cards, he should not show them.",
            show_no_more_than_needed,
        ),
        Hint(
            "conquian.discard-isolated-card",
            f"{BOOK}, Discarding (RULES.md §2.7.7)",
            "The best discard is the card too far removed from the others in the suit to make a "
            "run possible, with no mate to start a triplet.",
            discard_isolated_card,
        ),
        Hint(
            "conquian.force-with-fourth-card",
            f"{BOOK}, Forcing (RULES.md §2.7.8)",
            "Force him by giving him the fourth card of his triplet, which is of no use to you.",
            force_with_fourth_card,
        ),
        Hint(
            "conquian.pass-when-waiting",
            f"{BOOK}, Forcing (RULES.md §2.7.8)",
            "Waiting on a pair of Kings, a card that will fit one of his sequences: it is to his "
            "advantage to pass it.",
            pass_when_waiting,
        ),
        Hint(
            "conquian.force-declined-card",
            f"{BOOK}, Forcing (RULES.md §2.7.8)",
            "His adversary may take it up and force him with it, even after it has been declined.",
            force_declined_card,
        ),
        Hint(
            "conquian.use-a-card",
            f"{BOOK}, Method of Playing",
            "If this card can be used in combination with any of those in his hand, he draws it "
            "over to his side of the table.",
            use_a_card,
        ),
        Hint(
            "conquian.best-combination",
            f"{BOOK}, Method of Playing",
            "Each player sorts his hand into sequences and triplets, and determines what cards "
            "he wants to complete his runs.",
            best_combination,
        ),
        Hint(
            "conquian.keep-likely-cards",
            f"{BOOK}, Method of Playing; Suggestions for Good Play",
            "Keep the cards wanted to complete the runs; observation of the cards passed shows "
            "what he has no chance for.",
            keep_likely_cards,
        ),
    ),
)
