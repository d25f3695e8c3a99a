"""95 % intervals for the balance report: Wilson for rates, Student's t for means.

Input is exact integer sums (`mjc.runtime.sim.stats.SumStat`, counts): variances are computed
from them exactly (as fractions of integers) and only then turned into floats, so the same
sums always give the same interval, bit for bit. A rate's interval is Wilson's score
interval (right at 0 and 1, unlike the normal one); a mean's is mean ± t·s/√n with the t
quantile of n - 1 degrees of freedom; a difference of two independent means is Welch's.
The t quantile has no closed form: Hill's expansion in 1/df (Abramowitz & Stegun 26.7.5) is
within 1 % of it from 3 degrees of freedom up, and the exact quantiles of 1 and 2 degrees
stand below that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from mjc.runtime.sim.stats import SumStat

__all__ = [
    "CONFIDENCE",
    "Estimate",
    "mean",
    "paired_mean",
    "rate",
    "standard_deviation",
    "t_quantile",
    "welch",
]

CONFIDENCE = 0.95
_Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A rate or a mean with its 95 % interval (None bounds when the data cannot give one:
    no observation, or one observation for a mean)."""

    value: float | None
    low: float | None
    high: float | None

    @property
    def supported(self) -> bool:
        """Whether the interval excludes 0: the games support a difference from nothing."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


def t_quantile(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with `df` degrees of freedom."""
    if df < 1:
        raise ValueError("t needs at least one degree of freedom")
    p = 0.5 + CONFIDENCE / 2
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        a = 4 * p * (1 - p)
        return 2 * (p - 0.5) * math.sqrt(2 / a)
    z = _Z
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def rate(count: int, of: int) -> Estimate:
    """`count` of `of` with Wilson's 95 % score interval."""
    if of <= 0:
        return Estimate(None, None, None)
    p = count / of
    z2 = _Z * _Z
    centre = (p + z2 / (2 * of)) / (1 + z2 / of)
    half = _Z * math.sqrt(p * (1 - p) / of + z2 / (4 * of * of)) / (1 + z2 / of)
    # The interval holds p, and is closed at 0 for none and at 1 for all: exactly, not
    # within rounding.
    low = 0.0 if count == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if count == of else max(p, min(1.0, centre + half))
    return Estimate(p, low, high)


def _variance(stat: SumStat) -> Fraction:
    """The sample variance of the observations, exactly."""
    n = stat.n
    return Fraction(n * stat.squares - stat.total * stat.total, n * (n - 1))


def mean(stat: SumStat) -> Estimate:
    """The mean of the observations with its 95 % t interval."""
    if stat.n == 0:
        return Estimate(None, None, None)
    value = stat.total / stat.n
    if stat.n == 1:
        return Estimate(value, None, None)
    half = t_quantile(stat.n - 1) * math.sqrt(_variance(stat) / stat.n)
    return Estimate(value, value - half, value + half)


def paired_mean(diffs: SumStat) -> Estimate:
    """The mean game-by-game difference with its 95 % interval (a paired t interval)."""
    return mean(diffs)


def standard_deviation(stat: SumStat) -> float | None:
    """The sample standard deviation, None below two observations."""
    return math.sqrt(_variance(stat)) if stat.n > 1 else None


def welch(base: SumStat, other: SumStat) -> Estimate:
    """The difference of two independent means (other - base) with Welch's 95 % interval."""
    if base.n == 0 or other.n == 0:
        return Estimate(None, None, None)
    value = other.total / other.n - base.total / base.n
    if base.n < 2 or other.n < 2:
        return Estimate(value, None, None)
    a = _variance(base) / base.n
    b = _variance(other) / other.n
    if a + b == 0:
        return Estimate(value, value, value)
    df = (a + b) ** 2 / (a * a / (base.n - 1) + b * b / (other.n - 1))
    half = t_quantile(max(1, math.floor(df))) * math.sqrt(a + b)
    return Estimate(value, value - half, value + half)
