"""Both command lines speak the language `--lang` names, or else their environment's."""

from __future__ import annotations

import pytest

from dino_kit import cli as dino_cli
from dino_kit import messages as dino_messages
from kit_common.messages import LOCALE_VARIABLES, current_language
from martian_kit import cli as martian_cli
from martian_kit import messages as martian_messages


class Marked:
    """A stand-in translation: every sentence marked, so the output shows it was used."""

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, one: str, other: str, n: int) -> str:
        return f"«{one if n == 1 else other}»"


@pytest.fixture
def marked_in_russian(monkeypatch):
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    for kit in (martian_messages, dino_messages):
        translations = dict(kit.CATALOGUE._translations, ru=Marked())
        monkeypatch.setattr(kit.CATALOGUE, "_translations", translations)


@pytest.mark.parametrize(
    ("main", "command"),
    [
        (martian_cli.main, ["play", "--players", "random,random", "--seed", "7"]),
        (dino_cli.main, ["play", "--seed", "1"]),
    ],
)
def test_both_command_lines_take_lang_before_or_after_the_command(
    main, command, marked_in_russian, capsys
):
    assert main(command) == 0
    assert "«" not in capsys.readouterr().out  # English by default
    assert main(["--lang", "ru", *command]) == 0
    assert "«" in capsys.readouterr().out
    assert main([*command, "--lang", "ru"]) == 0
    assert "«" in capsys.readouterr().out
    assert current_language() == "en"


def test_the_environment_chooses_without_lang(marked_in_russian, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert martian_cli.main(["play", "--players", "random,random", "--seed", "7"]) == 0
    assert "«" in capsys.readouterr().out
    assert (
        martian_cli.main(["play", "--players", "random,random", "--seed", "7", "--lang", "en"]) == 0
    )
    assert "«" not in capsys.readouterr().out


@pytest.mark.parametrize("main", [martian_cli.main, dino_cli.main])
def test_help_speaks_the_language_of_lang_or_of_the_environment(
    main, marked_in_russian, monkeypatch, capsys
):
    """`--help` is built in the command's language: its sentences are the catalogue's, read
    when the parser is built (it was built in English before the language was chosen)."""
    with pytest.raises(SystemExit) as english:
        main(["--help"])
    assert english.value.code == 0 and "«" not in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "--help"])
    assert "«" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "«" in capsys.readouterr().out
    assert current_language() == "en"
