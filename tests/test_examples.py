"""What the program says is what it does (issue 12, sections 3 and 4): every example of every
``--help`` and every command of the README's runnable blocks runs and ends with its documented
exit status; every help shows the one exit-status table; the top-level help names every command."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from examples_runner import ROOT, commands, run, runnable_blocks, sandbox
from mahjong_arbiter.cli import EXIT_STATUS, build_parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _helps() -> dict[str, str]:
    parser = build_parser()
    helps = {"mahjong-arbiter": parser.format_help()}
    helps.update({name: sub.format_help() for name, sub in _subparsers(parser).items()})
    return helps


HELPS = _helps()


def _action_helps() -> dict[str, str]:
    """The helps of every command's actions (game new, game hand, ...): each is a --help a user reads."""
    return {
        f"{name} {action}": parser.format_help()
        for name, sub in _subparsers(build_parser()).items()
        for action, parser in _subparsers(sub).items()
    }


ACTION_HELPS = _action_helps()


@pytest.mark.parametrize("name", sorted(HELPS))
def test_every_help_example_ends_with_its_documented_status(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    examples = commands(HELPS[name])
    assert examples, f"{name} --help shows no example"
    sandbox(tmp_path, monkeypatch)
    for example in examples:
        status, err = run(example, capsys, monkeypatch)
        assert "Traceback" not in err
        assert status == example.status, f"{example.text}\nexited {status}, documented {example.status}: {err}"


def test_every_runnable_readme_command_ends_with_its_documented_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = runnable_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    examples = [example for block in blocks for example in commands(block)]
    assert len(examples) >= 20, "the README's command blocks are marked <!-- runnable -->"
    sandbox(tmp_path, monkeypatch)
    for example in examples:
        status, err = run(example, capsys, monkeypatch)
        assert "Traceback" not in err
        assert status == example.status, f"{example.text}\nexited {status}, documented {example.status}: {err}"


@pytest.mark.parametrize("name", sorted(HELPS | ACTION_HELPS))
def test_every_help_shows_the_exit_status_table(name: str) -> None:
    # issue 12 section 3: each --help, the game actions' too ("game replay --help" is where exit 1
    # for a difference is looked up)
    assert (HELPS | ACTION_HELPS)[name].count(EXIT_STATUS.strip()) == 1


def test_the_readme_shows_the_exit_status_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in EXIT_STATUS.strip().splitlines()[1:]:
        assert line.strip() in readme


def test_the_top_level_help_names_every_command_and_action() -> None:
    parser = build_parser()
    top = HELPS["mahjong-arbiter"]
    for name, sub in _subparsers(parser).items():
        assert f"    {name} " in top or f"    {name}\n" in top
        for action in _subparsers(sub):
            summary = top.split(f"    {name}", 1)[1].split("\n    ", 1)[0]
            assert action in summary, f"{name} {action} is missing from the top-level help"


@pytest.mark.parametrize("name", sorted(HELPS))
def test_a_continued_example_stays_on_two_lines(name: str) -> None:
    # a lone backslash at a line's end inside a Python string joins the lines: verify's help printed
    # "--profile mcr       --claim-rules ..." as one line; written out, it keeps the backslash
    for line in HELPS[name].splitlines():
        command = line.split("#", 1)[0].rstrip()
        if command.lstrip().startswith("mahjong-arbiter "):
            assert "   " not in command.strip(), f"{name} --help: {line!r}"


def test_the_runner_reads_statuses_pipes_and_continuations() -> None:
    text = """examples:
  mahjong-arbiter score 123m456m789m123pEE --profile mcr    # scored
  mahjong-arbiter score 1m --profile mcr    # exit 2: one tile
  echo '{"a":
         1}' | mahjong-arbiter settle
  mahjong-arbiter game hand --hand 'Bob=[555m,1]' \\
      --hand 'Cat=CCC'
not a command: mahjong-arbiter
"""
    found = commands(text)
    assert [e.status for e in found] == [0, 2, 0, 0]
    assert found[0].argv == ("score", "123m456m789m123pEE", "--profile", "mcr")
    assert found[2].argv == ("settle",) and found[2].stdin == '{"a":\n         1}\n'
    assert found[3].argv == ("game", "hand", "--hand", "Bob=[555m,1]", "--hand", "Cat=CCC")
