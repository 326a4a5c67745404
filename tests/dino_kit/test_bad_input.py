"""Bad input at every public entry point of the Dinosaur Island engine and its record loader:
wrong types (`2.0`, `True`, lists and dicts where an id belongs), out-of-range values and
fields an action does not use give the kit's own error naming the field, and leave the state
as it was (issue 14, points 6 and 7)."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dino_kit import records
from dino_kit.actions import USED_FIELDS
from dino_kit.bots import bot_by_name
from dino_kit.engine import (
    apply_action,
    apply_chance,
    chance_outcomes,
    legal_actions,
    run,
    sample_chance,
    why_illegal,
)
from dino_kit.setup import new_game
from dino_kit.simulate import play_game
from dino_kit.state import Action, ActionKind, Exhibit, GameState, PlayerState
from kit_common.errors import InputError, KitError
from tests import tampering

SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIELDS = ("scientist", "target", "choice")


@cache
def _positions(seed: int) -> tuple[GameState, ...]:
    """Every position of one random 2-player game (cached: hypothesis picks among them)."""
    rng = random.Random(seed)
    state = new_game(2, max_rounds=4)
    seen = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            state = apply_chance(state, sample_chance(state, rng))
        else:
            state = apply_action(state, rng.choice(legal_actions(state)))
        seen.append(state)
    return tuple(seen)


@st.composite
def positions(draw: st.DrawFn, decision: bool) -> GameState:
    states = [
        s
        for s in _positions(draw(st.integers(0, 2)))
        if not s.is_terminal() and s.is_chance_node() != decision
    ]
    return states[draw(st.integers(0, len(states) - 1))]


def _wrong(value: Any) -> st.SearchStrategy[Any]:
    """Values that can never stand where `value` stands in an action."""
    like = [
        st.lists(st.integers(0, 3), max_size=2),
        st.dictionaries(st.text(max_size=2), st.none()),
    ]
    if isinstance(value, int):
        like += [st.just(float(value)), st.just(bool(value % 2)), st.just(str(value))]
    return st.one_of(like)


def refused(call, state: GameState) -> KitError:
    # every byte of the state, history included (a pickle: a deep copy took 10 times as long)
    before = pickle.dumps(state)
    with pytest.raises(KitError) as raised:
        call()
    assert pickle.dumps(state) == before
    return raised.value


@SOME
@given(positions(decision=True), st.data())
def test_a_legal_action_with_one_field_made_wrong_is_refused(state, data) -> None:
    action = data.draw(st.sampled_from(legal_actions(state)))
    name = data.draw(st.sampled_from(FIELDS))
    value = getattr(action, name)
    if value is None:  # a field this action does not use: any value is one too many
        wrong = data.draw(st.one_of(st.integers(0, 5), st.text(min_size=1, max_size=3)))
        if name in USED_FIELDS[(state.phase, action.kind)]:
            return  # an optional field it may use: some values are legal
    else:
        wrong = data.draw(_wrong(value))
    bad = action._replace(**{name: wrong})
    error = refused(lambda: apply_action(state, bad), state)
    assert name in str(error) or isinstance(error, KitError)
    assert why_illegal(state, bad) is not None


@SOME
@given(
    positions(decision=True),
    st.one_of(
        st.text(max_size=5), st.integers(), st.none(), st.lists(st.text(max_size=2), max_size=2)
    ),
)
def test_an_action_of_a_wrong_kind_or_not_an_action_is_refused(state, kind) -> None:
    if isinstance(kind, str) and kind in {k.value for k in ActionKind}:
        return
    refused(lambda: apply_action(state, Action(kind)), state)
    refused(lambda: apply_action(state, {"kind": kind}), state)
    assert why_illegal(state, Action(kind)) is not None


@SOME
@given(positions(decision=False), st.data())
def test_a_chance_outcome_of_the_wrong_type_is_refused(state, data) -> None:
    good = sample_chance(state, random.Random(0))
    if isinstance(good, int):
        wrong = data.draw(
            st.one_of(
                st.just(float(good)), st.just(bool(good % 2)), st.just([good]), st.just(str(good))
            )
        )
    else:
        wrong = data.draw(
            st.one_of(st.just([good]), st.just((good,)), st.just({good: 1}), st.just(1.0))
        )
    refused(lambda: apply_chance(state, wrong), state)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": "Ann"}, "players"),
        ({"players": True}, "players"),
        ({"players": ["Ann", ""]}, "players[1]"),
        ({"players": 2, "first_player": 1.0}, "first_player"),
        ({"players": 2, "max_rounds": 0}, "max_rounds"),
        ({"players": 2, "chaos_theory": 1}, "chaos_theory"),
        ({"players": 2, "objective_length": ["short"]}, "objective_length"),
        ({"players": 2, "components": "illustrative"}, "components"),
    ],
)
def test_new_game_refuses_arguments_of_the_wrong_type(kwargs: dict, field: str) -> None:
    with pytest.raises(InputError) as raised:
        new_game(**kwargs)
    assert raised.value.field == field


def test_the_issues_engine_cases() -> None:
    state = next(s for s in _positions(0) if not s.is_chance_node() and s.phase == "research")
    die = next(a for a in legal_actions(state) if a.kind == "die")
    for bad, field in [
        (die._replace(scientist=float(die.scientist)), "action.scientist"),
        (die._replace(scientist=True), "action.scientist"),
        (Action("recipe", 3, ["herbivore"]), "action.target"),
        (Action("recipe", 3, {"herbivore": 1}), "action.target"),
        (Action(["die"], 1, 0), "action.kind"),
        (Action("pass", die.scientist, 5), "action.target"),
    ]:
        with pytest.raises(InputError) as raised:
            apply_action(state, bad)
        assert raised.value.field == field
    with pytest.raises(InputError, match="state"):
        apply_action("a game", die)


# -- the record loader ------------------------------------------------------------------


@cache
def _record() -> dict:
    state = play_game([bot_by_name("heuristic")] * 2, random.Random(5), max_rounds=3)
    return records.to_record(state, seed=5)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_tampered_record_is_refused(data) -> None:
    record = _record()
    places = tampering.places(record)
    path = places[data.draw(st.integers(0, len(places) - 1))]
    bad = tampering.tamper(record, path, data.draw(st.integers(0, 11)))
    with pytest.raises(records.RecordError):
        records.from_record(bad)


def test_a_record_loads_back_and_non_integer_moves_are_refused() -> None:
    record = _record()
    assert records.from_record(json.loads(json.dumps(record))).final is not None
    i = next(i for i, m in enumerate(record["moves"]) if isinstance(m.get("chance"), int))
    bad = json.loads(json.dumps(record))
    bad["moves"][i]["chance"] = float(bad["moves"][i]["chance"])
    with pytest.raises(records.RecordError, match=rf"moves\[{i}\]\.chance: .* \(a float\)"):
        records.from_record(bad)


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: PlayerState(money=9.0), "money"),
        (lambda: PlayerState(money=9, vp=True), "vp"),
        (lambda: PlayerState(money=9, dna=(1, 3.0, 1, 0, 0, 0)), "dna[1]"),
        (lambda: PlayerState(money=9, limits=(4, 4, 4)), "limits"),
        (lambda: PlayerState(money=9, scientists=(1, 4)), "scientists[1]"),
        (lambda: PlayerState(money=9, exhibits=("H0",)), "exhibits[0]"),
        (lambda: PlayerState(money=9, done=0), "done"),
        (lambda: Exhibit("H1", 1.0), "dinosaurs"),
        (lambda: Exhibit(["H1"]), "recipe"),
        (lambda: replace(new_game(2), names="Ann"), "names"),
        (lambda: replace(new_game(2), round=1.0), "round"),
        (lambda: replace(new_game(2), players=()), "players"),
    ],
)
def test_a_state_constructor_refuses_the_wrong_kind_of_value(make, field: str) -> None:
    with pytest.raises(InputError) as raised:
        make()
    assert raised.value.field == field


@pytest.mark.parametrize(
    "call",
    [
        lambda: legal_actions("a game"),
        lambda: chance_outcomes(None),
        lambda: sample_chance({}, random.Random(0)),
        lambda: sample_chance(new_game(2), 7),
        lambda: apply_chance([], "D1"),
        lambda: run("a game", [], random.Random(0)),
    ],
)
def test_every_engine_entry_point_refuses_what_is_not_a_game(call) -> None:
    with pytest.raises(InputError):
        call()
