"""The shared command runner: dispatch to the chosen command, a kit error as one line."""

from __future__ import annotations

import argparse

import pytest

from kit_common.cli import count, output_file, run_command, seed
from kit_common.errors import RuleError
from kit_common.messages import LOCALE_VARIABLES, current_language


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


def test_a_bug_is_one_line_without_debug_and_its_traceback_with_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_command(_parser(), ["crash"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "--debug" in err
    with pytest.raises(ZeroDivisionError):
        run_command(_parser(), ["--debug", "crash"])
    with pytest.raises(ZeroDivisionError):
        run_command(_parser(), ["crash", "--debug"])


def test_a_usage_error_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(_parser(), ["ok", "--status", "x"]) == 2
    assert run_command(_parser(), ["nope"]) == 2
    assert run_command(_parser(), []) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3 and all(line.startswith("toy-kit") for line in lines)
    assert "invalid int value: 'x'" in lines[0]


def test_an_os_error_is_one_line_and_exit_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    parser = _parser()
    sub = parser._subparsers._group_actions[0]  # type: ignore[union-attr]
    full = sub.add_parser("full")
    full.set_defaults(func=lambda args: (_ for _ in ()).throw(OSError(28, "No space left")))
    assert run_command(parser, ["full"]) == 1
    assert capsys.readouterr().err == "toy-kit: No space left\n"


@pytest.mark.parametrize(
    ("make", "text", "expected"),
    [
        (count(), "0", "at least 1"),
        (count(), "-5", "at least 1"),
        (count(), "2.5", "whole number"),
        (count(1, 10), "11", "from 1 to 10"),
        (seed, "-1", "from 0"),
    ],
)
def test_count_and_seed_refuse_nonsense(make, text: str, expected: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=expected):
        make(text)


def test_count_and_seed_take_whole_numbers_in_range() -> None:
    assert count()("3") == 3 and count(0)("0") == 0 and seed("0") == 0


def test_output_file_is_checked_before_the_work(tmp_path) -> None:
    assert output_file(str(tmp_path / "out.json")) == tmp_path / "out.json"
    with pytest.raises(argparse.ArgumentTypeError, match="does not exist"):
        output_file(str(tmp_path / "missing" / "out.json"))
    with pytest.raises(argparse.ArgumentTypeError, match="is a folder"):
        output_file(str(tmp_path))


def _language_parser(said: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="toy-kit")
    sub = parser.add_subparsers(required=True)
    speak = sub.add_parser("speak")
    speak.set_defaults(func=lambda args: said.append(current_language()) or 0)
    return parser


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


@pytest.mark.parametrize(
    "argv",
    [["--lang", "es", "speak"], ["speak", "--lang", "es"], ["--lang=es", "speak"]],
)
def test_lang_chooses_the_language_before_or_after_the_command(argv, no_locale) -> None:
    said: list[str] = []
    assert run_command(_language_parser(said), argv) == 0
    assert said == ["es"] and current_language() == "en"  # as before, afterwards


@pytest.mark.parametrize(
    ("variable", "value", "code"),
    [
        ("LANG", "ru_RU.UTF-8", "ru"),
        ("LC_ALL", "pt_BR.UTF-8", "pt"),
        ("LANGUAGE", "es:en", "es"),
        ("LANG", "de_DE.UTF-8", "en"),
        ("LANG", "C", "en"),
    ],
)
def test_without_lang_the_environment_chooses(monkeypatch, no_locale, variable, value, code):
    monkeypatch.setenv(variable, value)
    said: list[str] = []
    assert run_command(_language_parser(said), ["speak"]) == 0
    assert said == [code]


def test_lang_wins_over_the_environment(monkeypatch, no_locale) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    said: list[str] = []
    assert run_command(_language_parser(said), ["speak", "--lang", "pt"]) == 0
    assert said == ["pt"]


def test_an_unknown_lang_is_a_usage_error(capsys, no_locale) -> None:
    assert run_command(_language_parser([]), ["--lang", "xx", "speak"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "'xx'" in err and err.count("\n") == 1
