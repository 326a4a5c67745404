"""The class experiments of Martian Dice, as data (`kit_common.experiments.Experiment`): what
one trial is and its exact law, computed by the kit.

- `death_rays()`: roll the 13 dice once and count the Death Rays (0 to 13), P(k) from the
  dice's own odds (`martian_kit.odds.face_count_distribution`);
- `turn_score(strategy)`: play one whole turn with a named strategy and note its score (0 to
  16), P(s) the exact turn-score distribution of that strategy (`score_distribution_exact`:
  Fractions over the engine's own states).

A turn's exact distribution in Fractions takes minutes to work out (its denominators run to
about 110 digits), so the kit ships it for the strategies a class is offered
(`TURN_STRATEGIES`, in `martian_kit/data/turn_laws.json`, rebuilt by `solve_turn_laws`; a test
checks it against the fast float route, and a slow one solves it again); another named
strategy is solved on first use.

A trial on screen is played by the engine and drawn (`Experiment.play`): the 13 dice rolled
with their faces, or the turn's dice set aside at its end with its score; its outcome follows
the exact law, as a test checks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

from kit_common.checks import one_of
from kit_common.experiments import Experiment, Trial
from kit_common.svg import dice_row_html
from martian_kit.dice import NUM_DICE, Face, roll
from martian_kit.messages import CATALOGUE, message, policy_name
from martian_kit.odds import face_count_distribution
from martian_kit.solver.distribution import score_distribution_exact
from martian_kit.strategies import TablePolicy, named_table_policies
from martian_kit.turn import TurnState, new_turn

#: Where the kit ships the exact turn-score laws of the strategies a class is offered.
SHIPPED_PATH = Path(__file__).resolve().parent / "data" / "turn_laws.json"
#: The strategies whose turn-score law is shipped (and so offered to a class).
TURN_STRATEGIES = ("cautious", "optimal")
DEATH_RAYS = "death-rays-13"
#: The dice's width in em in a trial's picture (13 dice wrap on a phone's screen).
DIE_EM = 1.7


def roll_rays(rng: random.Random) -> Trial:
    """One trial of `death_rays()` on screen: the 13 dice rolled, drawn grouped by face, and
    the number of Death Rays among them."""
    counts = roll(NUM_DICE, rng)
    return Trial(counts.ray, dice_row_html(counts.dice_svg(DIE_EM), f"{counts}."))


def play_turn(policy: TablePolicy, rng: random.Random) -> tuple[TurnState, int]:
    """A whole turn played by `policy` with `rng` on the engine: its last state and how many
    times the dice were rolled."""
    state, rolls = new_turn(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply_roll(state.sample_roll(rng))
            rolls += 1
        else:
            state = state.apply_action(policy(state, None, rng))
    return state, rolls


def turn_picture(state: TurnState, rolls: int) -> str:
    """A finished turn drawn: the dice set aside at its end (and the last roll, when it left
    no legal choice), with the number of rolls, why it ended and its score in words."""
    sentence = CATALOGUE.plural(
        "experiment.turn.played",
        rolls,
        set_aside=state.set_aside,
        over=state.next_step(),
        score=state.explain_score(),
    )
    rows = dice_row_html(state.set_aside.dice_svg(DIE_EM), sentence)
    if state.rolled is not None and state.rolled.total:
        rolled = message("experiment.turn.last_roll", rolled=state.rolled)
        rows += dice_row_html(state.rolled.dice_svg(DIE_EM), rolled)
    return rows


@cache
def _policy(strategy: str) -> TablePolicy:
    return named_table_policies()[strategy]


def _turn_player(strategy: str) -> Callable[[random.Random], Trial]:
    def play(rng: random.Random) -> Trial:
        state, rolls = play_turn(_policy(strategy), rng)
        return Trial(state.score(), turn_picture(state, rolls))

    return play


def death_rays() -> Experiment:
    """One trial: roll all 13 dice once and count the Death Rays."""
    return Experiment.from_probabilities(
        DEATH_RAYS,
        message("experiment.rays.title"),
        message("experiment.rays.trial", dice=NUM_DICE),
        message("experiment.rays.outcome"),
        face_count_distribution(NUM_DICE, Face.RAY),
        play=roll_rays,
    )


def solve_turn_laws(strategies: tuple[str, ...] = TURN_STRATEGIES) -> dict[str, list[str]]:
    """The exact turn-score laws of `strategies` as the shipped file holds them: P(score) for
    scores 0..16 as "numerator/denominator" (takes minutes a strategy)."""
    policies = named_table_policies()
    laws = {}
    for name in strategies:
        probs = score_distribution_exact(policies[name]).probs
        laws[name] = [f"{p.numerator}/{p.denominator}" for p in probs]
    return laws


@cache
def _shipped() -> dict[str, tuple[Fraction, ...]]:
    with SHIPPED_PATH.open(encoding="utf-8") as file:
        return {k: tuple(Fraction(p) for p in v) for k, v in json.load(file).items()}


@cache
def turn_law(strategy: str) -> tuple[Fraction, ...]:
    """P(a turn scores s), s = 0..16, when played with the named strategy, exactly."""
    one_of(strategy, "strategy", list(named_table_policies()))
    shipped = _shipped()
    if strategy in shipped:
        return shipped[strategy]
    return tuple(score_distribution_exact(named_table_policies()[strategy]).probs)


def turn_score(strategy: str = "cautious") -> Experiment:
    """One trial: play a whole turn with `strategy` and note its score."""
    law = turn_law(strategy)
    return Experiment.from_probabilities(
        f"turn-score-{strategy}",
        message("experiment.turn.title", strategy=policy_name(strategy)),
        message("experiment.turn.trial", strategy=policy_name(strategy)),
        message("experiment.turn.outcome"),
        law,
        play=_turn_player(strategy),
    )


def class_experiments() -> dict[str, Experiment]:
    """The experiments a class is offered, by name."""
    offered = [death_rays(), *(turn_score(s) for s in TURN_STRATEGIES)]
    return {e.name: e for e in offered}


def experiment_by_name(name: str) -> Experiment:
    """The offered experiment a class store names."""
    experiments = class_experiments()
    return experiments[one_of(name, "experiment", list(experiments))]
