"""``mahjong-arbiter stats``: a scored archive's rule counts, totals and minimum share, per profile."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main


def _tiles(text: str) -> list[str]:
    return text.split()


# Three hands under mcr: the Green Book 2006 fan 43 example (Chicken Hand, 8 points, with its melded
# pung of 8s), a Pure Straight (fan 28, 16 points) in characters with a dots chow, and a hand with no
# reading (not winning).
HANDS = [
    {"id": "chicken", "concealed": _tiles("2m 3m 5p 6p 7p 4s 5s 6s E E 4m"), "winning_tile": "4m",
     "melds": [{"kind": "pung", "tiles": ["8s", "8s", "8s"]}]},
    {"id": "straight", "concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 5p"), "winning_tile": "5p"},
    {"id": "none", "concealed": _tiles("1m 2m 4m 5m 7m 8m 1p 3p 5p 7p 9p E S S"), "winning_tile": "S"},
]


@pytest.fixture()
def results(tmp_path: Path) -> Path:
    hands = tmp_path / "hands.jsonl"
    hands.write_text("\n".join(json.dumps(h) for h in HANDS) + "\n", encoding="utf-8")
    out = tmp_path / "results.jsonl"
    assert main(["score", "--input", str(hands), "--profile", "mcr", "-o", str(out)]) == 1
    return out


def _tiles(text: str) -> list[str]:
    return text.split()


def test_rule_counts_totals_and_minimum(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["stats", str(results), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lines"] == 3 and data["errors"] == {"not_winning": 1}
    (mcr,) = data["profiles"]
    assert mcr["profile"] == "mcr" and mcr["scored"] == 2
    rules = {r["id"]: r for r in mcr["rules"]}
    assert rules["mcr.pure-straight"]["hands"] == 1 and rules["mcr.pure-straight"]["share"] == 0.5
    assert mcr["minimum_met"] == 2 and mcr["minimum_met_share"] == 1.0
    assert mcr["totals"]["quantiles"]["min"] == 8


def test_text_html_and_unreadable_lines(results: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(results)]) == 0
    assert "profile mcr: 2 hands scored" in capsys.readouterr().out
    page = tmp_path / "stats.html"
    assert main(["stats", str(results), "--format", "html", "-o", str(page)]) == 0
    assert page.read_text(encoding="utf-8").count("data:image/png;base64,") == 2
    with results.open("a", encoding="utf-8") as f:
        f.write("{not a result\n")
    assert main(["stats", str(results)]) == 2  # counted and reported, as a batch reports a bad line
    assert "1 unreadable" in capsys.readouterr().out


def test_html_without_matplotlib_names_the_extra(
    results: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["stats", str(results), "--format", "html"]) == 2
    assert "pip install 'mahjong-arbiter[plots]'" in capsys.readouterr().err


def test_a_file_of_hands_is_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file of hands (score --input's input, not its output) is bad input, and stderr says why."""
    hands = tmp_path / "hands.jsonl"
    hands.write_text("\n".join(json.dumps(h) for h in HANDS) + "\n", encoding="utf-8")
    assert main(["stats", str(hands)]) == 2
    err = capsys.readouterr().err
    assert f"3 of the 3 lines are not score results (the first is line 1 of {hands}" in err
    assert "what score --input writes" in err


def test_an_empty_file_and_an_output_over_the_input_are_refused(
    results: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n \n", encoding="utf-8")
    assert main(["stats", str(empty)]) == 2
    assert f"no results in {empty}" in capsys.readouterr().err
    kept = results.read_bytes()
    assert main(["stats", str(results), "-o", str(results)]) == 2
    assert "is the input file" in capsys.readouterr().err and results.read_bytes() == kept


@pytest.mark.parametrize(("line", "reason"), [
    ('{"profile": "mcr", "total": 8, "items": 5}', "its 'items' is not a list: 5"),
    ('{"profile": "mcr", "total": 8, "items": true}', "its 'items' is not a list: True"),
    ('{"profile": "mcr", "total": 8, "items": [7]}', "an item is not a rule with a string 'id': 7"),
    ('{"profile": "mcr", "total": "8", "items": []}', "its 'total' is not a number: '8'"),
    ('{"profile": "mcr", "total": 1.7e308, "items": []}', "its 'total' 1.7e+308 is beyond 9007199254740992"),
])
def test_a_result_line_with_impossible_fields_is_a_bad_line_not_a_crash(
    line: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.dumps({"profile": "mcr", "unit": "points", "total": 8, "items": []})
    results = tmp_path / "results.jsonl"
    results.write_text(f"{good}\n{line}\n{line}\n", encoding="utf-8")
    for fmt in ("text", "json"):
        assert main(["stats", str(results), "--format", fmt]) == 2
        out, err = capsys.readouterr()
        assert err == (f"mahjong-arbiter stats: 2 of the 3 lines are not score results (the first is line 2 of "
                       f"{results}: {reason}; a results file is what score --input writes)\n")
    assert main(["stats", str(results), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    (mcr,) = data["profiles"]
    assert data["unreadable"] == 2 and mcr["scored"] == 1 and mcr["totals"]["counts"] == [[8, 1]]


def test_two_rules_of_one_name_are_two_rows_and_two_bars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Buzzard 2000 has a double and a bonus both named "No chows" (score.double.no-chows,
    score.bonus.no-chows): each is its own row and its own bar, labelled with its id."""
    import mahjong_arbiter.batch.stats_html as stats_html

    items = [{"id": "score.double.no-chows", "name": "No chows", "doubles": 1},
             {"id": "score.bonus.no-chows", "name": "No chows", "points": 10},
             {"id": "score.bonus.mahjong", "name": "Mahjong", "points": 20}]
    lines = [{"profile": "buzzard-2000", "unit": "points", "total": 60, "items": items},
             {"profile": "buzzard-2000", "unit": "points", "total": 20, "items": items[2:]}]
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["stats", str(results)]) == 0
    out = capsys.readouterr().out
    assert "No chows (score.bonus.no-chows)" in out and "No chows (score.double.no-chows)" in out
    drawn: list[tuple[list[str], int]] = []
    real = stats_html._png

    def png(figure: object) -> str:
        (ax,) = figure.axes  # type: ignore[attr-defined]
        drawn.append(([t.get_text() for t in ax.get_yticklabels()], len(ax.patches)))
        return real(figure)

    monkeypatch.setattr(stats_html, "_png", png)
    assert main(["stats", str(results), "--format", "html", "-o", str(tmp_path / "s.html")]) == 0
    labels, bars = drawn[1]  # the rules plot, the most counted on top (the last row)
    assert bars == 3
    assert labels == ["No chows (score.double.no-chows)", "No chows (score.bonus.no-chows)", "Mahjong"]
