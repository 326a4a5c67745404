"""The class experiments of Martian Dice: their exact laws against independent routes, the
shipped turn-score laws, and a class doing the Death Rays experiment through the store."""

from __future__ import annotations

import json
import random
from fractions import Fraction as F
from math import comb
from pathlib import Path

import pytest

from kit_common.class_store import ClassStore
from kit_common.errors import InputError
from martian_kit.dice import FaceCounts
from martian_kit.experiments import (
    DEATH_RAYS,
    SHIPPED_PATH,
    TURN_STRATEGIES,
    class_experiments,
    death_rays,
    experiment_by_name,
    solve_turn_laws,
    turn_law,
    turn_score,
)
from martian_kit.scoring import score
from martian_kit.solver.distribution import score_distribution
from martian_kit.strategies import named_table_policies


def test_the_death_rays_law_is_the_binomial_of_13_dice_at_one_in_three() -> None:
    rays = death_rays()
    assert rays.name == DEATH_RAYS and rays.outcomes == tuple(range(14))
    assert rays.law == tuple(
        (k, comb(13, k) * F(1, 3) ** k * F(2, 3) ** (13 - k)) for k in range(14)
    )
    assert rays.mean == F(13, 3)


@pytest.mark.parametrize("strategy", TURN_STRATEGIES)
def test_the_shipped_turn_laws_agree_with_the_float_route(strategy: str) -> None:
    law = turn_law(strategy)
    assert len(law) == 17 and sum(law) == 1 and all(type(p) is F for p in law)
    floats = score_distribution(named_table_policies()[strategy]).probs
    assert [float(p) for p in law] == pytest.approx(floats, abs=1e-13)
    experiment = turn_score(strategy)
    assert experiment.outcomes == tuple(s for s, p in enumerate(law) if p)
    assert experiment.mean == sum(s * p for s, p in enumerate(law))


@pytest.mark.slow
def test_the_shipped_turn_laws_are_solved_again() -> None:
    shipped = json.loads(Path(SHIPPED_PATH).read_text(encoding="utf-8"))
    assert set(shipped) == set(TURN_STRATEGIES)
    assert solve_turn_laws(("cautious",)) == {"cautious": shipped["cautious"]}


def test_the_offered_experiments_are_found_by_name() -> None:
    offered = class_experiments()
    assert list(offered) == [DEATH_RAYS, "turn-score-cautious", "turn-score-optimal"]
    assert experiment_by_name("turn-score-optimal").title == (
        "A whole turn with the optimal strategy"
    )
    with pytest.raises(InputError, match=r"^experiment: must be one of 'death-rays-13'"):
        experiment_by_name("coin")
    with pytest.raises(InputError, match=r"^strategy: must be one of"):
        turn_law("reckless")


def test_a_class_pools_the_death_rays_of_its_students(tmp_path: Path) -> None:
    rays = death_rays()
    store = ClassStore(f"sqlite:///{tmp_path / 'classes.sqlite3'}")
    teacher = store.start_class(rays.name, rays.outcomes)
    rng = random.Random(2026)
    sent = []
    for i in range(10):
        student = store.join(teacher.code, f"student {i}")
        trials = [rays.sample(rng) for _ in range(20)]
        store.send(student, f"send-{i:04d}-a", trials)
        sent += trials
    pooled = store.pooled(teacher.code)
    result = rays.compare(pooled.as_dict())
    assert result.trials == 200 and result.observed == tuple(sent.count(k) for k in range(14))
    assert result.test is not None and result.test.df == len(rays.groups(200)) - 1
    assert result.test.p_value > 0.001  # seeded draws from the exact law agree with it
    store.dispose()


def _drawn(row: str) -> FaceCounts:
    """The dice a row of a picture draws, counted by their text alternatives."""
    return FaceCounts(
        *(
            row.count(f'aria-label="{label}"')
            for label in ("Tank", "Death Ray", "Human", "Cow", "Chicken")
        )
    )


@pytest.mark.parametrize(("name", "trials"), [(DEATH_RAYS, 1500), ("turn-score-cautious", 600)])
def test_a_trial_on_screen_is_played_by_the_engine_and_follows_the_law(
    name: str, trials: int
) -> None:
    """The engine's roll (or turn) gives outcomes the exact law expects (a chi-square test at
    fixed seeds), and its picture draws what gave the outcome: the 13 dice rolled, whose Death
    Rays are the outcome; the dice set aside at the turn's end, whose score is the outcome."""
    experiment = class_experiments()[name]
    rng = random.Random(2026)
    played = [experiment.do(rng) for _ in range(trials)]
    counts = {k: sum(t.outcome == k for t in played) for k in experiment.outcomes}
    test = experiment.compare(counts).test
    assert test is not None and test.p_value > 0.001
    for trial in played[:50]:
        set_aside = _drawn(trial.picture.split('class="kit-dice-row"')[1])
        if name == DEATH_RAYS:
            assert set_aside.total == 13 and set_aside.ray == trial.outcome
        else:
            assert score(set_aside) == trial.outcome
