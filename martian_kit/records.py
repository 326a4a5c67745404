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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from kit_common import checks, files
from kit_common.checks import is_whole, shown
from kit_common.errors import InputError, KitError
from martian_kit.dice import FACES, Face, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.game import GameState, new_game
from martian_kit.messages import message
from martian_kit.turn import Action, TurnEnd

FORMAT = "martian-dice-game/1"


#: The fields of each object of a record; any other field is refused (nothing reads it).
RECORD_FIELDS = ("format", "players", "seed", "turns", "tiebreak", "winner")
TURN_FIELDS = ("round", "seat", "rolls", "end", "set_aside", "score", "total", "rolling")
ROLL_FIELDS = ("rolled", "took")
TIEBREAK_FIELDS = ("seat", "rays")


class RecordError(KitError):
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
    files.write_text(path, dumps(state, seed) + "\n")


# -- loading --------------------------------------------------------------------------


def from_record(record: Any) -> GameState:
    """Replay a record into a game state; `RecordError` names the first bad field."""
    data = _mapping(record, "record")
    _fields(data, "", RECORD_FIELDS)
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(message("record.format", expected=FORMAT, got=shown(data.get("format"))))
    players = _checked(checks.names, data.get("players"), "players")
    try:
        state = new_game(players)
    except RuleError as err:
        raise RecordError(message("record.players_rule", error=err)) from None
    seed = data.get("seed")
    if seed is not None:
        _checked(checks.whole, seed, "seed")

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
            _fields(roll_entry, where, TIEBREAK_FIELDS)
            if not state.in_tiebreak():
                raise RecordError(message("record.no_rolloff", where=where))
            expected_seat = state.tied[len(state.rolloff)]
            seat = roll_entry.get("seat")
            if not _same(seat, expected_seat):
                raise RecordError(
                    message(
                        "record.rolloff_seat", where=where, expected=expected_seat, got=shown(seat)
                    )
                )
            rays = _checked(checks.whole, roll_entry.get("rays"), f"{where}.rays", 0, 6)
            state = state.apply_chance(rays)
    winner = data.get("winner")
    if not (winner is None and state.winner is None) and not _same(winner, state.winner):
        raise RecordError(message("record.winner", replayed=state.winner, got=shown(winner)))
    return state


def _replay_turn(state: GameState, entry: Mapping[str, Any], where: str, last: bool) -> GameState:
    if state.is_terminal() or state.in_tiebreak():
        raise RecordError(message("record.no_more_turns", where=where))
    _fields(entry, where, TURN_FIELDS)
    for key, expected in (("round", state.round), ("seat", state.seat)):
        if not _same(entry.get(key), expected):
            raise RecordError(
                message(
                    "record.expected",
                    where=where,
                    field=key,
                    expected=expected,
                    got=shown(entry.get(key)),
                )
            )
    rolls = _list(entry.get("rolls"), f"{where}.rolls")
    end = entry.get("end")
    running = end is None
    if running and not last:
        raise RecordError(message("record.unfinished", where=where))
    rolling = entry.get("rolling", False)
    if not isinstance(rolling, bool) or (rolling and not running):
        raise RecordError(message("record.rolling", where=where, got=shown(rolling)))
    if not running and (not isinstance(end, str) or end not in {e.value for e in TurnEnd}):
        known = ", ".join(e.value for e in TurnEnd)
        raise RecordError(message("record.end", where=where, known=known, got=shown(end)))
    if not rolls and not running:
        raise RecordError(message("record.no_rolls", where=where))
    turns_done = len(state.log)
    for j, roll_entry in enumerate(rolls):
        at = f"{where}.rolls[{j}]"
        roll_entry = _mapping(roll_entry, at)
        _fields(roll_entry, at, ROLL_FIELDS)
        if j > 0:
            state = _apply(state, Action.ROLL, at)
        rolled = _counts(roll_entry.get("rolled"), f"{at}.rolled")
        state = _apply_roll(state, rolled, f"{at}.rolled")
        took = roll_entry.get("took")
        finished = len(state.log) > turns_done
        if took is None:
            if not finished and not (running and j == len(rolls) - 1):
                choices = ", ".join(a.value for a in state.legal_actions())
                raise RecordError(message("record.choice_required", where=at, choices=choices))
        else:
            if finished:
                raise RecordError(message("record.no_choice", where=at))
            state = _apply(state, took, f"{at}.took")
        if len(state.log) > turns_done and j != len(rolls) - 1:
            raise RecordError(message("record.turn_over", where=f"{where}.rolls[{j + 1}]"))
    if running:
        if rolling:
            state = _apply(state, Action.ROLL, f"{where}.rolling")
        return state
    if len(state.log) == turns_done:
        if end != TurnEnd.STOPPED.value:
            raise RecordError(message("record.stopped", where=where))
        state = _apply(state, Action.STOP, f"{where}.end")
    done = state.log[-1]
    checks = {
        "end": done.end.value,
        "set_aside": done.set_aside.to_dict(),
        "score": done.score,
        "total": done.total,
    }
    if "set_aside" in entry:
        entry = {**entry, "set_aside": _counts(entry["set_aside"], f"{where}.set_aside").to_dict()}
    for key, value in checks.items():
        given = entry.get(key, value)
        if given != value or (isinstance(value, int) and not _same(given, value)):
            raise RecordError(
                message(
                    "record.replay_gives", where=where, field=key, replayed=value, got=shown(given)
                )
            )
    return state


def _apply(state: GameState, action: Any, where: str) -> GameState:
    if not isinstance(action, str) or action not in {a.value for a in Action}:
        names = ", ".join(f.value for f in FACES if f is not Face.TANK)
        raise RecordError(message("record.action", where=where, known=names, got=shown(action)))
    try:
        return state.apply_action(action)
    except RuleError as err:
        raise RecordError(message("record.rule", where=where, error=err)) from None


def _apply_roll(state: GameState, rolled: FaceCounts, where: str) -> GameState:
    try:
        return state.apply_chance(rolled)
    except RuleError as err:
        raise RecordError(message("record.rule", where=where, error=err)) from None


def _same(value: Any, expected: int | None) -> bool:
    """True when `value` is the whole number `expected` itself (not `1.0`, not `True`)."""
    return is_whole(value) and value == expected


_Checked = TypeVar("_Checked")


def _checked(check: Callable[..., _Checked], value: Any, where: str, *args: Any) -> _Checked:
    """`check(value, where, *args)` of `kit_common.checks`, its refusal a `RecordError`."""
    try:
        return check(value, where, *args)
    except InputError as err:
        raise RecordError(str(err)) from None


def _fields(data: Mapping[str, Any], where: str, allowed: tuple[str, ...]) -> None:
    _checked(checks.known_fields, data, where, allowed)


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(message("record.object", where=where, kind=type(value).__name__))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(message("record.list", where=where, kind=type(value).__name__))
    return value


def _counts(value: Any, where: str) -> FaceCounts:
    counts = _mapping(value, where)
    unknown = sorted(set(counts) - {f.value for f in FACES})
    if unknown:
        raise RecordError(message("record.unknown_face", where=where, face=shown(unknown[0])))
    for face in FACES:
        _checked(checks.whole, counts.get(face.value, 0), f"{where}.{face.value}", 0, 13)
    return FaceCounts.from_dict(counts)


def _parsed(text: str, source: str) -> tuple[GameState, Any]:
    """The game a record's JSON text holds and the record's data (see `loads`)."""
    try:
        data = files.parse_json(text, source)
    except InputError as err:
        raise RecordError(str(err)) from None
    try:
        return from_record(data), data
    except (RecordError, InputError) as err:
        raise RecordError(f"{source}: {err}") from None


def loads(text: str, source: str = "record") -> GameState:
    """Load a game from JSON text; errors start with `source` (e.g. the file name). The
    JSON is read with `kit_common.files`' limits (nesting, number lengths)."""
    return _parsed(text, source)[0]


def read(path: str | Path) -> tuple[GameState, dict[str, Any]]:
    """The game a record file holds and the record itself, the file read once (so standard
    input, `/dev/stdin`, can be read), with the limits of `load`."""
    try:
        text = files.read_text(path)
    except InputError as err:
        raise RecordError(str(err)) from None
    return _parsed(text, str(path))


def load(path: str | Path) -> GameState:
    """Load a game from a JSON file (at most `kit_common.files.MAX_BYTES`, UTF-8); a missing
    file, a folder, a pipe or bytes that are not UTF-8 give a one-line `RecordError`."""
    return read(path)[0]
