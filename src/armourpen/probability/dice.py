"""Exact dice distributions as integer weights (never floats: a 40d6 has 6**40 outcomes).

A distribution here is a pair of tuples ``(values, weights)``: the values ascending, each weight the
number of ways (a Python int) out of ``sides ** count``. Fractions are made only at the edges.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

# Below this many dice, one big-integer power (Kronecker substitution) is fastest; above it the
# integers get too wide and a sliding-window convolution wins.
_KRONECKER_MAX_DICE = 150


def dice_total_weights(count: int, sides: int = 6) -> tuple[int, tuple[int, ...]]:
    """The total of ``count`` dice with ``sides`` faces: ``(lowest total, weights)``.

    ``weights[k]`` is the number of rolls whose total is ``lowest + k``; they sum to
    ``sides ** count``. Zero dice give the single total 0.
    """
    if count < 0 or sides < 1:
        raise ValueError(f"dice: count {count} and sides {sides} must be >= 0 and >= 1")
    if count == 0:
        return 0, (1,)
    if count <= _KRONECKER_MAX_DICE:
        return count, _kronecker(count, sides)
    return count, _window(count, sides)


def _kronecker(count: int, sides: int) -> tuple[int, ...]:
    # (1 + x + ... + x^(sides-1))^count with x = 2^bits: each coefficient is below sides^count, so a
    # slot of that many bits (rounded up to whole bytes) never carries into its neighbour.
    nbytes = ((sides**count).bit_length() + 8) // 8
    bits = nbytes * 8
    x = 1 << bits
    base = (x**sides - 1) // (x - 1)
    packed = (base**count).to_bytes(nbytes * (count * (sides - 1) + 1), "little")
    frm = int.from_bytes
    return tuple(
        frm(packed[i : i + nbytes], "little") for i in range(0, len(packed), nbytes)
    )


def _window(count: int, sides: int) -> tuple[int, ...]:
    # Adding a die: new[k] = old[k-sides+1] + ... + old[k], a difference of prefix sums.
    w: list[int] = [1]
    for _ in range(count):
        prefix = [0, *accumulate(w)]
        n = len(w)
        w = [prefix[min(k + 1, n)] - prefix[max(k - sides + 1, 0)] for k in range(n + sides - 1)]
    return tuple(w)


@lru_cache(maxsize=1024)
def basic_damage_weights(
    count: int, adds: int, multiplier: int | Fraction, minimum: int, sides: int = 6
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Basic damage of ``count``d``sides``: (dice total + adds) x multiplier, at least ``minimum``.

    Returns ``(values, weights)`` with the values ascending and distinct (GU-2 folds every total
    below the minimum into it). A fractional multiplier rounds down.
    """
    low, w = dice_total_weights(count, sides)
    if isinstance(multiplier, int) and multiplier >= 1 and low + adds >= minimum:
        # One-to-one and increasing: no folding needed.
        if multiplier == 1:
            return tuple(range(low + adds, low + adds + len(w))), w
        return tuple((low + adds + k) * multiplier for k in range(len(w))), w
    merged: dict[int, int] = {}
    for k, weight in enumerate(w):
        raw = (low + k + adds) * multiplier
        value = max(minimum, raw if isinstance(raw, int) else int(raw // 1))
        merged[value] = merged.get(value, 0) + weight
    values = tuple(sorted(merged))
    return values, tuple(merged[v] for v in values)
