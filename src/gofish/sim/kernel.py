# mypy: ignore-errors
# (numba infers and checks the kernel's types itself; its njit options confuse mypy)
"""The compiled game loop: whole batches of games in numba, move for move like the engine.

This is a port of ``gofish.core.game`` for rank asks (every preset and every
house rule except ``ask: card``), kept deliberately close to it: each helper
here is named after the engine method it mirrors. Only ranks are tracked
(suits never matter under rank asks), the pond is a pointer into the deck, and
the bots ``random``, ``emma`` and ``counter`` (with their options: Emma's ``memory``,
Counter's ``epsilon``) are reimplemented on the same SplitMix64 streams as
``gofish.sim.rng``. ``tests/sim`` checks game by game that the two agree.
"""

from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
ONE = np.uint64(1)
UNIT = 1.0 / 9007199254740992.0  # 2**-53

# Refill and end modes, as small integers.
REFILL_HAND, REFILL_CARD, REFILL_TURN, REFILL_NONE = 0, 1, 2, 3
END_ALL_BOOKS, END_FIRST_EMPTY = 0, 1
# Bot kinds.
BOT_RANDOM, BOT_EMMA, BOT_COUNTER = 0, 1, 2
# Emma's memory option left out: she recalls every rank asked for.
RECALL_ALL = -1

# Layout of the rule parameters array.
P_PLAYERS, P_HAND, P_BOOK, P_REFILL, P_END, P_LUCKY, P_TOTAL = 0, 1, 2, 3, 4, 5, 6
PARAMS = 7
# Layout of the scalar state array.
S_PTR, S_LAID, S_CUR, S_OVER, S_CLOCK, S_ACTIONS, S_TRACK = 0, 1, 2, 3, 4, 5, 6
S_BOOKED = 7  # st[S_BOOKED + rank]: cards of that rank laid in books (for counter)
SCALARS = S_BOOKED + 14
CARDS_PER_RANK = 4
DECK = 52
# Every game ends long before this many asks (a full game takes well under 200); the
# guard only keeps a malformed position from looping.
MAX_ASKS = 5000
# Small helpers are inlined at numba's level (inline="always"): a call passes every
# array as several machine words, which costs more than these few lines themselves. So
# are the ones called at every ask (play_ask, refill, replenish, the bots' choices and
# Emma's memory): that made whole games 2.2-2.5 times as fast (bench/bulk_speed.py), at
# the price of compiling for longer (some 45 s instead of 30, once: numba caches it).
# start_turn stays a call, made only when the next seat cannot simply ask (pass_turn).


# ------------------------------------------------------------------ random streams


@njit(cache=True, _nrt=False, error_model="numpy")
def mix64(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False, error_model="numpy")
def unmixed(seed: np.uint64, deal: np.int64, stream: np.int64) -> np.uint64:
    inner = mix64(seed + GOLDEN * np.uint64(deal + 1))
    return inner + GOLDEN * np.uint64(stream + 1)


@njit(cache=True, _nrt=False, error_model="numpy")
def derive(seed: np.uint64, deal: np.int64, stream: np.int64) -> np.uint64:
    return mix64(unmixed(seed, deal, stream))


@njit(cache=True, _nrt=False, error_model="numpy")
def derive_bot(seed: np.uint64, deal: np.int64, stream: np.int64) -> np.uint64:
    """A bot stream's start, one way (``gofish.sim.rng.derive_bot``)."""
    before = unmixed(seed, deal, stream)
    return before ^ mix64(before)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def uniform(states: np.ndarray, slot: int) -> float:
    """``u`` in [0, 1) from stream ``slot``: SplitMixRandom.random()."""
    states[slot] += GOLDEN
    return np.float64(mix64(states[slot]) >> np.uint64(11)) * UNIT


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def below(states: np.ndarray, slot: int, n: int) -> int:
    """``floor(u * n)`` from stream ``slot``: SplitMixRandom.randrange(n)."""
    return int(uniform(states, slot) * n)


@njit(cache=True, _nrt=False, error_model="numpy")
def shuffle_deal(states, slot, cards, ranks, players):
    """Fill ``ranks`` with the ranks of the deal in dealing order; return the first player.

    ``cards`` is scratch space for the card indices.
    """
    for i in range(DECK):
        cards[i] = i
    for last in range(DECK - 1, 0, -1):
        other = below(states, slot, last + 1)
        cards[last], cards[other] = cards[other], cards[last]
    for i in range(DECK):
        ranks[i] = cards[i] // 4 + 1
    return below(states, slot, players)


# ------------------------------------------------------------------ rules


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def lay_books(cnt, sizes, books, st, prm, p, r, kn):
    size = prm[P_BOOK]
    while cnt[p, r] >= size:
        cnt[p, r] -= size
        sizes[p] -= size
        books[p] += 1
        st[S_LAID] += 1
        if st[S_TRACK]:
            seen_book(kn, st, prm[P_PLAYERS], p, r, size)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def finish(st):
    st[S_OVER] = 1
    st[S_CUR] = -1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def ended(sizes, st, prm):
    """Engine ``_ended``: R14/R17 (all books) or R19 (first empty hand or sea)."""
    if st[S_OVER]:
        return True
    if prm[P_END] == END_ALL_BOOKS:
        done = st[S_LAID] >= prm[P_TOTAL]
    else:
        done = st[S_PTR] >= DECK
        for p in range(prm[P_PLAYERS]):
            if sizes[p] == 0:
                done = True
    if done:
        finish(st)
    return done


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def draw(cnt, sizes, st, deck, p, count, kn):
    """Engine ``_draw``: up to ``count`` cards from the top of the pond."""
    if st[S_TRACK]:
        seen_unknown_cards(kn, kn.shape[1], p)
    start = st[S_PTR]
    stop = min(start + count, DECK)
    for i in range(start, stop):
        cnt[p, deck[i]] += 1
    sizes[p] += stop - start
    st[S_PTR] = stop
    return start


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def refill(cnt, sizes, books, st, prm, deck, p, kn):
    """Engine ``_refill`` (R11): a full hand, or one card under refill: card."""
    per = prm[P_HAND] if prm[P_REFILL] == REFILL_HAND else 1
    while sizes[p] == 0 and st[S_PTR] < DECK and not st[S_OVER]:
        start = draw(cnt, sizes, st, deck, p, per, kn)
        for i in range(start, st[S_PTR]):
            lay_books(cnt, sizes, books, st, prm, p, deck[i], kn)
        ended(sizes, st, prm)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def replenish(cnt, sizes, st, deck, in_play, p, kn):
    """Engine ``_replenish`` (R16): draw one card, or leave play on a dry pond."""
    if st[S_PTR] < DECK:
        draw(cnt, sizes, st, deck, p, 1, kn)
    else:
        leave_play(in_play, st, kn, p)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def leave_play(in_play, st, kn, p):
    in_play[p] = 0
    if st[S_TRACK]:
        seen_leave(kn, kn.shape[1], p)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def can_ask(sizes, prm, p):
    if sizes[p] == 0:
        return False
    for other in range(prm[P_PLAYERS]):  # noqa: SIM110 (a plain loop compiles tighter)
        if other != p and sizes[other] > 0:
            return True
    return False


@njit(cache=True, _nrt=False, error_model="numpy")
def start_turn(cnt, sizes, books, in_play, st, prm, deck, seat, kn):
    """Engine ``_start_turn`` (R9, R13, R15): the next seat that can ask, or the end."""
    n = prm[P_PLAYERS]
    for step in range(2 * n):
        cand = (seat + step) % n
        if not in_play[cand]:
            continue
        if sizes[cand] == 0 and prm[P_REFILL] == REFILL_TURN:
            if st[S_PTR] < DECK:  # R15: draw one card on an empty turn
                draw(cnt, sizes, st, deck, cand, 1, kn)
                lay_books(cnt, sizes, books, st, prm, cand, deck[st[S_PTR] - 1], kn)
            else:
                leave_play(in_play, st, kn, cand)
            if ended(sizes, st, prm):
                return
            if in_play[cand] and can_ask(sizes, prm, cand):
                st[S_CUR] = cand
                return
            continue
        if can_ask(sizes, prm, cand):
            st[S_CUR] = cand
            return
    finish(st)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def pass_turn(cnt, sizes, books, in_play, st, prm, deck, seat, kn):
    """``start_turn`` from ``seat``, without the call when that seat can simply ask (the
    usual case: a call passes every array, which costs more than this test)."""
    cand = seat % prm[P_PLAYERS]
    if in_play[cand] and sizes[cand] > 0 and can_ask(sizes, prm, cand):
        st[S_CUR] = cand
        return
    start_turn(cnt, sizes, books, in_play, st, prm, deck, seat, kn)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def continue_or_pass(cnt, sizes, books, in_play, st, prm, deck, p, kn):
    """R7: a hit or a lucky draw keeps the turn if the player can still ask."""
    if in_play[p] and can_ask(sizes, prm, p):
        return
    pass_turn(cnt, sizes, books, in_play, st, prm, deck, p + 1, kn)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def play_ask(cnt, sizes, books, in_play, st, prm, deck, p, target, r, kn):
    """Engine ``Game.play`` for a legal rank ask."""
    st[S_ACTIONS] += 1
    refill_mode = prm[P_REFILL]
    tracking = st[S_TRACK]
    n = prm[P_PLAYERS]
    if tracking:
        seen_ask(kn, n, p, r)
    if cnt[target, r] > 0:  # R6 total surrender, R7 keep asking
        taken = cnt[target, r]
        cnt[target, r] = 0
        sizes[target] -= taken
        cnt[p, r] += taken
        sizes[p] += taken
        if tracking:
            seen_hand_over(kn, n, target, p, r, taken)
        lay_books(cnt, sizes, books, st, prm, p, r, kn)
        if ended(sizes, st, prm):
            return
        if refill_mode in (REFILL_HAND, REFILL_CARD):
            refill(cnt, sizes, books, st, prm, deck, target, kn)  # R12: the giver first
            refill(cnt, sizes, books, st, prm, deck, p, kn)
            if ended(sizes, st, prm):
                return
        elif refill_mode == REFILL_TURN and sizes[p] == 0:
            replenish(cnt, sizes, st, deck, in_play, p, kn)
            if ended(sizes, st, prm):
                return
        continue_or_pass(cnt, sizes, books, in_play, st, prm, deck, p, kn)
        return
    if tracking:
        seen_denial(kn, n, target, r)
    if st[S_PTR] >= DECK:  # R8: a miss on an empty pond passes the turn
        pass_turn(cnt, sizes, books, in_play, st, prm, deck, p + 1, kn)
        return
    card = deck[st[S_PTR]]
    draw(cnt, sizes, st, deck, p, 1, kn)
    lucky = prm[P_LUCKY] == 1 and card == r
    if lucky and tracking:
        seen_lucky_draw(kn, n, p, r)
    lay_books(cnt, sizes, books, st, prm, p, card, kn)
    if ended(sizes, st, prm):
        return
    if refill_mode in (REFILL_HAND, REFILL_CARD):
        refill(cnt, sizes, books, st, prm, deck, p, kn)
        if ended(sizes, st, prm):
            return
    elif refill_mode == REFILL_TURN and lucky and sizes[p] == 0:
        replenish(cnt, sizes, st, deck, in_play, p, kn)
        if ended(sizes, st, prm):
            return
    if lucky:
        continue_or_pass(cnt, sizes, books, in_play, st, prm, deck, p, kn)
    else:
        pass_turn(cnt, sizes, books, in_play, st, prm, deck, p + 1, kn)


@njit(cache=True, _nrt=False, error_model="numpy")
def deal(cnt, sizes, books, in_play, st, prm, deck, first, kn):
    """Engine ``_deal`` (R2, R4) and ``_begin_first_turn``."""
    n = prm[P_PLAYERS]
    dealt = n * prm[P_HAND]
    for i in range(dealt):
        p = (first + i) % n
        cnt[p, deck[i]] += 1
        sizes[p] += 1
    st[S_PTR] = dealt
    st[S_CUR] = first
    for i in range(n):
        for r in range(1, 14):
            lay_books(cnt, sizes, books, st, prm, (first + i) % n, r, kn)
    if ended(sizes, st, prm):
        return
    if prm[P_REFILL] in (REFILL_HAND, REFILL_CARD):
        for i in range(n):
            refill(cnt, sizes, books, st, prm, deck, (first + i) % n, kn)
        if ended(sizes, st, prm):
            return
    needs_draw = sizes[first] == 0 and prm[P_REFILL] == REFILL_TURN
    if not needs_draw and can_ask(sizes, prm, first):
        return
    start_turn(cnt, sizes, books, in_play, st, prm, deck, first, kn)


# ------------------------------------------------------------------ bots


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def held_rank(cnt, p, k):
    """The ``k``-th distinct rank (0-based, A…K) in ``p``'s hand."""
    for r in range(1, 14):
        if cnt[p, r] > 0:
            if k == 0:
                return r
            k -= 1
    return -1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def count_held(cnt, p):
    held = 0
    for r in range(1, 14):
        if cnt[p, r] > 0:
            held += 1
    return held


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def nth_target(sizes, n, p, k):
    """The ``k``-th opponent holding cards, in seat order."""
    for t in range(n):
        if t != p and sizes[t] > 0:
            if k == 0:
                return t
            k -= 1
    return -1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def count_targets(sizes, n, p):
    targets = 0
    for t in range(n):
        if t != p and sizes[t] > 0:
            targets += 1
    return targets


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def choose_random(cnt, sizes, n, p, states):
    """RandomBot: ``legal[randrange(len(legal))]``, legal ordered by target then rank."""
    held = count_held(cnt, p)
    index = below(states, p, held * count_targets(sizes, n, p))
    return nth_target(sizes, n, p, index // held), held_rank(cnt, p, index % held)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def pick_any(cnt, sizes, n, p, states):
    """``pick(legal, rng)`` of gofish.bots.common over every legal ask (target, then rank):
    no draw when there is only one."""
    held = count_held(cnt, p)
    count = held * count_targets(sizes, n, p)
    index = 0 if count == 1 else below(states, p, count)
    return nth_target(sizes, n, p, index // held), held_rank(cnt, p, index % held)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def asked_since(stamp, p, since):
    """How many ranks seat ``p`` recalls as asked for after clock ``since``."""
    newer = 0
    for r in range(1, 14):
        if stamp[p, r] > since:
            newer += 1
    return newer


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def choose_emma(cnt, sizes, n, p, states, stamp, last_asker, recall):
    """EmmaBot: the most recently asked rank she holds, else a random held rank. With
    ``recall`` (her ``memory``, RECALL_ALL: no limit) she recalls only that many of the
    latest asked ranks, held or not: the held one she would pick counts only if fewer than
    ``recall`` ranks were asked for after it."""
    best = -1
    best_stamp = 0
    for r in range(1, 14):
        if cnt[p, r] > 0 and stamp[p, r] > best_stamp:
            best = r
            best_stamp = stamp[p, r]
    if best >= 0 and recall != RECALL_ALL and asked_since(stamp, p, best_stamp) >= recall:
        best = -1  # forgotten: older than the ranks she recalls
    if best < 0:
        best = held_rank(cnt, p, below(states, p, count_held(cnt, p)))
    target = last_asker[p, best]
    if target < 0 or sizes[target] == 0:
        target = nth_target(sizes, n, p, below(states, p, count_targets(sizes, n, p)))
    return target, best


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def remember_ask(stamp, last_asker, st, n, p, r):
    """Every seat's Emma memory after ``p`` asked for ``r``."""
    st[S_CLOCK] += 1
    for seat in range(n):
        if seat == p:
            stamp[seat, r] = 0  # she forgets a rank once she has asked for it
        else:
            stamp[seat, r] = st[S_CLOCK]
            last_asker[seat, r] = p


# ------------------------------------------------------------------ counter
# The public card count of gofish.knowledge.Tracker, one copy per viewer seat:
# kn[v, seat, rank] is the fewest cards of rank that seat is known to hold, and
# kn[n + v, seat, rank] is 1 when it is known to hold none, as viewer v's
# tracker has it. Each seen_* function is the Tracker handler of one event.


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_ask(kn, n, p, r):
    for v in range(n):
        if kn[v, p, r] < 1:
            kn[v, p, r] = 1  # R5: the asker holds at least one
        kn[n + v, p, r] = 0


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_hand_over(kn, n, giver, receiver, r, count):
    for v in range(n):
        kn[v, receiver, r] += count
        kn[v, giver, r] = 0
        kn[n + v, giver, r] = 1  # R6: surrender is total


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_denial(kn, n, target, r):
    for v in range(n):
        kn[v, target, r] = 0
        kn[n + v, target, r] = 1


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_unknown_cards(kn, n, p):
    for v in range(n):
        for r in range(14):
            kn[n + v, p, r] = 0


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_lucky_draw(kn, n, p, r):
    for v in range(n):
        kn[v, p, r] += 1
        kn[n + v, p, r] = 0


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_book(kn, st, n, p, r, size):
    st[S_BOOKED + r] += size
    every_card_down = st[S_BOOKED + r] >= CARDS_PER_RANK
    for v in range(n):
        kn[v, p, r] = max(0, kn[v, p, r] - size)
        if every_card_down:
            for seat in range(n):
                kn[v, seat, r] = 0
                kn[n + v, seat, r] = 1


@njit(cache=True, _nrt=False, error_model="numpy")
def seen_leave(kn, n, p):
    for v in range(n):
        for r in range(14):
            kn[v, p, r] = 0
            kn[n + v, p, r] = 1


@njit(cache=True, _nrt=False, error_model="numpy")
def settle_counts(kn, sizes, n, v):
    """``Tracker.update``'s closing step, done when viewer ``v`` decides."""
    for seat in range(n):
        if seat == v:
            continue  # the viewer's own row is never read
        if sizes[seat] == 0:
            for r in range(14):
                kn[v, seat, r] = 0
                kn[n + v, seat, r] = 1
            continue
        known = 0
        for r in range(14):
            known += kn[v, seat, r]
        if known >= sizes[seat]:  # every card of that hand is accounted for
            for r in range(14):
                kn[n + v, seat, r] = 1 if kn[v, seat, r] == 0 else 0


@njit(cache=True, _nrt=False, error_model="numpy")
def counter_key(kn, cnt, sizes, st, n, p, t, r, sure):
    """Counter's ranking of one ask: sure asks, then open asks (see bots/counter.py)."""
    if sure:
        return kn[p, t, r], cnt[p, r], 0
    unaccounted = CARDS_PER_RANK - st[S_BOOKED + r] - cnt[p, r]
    for other in range(n):
        if other != p:
            unaccounted -= kn[p, other, r]
    return cnt[p, r], unaccounted, sizes[t]


@njit(cache=True, _nrt=False, error_model="numpy")
def counter_allows(kn, n, p, t, r, mode):
    if mode == 0:
        return kn[p, t, r] > 0  # the target is known to hold the rank
    if mode == 1:
        return kn[n + p, t, r] == 0  # not known to hold none
    return True


@njit(cache=True, _nrt=False, error_model="numpy")
def counter_pick(cnt, sizes, st, kn, n, p, states, mode):
    """The best allowed legal ask, ties broken by ``randrange`` in legal order; -1 if none."""
    b0, b1, b2 = -1000, -1000, -1000
    kept = 0
    for t in range(n):
        if t == p or sizes[t] == 0:
            continue
        for r in range(1, 14):
            if cnt[p, r] == 0 or not counter_allows(kn, n, p, t, r, mode):
                continue
            k0, k1, k2 = counter_key(kn, cnt, sizes, st, n, p, t, r, mode == 0)
            if k0 > b0 or (k0 == b0 and (k1 > b1 or (k1 == b1 and k2 > b2))):
                b0, b1, b2 = k0, k1, k2
                kept = 1
            elif k0 == b0 and k1 == b1 and k2 == b2:
                kept += 1
    if kept == 0:
        return -1, -1
    index = 0 if kept == 1 else below(states, p, kept)
    for t in range(n):
        if t == p or sizes[t] == 0:
            continue
        for r in range(1, 14):
            if cnt[p, r] == 0 or not counter_allows(kn, n, p, t, r, mode):
                continue
            k0, k1, k2 = counter_key(kn, cnt, sizes, st, n, p, t, r, mode == 0)
            if k0 == b0 and k1 == b1 and k2 == b2:
                if index == 0:
                    return t, r
                index -= 1
    return -1, -1


@njit(cache=True, _nrt=False, error_model="numpy")
def choose_counter(cnt, sizes, n, p, states, kn, st, epsilon):
    """CounterBot: sure asks first, then asks not known to miss, then any ask. With
    ``epsilon`` above 0, first one draw: below it, a careless random ask instead, made
    before the count is brought up to date (CounterBot does not read the view then)."""
    if epsilon > 0.0 and uniform(states, p) < epsilon:
        return pick_any(cnt, sizes, n, p, states)
    settle_counts(kn, sizes, n, p)
    for mode in range(3):
        target, r = counter_pick(cnt, sizes, st, kn, n, p, states, mode)
        if target >= 0:
            return target, r
    return -1, -1


# ------------------------------------------------------------------ games


@njit(cache=True, _nrt=False, error_model="numpy")
def play_game(deck, first, kinds, recall, epsilon, states, prm, cnt, sizes, books, in_play, st,
              stamp, last_asker, kn):
    """Play one game to the end; ``books`` and ``st[S_ACTIONS]`` hold the result. Seat ``p``
    plays bot ``kinds[p]`` with options ``recall[p]`` (emma) and ``epsilon[p]`` (counter)."""
    n = prm[P_PLAYERS]
    for p in range(n):
        sizes[p] = 0
        books[p] = 0
        in_play[p] = 1
        for r in range(14):
            cnt[p, r] = 0
            stamp[p, r] = 0
            last_asker[p, r] = -1
    for i in range(SCALARS):
        st[i] = 0
    for p in range(n):
        if kinds[p] == BOT_COUNTER:
            st[S_TRACK] = 1
    if st[S_TRACK]:
        for row in range(2 * n):
            for seat in range(n):
                for r in range(14):
                    kn[row, seat, r] = 0
    deal(cnt, sizes, books, in_play, st, prm, deck, first, kn)
    play_on(cnt, sizes, books, in_play, st, prm, deck, kinds, recall, epsilon, states, stamp,
            last_asker, kn, remembers_asks(kinds, n), np.int64(MAX_ASKS))


@njit(cache=True, _nrt=False, error_model="numpy")
def remembers_asks(kinds, n):
    """Whether a bot at the table keeps Emma's memory (kept only then, for speed)."""
    for p in range(n):  # noqa: SIM110 (numba compiles no any() over a generator)
        if kinds[p] == BOT_EMMA:
            return True
    return False


# Callers pass play_on typed values (remembers_asks, np.int64), never constants: numba types
# a constant argument as a literal and compiles a copy of this long function per value
# (three copies, some 30 s each, before).
@njit(cache=True, _nrt=False, error_model="numpy")
def play_on(cnt, sizes, books, in_play, st, prm, deck, kinds, recall, epsilon, states, stamp,
            last_asker, kn, remembers, max_asks):
    """Every seat asks as its bot would until the game ends (or after ``max_asks`` asks)."""
    n = prm[P_PLAYERS]
    asks = 0
    while not st[S_OVER] and asks < max_asks:
        asks += 1
        p = st[S_CUR]
        if kinds[p] == BOT_EMMA:
            target, r = choose_emma(cnt, sizes, n, p, states, stamp, last_asker, recall[p])
        elif kinds[p] == BOT_COUNTER:
            target, r = choose_counter(cnt, sizes, n, p, states, kn, st, epsilon[p])
        else:
            target, r = choose_random(cnt, sizes, n, p, states)
        if remembers:
            remember_ask(stamp, last_asker, st, n, p, r)
        play_ask(cnt, sizes, books, in_play, st, prm, deck, p, target, r, kn)


@njit(cache=True, error_model="numpy")
def play_deals(seed, deals, rotations, bots, prm, books_out, actions_out, bot_kind, bot_recall,
               bot_epsilon):
    """Play game ``g`` = deal ``deals[g]`` in rotation ``rotations[g]`` with bots ``bots[g]``.

    ``bots[g, s]`` numbers the bot in seat ``s``: its kind is ``bot_kind[b]``, its options
    ``bot_recall[b]`` (emma's memory, RECALL_ALL for none) and ``bot_epsilon[b]`` (counter's).

    Deals and bot streams come from ``derive`` and ``derive_bot`` exactly as in
    ``gofish.sim.rng``. Scratch
    arrays are made here; the loop itself runs without reference counting (``_nrt=False``),
    which would otherwise cost more than the game logic.
    """
    n = prm[P_PLAYERS]
    cards = np.zeros(DECK, np.int64)
    deck = np.zeros(DECK, np.int64)
    deck_state = np.zeros(1, np.uint64)
    states = np.zeros(n, np.uint64)
    cnt = np.zeros((n, 14), np.int64)
    sizes = np.zeros(n, np.int64)
    books = np.zeros(n, np.int64)
    in_play = np.zeros(n, np.int64)
    st = np.zeros(SCALARS, np.int64)
    stamp = np.zeros((n, 14), np.int64)
    last_asker = np.zeros((n, 14), np.int64)
    kn = np.zeros((2 * n, n, 14), np.int64)
    kinds = np.zeros(n, np.int64)
    recall = np.zeros(n, np.int64)
    epsilon = np.zeros(n, np.float64)
    play_deal_loop(seed, deals, rotations, bots, prm, books_out, actions_out, bot_kind,
                   bot_recall, bot_epsilon, cards, deck, deck_state, states, cnt, sizes, books,
                   in_play, st, stamp, last_asker, kn, kinds, recall, epsilon)


@njit(cache=True, _nrt=False, error_model="numpy")
def play_deal_loop(seed, deals, rotations, bots, prm, books_out, actions_out, bot_kind,
                   bot_recall, bot_epsilon, cards, deck, deck_state, states, cnt, sizes, books,
                   in_play, st, stamp, last_asker, kn, kinds, recall, epsilon):
    n = prm[P_PLAYERS]
    for g in range(deals.shape[0]):
        deck_state[0] = derive(seed, deals[g], 0)
        first = shuffle_deal(deck_state, 0, cards, deck, n)
        for s in range(n):
            states[s] = derive_bot(seed, deals[g], 1 + 8 * rotations[g] + s)
            kinds[s] = bot_kind[bots[g, s]]
            recall[s] = bot_recall[bots[g, s]]
            epsilon[s] = bot_epsilon[bots[g, s]]
        play_game(deck, first, kinds, recall, epsilon, states, prm, cnt, sizes, books, in_play,
                  st, stamp, last_asker, kn)
        for s in range(n):
            books_out[g, s] = books[s]
        actions_out[g] = st[S_ACTIONS]
