"""Small builders shared by the Martian Dice tests."""

from __future__ import annotations

from martian_kit.dice import FaceCounts
from martian_kit.game import GameState
from martian_kit.turn import Phase, TurnState


def counts(tank: int = 0, ray: int = 0, human: int = 0, cow: int = 0, chicken: int = 0):
    return FaceCounts(tank, ray, human, cow, chicken)


def turn_after(*steps: FaceCounts | str) -> TurnState:
    """A turn driven through rolls (FaceCounts) and actions (strings) from the start."""
    state = TurnState()
    for step in steps:
        state = state.apply_action(step) if isinstance(step, str) else state.apply_roll(step)
    return state


def may_roll(set_aside: FaceCounts) -> TurnState:
    """A turn with `set_aside` taken and the player free to roll or stop."""
    return TurnState(set_aside, None, Phase.MAY_ROLL_OR_STOP)


def play_turn(game: GameState, *steps: FaceCounts | str) -> GameState:
    """Drive the current player's turn through rolls and actions."""
    for step in steps:
        game = game.apply_action(step) if isinstance(step, str) else game.apply_chance(step)
    return game


def stop_with(game: GameState, points_roll: FaceCounts, take: str) -> GameState:
    """One-roll turn: roll `points_roll` (13 dice), take `take`, stop if still possible."""
    game = game.apply_chance(points_roll).apply_action(take)
    if game.legal_actions():
        game = game.apply_action("stop")
    return game
