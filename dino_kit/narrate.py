"""A readable log of a game: every phase, action and chance outcome, in words.

`game_log(state)` replays the game's moves from its start and describes each one, with round
and phase headings, and the final scores at the end.
"""

from __future__ import annotations

from typing import Any

from dino_kit.chance import describe
from dino_kit.effects import CATEGORIES
from dino_kit.engine import apply_action, apply_chance
from dino_kit.messages import message
from dino_kit.setup import new_game
from dino_kit.solo import rival_score
from dino_kit.state import CHANCE, Action, ActionKind, GameState, Phase


def describe_action(state: GameState, a: Action) -> str:
    """An action in words, naming the tiles it concerns."""
    c = state.components
    if a.kind == ActionKind.DIE:
        return f"scientist {a.scientist} claims die slot {a.target}" + (
            f" (paddock {a.choice})" if a.choice is not None else ""
        )
    if a.kind == ActionKind.STORAGE:
        return f"scientist {a.scientist} raises cold storage: {', '.join(a.choice)}"
    if a.kind == ActionKind.RECIPE:
        ident = state.recipe_up[CATEGORIES.index(a.target)]
        name = c.recipe(ident).name if ident else a.target
        return f"scientist {a.scientist} takes the {name} recipe"
    if a.kind == ActionKind.PASS:
        if a.scientist is not None:
            return f"passes; scientist {a.scientist} joins the workers"
        return f"passes and takes ${state.rules.pass_money}"
    if a.kind in (ActionKind.HIRE, ActionKind.BUILD, ActionKind.UPGRADE):
        col = {ActionKind.BUILD: 0, ActionKind.UPGRADE: 1, ActionKind.HIRE: 2}[a.kind]
        ident = state.rows[col][a.target]
        price = c.tables.market_rows[a.target]
        extra = (
            f", firing {c.specialist(a.choice).name}"
            if a.kind == ActionKind.HIRE and a.choice
            else ""
        )
        return f"{a.kind}s {c[ident].name} from the ${price} row{extra}"
    if a.kind == ActionKind.SPECIAL:
        return f"buys a {a.target.replace('_', ' ')} tile"
    if a.kind == ActionKind.BUY_DNA:
        dna, col = a.choice
        return f"buys DNA ({dna}) for ${a.target}" + (
            f", discarding column {col}" if col is not None else ""
        )
    if a.kind == ActionKind.WORK:
        return f"works slot {a.target[0]}#{a.target[1]}" + (
            f" ({a.choice})" if a.choice is not None else ""
        )
    if a.kind == ActionKind.DONE:
        return "is done with the workers"
    if a.kind == ActionKind.FOOD:
        return f"takes {a.choice} food customer(s) as money"
    return str(a)


def game_log(state: GameState) -> list[str]:
    """Every step of the game in words."""
    s = new_game(
        list(state.names),
        state.components,
        objective_length=state.objective_length,
        predictable_systems=state.rules.predictable_systems,
        chaos_theory=state.rules.chaos_theory,
        first_player=state.first_player,
        max_rounds=state.rules.max_rounds,
        solo=state.rules.solo,
    )
    lines: list[str] = []
    heading: tuple[int, str] | None = None
    for actor, move in state.moves():
        if (s.round, s.phase) != heading:
            heading = (s.round, s.phase)
            if s.phase == Phase.RESEARCH and s.step == 0:
                lines.append(message("log.round", round=s.round))
            lines.append(message("log.phase", phase=message(f"phase.{s.phase}")))
        lines.append(_line(s, actor, move))
        s = apply_chance(s, move) if actor == CHANCE else apply_action(s, move)
    if s.final is not None:
        scores = ", ".join(f"{n} {f}" for n, f in zip(s.names, s.final))
        lines.append(message("log.final", scores=scores))
        if s.rules.solo:
            key = "log.solo_won" if s.winners else "log.solo_lost"
            lines.append(message(key, name=s.names[0], rival=rival_score(s)))
        else:
            lines.append(message("log.winners", names=", ".join(s.names[w] for w in s.winners)))
    return lines


def _line(s: GameState, actor: int, move: Any) -> str:
    if actor == CHANCE:
        event = s.pending[0]
        outcome = move
        if isinstance(move, str) and move in s.components.by_id:
            outcome = getattr(s.components[move], "name", move)
        return message("log.chance", what=describe(event), outcome=outcome)
    return message("log.action", name=s.names[actor], action=describe_action(s, move))
