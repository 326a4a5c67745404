"""The kits' library functions, given nonsense, raise the kit's own errors (`KitError` and
its kinds, in the catalogue's words), never a bare `ValueError`, `TypeError` or
`ZeroDivisionError`; the component validator's report stays short whatever the files hold
(issue 30, item 6)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dino_kit import bots
from dino_kit.cli import main as dino_cli
from dino_kit.components import (
    illustrative_folder,
    load_components,
    start_component_folder,
    validate_folder,
)
from dino_kit.simulate import tournament as dino_tournament
from kit_common.errors import InputError, KitError
from martian_kit import records
from martian_kit.policies import policy_by_name
from martian_kit.simulate import simulate_games, simulate_turns, tournament
from martian_kit.solver.game import GamePolicy

OPTIMAL = policy_by_name("optimal")
TWO = ["heuristic", "simple"]  # two of Dinosaur Island's bots


@pytest.mark.parametrize(
    ("call", "kind", "says"),
    [
        (lambda: policy_by_name("nope"), KitError, "unknown policy 'nope'"),
        (lambda: policy_by_name(["optimal"]), KitError, "unknown policy ['optimal']"),
        (lambda: bots.bot_by_name("nope"), KitError, "unknown bot 'nope'"),
        (lambda: bots.bot_by_name(None), KitError, "unknown bot None"),
        (lambda: bots.bot_by_name("planner:0"), KitError, "not planner:0"),
        (lambda: tournament([OPTIMAL], 10), KitError, "2 to 10 players, not 1"),
        (lambda: tournament([OPTIMAL] * 2, 0), InputError, "games: must be a whole number"),
        (lambda: simulate_games([OPTIMAL] * 2, 0), InputError, "games: must be"),
        (lambda: simulate_games([OPTIMAL] * 2, -5), InputError, "at least 1, got -5"),
        (lambda: simulate_games([OPTIMAL] * 2, 2.0), InputError, "got 2.0"),
        (lambda: simulate_turns(OPTIMAL, 0), InputError, "turns: must be"),
        (lambda: simulate_turns(GamePolicy("win"), 5), KitError, "a table policy"),
        (lambda: records.load(None), records.RecordError, "path: must be a file's path"),
        (lambda: load_components(123), InputError, "folder: a component folder is a path"),
        (lambda: validate_folder(None), InputError, "not None"),
        (lambda: start_component_folder(""), InputError, "give the name of the folder"),
        # absurd process counts are refused before any process starts
        (lambda: dino_tournament(TWO, 8, 1, jobs=10**6), InputError, "jobs: must be a whole"),
        (lambda: dino_tournament(TWO, 8, 1, jobs=0), InputError, "from 1 to 64, got 0"),
        (lambda: dino_tournament(TWO, 8, 1, jobs=-5), InputError, "got -5"),
        (lambda: dino_tournament(TWO, 8, 1, jobs=2.0), InputError, "got 2.0"),
        (lambda: dino_tournament(TWO, 8, 1, jobs="4"), InputError, "got '4'"),
        (lambda: dino_tournament(TWO, 8, 1, jobs=True), InputError, "got True"),
    ],
)
def test_nonsense_gives_the_kits_error(call, kind: type, says: str) -> None:
    with pytest.raises(kind) as raised:
        call()
    assert says in str(raised.value)


def test_init_with_an_empty_folder_name_is_refused(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert dino_cli(["init", ""]) == 2
    assert "give the name of the folder" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(illustrative_folder(), folder)
    return folder


def test_a_named_pipe_for_set_yaml_is_reported(copy: Path) -> None:
    (copy / "set.yaml").unlink()
    os.mkfifo(copy / "set.yaml")
    problems = validate_folder(copy)  # a blocked read would hang here
    assert problems == [
        "set.yaml: cannot be read (it is not a regular file but a pipe, a device or a socket)"
    ]


def test_the_validators_report_is_short_whatever_the_files_hold(copy: Path, capsys) -> None:
    key = "\\e[2J" + "k" * 900  # YAML's escape for ESC
    items = "".join(f'- {{"{key}{i}": 1}}\n' for i in range(1000))
    (copy / "dice.yaml").write_text("dice:\n" + items, encoding="utf-8")
    assert os.path.getsize(copy / "dice.yaml") < 1_000_000
    assert len(validate_folder(copy)) > 1000
    assert dino_cli(["validate", str(copy)]) == 1
    said = capsys.readouterr().err
    assert len(said) < 50_000 and "\x1b" not in said
    assert said.rstrip().endswith("(the first 100 are listed)")
