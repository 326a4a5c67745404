"""Bad input at every public entry point of the Martian Dice engine and its record loader:
wrong types, out-of-range values and unused fields give the kit's own error (a `KitError`:
`InputError`, `RuleError` or `RecordError`) naming the field, and leave the state as it was
(issue 14, points 5 and 7)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit_common.errors import InputError, KitError
from martian_kit import records
from martian_kit.dice import FaceCounts
from martian_kit.game import GameState, new_game
from martian_kit.play import play_game, step
from martian_kit.policies import policy_by_name
from martian_kit.turn import Phase, TurnEnd, TurnState
from tests import tampering

RANDOM = policy_by_name("random")
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Values that are never a whole number (the counts' and seats' type), some equal to one.
not_whole = st.one_of(
    st.floats(allow_nan=False, min_value=-20, max_value=20),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.lists(st.integers(0, 13), max_size=2),
    st.dictionaries(st.sampled_from(["tank", "ray"]), st.integers(0, 13), max_size=2),
)
out_of_range = st.one_of(st.integers(max_value=-1), st.integers(min_value=14))


@st.composite
def games(draw: st.DrawFn) -> GameState:
    """A game after a random number of random steps (chance nodes and decisions alike)."""
    rng = random.Random(draw(st.integers(0, 10_000)))
    state = new_game(draw(st.sampled_from([1, 2, 3])))
    for _ in range(draw(st.integers(0, 60))):
        if state.is_terminal():
            break
        state = step(state, [RANDOM] * state.num_players, rng)
    return state


@st.composite
def bad_counts(draw: st.DrawFn) -> Any:
    """Something that is not 5 whole counts from 0 to 13: a wrong value in one place, a
    wrong length, or not a sequence at all."""
    kind = draw(st.sampled_from(["value", "range", "length", "other"]))
    counts = draw(st.lists(st.integers(0, 3), min_size=5, max_size=5))
    if kind == "value":
        counts[draw(st.integers(0, 4))] = draw(not_whole)
        return tuple(counts)
    if kind == "range":
        counts[draw(st.integers(0, 4))] = draw(out_of_range)
        return tuple(counts)
    if kind == "length":
        return tuple(draw(st.lists(st.integers(0, 3), max_size=8).filter(lambda v: len(v) != 5)))
    return draw(st.one_of(not_whole, st.integers(), st.just(object())))


def refused(call, state: Any) -> KitError:
    """Run `call`, check that it raised the kit's error and left `state` as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(KitError) as raised:
        call()
    assert state == before
    return raised.value


@FAST
@given(games(), bad_counts())
def test_a_chance_outcome_that_is_not_five_whole_counts_is_refused(state, outcome) -> None:
    if state.is_terminal():
        return
    if state.is_chance_node() and not state.in_tiebreak():
        error = refused(lambda: state.apply_chance(outcome), state)
        assert str(error)  # names what was wrong
        turn = state.turn
        refused(lambda: turn.apply_roll(outcome), turn)


@FAST
@given(st.one_of(not_whole, out_of_range, st.integers(7, 100)))
def test_a_tiebreak_roll_that_is_not_0_to_6_rays_is_refused(rays) -> None:
    tied = GameState(players=("A", "B"), totals=(25, 25), tied=(0, 1))
    refused(lambda: tied.apply_chance(rays), tied)


@FAST
@given(games(), st.one_of(not_whole, st.text(max_size=8), st.integers()))
def test_an_action_that_is_not_an_action_is_refused(state, action) -> None:
    if isinstance(action, str) and action in {"roll", "stop", "ray", "human", "cow", "chicken"}:
        return
    refused(lambda: state.apply_action(action), state)


@FAST
@given(
    st.one_of(st.just(FaceCounts()), st.builds(FaceCounts, *[st.integers(0, 3)] * 5), bad_counts()),
    st.one_of(st.none(), st.builds(FaceCounts, *[st.integers(0, 3)] * 5), bad_counts()),
    st.one_of(st.sampled_from(list(Phase)), st.sampled_from([p.value for p in Phase]), not_whole),
    st.one_of(st.none(), st.sampled_from(list(TurnEnd)), st.sampled_from(["stopped"]), not_whole),
)
def test_a_turn_state_is_valid_or_refused(set_aside, rolled, phase, end) -> None:
    try:
        turn = TurnState(set_aside, rolled, phase, end)
    except InputError as err:
        assert err.field in {"set_aside", "rolled", "phase", "end"} or "." in err.field
        return
    # what the constructor accepts the engine can play on
    assert isinstance(turn.phase, Phase) and isinstance(turn.set_aside, FaceCounts)
    assert all(type(n) is int for n in turn.set_aside)
    if turn.phase is Phase.MUST_CHOOSE:
        assert turn.legal_actions() and turn.rolled is not None
    if turn.is_chance_node():
        assert turn.chance_outcomes()
    if turn.phase in (Phase.MUST_ROLL, Phase.MAY_ROLL_OR_STOP):
        assert turn.rolled is None  # no unused field


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: TurnState(FaceCounts(-1, 0, 0, 0, 0)), "set_aside.tank"),
        (lambda: TurnState(FaceCounts(0.5, 0, 0, 0, 0)), "set_aside.tank"),
        (lambda: TurnState((1, 2, 3, 4)), "set_aside"),
        (lambda: TurnState(phase="must_roll"), "phase"),
        (lambda: TurnState(phase=Phase.MUST_CHOOSE), "rolled"),
        (
            lambda: TurnState(FaceCounts(ray=3), FaceCounts(ray=10), Phase.MAY_ROLL_OR_STOP),
            "rolled",
        ),
        (lambda: TurnState(FaceCounts(ray=13), None, Phase.MAY_ROLL_OR_STOP), "phase"),
        (lambda: TurnState(end=TurnEnd.STOPPED), "end"),
        (lambda: GameState(players="Ann", totals=(0, 0, 0)), "players"),
        (lambda: GameState(players=("A", "B"), totals=(0, 0.0)), "totals[1]"),
        (lambda: GameState(players=("A", "B"), totals=(0, 0), seat=2), "seat"),
        (lambda: GameState(players=("A", "B"), totals=(0, 0), round=True), "round"),
        (lambda: GameState(players=("A", "B"), totals=(0, 0), turn="fresh"), "turn"),
        (lambda: GameState(players=("A", "B"), totals=(0, 0), winner=1.0), "winner"),
        (lambda: new_game("Ann"), "players"),
        (lambda: new_game(["Ann", 7]), "players[1]"),
        (lambda: TurnState().apply_roll({"tank": 13}), "rolled"),
        (lambda: new_game(2).apply_chance((6.5, 6.5, 0, 0, 0)), "outcome.tank"),
        (lambda: new_game(2).apply_chance((True, 12, 0, 0, 0)), "outcome.tank"),
        (lambda: new_game(2).apply_chance((1, 12, 0, 0)), "outcome"),
        (lambda: new_game(2).apply_chance((1, 12, 0, 0, 0, 0)), "outcome"),
        (lambda: new_game(2).apply_chance(None), "outcome"),
        (lambda: new_game(2).apply_chance(13.0), "outcome"),
    ],
)
def test_the_issues_cases_name_the_field(make, field: str) -> None:
    with pytest.raises(InputError) as raised:
        make()
    assert raised.value.field == field and str(raised.value).startswith(f"{field}: ")


def test_new_game_of_a_bool_is_refused() -> None:
    with pytest.raises(KitError):
        new_game(True)


# -- the record loader ------------------------------------------------------------------


@st.composite
def records_and_places(draw: st.DrawFn) -> tuple[dict, tuple, int]:
    n = draw(st.sampled_from([1, 2, 3]))
    state = play_game([RANDOM] * n, random.Random(draw(st.integers(0, 10_000))))
    record = records.to_record(state, seed=draw(st.integers(0, 99)))
    places = tampering.places(record)
    return record, places[draw(st.integers(0, len(places) - 1))], draw(st.integers(0, 11))


@FAST
@given(records_and_places())
def test_a_tampered_record_is_refused_naming_a_field(case) -> None:
    record, path, how = case
    bad = tampering.tamper(record, path, how)
    with pytest.raises(records.RecordError) as raised:
        records.from_record(bad)
    assert isinstance(raised.value, KitError) and str(raised.value)


def test_the_issues_record_cases() -> None:
    state = play_game([RANDOM] * 2, random.Random(3))
    record = records.to_record(state)
    for path, value, says in [
        (("turns", 0, "end"), [], r"turns\[0\]\.end: must be one of"),
        (("turns", 0, "round"), 1.0, r"turns\[0\]\.round: expected 1, got 1\.0 \(a float\)"),
        (("turns", 0, "seat"), False, r"turns\[0\]\.seat: expected 0, got False \(a bool\)"),
        (("winner",), float(state.winner), "winner: the replayed game gives"),
        (("turns", 0, "rolling"), 1, r"turns\[0\]\.rolling"),
    ]:
        bad = json.loads(json.dumps(record))
        parent = bad
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
        with pytest.raises(records.RecordError, match=says):
            records.from_record(bad)
