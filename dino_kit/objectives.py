"""Objectives (claimed the moment they are met) and the final score.

Conditions are effects of the `condition` place; `condition_met` gives each its meaning.
`claim` runs after every step of the game: every unclaimed objective met by one or more
players is claimed by all of them at once (a corporation token each; a player with no token
left cannot claim); then nobody else can. `final_scores` is the end of the game: VP track +
attractions' VP + each exhibit's VP × dinosaurs (−10 for an exhibit with none) + objectives'
VP + $5 = 1 VP (rounded down); the most points win, ties go to the most money, and players
still tied share the victory.
"""

from __future__ import annotations

from dino_kit import abilities
from dino_kit.components.schema import Objective
from dino_kit.state import CORPORATION_TOKENS, GameState, PlayerState
from dino_kit.state import evolve as replace

EMPTY_EXHIBIT = -10
MONEY_PER_VP = 5


def condition_met(state: GameState, p: PlayerState, objective: Objective) -> bool:
    cond = objective.condition
    c = state.components
    match cond.id:
        case "dinosaurs_at_least":
            return p.dinosaurs >= cond.get("count")
        case "category_dinosaurs_at_least":
            category = cond.get("category")
            got = sum(e.dinosaurs for e in p.exhibits if c[e.recipe].category == category)
            return got >= cond.get("count")
        case "attractions_at_least":
            return len(p.attractions) >= cond.get("count")
        case "food_attractions_at_least":
            return sum(c[a].food for a in p.attractions) >= cond.get("count")
        case "excitement_at_least":
            return p.excitement >= cond.get("value")
        case "money_at_least":
            return p.money >= cond.get("amount")
        case "vp_at_least":
            return p.vp >= cond.get("value")
        case "security_at_least":
            return p.security >= cond.get("value")
        case "specialists_at_least":
            return len(p.specialists) >= cond.get("count")
        case "lab_upgrades_at_least":
            working = sum(x is not None for x in p.lab)
            working += (p.dino_research is not None) + (p.dna_refinement is not None)
            return working >= cond.get("count")
        case "recipes_at_least":
            return len(p.exhibits) >= cond.get("count")
        case "dna_at_least":
            return sum(p.dna) >= cond.get("amount")
        case "paddock_capacity_at_least":
            return any(e.capacity >= cond.get("capacity") for e in p.exhibits)
    raise ValueError(f"unknown condition {cond.id!r}")  # the loader refuses these


def claim(state: GameState) -> GameState:
    """Claim every unclaimed objective met now (shared when met by several at once)."""
    if not state.objectives or state.phase in ("setup", "over"):
        return state
    claims = list(state.claims)
    players = list(state.players)
    changed = False
    for i, (ident, who) in enumerate(zip(state.objectives, state.claims)):
        if who:
            continue
        obj = state.components[ident]
        met = tuple(
            seat
            for seat, p in enumerate(players)
            if len(p.objectives) < CORPORATION_TOKENS and condition_met(state, p, obj)
        )
        if met:
            changed = True
            claims[i] = met
            for seat in met:
                players[seat] = replace(
                    players[seat], objectives=(*players[seat].objectives, ident)
                )
    if not changed:
        return state
    return replace(state, claims=tuple(claims), players=tuple(players))


def breakdown(state: GameState, p: PlayerState) -> dict[str, int]:
    """The parts of a player's final score."""
    c = state.components
    exhibits = sum(
        c[e.recipe].vp * e.dinosaurs if e.dinosaurs else EMPTY_EXHIBIT for e in p.exhibits
    )
    parts = {
        "track": p.vp,
        "attractions": sum(c[a].vp for a in p.attractions),
        "exhibits": exhibits,
        "objectives": sum(c[o].vp for o in p.objectives),
        "money": p.money // MONEY_PER_VP,
    }
    parts["total"] = sum(parts.values())
    return parts


def finish(state: GameState) -> GameState:
    """The game after final scoring: `final` scores and `winners`."""
    final = tuple(breakdown(state, p)["total"] for p in state.players)
    best = max(zip(final, (p.money for p in state.players)))
    winners = tuple(s for s, (f, p) in enumerate(zip(final, state.players)) if (f, p.money) == best)
    return replace(state, final=final, winners=winners, phase="over", pending=())


__all__ = ["abilities", "breakdown", "claim", "condition_met", "finish"]
