"""The turn player: its buttons are exactly the legal actions, clicks drive the engine, and the
explanation names the rule just applied."""

from __future__ import annotations

import random

import pytest

from kit_common.messages import set_language
from martian_kit import Action, FaceCounts, Phase, RuleError, TurnEnd
from martian_kit.explain import explain_action, explain_roll
from martian_kit.widgets.turn import ActionBar, TurnPlayer, can_roll

FIRST = FaceCounts(tank=2, ray=4, human=3, cow=2, chicken=2)


def expected_buttons(state):
    legal = set(state.legal_actions())
    if can_roll(state):
        legal.add(Action.ROLL)
    return legal


def click(player: TurnPlayer, action: Action) -> None:
    """Click the button of `action` the way the browser does."""
    player.actions.buttons[action].click()


def test_start_enables_only_roll():
    player = TurnPlayer()
    assert player.actions.enabled() == [Action.ROLL]
    assert player.new_button.disabled
    assert player.explanation == ""


def test_scripted_turn_explains_each_rule():
    player = TurnPlayer(rolls=[FIRST, FaceCounts(tank=1, human=3, cow=3), (1, 0, 2, 0, 0)])
    click(player, Action.ROLL)
    assert player.state.set_aside == FaceCounts(tank=2)
    assert set(player.actions.enabled()) == {
        Action.TAKE_RAY,
        Action.TAKE_HUMAN,
        Action.TAKE_COW,
        Action.TAKE_CHICKEN,
    }
    assert "all 13 dice" in player.explanation and "2 Tanks set aside" in player.explanation
    click(player, Action.TAKE_RAY)
    assert set(player.actions.enabled()) == {Action.ROLL, Action.STOP}
    assert "4 Death Rays" in player.explanation and "any roll" in player.explanation
    click(player, Action.ROLL)
    click(player, Action.TAKE_HUMAN)
    assert "only once a turn" in player.explanation
    click(player, Action.ROLL)
    assert player.state.end is TurnEnd.NO_CHOICE
    assert "No legal choice" in player.explanation
    assert "you already set that kind aside" in player.explanation
    assert player.actions.enabled() == []
    assert player.view.score.value.startswith("Turn over: 3 points")
    assert not player.new_button.disabled
    assert player.why.value.count("<b>") == 1 and len(player.lines) == 5


def test_leaving_the_script_rolls_random_dice():
    player = TurnPlayer(rolls=[FIRST, FaceCounts(tank=1, human=3, cow=3)])
    click(player, Action.ROLL)
    click(player, Action.TAKE_COW)  # 11 dice left, the scripted roll has 7
    click(player, Action.ROLL)
    assert player.state.set_aside.total + player.state.rolled.total == 13


@pytest.mark.parametrize("seed", range(30))
def test_buttons_always_match_the_legal_actions(seed):
    choose = random.Random(seed)
    player = TurnPlayer(seed=seed)
    for _ in range(3):  # three turns in a row with the same dice generator
        while not player.state.is_terminal():
            assert set(player.actions.enabled()) == expected_buttons(player.state)
            click(player, choose.choice(player.actions.enabled()))
        assert player.actions.enabled() == []
        player.new_button.click()
        assert player.state.phase is Phase.MUST_ROLL and player.lines == []


def test_illegal_action_is_refused_and_changes_nothing():
    player = TurnPlayer(rolls=[FIRST])
    player.act(Action.ROLL)
    before = player.state
    with pytest.raises(RuleError) as error:
        player.act(Action.STOP)
    assert error.value.rule == "must_choose"
    assert player.state == before


def test_stop_while_tanks_lead_warns_then_scores_zero():
    player = TurnPlayer(rolls=[FaceCounts(tank=5, ray=1, human=7)])
    player.act(Action.ROLL)
    player.act(Action.TAKE_HUMAN)
    assert "stopping now would score 0" in player.explanation
    player.act(Action.STOP)
    assert player.state.score() == 0 and "You stopped" in player.explanation


def test_new_turn_reseeded_repeats_the_dice():
    player = TurnPlayer(seed=5)
    player.act(Action.ROLL)
    first = player.state
    player.new_turn(reseed=True)
    player.act(Action.ROLL)
    assert player.state == first


def test_explanations_are_pure_functions_of_states():
    from martian_kit import TurnState

    start = TurnState()
    after = start.apply_roll(FIRST)
    lines = explain_roll(start, FIRST, after)
    assert lines[0].startswith("You rolled all 13 dice")
    assert "Death Rays or Humans or Cows or Chickens" in lines[-1]
    took = after.apply_action(Action.TAKE_COW)
    lines = explain_action(after, Action.TAKE_COW, took)
    assert lines[1] == "Now roll the 9 dice left, or stop and score."
    assert lines[2].startswith("Careful: 2 Tanks against 0 Death Rays")


def test_action_bar_disabled_when_not_your_turn():
    bar = ActionBar(lambda action: None)
    bar.update(None)
    assert bar.enabled() == []
    assert "kit-action" in bar.buttons[Action.ROLL]._dom_classes


def test_summary_is_the_text_form():
    player = TurnPlayer(rolls=[FIRST])
    player.act(Action.ROLL)
    bundle = player._repr_mimebundle_()
    assert bundle["text/plain"] == player.summary()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "buttons: Take Death Rays, Take Humans, Take Cows, Take Chickens" in player.summary()


def test_summary_names_the_buttons_in_the_readers_language():
    # the summary listed the actions' English keys ("buttons: roll") in every language
    set_language("es")
    try:
        player = TurnPlayer(rolls=[FIRST])
        assert player.summary().endswith("; botones: Lanzar")
        player.act(Action.ROLL)
        assert player.summary().endswith("; botones: Apartar Rayos Mortales, Apartar Humanos, "
                                         "Apartar Vacas, Apartar Pollos")  # fmt: skip
    finally:
        set_language("en")
