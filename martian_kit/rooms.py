"""Martian Dice in a room (`kit_common.rooms`): the game as several devices play it together,
2 to `MAX_PLAYERS` seats, the kit's policies as bots, moves and rolls said as JSON, and the
kit's game record (`martian_kit.records`, which the `replay` command reads).

A move is an `Action`'s value ("roll", "stop", "ray", "human", "cow", "chicken"); a roll is
its face counts (`{"tank": 2, "ray": 5, ...}`) and a tie-break roll its number of Death Rays.
A seat throws its own dice (`chance_owner`): the first roll of a turn is the seat's
`{"throw": true}`; "roll" (roll again) throws at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from kit_common.checks import is_whole, shown
from kit_common.errors import InputError
from kit_common.game import CHANCE, Agent
from kit_common.rooms import RoomGame
from kit_common.words import message
from martian_kit.dice import FACES, FaceCounts
from martian_kit.game import MAX_PLAYERS, MIN_PLAYERS, GameState, new_game
from martian_kit.policies import policy_by_name, policy_names
from martian_kit.records import dumps
from martian_kit.turn import Action

#: The name a room stores for this game.
NAME = "martian-dice"


def _start(names: Sequence[str], options: Mapping[str, Any]) -> GameState:
    return new_game(list(names))


def _check_options(options: Any, players: int) -> dict[str, Any]:
    """Martian Dice has no options in a room: an empty mapping."""
    if isinstance(options, Mapping) and not options:
        return {}
    raise InputError("options", message("room.no_options", value=shown(options)))


def _bot(name: str) -> Agent[GameState]:
    policy = policy_by_name(name)

    def agent(state: GameState, rng: random.Random) -> Action:
        return policy(state.turn, state.context(), rng)

    return agent


def _encode(move: Any) -> Any:
    if isinstance(move, Action):
        return move.value
    if isinstance(move, FaceCounts):
        return move.to_dict()
    return move  # a tie-break roll's Death Rays


def _decode(state: GameState, actor: int, data: Any) -> Any:
    """The move or outcome `data` says; `InputError` when it says none of the game."""
    if actor != CHANCE:
        if isinstance(data, str) and data in {a.value for a in Action}:
            return Action(data)
        known = ", ".join(a.value for a in Action)
        raise InputError("move", message("room.bad_action", known=known, value=shown(data)))
    if is_whole(data):
        return data
    if (
        isinstance(data, Mapping)
        and set(data) <= {f.value for f in FACES}
        and all(is_whole(v) and 0 <= v <= 13 for v in data.values())
    ):
        return FaceCounts.from_dict(data)
    raise InputError("outcome", message("room.bad_action", known="", value=shown(data)))


def _scores(state: GameState) -> tuple[int, ...]:
    return tuple(state.totals)


def _record(state: GameState, seed: int) -> str:
    return dumps(state, seed)


ROOM_GAME = RoomGame(
    name=NAME,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    bots=tuple(policy_names()),
    start=_start,
    check_options=_check_options,
    bot=_bot,
    encode=_encode,
    decode=_decode,
    scores=_scores,
    record=_record,
    replay="martian-kit replay",
)

__all__ = ["NAME", "ROOM_GAME"]
