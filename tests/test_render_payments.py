"""Issue 20 items 11, 12 and 15 (money): payments on screen are formulas that add up."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from scorer.cli.entry import main
from scorer.explain import Payment, Term
from scorer.render.hand import format_money, formula

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def out_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(args)
    return capsys.readouterr().out


def test_payment_is_printed_as_its_formula(capsys: pytest.CaptureFixture[str]) -> None:
    out = out_of(["score", str(SAMPLES / "gostop-cardavia-go.toml")], capsys)
    assert "Bo pays Ana: (13 + 1 go) × 2 gwang-bak = 28 points = 2,800 won\n" in out
    assert "  Total: 14\n  against Bo: x2 No brights (gwang-bak): Bo has no brights\n" in out
    assert "Net:" not in out  # one payment per pair: the payment is the net


def test_payment_formula_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    out = out_of(["score", str(SAMPLES / "gostop-cardavia-go.toml"), "--lang", "es"], capsys)
    assert "Bo paga a Ana: (13 + 1 go) × 2 gwang-bak = 28 puntos = 2.800 won\n" in out


def test_go_bak_shows_every_factor_and_the_net(capsys: pytest.CaptureFixture[str]) -> None:
    out = out_of(["score", str(SAMPLES / "gostop-estandar-gobak.toml")], capsys)
    ana = out.split("\nBo\n")[0]
    # the pi-bak against Cy is in Ana's block although Bo pays it (go-bak)
    assert "against Cy: x2 Too little junk (pi-bak): Cy has 3 junk units (fewer than 6)" in ana
    assert "Bo pays Ana: 4 × 2 shake × 2 gwang-bak = 16 points = 1,600 won (go-bak)\n" in out
    assert (
        "Bo pays Ana: 4 × 2 shake × 2 pi-bak = 16 points = 1,600 won (go-bak: Bo pays for Cy)\n"
        in out
    )
    assert out.endswith("Net: Bo pays Ana 32 points = 3,200 won\n")
    assert "Bo\n" in out and "\n  Total: 0" not in out  # a loser has no total to read


def test_formula_that_does_not_add_up_falls_back_to_reasons() -> None:
    terms = (Term("subtotal", "=", 13), Term("gwang-bak", "x", 2))
    wrong = Payment("Bo", "Ana", 30, 30, ("x",), terms)
    assert formula("gostop", wrong, "en") is None
    right = wrong._replace(points=26)
    assert formula("gostop", right, "en") == ("13 × 2 gwang-bak", [])


@pytest.mark.parametrize(
    "amount, lang, text",
    [
        (2800, "en", "2,800 won"),
        (2800, "es", "2.800 won"),
        (Fraction(1, 1000), "en", "0.001 won"),  # not rounded to 0
        (Fraction(7, 2000), "en", "0.0035 won"),
        (1234.5, "en", "1,234.5 won"),
        (1234.5, "es", "1.234,5 won"),
        (0, "en", "0 won"),
    ],
)
def test_money_is_written_as_people_write_it(amount: object, lang: str, text: str) -> None:
    assert format_money(amount, "won", lang) == text  # type: ignore[arg-type]


def test_small_stake_is_not_shown_as_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SAMPLES / "gostop-cardavia-go.toml").read_text(encoding="utf-8")
    path = tmp_path / "small.toml"
    path.write_text(text.replace("stake = 100", "stake = 0.0001"), encoding="utf-8")
    assert "= 28 points = 0.0028 won" in out_of(["score", str(path)], capsys)


CUP = """
game = "gostop"
preset = "cardavia"
stopped = "Ana"
[[players]]
name = "Ana"
cards = "1b 3b 8b 2a 4a 8a 1j 1j 2j 2j 3j 3j 4j 4j 5j 5j 6j 6j 7j 7j"
[[players]]
name = "Bo"
cards = "9a 10a 8j 8j"
"""


def test_losers_cup_is_explained_as_the_payment_counted_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(CUP, encoding="utf-8")
    out = out_of(["score", str(path)], capsys)
    said = "9a counts as double junk against pi-bak (pibak.cup_protects): 4 junk units"
    assert said in out
    assert "Bo pays Ana: 13 × 2 gwang-bak × 2 pi-bak = 52 points = 52\n" in out
    es = out_of(["score", str(path), "--lang", "es"], capsys)
    assert "9a cuenta como doble sangre contra el pi-bak (pibak.cup_protects): 4 unidades" in es


def test_one_point_is_singular_in_both_languages() -> None:
    from scorer.i18n import t

    assert t("pays", "en", payer="Bo", payee="Ana", points=1, money="10") == (
        "Bo pays Ana: 1 point = 10"
    )
    assert t("pays", "es", payer="Bo", payee="Ana", points=1, money="10") == (
        "Bo paga a Ana: 1 punto = 10"
    )
    assert t("pays", "en", payer="Bo", payee="Ana", points=2, money="20").endswith(
        "2 points = 20"
    )
