"""The Cassino determinizer: a world the player cannot tell from the true one.

Only the cards dealt (or drawn) to the other players and still in their hands, and the stock,
are hidden: every card played is face up, and every card taken in was seen. The rules declare
them to the core (:class:`hoyle.envs.core.determinize.DeclaresHidden`) with what the table
knows against them; the core deals them afresh, uniformly among the deals that respect that,
and relabels the deal in the history through the event log.

What the table knows comes from the two rules that oblige a hand (assumptions 2 and 3):

- a build's owner who trails holds no card of his builds' values (else he could not trail):
  each card he held then, and holds still, may not be of those values, a **mask**
  (:meth:`DeterminizerRules.forbidden_cards`);
- a player who builds or increases to v on his own strength (a declaration) held a card of
  value v besides the one he played. That is "one of these cards has value v", which no mask
  says: it is a mask only when one card he held then is still hidden. Otherwise the draw is
  accepted only if one of them has value v (:meth:`DeterminizerRules.admit_world`), and so is
  the play now being made by another player (its card, kind and chosen objects must be legal
  for his re-dealt hand). The core draws again until one is: rejection of a uniform draw is
  uniform on what it accepts, so the re-deal stays exact.

Each hidden card's holder is its seat and the mask it carries, ``(seat, mask)``, so cards of
one hand under different masks (dealt before and after a trail, in Draw Cassino) are kept
apart. Only the current deal is re-dealt: a finished deal's cards were all seen, and its events
stop naming history positions (:func:`~hoyle.envs.core.events.settle_log`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from hoyle.envs.core.events import Event
from hoyle.envs.games.cassino.rules import (
    _BUILD_EVENT,
    _TAKE_EVENT,
    E_AND,
    E_CALL,
    E_DEAL,
    E_DEAL_TABLE,
    E_DRAW,
    E_INCREASE,
    E_LAST,
    E_NEW_DEAL,
    E_ON,
    E_PAIR,
    E_TRAIL,
    E_UNIT,
    E_WITH_BUILD,
    KIND_NONE,
    OVER,
    CassinoState,
    Move,
    PlayRules,
    _bits,
    build_key,
)

UNDEALT = ("undealt", 0)
"""The holder of the stock's cards (no mask: nothing is known of them)."""

_OBJECT_EVENTS = frozenset((E_ON, E_UNIT, E_AND, E_PAIR, E_WITH_BUILD, E_CALL))
"""The events that follow a play's card: the objects it takes or builds on, the value called."""

Holder = tuple[object, int]
"""A hidden card's holder: ``(seat or "undealt", mask of the cards it may not be)``."""


def deal_start(log: Sequence[Event]) -> int:
    """The index in ``log`` of the current deal's first event."""
    for i in range(len(log) - 1, -1, -1):
        if log[i][0] == E_NEW_DEAL:
            return i
    return 0


class Knowledge:
    """What the current deal's public history says about the hidden hands (for one player).

    ``lacks[c]``: the values (a bitmask) the hidden card ``c`` cannot have, from the trails of
    its holder while he held it; ``musts``: ``(cards, v)``, one of the hidden ``cards`` has
    value ``v`` (a declaration that no card he has played since meets); ``at[c]``: where the
    hidden card ``c`` was dealt in the history.
    """

    def __init__(self, rules: PlayRules, s: CassinoState, player: int) -> None:
        n = rules.num_players
        log = s.log[deal_start(s.log) :]
        shown = 1 << s.move.card if s.move is not None and s.player != player else 0
        self.hidden = 0
        if s.phase != OVER:
            for q in range(n):
                if q != player:
                    self.hidden |= s.hands[q] & ~shown
        hidden = self.hidden
        bits, vm = rules.value_bits, rules.value_masks
        hands = [0] * n
        builds: dict[int, tuple[int, int, int]] = {}  # key -> (mask, value, owner)
        declared = [0] * n
        lacks: dict[int, int] = {}
        musts: list[tuple[int, int]] = []  # (cards he held then, value)
        at: dict[int, int] = {}
        i = 0
        while i < len(log):
            kind, q, c, _, pos = log[i]
            i += 1
            if kind in (E_DEAL, E_DRAW):
                hands[q] |= 1 << c
                at[c] = pos
                continue
            if kind == E_LAST:
                builds = {}
                continue
            if kind not in (E_TRAIL, E_INCREASE, *_TAKE_EVENT, *_BUILD_EVENT):
                continue
            # A play: its card, then its objects and the value called.
            held = hands[q] & ~(1 << c)
            hands[q] = held
            pdecl = declared[rules.partner_of[q]] if rules.partner_of[q] >= 0 else 0
            declared[q] &= ~bits[c]
            base = 1 << c
            joined = False
            value = 0
            gathered: list[int] = []
            while i < len(log) and log[i][0] in _OBJECT_EVENTS:
                k, _, x, _, _ = log[i]
                i += 1
                if k == E_WITH_BUILD:
                    gathered.append(x)
                elif k == E_CALL:
                    value = x
                else:
                    base |= 1 << x
            if kind == E_TRAIL:
                owned = 0
                for _, v, owner in builds.values():
                    if owner == q:
                        owned |= vm[v]
                if owned and q != player:
                    for x in _bits(held & hidden):
                        lacks[x] = lacks.get(x, 0) | owned
                continue
            if kind in _TAKE_EVENT:
                for key in gathered:
                    builds.pop(key, None)
                continue
            mask = base
            for key in gathered:
                mask |= builds[key][0]
                joined |= builds[key][2] == rules.partner_of[q] >= 0
                del builds[key]
            if kind == E_INCREASE:
                joined = bool(pdecl >> value & 1)
            own = not (pdecl >> value & 1 or joined)
            builds[build_key(mask)] = (mask, value, q)
            if own:
                declared[q] |= 1 << value
                if q != player:
                    musts.append((held, value))
        self.lacks = lacks
        self.at = at
        # A declaration is met by a card he held then and has played since; else it binds
        # the hidden ones.
        self.musts: list[tuple[tuple[int, ...], int]] = []
        self.single: dict[int, int] = {}  # a hidden card that alone can meet a declaration
        for held, v in musts:
            if (held & ~hidden) & vm[v]:
                continue
            cards = _bits(held & hidden)
            if len(cards) == 1:
                self.single[cards[0]] = self.single.get(cards[0], rules.pack) & vm[v]
            else:
                self.musts.append((cards, v))


def play_possible(rules: PlayRules, s: CassinoState, q: int, hand: int) -> bool:
    """Whether player ``q`` holding ``hand`` could have made the steps of the current play."""
    m0 = s.move
    assert m0 is not None
    pdecl = rules._pdecl(s, q)
    loose, builds = s.loose, s.builds
    if not rules.card_actions(hand, loose, builds, q, pdecl).count(m0.card):
        return False
    m = Move(card=m0.card, steps=m0.steps[:1])
    for a in m0.steps[1:]:
        if m.kind == KIND_NONE:
            legal = rules.kind_actions(m.card, hand, loose, builds, q, pdecl)
        else:
            legal = rules.select_actions(m, loose, builds, q)
        if a not in legal:
            return False
        m, _ = rules.step(m, a, hand, loose, builds, q, pdecl)
    if m.kind == KIND_NONE:
        return bool(rules.kind_actions(m.card, hand, loose, builds, q, pdecl))
    return True


class DeterminizerRules(PlayRules):
    """The rules' declarations to the core's determinizer (``DeclaresHidden``,
    ``OrdersUnseen``, ``AdmitsWorlds``; see the module docstring)."""

    _known: tuple[tuple[Event, ...], object, int, Knowledge] | None = None

    def knowledge(self, s: CassinoState, player: int) -> Knowledge:
        """What the public history of the current deal says about the hidden hands, for
        ``player`` (kept for the last state asked about: the core asks once per draw)."""
        known = self._known
        if known is not None and known[0] is s.log and known[1] is s.move and known[2] == player:
            return known[3]
        k = Knowledge(self, s, player)
        self._known = (s.log, s.move, player, k)
        return k

    def hidden_cards(self, s: CassinoState, player: int) -> dict[int, Hashable]:
        """The other hands' cards (not the one being played, face up) with their masks, and
        the stock; nothing once the deal is over."""
        if s.phase == OVER:
            return {}
        k = self.knowledge(s, player)
        out: dict[int, Hashable] = {}
        for q in range(self.num_players):
            if q != player:
                for c in _bits(s.hands[q] & k.hidden):
                    mask = k.lacks.get(c, 0)
                    if c in k.single:
                        mask |= self.pack & ~k.single[c]
                    out[c] = (q, mask)
        for c in _bits(self.pack & ~s.dealt):
            out[c] = UNDEALT
        return out

    def forbidden_cards(self, s: CassinoState, player: int) -> dict[Hashable, int]:
        """Each holder's mask is in its name: ``(seat, mask)``."""
        return {h: h[1] for h in self.hidden_cards(s, player).values() if isinstance(h, tuple)}

    def unseen_orders(self, s: CassinoState, player: int) -> list[list[int]]:
        """Each other seat's deal positions of each round of the current deal
        (``OrdersUnseen``): the order a round's cards came in was never seen. (A round's cards
        all arrive before its first play, so the trails bind them alike; a drawn card arrives
        at a time of its own and keeps its place.)"""
        groups: dict[tuple[int, int], list[int]] = {}
        rnd = 0
        dealing = False
        for kind, q, _, seen, at in s.log[deal_start(s.log) :]:
            if kind == E_DEAL:
                rnd += not dealing
                dealing = True
                if at >= 0 and not seen >> player & 1:
                    groups.setdefault((q, rnd), []).append(at)
            else:
                dealing = dealing and kind == E_DEAL_TABLE
        return [g for g in groups.values() if len(g) > 1]

    def admit_world(self, s: CassinoState, player: int, history: list[int]) -> list[int] | None:
        """``history`` if its re-deal meets every declaration and lets the player now making a
        play make its steps so far, else ``None``."""
        k = self.knowledge(s, player)
        world = {c: history[a] for c, a in k.at.items() if k.hidden >> c & 1}
        bits = self.value_bits
        for cards, v in k.musts:
            if not any(bits[world.get(c, c)] >> v & 1 for c in cards):
                return None
        if s.move is None or s.player == player:
            return history
        hand = 0
        for c in _bits(s.hands[s.player]):
            hand |= 1 << world.get(c, c)
        return history if play_possible(self, s, s.player, hand) else None


__all__ = [
    "DeterminizerRules",
    "Knowledge",
    "deal_start",
    "play_possible",
]
