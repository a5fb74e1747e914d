"""A sum a point works out with a slip: the decimal point moved (1,158,000 × 0.2% written as
23,160 a day, not 2,316) or two digits swapped (113,000 × 1.03 written as 116,930, not
116,390). Such a figure is in no clause, and no step of arithmetic gives it, so the other
checks have nothing to compare it with; but one product of the contract's figures has exactly
its digits, which a correct figure that our arithmetic merely fails to reproduce would not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.draft_check.derivations import worked_out
from pipeline.draft_check.figures import Figure

# fewer significant digits match by chance ("5" against 50 and 500)
MIN_SIGNIFICANT_DIGITS = 4


@dataclass(frozen=True)
class Slip:
    operand: Figure  # the contract's sum the point multiplied
    computed: float
    shown: str  # "1,158,000 × 0.2% = 2,316"


def _digits(value: float) -> str:
    """Significant digits, in order: 23,160 -> "2316"; 1,158.00 -> "1158"."""
    return f"{value:.2f}".replace(".", "").lstrip("0").rstrip("0")


def _slipped(said: float, computed: float) -> bool:
    """The same digits with the decimal point moved (a power of ten apart), or two of them
    swapped at the same size."""
    a, b = _digits(said), _digits(computed)
    if len(a) < MIN_SIGNIFICANT_DIGITS or abs(said - computed) <= 0.01 or not computed:
        return False
    if a == b:
        return any(abs(said / computed - 10.0**k) < 1e-9 * 10.0**k for k in (-3, -2, -1, 1, 2, 3))
    if len(a) != len(b) or not 0.5 < said / computed < 2:
        return False
    apart = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(apart) == 2 and a[apart[0]] == b[apart[1]] and a[apart[1]] == b[apart[0]]


def _shown(value: float) -> str:
    return f"{value:,.0f}" if abs(value - round(value)) < 0.005 else f"{value:,.2f}"


def slipped_product(
    figure: Figure, amounts: Iterable[Figure], rates: Iterable[Figure]
) -> Slip | None:
    """The product of an amount and a rate (or one plus a rate: an increase) that ``figure``
    writes with its digits moved or swapped. ``amounts`` must be the contract's sums and
    ``rates`` the rates at hand (the quoted clauses' and the point's)."""
    said = float(figure.value)
    amounts, rates = list(amounts), list(rates)
    products = [
        (amount, rate, factor, sign)
        for amount in amounts
        for rate in rates
        for factor, sign in ((float(rate.value), "×"), (1 + float(rate.value), "× (1 +"))
    ]
    if any(worked_out(float(a.value) * k, said) for a, _, k, _ in products):
        return None  # the point's product is right, whichever slip another would make
    for amount in amounts:
        base = float(amount.value)
        for rate in rates:
            r = float(rate.value)
            for factor, sign in ((r, "×"), (1 + r, "× (1 +")):
                computed = base * factor
                if _slipped(said, computed):
                    tail = ")" if sign.endswith("+") else ""
                    shown = (
                        f"{amount.text.strip()} {sign} {rate.text.strip()}{tail} = "
                        f"{_shown(computed)}"
                    )
                    return Slip(amount, computed, shown)
    return None
