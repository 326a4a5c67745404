"""Both command lines on bad arguments (issue 14, point 9): every error is one line on
stderr, no traceback, exit status 2 for a usage error and 1 for another failure, and output
paths are checked before any long work starts."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dino_kit.cli import main as dino_main
from martian_kit.cli import main as martian_main

ROOT = Path(__file__).resolve().parent.parent
MAINS = {"martian-kit": martian_main, "dino-kit": dino_main}

CASES = [
    # (command line, exit status, words the one line holds)
    ("martian-kit turn-value --state 14,0,0,0,0", 2, "set_aside.tank"),
    ("martian-kit turn-value --state 3,3,0,0,3 --rolled 0,5,0,0,0", 2, "dice left"),
    ("martian-kit turn-value --state 1,2,3", 2, "--state takes five counts"),
    ("martian-kit turn-value --rolled 0,0,0,0,14", 2, "rolled.chicken"),
    ("martian-kit simulate --turns 0", 2, "--turns: expected a whole number from 1"),
    # huge counts are refused at once, not hours of work (issue 30, item 7)
    ("martian-kit simulate --turns 10000000000", 2, "from 1 to 100,000,000, got 10000000000"),
    ("dino-kit simulate --games 1000000000", 2, "--games: expected a whole number from 1 to"),
    ("dino-kit simulate --max-rounds 1000000000000", 2, "--max-rounds: expected"),
    ("dino-kit simulate --players -1", 2, "2 to 4 players, not \u22121"),
    ("dino-kit simulate --players 0", 2, "2 to 4 players, not 0"),
    # out-of-range scores are refused before a variant's table is solved (seconds of work)
    ("martian-kit win-probability --scores 99,5 --target 31", 2, "0 to 30 points, not 99"),
    ("martian-kit win-probability --scores 5,99 --target 31", 2, "not 99"),
    ("martian-kit simulate --turns -5", 2, "--turns"),
    ("martian-kit simulate --turns 1.5", 2, "--turns: expected a whole number"),
    ("martian-kit simulate --seed -1", 2, "--seed"),
    ("martian-kit simulate --policy nobody", 2, "unknown policy"),
    ("martian-kit tournament --games 1000000000000", 2, "--games: expected a whole number from 1"),
    ("martian-kit tournament --games 0", 2, "--games"),
    ("martian-kit tournament --seed -1", 2, "--seed"),
    ("martian-kit tournament --players ''", 2, "players"),
    ("martian-kit tournament --players optimal", 2, "players"),
    ("martian-kit solve-game --output /nonexistent/win.npz", 2, "does not exist"),
    ("martian-kit solve-game --output /tmp", 2, "is a folder"),
    ("martian-kit win-probability --scores a,b", 2, "--scores takes MINE,THEIRS"),
    ("martian-kit win-probability --scores 99,5", 2, "0 to 24"),
    ("martian-kit win-probability", 2, "--scores"),
    ("martian-kit play --players ''", 2, "players"),
    ("martian-kit play --players nobody", 2, "unknown policy"),
    ("martian-kit play --seed -1", 2, "--seed"),
    ("martian-kit nonsense", 2, "invalid choice"),
    ("martian-kit", 2, "required"),
    ("martian-kit play --no-such-option", 2, "unrecognized arguments"),
    ("dino-kit simulate --bots ''", 2, "--bots takes bot names"),
    ("dino-kit simulate --bots heuristic,,random", 2, "--bots takes bot names"),
    ("dino-kit simulate --games 0", 2, "--games"),
    ("dino-kit simulate --max-rounds 0", 2, "--max-rounds"),
    ("dino-kit simulate --players 9", 2, "2 to 4 players"),
    ("dino-kit simulate --seed -1", 2, "--seed"),
    ("dino-kit simulate --objectives epic", 2, "invalid choice"),
    ("dino-kit play --save /nonexistent/game.json", 2, "does not exist"),
    ("dino-kit play --save /tmp", 2, "is a folder"),
    ("dino-kit ship-studies --output /nonexistent/studies.json", 2, "does not exist"),
    ("martian-kit solve-misreadings --output /nonexistent/m.json", 2, "does not exist"),
    ("dino-kit play --bots ''", 2, "--bots takes bot names"),
    ("dino-kit play --bots nobody", 2, "unknown bot"),
    ("dino-kit play --solo --bots heuristic,heuristic", 2, "one player"),
    ("dino-kit tournament --players planner:0,heuristic", 2, "planner:R or planner:RxK"),
    ("dino-kit tournament --players heuristic,nobody", 2, "unknown bot"),
    ("dino-kit tournament --players heuristic,simple --jobs 0", 2, "--jobs"),
    # absurd process counts and game counts are refused at once (issue 30, item 7)
    (
        "dino-kit tournament --players heuristic,simple --jobs 65",
        2,
        "--jobs: expected a whole number from 1 to 64, got 65",
    ),
    ("dino-kit tournament --players heuristic,simple --jobs 1000000000", 2, "from 1 to 64"),
    ("dino-kit tournament --players heuristic,simple --jobs 2.5", 2, "--jobs: expected a whole"),
    ("dino-kit tournament --players heuristic,simple --jobs -3", 2, "from 1 to 64, got -3"),
    ("dino-kit balance /tmp --jobs 100000", 2, "--jobs: expected a whole number from 1 to 64"),
    (
        "dino-kit tournament --players heuristic,simple --games 1000000000",
        2,
        "--games: expected a whole number from 1 to 100,000",
    ),
    ("dino-kit balance /tmp --games 1000000000", 2, "--games: expected a whole number from 1 to"),
    ("dino-kit validate /nonexistent", 1, "not a folder"),
    ("dino-kit", 2, "required"),
]


@pytest.mark.parametrize(("line", "status", "says"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_argument_is_one_line_and_the_right_status(
    line: str, status: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    prog, *argv = shlex.split(line)
    started = time.process_time()  # CPU time: a busy machine does not stretch it
    assert MAINS[prog](argv) == status
    assert time.process_time() - started < 5  # refused before any long work
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(prog), err
    assert says in err and "Traceback" not in err


def test_an_unwritable_output_and_a_full_disk_are_one_line_exit_1(tmp_path) -> None:
    run = [sys.executable, "-m", "dino_kit.cli", "play", "--save", "/dev/full", "--seed", "1"]
    done = subprocess.run(
        run, capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)}
    )
    assert done.returncode == 1
    assert done.stderr.strip() == "dino-kit: /dev/full: No space left on device"


def test_debug_shows_the_traceback_of_an_unexpected_error(monkeypatch, capsys) -> None:
    import martian_kit.cli as cli

    def broken(*args, **kwargs):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(cli, "play_game", broken)
    assert martian_main(["play"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "planted" in err and "--debug" in err
    with pytest.raises(ZeroDivisionError):
        martian_main(["--debug", "play"])
