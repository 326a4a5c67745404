"""Game records: save a finished or running game as JSON and load it back, validated.

A record stores what happened (every roll and choice, the tie-break rolls), not the engine's
internals. Loading replays it through the engine, so a record that breaks a rule or whose
stored totals disagree with the replay is refused with an error naming the field, e.g.
`turns[3].rolls[1].took: Cows were already set aside this turn`, and nothing is half-loaded.

Shape (format "martian-dice-game/1"):

    {"format": "martian-dice-game/1", "players": ["Ann", "random"], "seed": 7,
     "turns": [{"round": 1, "seat": 0,
                "rolls": [{"rolled": {"tank": 2, "ray": 5, "human": 2, "cow": 2, "chicken": 2},
                           "took": "ray"}, ...],
                "end": "stopped", "set_aside": {...}, "score": 5, "total": 5}, ...],
     "tiebreak": [[{"seat": 0, "rays": 3}, {"seat": 1, "rays": 1}]],
     "winner": 0}

`"took": null` marks a roll that left no legal choice. A running game's current turn is the
last entry of "turns" with `"end": null` (and `"rolling": true` when the player chose to roll
again but the dice are not rolled yet); a running roll-off is a shorter last list of
"tiebreak"; "winner" is null until the game ends.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from martian_kit.dice import FACES, Face, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.game import GameState, new_game
from martian_kit.turn import Action, TurnEnd

FORMAT = "martian-dice-game/1"


class RecordError(ValueError):
    """A game record that cannot be loaded; the message names the field and the problem."""


# -- saving ---------------------------------------------------------------------------


def to_record(state: GameState, seed: int | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game (finished or running)."""
    turns: list[dict[str, Any]] = []
    for t in state.log:
        turns.append(
            {
                "round": t.round,
                "seat": t.seat,
                "rolls": [_roll_entry(r.rolled, r.took) for r in t.rolls],
                "end": t.end.value,
                "set_aside": t.set_aside.to_dict(),
                "score": t.score,
                "total": t.total,
            }
        )
    if state.rolls and not state.is_terminal():
        current: dict[str, Any] = {
            "round": state.round,
            "seat": state.seat,
            "rolls": [_roll_entry(r.rolled, r.took) for r in state.rolls],
            "end": None,
        }
        if state.turn.is_chance_node():
            current["rolling"] = True
        turns.append(current)
    tiebreak = [[{"seat": s, "rays": r} for s, r in rolloff] for rolloff in state.rolloffs]
    if state.rolloff:
        tiebreak.append([{"seat": s, "rays": r} for s, r in zip(state.tied, state.rolloff)])
    return {
        "format": FORMAT,
        "players": list(state.players),
        "seed": seed,
        "turns": turns,
        "tiebreak": tiebreak,
        "winner": state.winner,
    }


def _roll_entry(rolled: FaceCounts, took: Face | None) -> dict[str, Any]:
    return {"rolled": rolled.to_dict(), "took": took.value if took else None}


def dumps(state: GameState, seed: int | None = None) -> str:
    """The record as JSON text."""
    return json.dumps(to_record(state, seed), indent=1)


def save(state: GameState, path: str | Path, seed: int | None = None) -> None:
    """Write the game's record to `path`."""
    Path(path).write_text(dumps(state, seed) + "\n", encoding="utf-8")


# -- loading --------------------------------------------------------------------------


def from_record(record: Any) -> GameState:
    """Replay a record into a game state; `RecordError` names the first bad field."""
    data = _mapping(record, "record")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p for p in players)
    ):
        raise RecordError("players: must be a non-empty list of names")
    try:
        state = new_game(players)
    except RuleError as err:
        raise RecordError(f"players: {err}") from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"seed: must be a whole number or null, got {seed!r}")

    turns = _list(data.get("turns", []), "turns")
    for i, entry in enumerate(turns):
        state = _replay_turn(
            state, _mapping(entry, f"turns[{i}]"), f"turns[{i}]", last=i == len(turns) - 1
        )

    rolloffs = _list(data.get("tiebreak", []), "tiebreak")
    for i, rolloff in enumerate(rolloffs):
        for j, roll_entry in enumerate(_list(rolloff, f"tiebreak[{i}]")):
            where = f"tiebreak[{i}][{j}]"
            roll_entry = _mapping(roll_entry, where)
            if not state.in_tiebreak():
                raise RecordError(f"{where}: there is no tie-break roll-off to roll in here")
            expected_seat = state.tied[len(state.rolloff)]
            seat = roll_entry.get("seat")
            if seat != expected_seat:
                raise RecordError(f"{where}.seat: expected seat {expected_seat}, got {seat!r}")
            rays = _whole(roll_entry.get("rays"), f"{where}.rays", 0, 6)
            state = state.apply_chance(rays)
    winner = data.get("winner")
    if winner != state.winner:
        raise RecordError(
            f"winner: the replayed game gives {state.winner!r}, the record {winner!r}"
        )
    return state


def _replay_turn(state: GameState, entry: Mapping[str, Any], where: str, last: bool) -> GameState:
    if state.is_terminal() or state.in_tiebreak():
        raise RecordError(f"{where}: the game had no more turns to play here")
    for key, expected in (("round", state.round), ("seat", state.seat)):
        if entry.get(key) != expected:
            raise RecordError(f"{where}.{key}: expected {expected}, got {entry.get(key)!r}")
    rolls = _list(entry.get("rolls"), f"{where}.rolls")
    end = entry.get("end")
    running = end is None
    if running and not last:
        raise RecordError(f"{where}.end: only the last turn of a record may be unfinished")
    if not running and end not in {e.value for e in TurnEnd}:
        known = ", ".join(e.value for e in TurnEnd)
        raise RecordError(f"{where}.end: must be one of {known} (or null), got {end!r}")
    if not rolls and not running:
        raise RecordError(f"{where}.rolls: a finished turn has at least one roll")
    turns_done = len(state.log)
    for j, roll_entry in enumerate(rolls):
        at = f"{where}.rolls[{j}]"
        roll_entry = _mapping(roll_entry, at)
        if j > 0:
            state = _apply(state, Action.ROLL, at)
        rolled = _counts(roll_entry.get("rolled"), f"{at}.rolled")
        state = _apply_roll(state, rolled, f"{at}.rolled")
        took = roll_entry.get("took")
        finished = len(state.log) > turns_done
        if took is None:
            if not finished and not (running and j == len(rolls) - 1):
                choices = ", ".join(a.value for a in state.legal_actions())
                raise RecordError(f"{at}.took: a choice is required after this roll ({choices})")
        else:
            if finished:
                raise RecordError(
                    f"{at}.took: this roll left no legal choice, so took must be null"
                )
            state = _apply(state, took, f"{at}.took")
        if len(state.log) > turns_done and j != len(rolls) - 1:
            raise RecordError(f"{where}.rolls[{j + 1}]: the turn was already over")
    if running:
        if entry.get("rolling") is True:
            state = _apply(state, Action.ROLL, f"{where}.rolling")
        return state
    if len(state.log) == turns_done:
        if end != TurnEnd.STOPPED.value:
            raise RecordError(f"{where}.end: the turn did not end by itself, so it ended by a stop")
        state = _apply(state, Action.STOP, f"{where}.end")
    done = state.log[-1]
    checks = {
        "end": done.end.value,
        "set_aside": done.set_aside.to_dict(),
        "score": done.score,
        "total": done.total,
    }
    for key, value in checks.items():
        if key in entry and entry[key] != value:
            raise RecordError(
                f"{where}.{key}: the replay gives {value!r}, the record {entry[key]!r}"
            )
    return state


def _apply(state: GameState, action: Any, where: str) -> GameState:
    if not isinstance(action, str) or action not in {a.value for a in Action}:
        names = ", ".join(f.value for f in FACES if f is not Face.TANK)
        raise RecordError(f"{where}: must be one of {names}, got {action!r}")
    try:
        return state.apply_action(action)
    except RuleError as err:
        raise RecordError(f"{where}: {err}") from None


def _apply_roll(state: GameState, rolled: FaceCounts, where: str) -> GameState:
    try:
        return state.apply_chance(rolled)
    except RuleError as err:
        raise RecordError(f"{where}: {err}") from None


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"{where}: must be an object, got {type(value).__name__}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: must be a list, got {type(value).__name__}")
    return value


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise RecordError(f"{where}: must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _counts(value: Any, where: str) -> FaceCounts:
    counts = _mapping(value, where)
    unknown = sorted(set(counts) - {f.value for f in FACES})
    if unknown:
        raise RecordError(f"{where}: unknown face {unknown[0]!r}")
    for face in FACES:
        _whole(counts.get(face.value, 0), f"{where}.{face.value}", 0, 13)
    return FaceCounts.from_dict(counts)


def loads(text: str, source: str = "record") -> GameState:
    """Load a game from JSON text; errors start with `source` (e.g. the file name)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"{source}: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    try:
        return from_record(data)
    except RecordError as err:
        raise RecordError(f"{source}: {err}") from None


def load(path: str | Path) -> GameState:
    """Load a game from a JSON file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{path}: cannot be read ({err.strerror})") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a game record (not UTF-8 text)") from None
    return loads(text, source=str(path))
