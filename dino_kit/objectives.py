"""Objectives (claimed the moment they are met) and the final score.

Conditions are effects of the `condition` place; `CONDITIONS` gives each its meaning (what is
measured, which parameter is the target).
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
from typing import Final, NamedTuple

from dino_kit import abilities
from dino_kit.components.schema import ComponentSet, Objective
from dino_kit.effects import Effect
from dino_kit.solo import rival_score
from dino_kit.state import CORPORATION_TOKENS, GameState, Phase, PlayerState
from dino_kit.state import evolve as replace

EMPTY_EXHIBIT: Final = -10
MONEY_PER_VP: Final = 5


Measure = Callable[[ComponentSet, PlayerState, Effect], int]


class ConditionRule(NamedTuple):
    """What an objective condition measures on a player (`measure(components, player,
    condition)`), and the condition's parameter holding the target it must reach."""

    target: str
    measure: Measure


def _category_dinosaurs(c: ComponentSet, p: PlayerState, cond: Effect) -> int:
    category = cond.get("category")
    return sum(e.dinosaurs for e in p.exhibits if c.recipe(e.recipe).category == category)


def _working_lab_upgrades(c: ComponentSet, p: PlayerState, cond: Effect) -> int:
    working = sum(x is not None for x in p.lab)
    return working + (p.dino_research is not None) + (p.dna_refinement is not None)


#: Every objective condition (the `condition` place of `dino_kit.effects`): met when the
#: measure reaches the target. Claiming, the fast check and the heuristic bot all read this.
CONDITIONS: Final[dict[str, ConditionRule]] = {
    "dinosaurs_at_least": ConditionRule("count", lambda c, p, cond: p.dinosaurs),
    "category_dinosaurs_at_least": ConditionRule("count", _category_dinosaurs),
    "attractions_at_least": ConditionRule("count", lambda c, p, cond: len(p.attractions)),
    "food_attractions_at_least": ConditionRule(
        "count", lambda c, p, cond: sum(c.attraction(a).food for a in p.attractions)
    ),
    "excitement_at_least": ConditionRule("value", lambda c, p, cond: p.excitement),
    "money_at_least": ConditionRule("amount", lambda c, p, cond: p.money),
    "vp_at_least": ConditionRule("value", lambda c, p, cond: p.vp),
    "security_at_least": ConditionRule("value", lambda c, p, cond: p.security),
    "specialists_at_least": ConditionRule("count", lambda c, p, cond: len(p.specialists)),
    "lab_upgrades_at_least": ConditionRule("count", _working_lab_upgrades),
    "recipes_at_least": ConditionRule("count", lambda c, p, cond: len(p.exhibits)),
    "dna_at_least": ConditionRule("amount", lambda c, p, cond: sum(p.dna)),
    "paddock_capacity_at_least": ConditionRule(
        "capacity", lambda c, p, cond: max((e.capacity for e in p.exhibits), default=0)
    ),
}


def progress(state: GameState, p: PlayerState, condition: Effect) -> tuple[int, int]:
    """(how far the player is, the target) on an objective's condition."""
    rule = CONDITIONS[condition.id]
    return rule.measure(state.components, p, condition), condition.get(rule.target)


def condition_met(state: GameState, p: PlayerState, objective: Objective) -> bool:
    have, target = progress(state, p, objective.condition)
    return have >= target


Test = Callable[[GameState, PlayerState], bool]


_TESTS: Final[dict[int, tuple[Objective, Test]]] = {}


def _test(objective: Objective) -> Test:
    """`condition_met` for one objective as a function of (state, player) — the engine checks
    objectives after every step, so the condition's rule and target are looked up once
    (cached by identity: hashing a frozen dataclass field by field would cost more)."""
    hit = _TESTS.get(id(objective))
    if hit is not None and hit[0] is objective:
        return hit[1]
    test = _compile(objective)
    _TESTS[id(objective)] = (objective, test)
    return test


def _compile(objective: Objective) -> Test:
    cond = objective.condition
    rule = CONDITIONS[cond.id]
    measure, target = rule.measure, cond.get(rule.target)
    return lambda s, p: measure(s.components, p, cond) >= target


#: Which objectives of a game a player meets, by player: `(player, components, objectives,
#: flags)` under `id(player)`, one flag per objective of `objectives`. A player's state is an
#: immutable value and so are the components, so whether it meets an objective never
#: changes; after each step only the player who acted has a new state, and the others are
#: looked up instead of measured again (`claim` runs after every step). The player is kept
#: in the entry, so its id cannot be reused while the entry lives; the memo is emptied when
#: it grows past `_MET_MEMO_SIZE`.
_MET_MEMO: Final[
    dict[int, tuple[PlayerState, ComponentSet, tuple[str, ...], tuple[bool, ...]]]
] = {}
_MET_MEMO_SIZE: Final = 4096


def met_flags(state: GameState, p: PlayerState) -> tuple[bool, ...]:
    """For each objective of the game (`state.objectives`, claimed ones included), whether
    `p` meets its condition now (`condition_met`, remembered: see `_MET_MEMO`)."""
    c, objectives = state.components, state.objectives
    hit = _MET_MEMO.get(id(p))
    if hit is not None and hit[0] is p and hit[1] is c and hit[2] is objectives:
        return hit[3]
    flags = tuple(_test(c.objective(ident))(state, p) for ident in objectives)
    if len(_MET_MEMO) >= _MET_MEMO_SIZE:
        _MET_MEMO.clear()
    _MET_MEMO[id(p)] = (p, c, objectives, flags)
    return flags


def claim(state: GameState) -> GameState:
    """Claim every unclaimed objective met now (shared when met by several at once)."""
    if not state.objectives or state.phase in (Phase.SETUP, Phase.OVER):
        return state
    claims = list(state.claims)
    # a claim adds a token and changes nothing a condition measures: the flags of the players
    # before this call's claims hold for all of them
    unclaimed = [i for i, who in enumerate(claims) if not who]
    if not unclaimed:
        return state
    flags = [met_flags(state, p) for p in state.players]
    if not any(f[i] for f in flags for i in unclaimed):
        return state  # nobody meets an unclaimed objective: the usual case, found at once
    players = list(state.players)
    changed = False
    for i, (ident, who) in enumerate(zip(state.objectives, state.claims)):
        if who:
            continue
        met = tuple(
            seat
            for seat, p in enumerate(players)
            if len(p.objectives) < CORPORATION_TOKENS and flags[seat][i]
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
        if _test(state.components.objective(ident))(state, p):
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
        c.recipe(e.recipe).vp * e.dinosaurs if e.dinosaurs else EMPTY_EXHIBIT for e in p.exhibits
    )
    parts = {
        "track": p.vp,
        "attractions": sum(c.attraction(a).vp for a in p.attractions),
        "exhibits": exhibits,
        "objectives": sum(c.objective(o).vp for o in p.objectives),
        "money": p.money // MONEY_PER_VP,
    }
    parts["total"] = sum(parts.values())
    return parts


def finish(state: GameState) -> GameState:
    """The game after final scoring: `final` scores and `winners`."""
    final = tuple(breakdown(state, p)["total"] for p in state.players)
    if state.rules.solo:  # the player must beat the rival's score (dino_kit.solo)
        winners: tuple[int, ...] = (0,) if final[0] > rival_score(state) else ()
        return replace(state, final=final, winners=winners, phase=Phase.OVER, pending=())
    best = max(zip(final, (p.money for p in state.players)))
    winners = tuple(s for s, (f, p) in enumerate(zip(final, state.players)) if (f, p.money) == best)
    return replace(state, final=final, winners=winners, phase=Phase.OVER, pending=())


__all__ = [
    "CONDITIONS",
    "abilities",
    "breakdown",
    "claim",
    "condition_met",
    "finish",
    "progress",
]
