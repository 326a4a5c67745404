"""The odds panel of notebook 5 and the stop-or-roll map of notebook 6 show the solver's and
the odds module's numbers, checked here by independent routes."""

from __future__ import annotations

import random
from fractions import Fraction

from martian_kit import Action, FaceCounts
from martian_kit.dice import roll
from martian_kit.solver.turn import expected_score_solution
from martian_kit.widgets.luck import LuckPlayer, p_tanks_ahead_after_roll, p_tanks_overtake
from martian_kit.widgets.strategy import StopMap, gain_of_rolling, map_state


def test_tanks_overtake_by_hand_and_by_simulation():
    assert p_tanks_overtake(1, 0) == Fraction(1, 6)
    assert p_tanks_overtake(1, 1) == 0
    # two dice: both Tanks, or one Tank and one die that is neither Tank nor Death Ray
    assert p_tanks_overtake(2, 0) == Fraction(1, 36) + 2 * Fraction(1, 6) * Fraction(1, 2)
    rng = random.Random(3)
    n = 20_000
    hits = sum(1 for _ in range(n) if (lambda c: c.tank - c.ray > 1)(roll(9, rng)))
    p = float(p_tanks_overtake(9, 1))
    assert abs(hits / n - p) < 5 * (p * (1 - p) / n) ** 0.5
    assert p_tanks_ahead_after_roll(FaceCounts(tank=1, ray=2, human=1)) == p_tanks_overtake(9, 1)


def test_luck_panel_follows_the_turn():
    rolls = [FaceCounts(tank=2, ray=4, human=3, cow=2, chicken=2)]
    player = LuckPlayer(rolls=rolls)
    solution = expected_score_solution()
    assert f"{solution.fresh_turn_value:.2f}" in player.odds.value
    player.actions.buttons[Action.ROLL].click()
    options = player.options()
    assert set(options) == set(player.state.legal_actions())
    assert list(player.figure.data[0].y) == list(options.values())
    best = list(options.values()).index(max(options.values()))
    assert player.figure.data[0].marker.color[best] == "#7e57c2"
    player.actions.buttons[Action.TAKE_RAY].click()
    assert list(player.figure.data[0].x) == ["Stop", "Roll"]
    roll_value = solution.roll_value(player.state.set_aside)
    assert f"{roll_value:.2f} points on average" in player.odds.value
    assert "no legal choice" in player.odds.value
    player.actions.buttons[Action.STOP].click()
    assert "The turn is over" in player.odds.value and list(player.figure.data[0].y) == []


def test_map_states_are_what_they_say():
    state = map_state(dice_left=5, earthlings=4, kinds=2, tanks=1)
    assert state == FaceCounts(tank=1, ray=3, human=3, cow=1)
    assert map_state(5, 4, 3, 5) is None  # 14 dice
    assert map_state(5, 1, 2, 0) is None  # 2 kinds need 2 earthlings


def test_stop_map_values_and_controls():
    solution = expected_score_solution()
    app = StopMap(kinds=2, tanks=1)
    z = gain_of_rolling(solution, 2, 1)
    state = map_state(3, 6, 2, 1)
    d, e = 3, 6
    assert z[e][d - 1] == solution.roll_value(state) - solution.stop_value(state)
    assert [list(r) for r in app.figure.data[0].z] == z
    app.kinds.value = 3
    # with all three kinds taken, rolling can only add Death Rays: never better without Tanks
    app.tanks.value = 0
    assert all(v is None or v <= 1e-12 for row in app.figure.data[0].z for v in row)
    assert app.summary().startswith("0 Tanks, 3 kinds: rolling is better in 0 of")


def test_a_roll_or_stop_prediction_reveals_the_solvers_choice_and_values():
    from martian_kit.widgets.luck import roll_or_stop_prediction

    push = roll_or_stop_prediction(FaceCounts(tank=1, ray=2, human=3), "A new kind may come.")
    assert push.answer == "Roll again" and push.reveal.value == ""
    drawn = push.widget.children[1].value  # under the question: the set-aside dice, drawn
    assert drawn.count("<svg") == 6 and drawn.count('aria-label="Human"') == 3
    push.entry.value = "Stop"
    assert not push.commit()
    assert "Stopping scores 3 points" in push.reveal.value and "5.41 points" in push.reveal.value
    assert "A new kind may come." in push.reveal.value
    hold = roll_or_stop_prediction(FaceCounts(tank=2, ray=2, human=3, cow=2, chicken=1))
    assert hold.answer == "Stop"
