"""Objectives (claimed the moment they are met) and the final score.

Conditions are effects of the `condition` place; `condition_met` gives each its meaning.
`claim` runs after every step of the game: every unclaimed objective met by one or more
players is claimed by all of them at once (a corporation token each; a player with no token
left cannot claim); then nobody else can.

The workers phase is simultaneous (the rules), but the engine asks the players one after the
other in turn order. So that this order gives nobody an objective first, during that phase
`note_met` only *notes* who meets an unclaimed objective after each of their actions, and
`settle_workers` claims every noted objective for all who met it when the phase ends, as if
they had met it at the same moment. Decision: meeting it at any point of the phase counts
(the rules: "at any moment"), even if a later action of the same phase undoes it.

`final_scores` is the end of the game: VP track + attractions' VP + each exhibit's VP ×
dinosaurs (−10 for an exhibit with none) + objectives'
VP + $5 = 1 VP (rounded down); the most points win, ties go to the most money, and players
still tied share the victory.
"""

from __future__ import annotations

from collections.abc import Callable

from dino_kit import abilities
from dino_kit.components.schema import Objective
from dino_kit.solo import rival_score
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


Test = Callable[[GameState, PlayerState], bool]


_TESTS: dict[int, tuple[Objective, Test]] = {}


def _test(objective: Objective) -> Test:
    """`condition_met` for one objective as a function of (state, player) — the engine checks
    objectives after every step, so the condition's id and parameters are looked up once
    (cached by identity: hashing a frozen dataclass field by field would cost more)."""
    hit = _TESTS.get(id(objective))
    if hit is not None and hit[0] is objective:
        return hit[1]
    test = _compile(objective)
    _TESTS[id(objective)] = (objective, test)
    return test


def _compile(objective: Objective) -> Test:
    cond = objective.condition
    cid = cond.id
    n = next((v for k, v in cond.params if k != "category"), 0)
    if cid == "dinosaurs_at_least":
        return lambda s, p: p.dinosaurs >= n
    if cid == "attractions_at_least":
        return lambda s, p: len(p.attractions) >= n
    if cid == "excitement_at_least":
        return lambda s, p: p.excitement >= n
    if cid == "money_at_least":
        return lambda s, p: p.money >= n
    if cid == "vp_at_least":
        return lambda s, p: p.vp >= n
    if cid == "security_at_least":
        return lambda s, p: p.security >= n
    if cid == "specialists_at_least":
        return lambda s, p: len(p.specialists) >= n
    if cid == "recipes_at_least":
        return lambda s, p: len(p.exhibits) >= n
    if cid == "dna_at_least":
        return lambda s, p: sum(p.dna) >= n
    if cid == "paddock_capacity_at_least":
        return lambda s, p: any(e.capacity >= n for e in p.exhibits)
    return lambda s, p: condition_met(s, p, objective)


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
        test = _test(state.components[ident])
        met = tuple(
            seat
            for seat, p in enumerate(players)
            if len(p.objectives) < CORPORATION_TOKENS and test(state, p)
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


def _tokens_left(state: GameState, seat: int) -> int:
    noted = sum(seat in seats for _, seats in state.met_while_working)
    return CORPORATION_TOKENS - len(state.players[seat].objectives) - noted


def note_met(state: GameState, seat: int) -> GameState:
    """In the workers phase: note the unclaimed objectives `seat` meets now (see the module
    docstring); claimed by `settle_workers` at the end of the phase."""
    if not state.objectives:
        return state
    p = state.players[seat]
    noted = dict(state.met_while_working)
    changed = False
    for i, (ident, who) in enumerate(zip(state.objectives, state.claims)):
        if who or seat in noted.get(i, ()):
            continue
        if _tokens_left(state, seat) - changed <= 0:
            break
        if _test(state.components[ident])(state, p):
            noted[i] = (*noted.get(i, ()), seat)
            changed = True
    if not changed:
        return state
    return replace(state, met_while_working=tuple(sorted(noted.items())))


def settle_workers(state: GameState) -> GameState:
    """At the end of the workers phase: everyone who met a noted objective claims it
    together; then the usual `claim` (for anything met now and not noted)."""
    if state.met_while_working:
        claims = list(state.claims)
        players = list(state.players)
        for i, seats in state.met_while_working:
            claims[i] = tuple(sorted(seats))
            for seat in seats:
                players[seat] = replace(
                    players[seat], objectives=(*players[seat].objectives, state.objectives[i])
                )
        state = replace(state, claims=tuple(claims), players=tuple(players), met_while_working=())
    return claim(state)


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
    if state.rules.solo:  # the player must beat the rival's score (dino_kit.solo)
        winners = (0,) if final[0] > rival_score(state) else ()
        return replace(state, final=final, winners=winners, phase="over", pending=())
    best = max(zip(final, (p.money for p in state.players)))
    winners = tuple(s for s, (f, p) in enumerate(zip(final, state.players)) if (f, p.money) == best)
    return replace(state, final=final, winners=winners, phase="over", pending=())


__all__ = ["abilities", "breakdown", "claim", "condition_met", "finish"]
