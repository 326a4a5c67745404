"""Dinosaur Island: rules engine, validated component data, bots and simulation (headless).

Unofficial: not affiliated with the publisher of Dinosaur Island. The shipped component set is
invented — "illustrative — not the published components"; point `load_components` at your
own folder (and pass it to `new_game`) to play with another. Rule decisions on the gaps of
the rules text: `RULES_NOTES.md`; the component schema: `components/SCHEMA.md`.
"""

from dino_kit.components import ComponentError, load_components, validate_folder
from dino_kit.errors import RuleError
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, TERMINAL, Action, GameState

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ComponentError",
    "GameState",
    "RuleError",
    "load_components",
    "new_game",
    "validate_folder",
]
