"""`martian-kit replay FILE` and `martian-kit check-record FILE`: a saved game told again or
checked, and a missing or broken file said in one line with exit status 1."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from martian_kit import records
from martian_kit.cli import main
from martian_kit.game import new_game
from martian_kit.narrate import describe_game
from martian_kit.play import play_game, run
from martian_kit.policies import policy_by_name


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A finished 2-player game saved as `play --json` saves it."""
    policies = [policy_by_name("random"), policy_by_name("greedy")]
    state = play_game(policies, random.Random(11), names=["Ann", "Bo"])
    path = tmp_path / "game.json"
    records.save(state, path, seed=11)
    return path


def test_replay_tells_the_saved_game(saved, capsys):
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out == describe_game(records.load(saved)) + "\n"
    assert out.startswith("Round 1, Ann:") and "Winner: " in out


def test_replay_json_gives_the_record_back(saved, capsys):
    assert main(["replay", str(saved), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(saved.read_text())


def test_replay_of_a_running_game_says_it_is_not_over(tmp_path, capsys):
    greedy = policy_by_name("greedy")
    state = run(new_game(2), [greedy, greedy], random.Random(4), until=lambda s: len(s.log) == 3)
    path = tmp_path / "running.json"
    records.save(state, path)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "The game is not over: 3 turns played so far."
    )
    assert main(["check-record", str(path)]) == 0
    assert capsys.readouterr().out.endswith("3 turns; the game is not over yet\n")


def test_check_record_says_what_the_file_holds(saved, capsys):
    assert main(["check-record", str(saved)]) == 0
    state = records.load(saved)
    winner = state.players[state.winner]
    assert capsys.readouterr().out == (
        f"{saved}: a valid Martian Dice record: Ann, Bo; {len(state.log)} turns; "
        f"finished, {winner} won\n"
    )


def _broken(tmp_path: Path, saved: Path, change) -> Path:
    data = json.loads(saved.read_text())
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("command", ["replay", "check-record"])
def test_a_missing_or_bad_file_is_one_line_and_exit_status_1(command, saved, tmp_path, capsys):
    missing = tmp_path / "nowhere.json"
    not_json = tmp_path / "half.json"
    not_json.write_text('{"format": "martian-dice-game/1", "players": ["a"')
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    cheating = _broken(tmp_path, saved, lambda d: d["turns"][0].update(total=99))
    expected = {
        missing: f"{missing}: cannot be read (no such file)",
        not_json: f"{not_json}: not valid JSON (line 1, column",
        binary: f"{binary}: not UTF-8 text (byte 0)",
        cheating: f"{cheating}: turns[0].total: the replay gives",
    }
    for path, start in expected.items():
        assert main([command, str(path)]) == 1
        captured = capsys.readouterr()
        (line,) = captured.err.splitlines()
        assert line.startswith(f"martian-kit {command}: {start}"), line
        assert captured.out == ""


def test_a_record_of_another_game_is_refused(saved, tmp_path, capsys):
    other = _broken(tmp_path, saved, lambda d: d.update(format="dinosaur-island-game/1"))
    assert main(["check-record", str(other)]) == 1
    assert "format: expected 'martian-dice-game/1'" in capsys.readouterr().err
