# mypy: ignore-errors
# (numba kernels: intrinsics and numpy scalars that mypy cannot type; the annotations document)
"""The compiled core of the double-dummy solver (numba), used by :mod:`hoyle.agents.double_dummy`.

This module is the same search as :class:`~hoyle.agents.double_dummy.DoubleDummy`'s Python
methods (``_node``, ``_candidates``, ``_order``, ``_sure``, ``_cross``, ``_position_key``), line
for line where it can be, on the same cards and the same move order, so that both explore the
same tree: with a table large enough to lose no entry the node counts are equal, which the tests
check. What differs is only the representation:

* card masks are ``int64`` (card ids up to 53 fit), counted with LLVM's ``ctpop``/``ctlz``;
* the rules are small numpy tables (suit, power, points, the suits' cards in power order);
* the transposition table is an open-addressing hash of fixed-width keys in preallocated arrays
  (the keys, a lower and an upper bound, the best lead) instead of dicts. The key is the one
  of the Python solver's relative-ranks table: the leader and, per suit, the holder and the
  point class of each card still out in power order, packed into four 64-bit words (a fifth word
  holds the leader and each suit's count). A game whose packed key would not fit uses the exact
  hands as the key instead (nothing of the equivalence by relative ranks, but still exact).
  A probe sequence is at most :data:`PROBES` slots; when all are taken by other positions the
  first is overwritten (what it knew is lost, never corrupted: every bound stored is true of
  its own key). The Python side grows the table between the bisection's passes.

Only the plain trick rules are compiled: no ascending suit power (Quinto), and no free, master,
no-suit or lead-last-only card in the hands or on the table (Five Hundred's no-trump Joker,
Quint Royal). :func:`supported` says whether a position qualifies; the caller keeps the Python
search for the others.

Importing this module needs numba; :mod:`hoyle.agents.double_dummy` imports it lazily and falls
back to Python when it is missing (or when ``HOYLE_NO_NUMBA=1``).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

INF = 1 << 30
PROBES = 16
"""Slots tried per key before the first of them is overwritten."""
KEY_WORDS = 5
MAX_CANDS = 64
"""Room per ply for the candidate cards (more than any hand of the books holds); the last two
rows of the candidates' array are scratch for :func:`_order` and :func:`_sure`."""
_VALID = 1 << 62
"""Set in the fifth key word of every stored key (an all-zero row is an empty slot)."""


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _ctlz(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = builder.module.declare_intrinsic("llvm.ctlz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@njit(cache=True, inline="always")
def _top(m: int) -> int:
    """The highest card id of a non-empty mask (``m.bit_length() - 1``)."""
    return 63 - _ctlz(m)


@njit(cache=True, inline="always")
def _low(m: int) -> int:
    """The lowest card id of a non-empty mask."""
    return 63 - _ctlz(m & -m)


# --- the context: rules and scratch arrays -----------------------------------------------------
# cfg: [0] n, [1] trump, [2] by_points, [3] last-trick bonus, [4] must_trump, [5] relative keys,
#      [6] point-class bits, [7] table mask (size - 1), [8] entries at which a search stops
#      (returns ABORT) so that the caller grows the table and searches again, [9] the epoch
#      (a count of the caller's solves: the entries of older ones are overwritten first)
# st:  [0] nodes, [1] points still in the hands, [2] table entries filled

(CFG_N, CFG_TRUMP, CFG_BYPTS, CFG_LAST, CFG_MUST, CFG_REL, CFG_PBITS, CFG_TMASK, CFG_GROW,
 CFG_EPOCH) = range(10)  # fmt: skip
CFG_SIZE = 10
ABORT = -(1 << 40)
"""What :func:`search` returns when the table is too full to go on without losing entries."""


@njit(cache=True, inline="always")
def _key(c: int, led: int, suit: np.ndarray, power: np.ndarray, trump: int) -> int:
    s = suit[c]
    if (s == trump and s != -1) or (s == led and s != -1):
        return power[c]
    return -1


@njit(cache=True, inline="always")
def _legal(hand: int, led: int, smask: np.ndarray, trump: int, must: int) -> int:
    if led == -1:
        return hand
    follow = hand & smask[led]
    if follow:
        return follow
    if must and trump != -1:
        tr = hand & smask[trump]
        if tr:
            return tr
    return hand


@njit(cache=True)
def _position_key(
    leader: int,
    hands: np.ndarray,
    cfg: np.ndarray,
    smask: np.ndarray,
    order: np.ndarray,
    olen: np.ndarray,
    pclass: np.ndarray,
    kw: np.ndarray,
) -> None:
    """The table key into ``kw`` (five words): relative ranks, or the exact hands."""
    n = cfg[CFG_N]
    for i in range(KEY_WORDS):
        kw[i] = 0
    if cfg[CFG_REL] == 0:
        for q in range(n):
            kw[q] = hands[q]
        kw[4] = _VALID | leader
        return
    width = 2 + cfg[CFG_PBITS]
    allc = 0
    for q in range(n):
        allc |= hands[q]
    pos = 0
    w4 = _VALID | leader
    for s in range(4):
        if not allc & smask[s]:
            continue
        cnt = 0
        for i in range(olen[s]):
            c = order[s, i]
            b = np.int64(1) << c
            if not allc & b:
                continue
            q = 0
            while not hands[q] & b:
                q += 1
            code = q | (pclass[c] << 2)
            w = pos >> 6
            off = pos & 63
            kw[w] |= code << off
            if off + width > 64:
                kw[w + 1] |= code >> (64 - off)
            pos += width
            cnt += 1
        w4 |= cnt << (2 + 5 * s)
    kw[4] = w4


@njit(cache=True, inline="always")
def _hash(kw: np.ndarray, tmask: int) -> int:
    h = np.int64(0x12345)
    for i in range(KEY_WORDS):
        h = (h ^ kw[i]) * np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15
        h ^= (h >> 29) & np.int64(0x7FFFFFFFF)
    return h & tmask


@njit(cache=True)
def _probe(kw: np.ndarray, tkeys: np.ndarray, tmeta: np.ndarray, tmask: int) -> int:
    """The slot of ``kw``: its own (>= 0), or ``-1 - slot`` for the empty slot where it would
    go, or when the probe sequence is full, the slot to overwrite: the one written longest ago
    (the lowest epoch: a previous solve's, such as another world's in PIMC), among those the
    one with the fewest cards left (the cheapest to search again), the first of those."""
    h = _hash(kw, tmask)
    victim = h
    oldest = np.int64(1) << 62
    for j in range(PROBES):
        i = (h + j) & tmask
        if tkeys[i, 4] == 0:
            return -1 - i
        same = True
        for w in range(KEY_WORDS):
            if tkeys[i, w] != kw[w]:
                same = False
                break
        if same:
            return i
        age = tmeta[i] >> 8  # epoch, then cards left
        if age < oldest:
            oldest = age
            victim = i
    return -1 - victim


@njit(cache=True)
def _store(
    kw: np.ndarray,
    lo: int,
    hi: int,
    meta: int,
    tkeys: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmeta: np.ndarray,
    st: np.ndarray,
    tmask: int,
) -> None:
    """Write an entry's bounds and ``meta``: the epoch << 16 | the cards each player has left
    << 8 | the best lead + 1."""
    i = _probe(kw, tkeys, tmeta, tmask)
    if i < 0:
        i = -1 - i
        if tkeys[i, 4] == 0:
            st[2] += 1
        for w in range(KEY_WORDS):
            tkeys[i, w] = kw[w]
    tlo[i] = lo
    thi[i] = hi
    tmeta[i] = meta


@njit(cache=True)
def rehash(
    tkeys: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmeta: np.ndarray,
    nkeys: np.ndarray,
    nlo: np.ndarray,
    nhi: np.ndarray,
    nmeta: np.ndarray,
    st: np.ndarray,
) -> None:
    """Move every entry of the old table into the new, larger one."""
    nmask = nkeys.shape[0] - 1
    st[2] = 0
    for i in range(tkeys.shape[0]):
        if tkeys[i, 4] != 0:
            _store(tkeys[i], tlo[i], thi[i], tmeta[i], nkeys, nlo, nhi, nmeta, st, nmask)


# --- the quick bound ---------------------------------------------------------------------------


@njit(cache=True)
def _top_out(s: int, allc: int, order: np.ndarray, olen: np.ndarray) -> int:
    for i in range(olen[s]):
        c = order[s, i]
        if (allc >> c) & 1:
            return c
    return -1


@njit(cache=True)
def _cross(
    leader: int,
    allc: int,
    done: int,
    j1: int,
    hands: np.ndarray,
    maxside: np.ndarray,
    cfg: np.ndarray,
    smask: np.ndarray,
    order: np.ndarray,
    olen: np.ndarray,
    pts: np.ndarray,
) -> tuple[int, int]:
    """``DoubleDummy._cross``: the crossing to the partner's best card at no trumps."""
    n = cfg[CFG_N]
    h = hands[leader]
    side = maxside[leader]
    best_t = 0
    best_p = 0
    for r in range(n):
        if r == leader or maxside[r] != side:
            continue
        hr = hands[r]
        for s in range(4):
            ms = smask[s]
            if ms & done or not h & ms:
                continue
            top = _top_out(s, allc & ms, order, olen)
            if top < 0 or not (hr >> top) & 1:
                continue
            m = h & ms
            low = INF
            while m:
                c = _low(m)
                m &= m - 1
                if pts[c] < low:
                    low = pts[c]
            tricks = 1
            total = low + pts[top]
            more = 0
            more_pts = 0
            for t in range(4):
                if smask[t] & done:
                    continue
                first = True
                for i in range(olen[t]):
                    c = order[t, i]
                    if not (allc >> c) & 1:
                        continue
                    if t == s and first:
                        first = False
                        continue
                    first = False
                    if not (hr >> c) & 1:
                        break
                    more += 1
                    more_pts += pts[c]
            if _ctpop(hr) - 1 - more >= j1:
                tricks += more
                total += more_pts
            if total > best_p or (total == best_p and tricks > best_t):
                best_t = tricks
                best_p = total
    return best_t, best_p


@njit(cache=True)
def _sure(
    leader: int,
    rem: int,
    hands: np.ndarray,
    maxside: np.ndarray,
    cfg: np.ndarray,
    smask: np.ndarray,
    order: np.ndarray,
    olen: np.ndarray,
    pts: np.ndarray,
    sc: np.ndarray,
) -> int:
    """``DoubleDummy._sure`` (no master, free or no-suit cards here); ``sc`` is scratch."""
    n = cfg[CFG_N]
    trump = cfg[CFG_TRUMP]
    h = hands[leader]
    side = maxside[leader]
    allc = 0
    for q in range(n):
        allc |= hands[q]
    tricks = 0
    total = 0
    suits = sc[0:4]
    ns = 0
    if trump != -1:
        suits[0] = trump
        ns = 1
    else:
        for s in range(4):
            suits[s] = s
        ns = 4
    cashed_m = sc[4:8]
    cashed_j = sc[8:12]
    nc = 0
    s_i = 0
    while s_i < ns:
        s = suits[s_i]
        s_i += 1
        j = 0
        top = _top_out(s, allc & smask[s], order, olen)
        if top >= 0 and (h >> top) & 1:
            for i in range(olen[s]):
                c = order[s, i]
                if not (allc >> c) & 1:
                    continue
                if not (h >> c) & 1:
                    break
                j += 1
                total += pts[c]
        if s == trump:
            ms = smask[s]
            longest = 0
            for q in range(n):
                if maxside[q] != side:
                    x = _ctpop(hands[q] & ms)
                    if x > longest:
                        longest = x
            if j >= longest:
                ns = 1
                for x in range(4):
                    if x != trump:
                        suits[ns] = x
                        ns += 1
        if j:
            tricks += j
            cashed_m[nc] = smask[s]
            cashed_j[nc] = j
            nc += 1
    j1 = tricks
    hc = _ctpop(h)
    if trump == -1 and j1 < hc - 1:
        done = 0
        for i in range(nc):
            done |= cashed_m[i]
        ct, cp = _cross(leader, allc, done, j1, hands, maxside, cfg, smask, order, olen, pts)
        tricks += ct
        total += cp
    if tricks >= hc:
        return rem
    if cfg[CFG_BYPTS] == 0:
        return tricks
    if nc:
        vals = sc[16:]
        for q in range(n):
            hq = hands[q]
            if q == leader:
                continue
            forced = 0
            used = 0
            for i in range(nc):
                f = hq & cashed_m[i]
                if not f:
                    continue
                # The cheapest min(j, len) cards of the suit, by (points, card id).
                take = min(cashed_j[i], _ctpop(f))
                forced += take
                for _ in range(take):
                    bc = -1
                    m = f
                    while m:
                        c = _low(m)
                        m &= m - 1
                        if bc < 0 or pts[c] < pts[bc]:
                            bc = c
                    total += pts[bc]
                    used |= np.int64(1) << bc
                    f &= ~(np.int64(1) << bc)
            left = j1 - forced
            if left > 0:
                rest = hq & ~used
                nv = 0
                while rest:
                    c = _low(rest)
                    rest &= rest - 1
                    vals[nv] = pts[c]
                    nv += 1
                # The cheapest ``left`` of them (a partial selection sort).
                for i in range(min(left, nv)):
                    m_i = i
                    for j in range(i + 1, nv):
                        if vals[j] < vals[m_i]:
                            m_i = j
                    x = vals[m_i]
                    vals[m_i] = vals[i]
                    vals[i] = x
                    total += x
    return total


# --- the search --------------------------------------------------------------------------------


@njit(cache=True)
def _candidates(
    legal: int,
    out: int,
    smask: np.ndarray,
    order: np.ndarray,
    olen: np.ndarray,
    pts: np.ndarray,
    buf: np.ndarray,
) -> int:
    """``DoubleDummy._candidates`` into ``buf``; returns how many."""
    if not legal & (legal - 1):
        buf[0] = _top(legal)
        return 1
    nc = 0
    for s in range(4):
        ms = legal & smask[s]
        if not ms:
            continue
        if not ms & (ms - 1):
            buf[nc] = _top(ms)
            nc += 1
            continue
        prev = -1
        for i in range(olen[s]):
            c = order[s, i]
            b = np.int64(1) << c
            if not b & out:
                continue
            if b & ms:
                if prev != pts[c]:
                    buf[nc] = c
                    nc += 1
                    prev = pts[c]
                ms ^= b
                if not ms:
                    break
            else:
                prev = -1
    return nc


@njit(cache=True)
def _order(
    buf: np.ndarray,
    nc: int,
    k: int,
    leader: int,
    led: int,
    best_i: int,
    best_key: int,
    maximise: int,
    tt_move: int,
    hands: np.ndarray,
    maxside: np.ndarray,
    cfg: np.ndarray,
    suit: np.ndarray,
    power: np.ndarray,
    pts: np.ndarray,
    smask: np.ndarray,
    tmp: np.ndarray,
) -> None:
    """``DoubleDummy._order``, in place (stable insertion sorts, as Python's sort)."""
    n = cfg[CFG_N]
    trump = cfg[CFG_TRUMP]
    if k == 0:
        if tt_move >= 0:
            for i in range(nc):
                if buf[i] == tt_move:
                    for j in range(i, 0, -1):
                        buf[j] = buf[j - 1]
                    buf[0] = tt_move
                    break
        return
    if (maxside[(leader + best_i) % n] != 0) == (maximise != 0):
        # Partner is winning: sorted by (-points, power).
        for i in range(1, nc):
            c = buf[i]
            j = i - 1
            while j >= 0 and (
                -pts[buf[j]] > -pts[c] or (pts[buf[j]] == pts[c] and power[buf[j]] > power[c])
            ):
                buf[j + 1] = buf[j]
                j -= 1
            buf[j + 1] = c
        return
    nw = 0
    nl = 0
    for i in range(nc):
        c = buf[i]
        lc = led if led != -1 else suit[c]
        if _key(c, lc, suit, power, trump) > best_key:
            buf[nw] = c  # nw <= i: the winners compact at the front
            nw += 1
        else:
            tmp[nl] = c
            nl += 1
    # Winners by power.
    for i in range(1, nw):
        c = buf[i]
        j = i - 1
        while j >= 0 and power[buf[j]] > power[c]:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = c
    # Losers by (points, power).
    for i in range(1, nl):
        c = tmp[i]
        j = i - 1
        while j >= 0 and (
            pts[tmp[j]] > pts[c] or (pts[tmp[j]] == pts[c] and power[tmp[j]] > power[c])
        ):
            tmp[j + 1] = tmp[j]
            j -= 1
        tmp[j + 1] = c
    if nw > 1 and k < n - 1 and trump == -1 and led != -1:
        later = 0
        for i in range(k + 1, n):
            later |= hands[(leader + i) % n]
        threat = -INF
        m = later & smask[led]
        while m:
            x = power[_low(m)]
            m &= m - 1
            if x > threat:
                threat = x
        for i in range(nw):
            c = buf[i]
            if power[c] > threat:
                if i:
                    for j in range(i, 0, -1):
                        buf[j] = buf[j - 1]
                    buf[0] = c
                break
    for i in range(nl):
        buf[nw + i] = tmp[i]


@njit(cache=True)
def _last_trick(
    leader: int,
    hands: np.ndarray,
    maxside: np.ndarray,
    cfg: np.ndarray,
    suit: np.ndarray,
    power: np.ndarray,
    pts: np.ndarray,
) -> int:
    n = cfg[CFG_N]
    trump = cfg[CFG_TRUMP]
    c = _top(hands[leader])
    led = suit[c]
    best_i = 0
    best_key = _key(c, led, suit, power, trump)
    total = pts[c]
    for i in range(1, n):
        c = _top(hands[(leader + i) % n])
        total += pts[c]
        kk = _key(c, led, suit, power, trump)
        if kk > best_key:
            best_i = i
            best_key = kk
    if not maxside[(leader + best_i) % n]:
        return 0
    return total + cfg[CFG_LAST] if cfg[CFG_BYPTS] else 1


# Frame fields of the explicit stack (one row per card decision, indexed by ply).
(F_LEADER, F_K, F_LED, F_BEST_I, F_BEST_KEY, F_TPTS, F_ALPHA, F_BETA, F_A0, F_B0, F_HAND,
 F_USE_TT, F_TT_LO, F_TT_HI, F_BEST, F_BEST_MOVE, F_CI, F_NC, F_OFF) = range(19)  # fmt: skip
NUM_FIELDS = 19
_ENTER, _NEXT, _RETURN, _UPDATE = range(4)


@njit(cache=True, inline="always")
def _push(
    fr: np.ndarray,
    e: int,
    leader: int,
    k: int,
    led: int,
    best_i: int,
    best_key: int,
    tpts: int,
    alpha: int,
    beta: int,
) -> None:
    fr[e, F_LEADER] = leader
    fr[e, F_K] = k
    fr[e, F_LED] = led
    fr[e, F_BEST_I] = best_i
    fr[e, F_BEST_KEY] = best_key
    fr[e, F_TPTS] = tpts
    fr[e, F_ALPHA] = alpha
    fr[e, F_BETA] = beta


@njit(cache=True)
def search(
    leader0: int,
    k0: int,
    led0: int,
    best_i0: int,
    best_key0: int,
    tpts0: int,
    alpha0: int,
    beta0: int,
    hands: np.ndarray,
    trick: np.ndarray,
    st: np.ndarray,
    cfg: np.ndarray,
    maxside: np.ndarray,
    suit: np.ndarray,
    power: np.ndarray,
    pts: np.ndarray,
    smask: np.ndarray,
    order: np.ndarray,
    olen: np.ndarray,
    pclass: np.ndarray,
    tkeys: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmeta: np.ndarray,
    cbuf: np.ndarray,
    kbuf: np.ndarray,
    fr: np.ndarray,
) -> int:
    """``DoubleDummy._node`` from a position with ``k0 < n`` cards of the trick down: side 0's
    score from here on, fail-soft in the window (``alpha0``, ``beta0``).

    The recursion of the Python search runs on an explicit stack (``fr``, one row per card
    decision: numba's cache cannot hold a recursive function, numba issue #6061). Each row goes
    through ENTER (the table and the quick bounds; the candidates, ordered), then NEXT / UPDATE
    for each candidate (play it, search the position after it, take its value back), then
    RETURN (store the bounds, hand the value to the row below).

    ``trick`` holds one card per ply from the start of the root's trick: the root's ``k0``
    cards on the table, then the card of row ``d`` in slot ``k0 + d`` (at least ``k0`` plus
    the rows of ``fr`` long). The cards of the current trick, which the equivalent-card test
    needs among the cards out, stay there while the later tricks are searched; a slot per
    trick position would be overwritten by the next trick's cards and read again by the
    current trick's later candidates (a wrong grouping of cards, values off by a trick)."""
    n = cfg[CFG_N]
    by_points = cfg[CFG_BYPTS]
    last_bonus = cfg[CFG_LAST]
    trump = cfg[CFG_TRUMP]
    epoch = cfg[CFG_EPOCH]
    tmp = cbuf[cbuf.shape[0] - 1]
    d = 0
    _push(fr, 0, leader0, k0, led0, best_i0, best_key0, tpts0, alpha0, beta0)
    mode = _ENTER
    r = 0
    v = 0
    while True:
        if mode == _ENTER:
            st[0] += 1
            leader = fr[d, F_LEADER]
            k = fr[d, F_K]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            p = (leader + k) % n
            hand = hands[p]
            maximise = maxside[p]
            fr[d, F_A0] = alpha
            fr[d, F_B0] = beta
            fr[d, F_HAND] = hand
            fr[d, F_USE_TT] = 0
            tt_move = -1
            if k == 0 and not hand & (hand - 1):
                # The last trick: every card is forced.
                r = _last_trick(leader, hands, maxside, cfg, suit, power, pts)
                mode = _RETURN
                continue
            if k == 0:
                if st[2] >= cfg[CFG_GROW]:
                    return ABORT
                if by_points:
                    rem = last_bonus + st[1]
                else:
                    rem = _ctpop(hand)
                if beta <= 0:
                    r = 0
                    mode = _RETURN
                    continue
                if alpha >= rem:
                    r = rem
                    mode = _RETURN
                    continue
                kw = kbuf[d]
                _position_key(leader, hands, cfg, smask, order, olen, pclass, kw)
                tmask = cfg[CFG_TMASK]
                slot = _probe(kw, tkeys, tmeta, tmask)
                if slot >= 0:
                    tt_lo = np.int64(tlo[slot])
                    tt_hi = np.int64(thi[slot])
                    tt_move = (tmeta[slot] & 255) - 1
                else:
                    # A new entry starts from the quick bound, computed once per position.
                    tt_lo = 0
                    tt_hi = rem
                    sure = _sure(
                        leader, rem, hands, maxside, cfg, smask, order, olen, pts,
                        cbuf[cbuf.shape[0] - 2],
                    )  # fmt: skip
                    if maximise:
                        tt_lo = sure
                    else:
                        tt_hi = rem - sure
                    meta = (epoch << 16) | (_ctpop(hand) << 8)
                    _store(kw, tt_lo, tt_hi, meta, tkeys, tlo, thi, tmeta, st, tmask)
                fr[d, F_USE_TT] = 1
                fr[d, F_TT_LO] = tt_lo
                fr[d, F_TT_HI] = tt_hi
                if tt_lo >= beta:
                    r = tt_lo
                    mode = _RETURN
                    continue
                if tt_hi <= alpha:
                    r = tt_hi
                    mode = _RETURN
                    continue
                if tt_lo > alpha:
                    alpha = tt_lo
                if tt_hi < beta:
                    beta = tt_hi
                fr[d, F_ALPHA] = alpha
                fr[d, F_BETA] = beta
                legal = hand
            else:
                legal = _legal(hand, fr[d, F_LED], smask, trump, cfg[CFG_MUST])
            out = 0
            base = d + k0 - k  # the slot of this trick's lead (see ``trick`` above)
            for i in range(k):
                out |= np.int64(1) << trick[base + i]
            for q in range(n):
                out |= hands[q]
            buf = cbuf[d]
            nc = _candidates(legal, out, smask, order, olen, pts, buf)
            if nc > 1:
                _order(
                    buf, nc, k, leader, fr[d, F_LED], fr[d, F_BEST_I], fr[d, F_BEST_KEY],
                    maximise, tt_move, hands, maxside, cfg, suit, power, pts, smask, tmp,
                )  # fmt: skip
            fr[d, F_NC] = nc
            fr[d, F_CI] = 0
            fr[d, F_BEST] = -INF if maximise else INF
            fr[d, F_BEST_MOVE] = buf[0]
            mode = _NEXT
        elif mode == _NEXT:
            # Play candidate F_CI of row d: a child row to search, or a value at once.
            leader = fr[d, F_LEADER]
            k = fr[d, F_K]
            p = (leader + k) % n
            c = cbuf[d, fr[d, F_CI]]
            hands[p] = fr[d, F_HAND] ^ (np.int64(1) << c)
            trick[d + k0] = c
            st[1] -= pts[c]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            e = d + 1
            fr[d, F_OFF] = 0
            mode = _ENTER
            if k == 0:
                led_c = suit[c]
                ck = _key(c, led_c, suit, power, trump)
                _push(fr, e, leader, 1, led_c, 0, ck, pts[c], alpha, beta)
            else:
                led = fr[d, F_LED]
                best_i = fr[d, F_BEST_I]
                best_key = fr[d, F_BEST_KEY]
                tpts = fr[d, F_TPTS]
                new_led = led if led != -1 else suit[c]
                ck = _key(c, new_led, suit, power, trump)
                if k + 1 == n:
                    # The trick is complete: score it here, then the rest from the winner's
                    # lead.
                    st[0] += 1
                    winner = (leader + (k if ck > best_key else best_i)) % n
                    if hands[0]:
                        if maxside[winner]:
                            t = tpts + pts[c] if by_points else 1
                            fr[d, F_OFF] = t
                            _push(fr, e, winner, 0, -1, 0, -INF, 0, alpha - t, beta - t)
                        else:
                            _push(fr, e, winner, 0, -1, 0, -INF, 0, alpha, beta)
                    else:
                        if maxside[winner]:
                            v = tpts + pts[c] + last_bonus if by_points else 1
                        else:
                            v = 0
                        mode = _UPDATE
                elif ck > best_key:
                    _push(fr, e, leader, k + 1, new_led, k, ck, tpts + pts[c], alpha, beta)
                else:
                    _push(
                        fr, e, leader, k + 1, new_led, best_i, best_key, tpts + pts[c], alpha,
                        beta,
                    )  # fmt: skip
            if mode == _ENTER:
                d = e
        elif mode == _RETURN:
            if d == 0:
                return r
            d -= 1
            v = r + fr[d, F_OFF]
            mode = _UPDATE
        else:
            # _UPDATE: take back candidate F_CI of row d, whose value is v.
            leader = fr[d, F_LEADER]
            k = fr[d, F_K]
            p = (leader + k) % n
            ci = fr[d, F_CI]
            c = cbuf[d, ci]
            hands[p] = fr[d, F_HAND]
            st[1] += pts[c]
            best = fr[d, F_BEST]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            cut = False
            if maxside[p]:
                if v > best:
                    best = v
                    fr[d, F_BEST_MOVE] = c
                    if v > alpha:
                        alpha = v
                        cut = alpha >= beta
            else:
                if v < best:
                    best = v
                    fr[d, F_BEST_MOVE] = c
                    if v < beta:
                        beta = v
                        cut = alpha >= beta
            fr[d, F_BEST] = best
            fr[d, F_ALPHA] = alpha
            fr[d, F_BETA] = beta
            ci += 1
            if cut or ci >= fr[d, F_NC]:
                if fr[d, F_USE_TT]:
                    tt_lo = fr[d, F_TT_LO]
                    tt_hi = fr[d, F_TT_HI]
                    if best <= fr[d, F_A0]:
                        if best < tt_hi:
                            tt_hi = best
                    elif best >= fr[d, F_B0]:
                        if best > tt_lo:
                            tt_lo = best
                    else:
                        tt_lo = best
                        tt_hi = best
                    meta = (epoch << 16) | (_ctpop(fr[d, F_HAND]) << 8) | (fr[d, F_BEST_MOVE] + 1)
                    _store(kbuf[d], tt_lo, tt_hi, meta, tkeys, tlo, thi, tmeta, st, cfg[CFG_TMASK])
                r = best
                mode = _RETURN
            else:
                fr[d, F_CI] = ci
                mode = _NEXT
