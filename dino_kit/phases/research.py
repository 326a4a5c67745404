"""Phase 1, research: in turn order, three turns each, a player assigns one unassigned
scientist to a free space or passes (one scientist joins the worker pool).

Actions (`scientist` is the level 1–3 of the scientist used):
- `Action("die", level, slot, exhibit)`: claim the die in `slot`; a DNA face gives
  amount × level (+ research bonuses) of its type, capped by cold storage; a rare face needs
  scientist 3 and gives its benefit once (`paddock`: +1 capacity to exhibit `exhibit`, free,
  while a paddock tile is left in the supply, else nothing (`exhibit` None);
  `worker`: a worker from the supply into the pool for good);
- `Action("storage", level, space, tracks)`: a free cold-storage space (0–5); `tracks` names
  the tracks raised, `level` of them in total (the same track may repeat);
- `Action("recipe", level, category)`: take the face-up recipe of `category` if the
  scientist's level is at least its research level; it takes two free park zones;
- `Action("pass", level)`: that scientist joins the worker pool this round.
After the 3 × players turns the unclaimed die with the most threat pips (1–3) is held (`end`,
`held_slot`: a 0-pip die is not held; ties go to the die worse when re-rolled, not by slot).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Final

from dino_kit import abilities
from dino_kit.effects import CATEGORIES, DNA_TYPES
from dino_kit.phases.common import Problem, _allocations, allocation_problem, raise_limits
from dino_kit.state import (
    STORAGE_SPACES,
    Action,
    ActionKind,
    Exhibit,
    GameState,
    PlayerState,
    face_of,
    new_action,
)
from dino_kit.state import evolve as replace

KINDS: Final = (ActionKind.DIE, ActionKind.STORAGE, ActionKind.RECIPE, ActionKind.PASS)


def _paddock_targets(state: GameState, player: PlayerState) -> list[int]:
    """The exhibits the rare paddock face may raise: below capacity 4, while a paddock tile
    is left in the supply (none left: the face gives nothing)."""
    if abilities.paddock_tiles_left(state) <= 0:
        return []
    return [i for i, e in enumerate(player.exhibits) if e.capacity < 4]


# the kinds the candidate loops name, as module constants (no enum lookup per action)
DIE: Final = ActionKind.DIE
RECIPE: Final = ActionKind.RECIPE
PASS: Final = ActionKind.PASS


@cache
def _storage_actions(
    limits: tuple[int, ...], level: int, max_limit: int, space: int
) -> tuple[Action, ...]:
    """The cold-storage actions of a scientist (cached: the same few limits come back)."""
    return tuple(
        Action(ActionKind.STORAGE, level, space, tracks)
        for tracks in _allocations(limits, level, max_limit)
    )


def candidates(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    free_space = next((i for i, s in enumerate(state.storage_taken) if s is None), None)
    max_limit = state.components.tables.max_limit
    # what every scientist's actions depend on, worked out once (not once per scientist)
    dice = [
        (slot, face_of(state, slot)) for slot, owner in enumerate(state.claimed) if owner is None
    ]
    paddocks: list[int | None] = [*_paddock_targets(state, p)] or [None]
    recipes = (
        [
            (cat, state.components.recipe(ident).research_level)
            for cat, ident in zip(CATEGORIES, state.recipe_up)
            if ident is not None
        ]
        if abilities.free_zones(state, p) >= 2
        else []
    )
    for level in p.scientists:
        for slot, face in dice:
            if face.rare is None:
                out.append(new_action(Action, (DIE, level, slot, None)))
            elif level == 3:
                targets = paddocks if face.rare == "paddock" else [None]
                out.extend([new_action(Action, (DIE, level, slot, t)) for t in targets])
        if free_space is not None:
            out.extend(_storage_actions(p.limits, level, max_limit, free_space))
        for cat, research_level in recipes:
            if level >= research_level:
                out.append(new_action(Action, (RECIPE, level, cat, None)))
        out.append(new_action(Action, (PASS, level, None, None)))
    return out


def problem(state: GameState, seat: int, a: Action) -> Problem:
    p = state.players[seat]
    if a.scientist not in p.scientists:
        return "scientist_used", {"level": a.scientist}
    if a.kind == ActionKind.DIE:
        if not isinstance(a.target, int) or not 0 <= a.target < len(state.pool):
            return "no_such_die", {"slot": a.target}
        if state.claimed[a.target] is not None:
            return "space_taken", {}
        face = face_of(state, a.target)
        if face.rare is not None and a.scientist != 3:
            return "rare_face_needs_3", {"level": a.scientist}
        if face.rare == "paddock":
            targets = _paddock_targets(state, p)
            if a.choice is not None and abilities.paddock_tiles_left(state) <= 0:
                return "paddock_supply", {"where": "research", "n": abilities.PADDOCK_TILES}
            if (a.choice not in targets) if targets else a.choice is not None:
                return "paddock_choice", {"where": "research"}
        elif a.choice is not None:
            return "paddock_choice", {"where": "research"}
        return None
    if a.kind == ActionKind.STORAGE:
        if not isinstance(a.target, int) or not 0 <= a.target < STORAGE_SPACES:
            return "no_such_storage_space", {"space": a.target}
        if state.storage_taken[a.target] is not None:
            return "space_taken", {}
        # the spaces are alike: the next free one is the one form legal_actions lists
        free_space = state.storage_taken.index(None)
        if a.target != free_space:
            return "storage_in_order", {"space": free_space, "got": a.target}
        assert a.scientist is not None  # (checked above)
        return allocation_problem(p, a.scientist, state.components.tables.max_limit, a.choice)
    if a.kind == ActionKind.RECIPE:
        if a.target not in CATEGORIES or state.recipe_up[CATEGORIES.index(a.target)] is None:
            return "no_recipe", {"category": a.target}
        ident = state.recipe_up[CATEGORIES.index(a.target)]
        assert ident is not None and a.scientist is not None  # (both checked above)
        recipe = state.components.recipe(ident)
        if a.scientist < recipe.research_level:
            return "research_level", {
                "category": a.target,
                "need": recipe.research_level,
                "level": a.scientist,
            }
        free = abilities.free_zones(state, p)
        if free < 2:
            return "park_full", {"where": "research", "n": free, "need": 2}
        return None
    return None  # pass


def apply(state: GameState, seat: int, a: Action) -> GameState:
    p = state.players[seat]
    scientists = tuple(s for s in p.scientists if s != a.scientist)
    if a.kind == ActionKind.PASS:
        p = replace(p, scientists=scientists, passed=(*p.passed, a.scientist))
    else:
        p = replace(p, scientists=scientists, assigned=(*p.assigned, a.scientist))
    if a.kind == ActionKind.DIE:
        claimed = list(state.claimed)
        claimed[a.target] = seat
        state = replace(state, claimed=tuple(claimed))
        face = face_of(state, a.target)
        if face.rare == "worker":
            if p.supply > 0:
                p = replace(p, workers=p.workers + 1, supply=p.supply - 1)
        elif face.rare == "paddock":
            if a.choice is not None:
                ex = list(p.exhibits)
                ex[a.choice] = replace(ex[a.choice], capacity=ex[a.choice].capacity + 1)
                p = replace(p, exhibits=tuple(ex))
        else:
            assert a.scientist is not None  # a research action names its scientist
            bonus = abilities.passive(state, p, "research_bonus")
            gain = face.amount * a.scientist + bonus
            p = replace(p, dna=abilities.gain_dna(p, DNA_TYPES.index(face.dna), gain))
    elif a.kind == ActionKind.STORAGE:
        taken = list(state.storage_taken)
        taken[a.target] = seat
        state = replace(state, storage_taken=tuple(taken))
        p = replace(p, limits=raise_limits(p, a.choice))
    elif a.kind == ActionKind.RECIPE:
        i = CATEGORIES.index(a.target)
        up = list(state.recipe_up)
        ident, up[i] = up[i], None
        assert ident is not None  # a legal recipe action takes a recipe that is up
        state = replace(state, recipe_up=tuple(up))
        p = replace(p, exhibits=(*p.exhibits, Exhibit(ident, 0, 1)))
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players), step=state.step + 1)


def hold_key(state: GameState, slot: int) -> tuple[int, Fraction, tuple[int, ...]]:
    """How threatening the die in `slot` is to hold: its pips now, then (for ties) the mean
    pips of its faces, then its faces' pips from most to fewest. Two dice with equal keys have
    the same faces' pips, so which of them is held changes no threat, even re-rolled."""
    faces = state.components.die(state.pool[slot]).faces
    pips = tuple(sorted((f.threat for f in faces), reverse=True))
    return face_of(state, slot).threat, Fraction(sum(pips), len(pips)), pips


def held_slot(state: GameState) -> int | None:
    """The die held after research: the unclaimed die showing the most threat pips (1–3).
    A 0-pip die is not held (it adds nothing, and under chaos theory it is not re-rolled
    into a threat: no die is). Ties in pips go to the die a careful player must plan for,
    the worse one when re-rolled (chaos theory): the higher mean pips, then the higher pips
    face by face (`hold_key`); never the slot order. Dice still tied add the same threat
    whatever happens (the lowest slot is named). This is the engine's choice, not a player's:
    the held die threatens every park alike, so the rules give it to nobody (RULES_NOTES.md)."""
    unclaimed = [slot for slot, owner in enumerate(state.claimed) if owner is None]
    if not unclaimed:
        return None
    best = max(unclaimed, key=lambda slot: (hold_key(state, slot), -slot))
    return best if face_of(state, best).threat > 0 else None


def end(state: GameState) -> GameState:
    """Hold the die of `held_slot` (none when no unclaimed die shows a threat pip)."""
    held = held_slot(state)
    face = state.rolled[held] if held is not None else None
    return replace(state, held=held, held_face=face)
