"""The state constructors accept exactly the states the rules reach (issue 30, item 4): every
state met in seeded play, a turn ended by a last roll of nothing but Tanks included, is
accepted as given; a game ending the rules cannot reach (a winner on 0 points, a tie-break
between unequal totals, roll-offs of the wrong shape or order) is refused naming the field."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from kit_common.errors import InputError
from martian_kit import records
from martian_kit.dice import FaceCounts
from martian_kit.game import GameState, new_game
from martian_kit.play import step
from martian_kit.policies import policy_by_name
from martian_kit.turn import Action, Phase, TurnEnd, TurnState, new_turn

RANDOM = policy_by_name("random")


def rebuilt(state):
    """`state` built again through its constructor, from its fields as they are."""
    return type(state)(**{f.name: getattr(state, f.name) for f in fields(state)})


def test_a_last_roll_of_nothing_but_tanks_ends_in_a_state_the_constructor_accepts() -> None:
    first = new_turn().apply_roll(FaceCounts(tank=13))
    assert first.end is TurnEnd.NO_CHOICE and first.set_aside.total == 13
    later = (
        new_turn()
        .apply_roll(FaceCounts(ray=12, human=1))
        .apply_action(Action.TAKE_RAY)
        .apply_action(Action.ROLL)
        .apply_roll(FaceCounts(tank=1))
    )
    assert later.end is TurnEnd.NO_CHOICE and later.rolled == FaceCounts()
    for turn in (first, later):
        assert rebuilt(turn) == turn


@pytest.mark.parametrize(
    ("set_aside", "end"),
    [
        (FaceCounts(tank=0, ray=13), TurnEnd.NO_CHOICE),  # no roll of Tanks ended it
        (FaceCounts(tank=3, ray=10), TurnEnd.STOPPED),  # nothing left to stop with
    ],
)
def test_an_ending_with_all_dice_aside_the_rules_cannot_reach_is_refused(set_aside, end) -> None:
    rolled = FaceCounts() if end is TurnEnd.NO_CHOICE else None
    with pytest.raises(InputError) as raised:
        TurnState(set_aside, rolled, Phase.OVER, end)
    assert raised.value.field == "end"


def test_every_turn_state_of_seeded_play_is_accepted_as_given() -> None:
    """Random turns, each state met rebuilt through the constructor: the same state. Among
    them, turns ended by a last roll of nothing but Tanks (refused before issue 30)."""
    rng = random.Random(30)
    all_tanks = 0
    for _ in range(2500):
        turn = new_turn()
        while not turn.is_terminal():
            if turn.is_chance_node():
                turn = turn.apply_roll(turn.sample_roll(rng))
            else:
                turn = turn.apply_action(rng.choice(turn.legal_actions()))
            assert rebuilt(turn) == turn
        all_tanks += turn.end is TurnEnd.NO_CHOICE and turn.set_aside.total == 13
    assert all_tanks > 0


def test_every_game_state_of_seeded_play_is_accepted_as_given() -> None:
    """Random games, and tie-breaks played from a tie: each state between turns and each
    roll-off, rebuilt through the constructor, is the same state, and each finished game's
    record is written (and loads back, when it holds its turns)."""
    rng = random.Random(30)
    games = [new_game(rng.choice([1, 2, 3])) for _ in range(12)]
    games += [_game((26,) * n, tied=tuple(range(n))) for n in (2, 3, 4) for _ in range(40)]
    for state in games:
        while not state.is_terminal():
            if not state.rolls:
                assert rebuilt(state) == state
            state = step(state, [RANDOM] * state.num_players, rng)
        assert rebuilt(state) == state
        record = records.to_record(state)  # a game from a made-up tie has no turns to replay
        assert record["winner"] == state.winner and len(record["tiebreak"]) == len(state.rolloffs)
        if state.log:
            assert records.from_record(record) == state


def _game(totals, **kwargs) -> GameState:
    return GameState(players=tuple("ABCD"[: len(totals)]), totals=totals, **kwargs)


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: _game((0, 0), winner=0), "winner"),
        (lambda: _game((30, 26), winner=1), "winner"),
        (lambda: _game((24,), winner=0), "winner"),
        (lambda: _game((25,), tied=()), None),  # accepted: a practice game on 25, not won yet
        (lambda: _game((30, 26), tied=(0, 1)), "tied"),
        (lambda: _game((20, 20), tied=(0, 1)), "tied"),
        (lambda: _game((26, 26, 26), tied=(0, 1)), "tied"),
        (lambda: _game((26, 26), winner=0), "rolloffs"),
        (lambda: _game((26, 26), rolloffs=((0, 3),)), "rolloffs[0][0]"),
        (lambda: _game((26, 26), rolloffs=("xx",)), "rolloffs"),
        (lambda: _game((26, 26), rolloffs=(((0, 3), (1, 7)),), tied=(0, 1)), "rolloffs[0][1][1]"),
        (lambda: _game((26, 26), rolloffs=(((0, 3), (1, 3)),)), "rolloffs"),
        (lambda: _game((26, 26), rolloffs=(((0, 3), (1, 1)),), tied=(0, 1)), "tied"),
        (lambda: _game((26, 26), rolloffs=(((0, 3), (1, 1)),), tied=(0, 1), winner=1), "winner"),
        (lambda: _game((26, 26, 26), rolloffs=(((0, 3), (1, 3)),), tied=(0, 1)), "rolloffs[0]"),
        (
            lambda: _game((26, 26), rolloffs=(((0, 3), (1, 1)), ((0, 2), (1, 2))), tied=(0, 1)),
            "rolloffs[0]",
        ),
    ],
)
def test_a_game_ending_the_rules_cannot_reach_is_refused(make, field) -> None:
    if field is None:
        make()
        return
    with pytest.raises(InputError) as raised:
        make()
    assert raised.value.field == field, raised.value


def test_a_game_ending_the_rules_reach_is_accepted_and_recorded() -> None:
    won = _game((26, 26), rolloffs=(((0, 3), (1, 3)), ((0, 2), (1, 4))), tied=(0, 1), winner=1)
    running = _game((26, 26, 20), rolloffs=(((0, 3), (1, 3)),), tied=(0, 1))
    for state in (won, running, _game((30, 26), winner=0), _game((26,), winner=0)):
        assert records.to_record(state)["winner"] == state.winner
