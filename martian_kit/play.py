"""Playing whole games with policies, one chance outcome at a time (the reference loop that
records, the CLI and the widgets share; fast vectorised simulation lives elsewhere)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from martian_kit.game import CHANCE, GameState, new_game
from martian_kit.policies import Policy


def step(state: GameState, policies: Sequence[Policy], rng: random.Random) -> GameState:
    """Advance the game by one chance outcome or one policy decision."""
    player = state.current_player()
    if player == CHANCE:
        return state.apply_chance(state.sample_chance(rng))
    action = policies[player](state.turn, state.context(), rng)
    return state.apply_action(action)


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
    if len(policies) != state.num_players:
        raise ValueError(f"{state.num_players} players need {state.num_players} policies")
    while not state.is_terminal():
        state = step(state, policies, rng)
    return state
