"""Phase 5, cleanup (no decisions): turn order by VP (fewest first, ties keep last round's
order), workers and scientists back, visitors back to the bag, plot twists "at the end of each
round", then the end check (one objective or fewer unclaimed, or the round limit: final
scoring). Otherwise the market slides and refills, recipes are revealed, and the next round's
dice are rolled — the draws and rolls are chance events queued here (`start_next_round`).

Market refill: the $2 row is discarded, each column's items slide toward the cheap rows
keeping their order (attractions are not re-sorted), and the empty dear rows are refilled
from the stacks; an empty stack is reshuffled from its discards when a draw needs it.
"""

from __future__ import annotations

from dino_kit.effects import CATEGORIES
from dino_kit.objectives import claim, finish
from dino_kit.state import (
    SCIENTISTS,
    STORAGE_SPACES,
    ChanceEvent,
    DieRoll,
    GameState,
    MarketDraw,
    Phase,
    RecipeDraw,
    RivalDraw,
)
from dino_kit.state import evolve as replace


def run(state: GameState) -> GameState:
    vp_order = sorted(state.order, key=lambda seat: state.players[seat].vp)  # stable
    bag_c, bag_h = state.bag
    players = []
    for p in state.players:
        bag_c += sum(c for c, _ in p.inside) + p.line[0]
        bag_h += sum(h for _, h in p.inside) + p.line[1]
        players.append(
            replace(
                p,
                scientists=SCIENTISTS,
                assigned=(),
                passed=(),
                placed=0,
                used=(),
                done=False,
                inside=(),
                line=(0, 0),
                eaten=0,
                money=max(0, p.money + state.rules.round_end_money),
            )
        )
    state = replace(state, order=tuple(vp_order), players=tuple(players), bag=(bag_c, bag_h))
    state = claim(state)
    if state.rules.solo:  # solo mode (dino_kit.solo): the rival's rounds, not the objectives
        over = state.round >= state.rules.solo_rounds
    else:
        over = len(state.unclaimed_objectives()) <= 1
    # max_rounds: not a rule of the game, a safety net for simulations (RULES_NOTES.md)
    if over or state.round >= state.rules.max_rounds:
        return finish(state)
    return start_next_round(state)


def start_next_round(state: GameState) -> GameState:
    rows = []
    discards = list(state.discards)
    pending: list[ChanceEvent] = []
    for col, column in enumerate(state.rows):
        if column[3] is not None:
            discards[col] = (*discards[col], column[3])
        kept = [x for x in column[:3] if x is not None]
        column = (None,) * (4 - len(kept)) + tuple(kept)
        rows.append(column)
        pending.extend(MarketDraw(col, row) for row in range(4) if column[row] is None)
    pending.extend(
        RecipeDraw(i)
        for i in range(len(CATEGORIES))
        if state.recipe_up[i] is None and state.recipe_stacks[i]
    )
    pending.extend(DieRoll(slot) for slot in range(len(state.pool)))
    if state.rules.solo:
        pending.append(RivalDraw())
    return replace(
        state,
        rows=tuple(rows),
        discards=tuple(discards),
        pending=tuple(pending),
        round=state.round + 1,
        phase=Phase.RESEARCH,
        step=0,
        rolled=(0,) * len(state.pool),
        claimed=(None,) * len(state.pool),
        held=None,
        held_face=None,
        storage_taken=(None,) * STORAGE_SPACES,
        rival_threat=0,
    )
