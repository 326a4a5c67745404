"""A hostile or broken game-record file, given to either kit's record loader, is refused in one
line that names the file (both read records through `kit_common.files`)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from dino_kit import records as dino_records
from dino_kit.bots import bot_by_name
from dino_kit.simulate import play_game as dino_play_game
from martian_kit import records as martian_records
from martian_kit.cli import main as martian_cli
from martian_kit.play import play_game
from martian_kit.policies import policy_by_name

ROOT = Path(__file__).resolve().parent.parent

LOADERS = pytest.mark.parametrize(
    "records", [martian_records, dino_records], ids=["martian_kit", "dino_kit"]
)


@LOADERS
@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"players": ["\xe9"]}', "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nests deeper than 64 levels"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "a number of 5000 characters"),
        (b'{"seed": NaN}', "NaN is not a number JSON allows"),
        (b'{"seed": 1e999}', "too large"),
        (b"{", "not valid JSON"),
        (b'{"players": ["A", "B"], "winner": 0, "winner": 1}', "the key 'winner' appears twice"),
    ],
)
def test_a_hostile_file_is_one_line(tmp_path, records, content: bytes, says: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(records.RecordError) as raised:
        records.load(path)
    assert says in str(raised.value) and "\n" not in str(raised.value)
    assert str(raised.value).startswith(str(path))


@LOADERS
def test_a_missing_file_and_a_folder_are_one_line(tmp_path, records) -> None:
    for path, says in ((tmp_path / "nope.json", "no such file"), (tmp_path, "a folder")):
        with pytest.raises(records.RecordError, match=says) as raised:
            records.load(path)
        assert "\n" not in str(raised.value)


@LOADERS
def test_a_named_pipe_is_refused_at_once(tmp_path, records) -> None:
    """Opening a FIFO for reading waits for a writer: the loader must refuse it instead."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    raised: list[BaseException] = []

    def load() -> None:
        try:
            records.load(fifo)
        except BaseException as err:  # handed to the test's thread
            raised.append(err)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(timeout=5)
    if reader.is_alive():  # unblock the reader, so the test run goes on
        with open(fifo, "wb"):
            pass
        pytest.fail("loading a named pipe blocked")
    assert len(raised) == 1 and isinstance(raised[0], records.RecordError)
    assert "not a regular file" in str(raised[0]) and str(raised[0]).startswith(str(fifo))


@LOADERS
def test_a_path_that_is_not_a_path_is_the_kits_error(records) -> None:
    for path in (None, 123, ["game.json"]):
        with pytest.raises(records.RecordError, match="must be a file's path"):
            records.load(path)


# -- `martian-kit replay` and `check-record` against hostile files (issue 30, item 3) ----


def _martian_record() -> dict:
    """A finished 2-player game's record, as `martian-kit play --json` writes it."""
    policies = [policy_by_name("random"), policy_by_name("greedy")]
    state = play_game(policies, random.Random(11), names=["Ann", "Bo"])
    return martian_records.to_record(state, seed=11)


@pytest.mark.parametrize("command", ["replay", "check-record"])
def test_a_record_with_a_byte_order_mark_is_read_by_the_command_line(
    tmp_path, capsys, command: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_martian_record()).encode())
    assert martian_cli([command, str(path)]) == 0, capsys.readouterr().err


def _martian_kit(*arguments: str, given: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "martian_kit.cli", *arguments, "--lang", "en"],
        input=given,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_a_record_on_standard_input_is_read_once() -> None:
    record = _martian_record()
    done = _martian_kit("replay", "/dev/stdin", "--json", given=json.dumps(record).encode())
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout) == record


#: Names a record could hold to forge or garble what the command line prints.
HOSTILE_NAMES = [
    "\ud800",  # a lone surrogate: UTF-8 cannot write it
    "Ann\nWinner: Mallory",
    "Ann\rWinner: Mallory",
    "\x1b[2K\x1b[1GWinner: Mallory",  # ANSI: erase the line, back to its start
    "\x1b]0;owned\x07Ann",  # OSC: the terminal's title
    "\u202eyrollaM :renniW",  # a BiDi override
    "Ann\u2066",
    "Ann\x00",
    "Ann\u2028Winner: Mallory",
    "A" * 101,
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_name_that_could_forge_output_is_refused_at_the_boundary(tmp_path, name) -> None:
    record = _martian_record()
    record["players"][1] = name
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="ascii")  # escapes: any name can be written
    with pytest.raises(martian_records.RecordError, match=r"players\[1\]") as raised:
        martian_records.load(path)
    said = str(raised.value)
    assert said.isprintable() and len(said) < 300


def _bigger(record: dict, where: str, value: object) -> dict:
    """`record` with `value` put where a hostile record would put a huge one."""
    record = json.loads(json.dumps(record))
    turn = record["turns"][0]
    if where == "format":
        record["format"] = value
    elif where == "key":
        record[value] = 1
    elif where == "took":
        turn["rolls"][0]["took"] = value
    elif where == "end":
        turn["end"] = value
    elif where == "face":
        turn["rolls"][0]["rolled"][value] = 1
    elif where == "round":
        turn["round"] = value
    elif where == "players":
        record["players"][0] = value
    return record


@pytest.mark.parametrize("where", ["format", "key", "took", "end", "face", "round", "players"])
def test_an_error_quotes_a_short_excerpt_of_a_huge_value(tmp_path, capsys, where) -> None:
    huge = "\x1b[31m" + "x" * 2_000_000
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_bigger(_martian_record(), where, huge)))
    assert martian_cli(["check-record", str(path)]) == 1
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and len(said) < 400 + len(str(path)), said[:500]
    assert "\x1b" not in said


def test_an_ascii_terminal_gets_a_translated_line_as_escapes(tmp_path) -> None:
    """`--lang ru` on a terminal that encodes only ASCII: the answer, its letters escaped, not
    an "unexpected error" after the work (issue 30, item 7)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_martian_record()), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "martian_kit.cli", "check-record", str(path), "--lang", "ru"],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.isascii() and b"\\u043a" in done.stdout and not done.stderr


@pytest.mark.parametrize("where", ["format", "setting", "players", "components"])
def test_a_dino_record_error_quotes_a_short_excerpt(tmp_path, where: str) -> None:
    huge = "\x1b[31m" + "x" * 2_000_000
    record = json.loads(json.dumps(_dino_record()))
    if where == "format":
        record["format"] = huge
    elif where == "setting":
        record["settings"] = {huge: 1}
    elif where == "players":
        record["players"][0] = huge
    else:
        record["components"] = huge
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with pytest.raises(dino_records.RecordError) as raised:
        dino_records.load(path)
    said = str(raised.value)
    assert len(said) < 400 + len(str(path)) and said.isprintable(), said[:500]


def _dino_record() -> dict:
    """A short 2-player Dinosaur Island game's record."""
    state = dino_play_game([bot_by_name("simple")] * 2, random.Random(3), max_rounds=1)
    return dino_records.to_record(state, seed=3)
