"""The determinizer of Old Maid: a whole history drawn forward, exact by rejection.

What a player knows of the other hands is not a mask per holder. A draw between two other
players moves a card he cannot see, and the table sees only whether it made a pair (the hand
sizes change by one or by two), so what the others hold now depends on every card's whole
story: dealt where, drawn by whom, laid down when. No relabelling of the cards along the true
history's stories (:func:`hoyle.envs.core.determinize.redeal_unseen`) reaches the worlds whose
stories differ, so the game draws the whole history itself (:class:`hoyle.envs.core.
determinize.DrawsWorlds`):

- the cards dealt to the others are dealt afresh, uniformly, until each hand lays down as many
  pairs as the table saw it lay (a cheap check before any replay); the history is then replayed
  from the start on a fresh state; a chance outcome the player saw (his own cards dealt, the
  card he drew, the card drawn from him) is kept; a card drawn between two others is drawn
  uniformly among the cards of the fan it came from in this world; the positions chosen are
  public and kept;
- after every step the player's cut of the new events must equal his cut of the true log
  (who laid down a pair, who dropped out, which card he drew ...); otherwise the try is
  rejected and the replay starts again.

Why it is exact: every chance outcome of the game is uniform over a set whose size is public
(the cards still to deal, the size of the fan), so every history the player cannot tell from
his own has the same probability, and so has its every proposal (a product of one over those
sizes, less the cards he holds back); rejection keeps the draw uniform among the histories the
player cannot tell apart, that is, exactly the posterior. After :data:`MAX_TRIES` rejections
(a long game among many players, where a replay must match many pairs and outs) the last world
drawn for the same information state is kept, or else the true history, as the core does (a
world he cannot tell from his own, if not a fresh one). That is the determinizer's weakness:
late in a deal of four or more hands the rejection rarely succeeds, and the world returned is
then not a fresh draw.
The tiny configuration's whole tree holds the draws to exactness (``test_determinizer_exact``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import cards_of, iter_cards
from hoyle.envs.core.draw import draw_without_replacement
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.old_maid.view import DRAW

if TYPE_CHECKING:
    from hoyle.envs.games.old_maid.rules import OldMaidRules, OldMaidState

MAX_TRIES = 8
"""Replays :func:`draw_world` tries before it keeps the true history."""
DEAL_TRIES = 200
"""Deals a replay draws before it gives up: a deal whose pairs differ from what the table saw
is refused before any replay (it would be refused at the deal's last card)."""


def hidden_cards(rules: OldMaidRules, s: OldMaidState, player: int) -> dict[int, Hashable]:
    """Every card in another seat's hand under that seat; every pair laid down by another seat
    under ``"pairs q"`` (face down, assumption 2); in the deal, the cards to come."""
    out: dict[int, Hashable] = {}
    for q, (hand, laid) in enumerate(zip(s.hands, s.laid, strict=True)):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand), q))
            out.update(dict.fromkeys(iter_cards(laid), f"pairs {q}"))
    out.update(dict.fromkeys(iter_cards(rules.pack_mask & ~s.dealt), "undealt"))
    return out


def forbidden_cards(rules: OldMaidRules, s: OldMaidState, player: int) -> dict[Hashable, int]:
    """No mask says what the table knows here (the module docstring): the world is drawn whole
    by :func:`draw_world`, never by the core's relabelling."""
    del s
    return {q: 0 for q in range(rules.num_players) if q != player}


def draw_world(
    rules: OldMaidRules,
    s: OldMaidState,
    player: int,
    history: Sequence[int],
    sampler: ProbabilitySampler,
) -> list[int] | None:
    """A history ``player`` cannot tell from ``history``, uniform among those (the module
    docstring), or ``None`` after :data:`MAX_TRIES` rejections."""
    bit = 1 << player
    seen = {at: v for _, _, v, sn, at in s.log if at >= 0 and sn & bit}
    target = rules.event_schema.view(s.log, player)
    key = (id(rules), player, target)
    dealt = min(len(history), rules.pack_size)
    pairs = _pairs(rules, history[:dealt])
    for _ in range(MAX_TRIES):
        deal = _deal(rules, history[:dealt], seen, pairs, sampler)
        if deal is None:
            break
        new = _replay(rules, [*deal, *history[dealt:]], player, seen, target, sampler)
        if new is not None:
            _DRAWN[key] = new
            while len(_DRAWN) > MAX_REMEMBERED:
                del _DRAWN[next(iter(_DRAWN))]
            return new
    drawn = _DRAWN.get(key)
    return None if drawn is None else list(drawn)


MAX_REMEMBERED = 256
"""Information states whose last drawn world :func:`draw_world` remembers."""
_DRAWN: dict[tuple[int, int, tuple[tuple[int, int, int], ...]], list[int]] = {}
"""The last world drawn for each recent information state (the rules' id, the player, his cut
of the log): where no draw succeeds, that world is kept rather than the true history, which
would hand a search agent the hidden cards. A world drawn for an information state is one the
player cannot tell from his own, so keeping it shows nothing of the true state; the true
history is kept only where no world was ever drawn for it."""


def _pairs(rules: OldMaidRules, deal: Sequence[int]) -> tuple[int, ...] | None:
    """How many pairs each seat lays down from ``deal`` (public once the deal is complete;
    ``None`` before)."""
    if len(deal) < rules.pack_size:
        return None
    n = rules.num_players
    hands = [0] * n
    for k, c in enumerate(deal):
        hands[k % n] |= 1 << c  # one at a time from seat 0, the eldest (the dealer is n - 1)
    return tuple(sum((h & m).bit_count() // 2 for m in rules.rank_masks) for h in hands)


def _deal(
    rules: OldMaidRules,
    deal: Sequence[int],
    seen: dict[int, int],
    pairs: tuple[int, ...] | None,
    sampler: ProbabilitySampler,
) -> list[int] | None:
    """A uniform deal keeping the cards the player saw dealt, with as many pairs in each hand
    as the table saw go down (rejection: uniform among such deals), or ``None`` after
    :data:`DEAL_TRIES`."""
    hidden = [k for k in range(len(deal)) if k not in seen]
    unseen = cards_of(rules.pack_mask & ~sum(1 << seen[k] for k in range(len(deal)) if k in seen))
    for _ in range(DEAL_TRIES):
        new = list(deal)
        for k, c in zip(hidden, draw_without_replacement(unseen, len(hidden), sampler),
                        strict=True):  # fmt: skip
            new[k] = c
        if pairs is None or _pairs(rules, new) == pairs:
            return new
    return None


def _replay(
    rules: OldMaidRules,
    history: Sequence[int],
    player: int,
    seen: dict[int, int],
    target: tuple[tuple[int, int, int], ...],
    sampler: ProbabilitySampler,
) -> list[int] | None:
    """One try of :func:`draw_world`: ``history`` (its deal drawn) replayed, each draw the
    player did not see drawn afresh, or ``None`` where he would have seen something else."""
    schema = rules.event_schema
    w = rules.new_state()
    new: list[int] = []
    done = 0
    for i, a in enumerate(history):
        if w.phase == DRAW:
            if i in seen:
                a = seen[i]
                if not w.hands[w.giver] >> a & 1:
                    return None
            else:
                choices = cards_of(w.hands[w.giver])
                a = choices[min(int(sampler() * len(choices)), len(choices) - 1)]
        rules.apply_action(w, a)
        new.append(a)
        if len(w.log) > done:
            if schema.view(w.log[done:], player) != target[done : len(w.log)]:
                return None
            done = len(w.log)
    return new if done == len(target) else None
