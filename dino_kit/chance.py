"""Chance events: what can happen, with exact probabilities, and what each outcome does.

Pending events (the head of `GameState.pending`; the event types live in `dino_kit.state`):
- `PoolDraw()`: a die drawn from the box into the dice pool (setup; uniform over the box);
- `MarketDraw(column, row)`: a market tile drawn into a row (uniform over the stack; an empty
  stack is first reshuffled from its discards; with both empty the row stays empty);
- `RecipeDraw(category)`: the next recipe of a stack turned face up (uniform);
- `ObjectiveDraw()` / `TwistDraw()`: an objective / plot twist revealed (setup). A plot twist
  whose modifier has the same id as one already in play contradicts it: it is discarded and
  another is drawn;
- `DieRoll(slot)` / `ChaosRoll()`: a die rolled — the outcome is the face index 0–5, each 1/6;
- `RivalDraw()`: solo mode — the rival's next card (uniform over its deck; an empty deck is
  reshuffled from its discards), applied at once (`dino_kit.solo`);
- `VisitorDraw(seat)`: visitors drawn from the bag — the outcome is the number of customers
  among them (hypergeometric, exact).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any, Final

from dino_kit.abilities import visitors_to_draw
from dino_kit.effects import CATEGORIES
from dino_kit.errors import RuleError
from dino_kit.messages import message
from dino_kit.phases import park
from dino_kit.solo import reveal
from dino_kit.state import (
    ChanceEvent,
    ChaosRoll,
    DieRoll,
    GameState,
    MarketDraw,
    ObjectiveDraw,
    Outcome,
    Phase,
    PoolDraw,
    RecipeDraw,
    RivalDraw,
    TwistDraw,
    VisitorDraw,
)
from dino_kit.state import evolve as replace
from kit_common.checks import is_whole, shown

FACES: Final = 6


#: The market's columns, as `MarketDraw.column` numbers them (the market's headings).
_COLUMNS: Final = ("attractions", "lab_upgrades", "specialists")


def describe(state: GameState, event: ChanceEvent) -> str:
    """An event in words, for a message: "the roll of die 3", "the draw of visitors for
    Ann's park" (never the engine's own names for it)."""
    if isinstance(event, MarketDraw):
        return message(
            "event.draw",
            column=message("ui.column." + _COLUMNS[event.column]),
            price=state.components.tables.market_rows[event.row],
        )
    if isinstance(event, RecipeDraw):
        return message("event.recipe", category=message("category." + CATEGORIES[event.category]))
    if isinstance(event, DieRoll):
        return message("event.roll", slot=event.slot + 1)
    if isinstance(event, VisitorDraw):
        return message("event.visitors", name=state.names[event.seat])
    return message("event." + str(event.kind))


def _source(state: GameState, event: ChanceEvent) -> tuple[str, ...] | None:
    """The stack an event draws from (None for rolls and visitors)."""
    if isinstance(event, PoolDraw):
        return state.dice_box
    if isinstance(event, MarketDraw):
        return state.stacks[event.column]
    if isinstance(event, RecipeDraw):
        return state.recipe_stacks[event.category]
    if isinstance(event, ObjectiveDraw):
        return state.objective_stack
    if isinstance(event, TwistDraw):
        return state.twist_stack
    if isinstance(event, RivalDraw):
        return state.rival_deck
    return None


def normalize(state: GameState) -> GameState:
    """Make the head event possible: reshuffle an empty market stack from its discards, and
    drop draws from exhausted stacks and visitor draws of nobody (0 to draw)."""
    while state.pending:
        event = state.pending[0]
        if isinstance(event, MarketDraw) and not state.stacks[event.column]:
            col = event.column
            if state.discards[col]:
                stacks, discards = list(state.stacks), list(state.discards)
                stacks[col], discards[col] = tuple(sorted(discards[col])), ()
                return replace(state, stacks=tuple(stacks), discards=tuple(discards))
        elif isinstance(event, RivalDraw) and not state.rival_deck and state.rival_discard:
            deck = tuple(sorted(state.rival_discard))
            return replace(state, rival_deck=deck, rival_discard=())
        elif isinstance(event, VisitorDraw):
            if _visitor_count(state, event.seat) > 0:
                return state
        else:
            source = _source(state, event)
            if source is None or source:
                return state
        state = replace(state, pending=state.pending[1:])
    return state


def _visitor_count(state: GameState, seat: int) -> int:
    return visitors_to_draw(state, state.players[seat])


def chance_outcomes(state: GameState) -> list[tuple[Outcome, Fraction]]:
    """The outcomes of the pending event with their exact probabilities."""
    if not state.pending or state.phase == Phase.OVER:
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    source = _source(state, event)
    if source is not None:
        p = Fraction(1, len(source))
        return [(ident, p) for ident in source]
    if isinstance(event, DieRoll | ChaosRoll):
        return [(face, Fraction(1, FACES)) for face in range(FACES)]
    assert isinstance(event, VisitorDraw)
    k = _visitor_count(state, event.seat)
    customers, hooligans = state.bag
    total = comb(customers + hooligans, k)
    return [
        (c, Fraction(comb(customers, c) * comb(hooligans, k - c), total))
        for c in _customer_counts(state, event.seat)
    ]


def _customer_counts(state: GameState, seat: int) -> range:
    """The customers a visitor draw for `seat` can give (each with a probability above 0):
    the outcomes of `chance_outcomes`, without working out their exact probabilities."""
    k = _visitor_count(state, seat)
    customers, hooligans = state.bag
    return range(max(0, k - hooligans), min(k, customers) + 1)


def sample_chance(state: GameState, rng: random.Random) -> Outcome:
    """A random outcome of the pending event, drawn with `rng` (same law as
    `chance_outcomes`)."""
    if not state.pending or state.phase == Phase.OVER:
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    source = _source(state, event)
    if source is not None:
        return source[rng.randrange(len(source))]
    if isinstance(event, DieRoll | ChaosRoll):
        return rng.randrange(FACES)
    assert isinstance(event, VisitorDraw)
    k = _visitor_count(state, event.seat)
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
    if state.phase == Phase.OVER:
        return message("rule.game_over")
    seat = state.seat_to_act()
    return message("rule.not_chance", name=state.names[seat], phase=message(f"phase.{state.phase}"))


def _bad(state: GameState, event: ChanceEvent, got: Any) -> RuleError:
    return RuleError(
        "bad_outcome", message("rule.bad_outcome", got=shown(got), what=describe(state, event))
    )


def apply(state: GameState, outcome: Outcome) -> GameState:
    """The state after the pending event gives `outcome` (not advanced further)."""
    if state.phase == Phase.OVER:
        raise RuleError("game_over", message("rule.game_over"))
    if not state.pending:
        raise RuleError("not_chance", _not_chance(state))
    event = state.pending[0]
    rest = state.pending[1:]
    source = _source(state, event)
    if source is not None:
        if not isinstance(outcome, str) or outcome not in source:
            raise _bad(state, event, outcome)
        if source.count(outcome) == 1:  # the usual case: cut it out, no element-wise copy
            i = source.index(outcome)
            left = source[:i] + source[i + 1 :]
        else:
            left = tuple(x for x in source if x != outcome)
        if isinstance(event, PoolDraw):
            return replace(state, pending=rest, dice_box=left, pool=(*state.pool, outcome))
        if isinstance(event, MarketDraw):
            col, row = event.column, event.row
            stacks = list(state.stacks)
            stacks[col] = left
            rows = [list(r) for r in state.rows]
            rows[col][row] = outcome
            return replace(
                state, pending=rest, stacks=tuple(stacks), rows=tuple(tuple(r) for r in rows)
            )
        if isinstance(event, RecipeDraw):
            stacks = list(state.recipe_stacks)
            stacks[event.category] = left
            up = list(state.recipe_up)
            up[event.category] = outcome
            return replace(state, pending=rest, recipe_stacks=tuple(stacks), recipe_up=tuple(up))
        if isinstance(event, ObjectiveDraw):
            return replace(
                state,
                pending=rest,
                objective_stack=left,
                objectives=(*state.objectives, outcome),
                claims=(*state.claims, ()),
            )
        if isinstance(event, RivalDraw):
            state = replace(
                state,
                pending=rest,
                rival_deck=left,
                rival_discard=(*state.rival_discard, outcome),
            )
            return reveal(state, outcome)
        # a plot twist: redraw when it contradicts one in play
        c = state.components
        twist = c.plot_twist(outcome)
        if any(c.plot_twist(t).modifier.id == twist.modifier.id for t in state.plot_twists):
            return replace(state, twist_stack=left)  # the same TwistDraw stays pending
        twists = (*state.plot_twists, outcome)
        rules = state.rules.with_twists([twist])
        return replace(state, pending=rest, twist_stack=left, plot_twists=twists, rules=rules)
    if isinstance(event, DieRoll | ChaosRoll):
        if not is_whole(outcome) or not 0 <= outcome < FACES:
            raise _bad(state, event, outcome)
        if isinstance(event, ChaosRoll):
            return replace(state, pending=rest, held_face=outcome)
        rolled = list(state.rolled)
        rolled[event.slot] = outcome
        return replace(state, pending=rest, rolled=tuple(rolled))
    assert isinstance(event, VisitorDraw)
    possible = _customer_counts(state, event.seat)
    if not is_whole(outcome) or outcome not in possible:
        raise _bad(state, event, outcome)
    assert isinstance(outcome, int)  # (is_whole)
    k = _visitor_count(state, event.seat)
    return park.place(replace(state, pending=rest), event.seat, outcome, k - outcome)
