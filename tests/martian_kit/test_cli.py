"""The `martian-kit` command line."""

from __future__ import annotations

import json

from martian_kit import records
from martian_kit.cli import main


def test_play_prints_a_whole_game(capsys):
    assert main(["play", "--players", "random,random,random", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1, random (seat 1):")
    assert "Winner:" in out


def test_play_json_prints_a_record_that_loads(capsys):
    assert main(["play", "--players", "random,random", "--seed", "3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    game = records.from_record(record)
    assert game.is_terminal() and record["seed"] == 3


def test_play_is_reproducible_with_a_seed(capsys):
    main(["play", "--seed", "5"])
    first = capsys.readouterr().out
    main(["play", "--seed", "5"])
    assert capsys.readouterr().out == first


def test_unknown_policy_is_a_clear_error(capsys):
    assert main(["play", "--players", "random,genius"]) == 2
    assert "unknown policy 'genius'; known policies:" in capsys.readouterr().err


def test_too_many_players_is_a_clear_error(capsys):
    assert main(["play", "--players", ",".join(["random"] * 11)]) == 2
    assert "2 to 10 players" in capsys.readouterr().err
