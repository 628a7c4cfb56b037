"""CPython's `random.Random` in numba: the Mersenne Twister of Modules/_randommodule.c
and the draws of Lib/random.py (3.11) that playout.py makes, so that a compiled simulated
game throws the very dice of `random.Random(dice)`.

A generator is an int64 array of N + 1 words: the 624 words of state, then the index of
the next word. Words are kept below 2**32 by masking after each step (int64 arithmetic
holds every product of the seeding without overflow)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

N, M = 624, 397
WORD = 0xFFFFFFFF
UPPER, LOWER, MATRIX_A = 0x80000000, 0x7FFFFFFF, 0x9908B0DF


def new() -> np.ndarray:
    """An unseeded generator's storage."""
    return np.zeros(N + 1, dtype=np.int64)


@njit(cache=True)
def new_state() -> np.ndarray:
    """`new`, inside compiled code."""
    return np.zeros(N + 1, dtype=np.int64)


def words(seed: int) -> np.ndarray:
    """random_seed's key for an int: the 32-bit words of its absolute value, little end
    first (one word 0 for 0)."""
    key, seed = [], abs(seed)
    while True:
        key.append(seed & WORD)
        seed >>= 32
        if not seed:
            return np.array(key, dtype=np.int64)


@njit(cache=True)
def init_genrand(mt: np.ndarray, s: int) -> None:
    mt[0] = s & WORD
    for i in range(1, N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & WORD
    mt[N] = N


@njit(cache=True)
def seed(mt: np.ndarray, key: np.ndarray) -> None:
    """init_by_array: `random.Random(n)` for the n whose words are `key`."""
    init_genrand(mt, 19650218)
    length = key.shape[0]
    i, j = 1, 0
    for _ in range(max(N, length)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & WORD
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & WORD
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@njit(cache=True)
def twist(mt: np.ndarray) -> None:
    """The next N words of state (genrand_uint32 does it when they are used up; done
    ahead, it lets copies of one seeded generator skip it)."""
    for k in range(N - M):
        y = (mt[k] & UPPER) | (mt[k + 1] & LOWER)
        mt[k] = mt[k + M] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    for k in range(N - M, N - 1):
        y = (mt[k] & UPPER) | (mt[k + 1] & LOWER)
        mt[k] = mt[k + M - N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    y = (mt[N - 1] & UPPER) | (mt[0] & LOWER)
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    mt[N] = 0


@njit(cache=True)
def genrand(mt: np.ndarray) -> int:
    """genrand_uint32: the next 32-bit word."""
    if mt[N] >= N:
        twist(mt)
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & WORD


@njit(cache=True)
def random(mt: np.ndarray) -> float:
    """Random.random: 53 bits from two words."""
    a = genrand(mt) >> 5
    b = genrand(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def randbelow(mt: np.ndarray, n: int) -> int:
    """Random._randbelow_with_getrandbits (1 <= n < 2**32): `randrange(n)`,
    `choice` of n items, and each step of `shuffle`."""
    k = 0
    while n >> k:
        k += 1
    r = genrand(mt) >> (32 - k)
    while r >= n:
        r = genrand(mt) >> (32 - k)
    return r


@njit(cache=True)
def shuffled(mt: np.ndarray, length: int) -> None:
    """What `shuffle` of `length` items draws (the items themselves not kept)."""
    for i in range(length - 1, 0, -1):
        randbelow(mt, i + 1)


@njit(cache=True)
def sample(mt: np.ndarray, population: np.ndarray, n: int, k: int, out: np.ndarray) -> None:
    """Random.sample(population[:n], k) into out[:k]: the pool for a small population,
    else draws of indices until one not yet taken (n at most 63)."""
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3) / math.log(4))
    if n <= setsize:
        pool = population[:n].copy()
        for i in range(k):
            j = randbelow(mt, n - i)
            out[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        taken = 0
        for i in range(k):
            j = randbelow(mt, n)
            while taken >> j & 1:
                j = randbelow(mt, n)
            taken |= 1 << j
            out[i] = population[j]
