"""Phase 3, workers: each player places workers (passed scientists included) on lab slots.

The phase is simultaneous and nobody affects another player, so the engine lets each player
act in turn order until they say `done` (or run out of workers). Actions:
- `Action("work", target=(space, index), choice=...)` fires a slot (see
  `abilities.lab_slots` for the keys); each slot fires once a round unless unlimited, and
  needs its number of workers. By the slot's action (`SLOT_ACTIONS`, one entry each):
  - `create_dinosaur`, choice = exhibit index: pay its recipe's DNA; the paddock must have
    room; excitement + the recipe's (never above the cap, 20), threat + its pips; a dinosaur
    must be left in the supply (50 in the game) and, when threat passes a ten, a "+10"
    token (12 in the game, for every threat and security track): `abilities`;
  - `refine_dna`, choice = conversion index: two basic DNA into the advanced result (which
    must fit in cold storage);
  - `raise_security`: pay the cost table's price for the next level (a "+10" token must be
    left when security passes a ten);
  - `upgrade_paddock`, choice = exhibit index: pay the new capacity; at most 4; a paddock
    tile must be left in the supply (29 in the game; each level above 1 holds one);
  - `gain_money`, `gain_dna` (capped by storage): no choice;
  - `raise_storage`, choice = tracks (like a research cold-storage space).
- `Action("done")`: leave the remaining workers idle.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from operator import ge
from typing import Any, Final, NamedTuple

from dino_kit import abilities
from dino_kit.components.schema import Slot
from dino_kit.effects import DNA_TYPES, Effect
from dino_kit.messages import dna_of, dna_word, message
from dino_kit.phases.common import Problem, allocation_problem, allocations, raise_limits
from dino_kit.state import Action, ActionKind, GameState, PlayerState, new_action
from dino_kit.state import evolve as replace

KINDS: Final = (ActionKind.WORK, ActionKind.DONE)


def _can_create(state: GameState, p: PlayerState, i: int) -> bool:
    ex = p.exhibits[i]
    recipe = state.components.recipe(ex.recipe)
    return (
        ex.dinosaurs < ex.capacity
        and all(map(ge, p.dna, recipe.dna_cost))  # (map: a C loop)
        and _supply_problem(state, p, recipe.threat) is None
    )


def _supply_problem(state: GameState, p: PlayerState, threat: int) -> Problem:
    """The supply rule a new dinosaur (adding `threat`) breaks: no dinosaur left, or no "+10"
    token left for a threat track passing a ten (issue 28 item 7)."""
    if abilities.dinosaurs_left(state) <= 0:
        return "dinosaur_supply", {"n": abilities.DINOSAUR_SUPPLY}
    need = abilities.tokens_needed(p.threat, p.threat + threat)
    if need > abilities.tokens_left(state):
        return "token_supply_threat", {"n": abilities.PLUS_TEN_TOKENS, "level": p.threat + threat}
    return None


@functools.cache
def _conversion_need(conversion: tuple[str, str, str]) -> tuple[tuple[int, ...], int]:
    """The DNA a conversion takes (per type) and the index of the type it gives: the same
    few printed conversions are checked at every workers decision, so they are worked out once."""
    a, b, result = (DNA_TYPES.index(t) for t in conversion)
    need = [0] * 6
    need[a] += 1
    need[b] += 1
    return tuple(need), result


def _can_refine(p: PlayerState, conversion: tuple[str, str, str]) -> bool:
    need, result = _conversion_need(conversion)
    return all(map(ge, p.dna, need)) and p.dna[result] < p.limits[result]


def dna_text(amounts: tuple[int, ...]) -> str:
    """DNA amounts in words, e.g. "2 blue, 1 red" ("no DNA" when empty)."""
    parts = [
        message("ui.dna_amount", amount=n, dna=dna_word(t)) for t, n in zip(DNA_TYPES, amounts) if n
    ]
    return ", ".join(parts) or message("ui.no_dna")


def _no_choice(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    return [None]


def _unknown_choice(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    return "unknown_action", {"kind": choice}


# -- create_dinosaur, choice = exhibit index -------------------------------------------------


def _create_choices(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    return [i for i in range(len(p.exhibits)) if _can_create(state, p, i)]


def _exhibit_problem(p: PlayerState, choice: Any) -> Problem:
    if not isinstance(choice, int) or not 0 <= choice < len(p.exhibits):
        return "no_recipe_exhibit", {"last": len(p.exhibits) - 1}
    return None


def _create_why_not(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    bad = _exhibit_problem(p, choice)
    if bad is not None:
        return bad
    ex = p.exhibits[choice]
    recipe = state.components.recipe(ex.recipe)
    if ex.dinosaurs >= ex.capacity:
        return "paddock_full", {"name": state.components.name_of(recipe), "n": ex.capacity}
    supply = _supply_problem(state, p, recipe.threat)
    if supply is not None:
        return supply
    return "missing_dna", {
        "name": state.components.name_of(recipe),
        "need": dna_text(recipe.dna_cost),
        "have": dna_text(p.dna),
    }


def _create(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    ex = list(p.exhibits)
    recipe = state.components.recipe(ex[choice].recipe)
    ex[choice] = replace(ex[choice], dinosaurs=ex[choice].dinosaurs + 1)
    return replace(
        p,
        exhibits=tuple(ex),
        dna=tuple(h - c for h, c in zip(p.dna, recipe.dna_cost)),
        excitement=min(state.rules.excitement_cap, p.excitement + recipe.excitement),
        threat=p.threat + recipe.threat,
    )


def _create_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    r = state.components.recipe(p.exhibits[choice].recipe)
    return "act.create", {
        "name": state.components.name_of(r),
        "cost": dna_text(r.dna_cost),
        "excitement": r.excitement,
        "threat": r.threat,
    }


# -- refine_dna, choice = conversion index ---------------------------------------------------


def _refine_choices(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    return [i for i, c in enumerate(action.get("conversions")) if _can_refine(p, c)]


def _refine_why_not(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    convs = action.get("conversions")
    if not isinstance(choice, int) or not 0 <= choice < len(convs):
        return "no_conversion", {"last": len(convs) - 1, "got": choice}
    a, b, result = convs[choice]
    if p.dna[DNA_TYPES.index(result)] >= p.limits[DNA_TYPES.index(result)]:
        return "storage_full", {"where": "workers", "dna": dna_of(result)}
    return "refine_missing", {"a": dna_of(a), "b": dna_of(b), "have": dna_text(p.dna)}


def _refine(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    x, y, result = (DNA_TYPES.index(t) for t in action.get("conversions")[choice])
    dna = list(p.dna)
    dna[x] -= 1
    dna[y] -= 1
    dna[result] += 1
    return replace(p, dna=tuple(dna))


def _refine_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    x, y, result = action.get("conversions")[choice]
    return "act.refine", {"a": dna_word(x), "b": dna_word(y), "result": dna_word(result)}


# -- raise_security, no choice ---------------------------------------------------------------


def _token_free(state: GameState, p: PlayerState) -> bool:
    """True when raising security by 1 finds the "+10" token it may need in the supply."""
    return abilities.tokens_needed(p.security, p.security + 1) <= abilities.tokens_left(state)


def _security_choices(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    cost = abilities.security_cost(state, p)
    ok = cost is not None and p.money >= cost and _token_free(state, p)
    return [None] if ok else []


def _security_why_not(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    cost = abilities.security_cost(state, p)
    if cost is None:
        return "security_max", {"level": p.security}
    if choice is not None:
        return _unknown_choice(state, p, action, choice)
    if not _token_free(state, p):
        return "token_supply_security", {"n": abilities.PLUS_TEN_TOKENS, "level": p.security + 1}
    return "cannot_afford", {"where": "workers", "cost": cost, "money": p.money}


def _security(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    cost = abilities.security_cost(state, p)
    assert cost is not None  # a legal choice: the cost table goes on
    return replace(p, money=p.money - cost, security=p.security + 1)


def _security_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    return "act.security", {"cost": abilities.security_cost(state, p), "level": p.security + 1}


# -- upgrade_paddock, choice = exhibit index -------------------------------------------------


def _paddock_choices(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    out: list[Any] = []
    if abilities.paddock_tiles_left(state) <= 0:
        return out
    for i, e in enumerate(p.exhibits):
        cost = abilities.paddock_cost(state, e.capacity + 1)
        if cost is not None and p.money >= cost:
            out.append(i)
    return out


def _paddock_why_not(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    bad = _exhibit_problem(p, choice)
    if bad is not None:
        return bad
    cost = abilities.paddock_cost(state, p.exhibits[choice].capacity + 1)
    if cost is None:
        return "paddock_max", {"where": "workers"}
    if abilities.paddock_tiles_left(state) <= 0:
        return "paddock_supply", {"where": "workers", "n": abilities.PADDOCK_TILES}
    return "cannot_afford", {"where": "workers", "cost": cost, "money": p.money}


def _paddock(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    ex = list(p.exhibits)
    capacity = ex[choice].capacity + 1
    cost = abilities.paddock_cost(state, capacity)
    assert cost is not None  # a legal choice: at most the largest paddock
    ex[choice] = replace(ex[choice], capacity=capacity)
    return replace(p, exhibits=tuple(ex), money=p.money - cost)


def _paddock_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    e = p.exhibits[choice]
    return "act.paddock", {
        "name": state.components.name_of(e.recipe),
        "capacity": e.capacity + 1,
        "cost": abilities.paddock_cost(state, e.capacity + 1),
    }


# -- gain_money, gain_dna (capped by storage): no choice -------------------------------------


def _money(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    return replace(p, money=p.money + action.get("amount"))


def _money_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    return "act.gain_money", {"amount": action.get("amount")}


def _dna(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    i = DNA_TYPES.index(action.get("dna"))
    return replace(p, dna=abilities.gain_dna(p, i, action.get("amount")))


def _dna_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    return "act.gain_dna", {"amount": action.get("amount"), "dna": action.get("dna")}


# -- raise_storage, choice = tracks ----------------------------------------------------------


def _storage_choices(state: GameState, p: PlayerState, action: Effect) -> list[Any]:
    return allocations(p, action.get("amount"), state.components.tables.max_limit)


def _storage_why_not(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Problem:
    found = allocation_problem(p, action.get("amount"), state.components.tables.max_limit, choice)
    return found or _unknown_choice(state, p, action, choice)


def _storage(state: GameState, p: PlayerState, action: Effect, choice: Any) -> PlayerState:
    return replace(p, limits=raise_limits(p, choice))


def _storage_words(state: GameState, p: PlayerState, action: Effect, choice: Any) -> Words:
    return "act.storage_work", {"tracks": ", ".join(choice)}


#: A message key and its values (the slot's space is added by whoever shows it).
Words = tuple[str, dict[str, Any]]


class SlotAction(NamedTuple):
    """What a lab slot's action (an effect of the `slot` place) means in the workers phase:
    `choices(state, player, action)` lists the legal choices, `why_not(state, player, action,
    choice)` names the rule a refused choice breaks, `apply(state, player, action, choice)`
    is the player after it (workers and the slot's use aside), and `words(...)` says it as a
    message key and values."""

    choices: Callable[[GameState, PlayerState, Effect], list[Any]]
    why_not: Callable[[GameState, PlayerState, Effect, Any], Problem]
    apply: Callable[[GameState, PlayerState, Effect, Any], PlayerState]
    words: Callable[[GameState, PlayerState, Effect, Any], Words]


#: Every lab-slot action, by effect id: the one table the engine, the widgets and the bots
#: read.
SLOT_ACTIONS: Final[dict[str, SlotAction]] = {
    "create_dinosaur": SlotAction(_create_choices, _create_why_not, _create, _create_words),
    "refine_dna": SlotAction(_refine_choices, _refine_why_not, _refine, _refine_words),
    "raise_security": SlotAction(_security_choices, _security_why_not, _security, _security_words),
    "upgrade_paddock": SlotAction(_paddock_choices, _paddock_why_not, _paddock, _paddock_words),
    "gain_money": SlotAction(_no_choice, _unknown_choice, _money, _money_words),
    "gain_dna": SlotAction(_no_choice, _unknown_choice, _dna, _dna_words),
    "raise_storage": SlotAction(_storage_choices, _storage_why_not, _storage, _storage_words),
}


def _choices(state: GameState, p: PlayerState, slot: Slot) -> list[Any]:
    return SLOT_ACTIONS[slot.action.id].choices(state, p, slot.action)


# the kinds the candidate loops name, as module constants (no enum lookup per action)
WORK: Final = ActionKind.WORK


def candidates(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for key, slot in abilities.lab_slots(state, p):
        if (key in p.used and not slot.unlimited) or p.workers_free < slot.workers:
            continue
        out.extend([new_action(Action, (WORK, None, key, c)) for c in _choices(state, p, slot)])
    out.append(Action(ActionKind.DONE))
    return out


def can_work(state: GameState, seat: int) -> bool:
    """Whether `seat` has a work action (`candidates` lists more than `done`), found without
    listing them all: the engine asks before every workers decision."""
    p = state.players[seat]
    free = p.workers_free
    for key, slot in abilities.lab_slots(state, p):
        if (key in p.used and not slot.unlimited) or free < slot.workers:
            continue
        if _choices(state, p, slot):
            return True
    return False


def problem(state: GameState, seat: int, a: Action) -> Problem:
    if a.kind == ActionKind.DONE:
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
            "n": slot.workers,
            "have": p.workers_free,
        }
    if a.choice in _choices(state, p, slot):
        return None
    return SLOT_ACTIONS[slot.action.id].why_not(state, p, slot.action, a.choice)


def apply(state: GameState, seat: int, a: Action) -> GameState:
    p = state.players[seat]
    if a.kind == ActionKind.DONE:
        return state.with_player(seat, done=True)
    slot = abilities.find_slot(state, p, a.target)
    assert slot is not None  # a legal action names a working slot
    p = replace(p, placed=p.placed + slot.workers, used=(*p.used, a.target))
    p = SLOT_ACTIONS[slot.action.id].apply(state, p, slot.action, a.choice)
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))
