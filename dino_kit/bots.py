"""Bots: a uniformly random legal bot, the heuristic bot that plays a sensible game
(`dino_kit.heuristic`), the planner that searches with heuristic rollouts
(`dino_kit.planner`), and the kit's first, simpler heuristic kept as a yardstick.

A bot is `bot(state, rng) -> Action`, called when `state.current_player()` is a seat.

The simple bot scores every legal action and plays the best (ties: the first):
research — take a recipe while the park has fewer than 4, else the die giving the most DNA
it needs, cold storage when full, passing a low scientist last; market — security upgrades
when threat outruns security, a Dino Research slot beyond the printed one, attractions it can
afford, DNA it lacks for its recipes, else pass; workers — security first while threat (with
the worst held die) exceeds security, then dinosaurs (the most VP), refining toward a recipe,
paddocks when one is full, money; park — lets the kit place its visitors and choose who is
eaten ("place for me", "eat for me"), food customers as money while short of cash.

The bots choose among `engine.bot_actions`: the legal actions as the kit offered them before
the choices of issue 28 item 7 (which free lab space, covering an upgrade while a space is
free, DNA bought with no room for it), so that every seeded bot game, and the studies shipped
from them, stayed what they were.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from dino_kit import abilities
from dino_kit.effects import DNA_TYPES
from dino_kit.engine import Agent, bot_actions
from dino_kit.heuristic import heuristic_bot
from dino_kit.messages import message
from dino_kit.phases import park
from dino_kit.planner import DEFAULT_CANDIDATES, make_planner, planner_bot
from dino_kit.state import Action, ActionKind, GameState, PlayerState, face_of
from kit_common.checks import excerpt, shown
from kit_common.errors import KitError

#: A bot is an engine agent: it decides by itself (see `dino_kit.engine.Agent`).
Bot = Agent
MAX_HELD_PIPS = 3


def random_bot(state: GameState, rng: random.Random) -> Action:
    """Any legal action, uniformly — except that it lets the kit place its park's visitors
    and choose who is eaten ("place for me", "eat for me", without drawing from `rng`), and
    draws among the market's actions as they were before the choices of issue 28 (the first
    free lab space, DNA that fits: `market.bots_candidates`), so that seeded games of random
    bots stayed what they were before those choices were the player's."""
    chosen = park.for_me(state)
    if chosen is not None:
        return chosen
    actions = bot_actions(state)
    return actions[rng.randrange(len(actions))]


def _needs(state: GameState, p: PlayerState) -> list[int]:
    """DNA still missing, per type, to create one more dinosaur in each exhibit with room."""
    need = [0] * 6
    for e in p.exhibits:
        if e.dinosaurs < e.capacity:
            cost = state.components.recipe(e.recipe).dna_cost
            for i in range(6):
                need[i] += max(0, cost[i] - p.dna[i])
    return need


def _danger(state: GameState, p: PlayerState) -> int:
    """How far security lags behind threat with the worst held die."""
    return p.threat + MAX_HELD_PIPS - abilities.security_total(state, p)


def _has_slot(state: GameState, p: PlayerState, action_id: str) -> int:
    return sum(1 for _, slot in abilities.lab_slots(state, p) if slot.action.id == action_id)


class _Context(NamedTuple):
    """What the heuristic bot works out once per decision."""

    need: list[int]
    danger: int
    full: int
    create_slots: int


def _simple_score(state: GameState, p: PlayerState, a: Action, ctx: _Context) -> float:
    c = state.components
    kind = a.kind
    need = ctx.need
    if kind == ActionKind.RECIPE:
        return 50 - 10 * len(p.exhibits) if len(p.exhibits) < 4 else -1
    if kind == ActionKind.DIE:
        face = face_of(state, a.target)
        if face.rare == "worker":
            return 12 if p.supply else 0
        if face.rare == "paddock":
            return 8 if a.choice is not None else 0
        scientist = a.scientist
        assert scientist is not None  # a research action names its scientist
        i = DNA_TYPES.index(face.dna)
        gain = min(face.amount * scientist, p.limits[i] - p.dna[i])
        return gain * (3 if need[i] else 1) + (2 if i >= 3 else 0) - scientist * 0.5
    if kind == ActionKind.STORAGE:
        assert a.scientist is not None  # a research action names its scientist
        return ctx.full * 2 - a.scientist
    if kind == ActionKind.PASS:
        if a.scientist is not None:
            return 1 - a.scientist
        return 1
    if kind == ActionKind.UPGRADE:
        u = c.lab_upgrade(state.rows[1][a.target])
        ids = {s.action.id for s in u.slots} | {e.id for e in u.passives}
        value = 4
        if ids & {"raise_security", "security_bonus"} and ctx.danger > 0:
            value = 25
        elif "create_dinosaur" in ids and ctx.create_slots < 2:
            value = 18
        elif "refine_dna" in ids or "gain_dna" in ids:
            value = 8
        covered = p.lab[a.choice]
        return (
            value
            - (10 if covered is not None else 0)
            - state.components.tables.market_rows[a.target] * 0.5
        )
    if kind == ActionKind.SPECIAL:
        return 14 if a.target == "dino_research_2" else 6
    if kind == ActionKind.BUILD:
        at = c.attraction(state.rows[0][a.target])
        price = abilities.attraction_price(state, p, at.id, a.target)
        return 10 + at.vp * 2 + at.capacity - price * 0.8 if p.money - price >= 3 else 0
    if kind == ActionKind.HIRE:
        sp = c.specialist(state.rows[2][a.target])
        value = sum(
            2 * e.get("amount", 1) for e in sp.effects if e.id in ("gain_workers", "security_bonus")
        )
        value += sum(
            e.get("amount", 1) for e in sp.effects if e.id in ("income", "excitement_bonus")
        )
        return (
            value
            + 3
            - (8 if a.choice is not None else 0)
            - state.components.tables.market_rows[a.target] * 0.5
        )
    if kind == ActionKind.BUY_DNA:
        dna, _ = a.choice
        return 9 if need[DNA_TYPES.index(dna)] else 0
    if kind == ActionKind.WORK:
        slot = abilities.find_slot(state, p, a.target)
        assert slot is not None  # a legal worker action is on a slot of the lab
        aid = slot.action.id
        if aid == "raise_security":
            return 40 if ctx.danger > 0 else 3
        if aid == "create_dinosaur":
            r = c.recipe(p.exhibits[a.choice].recipe)
            return 30 + r.vp + r.excitement - (20 if ctx.danger > 4 else 0)
        if aid == "refine_dna":
            result = DNA_TYPES.index(slot.action.get("conversions")[a.choice][2])
            return 15 if need[result] else 1
        if aid == "upgrade_paddock":
            e = p.exhibits[a.choice]
            return 12 if e.dinosaurs >= e.capacity and e.recipe != p.exhibits[0].recipe else 0
        if aid in ("gain_money", "gain_dna"):
            return 5
        return 2
    if kind == ActionKind.DONE:
        return 0.5
    if kind == ActionKind.FOOD:
        return a.choice if p.money < 15 else -a.choice
    if kind == ActionKind.PLACE:  # the kit's placement ("place for me")
        return 1 if a.target is None else 0
    return 0


def simple_bot(state: GameState, rng: random.Random) -> Action:
    """The kit's first heuristic (kept as a yardstick): fixed priorities per action kind,
    security judged against the worst held die (3 pips) whatever the dice show."""
    chosen = park.for_me(state)
    if chosen is not None:
        return chosen
    seat = state.current_player()
    p = state.players[seat]
    ctx = _Context(
        _needs(state, p),
        _danger(state, p),
        sum(1 for i in range(6) if p.dna[i] >= p.limits[i] - 1),
        _has_slot(state, p, "create_dinosaur"),
    )
    best, best_score = None, float("-inf")
    storage_seen = set()
    for a in bot_actions(state):
        if a.kind == ActionKind.STORAGE:  # every allocation of a scientist scores the same
            if a.scientist in storage_seen:
                continue
            storage_seen.add(a.scientist)
        s = _simple_score(state, p, a, ctx)
        if s > best_score:
            best, best_score = a, s
    assert best is not None
    return best


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "simple": simple_bot,
    "planner": planner_bot,
}
#: The quick planner the seat menus offer besides `BOTS` (a smaller budget: it decides in a
#: fraction of the planner's time, for a slow machine, and plays weaker).
QUICK_PLANNER = "planner:1x4"


def bot_by_name(name: str) -> Bot:
    """The bot called `name`: a key of `BOTS`, or a planner with its own budget,
    `planner:R` (R rollouts per candidate) or `planner:RxK` (and K candidates tried)."""
    if not isinstance(name, str):
        raise KitError(message("bot.unknown", name=shown(name), known=", ".join(BOTS)))
    if name in BOTS:
        return BOTS[name]
    kind, _, budget = name.partition(":")
    if kind == "planner" and budget:
        return _budgeted_planner(budget)
    raise KitError(message("bot.unknown", name=shown(name), known=", ".join(BOTS)))


@cache
def _budgeted_planner(budget: str) -> Bot:
    """A planner of budget "R" or "RxK" (one function per budget, so a bot is its name)."""
    sizes = budget.split("x")
    if len(sizes) > 2 or not all(n.isascii() and n.isdigit() and int(n) >= 1 for n in sizes):
        raise KitError(message("bot.planner_budget", budget=excerpt(budget)))
    rollouts = int(sizes[0])
    candidates = int(sizes[1]) if len(sizes) == 2 else DEFAULT_CANDIDATES
    return make_planner(rollouts, candidates)
