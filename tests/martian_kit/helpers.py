"""Small builders shared by the Martian Dice tests."""

from __future__ import annotations

from martian_kit.dice import FaceCounts
from martian_kit.game import GameState
from martian_kit.turn import TurnState


def counts(tank: int = 0, ray: int = 0, human: int = 0, cow: int = 0, chicken: int = 0):
    return FaceCounts(tank, ray, human, cow, chicken)


def turn_after(*steps: FaceCounts | str) -> TurnState:
    """A turn driven through rolls (FaceCounts) and actions (strings) from the start."""
    state = TurnState()
    for step in steps:
        state = state.apply_action(step) if isinstance(step, str) else state.apply_roll(step)
    return state


def play_turn(game: GameState, *steps: FaceCounts | str) -> GameState:
    """Drive the current player's turn through rolls and actions."""
    for step in steps:
        game = game.apply_action(step) if isinstance(step, str) else game.apply_chance(step)
    return game
