"""The game protocol every kit's engine speaks, and `run`, the one play loop of all games.

The vocabulary is OpenSpiel's (its Python games, such as `kuhn_poker.py`): a game state is an
immutable value that says whose move it is (`current_player()`: a seat, `CHANCE` while
something random happens, `TERMINAL` at the end), the seat's `legal_actions()`, a chance
node's `chance_outcomes()` with their exact probabilities, and the state after a move
(`apply_action`, `apply_chance`); at the end, `is_terminal()` and each seat's `returns()`;
`moves()` is the record of every move so far, chance outcomes included. Two additions:
`sample_chance(rng)`, the kit's own way of drawing an outcome (what keeps seeded games the
same), and `chance_owner()`, the seat that throws the dice at a chance node (a person presses
Roll) or `CHANCE` when chance acts by itself.

An `Agent` is a bot: it gets the state and a random source and gives the action to play.
`run(state, agents, rng)` lets chance and the agents act until a person must act (a seat with
no agent), the game ends, or the caller's `until(state)` holds. A new game needs only its
rules, as a state with these methods, and its kit plays it through `run` and the
many-games driver (`kit_common.study`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

if TYPE_CHECKING:  # typing.Self is Python 3.11's; the kit runs on 3.10 too
    from typing_extensions import Self

from kit_common.stopping import checkpoint
from kit_common.words import message

#: `current_player()` while something random happens (OpenSpiel's kChancePlayerId).
CHANCE: Final = -1
#: `current_player()` once the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL: Final = -4

ActionT = TypeVar("ActionT")
OutcomeT = TypeVar("OutcomeT")


class GameState(Protocol[ActionT, OutcomeT]):
    """A game in progress or finished, as an immutable value that knows its rules. Every
    `apply_*` returns a new state; an illegal move raises the kit's `RuleError`, naming the
    rule, and changes nothing."""

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        ...

    def current_player(self) -> int:
        """The seat to act, `CHANCE` at a chance node, or `TERMINAL`."""
        ...

    def chance_owner(self) -> int:
        """At a chance node, the seat whose throw it is (the loop waits there for a person),
        or `CHANCE` when nobody's (chance then acts by itself, even in a person's game)."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """What the seat to act may do (nothing at a chance node or at the end)."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[OutcomeT, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        ...

    def sample_chance(self, rng: random.Random) -> OutcomeT:
        """One outcome of the chance node drawn with `rng`, by the law of `chance_outcomes`."""
        ...

    def apply_action(self, action: ActionT) -> Self:
        """The game after the seat to act plays `action`."""
        ...

    def apply_chance(self, outcome: OutcomeT) -> Self:
        """The game after the chance node gives `outcome`."""
        ...

    def is_terminal(self) -> bool:
        """True once the game is over."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's result: its share of the win once the game is over, all 0.0 before."""
        ...

    def moves(self) -> list[tuple[int, ActionT | OutcomeT]]:
        """Every move so far, oldest first, as (actor, move): the actor is a seat or
        `CHANCE`. Applying them in order to the starting state gives this state."""
        ...


StateT = TypeVar("StateT", bound=GameState[Any, Any])

#: A bot: the state (its seat is `state.current_player()`) and a random source in, the
#: action to play out. Randomised bots draw only from the source they are given.
Agent = Callable[[StateT, random.Random], Any]
#: The agents of a game by seat: a sequence (None, or a seat past its end, is a person) or a
#: mapping (a seat it lacks is a person).
Agents = Sequence[Agent[StateT] | None] | Mapping[int, Agent[StateT]]
#: What `run` tells after each step: the state before, the actor (a seat or `CHANCE`), the
#: move (an action or a chance outcome) and the state after.
StepListener = Callable[[StateT, int, Any, StateT], None]


def run(
    state: StateT,
    agents: Agents[StateT],
    rng: random.Random,
    *,
    until: Callable[[StateT], bool] | None = None,
    on_step: StepListener[StateT] | None = None,
    max_steps: int | None = None,
) -> StateT:
    """Let chance (drawn with `rng`, `sample_chance`) and the agents act until a person must
    act, `until(state)` holds (checked before every step), or the game ends; the state then.
    A person must act at a decision of a seat without an agent and at a chance node that
    seat owns (`chance_owner`). `on_step` hears of every step; more than `max_steps` steps
    raise RuntimeError (a safety net against a rules bug). Everything random is drawn from
    `rng`, in the same order whoever calls. Before every step, `kit_common.stopping
    .checkpoint()`: a page's Stop ends a long work of games there."""
    by_seat = _by_seat(agents)  # (a dict lookup per step: the loop runs every simulation)
    steps = 0
    while not state.is_terminal():
        checkpoint()  # a page's Stop ends the work here (kit_common.stopping)
        if until is not None and until(state):
            return state
        actor = state.current_player()
        if actor == CHANCE:
            agent = None
            owner = state.chance_owner()
            if owner != CHANCE and owner not in by_seat:
                return state  # a person throws the dice
        else:
            agent = by_seat.get(actor)
            if agent is None:
                return state  # a person's decision
        if max_steps is not None and steps >= max_steps:
            raise RuntimeError(message("game.runaway", steps=max_steps))
        move: Any
        if agent is None:
            move = state.sample_chance(rng)
            after = state.apply_chance(move)
        else:
            move = agent(state, rng)
            after = state.apply_action(move)
        if on_step is not None:
            on_step(state, actor, move, after)
        state = after
        steps += 1
    return state


def _by_seat(agents: Agents[StateT]) -> dict[int, Agent[StateT]]:
    """The agents by seat, the persons' seats left out."""
    if isinstance(agents, Mapping):
        return {seat: agent for seat, agent in agents.items() if agent is not None}
    return {seat: agent for seat, agent in enumerate(agents) if agent is not None}


_Value = TypeVar("_Value")


def evolve(obj: _Value, **changes: Any) -> _Value:
    """A copy of a frozen dataclass value with `changes`: like `dataclasses.replace`, but
    several times faster (simulations make many copies) and without the constructor's input
    checks, for the rules' own steps, whose results are valid by construction. The changed
    names must be fields."""
    return copy_with(obj, changes)


def copy_with(obj: _Value, changes: dict[str, Any]) -> _Value:
    """`evolve` with the changes as a dict (no keyword arguments to pack: the fastest call)."""
    new = object.__new__(type(obj))
    fields = obj.__dict__.copy()  # copying a whole dict is much faster than filling one
    fields.update(changes)
    _set_attribute(new, "__dict__", fields)  # (the frozen classes refuse setattr)
    return new


_set_attribute = object.__setattr__


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "Agents",
    "GameState",
    "StepListener",
    "copy_with",
    "evolve",
    "run",
]
