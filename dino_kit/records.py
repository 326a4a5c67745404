"""Save a game as JSON and load it back, validated by replaying it through the engine.

Shape (format "dinosaur-island-game/1"):

    {"format": "dinosaur-island-game/1", "players": ["Ann", "Bob"],
     "settings": {"objective_length": "short", "predictable_systems": false,
                  "chaos_theory": false, "first_player": 0, "max_rounds": 30},
     "components": "Illustrative set", "seed": 7,
     "moves": [{"chance": "D3"}, ..., {"seat": 0, "action": {"kind": "pass", "scientist": 1}}],
     "final": [31, 27] | null, "winners": [0] | null}

A move is a chance outcome (`{"chance": ...}`) or a seat's action, in the one form
`legal_actions` lists (a tuple is a JSON list). A record saved before visitor placement (or
the choice of who is eaten, issue 28 item 7) was the player's holds no such moves: where the
game awaits one and the record's move is something else, the kit's choice of those days —
"place for me", "eat for me" — is played first. The record names its component set, and a
record of another set is refused (its moves mean other tiles). Loading replays every move,
so a record whose move breaks a rule, whose seat is not the one to act, or whose stored final
scores disagree with the replay is refused with `RecordError` naming the place, e.g.
`moves[57].action: market: this costs $5 and you have $3`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dino_kit import chance
from dino_kit.components import ComponentSet
from dino_kit.engine import apply_action, apply_chance
from dino_kit.errors import RuleError
from dino_kit.messages import message
from dino_kit.phases import park
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Action, GameState, Phase
from kit_common import files
from kit_common.checks import excerpt, is_whole, known_fields, shown
from kit_common.errors import InputError, KitError

FORMAT = "dinosaur-island-game/1"
SETTINGS = {
    "objective_length": str,
    "predictable_systems": bool,
    "chaos_theory": bool,
    "first_player": int,
    "max_rounds": int,
    "solo": bool,
}


#: The fields of each object of a record; any other field is refused (nothing reads it).
RECORD_FIELDS = ("format", "players", "settings", "components", "seed", "moves", "final", "winners")
CHANCE_FIELDS = ("chance",)
ACTION_MOVE_FIELDS = ("seat", "action")
ACTION_FIELDS = ("kind", "scientist", "target", "choice")


class RecordError(KitError):
    """A game record that cannot be loaded; the message says where and why."""


def to_record(state: GameState, seed: int | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game, finished or running."""
    first = state.moves()
    moves: list[dict[str, Any]] = []
    for actor, move in first:
        if isinstance(move, Action):
            moves.append({"seat": actor, "action": move.to_data()})
        else:
            moves.append({"chance": move})
    rules = state.rules
    first_player = state.first_player
    return {
        "format": FORMAT,
        "players": list(state.names),
        "settings": {
            "objective_length": state.objective_length,
            "predictable_systems": rules.predictable_systems,
            "chaos_theory": rules.chaos_theory,
            "first_player": first_player,
            "max_rounds": rules.max_rounds,
            **({"solo": True} if rules.solo else {}),
        },
        "components": state.components.name,
        "seed": seed,
        "moves": moves,
        "final": list(state.final) if state.final is not None else None,
        "winners": list(state.winners) if state.final is not None else None,
    }


def dumps(state: GameState, seed: int | None = None) -> str:
    return json.dumps(to_record(state, seed), indent=1)


def save(state: GameState, path: str | Path, seed: int | None = None) -> None:
    files.write_text(path, dumps(state, seed) + "\n")


def load(path: str | Path, components: ComponentSet | None = None) -> GameState:
    """Load a game from a JSON file, read with `kit_common.files`' limits (size, UTF-8,
    nesting, number lengths); every problem is a one-line `RecordError` naming the file."""
    try:
        data = files.read_json(path)
    except InputError as err:
        raise RecordError(str(err)) from None
    try:
        return from_record(data, components)
    except RecordError as err:
        raise RecordError(f"{path}: {err}") from None


def from_record(data: Any, components: ComponentSet | None = None) -> GameState:
    """Replay a record into a game state (see the module docstring)."""
    if not isinstance(data, dict):
        raise RecordError(f"record: {message('record.not_object')}")
    _fields(data, "", RECORD_FIELDS)
    if data.get("format") != FORMAT:
        raise RecordError(
            "format: " + message("record.format", expected=FORMAT, got=shown(data.get("format")))
        )
    names = data.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise RecordError(f"players: {message('record.names')}")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise RecordError(f"settings: {message('record.object')}")
    for key, value in settings.items():
        kind = SETTINGS.get(key)
        if kind is None:
            raise RecordError(
                f"settings.{excerpt(key)}: "
                + message("record.not_a_setting", settings=", ".join(SETTINGS))
            )
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(
                f"settings.{key}: "
                + message("record.setting_type", kind=kind.__name__, got=shown(value))
            )
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise RecordError("seed: " + message("record.seed", got=shown(seed)))
    if not isinstance(data.get("components", ""), str):
        raise RecordError(
            "components: " + message("record.components", got=shown(data["components"]))
        )
    try:
        state = new_game(names, components, **settings)
    except (RuleError, InputError) as err:
        raise RecordError(f"settings: {err}") from None
    recorded = data.get("components")
    if recorded is not None and recorded != state.components.name:
        raise RecordError(
            "components: "
            + message(
                "record.components_differ", recorded=excerpt(recorded), used=state.components.name
            )
        )
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise RecordError(f"moves: {message('record.list')}")
    for i, move in enumerate(moves):
        state = _replay(state, move, f"moves[{i}]")
    final = data.get("final")
    got = list(state.final) if state.final is not None else None
    if not _same(final, got):
        raise RecordError(
            "final: " + message("record.replay_differs", replayed=got, recorded=shown(final))
        )
    winners = data.get("winners")
    expected = list(state.winners) if state.final is not None else None
    if not _same(winners, expected) and not (final is None and winners is None):
        raise RecordError(
            "winners: "
            + message("record.replay_differs", replayed=expected, recorded=shown(winners))
        )
    return state


def _same(value: Any, expected: list[int] | None) -> bool:
    """True when `value` is the list of whole numbers `expected` itself (no `1.0`, no
    `True`), or both are null."""
    if expected is None or value is None:
        return value is expected
    return isinstance(value, list) and all(is_whole(v) for v in value) and value == expected


def _fields(data: dict[str, Any], where: str, allowed: tuple[str, ...]) -> None:
    try:
        known_fields(data, where, allowed)
    except InputError as err:
        raise RecordError(str(err)) from None


def awaits_park_choice(state: GameState) -> str | None:
    """The park's choice the game waits for, "place" (where visitors go) or "eat" (which
    customers the dinosaurs eat), or None."""
    if state.phase != Phase.PARK or state.pending:
        return None
    chosen = park.for_me(state)
    return None if chosen is None else str(chosen.kind)


def _kind_of(move: Any) -> Any:
    action = move.get("action") if isinstance(move, dict) else None
    return action.get("kind") if isinstance(action, dict) else None


def _replay(state: GameState, move: Any, where: str) -> GameState:
    if not isinstance(move, dict):
        raise RecordError(f"{where}: {message('record.object')}")
    if state.is_terminal():
        raise RecordError(f"{where}: {message('record.over')}")
    awaited = awaits_park_choice(state)
    if awaited is not None and _kind_of(move) != awaited:
        # an older record: the kit's choice of those days ("place for me", "eat for me")
        state = apply_action(state, park.for_me(state) or park.PLACE_FOR_ME)
        return _replay(state, move, where)
    try:
        if "chance" in move:
            _fields(move, where, CHANCE_FIELDS)
            if state.current_player() != CHANCE:
                raise RecordError(
                    f"{where}.chance: {message('record.no_chance', seat=state.current_player())}"
                )
            outcome = move["chance"]
            return apply_chance(state, outcome)
        _fields(move, where, ACTION_MOVE_FIELDS)
        seat = move.get("seat")
        if state.current_player() == CHANCE:
            raise RecordError(
                f"{where}: "
                + message(
                    "record.chance_due",
                    what=chance.describe(state, state.pending[0]),
                    got=shown(seat),
                )
            )
        if not is_whole(seat) or seat != state.current_player():
            raise RecordError(
                f"{where}.seat: "
                + message("record.seat", expected=state.current_player(), got=shown(seat))
            )
        action = move.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
            raise RecordError(f"{where}.action: {message('record.action')}")
        _fields(action, f"{where}.action", ACTION_FIELDS)
        return apply_action(state, Action.from_data(action))
    except InputError as err:  # a malformed action: the message names its field
        raise RecordError(f"{where}.{err}") from None
    except RuleError as err:
        part = "chance" if "chance" in move else "action"
        raise RecordError(f"{where}.{part}: {err}") from None
