"""Dinosaur Island in a room (`kit_common.rooms`): the game as several devices play it
together, 1 to 4 seats (1: the solo mode of `dino_kit.solo`), the variants and objective
stacks of the game page as the room's options, the kit's bots, moves said as the game record
says them (`Action.to_data`, chance outcomes as they are) and the kit's game record
(`dino_kit.records`, which the `replay` command reads).

The room's game is a `GameView` (the engine's protocol view of a `GameState`), on the
component set the app plays on: the folder of `DINO_KIT_DATA`, as on the game pages, else the
illustrative set (the app's setting, which every kernel of the app shares; a notebook's own
`use_components` is its kernel's alone, and a room is played from many kernels). Besides the
kit's bots, a planner of any budget (`planner:RxK`, e.g. the quick `planner:1x4` the seat
menu offers).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from dino_kit.bots import BOTS, QUICK_PLANNER, bot_by_name
from dino_kit.components import ComponentSet, environment_folder, load_components
from dino_kit.components.schema import OBJECTIVE_LENGTHS
from dino_kit.engine import GameView
from dino_kit.records import dumps
from dino_kit.setup import MAX_PLAYERS, new_game
from dino_kit.state import Action
from kit_common.checks import is_whole, plain, shown
from kit_common.errors import InputError
from kit_common.game import CHANCE, Agent
from kit_common.rooms import RoomGame
from kit_common.words import message

#: The name a room stores for this game.
NAME = "dinosaur-island"
#: The room's options and their defaults (the variants of the game page).
OPTIONS: dict[str, Any] = {
    "objective_length": "short",
    "predictable_systems": False,
    "chaos_theory": False,
}
_ACTION_FIELDS = ("kind", "scientist", "target", "choice")


@lru_cache(maxsize=4)
def _components(folder: str | None) -> ComponentSet:
    """The component set in `folder` (None: the illustrative one), loaded once: a room's
    game is set up again at each replay."""
    return load_components(folder)


def _start(names: Sequence[str], options: Mapping[str, Any]) -> GameView:
    components = _components(environment_folder())
    return GameView(new_game(list(names), components, solo=len(names) == 1, **options))


def _check_options(options: Any, players: int) -> dict[str, Any]:
    """The room's options: those of `OPTIONS` given (the others at their defaults); an
    `InputError` naming the option that is not one or has a wrong value."""
    if not isinstance(options, Mapping):
        raise InputError("options", message("room.options", value=shown(options)))
    checked = dict(OPTIONS)
    for key, value in options.items():
        if key not in OPTIONS:
            known = ", ".join(OPTIONS)
            raise InputError(
                "options", message("room.unknown_option", known=known, value=shown(key))
            )
        good = value in OBJECTIVE_LENGTHS if key == "objective_length" else isinstance(value, bool)
        if not good:
            raise InputError(f"options.{key}", message("room.options", value=shown(value)))
        checked[key] = value
    return checked


def _bot(name: str) -> Agent[GameView]:
    bot = bot_by_name(name)

    def agent(view: GameView, rng: random.Random) -> Action:
        return bot(view.state, rng)

    return agent


def _encode(move: Any) -> Any:
    return move.to_data() if isinstance(move, Action) else move


def _decode(view: GameView, actor: int, data: Any) -> Any:
    """The move or outcome `data` says; `InputError` when it cannot be one of the game (the
    engine then checks it against the rules)."""
    if actor == CHANCE:
        return plain(_tupled(data), "outcome")
    if (
        isinstance(data, Mapping)
        and isinstance(data.get("kind"), str)
        and set(data) <= set(_ACTION_FIELDS)
        and (data.get("scientist") is None or is_whole(data.get("scientist")))
    ):
        target = plain(_tupled(data.get("target")), "move.target")
        choice = plain(_tupled(data.get("choice")), "move.choice")
        return Action(data["kind"], data.get("scientist"), target, choice)
    raise InputError("move", message("room.bad_action", known="", value=shown(data)))


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        if len(value) > 64:
            raise InputError("move", message("room.bad_action", known="", value=shown(value)))
        return tuple(_tupled(v) for v in value)
    return value


def _scores(view: GameView) -> tuple[int, ...]:
    state = view.state
    if state.final is not None:
        return tuple(state.final)
    return tuple(p.vp for p in state.players)


def _record(view: GameView, seed: int) -> str:
    return dumps(view.state, seed)


ROOM_GAME = RoomGame(
    name=NAME,
    min_players=1,
    max_players=MAX_PLAYERS,
    bots=(*BOTS, QUICK_PLANNER),
    start=_start,
    check_options=_check_options,
    bot=_bot,
    encode=_encode,
    decode=_decode,
    scores=_scores,
    record=_record,
    replay="dino-kit replay",
)

__all__ = ["NAME", "OPTIONS", "ROOM_GAME"]
