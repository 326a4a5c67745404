"""The flow of a game: applying actions and chance outcomes, moving on through the phases
(automatic steps included), and `run`, the one play loop that lets chance and the bots act
until a person must act. The OpenSpiel vocabulary on a `GameState` (data, `dino_kit.state`):
`legal_actions(state)`, `apply_action(state, action)`, `chance_outcomes(state)` (exact
`Fraction`s), `sample_chance(state, rng)`, `apply_chance(state, outcome)`; `GameView(state)`
is the same as methods of a state that owns its rules, the game protocol of every kit
(`kit_common.game`), which `run` plays through the shared loop.

After every action or outcome the engine (1) claims objectives met at that moment (in the
simultaneous workers phase it notes them and claims them for all who met them when the phase
ends, see `objectives`), and
(2) advances: ends research after 3 turns each (holding a die), the market after 2 actions
each, lets each player work until done (a player with no worker left or nothing to fire is
done), runs the park (each player places their visitors where there is a choice, the others
go where they must; escapes, each owner choosing which customers are eaten where that is a
choice; automatic scoring when there is no food choice), and cleanup.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any, Final

from dino_kit import chance
from dino_kit.actions import check_action
from dino_kit.errors import RuleError
from dino_kit.messages import message, said
from dino_kit.objectives import claim, note_met, settle_workers
from dino_kit.phases import cleanup, market, park, research, workers
from dino_kit.setup import finish_setup
from dino_kit.state import (
    CHANCE,
    MARKET_ACTIONS,
    RESEARCH_TURNS,
    Action,
    ChanceEvent,
    ChaosRoll,
    GameState,
    HistoryNode,
    Move,
    Outcome,
    Phase,
    VisitorDraw,
)
from dino_kit.state import evolve as replace
from kit_common import game as protocol
from kit_common.checks import shown
from kit_common.errors import InputError

MODULES: Final[dict[str, ModuleType]] = {
    Phase.RESEARCH: research,
    Phase.MARKET: market,
    Phase.WORKERS: workers,
    Phase.PARK: park,
}
ALL_KINDS: Final = {k for m in MODULES.values() for k in m.KINDS}


#: A player that decides by itself: the state (its seat is `state.current_player()`) and a
#: random source in, the action to play out (the bots of `dino_kit.bots`).
Agent = Callable[[GameState, random.Random], Action]
#: What `run` reports after each step: the state before, the actor (a seat or `CHANCE`),
#: the move (an `Action` or a chance outcome) and the state after.
StepListener = Callable[[GameState, int, Move, GameState], None]


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The actions the seat to act may play now (none at a chance node or the end)."""
    _check_state(state)
    if state.phase == Phase.OVER or state.pending:
        return ()
    return tuple(MODULES[state.phase].candidates(state, state.seat_to_act()))


def bot_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions the bots choose among: all of `legal_actions`, except in the market,
    where the lab spaces and DNA purchases are those the kit offered before they were the
    buyer's choices (issue 28 item 7: the first free space; DNA with room for at least 1), so
    that every seeded bot game, and every study shipped from bot games, stayed the same."""
    if state.phase == Phase.MARKET and not state.pending:
        return tuple(market.candidates(state, state.seat_to_act(), for_bots=True))
    return legal_actions(state)


def why_illegal(state: GameState, action: Any) -> tuple[str, str] | None:
    """(rule id, message) of the rule `action` breaks now, or None when it is legal."""
    if state.phase == Phase.OVER:
        return "game_over", message("rule.game_over")
    if state.pending:
        return "chance_pending", message(
            "rule.chance_pending", what=chance.describe(state, state.pending[0])
        )
    if not isinstance(action, Action):
        return "unknown_action", message("rule.unknown_action", kind=shown(action))
    try:
        check_action(action, state.phase)
    except InputError as err:
        return "malformed_action", str(err)
    return _rule_broken(state, action)


def _rule_broken(state: GameState, action: Action) -> tuple[str, str] | None:
    """`why_illegal` for a well-formed action at a decision of a phase with actions."""
    module = MODULES[state.phase]
    if action.kind not in module.KINDS:
        if action.kind in ALL_KINDS:
            phase = message(f"phase.{state.phase}")  # in words, never the engine's name
            return "wrong_phase", message("rule.wrong_phase", kind=action.kind, phase=phase)
        return "unknown_action", message("rule.unknown_action", kind=shown(action.kind))
    found = module.problem(state, state.seat_to_act(), action)
    if found is None:
        return None
    rule, values = found
    if isinstance(values.get("where"), str):  # the phase a refusal names, in the reader's words
        values = {**values, "where": message("phase." + str(values["where"]))}
    return rule, said(f"rule.{rule}", values)


def apply_action(state: GameState, action: Action) -> GameState:
    """The game after the seat to act plays `action`; RuleError (state unchanged) if illegal,
    InputError if `action` is malformed (a field of the wrong type, or one its kind does not
    use: see `dino_kit.actions`)."""
    _check_state(state)
    if isinstance(action, Action) and state.phase in MODULES and not state.pending:
        check_action(action, state.phase)  # a malformed action raises InputError here
        broken = _rule_broken(state, action)  # (why_illegal would check its shape again)
    else:
        broken = why_illegal(state, action)
    if broken is not None:
        raise RuleError(*broken)
    seat = state.seat_to_act()
    after = MODULES[state.phase].apply(state, seat, action)
    after = replace(after, history=HistoryNode(state.history, seat, action))
    if state.phase == Phase.WORKERS:  # simultaneous: nobody claims before the others
        return advance(note_met(after, seat))
    return advance(claim(after))


def apply_chance(state: GameState, outcome: Outcome) -> GameState:
    """The game after the pending chance event gives `outcome`; RuleError (state unchanged)
    if it is not a possible outcome (a draw's outcome is an id, a roll's a whole number)."""
    _check_state(state)
    after = chance.apply(state, outcome)
    after = replace(after, history=HistoryNode(state.history, CHANCE, outcome))
    # admission fees: visitors are the only chance outcome that pays anyone
    if isinstance(state.pending[0], VisitorDraw):
        after = claim(after)
    return advance(after)


def chance_outcomes(state: GameState) -> list[tuple[Outcome, Fraction]]:
    """The outcomes of the pending chance event with their exact probabilities."""
    _check_state(state)
    return chance.chance_outcomes(state)


def sample_chance(state: GameState, rng: random.Random) -> Outcome:
    """A random outcome of the pending chance event, drawn with `rng` (the law of
    `chance_outcomes`)."""
    _check_state(state)
    if not isinstance(rng, random.Random):
        raise InputError("rng", message("input.rng", got=shown(rng)))
    return chance.sample_chance(state, rng)


def advance(state: GameState) -> GameState:
    """Run automatic steps until a decision, a chance event or the end."""
    n = state.num_players
    while True:
        state = chance.normalize(state)
        if state.pending or state.phase == Phase.OVER:
            return state
        phase = state.phase
        if phase == Phase.SETUP:
            state = finish_setup(state)
        elif phase == Phase.RESEARCH:
            if state.step < RESEARCH_TURNS * n:
                return state
            state = replace(research.end(state), phase=Phase.MARKET, step=0)
        elif phase == Phase.MARKET:
            if state.step < MARKET_ACTIONS * n:
                return state
            state = replace(state, phase=Phase.WORKERS, step=0)
        elif phase == Phase.WORKERS:
            if state.step >= n:
                state = _start_park(settle_workers(state))
                continue
            seat = state.order[state.step]
            p = state.players[seat]
            if not p.done and p.workers_free > 0 and workers.can_work(state, seat):
                return state
            state = replace(state, step=state.step + 1)
        elif phase == Phase.PARK:
            if state.step < 0:
                state = park.settle(state)
                if park.placing(state) is not None:
                    return state  # a player places visitors
                if state.step == -1:  # the escapes begin (step −2): who is eaten
                    state = replace(park.start_escapes(state), step=-2)
                state = park.settle_eating(state)
                if park.eating(state) is not None:
                    return state  # a player chooses which customers are eaten
                state = replace(state, step=0)
            elif state.step < n:
                seat = state.order[state.step]
                if park.food_customers(state, state.players[seat]) > 0:
                    return state
                state = claim(replace(park.score(state, seat, 0), step=state.step + 1))
            else:
                state = cleanup.run(state)


def _check_state(state: Any) -> None:
    if not isinstance(state, GameState):
        raise InputError("state", message("input.state", got=shown(state)))


def _start_park(state: GameState) -> GameState:
    pending: list[ChanceEvent] = [VisitorDraw(seat) for seat in state.order]
    if state.rules.chaos_theory and state.held is not None:
        pending.append(ChaosRoll())
    return replace(state, phase=Phase.PARK, step=-1, pending=tuple(pending))


@dataclass(frozen=True)
class GameView:
    """A game with its rules: the `GameState` (data) seen through this engine, so that it
    speaks the game protocol of every kit (`kit_common.game.GameState`, OpenSpiel's
    vocabulary) as a Martian Dice state does. Each method is the engine's function of the
    same name; every move gives a new view. Chance acts by itself: no seat throws dice or
    draws (`chance_owner` is `CHANCE`)."""

    state: GameState

    @property
    def num_players(self) -> int:
        return self.state.num_players

    def current_player(self) -> int:
        """The seat to act, `CHANCE` while something random happens, or `TERMINAL`."""
        return self.state.current_player()

    def chance_owner(self) -> int:
        """Nobody's: every chance event happens by itself."""
        return CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may play now (none at a chance node or the end)."""
        return legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """The outcomes of the pending chance event with their exact probabilities."""
        return chance_outcomes(self.state)

    def sample_chance(self, rng: random.Random) -> Outcome:
        """A random outcome of the pending chance event, drawn with `rng`."""
        return sample_chance(self.state, rng)

    def apply_action(self, action: Action) -> GameView:
        """The game after the seat to act plays `action` (RuleError if it is illegal)."""
        return GameView(apply_action(self.state, action))

    def apply_chance(self, outcome: Outcome) -> GameView:
        """The game after the pending chance event gives `outcome`."""
        return GameView(apply_chance(self.state, outcome))

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> tuple[float, ...]:
        """1 shared among the winners once the game is over, 0.0 for the others."""
        return self.state.returns()

    def moves(self) -> list[tuple[int, Move]]:
        """Every step so far, oldest first, as (actor, move)."""
        return self.state.moves()


def run(
    state: GameState,
    agents: Sequence[Agent | None] | Mapping[int, Agent],
    rng: random.Random,
    *,
    until: Callable[[GameState], bool] | None = None,
    on_step: StepListener | None = None,
    max_steps: int | None = None,
) -> GameState:
    """Let chance (drawn with `rng`) and the agents act until a person must act (a seat with
    no agent: `None` in the sequence, or absent), `until(state)` holds, or the game ends; the
    state then: the one play loop of every game (`kit_common.game.run`) on a `GameView`.
    `agents` gives each seat's agent, by seat. `on_step` hears of every step. `max_steps` is
    a safety net: more steps than that raise RuntimeError (an engine bug)."""
    _check_state(state)
    views: protocol.Agents[GameView]
    if isinstance(agents, Mapping):
        views = {seat: _on_view(agent) for seat, agent in agents.items()}
    else:
        views = [None if agent is None else _on_view(agent) for agent in agents]
    stop = None if until is None else _until_on_view(until)
    told = None if on_step is None else _listener_on_view(on_step)
    end = protocol.run(GameView(state), views, rng, until=stop, on_step=told, max_steps=max_steps)
    return end.state


def _on_view(agent: Agent) -> protocol.Agent[GameView]:
    def on_view(view: GameView, rng: random.Random) -> Action:
        return agent(view.state, rng)

    return on_view


def _until_on_view(until: Callable[[GameState], bool]) -> Callable[[GameView], bool]:
    def on_view(view: GameView) -> bool:
        return until(view.state)

    return on_view


def _listener_on_view(on_step: StepListener) -> protocol.StepListener[GameView]:
    def on_view(before: GameView, actor: int, move: Move, after: GameView) -> None:
        on_step(before.state, actor, move, after.state)

    return on_view


__all__ = [
    "Agent",
    "GameView",
    "StepListener",
    "advance",
    "apply_action",
    "apply_chance",
    "bot_actions",
    "chance_outcomes",
    "legal_actions",
    "run",
    "sample_chance",
    "why_illegal",
]
