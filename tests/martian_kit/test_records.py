"""Game records: save, load, and refuse bad or tampered files with a precise message."""

from __future__ import annotations

import copy
import json
import random

import pytest

from martian_kit import records
from martian_kit.game import CHANCE
from martian_kit.play import play_game
from martian_kit.policies import random_policy
from martian_kit.records import RecordError


def finished_game(seed=7, n=3):
    return play_game([random_policy] * n, random.Random(seed))


@pytest.mark.parametrize("seed", range(5))
def test_a_finished_game_saves_and_loads_back_equal(seed, tmp_path):
    game = finished_game(seed)
    path = tmp_path / "game.json"
    records.save(game, path, seed=seed)
    assert records.load(path) == game
    assert json.loads(path.read_text())["seed"] == seed


def test_a_tie_break_is_recorded_and_replayed():
    for seed in range(400):
        game = finished_game(seed, n=4)
        if game.rolloffs:
            break
    else:  # pragma: no cover
        pytest.fail("no tie-break in 400 games")
    record = records.to_record(game)
    assert record["tiebreak"] and record["winner"] == game.winner
    assert records.from_record(record) == game


@pytest.mark.parametrize("stop_after", [1, 2, 5, 17, 60, 150])
def test_a_running_game_saves_and_loads_back_equal(stop_after):
    rng = random.Random(11)
    from martian_kit.game import new_game

    game = new_game(["Ann", "Bob"])
    for _ in range(stop_after):
        if game.current_player() == CHANCE:
            game = game.apply_chance(game.sample_chance(rng))
        else:
            game = game.apply_action(rng.choice(game.legal_actions()))
    assert records.from_record(json.loads(records.dumps(game))) == game


def tampered(mutate):
    record = records.to_record(finished_game())
    record = copy.deepcopy(record)
    mutate(record)
    return record


def first_roll_with_choice(record):
    for i, turn in enumerate(record["turns"]):
        for j, roll in enumerate(turn["rolls"]):
            if roll["took"] is not None:
                return i, j
    raise AssertionError


def test_an_illegal_choice_is_refused_naming_the_field_and_the_rule():
    record = records.to_record(finished_game())
    i, j = first_roll_with_choice(record)
    rolled = record["turns"][i]["rolls"][j]["rolled"]
    missing = next(f for f in ("human", "cow", "chicken", "ray") if rolled[f] == 0)
    record["turns"][i]["rolls"][j]["took"] = missing
    with pytest.raises(RecordError, match=rf"turns\[{i}\]\.rolls\[{j}\]\.took: no .* were rolled"):
        records.from_record(record)


def test_a_tampered_total_is_refused():
    def mutate(record):
        record["turns"][2]["total"] += 5

    with pytest.raises(RecordError, match=r"turns\[2\]\.total: the replay gives"):
        records.from_record(tampered(mutate))


def test_a_roll_with_the_wrong_number_of_dice_is_refused():
    def mutate(record):
        record["turns"][0]["rolls"][0]["rolled"]["ray"] += 1

    with pytest.raises(
        RecordError, match=r"rolls\[0\]\.rolled: a roll here throws the 13 dice left"
    ):
        records.from_record(tampered(mutate))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(players=[]), "players: a game has 2 to 10 players"),
        (lambda r: r.update(players=["a", ""]), r"players\[1\]: must be a non-empty text"),
        (lambda r: r.update(players=["a"] * 11), "players: a game has 2 to 10 players"),
        (lambda r: r.update(turns={}), "turns: must be a list"),
        (lambda r: r["turns"][0].update(seat=1), r"turns\[0\]\.seat: expected 0"),
        (
            lambda r: r["turns"][0]["rolls"][0]["rolled"].update(ray="x"),
            r"rolled\.ray: must be a whole",
        ),
        (lambda r: r["turns"][0]["rolls"][0]["rolled"].update(laser=1), "unknown face 'laser'"),
        (lambda r: r["turns"][0].update(end="exploded"), r"turns\[0\]\.end: must be one of"),
        (lambda r: r.update(winner=None), "winner: the replayed game gives"),
        (lambda r: r.update(format="chess/1"), "format: expected"),
        (lambda r: r.update(seed="seven"), "seed: must be a whole number"),
    ],
)
def test_bad_fields_are_named(mutate, message):
    with pytest.raises(RecordError, match=message):
        records.from_record(tampered(mutate))


def test_bad_json_and_missing_files_get_a_message_naming_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match=r"bad\.json: not valid JSON \(line 1"):
        records.load(bad)
    with pytest.raises(RecordError, match=r"nope\.json: cannot be read"):
        records.load(tmp_path / "nope.json")
