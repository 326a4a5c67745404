"""Advisors for the game app: callables `advisor(turn, context) -> lines`, one line per
option, best first. They only format what the solvers compute (`TurnSolution.explain`):
the expected-score solution for any game, and, in a 2-player game, the win-probability
solution of the position. Each solver solves on its first use (a fraction of a second)."""

from __future__ import annotations

from martian_kit.game import TARGET, GameContext
from martian_kit.messages import message
from martian_kit.solver.game import GamePolicy
from martian_kit.solver.turn import expected_score_solution
from martian_kit.turn import TurnState


def expected_score_advisor(turn: TurnState, context: GameContext) -> list[str]:
    """Each option's expected final turn score under optimal play from there."""
    return expected_score_solution().explain(turn).split("; ")


def win_advisor(turn: TurnState, context: GameContext) -> list[str]:
    """In a 2-player game, each option's chance to win the game under win-optimal play by
    both players (then the expected-score lines); otherwise the expected-score lines."""
    lines = expected_score_advisor(turn, context)
    if context.num_players != 2:
        return lines
    if context.totals[context.seat] >= TARGET:
        return lines
    # the exact 2-player win-optimal solution of this position (last turns included)
    solution = GamePolicy("win").solution(context.totals, context.seat)
    wins = solution.explain(turn, unit=message("ui.win_unit")).split("; ")
    return [*wins, *lines]
