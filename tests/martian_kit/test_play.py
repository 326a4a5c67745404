"""The one play loop (`martian_kit.play.run`): where it stops, and that it draws from the rng
exactly as the step-by-step game would."""

from __future__ import annotations

import random

import pytest

from martian_kit.dice import FaceCounts
from martian_kit.game import CHANCE, GameState, new_game
from martian_kit.play import person_to_act, play_game, run, step
from martian_kit.policies import random_policy


def test_run_stops_at_once_when_a_person_is_to_play():
    start = new_game(2)
    assert run(start, [None, random_policy], random.Random(1)) is start


def test_run_plays_the_bots_until_the_persons_turn_begins():
    state = run(new_game(3), [random_policy, random_policy, None], random.Random(5))
    assert [t.seat for t in state.log] == [0, 1]
    assert state.seat == 2 and state.turn.is_first_roll()
    assert person_to_act(state, [random_policy, random_policy, None])


def test_until_stops_the_loop_where_the_caller_says():
    bots = [random_policy, random_policy]
    state = run(new_game(2), bots, random.Random(3), until=lambda s: len(s.log) == 3)
    assert len(state.log) == 3 and not state.is_terminal()


def test_a_tie_break_is_played_through_even_among_people():
    tied = GameState(players=("A", "B", "C"), totals=(25, 25, 25), tied=(0, 1, 2))
    state = run(tied, [None, None, None], random.Random(2))
    assert state.is_terminal() and state.winner in (0, 1, 2)
    assert state.rolloffs


def test_run_draws_like_stepping_by_hand():
    # The loop adds no randomness of its own: the same seed gives the same game.
    bots = [random_policy] * 3
    by_hand, rng = new_game(3), random.Random(11)
    while not by_hand.is_terminal():
        by_hand = step(by_hand, bots, rng)
    assert play_game(bots, random.Random(11)) == by_hand


def test_no_policy_is_made_up_for_a_person():
    state = run(new_game(2), [random_policy, None], random.Random(4))
    assert state.seat == 1 and state.current_player() == CHANCE  # the person presses Roll
    choosing = state.apply_chance(FaceCounts(tank=1, ray=2, human=10))
    with pytest.raises(ValueError, match="seat 2 is a person's"):
        step(choosing, [random_policy, None], random.Random(0))


def test_one_policy_per_seat():
    with pytest.raises(ValueError, match="2 players need 2 policies"):
        run(new_game(2), [random_policy], random.Random(0))
