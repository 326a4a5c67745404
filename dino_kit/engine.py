"""The flow of a game: whose turn it is, applying actions and chance outcomes, and moving on
through the phases (automatic steps included). `GameState`'s methods call these.

After every action or outcome the engine (1) claims objectives met at that moment (in the
simultaneous workers phase it notes them and claims them for all who met them when the phase
ends, see `objectives`), and
(2) advances: ends research after 3 turns each (holding a die), the market after 2 actions
each, lets each player work until done (a player with no worker left or nothing to fire is
done), runs the park (escapes, automatic scoring when there is no food choice), and cleanup.
"""

from __future__ import annotations

from typing import Any

from dino_kit import chance
from dino_kit.errors import RuleError
from dino_kit.messages import message
from dino_kit.objectives import claim, note_met, settle_workers
from dino_kit.phases import cleanup, market, park, research, workers
from dino_kit.setup import finish_setup
from dino_kit.state import (
    CHANCE,
    MARKET_ACTIONS,
    RESEARCH_TURNS,
    TERMINAL,
    Action,
    GameState,
    HistoryNode,
)
from dino_kit.state import evolve as replace

MODULES = {"research": research, "market": market, "workers": workers, "park": park}
ALL_KINDS = {k for m in MODULES.values() for k in m.KINDS}


def seat_to_act(state: GameState) -> int:
    n = state.num_players
    if state.phase in ("research", "market"):
        return state.order[state.step % n]
    return state.order[min(state.step, n - 1)]


def current_player(state: GameState) -> int:
    if state.phase == "over":
        return TERMINAL
    if state.pending:
        return CHANCE
    return seat_to_act(state)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    if state.phase == "over" or state.pending:
        return ()
    return tuple(MODULES[state.phase].candidates(state, seat_to_act(state)))


def why_illegal(state: GameState, action: Any) -> tuple[str, str] | None:
    """(rule id, message) of the rule `action` breaks now, or None when it is legal."""
    if state.phase == "over":
        return "game_over", message("rule.game_over")
    if state.pending:
        return "chance_pending", message(
            "rule.chance_pending", what=chance.describe(state.pending[0])
        )
    if not isinstance(action, Action):
        return "unknown_action", message("rule.unknown_action", kind=action)
    module = MODULES[state.phase]
    if action.kind not in module.KINDS:
        if action.kind in ALL_KINDS:
            return "wrong_phase", message("rule.wrong_phase", kind=action.kind, phase=state.phase)
        return "unknown_action", message("rule.unknown_action", kind=action.kind)
    found = module.problem(state, seat_to_act(state), action)
    if found is None:
        return None
    rule, values = found
    return rule, message(f"rule.{rule}", **values)


def apply_action(state: GameState, action: Action) -> GameState:
    """The game after the seat to act plays `action`; RuleError (state unchanged) if illegal."""
    broken = why_illegal(state, action)
    if broken is not None:
        raise RuleError(*broken)
    seat = seat_to_act(state)
    after = MODULES[state.phase].apply(state, seat, action)
    after = replace(after, history=HistoryNode(state.history, seat, action))
    if state.phase == "workers":  # simultaneous: nobody claims before the others
        return advance(note_met(after, seat))
    return advance(claim(after))


def apply_chance(state: GameState, outcome: Any) -> GameState:
    """The game after the pending chance event gives `outcome`."""
    after = chance.apply(state, outcome)
    after = replace(after, history=HistoryNode(state.history, CHANCE, outcome))
    if state.pending[0][0] == "visitors":  # admission fees: the only chance that pays anyone
        after = claim(after)
    return advance(after)


def advance(state: GameState) -> GameState:
    """Run automatic steps until a decision, a chance event or the end."""
    n = state.num_players
    while True:
        state = chance.normalize(state)
        if state.pending or state.phase == "over":
            return state
        phase = state.phase
        if phase == "setup":
            state = finish_setup(state)
        elif phase == "research":
            if state.step < RESEARCH_TURNS * n:
                return state
            state = replace(research.end(state), phase="market", step=0)
        elif phase == "market":
            if state.step < MARKET_ACTIONS * n:
                return state
            state = replace(state, phase="workers", step=0)
        elif phase == "workers":
            if state.step >= n:
                state = _start_park(settle_workers(state))
                continue
            seat = state.order[state.step]
            p = state.players[seat]
            if not p.done and p.workers_free > 0 and len(workers.candidates(state, seat)) > 1:
                return state
            state = replace(state, step=state.step + 1)
        elif phase == "park":
            if state.step < 0:
                state = replace(park.escapes(state), step=0)
            elif state.step < n:
                seat = state.order[state.step]
                if park.food_customers(state, state.players[seat]) > 0:
                    return state
                state = claim(replace(park.score(state, seat, 0), step=state.step + 1))
            else:
                state = cleanup.run(state)


def _start_park(state: GameState) -> GameState:
    pending = [("visitors", seat) for seat in state.order]
    if state.rules.chaos_theory and state.held is not None:
        pending.append(("chaos",))
    return replace(state, phase="park", step=-1, pending=tuple(pending))
