"""The one play loop, `engine.run`: chance and the agents act until a person must act, a stop
condition holds, or the game ends; every step is reported once, in order."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from dino_kit.bots import heuristic_bot, random_bot
from dino_kit.engine import apply_action, apply_chance, run, sample_chance
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Phase


def plain_loop(state, bots, rng):
    """The loop written out step by step, as the callers had it before `run`."""
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state = apply_chance(state, sample_chance(state, rng))
        else:
            state = apply_action(state, bots[seat](state, rng))
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_run_plays_the_same_game_as_the_plain_loop(seed):
    bots = [heuristic_bot, random_bot, heuristic_bot]
    mine = run(new_game(3), bots, random.Random(seed))
    theirs = plain_loop(new_game(3), bots, random.Random(seed))
    assert mine.is_terminal()
    assert mine.moves() == theirs.moves() and mine.final == theirs.final


def test_run_stops_where_a_person_must_act():
    """No agent at seat 1 (None, or left out of a mapping): the loop hands the game over there."""
    for agents in ([heuristic_bot, None], {0: heuristic_bot}):
        state = run(new_game(2, first_player=0), agents, random.Random(3))
        assert not state.is_terminal()
        assert state.current_player() == 1
    alone = run(new_game(2), (), random.Random(3))  # nobody: chance plays setup, then stops
    assert alone.phase == Phase.RESEARCH and alone.current_player() == alone.order[0]


def test_run_stops_when_asked_and_reports_every_step():
    steps = []
    state = run(
        new_game(2),
        [heuristic_bot, heuristic_bot],
        random.Random(4),
        until=lambda s: s.phase == Phase.WORKERS,
        on_step=lambda before, actor, move, after: steps.append((before, actor, move, after)),
    )
    assert state.phase == Phase.WORKERS
    assert [(actor, move) for _, actor, move, _ in steps] == state.moves()
    for (_, _, _, after), (before, _, _, _) in pairwise(steps):
        assert after is before  # each step starts where the last one ended
    assert steps[-1][3] is state


def test_run_has_a_safety_net():
    with pytest.raises(RuntimeError, match="10 steps"):
        run(new_game(2), [heuristic_bot, heuristic_bot], random.Random(5), max_steps=10)
    short = run(new_game(2), (), random.Random(5), max_steps=10**6)
    assert short.current_player() >= 0  # stopping for a person is not the safety net
