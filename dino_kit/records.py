"""Save a game as JSON and load it back, validated by replaying it through the engine.

Shape (format "dinosaur-island-game/1"):

    {"format": "dinosaur-island-game/1", "players": ["Ann", "Bob"],
     "settings": {"objective_length": "short", "predictable_systems": false,
                  "chaos_theory": false, "first_player": 0, "max_rounds": 30},
     "components": "Illustrative set", "seed": 7,
     "moves": [{"chance": "D3"}, ..., {"seat": 0, "action": {"kind": "pass", "scientist": 1}}],
     "final": [31, 27] | null, "winners": [0] | null}

A move is a chance outcome (`{"chance": ...}`) or a seat's action. Loading replays every move,
so a record whose move breaks a rule, whose seat is not the one to act, or whose stored final
scores disagree with the replay is refused with `RecordError` naming the place, e.g.
`moves[57].action: market: this costs $5 and you have $3`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dino_kit.components import ComponentSet
from dino_kit.engine import apply_action, apply_chance
from dino_kit.errors import RuleError
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Action, GameState

FORMAT = "dinosaur-island-game/1"
SETTINGS = {
    "objective_length": str,
    "predictable_systems": bool,
    "chaos_theory": bool,
    "first_player": int,
    "max_rounds": int,
    "solo": bool,
}


class RecordError(ValueError):
    """A game record that cannot be loaded; the message says where and why."""


def to_record(state: GameState, seed: int | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game, finished or running."""
    first = state.moves()
    moves = []
    for actor, move in first:
        if actor == CHANCE:
            moves.append({"chance": move})
        else:
            moves.append({"seat": actor, "action": move.to_data()})
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
    Path(path).write_text(dumps(state, seed) + "\n", encoding="utf-8")


def load(path: str | Path, components: ComponentSet | None = None) -> GameState:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise RecordError(f"{path}: not valid JSON: {err}") from None
    return from_record(data, components)


def from_record(data: Any, components: ComponentSet | None = None) -> GameState:
    """Replay a record into a game state (see the module docstring)."""
    if not isinstance(data, dict):
        raise RecordError("record: must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    names = data.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise RecordError("players: must be a list of names")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise RecordError("settings: must be an object")
    for key, value in settings.items():
        kind = SETTINGS.get(key)
        if kind is None:
            raise RecordError(f"settings.{key}: not a setting ({', '.join(SETTINGS)})")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(f"settings.{key}: must be a {kind.__name__}, got {value!r}")
    try:
        state = new_game(names, components, **settings)
    except RuleError as err:
        raise RecordError(f"settings: {err}") from None
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves: must be a list")
    for i, move in enumerate(moves):
        state = _replay(state, move, f"moves[{i}]")
    final = data.get("final")
    got = list(state.final) if state.final is not None else None
    if final != got:
        raise RecordError(f"final: the replayed game gives {got}, the record {final}")
    winners = data.get("winners")
    if final is not None and winners != list(state.winners):
        raise RecordError(
            f"winners: the replayed game gives {list(state.winners)}, the record {winners}"
        )
    return state


def _replay(state: GameState, move: Any, where: str) -> GameState:
    if not isinstance(move, dict):
        raise RecordError(f"{where}: must be an object")
    if state.is_terminal():
        raise RecordError(f"{where}: the game was already over")
    try:
        if "chance" in move:
            if state.current_player() != CHANCE:
                raise RecordError(f"{where}.chance: no chance event is pending here")
            outcome = move["chance"]
            return apply_chance(state, outcome)
        seat = move.get("seat")
        if seat != state.current_player():
            raise RecordError(f"{where}.seat: expected {state.current_player()}, got {seat!r}")
        action = move.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
            raise RecordError(f"{where}.action: must be an object with a kind")
        return apply_action(state, Action.from_data(action))
    except RuleError as err:
        part = "chance" if "chance" in move else "action"
        raise RecordError(f"{where}.{part}: {err}") from None
