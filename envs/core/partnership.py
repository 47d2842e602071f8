"""What the four-handed partnership trick games with an auction share (Vint, Auction Bridge).

Four players, partners sitting opposite (seats 0 and 2 against 1 and 3), the full pack dealt one
card at a time from the dealer's left, an auction that makes a contract in one of the
denominations (a trump suit or none), and thirteen tricks. :class:`PartnershipPlay` holds the
rules both games state the same way: the deal's chance nodes, the deal itself, the trick table
of the contract, the sides' tricks, the end of the game, the zones of cards and the card play
for a double-dummy searcher. A game's rules class inherits it and keeps its own auction, play
and score.
"""

from __future__ import annotations

from typing import Any

from hoyle.envs.core.cards import NUM_SUITS, format_card, mask_of
from hoyle.envs.core.deal import DealPlan, deal_outcomes
from hoyle.envs.core.events import log_event, seats
from hoyle.envs.core.rules import CHANCE, TERMINAL, replace_at
from hoyle.envs.core.tricks import CardPlay, TrickRules, partnership_card_play, void_cards

DEAL, AUCTION, PLAY, OVER = range(4)
"""The phases both games share, in this order (a game may add its own after them)."""
NUM_PLAYERS = 4
TRICKS = 13
"""Tricks in a deal (thirteen cards each)."""
CHAIRS: tuple[int, ...] = tuple(range(NUM_PLAYERS))
"""The seating of a game whose partners never change: player ``q`` in chair ``q``."""


class PartnershipPlay:
    """The shared rules of a four-handed partnership trick game with an auction.

    The game's class sets ``tricks`` (the trick table of each denomination, by ladder
    denomination), ``pack_mask``, ``num_cards``, ``deal_plan`` (one card at a time, holders
    counted from the dealer's left) and ``dealt_event`` (its event kind of a card dealt); its
    state has the slots ``phase``, ``to_move``, ``dealer``, ``dealt``, ``hands``, ``held``,
    ``contract``, ``declarer``, ``leader``, ``trick``, ``won``, ``played``, ``log`` and
    ``result``.
    """

    tricks: tuple[TrickRules, ...]
    score_bound: int
    deal_bound: int
    max_deals: int
    pack_mask: int
    num_cards: int
    deal_plan: DealPlan
    dealt_event: int

    def seating(self, s: Any) -> tuple[int, ...]:
        """The players in chair order round the table, each on the left of the one before;
        partners sit opposite (chairs 0 and 2 against 1 and 3). Fixed here; a game whose
        partners change (Vint's three rubbers) says who sits where now, and the deal, the
        sides' tricks, the end and the card play below follow it."""
        return CHAIRS

    def left_of(self, s: Any, player: int, k: int = 1) -> int:
        """The player ``k`` chairs to ``player``'s left."""
        seating = self.seating(s)
        return seating[(seating.index(player) + k) % NUM_PLAYERS]

    def trick_rules(self, s: Any) -> TrickRules:
        """The trick table of the contract's denomination."""
        rules: TrickRules = self.tricks[s.contract % len(self.tricks)]
        return rules

    def chance_outcomes(self, s: Any) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: Any) -> list[float]:
        if s.result is None:
            return [0.0] * NUM_PLAYERS
        return [float(r) for r in s.result]

    def _deal(self, s: Any, c: int, at: int) -> None:
        """Card ``c`` (history index ``at``) to the next seat, seen by him alone; after the last
        card the auction begins with the dealer."""
        k = s.dealt.bit_count()
        seat = self.left_of(s, s.dealer, 1 + self.deal_plan.holder(k))
        s.log = log_event(s.log, self.dealt_event, seat, c, seats(seat), at)
        s.dealt |= 1 << c
        s.hands = replace_at(s.hands, seat, s.hands[seat] | 1 << c)
        if k + 1 == self.num_cards:
            s.held = s.hands
            s.phase = AUCTION
            s.to_move = s.dealer

    def _finish(self, s: Any, margin: int) -> None:
        """The end: each seat wins his side's lead over the other side (partners alike)."""
        s.phase = OVER
        s.to_move = TERMINAL
        seating = self.seating(s)
        s.result = tuple(
            margin if seating.index(q) % 2 == 0 else -margin for q in range(NUM_PLAYERS)
        )

    def seat_bits(self, s: Any, at: dict[str, int], rel: tuple[int, ...]) -> int:
        """The fast tensor's (:mod:`hoyle.envs.core.bits`) ``won`` and ``voids`` pieces, each
        seat's row at ``rel[seat]`` (counted from the viewer): the tricks he won (one-hot 0-13)
        and the suits he did not follow."""
        won, voids, width = at["won"], at["voids"], TRICKS + 1
        b = 0
        for q in range(NUM_PLAYERS):
            r = rel[q]
            b |= 1 << (won + r * width + s.won[q])
            b |= (s.voids[q] & 15) << (voids + r * NUM_SUITS)
        return b

    def score_bits(
        self, s: Any, at: dict[str, int], mine: int, game_points: int, max_games: int
    ) -> tuple[int, list[float]]:
        """The fast tensor's score pieces, the viewer's side (``mine``) first: ``games`` (one-hot
        0 to ``max_games``) as bits; ``below`` / ``game_points``, ``score`` / ``score_bound``,
        ``deal_score`` / ``deal_bound`` and ``deal_no`` / ``max_deals`` as values, in that
        order (the game's ``tensor_values``)."""
        games, b = at["games"], 0
        for x in range(2):
            b |= 1 << (games + ((x - mine) % 2) * (max_games + 1) + s.games[x])
        other = 1 - mine
        values = [
            s.below[mine] / game_points,
            s.below[other] / game_points,
            s.score[mine] / self.score_bound,
            s.score[other] / self.score_bound,
            s.deal_score[mine] / self.deal_bound,
            s.deal_score[other] / self.deal_bound,
            s.deal_no / self.max_deals,
        ]
        return b, values

    def side_tricks(self, s: Any) -> tuple[int, int]:
        """The tricks each side has taken this deal (side 0: the chairs 0 and 2)."""
        w, seating = s.won, self.seating(s)
        return w[seating[0]] + w[seating[2]], w[seating[1]] + w[seating[3]]

    def void_cards(self, voids: int, contract: int) -> int:
        """The cards a seat that did not follow the suits ``voids`` cannot hold."""
        return void_cards(voids, self.tricks[contract % len(self.tricks)]) if voids else 0

    def deal_words(self, s: Any, player: int, action: int) -> str | None:
        """A chance outcome of the deal in words ("deal ♠A to player 1"), else ``None``."""
        if player != CHANCE and s.phase != DEAL:
            return None
        seat = self.left_of(s, s.dealer, 1 + s.dealt.bit_count())
        return f"deal {format_card(action)} to player {seat}"

    def card_zones(self, s: Any) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones["trick"] = mask_of(s.trick)
        zones["tricks"] = s.played
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones

    def card_play(self, s: Any) -> CardPlay | None:
        """The card play for a double-dummy searcher (``None`` outside it): tricks counted, the
        declarer's side side 0."""
        if s.phase != PLAY:
            return None
        return partnership_card_play(
            self.trick_rules(s), s.hands, s.leader, s.trick, s.declarer, self.seating(s)
        )


__all__ = ["AUCTION", "CHAIRS", "DEAL", "NUM_PLAYERS", "OVER", "PLAY", "PartnershipPlay"]
