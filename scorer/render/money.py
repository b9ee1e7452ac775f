"""Money as every command writes it: ``2,600 pesos`` (``2.600 pesos`` in Spanish).

Apart from :mod:`scorer.render.hand` (which loads the catalogs) so that the ledger's
commands, which must start fast, write amounts exactly as the scoring output does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction


def format_money(amount: int | float | Fraction, currency: str = "", lang: str = "en") -> str:
    """Money as people write it: ``2,800 won`` (``2.800`` in Spanish), never rounded to 0.

    Whole amounts have no decimals; others two, or as many as a small stake needs to show
    something other than 0 (a stake of 0.001 per point).
    """
    if not isinstance(amount, int | float):  # a Fraction
        amount = int(amount) if amount.denominator == 1 else float(amount)
    if isinstance(amount, float) and not amount.is_integer():
        digits = 2
        if abs(amount) < 0.01:  # two significant digits of a small amount
            while digits < 12 and float(f"{amount:.{digits}f}") == 0:
                digits += 1
            digits += 1
        text = f"{amount:,.{digits}f}".rstrip("0").rstrip(".")
    else:
        text = f"{int(amount):,}"
    if lang == "es":  # 2.800,5
        text = text.translate(str.maketrans(",.", ".,"))
    return f"{text} {currency}".strip()
