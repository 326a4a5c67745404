"""The heuristic bot: a sensible player that builds dinosaurs, keeps security up and buys
attractions, judging every legal action by a rough value in victory points (VP).

How it thinks, once per decision (`view`):
- the threat it expects in this round's park phase: its threat track plus the held die's pips
  *as far as a player can know them* — during research, the most pips among the dice still
  unclaimed (the die held will be one of them, and it is the one with most pips); after
  research, the held die's pips (under the chaos-theory variant, the die is re-rolled, so the
  mean of its faces, rounded up); no die held: 0;
- the gap between that threat and its security (each point of gap is a visitor eaten:
  −1 VP, and a customer who does not score);
- how many rounds are probably left (the game ends when one objective is left unclaimed;
  claims come at the pace seen so far this game, see `rounds_left`);
- which DNA it still lacks for one more dinosaur in each exhibit with room.

Then each action gets a value: VP at the end (recipes × dinosaurs, attractions, an empty
exhibit's −10 avoided), visitors and money over the rounds left, eaten visitors avoided or
caused, minus what it costs (money counted at `MONEY_VP` VP per $). It plays the best
action; ties go to the first listed (the engine lists actions in a fixed order), so the bot is
deterministic and ignores `rng`. Its park's visitors it lets the kit place, and who is eaten
the kit choose ("place for me", "eat for me": as before these were the player's choices); it
chooses among `engine.bot_actions` (the market as the kit offered it before issue 28 item 7).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import ge, sub
from typing import Any, Final, NamedTuple

from dino_kit import abilities
from dino_kit.components.schema import Face, Slot
from dino_kit.effects import CATEGORIES, DNA_TYPES, Effect
from dino_kit.engine import bot_actions
from dino_kit.objectives import progress
from dino_kit.phases import park
from dino_kit.phases.market import SPECIAL_COST
from dino_kit.state import Action, ActionKind, GameState, Phase, PlayerState, face_of

MONEY_VP: Final = 0.3  # what $1 is worth while the game goes on ($5 = 1 VP only at the very end)
EATEN_VP: Final = 2.0  # a visitor eaten: −1 VP and a customer who would have scored 1
VISITOR_VP: Final = 0.6  # a visitor drawn: $1 or a VP when there is room for them, on average
EMPTY_EXHIBIT_VP: Final = 10
SLOT_SECURITY_VP: Final = 1.0  # share of a security slot's visitors saved counted when buying it
# the pace of objective claims assumed before any round is played: one claim in one round
PACE_PRIOR_CLAIMS, PACE_PRIOR_ROUNDS = 1, 1
# no plan looks further ahead than this (a stalled game's pace would promise many rounds,
# and values that grow with the rounds left would outweigh the objectives still to meet)
MAX_ROUNDS_LEFT: Final = 6
# an unclaimed objective made out of reach by filling the park's zones costs this share of
# its VP (and, when every park fills so, nobody can end the game: it was a cause of stalls)
ZONE_BLOCK_PENALTY: Final = 3.0
# an action that opens the way to a goal without moving on it (a paddock slot, an exhibit of
# the goal's category) counts as this part of a step
ENABLING_STEP: Final = 0.5
ENABLING_SHARE: Final = 0.5  # ... and is worth this share of the goal's VP


class View(NamedTuple):
    """What the heuristic bot works out once per decision (see the module docstring).
    `goals`: the unclaimed objectives it does not meet yet, as (condition, have, target, VP);
    `kind_goals`: by action kind, those of them an action of that kind can step toward
    (`_GOAL_KINDS`), in the same order; `goal_kinds` its kinds."""

    need: tuple[int, ...]
    held: int
    held_drop: float
    gap: int
    rounds_left: int
    security_slots: int
    create_slots: int
    free_creates: int
    room: int
    visitors: int
    goals: tuple[tuple[Effect, int, int, int], ...]
    goal_kinds: frozenset[str]
    kind_goals: dict[str, tuple[tuple[Effect, int, int, int], ...]]
    slots: dict[tuple[str, int], Slot]
    research_bonus: int
    faces: tuple[Face, ...]
    reserve: int


def held_pips(state: GameState) -> int:
    """The held die's threat pips as far as a player can know them now (module docstring)."""
    c = state.components
    if state.phase == Phase.RESEARCH:
        return max(
            (
                face_of(state, slot).threat
                for slot, owner in enumerate(state.claimed)
                if owner is None
            ),
            default=0,
        )
    if state.held is None:
        return 0
    faces = c.die(state.pool[state.held]).faces
    if state.rules.chaos_theory and state.phase in (Phase.MARKET, Phase.WORKERS):
        return math.ceil(sum(f.threat for f in faces) / len(faces))
    assert state.held_face is not None  # a held die has its face
    return faces[state.held_face].threat


def expected_threat(state: GameState, p: PlayerState) -> int:
    """The threat a player expects in this round's park phase."""
    return p.threat + held_pips(state)


def rounds_left(state: GameState) -> int:
    """Rounds probably left, this one included (solo mode: the rounds the rival's deck says).

    The game ends at the cleanup of the round in which all objectives but one are claimed, so
    `unclaimed − 1` claims are still needed. They come at the pace seen so far this game —
    claims per round played, starting from one claim in one round as a prior — so the
    estimate is `needed / pace`, rounded up. (Counting one claim per round whatever happened,
    as this bot once did, made every round look like the last once two objectives were left:
    the bot stopped investing and a game with no claim in sight stalled until the round cap.)
    While claims do not come, the pace drops and the estimate grows (up to
    `MAX_ROUNDS_LEFT`): long investments (new exhibits, paddocks) pay again."""
    if state.rules.solo:
        return max(1, state.rules.solo_rounds - state.round + 1)
    unclaimed = len(state.unclaimed_objectives())
    needed = unclaimed - 1
    if needed <= 0:
        return 1
    claimed = len(state.objectives) - unclaimed
    pace = (claimed + PACE_PRIOR_CLAIMS) / (state.round - 1 + PACE_PRIOR_ROUNDS)
    return min(MAX_ROUNDS_LEFT, max(1, math.ceil(needed / pace - 1e-9)))


def needs(state: GameState, p: PlayerState) -> tuple[int, ...]:
    """DNA still missing, per type, for one more dinosaur in each exhibit with room."""
    need = [0] * 6
    have = list(p.dna)
    for e in p.exhibits:
        if e.dinosaurs < e.capacity:
            for i, cost in enumerate(state.components.recipe(e.recipe).dna_cost):
                if cost:  # (a type the recipe does not use changes nothing: DNA is never < 0)
                    short = cost - have[i]
                    if short > 0:
                        need[i] += short
                        have[i] = 0
                    else:
                        have[i] = -short
    return tuple(need)


def view(state: GameState, p: PlayerState) -> View:
    phase = state.phase
    in_workers = phase == Phase.WORKERS
    c = state.components
    if phase == Phase.RESEARCH:
        faces = tuple(face_of(state, i) for i in range(len(state.pool)))
        pips = [f.threat for f, owner in zip(faces, state.claimed) if owner is None]
        held = max(pips, default=0)
        lower = max((x for x in pips if x < held), default=0)
        drop = (held - lower) / pips.count(held) if pips else 0.0
    else:
        faces, held, drop = (), held_pips(state), 0.0
    room = p.dinosaurs + sum(c.attraction(a).capacity for a in p.attractions)
    open_goals = goals(state, p)
    by_kind: dict[str, list[tuple[Effect, int, int, int]]] = {}
    for goal in open_goals:
        for kind in _GOAL_KINDS.get(goal[0].id, ()):
            by_kind.setdefault(kind, []).append(goal)
    kind_goals = {kind: tuple(listed) for kind, listed in by_kind.items()}
    slots = dict(abilities.lab_slots(state, p))
    security_slots = create_slots = 0
    for key, slot in slots.items():
        aid = slot.action.id
        if aid == "raise_security":
            if not (in_workers and key in p.used and not slot.unlimited):
                security_slots += 1
        elif aid == "create_dinosaur":
            create_slots += 1
    gap = p.threat + held - abilities.security_total(state, p)
    return View(
        need=needs(state, p),
        held=held,
        held_drop=drop,
        gap=gap,
        rounds_left=rounds_left(state),
        security_slots=security_slots,
        create_slots=create_slots,
        free_creates=_creatable(state, p),
        room=room,
        visitors=min(
            state.rules.excitement_cap,
            p.excitement + abilities.passive(state, p, "excitement_bonus"),
        ),
        goals=open_goals,
        goal_kinds=frozenset(kind_goals),
        kind_goals=kind_goals,
        slots=slots,
        research_bonus=abilities.passive(state, p, "research_bonus")
        if phase == Phase.RESEARCH
        else 0,
        faces=faces,
        reserve=_reserve(state, p, gap, security_slots) if phase == Phase.MARKET else 0,
    )


def goals(state: GameState, p: PlayerState) -> tuple[tuple[Effect, int, int, int], ...]:
    out = []
    for ident, who in zip(state.objectives, state.claims):
        if not who:
            obj = state.components.objective(ident)
            have, target = progress(state, p, obj.condition)
            if have < target:
                out.append((obj.condition, have, target, obj.vp))
    return tuple(out)


def _slot(state: GameState, p: PlayerState, key: tuple[str, int], v: View | None) -> Slot | None:
    if v is not None:
        return v.slots.get(key)
    return abilities.find_slot(state, p, key)


def _step(
    state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None = None
) -> float:
    """How much `a` moves the player on `cond` (0 for actions that do not)."""
    step = _STEPS.get(a.kind)
    return 0 if step is None else step(state, p, a, cond, v)


def _recipe_step(
    state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None
) -> float:
    cid = cond.id
    if cid == "recipes_at_least":
        return 1
    if cid == "category_dinosaurs_at_least":  # an exhibit for the goal's dinosaurs
        ident = state.recipe_up[CATEGORIES.index(a.target)]
        assert ident is not None  # a legal recipe action takes a recipe that is up
        recipe = state.components.recipe(ident)
        return ENABLING_STEP if recipe.category == cond.get("category") else 0
    return 0


def _die_step(state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None) -> float:
    cid = cond.id
    assert v is not None  # research steps are only asked with the decision's view
    face = v.faces[a.target]
    if face.rare == "paddock" and a.choice is not None and cid == "paddock_capacity_at_least":
        return 1 if p.exhibits[a.choice].capacity == max(e.capacity for e in p.exhibits) else 0
    if face.rare is None and cid == "dna_at_least":
        i = DNA_TYPES.index(face.dna)
        return min(face.amount * a.scientist, p.limits[i] - p.dna[i])
    return 0


def _build_step(state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None) -> float:
    cid = cond.id
    if cid == "attractions_at_least":
        return 1
    if cid == "food_attractions_at_least":
        return int(state.components.attraction(state.rows[0][a.target]).food)
    return 0


def _hire_step(state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None) -> float:
    return 1 if cond.id == "specialists_at_least" and a.choice is None else 0


def _upgrade_step(
    state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None
) -> float:
    cid = cond.id
    kind = a.kind
    if cid == "lab_upgrades_at_least":
        return 1 if kind == ActionKind.SPECIAL or p.lab[a.choice] is None else 0
    if kind == ActionKind.UPGRADE and cid in _PADDOCK_GOALS and not _has_paddock_slot(v):
        # the first paddock slot opens the way to capacity (and to room for dinosaurs)
        u = state.components.lab_upgrade(state.rows[1][a.target])
        if any(slot.action.id == "upgrade_paddock" for slot in u.slots):
            return ENABLING_STEP
    return 0


def _buy_dna_step(
    state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None
) -> float:
    if cond.id == "dna_at_least":
        offer = state.components.tables.dna_offer(a.target)
        assert offer is not None  # a legal purchase is at an offer's price
        return offer.amount
    return 0


def _work_step(state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None) -> float:
    cid = cond.id
    c = state.components
    aid = slot.action.id if (slot := _slot(state, p, a.target, v)) else None
    if aid == "create_dinosaur":
        r = c.recipe(p.exhibits[a.choice].recipe)
        if cid == "dinosaurs_at_least":
            return 1
        if cid == "category_dinosaurs_at_least":
            return int(r.category == cond.get("category"))
        if cid == "excitement_at_least":
            return r.excitement
        return 0
    if aid == "raise_security":
        return 1 if cid == "security_at_least" else 0
    if aid == "upgrade_paddock":
        e = p.exhibits[a.choice]
        if cid == "paddock_capacity_at_least":
            return 1 if e.capacity == max(x.capacity for x in p.exhibits) else 0
        # room for one more dinosaur where every exhibit is full
        full = all(x.dinosaurs >= x.capacity for x in p.exhibits)
        if cid == "dinosaurs_at_least" and full:
            return ENABLING_STEP
        if cid == "category_dinosaurs_at_least" and e.dinosaurs >= e.capacity:
            same = c.recipe(e.recipe).category == cond.get("category")
            return ENABLING_STEP if same else 0
    return 0


def _no_step(state: GameState, p: PlayerState, a: Action, cond: Effect, v: View | None) -> float:
    return 0


Step = Callable[[GameState, PlayerState, Action, Effect, "View | None"], float]
#: `_step` by action kind (a kind not listed never steps toward a goal)
_STEPS: Final[dict[str, Step]] = {
    ActionKind.RECIPE: _recipe_step,
    ActionKind.DIE: _die_step,
    ActionKind.BUILD: _build_step,
    ActionKind.HIRE: _hire_step,
    ActionKind.UPGRADE: _upgrade_step,
    ActionKind.SPECIAL: _upgrade_step,
    ActionKind.BUY_DNA: _buy_dna_step,
    ActionKind.WORK: _work_step,
}


# goals that a paddock slot moves toward (capacity, or room for more dinosaurs)
_PADDOCK_GOALS: Final = frozenset(
    ("paddock_capacity_at_least", "dinosaurs_at_least", "category_dinosaurs_at_least")
)


def _has_paddock_slot(v: View | None) -> bool:
    return v is not None and any(s.action.id == "upgrade_paddock" for s in v.slots.values())


# the kinds of action that can move a player toward a goal (or, for zones, away from it):
# `_step` is 0 for every other kind (objective_value relies on it, a test checks it)
_GOAL_KINDS: Final = {
    "dinosaurs_at_least": (ActionKind.WORK, ActionKind.UPGRADE),
    "category_dinosaurs_at_least": (ActionKind.WORK, ActionKind.RECIPE, ActionKind.UPGRADE),
    "excitement_at_least": (ActionKind.WORK,),
    "security_at_least": (ActionKind.WORK,),
    "attractions_at_least": (ActionKind.BUILD, ActionKind.RECIPE),
    "food_attractions_at_least": (ActionKind.BUILD, ActionKind.RECIPE),
    "recipes_at_least": (ActionKind.RECIPE, ActionKind.BUILD),
    "specialists_at_least": (ActionKind.HIRE,),
    "lab_upgrades_at_least": (ActionKind.UPGRADE, ActionKind.SPECIAL),
    "dna_at_least": (ActionKind.DIE, ActionKind.BUY_DNA),
    "paddock_capacity_at_least": (ActionKind.DIE, ActionKind.WORK, ActionKind.UPGRADE),
}

# zones one more step toward these goals takes (attractions 1, recipes 2)
_ZONE_GOALS: Final = {
    "attractions_at_least": 1,
    "food_attractions_at_least": 1,
    "recipes_at_least": 2,
}


def objective_value(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    """What `a` is worth on the way to unclaimed objectives: an objective it completes is
    worth its VP; progress is worth a share of it."""
    total = 0.0
    kind = a.kind
    zones = 2 if kind == ActionKind.RECIPE else 1 if kind == ActionKind.BUILD else 0
    # only the goals `a`'s kind can step toward (`_GOAL_KINDS`): `_step` is 0 for the others,
    # and every goal a zone can block lists both kinds that take zones, so the others add
    # nothing below
    goals = v.kind_goals.get(kind, ())
    step_of = _STEPS.get(kind, _no_step)
    steps = [step_of(state, p, a, cond, v) for cond, _, _, _ in goals]
    if zones:
        free_now = abilities.free_zones(state, p)
        free = free_now - zones
        # meeting one objective is worth giving up another that needs the same zones
        completes = any(have + st >= target for (_, have, target, _), st in zip(goals, steps))
    for (cond, have, target, vp), step in zip(goals, steps):
        if zones and not completes and cond.id in _ZONE_GOALS:  # the zones must fit the goal
            per_step = _ZONE_GOALS[cond.id]
            fits_now = free_now >= per_step * (target - have)
            if fits_now and free < per_step * (target - have - step):
                total -= vp * ZONE_BLOCK_PENALTY  # out of reach by this action
        if 0 < step < 1:  # opens the way (ENABLING_STEP), whatever the distance left
            total += vp * ENABLING_SHARE
        elif step > 0:
            if have + step >= target:
                total += vp
            else:
                total += vp * 0.4 * step / (target - have)
    return total


def _creatable(state: GameState, p: PlayerState) -> int:
    """How many dinosaurs the lab's DNA pays for right now (greedy, exhibits in park order)."""
    have = list(p.dna)
    n = 0
    for e in p.exhibits:
        cost = state.components.recipe(e.recipe).dna_cost
        for _ in range(e.capacity - e.dinosaurs):
            if all(map(ge, have, cost)):  # (map: a C loop)
                have = list(map(sub, have, cost))
                n += 1
    return n


# -- values of things ----------------------------------------------------------------------


def _security_point(v: View) -> float:
    """A point of security (track or bonus) for the rest of the game."""
    now = EATEN_VP if v.gap > 0 and v.visitors > 0 else 0.0
    later = 0.6 * min(v.rounds_left - 1, 3)  # threat keeps growing as dinosaurs arrive
    return now + later


def _threat_cost(v: View, pips: int, after_gap: int) -> float:
    """What `pips` more threat costs: visitors eaten this round when the security slots left
    cannot cover it, and security to buy later."""
    uncovered = max(0, after_gap - v.security_slots) - max(0, v.gap - v.security_slots)
    return uncovered * EATEN_VP * min(v.rounds_left, 2) + pips * (1.0 if v.rounds_left > 1 else 0)


def _dinosaur(state: GameState, p: PlayerState, v: View, index: int) -> float:
    """Creating one dinosaur in exhibit `index`."""
    e = p.exhibits[index]
    r = state.components.recipe(e.recipe)
    value = float(r.vp + (EMPTY_EXHIBIT_VP if e.dinosaurs == 0 else 0))
    excitement = min(r.excitement, state.rules.excitement_cap - p.excitement)
    value += (excitement * VISITOR_VP + 0.5) * (v.rounds_left - (state.phase != Phase.RESEARCH))
    return value - _threat_cost(v, r.threat, v.gap + r.threat)


def _denial(pips: int, v: View) -> float:
    """Claiming a die with `pips` threat in research: when it is among the dice that would be
    held, the held die's pips drop (`View.held_drop`); worth visitors not eaten when security
    cannot cover the threat."""
    if pips < v.held or pips == 0:
        return 0.0
    drop = v.held_drop
    uncovered = v.gap - v.security_slots
    return drop * (EATEN_VP * 1.5 if uncovered > 0 else 0.8)


def _dna_value(state: GameState, p: PlayerState, v: View, i: int, amount: int) -> float:
    gain = min(amount, p.limits[i] - p.dna[i])
    useful = min(gain, v.need[i])
    extra = gain - useful
    per_extra = 0.5 if i >= 3 else 0.25
    return useful * 2.0 + extra * per_extra * min(v.rounds_left, 3) / 3


def _effect_value(
    state: GameState, p: PlayerState, v: View, e: Effect, hired: bool = False
) -> float:
    """An effect of a lab upgrade or a specialist, over the rounds left."""
    amount = e.get("amount", 1)
    r = v.rounds_left
    match e.id:
        case "raise_security":
            # one more point a round for the rounds left, as long as threat outruns security
            gap_ahead = v.gap + (2 if r > 1 else 0)
            rounds = min(r, max(0, gap_ahead))
            value = SLOT_SECURITY_VP * rounds * EATEN_VP
            return value if v.security_slots == 0 else value / (1 + v.security_slots)
        case "security_bonus":
            return amount * _security_point(v)
        case "create_dinosaur":
            return 4.0 if v.free_creates > v.create_slots else (1.5 if r > 2 else 0.3)
        case "refine_dna":
            return 1.5 if any(v.need[3:]) else 0.5
        case "upgrade_paddock":
            full = any(x.dinosaurs >= x.capacity for x in p.exhibits[1:])
            return 1.5 if full else 0.3
        case "gain_money" | "income":
            return amount * MONEY_VP * r
        case "gain_dna":
            i = DNA_TYPES.index(e.get("dna"))
            return _dna_value(state, p, v, i, amount) * (1 if hired else min(r, 3))
        case "excitement_bonus":
            return amount * VISITOR_VP * r
        case "research_bonus":
            return amount * 0.8 * min(r, 3)
        case "attraction_discount":
            return amount * MONEY_VP * min(r, 3)
        case "security_discount":
            return amount * MONEY_VP * min(r, 3) * (1 if v.security_slots else 0.3)
        case "raise_storage":
            return 0.4
        case "gain_workers":
            return 0.2 * amount  # workers outnumber the lab's slots in this game
    return 0.0


def _upgrade_value(state: GameState, p: PlayerState, v: View, ident: str) -> float:
    u = state.components.lab_upgrade(ident)
    # (sums of floats start at 0.0: compiled with mypyc, an int start would make them ints)
    slots = sum((_effect_value(state, p, v, s.action) for s in u.slots), 0.0)
    return slots + sum((_effect_value(state, p, v, e) for e in u.passives), 0.0)


def _specialist_value(state: GameState, p: PlayerState, v: View, ident: str) -> float:
    return sum(
        (
            _effect_value(state, p, v, e, hired=True)
            for e in state.components.specialist(ident).effects
        ),
        0.0,
    )


def _attraction(state: GameState, p: PlayerState, v: View, ident: str) -> float:
    a = state.components.attraction(ident)
    spare = max(0, v.visitors - v.room)  # visitors with nowhere to go
    used = min(a.capacity, spare + 1)
    per_round = used * (0.9 if a.food else 0.7)
    return a.vp + per_round * v.rounds_left


def _reserve(state: GameState, p: PlayerState, gap: int, security_slots: int) -> int:
    """Money kept back in the market for this round's security."""
    if security_slots == 0 or gap <= 0:
        return 0
    cost, level, total = 0, p.security, 0
    for _ in range(min(gap, security_slots)):
        price = state.components.tables.security_cost(level + 1)
        if price is None:
            break
        total += max(0, price + state.rules.security_cost_delta)
        level += 1
    return total + cost


# -- the decision ---------------------------------------------------------------------------


def score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    """The value of playing `a` now, in rough VP (higher is better)."""
    value = _SCORES.get(a.kind)
    return 0.0 if value is None else value(state, p, a, v)


def _die_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    face = v.faces[a.target]
    if face.rare == "worker":
        return (0.3 if p.supply else 0.0) + _denial(face.threat, v)
    if face.rare == "paddock":
        value = _denial(face.threat, v)
        if a.choice is None:
            return value
        e = p.exhibits[a.choice]
        return value + (2.5 if e.dinosaurs >= e.capacity and a.choice > 0 else 0.8)
    i = DNA_TYPES.index(face.dna)
    assert a.scientist is not None  # a die is taken by a scientist
    amount = face.amount * a.scientist + v.research_bonus
    value = _dna_value(state, p, v, i, amount)
    return value + _denial(face.threat, v) - 0.15 * a.scientist


def _recipe_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    r = v.rounds_left
    i = CATEGORIES.index(a.target)
    ident = state.recipe_up[i]
    assert ident is not None and a.scientist is not None  # a scientist takes a recipe up
    recipe = state.components.recipe(ident)
    empty = sum(1 for e in p.exhibits if e.dinosaurs == 0)
    if empty or r <= 1:
        return -1.0
    missing = sum(max(0, x - y) for x, y in zip(recipe.dna_cost, p.dna))
    value = recipe.vp * min(r - 1, 3) / 2 + recipe.excitement * VISITOR_VP * (r - 1)
    value -= missing * (0.8 if r > 2 else 2.0)
    value -= _threat_cost(v, recipe.threat, v.gap) + 2.0  # two zones; −10 if never filled
    return value - 0.1 * a.scientist


def _storage_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    blocked = sum(1 for i in range(6) if v.need[i] and p.dna[i] >= p.limits[i])
    full = sum(1 for i in range(6) if p.dna[i] >= p.limits[i] - 1)
    assert a.scientist is not None  # a scientist takes a storage space
    return blocked * 1.0 + full * 0.2 - 0.2 * a.scientist


def _pass_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    if a.scientist is not None:
        return 0.1 - 0.2 * a.scientist
    return 2 * MONEY_VP


def _build_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    ident = state.rows[0][a.target]
    price = abilities.attraction_price(state, p, ident, a.target)
    if p.money - price < v.reserve:
        return -1.0
    return _attraction(state, p, v, ident) - price * MONEY_VP * 1.5


def _upgrade_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    return _tile_score(state, p, a, v, 1, _upgrade_value, p.lab[a.choice], 1.0)


def _special_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    r = v.rounds_left
    price = SPECIAL_COST[a.target]
    if p.money - price < v.reserve:
        return -1.0
    if a.target == "dino_research_2":
        extra = 3.0 if v.free_creates >= 2 else (1.5 if r > 2 else 0.2)
    else:
        extra = 1.2 if any(v.need[3:]) and r > 1 else 0.3
    return extra - price * MONEY_VP


def _hire_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    return _tile_score(state, p, a, v, 2, _specialist_value, a.choice, 0.5)


TileValue = Callable[[GameState, PlayerState, View, str], float]


def _tile_score(
    state: GameState,
    p: PlayerState,
    a: Action,
    v: View,
    row: int,
    worth: TileValue,
    replaced: str | None,
    losing: float,
) -> float:
    """Buying tile `a.target` of market row `row` (1: lab upgrades, 2: specialists) at the
    row's price: what `worth` says it is worth, less the tile it replaces (its worth and
    `losing` more); −1 when it would spend the money kept back for security."""
    price = state.components.tables.market_rows[a.target]
    if p.money - price < v.reserve:
        return -1.0
    value = worth(state, p, v, state.rows[row][a.target]) - price * MONEY_VP
    if replaced is None:
        return value
    return value - (worth(state, p, v, replaced) + losing)


def _buy_dna_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    dna = a.choice[0]
    offer = state.components.tables.dna_offer(a.target)
    assert offer is not None  # a legal purchase is at an offer's price
    if p.money - offer.price < v.reserve:
        return -1.0
    i = DNA_TYPES.index(dna)
    return _dna_value(state, p, v, i, offer.amount) - offer.price * MONEY_VP


def _work_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    slot = _slot(state, p, a.target, v)
    assert slot is not None  # a legal work action names a working slot
    return _WORK_VALUES[slot.action.id](state, p, v, slot.action, a.choice)


def _done_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    return 0.0


def _food_score(state: GameState, p: PlayerState, a: Action, v: View) -> float:
    # money while the game goes on and cash is short, VP otherwise
    money_wanted = v.rounds_left > 1 and p.money < 12
    return a.choice * (1 if money_wanted else -1)


Score = Callable[[GameState, PlayerState, Action, View], float]
#: `score` by action kind (a kind not listed is worth 0): one lookup instead of a chain of
#: comparisons, in the loop over every candidate of every decision
_SCORES: Final[dict[str, Score]] = {
    ActionKind.DIE: _die_score,
    ActionKind.RECIPE: _recipe_score,
    ActionKind.STORAGE: _storage_score,
    ActionKind.PASS: _pass_score,
    ActionKind.BUILD: _build_score,
    ActionKind.UPGRADE: _upgrade_score,
    ActionKind.SPECIAL: _special_score,
    ActionKind.HIRE: _hire_score,
    ActionKind.BUY_DNA: _buy_dna_score,
    ActionKind.WORK: _work_score,
    ActionKind.DONE: _done_score,
    ActionKind.FOOD: _food_score,
}


# -- what a worker on each lab-slot action is worth (one entry per id of
# `dino_kit.phases.workers.SLOT_ACTIONS`, checked by the tests) ------------------------------


def _security_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    cost = abilities.security_cost(state, p) or 0
    if v.gap > 0 and v.visitors > 0:
        return EATEN_VP + 0.5 - cost * MONEY_VP
    return 0.6 * min(v.rounds_left - 1, 2) - cost * MONEY_VP


def _create_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    return _dinosaur(state, p, v, choice) + 1.0


def _refine_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    x, y, result = (DNA_TYPES.index(t) for t in action.get("conversions")[choice])
    value = 1.5 if v.need[result] else 0.2
    return value - (0.8 if v.need[x] or v.need[y] else 0) - 0.3 * (v.free_creates > 0)


def _paddock_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    e = p.exhibits[choice]
    cost = abilities.paddock_cost(state, e.capacity + 1) or 0
    r = v.rounds_left
    if e.dinosaurs < e.capacity or r <= 1:
        return -0.5
    rec = state.components.recipe(e.recipe)
    return rec.vp * 0.6 + 0.5 * min(r - 1, 3) - cost * MONEY_VP


def _money_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    return action.get("amount") * MONEY_VP


def _dna_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    i = DNA_TYPES.index(action.get("dna"))
    return _dna_value(state, p, v, i, action.get("amount"))


def _storage_work(state: GameState, p: PlayerState, v: View, action: Effect, choice: Any) -> float:
    return 0.1


WorkValue = Callable[[GameState, PlayerState, View, Effect, Any], float]
_WORK_VALUES: Final[dict[str, WorkValue]] = {
    "raise_security": _security_work,
    "create_dinosaur": _create_work,
    "refine_dna": _refine_work,
    "upgrade_paddock": _paddock_work,
    "gain_money": _money_work,
    "gain_dna": _dna_work,
    "raise_storage": _storage_work,
}


# the kinds the decision loops tell apart, as module names: looking a member up on its enum
# class costs more than the comparison, once per candidate of every decision
_STORAGE, _BUY_DNA = ActionKind.STORAGE, ActionKind.BUY_DNA


def ranked_actions(state: GameState) -> list[tuple[float, Action]]:
    """The legal actions this bot tells apart, with their values, best first (ties in the
    engine's order). Cold-storage actions appear once per scientist (the allocation is chosen
    by `heuristic_bot`), DNA purchases once per offer and type (the discarded item does not
    matter to it)."""
    chosen = park.for_me(state)
    if chosen is not None:
        return [(0.0, chosen)]
    p = state.players[state.current_player()]
    scored = _scored(state, p, view(state, p), bot_actions(state))
    scored.sort(key=lambda pair: -pair[0])  # stable: ties keep the engine's order
    return scored


def _scored(
    state: GameState, p: PlayerState, v: View, actions: Sequence[Action]
) -> list[tuple[float, Action]]:
    """The value of each of `actions` this bot tells apart, in the engine's order (see
    `ranked_actions`): the one scoring of the bot and of its ranking."""
    seen: set[Any] = set()
    scored = []
    kind_goals = v.kind_goals
    for a in actions:
        kind = a.kind
        if kind == _STORAGE:  # the allocation is chosen later, once per scientist
            if a.scientist in seen:
                continue
            seen.add(a.scientist)
        elif kind == _BUY_DNA:  # which item it discards does not matter: the first
            if (a.target, a.choice[0]) in seen:
                continue
            seen.add((a.target, a.choice[0]))
        value = _SCORES.get(kind)
        s = 0.0 if value is None else value(state, p, a, v)  # `score`, looked up once
        if kind in kind_goals:
            s += objective_value(state, p, a, v)
        scored.append((s, a))
    return scored


def complete(state: GameState, a: Action) -> Action:
    """`a` as played: a cold-storage action gets the allocation this bot prefers."""
    if a.kind != ActionKind.STORAGE:
        return a
    p = state.players[state.current_player()]
    return _storage_choice(bot_actions(state), p, view(state, p), a)


def heuristic_bot(state: GameState, rng: random.Random) -> Action:
    """A sensible player: builds dinosaurs, keeps security up, buys attractions (module
    docstring). Deterministic: `rng` is not used."""
    chosen = park.for_me(state)
    if chosen is not None:
        return chosen
    p = state.players[state.current_player()]
    v = view(state, p)
    actions = bot_actions(state)
    # the first of the best in the engine's order: `ranked_actions`' first, without the sort
    _, best = max(_scored(state, p, v, actions), key=lambda pair: pair[0])
    if best.kind == ActionKind.STORAGE:
        best = _storage_choice(actions, p, v, best)
    return best


def _storage_choice(actions: Sequence[Action], p: PlayerState, v: View, a: Action) -> Action:
    """Raise the limits of the DNA it needs and that is full first."""
    options = [x for x in actions if x.kind == ActionKind.STORAGE and x.scientist == a.scientist]

    def fit(x: Action) -> float:
        return sum(
            (2 if v.need[i] else 0) + (1 if p.dna[i] >= p.limits[i] - 1 else 0)
            for i in (DNA_TYPES.index(t) for t in x.choice)
        )

    return max(options, key=fit)
