"""Phase 3, workers: each player places workers (passed scientists included) on lab slots.

The phase is simultaneous and nobody affects another player, so the engine lets each player
act in turn order until they say `done` (or run out of workers). Actions:
- `Action("work", target=(space, index), choice=...)` fires a slot (see
  `abilities.lab_slots` for the keys); each slot fires once a round unless unlimited, and
  needs its number of workers. By the slot's action:
  - `create_dinosaur`, choice = exhibit index: pay its recipe's DNA; the paddock must have
    room; excitement + the recipe's (never above the cap, 20), threat + its pips;
  - `refine_dna`, choice = conversion index: two basic DNA into the advanced result (which
    must fit in cold storage);
  - `raise_security`: pay the cost table's price for the next level;
  - `upgrade_paddock`, choice = exhibit index: pay the new capacity; at most 4;
  - `gain_money`, `gain_dna` (capped by storage): no choice;
  - `raise_storage`, choice = tracks (like a research cold-storage space).
- `Action("done")`: leave the remaining workers idle.
"""

from __future__ import annotations

from typing import Any

from dino_kit import abilities
from dino_kit.effects import DNA_TYPES
from dino_kit.phases.common import Problem, allocation_problem, allocations, raise_limits
from dino_kit.state import Action, GameState, PlayerState
from dino_kit.state import evolve as replace

KINDS = ("work", "done")


def _can_create(state: GameState, p: PlayerState, i: int) -> bool:
    ex = p.exhibits[i]
    cost = state.components[ex.recipe].dna_cost
    return ex.dinosaurs < ex.capacity and all(h >= c for h, c in zip(p.dna, cost))


def _can_refine(p: PlayerState, conversion: tuple[str, str, str]) -> bool:
    a, b, result = (DNA_TYPES.index(t) for t in conversion)
    need = [0] * 6
    need[a] += 1
    need[b] += 1
    return all(p.dna[i] >= need[i] for i in range(6)) and p.dna[result] < p.limits[result]


def _choices(state: GameState, p: PlayerState, slot) -> list[Any]:
    action = slot.action
    if action.id == "create_dinosaur":
        return [i for i in range(len(p.exhibits)) if _can_create(state, p, i)]
    if action.id == "refine_dna":
        return [i for i, c in enumerate(action.get("conversions")) if _can_refine(p, c)]
    if action.id == "raise_security":
        cost = abilities.security_cost(state, p)
        return [None] if cost is not None and p.money >= cost else []
    if action.id == "upgrade_paddock":
        out = []
        for i, e in enumerate(p.exhibits):
            cost = abilities.paddock_cost(state, e.capacity + 1)
            if cost is not None and p.money >= cost:
                out.append(i)
        return out
    if action.id == "raise_storage":
        return allocations(p, action.get("amount"), state.components.tables.max_limit)
    return [None]  # gain_money, gain_dna


def candidates(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for key, slot in abilities.lab_slots(state, p):
        if (key in p.used and not slot.unlimited) or p.workers_free < slot.workers:
            continue
        out.extend(Action("work", None, key, c) for c in _choices(state, p, slot))
    out.append(Action("done"))
    return out


def problem(state: GameState, seat: int, a: Action) -> Problem:
    if a.kind == "done":
        return None
    p = state.players[seat]
    slot = abilities.find_slot(state, p, a.target) if isinstance(a.target, tuple) else None
    if slot is None:
        return "no_such_slot", {"slot": a.target}
    if a.target in p.used and not slot.unlimited:
        return "slot_used", {"slot": a.target}
    if p.workers_free < slot.workers:
        return "not_enough_workers", {
            "slot": a.target,
            "need": slot.workers,
            "have": p.workers_free,
        }
    if a.choice in _choices(state, p, slot):
        return None
    return _why_not(state, p, slot, a.choice)


def _why_not(state: GameState, p: PlayerState, slot, choice: Any) -> Problem:
    """Name the rule a refused slot choice breaks."""
    action = slot.action
    if action.id in ("create_dinosaur", "upgrade_paddock"):
        if not isinstance(choice, int) or not 0 <= choice < len(p.exhibits):
            return "no_recipe_exhibit", {"last": len(p.exhibits) - 1}
        ex = p.exhibits[choice]
        recipe = state.components[ex.recipe]
        if action.id == "upgrade_paddock":
            cost = abilities.paddock_cost(state, ex.capacity + 1)
            if cost is None:
                return "paddock_max", {"where": "workers"}
            return "cannot_afford", {"where": "workers", "cost": cost, "money": p.money}
        if ex.dinosaurs >= ex.capacity:
            return "paddock_full", {"name": recipe.name, "capacity": ex.capacity}
        return "missing_dna", {
            "name": recipe.name,
            "need": _dna_text(recipe.dna_cost),
            "have": _dna_text(p.dna),
        }
    if action.id == "refine_dna":
        convs = action.get("conversions")
        if not isinstance(choice, int) or not 0 <= choice < len(convs):
            return "no_conversion", {"last": len(convs) - 1, "got": choice}
        a, b, result = convs[choice]
        if p.dna[DNA_TYPES.index(result)] >= p.limits[DNA_TYPES.index(result)]:
            return "storage_full", {"where": "workers", "dna": result}
        return "missing_dna", {
            "name": f"{a}+{b}",
            "need": f"1 {a} and 1 {b}",
            "have": _dna_text(p.dna),
        }
    if action.id == "raise_security":
        cost = abilities.security_cost(state, p)
        if cost is None:
            return "security_max", {"level": p.security}
        return "cannot_afford", {"where": "workers", "cost": cost, "money": p.money}
    if action.id == "raise_storage":
        max_limit = state.components.tables.max_limit
        if allocation_problem(p, action.get("amount"), max_limit, choice):
            return "storage_allocation", {
                "level": action.get("amount"),
                "max": max_limit,
                "got": choice,
            }
    return "unknown_action", {"kind": choice}


def _dna_text(dna: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {t}" for t, n in zip(DNA_TYPES, dna) if n) or "no DNA"


def apply(state: GameState, seat: int, a: Action) -> GameState:
    p = state.players[seat]
    if a.kind == "done":
        return state.with_player(seat, done=True)
    slot = abilities.find_slot(state, p, a.target)
    p = replace(p, placed=p.placed + slot.workers, used=(*p.used, a.target))
    action = slot.action
    if action.id == "create_dinosaur":
        ex = list(p.exhibits)
        recipe = state.components[ex[a.choice].recipe]
        ex[a.choice] = replace(ex[a.choice], dinosaurs=ex[a.choice].dinosaurs + 1)
        p = replace(
            p,
            exhibits=tuple(ex),
            dna=tuple(h - c for h, c in zip(p.dna, recipe.dna_cost)),
            excitement=min(state.rules.excitement_cap, p.excitement + recipe.excitement),
            threat=p.threat + recipe.threat,
        )
    elif action.id == "refine_dna":
        x, y, result = (DNA_TYPES.index(t) for t in action.get("conversions")[a.choice])
        dna = list(p.dna)
        dna[x] -= 1
        dna[y] -= 1
        dna[result] += 1
        p = replace(p, dna=tuple(dna))
    elif action.id == "raise_security":
        p = replace(p, money=p.money - abilities.security_cost(state, p), security=p.security + 1)
    elif action.id == "upgrade_paddock":
        ex = list(p.exhibits)
        capacity = ex[a.choice].capacity + 1
        ex[a.choice] = replace(ex[a.choice], capacity=capacity)
        p = replace(p, exhibits=tuple(ex), money=p.money - abilities.paddock_cost(state, capacity))
    elif action.id == "gain_money":
        p = replace(p, money=p.money + action.get("amount"))
    elif action.id == "gain_dna":
        p = replace(
            p, dna=abilities.gain_dna(p, DNA_TYPES.index(action.get("dna")), action.get("amount"))
        )
    elif action.id == "raise_storage":
        p = replace(p, limits=raise_limits(p, a.choice))
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))
