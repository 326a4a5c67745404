"""`dino-kit` as a newcomer meets it: `init` starts a component folder from the shipped set,
`validate` says a wrong folder is wrong once, `simulate` numbers seats from 1, and `play` tells
the game round by round in the game page's words (`dino_kit.narrate`, shared with the page)."""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from pathlib import Path

from dino_kit.bots import heuristic_bot
from dino_kit.cli import build_parser, main
from dino_kit.components import (
    illustrative_folder,
    not_a_component_folder,
    start_component_folder,
    validate_folder,
)
from dino_kit.components.loader import REQUIRED_FILES
from dino_kit.narrate import game_log, round_reports, round_summary, vp_change_line
from dino_kit.simulate import play_game
from dino_kit.widgets.game import GameApp

NOT_A_FOLDER = "this is not a component folder"


def test_an_empty_folder_is_said_once_to_be_no_component_folder(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert line.startswith(f"{tmp_path}: {NOT_A_FOLDER}: it holds none of the 9 component files")
    assert "dino-kit init FOLDER" in line and captured.out == ""
    assert validate_folder(tmp_path) == [line]


def test_a_folder_missing_most_files_is_no_component_folder(tmp_path):
    for name in ("dice.yaml", "recipes.yaml", "set.yaml"):
        shutil.copy(illustrative_folder() / name, tmp_path / name)
    (problem,) = validate_folder(tmp_path)
    assert f"{NOT_A_FOLDER}: it holds 2 of the 9 component files (dice.yaml, recipes.yaml)" in (
        problem
    )


def test_a_set_missing_one_file_says_that_file_once(tmp_path):
    shutil.copytree(illustrative_folder(), tmp_path / "set")
    (tmp_path / "set" / "tables.yaml").unlink()
    assert not_a_component_folder(tmp_path / "set") is None
    assert validate_folder(tmp_path / "set") == [
        f"tables.yaml: the file is missing from {tmp_path / 'set'}"
    ]


def test_half_the_files_or_more_is_a_component_folder_with_files_missing(tmp_path):
    kept = REQUIRED_FILES[: (len(REQUIRED_FILES) + 1) // 2]
    for name in kept:
        shutil.copy(illustrative_folder() / name, tmp_path / name)
    problems = validate_folder(tmp_path)
    assert not any(NOT_A_FOLDER in p for p in problems)
    missing = [n for n in REQUIRED_FILES if n not in kept]
    assert [p for p in problems if "the file is missing" in p] == [
        f"{n}: the file is missing from {tmp_path}" for n in missing
    ]


def test_validate_a_path_that_is_no_folder(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nowhere")]) == 1
    assert capsys.readouterr().err == (
        f"dino-kit: {tmp_path / 'nowhere'}: not a folder (give the folder holding dice.yaml, ...)\n"
    )


def test_init_copies_the_illustrative_set_which_validates(tmp_path, capsys):
    folder = tmp_path / "my set"
    assert main(["init", str(folder)]) == 0
    out = capsys.readouterr().out
    shipped = sorted(p.name for p in illustrative_folder().glob("*.yaml"))
    assert sorted(p.name for p in folder.iterdir()) == shipped
    assert f"wrote {len(shipped)} files to {folder}" in out
    assert all(name in out for name in shipped)
    assert f"dino-kit validate {folder}" in out
    for name in shipped:
        assert (folder / name).read_bytes() == (illustrative_folder() / name).read_bytes()
    assert validate_folder(folder) == []
    assert main(["validate", str(folder)]) == 0


def test_init_refuses_a_folder_that_holds_anything(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["init", str(tmp_path)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"dino-kit: {tmp_path}: the folder is not empty (nothing is overwritten); " + (
        "give a new or empty one"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert main(["init", str(tmp_path / "notes.txt")]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err


def test_init_into_an_existing_empty_folder(tmp_path):
    written = start_component_folder(tmp_path)
    assert written == sorted(written) and all(Path(p).parent == tmp_path for p in written)


def test_simulate_numbers_the_seats_from_one(capsys):
    assert main(["simulate", "--players", "3", "--games", "1", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    seats = [line.split()[0] for line in lines[2:]]
    assert seats == ["1", "2", "3"]


def test_play_tells_the_game_round_by_round(capsys):
    assert main(["play", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    state = play_game([heuristic_bot] * 2, random.Random(3))
    assert lines == game_log(state, steps=False)
    rounds = [line for line in lines if line.startswith("Round ")]
    assert len(rounds) == state.round and rounds[0].startswith("Round 1 over — Player 1: ")
    assert lines[-2].startswith("Final scores: ") and lines[-1].startswith(
        ("Winner: ", "Winners: ")
    )


def test_play_with_log_adds_every_step_in_the_page_words(capsys):
    assert main(["play", "--seed", "3", "--log"]) == 0
    out = capsys.readouterr().out
    assert "— research —" in out and "Round 1 over — " in out
    assert "scientist 3 → " in out  # the words of the game page's menu, not the engine's


def test_a_round_summary_tells_vp_gained_visitors_eaten_and_money():
    state = play_game([heuristic_bot] * 2, random.Random(0))
    start, end = state, state
    text = round_summary(start, end)
    assert text == (
        f"Round {state.round} over — "
        + "; ".join(
            f"{name}: {p.vp} VP (+0), ${p.money}" for name, p in zip(state.names, state.players)
        )
    )


def test_a_round_summary_writes_a_vp_loss_with_the_minus_sign():
    # the rest of the kit writes "−6" (U+2212) through number_text, never Python's "-6"
    state = play_game([heuristic_bot] * 2, random.Random(0))
    first = state.players[0]
    lost = replace(state, players=(replace(first, vp=first.vp - 6), *state.players[1:]))
    text = round_summary(state, lost)
    assert f"{first.vp - 6} VP (\u22126)" in text and "(-6)" not in text


def test_the_game_page_logs_the_same_words_as_the_command_line():
    app = GameApp(bots=["heuristic"], seed=5, show_setup=False, chart=False)
    app.play_with(heuristic_bot)
    told = [line.strip() for line in game_log(app.state)]
    # Every step the page logs is told by the command line in the same words, in order; the
    # command line adds its headings, each park's story and each round's summary.
    steps = [line.strip() for line in app.lines]
    assert steps and steps == [line for line in told if line in set(steps)]
    assert sum(" over — " in line for line in told) == app.state.round
    for report_round, visits in round_reports(app.state):
        for visit in visits:
            name = app.state.names[visit.seat]
            assert vp_change_line(visit, name) in told, (report_round, name)


def test_the_studies_play_on_every_core_unless_told():
    for command in (["balance", "folder"], ["tournament", "--players", "heuristic,random"]):
        assert build_parser().parse_args(command).jobs is None  # None: every core
        assert build_parser().parse_args([*command, "--jobs", "3"]).jobs == 3


def test_play_takes_the_variants_the_stack_and_the_first_player(capsys):
    from dino_kit.bots import BOTS

    argv = ["play", "--seed", "3", "--predictable-systems", "--chaos-theory"]
    assert main([*argv, "--objectives", "medium", "--first-player", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    settings = {"objective_length": "medium", "first_player": 1}
    state = play_game(
        [heuristic_bot] * 2, random.Random(3), predictable_systems=True, chaos_theory=True,
        **settings,
    )  # fmt: skip
    assert state.plot_twists == () and state.rules.chaos_theory and state.order[0] == 1
    assert lines == game_log(state, steps=False)  # the same game as the engine's
    assert main(["simulate", "--players", "2", "--games", "1", "--first-player", "3"]) == 2
    assert "--first-player is a seat from 1 to 2, not 3" in capsys.readouterr().err
    helps = build_parser()._subparsers._group_actions[0].choices
    for command in ("play", "simulate", "tournament"):
        text = helps[command].format_help()
        assert all(name in text for name in BOTS) and "--chaos-theory" in text


def test_a_person_plays_a_seat_at_the_terminal(monkeypatch, capsys):
    import io

    from dino_kit.cli import person_at_terminal

    monkeypatch.setattr("sys.stdin", io.StringIO("x\n99\n" + "1\n" * 600))
    assert main(["play", "--bots", "person,heuristic", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1, research phase — Player 1: $15, 10 VP")
    assert "  1. scientist 1 → die 1: " in out and "Type a number from 1 to " in out
    # the person's choices are the first legal action each time: the game the engine plays so
    first = person_at_terminal(read=lambda _: "1", write=lambda _: None)
    state = play_game([first, heuristic_bot], random.Random(3))
    assert out.splitlines()[-1] == game_log(state, steps=False)[-1]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))  # the input ends mid-game
    assert main(["play", "--bots", "person,heuristic", "--seed", "3"]) == 2
    assert "the input ended before the game did" in capsys.readouterr().err


def test_a_long_menu_at_the_terminal_comes_in_steps_with_a_way_back():
    from dino_kit.cli import person_at_terminal
    from dino_kit.engine import legal_actions
    from dino_kit.narrate import action_label

    asked = []  # the states the first seat decides in, in the game of seed 3

    def first_action(state, rng):
        asked.append(state)
        return legal_actions(state)[0]

    play_game([first_action, heuristic_bot], random.Random(3))
    state = asked[0]
    actions = legal_actions(state)
    assert len(actions) > 100  # the research phase's first menu: too long to read as one list
    # cold storage, 0 (back to the kinds), the dice, back at the top 0 (refused), the first
    # die, its second action
    answers = iter(["2", "0", "0", "1", "1", "2"])
    shown: list[str] = []
    picked = person_at_terminal(read=lambda _: next(answers), write=shown.append)(
        state, random.Random(0)
    )
    dice = [a for a in actions if a.kind == "die"]
    first_die = [a for a in dice if a.target == dice[0].target]
    assert picked == first_die[1]
    menus = [line for line in shown if line.startswith("  1. ")]
    assert menus[0] == f"  1. DNA die ({len(dice)})"  # the kinds, each with its count
    assert menus[1].startswith("  1. scientist 1 (")  # cold storage's groups
    assert "Type a number from 1 to 4." in shown  # no way back from the first step
    assert menus[-1] == f"  1. {action_label(state, first_die[0])}"
