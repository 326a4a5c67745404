"""The game app: legal buttons only, bots play in between, the chart and log follow the
game, the end statistics add up, and the advisor is pluggable."""

from __future__ import annotations

import random
from html import escape

import pytest

from martian_kit import Action, GameState
from martian_kit.policies import POLICIES, random_policy, register
from martian_kit.widgets.dice_view import dice_html
from martian_kit.widgets.game import GameApp, game_stats, points_advisor
from martian_kit.widgets.turn import can_roll
from tests.widget_menus import menus_in_step, pick


def play_out(app: GameApp, seed: int) -> None:
    choose = random.Random(seed)
    while not app.state.is_terminal():
        assert app.your_turn()
        turn = app.state.turn
        legal = set(turn.legal_actions()) | ({Action.ROLL} if can_roll(turn) else set())
        assert set(app.actions.enabled()) == legal
        app.actions.buttons[choose.choice(sorted(legal))].click()
    assert app.actions.enabled() == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_with_clicks(seed):
    app = GameApp(bots=["random"] * (1 + seed % 3), seed=seed, seat=seed % 2)
    play_out(app, seed)
    state = app.state
    assert state.winner is not None
    assert app.summary().endswith("wins with " + str(state.totals[state.winner]) + " points.")
    # the chart: one trace per player, each ending at the final total
    assert [t.name for t in app.figure.data] == list(state.players)
    assert [t.y[-1] for t in app.figure.data] == list(state.totals)
    # the log: one entry per finished turn and roll-off
    assert app.log_view.value.count("<li>") == len(state.log) + len(state.rolloffs)
    assert "End of the game" in app.stats.value
    # at the end only the result, the statistics and New game remain
    assert app.view.widget.layout.display == app.actions.widget.layout.display == "none"
    assert app.show_advisor.layout.display == "none" and app.why.value == ""
    assert app.new_button.layout.display != "none" and app.stats.layout.display != "none"


def stop_when_allowed(app: GameApp) -> None:
    """The rest of the turn: stop as soon as the rules allow, else set aside a kind."""
    while not app.state.turn.is_first_roll():
        enabled = app.actions.enabled()
        app.act(Action.STOP if Action.STOP in enabled else enabled[-1])


def test_a_hot_seat_turn_change_says_who_did_what_and_keeps_the_dice_until_the_next_roll():
    app = GameApp(bots=[], seed=7, people=2)
    app.act(Action.ROLL)
    stop_when_allowed(app)
    ended = app.last_turn[1]
    assert app.last_turn[0] == 0 and app.state.log[-1].score == ended.score()
    assert app.scoreboard_text().startswith("Player 2, your turn")
    points = "point" if ended.score() == 1 else "points"
    assert app.why.value == f"Player 1 stopped with {ended.score()} {points}."
    assert app.view.score.value == escape(f"Player 1's last turn: {ended.explain_score()}")
    assert app.view.set_aside.value == dice_html(ended.set_aside, empty="nothing yet")
    app.act(Action.ROLL)  # Player 2's dice replace them
    assert app.last_turn is None and app.view.score.value.startswith("If the turn ended now")
    assert app.view.rolled.value == dice_html(app.state.turn.rolled)


def test_alone_against_bots_your_last_dice_stay_until_you_roll():
    app = GameApp(bots=["greedy"], seed=3)
    app.act(Action.ROLL)
    stop_when_allowed(app)
    assert app.your_turn() and app.state.turn.is_first_roll()
    assert app.view.score.value.startswith("Your last turn: ")
    assert app.why.value.endswith(f"Turn over: {app.last_turn[1].explain_score()}")


def test_stats_add_up():
    app = GameApp(bots=["random", "random"], seed=11)
    play_out(app, 11)
    rows = game_stats(app.state)
    assert sorted(r["rank"] for r in rows) == [1, 2, 3]
    assert next(r for r in rows if r["rank"] == 1)["player"] == app.state.players[app.state.winner]
    for seat, row in enumerate(rows):
        turns = [t for t in app.state.log if t.seat == seat]
        assert row["total"] == sum(t.score for t in turns) == app.state.totals[seat]
        assert row["turns"] == len(turns) and row["zero"] >= row["tanked"]


def test_stats_rank_the_tie_break_winner_first():
    tied = GameState(players=("A", "B"), totals=(26, 26), tied=(0, 1), round=5)
    finished = tied.apply_chance(1).apply_chance(4)
    rows = game_stats(finished)
    assert [r["rank"] for r in rows] == [2, 1] and rows[1]["tiebreak_rays"] == "4"


def test_not_your_turn_and_illegal_actions_are_refused():
    app = GameApp(seed=1)
    with pytest.raises(Exception) as error:
        app.act(Action.STOP)
    assert getattr(error.value, "rule", None) == "first_roll"
    app.state = app.state.apply_chance(app.state.sample_chance(random.Random(0)))
    app.you = 1
    with pytest.raises(ValueError):
        app.act(Action.ROLL)


def test_late_game_bots_play_first_and_last_round_is_announced():
    late = GameState(players=("A", "B", "You"), totals=(23, 20, 24), round=9)
    app = GameApp(bots=["random", "random"], state=late, seat=2, seed=6, show_setup=False)
    assert app.your_turn() and app.state.totals == (23, 25, 24)
    assert "Last round: B reached 25" in app.scoreboard.value
    play_out(app, 0)
    assert app.state.round == 9 and app.state.is_terminal()


def test_setup_row_starts_the_chosen_game():
    app = GameApp(seed=2)
    app.bot_count.value = 4
    assert app.seat_picker.options == (1, 2, 3, 4, 5)
    pick(app.seat_picker, 2)  # seat 3, chosen as in the browser
    assert menus_in_step(app.widget) == []
    app.new_button.click()
    assert app.state.num_players == 5 and app.state.players[2] == "You" and app.you == 2
    assert len(app.figure.data) == 5
    assert app.state.seat == 2 and app.state.log  # the two bots before you played


def test_bots_registered_later_are_offered():
    register("test-always-random", lambda: random_policy)
    try:
        app = GameApp(bots=["test-always-random"], seed=3)
        assert "test-always-random" in app.strength.options
        assert {"optimal", "win", "leader", "cautious"} <= set(app.strength.options)
        assert app.state.players[1] == "Bot 1 (test-always-random)"
    finally:
        POLICIES.pop("test-always-random")


def test_advisor_is_pluggable():
    seen = []

    def advisor(turn, context):
        seen.append((turn, context))
        return ["option A: 42"]

    app = GameApp(seed=4, advisor=advisor)
    app.show_advisor.value = True
    assert "option A: 42" in app.advice.value and seen[-1][1].seat == 0
    app.act(Action.ROLL)
    assert seen[-1][0] == app.state.turn


def test_points_advisor_lists_every_legal_option():
    app = GameApp(seed=5)
    app.act(Action.ROLL)
    turn = app.state.turn
    lines = points_advisor(turn, app.state.context())
    assert len(lines) == len(turn.legal_actions())
    for action, line in zip(turn.legal_actions(), lines):
        assert line.endswith(f"{turn.apply_action(action).score()} if you stopped right after")


def test_win_advisor_in_two_player_games():
    from martian_kit.solver.game import win_turn_solution
    from martian_kit.widgets.advice import expected_score_advisor, win_advisor

    app = GameApp(bots=["optimal"], seed=8)
    app.act(Action.ROLL)
    turn, context = app.state.turn, app.state.context()
    lines = win_advisor(turn, context)
    expected = expected_score_advisor(turn, context)
    assert lines[-len(expected) :] == expected
    wins = win_turn_solution(0, 0, "first").explain(turn, unit="chance to win").split("; ")
    assert lines[: len(wins)] == wins
    three = GameApp(bots=["optimal", "greedy"], seed=8)
    three.act(Action.ROLL)
    t3, c3 = three.state.turn, three.state.context()
    assert win_advisor(t3, c3) == expected_score_advisor(t3, c3)


def test_import_martian_kit_stays_light():
    import subprocess
    import sys

    code = "import sys, martian_kit; print(any(m in sys.modules for m in ('ipywidgets', 'plotly')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_practice_mode_with_no_bots():
    app = GameApp(bots=["random"], seed=12)
    app.bot_count.value = 0
    assert app.seat_picker.options == (1,)
    app.new_button.click()
    assert app.state.practice and app.state.players == ("You",)
    play_out(app, 12)
    turns = app.state.turns_taken(0)
    assert app.state.totals[0] >= 25
    assert app.summary().endswith(f"in {turns} turns.")
    assert game_stats(app.state)[0]["turns"] == turns


def test_without_a_seed_each_game_deals_new_dice_and_with_one_the_same():
    first_rolls = set()
    for _ in range(4):
        app = GameApp(bots=["random"])
        app.act(Action.ROLL)
        first_rolls.add(app.state.turn.set_aside + app.state.turn.rolled)
    assert len(first_rolls) > 1  # 4 equal rolls of 13 dice by chance: well under 1 in 10^6
    seeded = [GameApp(bots=["random"], seed=3) for _ in range(2)]
    for app in seeded:
        app.act(Action.ROLL)
    assert seeded[0].state.turn == seeded[1].state.turn


def test_a_new_game_from_the_same_app_deals_new_dice():
    app = GameApp(bots=[], seed=5)
    app.act(Action.ROLL)
    before = app.state.turn
    app.new_game_from_setup()
    app.act(Action.ROLL)
    assert app.state.turn != before


def test_hot_seat_two_people_and_a_bot_take_turns_at_one_screen():
    app = GameApp(bots=["greedy"], seed=9, people=2)
    assert app.state.players == ("Player 1", "Player 2", "Bot 1 (greedy)")
    assert app.people == (0, 1) and app.your_turn() and app.state.seat == 0
    assert app.scoreboard_text().startswith("Player 1, your turn: press Roll")
    seats_played = []
    choose = random.Random(9)
    while not app.state.is_terminal():
        assert app.your_turn() and app.state.seat in (0, 1)
        seats_played.append(app.state.seat)
        turn = app.state.turn
        legal = set(turn.legal_actions()) | ({Action.ROLL} if can_roll(turn) else set())
        app.actions.buttons[choose.choice(sorted(legal))].click()
        if app.state.seat == 0 and app.state.round > 1 and not app.state.is_terminal():
            # after Player 2's turn the bot played: its turn is summarised beside the scores
            assert app.recent_bot_turns and app.recent_bot_turns[-1].seat == 2
            assert "Bot 1 (greedy):" in app.bot_turns.value and "<details>" in app.bot_turns.value
    assert {0, 1} <= set(seats_played)
    assert app.summary().endswith("points.")


def test_people_and_bots_fit_in_ten_seats():
    app = GameApp(bots=["random"], seed=1)
    app.people_count.value = 4
    assert app.bot_count.max == 6 and app.seat_picker.description == "Player 1's seat:"
    with pytest.raises(ValueError):
        app.start(["random"] * 7, 0, 4)


def test_a_game_started_from_given_totals_counts_only_its_own_turns():
    late = GameState(players=("A", "B"), totals=(20, 24), round=9)
    app = GameApp(bots=["optimal"], state=late, seat=1, seed=6, show_setup=False)
    # each line starts at its seat's starting total, one round before the game goes on
    assert [t.y[0] for t in app.figure.data] == [20, 24]
    assert [t.x[0] for t in app.figure.data] == [8, 8]
    play_out(app, 6)
    for seat, row in enumerate(game_stats(app.state)):
        turns = [t for t in app.state.log if t.seat == seat]
        assert row["average"] == round(sum(t.score for t in turns) / len(turns), 2)
        # not the total over the turns: the game started at 20 and 24
        assert row["average"] < row["total"] / len(turns)


def test_the_setup_row_says_it_is_for_the_next_game_and_names_this_games_players():
    app = GameApp(bots=["optimal", "cautious", "greedy"], seed=3)
    assert app.strength.value == "optimal"  # the menu shows one kind of bot ...
    note = app.setup_note.value  # ... and says the game below is the other bots'
    assert "when you press New game" in note
    assert "Bot 2 (cautious), Bot 3 (greedy)" in note


def test_the_chart_shows_the_games_scale_before_the_first_turn():
    """Issue 29: before anyone played, Plotly showed rounds −1 to 1 around the one point."""
    app = GameApp(bots=["optimal"], seed=3)
    low, high = app.figure.layout.xaxis.range
    assert low < 0 < 8 < high and low > -1
    assert list(app.figure.layout.yaxis.range) == [0, 32]
