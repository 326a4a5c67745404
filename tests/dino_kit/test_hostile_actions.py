"""Both engines take only what their legal moves list, in the one form they list it (issue
30, item 5): Dinosaur Island's cold storage at its next free space with the DNA tracks in
their order (so a game's history and record hold one form), a plain `int` wherever a whole
number belongs (an int subclass's `==`, `hash` or `str` may say anything), and in Martian
Dice an action, not a face that happens to share its name."""

from __future__ import annotations

import random
from functools import cache

import pytest

from dino_kit.engine import apply_action, apply_chance, legal_actions, sample_chance
from dino_kit.errors import RuleError
from dino_kit.setup import new_game
from dino_kit.state import Action, GameState
from kit_common.errors import InputError, KitError
from martian_kit.dice import Face, FaceCounts
from martian_kit.game import GameState as MartianGame
from martian_kit.game import new_game as new_martian_game
from martian_kit.turn import Action as MartianAction
from martian_kit.turn import TurnState


class Sneaky(int):
    """An int that says it equals anything: where a state stored it, it would lie."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


@cache
def decisions(seed: int) -> tuple[GameState, ...]:
    """The decisions of one seeded random game (3 rounds)."""
    rng = random.Random(seed)
    state = new_game(3, max_rounds=3)
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state = apply_chance(state, sample_chance(state, rng))
            continue
        out.append(state)
        state = apply_action(state, rng.choice(legal_actions(state)))
    return tuple(out)


def _variants(action: Action) -> list[Action]:
    """Actions like `action` with one field changed: another target or choice number, the
    choice's tracks in reverse order."""
    out = []
    if isinstance(action.target, int):
        out += [action._replace(target=t) for t in range(8)]
    if isinstance(action.choice, int):
        out += [action._replace(choice=c) for c in range(8)]
    if isinstance(action.choice, tuple):
        out.append(action._replace(choice=action.choice[::-1]))
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_an_action_legal_actions_does_not_list_is_refused(seed: int) -> None:
    storage = 0
    for state in decisions(seed):
        legal = set(legal_actions(state))
        for action in legal:
            storage += action.kind == "storage"
            for variant in _variants(action):
                if variant not in legal:
                    with pytest.raises(KitError):
                        apply_action(state, variant)
    assert storage  # the cold storage was among the choices


def test_cold_storage_fills_in_order_with_the_tracks_in_order() -> None:
    state, action = next(
        (s, a)
        for s in decisions(0)
        for a in legal_actions(s)
        if a.kind == "storage" and a.scientist >= 2 and len(set(a.choice)) == 2
    )
    for bad, rule in [
        (action._replace(target=action.target + 1), "storage_in_order"),
        (action._replace(choice=action.choice[::-1]), "dna_order"),
    ]:
        with pytest.raises(RuleError) as raised:
            apply_action(state, bad)
        assert raised.value.rule == rule
    after = apply_action(state, action)
    assert after.history.move == action


def test_an_int_subclass_is_refused_where_a_whole_number_belongs() -> None:
    state = next(s for s in decisions(0) if s.phase == "research")
    die = next(a for a in legal_actions(state) if a.kind == "die")
    for bad, field in [
        (die._replace(scientist=Sneaky(die.scientist)), "action.scientist"),
        (die._replace(target=Sneaky(die.target)), "action.target"),
    ]:
        with pytest.raises(InputError) as raised:
            apply_action(state, bad)
        assert raised.value.field == field
    game = new_martian_game(2)
    with pytest.raises(InputError, match=r"outcome\.ray"):
        game.apply_chance((0, Sneaky(13), 0, 0, 0))
    with pytest.raises(InputError, match=r"set_aside\.tank"):
        TurnState(FaceCounts(Sneaky(1), 0, 0, 0, 0))
    tied = MartianGame(players=("A", "B"), totals=(25, 25), tied=(0, 1))
    with pytest.raises(KitError):
        tied.apply_chance(Sneaky(3))
    with pytest.raises(InputError, match="totals"):
        MartianGame(players=("A", "B"), totals=(Sneaky(0), 0))


def test_a_face_is_not_a_martian_action() -> None:
    game = new_martian_game(2).apply_chance(FaceCounts(ray=13))
    assert MartianAction.TAKE_RAY in game.legal_actions()
    with pytest.raises(KitError):
        game.apply_action(Face.RAY)
    assert game.apply_action("ray").log[-1].set_aside.ray == 13  # all 13 aside: turn over
