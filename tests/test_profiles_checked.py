"""Profile files are data, checked (issue 11, section 5): every value a finite number of its kind
in range, else a load error naming the file, the rule and the field; ``extends`` confined to
built-in profiles and the extending file's own folder, refused without opening anything else."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import ProfileError
from mahjong_arbiter.profiles import loader
from mahjong_arbiter.profiles.loader import load_profile

HOUSE = 'id = "house"\nextends = "mcr"\n'


def _house(tmp_path: Path, body: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(HOUSE + body + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "named"),
    [
        pytest.param('[amend."mcr.pure-straight"]\npoints = nan', ("'mcr.pure-straight'", "'points'", "nan"), id="nan"),
        pytest.param('[amend."mcr.pure-straight"]\npoints = inf', ("'mcr.pure-straight'", "'points'", "inf"), id="inf"),
        pytest.param(f'[amend."mcr.pure-straight"]\npoints = {10**400}', ("'points'", "401-digit"), id="10**400"),
        pytest.param('[amend."mcr.pure-straight"]\ndoubles = 5000', ("'doubles'", "from 0 to 10", "5000"),
                     id="doubles-5000"),
        pytest.param('[amend."mcr.pure-straight"]\npoints = -1000000', ("'points'", "from 0 to 10000", "-1000000"),
                     id="negative"),
        pytest.param('[shapes]\nmax_chows = "many"', ("[shapes]", "'max_chows'", "'many'"), id="max-chows-many"),
        pytest.param("[shapes]\nspecial = 5", ("[shapes]", "'special'", "list of names"), id="special-5"),
        pytest.param(
            '[amend."mcr.pure-straight"]\npoints = ' + "[" * 3000 + "]" * 3000,
            ("'mcr.pure-straight'", "'points'", "nested at most 16 deep"),
            id="nested-3000",
        ),
        pytest.param('[policies]\naccount_once = "sometimes"', ("[policies]", "'account_once'", "exhaustive"),
                     id="unknown-policy-choice"),
        pytest.param('[amend."mcr.pure-straight"]\nparams = { combining = "yes" }',
                     ("'mcr.pure-straight'", "'params.combining'", "true or false"), id="param-kind"),
        pytest.param("minimum = 0", ("'minimum'", "from 1"), id="minimum-0"),
    ],
)
def test_a_bad_value_is_a_load_error_naming_file_rule_and_field(
    tmp_path: Path, body: str, named: tuple[str, ...]
) -> None:
    path = _house(tmp_path, body)
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert str(path) in err.value.message
    for word in named:
        assert word in err.value.message


def test_a_nan_value_no_longer_changes_a_score_in_silence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _house(tmp_path, '[amend."mcr.pure-straight"]\npoints = nan')
    assert main(["score", "123456789p123s55m", "--profile", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "must be a finite number, not nan" in err


def test_the_builtin_profiles_pass_the_checks() -> None:
    for pid in loader.builtin_profile_ids():
        assert load_profile(pid).id == pid


@pytest.mark.parametrize("target", ["/etc/shadow", "../secret.toml", "sub/../../secret.toml", "../missing.toml"])
def test_extends_outside_the_folder_is_refused_without_being_opened(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "secret.toml").write_text('id = "secret"\nextends = "mcr"\n', encoding="utf-8")
    club = tmp_path / "club"
    club.mkdir()
    path = club / "house.toml"
    path.write_text(f'id = "house"\nextends = "{target}"\n', encoding="utf-8")
    opened: list[Path] = []
    real = loader._read_toml

    def spy(p: Path) -> dict[str, object]:
        opened.append(p)
        return real(p)

    monkeypatch.setattr(loader, "_read_toml", spy)
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert err.value.code == "bad_extends"
    assert set(opened) == {path.resolve()}  # the house file only (read for its stamp, then loaded)
    # the same words whether or not the target exists: only the name written differs
    assert err.value.message.replace(repr(target), "TARGET") == (
        f"{path.resolve()}: field 'extends' = TARGET: a profile extends a built-in profile or a file in its own "
        "folder or below it"
    )


def test_extends_a_file_in_a_subfolder_still_works(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "club.toml").write_text('id = "club"\nextends = "mcr"\nminimum = 5\n', encoding="utf-8")
    (tmp_path / "house.toml").write_text('id = "house"\nextends = "./base/club.toml"\n', encoding="utf-8")
    assert load_profile(str(tmp_path / "house.toml")).minimum == 5


def test_limit_on_a_profile_without_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123456789p123s55m", "--profile", "mcr", "--limit", "500"]) == 2
    assert "profile mcr has no limit" in capsys.readouterr().err
    assert main(["score", "111m222p333sEEECC", "--profile", "bmja", "--limit", str(10**30)]) == 2
    assert "expected a whole number from 1 to 1000000" in capsys.readouterr().err
