# mypy: ignore-errors
# (numba compiles and type-checks this itself, like gofish.sim.kernel)
"""Play-outs from a position, for the expert's endgame search (``gofish.bots.endgame``).

Given one hidden deal (every hand and the pond, as rank counts) that fits a
player's view, ``rate_asks`` plays each candidate ask and then the rest of the
game with the kernel's bots, once per pond order, and adds each candidate's
result to ``totals``. All candidates of one pond order share the same pond and
the same random stream, so their differences come from the ask alone.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gofish.sim.kernel import (
    DECK,
    GOLDEN,
    MAX_ASKS,
    P_PLAYERS,
    RECALL_ALL,
    S_PTR,
    below,
    mix64,
    play_ask,
    play_on,
    remember_ask,
    remembers_asks,
)


@njit(cache=True, error_model="numpy")
def rate_asks(cnt0, sizes0, books0, in_play0, st0, stamp0, last0, kn0, deck0, prm, kinds, me,
              cand_t, cand_r, orders, seed, margin, totals):
    """Add to ``totals[c]`` the result of asking ``(cand_t[c], cand_r[c])`` now, over ``orders``
    shuffles of the pond: ``me``'s share of the win plus ``margin`` per book of lead."""
    n = prm[P_PLAYERS]
    deck = deck0.copy()
    cnt = cnt0.copy()
    sizes = sizes0.copy()
    books = books0.copy()
    in_play = in_play0.copy()
    st = st0.copy()
    stamp = stamp0.copy()
    last = last0.copy()
    kn = kn0.copy()
    states = np.zeros(n, np.uint64)
    shuffler = np.zeros(1, np.uint64)
    shuffler[0] = mix64(np.uint64(seed))
    top = st0[S_PTR]
    remembers = remembers_asks(kinds, n)  # typed values for play_on, not constants (kernel)
    max_asks = np.int64(MAX_ASKS)
    recall = np.full(n, RECALL_ALL, np.int64)  # the imagined bots play without options
    epsilon = np.zeros(n, np.float64)
    for order in range(orders):
        for i in range(DECK - 1, top, -1):  # Fisher-Yates over the pond's cards
            j = top + below(shuffler, 0, i - top + 1)
            deck[i], deck[j] = deck[j], deck[i]
        stream = mix64(np.uint64(seed) + GOLDEN * np.uint64(order + 1))
        for c in range(cand_t.shape[0]):
            restore(cnt, cnt0)
            restore(sizes, sizes0)
            restore(books, books0)
            restore(in_play, in_play0)
            restore(st, st0)
            restore(stamp, stamp0)
            restore(last, last0)
            restore(kn, kn0)
            for p in range(n):
                states[p] = stream + np.uint64(p) * GOLDEN
            remember_ask(stamp, last, st, n, me, cand_r[c])
            play_ask(cnt, sizes, books, in_play, st, prm, deck, me, cand_t[c], cand_r[c], kn)
            play_on(cnt, sizes, books, in_play, st, prm, deck, kinds, recall, epsilon, states,
                    stamp, last, kn, remembers, max_asks)
            totals[c] += outcome(books, n, me, margin)


# A loop, not ``dst[:] = src``: slice assignment compiles numba's broadcasting checks and
# their formatted messages, some 15 s of compiling for nothing (the shapes always match).
@njit(cache=True, error_model="numpy")
def restore(dst, src):
    """Copy ``src`` into ``dst``, an array of the same shape (both C-contiguous)."""
    flat_dst = dst.reshape(dst.size)
    flat_src = src.reshape(src.size)
    for i in range(flat_src.shape[0]):
        flat_dst[i] = flat_src[i]


@njit(cache=True, error_model="numpy")
def outcome(books, n, me, margin):
    """``me``'s share of the win (1/k of a k-way tie) plus ``margin`` per book of lead."""
    best = 0
    for p in range(n):
        best = max(best, books[p])
    winners = 0
    rival = 0
    for p in range(n):
        if books[p] == best:
            winners += 1
        if p != me:
            rival = max(rival, books[p])
    share = 1.0 / winners if books[me] == best else 0.0
    return share + margin * (books[me] - rival)
