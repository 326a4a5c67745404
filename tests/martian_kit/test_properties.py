"""Property tests over random legal play: whatever the dice and the choices, the rules hold."""

from __future__ import annotations

import random
from fractions import Fraction
from math import factorial

from hypothesis import given, settings
from hypothesis import strategies as st

from martian_kit.dice import FACES, NUM_DICE, Face, FaceCounts, roll_distribution
from martian_kit.errors import RuleError
from martian_kit.game import CHANCE, GameState, new_game
from martian_kit.turn import Action, Phase, TurnState
from tests.goodness_of_fit import assert_fits

ALL_ACTIONS = tuple(Action)
ONE_DIE = {
    Face.TANK: Fraction(1, 6),
    Face.RAY: Fraction(1, 3),
    Face.HUMAN: Fraction(1, 6),
    Face.COW: Fraction(1, 6),
    Face.CHICKEN: Fraction(1, 6),
}


def expected_score(set_aside: FaceCounts) -> int:
    """The score formula written out again, independently of martian_kit.scoring."""
    if set_aside.tank > set_aside.ray:
        return 0
    kinds = [set_aside.human, set_aside.cow, set_aside.chicken]
    return sum(kinds) + (3 if min(kinds) > 0 else 0)


def check_turn_invariants(turn: TurnState) -> None:
    in_play = turn.set_aside.total + (turn.rolled.total if turn.rolled is not None else 0)
    if turn.phase is Phase.MUST_CHOOSE:
        assert in_play == NUM_DICE  # 13 dice always accounted for
    assert 0 <= turn.set_aside.total <= NUM_DICE
    assert 0 <= turn.score() <= 16


def check_illegal_actions_rejected(state: GameState) -> None:
    legal = set(state.legal_actions())
    for action in ALL_ACTIONS:
        if action in legal:
            continue
        before = state
        try:
            state.apply_action(action)
        except RuleError as err:
            assert err.rule and str(err)
        else:  # pragma: no cover - the property fails
            raise AssertionError(f"{action} was accepted in {state.turn}")
        assert state == before


def play_checked(num_players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(num_players)
    steps = 0
    while not state.is_terminal():
        check_turn_invariants(state.turn)
        if state.current_player() == CHANCE:
            state = state.apply_chance(state.sample_chance(rng))
        else:
            check_illegal_actions_rejected(state)
            state = state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 100_000, "the game does not end"
    return state


@settings(max_examples=40, deadline=None)
@given(num_players=st.integers(1, 10), seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_every_rule(num_players, seed):
    game = play_checked(num_players, seed)
    assert game.winner is not None
    for turn in game.log:
        set_aside = FaceCounts(*(0 for _ in FACES))
        taken = []
        for r in turn.rolls:
            set_aside = set_aside.add(Face.TANK, r.rolled.tank)
            if r.took is not None:
                set_aside = set_aside.add(r.took, r.rolled[r.took])
                taken.append(r.took)
        assert set_aside == turn.set_aside
        earthlings = [f for f in taken if f is not Face.RAY]
        assert len(earthlings) == len(set(earthlings))  # no earthling type taken twice
        assert turn.score == expected_score(turn.set_aside)
        assert 0 <= turn.score <= 16
    totals = [0] * game.num_players
    for turn in game.log:
        totals[turn.seat] += turn.score
        assert turn.total == totals[turn.seat]
    assert tuple(totals) == game.totals
    assert game.totals[game.winner] == max(game.totals)  # the winner has the highest total
    if game.num_players > 1:
        assert max(game.totals) >= 25
        turns = [game.turns_taken(s) for s in range(game.num_players)]
        assert len(set(turns)) == 1  # the round was finished: all had the same number of turns


def test_chance_outcome_probabilities_sum_to_exactly_one_and_match_the_multinomial():
    for n in range(NUM_DICE + 1):
        outcomes = roll_distribution(n)
        assert sum(p for _, p in outcomes) == 1
        assert len({c for c, _ in outcomes}) == len(outcomes)
        for counts, p in outcomes:
            assert counts.total == n
            ways = factorial(n)
            for c in counts:
                ways //= factorial(c)
            formula = Fraction(ways)
            for face, c in zip(FACES, counts):
                formula *= ONE_DIE[face] ** c
            assert p == formula


def test_sampled_rolls_follow_the_enumerated_distribution():
    """Chi-square goodness of fit of 4 000 sampled 3-dice rolls against the exact law."""
    rng = random.Random(2024)
    outcomes = roll_distribution(3)
    index = {c: i for i, (c, _) in enumerate(outcomes)}
    observed = [0] * len(outcomes)
    draws = 4000
    turn = TurnState(FaceCounts(ray=10), None, Phase.MUST_ROLL)
    for _ in range(draws):
        observed[index[turn.sample_roll(rng)]] += 1
    # 35 outcomes, each expected at least 18 times: 34 degrees of freedom, none pooled
    assert assert_fits(observed, [p for _, p in outcomes]).cells == 35
