"""Helpers to put a Dinosaur Island game in a known position."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from dino_kit.engine import apply_action, apply_chance, chance_outcomes
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Action, EventKind, GameState


def resolve(
    state: GameState,
    rolls: Iterable[int] = (),
    pool: Iterable[str] = (),
    visitors: Iterable[int] = (),
) -> GameState:
    """Resolve pending chance events: dice rolls from `rolls`, pool draws from `pool`,
    customer counts from `visitors` (each used in turn, then the first outcome listed)."""
    rolls, pool, visitors = list(rolls), list(pool), list(visitors)
    while state.current_player() == CHANCE:
        kind = state.pending[0].kind
        if kind in (EventKind.ROLL, EventKind.CHAOS) and rolls:
            state = apply_chance(state, rolls.pop(0))
        elif kind == EventKind.POOL and pool:
            state = apply_chance(state, pool.pop(0))
        elif kind == EventKind.VISITORS and visitors:
            state = apply_chance(state, visitors.pop(0))
        else:
            state = apply_chance(state, chance_outcomes(state)[0][0])
    return state


def start(players: int = 2, rolls: Iterable[int] = (), pool: Iterable[str] = (), **kw) -> GameState:
    """A game at round 1's first research decision, every draw taking the first outcome."""
    return resolve(new_game(players, **kw), rolls=rolls, pool=pool)


def set_player(state: GameState, seat: int, **changes) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def pass_research(state: GameState) -> GameState:
    """Everyone passes through the research phase (lowest free scientist each time)."""
    while state.phase == "research" and state.current_player() >= 0:
        seat = state.current_player()
        state = apply_action(state, Action("pass", min(state.players[seat].scientists)))
    return state


def pass_market(state: GameState) -> GameState:
    while state.phase == "market" and state.current_player() >= 0:
        state = apply_action(state, Action("pass"))
    return state


def finish_workers(state: GameState) -> GameState:
    while state.phase == "workers" and state.current_player() >= 0:
        state = apply_action(state, Action("done"))
    return state
