"""The shared command runner: dispatch to the chosen command, a kit error as one line."""

from __future__ import annotations

import argparse

import pytest

from kit_common.cli import run_command
from kit_common.errors import RuleError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="toy-kit")
    sub = parser.add_subparsers(required=True)
    ok = sub.add_parser("ok")
    ok.add_argument("--status", type=int, default=0)
    ok.set_defaults(func=lambda args: args.status)
    refuse = sub.add_parser("refuse")
    refuse.set_defaults(func=lambda args: (_ for _ in ()).throw(RuleError("toy", "not allowed")))
    crash = sub.add_parser("crash")
    crash.set_defaults(func=lambda args: 1 // 0)
    return parser


def test_the_chosen_command_runs_and_gives_the_status() -> None:
    assert run_command(_parser(), ["ok"]) == 0
    assert run_command(_parser(), ["ok", "--status", "3"]) == 3


def test_a_kit_error_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(_parser(), ["refuse"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "toy-kit: not allowed\n" and captured.out == ""


def test_a_bug_is_not_hidden() -> None:
    with pytest.raises(ZeroDivisionError):
        run_command(_parser(), ["crash"])
