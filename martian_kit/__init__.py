"""Martian Dice: rules engine, exact odds, solvers and simulation (headless; no widgets here).

Importing this package is cheap: widgets, charts and solver tables load only when used.
"""

from martian_kit.dice import FACES, NUM_DICE, Face, FaceCounts, roll_distribution
from martian_kit.errors import RuleError
from martian_kit.game import CHANCE, TERMINAL, GameState, new_game
from martian_kit.scoring import explain_score, score
from martian_kit.turn import Action, Phase, TurnEnd, TurnState

__all__ = [
    "CHANCE",
    "FACES",
    "NUM_DICE",
    "TERMINAL",
    "Action",
    "Face",
    "FaceCounts",
    "GameState",
    "Phase",
    "RuleError",
    "TurnEnd",
    "TurnState",
    "explain_score",
    "new_game",
    "roll_distribution",
    "score",
]
