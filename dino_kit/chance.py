"""Chance events: what can happen, with exact probabilities, and what each outcome does.

Pending events (the head of `GameState.pending`):
- `("pool",)`: a die drawn from the box into the dice pool (setup; uniform over the box);
- `("draw", column, row)`: a market tile drawn into a row (uniform over the stack; an empty
  stack is first reshuffled from its discards; with both empty the row stays empty);
- `("recipe", category)`: the next recipe of a stack turned face up (uniform);
- `("objective",)` / `("twist",)`: an objective / plot twist revealed (setup). A plot twist
  whose modifier has the same id as one already in play contradicts it: it is discarded and
  another is drawn;
- `("roll", slot)` / `("chaos",)`: a die rolled — the outcome is the face index 0–5, each 1/6;
- `("rival",)`: solo mode — the rival's next card (uniform over its deck; an empty deck is
  reshuffled from its discards), applied at once (`dino_kit.solo`);
- `("visitors", seat)`: visitors drawn from the bag — the outcome is the number of customers
  among them (hypergeometric, exact).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any

from dino_kit.abilities import visitors_to_draw
from dino_kit.errors import RuleError
from dino_kit.messages import message
from dino_kit.phases import park
from dino_kit.solo import reveal
from dino_kit.state import GameState
from dino_kit.state import evolve as replace

FACES = 6


def describe(event: tuple) -> str:
    return " ".join(str(x) for x in event)


def _source(state: GameState, event: tuple) -> tuple[str, ...] | None:
    kind = event[0]
    if kind == "pool":
        return state.dice_box
    if kind == "draw":
        return state.stacks[event[1]]
    if kind == "recipe":
        return state.recipe_stacks[event[1]]
    if kind == "objective":
        return state.objective_stack
    if kind == "twist":
        return state.twist_stack
    if kind == "rival":
        return state.rival_deck
    return None


def normalize(state: GameState) -> GameState:
    """Make the head event possible: reshuffle an empty market stack from its discards, and
    drop draws from exhausted stacks and visitor draws of nobody (0 to draw)."""
    while state.pending:
        event = state.pending[0]
        if event[0] == "draw" and not state.stacks[event[1]]:
            col = event[1]
            if state.discards[col]:
                stacks, discards = list(state.stacks), list(state.discards)
                stacks[col], discards[col] = tuple(sorted(discards[col])), ()
                return replace(state, stacks=tuple(stacks), discards=tuple(discards))
        elif event[0] == "rival" and not state.rival_deck and state.rival_discard:
            deck = tuple(sorted(state.rival_discard))
            return replace(state, rival_deck=deck, rival_discard=())
        elif event[0] == "visitors":
            if _visitor_count(state, event[1]) > 0:
                return state
        else:
            source = _source(state, event)
            if source is None or source:
                return state
        state = replace(state, pending=state.pending[1:])
    return state


def _visitor_count(state: GameState, seat: int) -> int:
    return visitors_to_draw(state, state.players[seat])


def chance_outcomes(state: GameState) -> list[tuple[Any, Fraction]]:
    """The outcomes of the pending event with their exact probabilities."""
    if not state.pending or state.phase == "over":
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    source = _source(state, event)
    if source is not None:
        p = Fraction(1, len(source))
        return [(ident, p) for ident in source]
    if event[0] in ("roll", "chaos"):
        return [(face, Fraction(1, FACES)) for face in range(FACES)]
    k = _visitor_count(state, event[1])
    customers, hooligans = state.bag
    total = comb(customers + hooligans, k)
    return [
        (c, Fraction(comb(customers, c) * comb(hooligans, k - c), total))
        for c in range(max(0, k - hooligans), min(k, customers) + 1)
    ]


def sample_chance(state: GameState, rng: random.Random) -> Any:
    """A random outcome of the pending event, drawn with `rng` (same law as
    `chance_outcomes`)."""
    if not state.pending or state.phase == "over":
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    source = _source(state, event)
    if source is not None:
        return source[rng.randrange(len(source))]
    if event[0] in ("roll", "chaos"):
        return rng.randrange(FACES)
    k = _visitor_count(state, event[1])
    customers, hooligans = state.bag
    drawn = 0
    for _ in range(k):
        if rng.randrange(customers + hooligans) < customers:
            customers -= 1
            drawn += 1
        else:
            hooligans -= 1
    return drawn


def _not_chance(state: GameState) -> str:
    if state.phase == "over":
        return message("rule.game_over")
    seat = state.seat_to_act()
    return message("rule.not_chance", name=state.names[seat], phase=state.phase)


def _bad(event: tuple, got: Any) -> RuleError:
    return RuleError("bad_outcome", message("rule.bad_outcome", got=got, what=describe(event)))


def apply(state: GameState, outcome: Any) -> GameState:
    """The state after the pending event gives `outcome` (not advanced further)."""
    if state.phase == "over":
        raise RuleError("game_over", message("rule.game_over"))
    if not state.pending:
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    rest = state.pending[1:]
    kind = event[0]
    source = _source(state, event)
    if source is not None:
        if outcome not in source:
            raise _bad(event, outcome)
        left = tuple(x for x in source if x != outcome)
        if kind == "pool":
            return replace(state, pending=rest, dice_box=left, pool=(*state.pool, outcome))
        if kind == "draw":
            col, row = event[1], event[2]
            stacks = list(state.stacks)
            stacks[col] = left
            rows = [list(r) for r in state.rows]
            rows[col][row] = outcome
            return replace(
                state, pending=rest, stacks=tuple(stacks), rows=tuple(tuple(r) for r in rows)
            )
        if kind == "recipe":
            stacks = list(state.recipe_stacks)
            stacks[event[1]] = left
            up = list(state.recipe_up)
            up[event[1]] = outcome
            return replace(state, pending=rest, recipe_stacks=tuple(stacks), recipe_up=tuple(up))
        if kind == "objective":
            return replace(
                state,
                pending=rest,
                objective_stack=left,
                objectives=(*state.objectives, outcome),
                claims=(*state.claims, ()),
            )
        if kind == "rival":
            state = replace(
                state,
                pending=rest,
                rival_deck=left,
                rival_discard=(*state.rival_discard, outcome),
            )
            return reveal(state, outcome)
        # a plot twist: redraw when it contradicts one in play
        c = state.components
        if any(c[t].modifier.id == c[outcome].modifier.id for t in state.plot_twists):
            return replace(state, twist_stack=left)  # the same ("twist",) event stays pending
        twists = (*state.plot_twists, outcome)
        rules = state.rules.with_twists([c[outcome]])
        return replace(state, pending=rest, twist_stack=left, plot_twists=twists, rules=rules)
    if kind in ("roll", "chaos"):
        if not isinstance(outcome, int) or isinstance(outcome, bool) or not 0 <= outcome < FACES:
            raise _bad(event, outcome)
        if kind == "chaos":
            return replace(state, pending=rest, held_face=outcome)
        rolled = list(state.rolled)
        rolled[event[1]] = outcome
        return replace(state, pending=rest, rolled=tuple(rolled))
    # visitors
    possible = [c for c, _ in chance_outcomes(state)]
    if outcome not in possible or isinstance(outcome, bool):
        raise _bad(event, outcome)
    k = _visitor_count(state, event[1])
    return park.place(replace(state, pending=rest), event[1], outcome, k - outcome)
