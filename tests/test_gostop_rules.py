"""Rule presets: shipped Go-Stop presets, overrides, errors, diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.games.rules import (
    RulesError,
    diff_rules,
    key_specs,
    list_games,
    list_presets,
    load_preset,
    resolve_rules,
)


def test_gostop_presets_are_listed_and_complete() -> None:
    assert "gostop" in list_games()
    assert list_presets("gostop") == ["cardavia", "estandar", "familia"]
    specs = key_specs("gostop")
    for name in list_presets("gostop"):
        checked = load_preset("gostop", name, check=True)  # every key declared, every value typed
        assert set(checked.values) == set(specs)
        assert checked.description and checked.source
        # the plain load (which skips _keys.toml) gives exactly the checked values and types
        rules = load_preset("gostop", name)
        assert dict(rules.values) == dict(checked.values)
        assert {k: type(v) for k, v in rules.values.items()} == {
            k: type(v) for k, v in checked.values.items()
        }
        assert dict(rules.specs) == dict(specs) and rules.notes == checked.notes
    assert all(spec.doc for spec in specs.values())


def test_seed_values_in_presets() -> None:
    familia = load_preset("gostop", "familia")
    cardavia = load_preset("gostop", "cardavia")
    # seed 000: "Se requieren 3 luces para obtener 1 punto"; seed 004: "tres 3 ... ni 2 con ella"
    assert (familia.num("brights.three"), familia.num("brights.three_rain")) == (1, 0)
    assert (cardavia.num("brights.three"), cardavia.num("brights.three_rain")) == (3, 2)
    # seed 000: "Las banderas rojas sin texto no cuentan para este puntaje."
    assert familia.num("ribbons.plain_red") == 0 and cardavia.num("ribbons.plain_red") == 3
    assert familia.texts("dual.cards") == ("cup", "bridge")
    assert cardavia.texts("dual.cards") == ("cup",)
    assert (familia.num("target.two"), familia.num("target.three")) == (7, 3)


def test_each_seed_contradiction_is_resolved_in_the_preset_and_overridable() -> None:
    familia = load_preset("gostop", "familia")
    cardavia = load_preset("gostop", "cardavia")
    for key in ("brights.four_rain", "junk.lightning_units", "pibak.count"):
        assert key in familia.notes and "'" in familia.notes[key]
    assert "go.keep_points_when_doubling" in cardavia.notes
    other = familia.with_set(["brights.four_rain=4", "pibak.count=cards", "junk.ssangpi_units=1"])
    assert other.num("brights.four_rain") == 4
    assert other.text("pibak.count") == "cards"
    assert familia.num("brights.four_rain") == 2  # the preset itself is unchanged


def test_set_coerces_by_declared_type() -> None:
    rules = load_preset("gostop", "estandar").with_set(
        ["go.points=1,3", "gwangbak.needs_bright_score=no", "dual.cards=cup,bridge", "target.two=5"]
    )
    assert rules.ints("go.points") == (1, 3)
    assert rules.flag("gwangbak.needs_bright_score") is False
    assert rules.texts("dual.cards") == ("cup", "bridge")
    assert rules.num("target.two") == 5
    assert [o[0] for o in rules.overrides] == [
        "go.points",
        "gwangbak.needs_bright_score",
        "dual.cards",
        "target.two",
    ]


def test_bad_overrides_are_all_reported_with_close_matches() -> None:
    with pytest.raises(RulesError) as err:
        load_preset("gostop", "cardavia").with_set(
            ["brights.thre=2", "target.two=seven", "dual.tie=both", "nokey"]
        )
    message = str(err.value)
    assert "unknown rule 'brights.thre'; did you mean 'brights.three'" in message
    assert "'target.two' expects int" in message and "'seven'" in message
    assert "'dual.tie' must be one of animal, junk" in message
    assert "expected key=value" in message
    assert len(err.value.problems) == 4


def test_unknown_preset_suggests() -> None:
    with pytest.raises(RulesError, match="did you mean 'cardavia'"):
        load_preset("gostop", "cardvia")
    with pytest.raises(RulesError, match="no rule presets for game 'chess'"):
        load_preset("chess", "x")
    # a preset is a name, never a path out of the presets folder (nor the key table)
    for name in ("../gostop/cardavia", "_keys"):
        with pytest.raises(RulesError, match=f"unknown gostop preset {name!r}"):
            load_preset("gostop", name)


def test_user_file_overrides(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[brights]\nfive = 20\n[meta]\nname = "ours"\n"go.points" = [2, 4]\n')
    rules = resolve_rules("gostop", "estandar", files_=[house], assignments=["brights.five=25"])
    assert rules.num("brights.five") == 25  # --set wins over the file
    broken = tmp_path / "broken.toml"
    broken.write_text("[brights]\nfive = \n")
    with pytest.raises(RulesError, match=r"broken.toml: TOML syntax error.*line 2"):
        resolve_rules("gostop", "estandar", files_=[broken])
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('[brights]\nfive = "many"\nsix = 1\n')
    with pytest.raises(RulesError) as err:
        resolve_rules("gostop", "estandar", files_=[wrong])
    assert len(err.value.problems) == 2


def test_diff_lists_only_differences() -> None:
    a, b = load_preset("gostop", "familia"), load_preset("gostop", "cardavia")
    rows = diff_rules(a, b)
    keys = [r.key for r in rows]
    assert "brights.three" in keys and "animals.min" not in keys
    row = next(r for r in rows if r.key == "brights.five")
    assert (row.a, row.b) == (3, 15) and row.doc
    assert diff_rules(a, a) == []
