"""Playing games with policies, one chance outcome at a time, through the one play loop of
every game (`kit_common.game.run`: a Martian Dice `GameState` speaks its protocol).

`run(state, policies, rng, until=...)` lets chance and the bots act until a person must act,
the game is over, or the caller's stop rule `until(state)` says so. A seat whose policy is
None is a person's: the loop stops at the start of that seat's turn and at every point of it
(the person presses Roll too: `GameState.chance_owner`), but plays the tie-break roll-off
through, since nobody decides anything there. Everything random is drawn from `rng`, in the
same order whoever calls.

`play_game` (whole games of bots: the CLI, records, tests), the game app's bots and the
tie-break widget all call `run`; fast vectorised simulation lives in `martian_kit.simulate`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kit_common import game as protocol
from martian_kit.game import CHANCE, GameState, new_game
from martian_kit.messages import message
from martian_kit.policy import Policy
from martian_kit.turn import Action

StopRule = Callable[[GameState], bool]


def step(state: GameState, policies: Sequence[Policy | None], rng: random.Random) -> GameState:
    """Advance the game by one chance outcome or one policy decision."""
    player = state.current_player()
    if player == CHANCE:
        return state.apply_chance(state.sample_chance(rng))
    policy = policies[player]
    if policy is None:
        raise ValueError(message("error.person_seat", seat=player + 1))
    return state.apply_action(policy(state.turn, state.context(), rng))


def person_to_act(state: GameState, policies: Sequence[Policy | None]) -> bool:
    """True when the game waits for a person: it is the turn of a seat without a policy
    (outside the tie-break roll-off, which only chance plays)."""
    return not state.is_terminal() and not state.in_tiebreak() and policies[state.seat] is None


def run(
    state: GameState,
    policies: Sequence[Policy | None],
    rng: random.Random,
    until: StopRule | None = None,
) -> GameState:
    """Let chance and the policies act until a person must act (`person_to_act`), the game
    is over, or `until(state)` is true (checked before every step); returns that state.
    `policies` has one entry per seat, None for a person."""
    if len(policies) != state.num_players:
        raise ValueError(message("error.policies_needed", players=state.num_players))
    agents = [None if policy is None else _agent(policy) for policy in policies]
    return protocol.run(state, agents, rng, until=until)


def _agent(policy: Policy) -> protocol.Agent[GameState]:
    """The policy as an agent of the play loop: it decides on the turn, knowing the game."""

    def agent(state: GameState, rng: random.Random) -> Action:
        return policy(state.turn, state.context(), rng)

    return agent


def play_game(
    policies: Sequence[Policy],
    rng: random.Random,
    names: Sequence[str] | None = None,
    state: GameState | None = None,
) -> GameState:
    """Play a game to its end, one policy per seat, all randomness drawn from `rng`.
    Starts from `state` when given (e.g. a loaded, unfinished game)."""
    if state is None:
        state = new_game(list(names) if names is not None else len(policies))
    return run(state, policies, rng)


__all__ = ["StopRule", "person_to_act", "play_game", "run", "step"]
