"""The Dinosaur Island apps: the game app offers exactly the legal actions and explains every
refusal; the explorers show the exact odds of `dino_kit.odds`; a user's own component folder
is picked up."""

from __future__ import annotations

import random
import re
import shutil
from html import escape

import pytest

from dino_kit import Action, odds
from dino_kit.bots import bot_by_name, heuristic_bot, random_bot
from dino_kit.components import illustrative_folder
from dino_kit.messages import message
from dino_kit.narrate import GROUP_AT, action_label
from dino_kit.setup import setup_facts
from dino_kit.state import evolve
from dino_kit.widgets import data
from dino_kit.widgets.game import GameApp
from dino_kit.widgets.park import ParkRisk
from dino_kit.widgets.research import DieExplorer, HeldThreatExplorer, gain_law
from dino_kit.widgets.scoring import ScoreCalculator
from dino_kit.widgets.setup import SetupExplorer
from dino_kit.widgets.views import board_html, market_html, research_html
from tests.widget_menus import menus_in_step, menus_of, pick, shown


def assert_offered(app: GameApp, expected: list) -> None:
    """The Choice menu offers exactly `expected` (the highlighted kind's legal actions): in
    order when it is one menu; a long one in groups (`narrate.GROUP_AT`), each group's
    actions in the engine's order, every action in one group, the first group shown."""
    if app.groups.layout.display == "none":
        assert [a for _, a in app.options.options] == expected
        return
    assert len(expected) > GROUP_AT and len(app.groups.options) >= 2
    first, seen = app.groups.index, []
    for i in range(len(app.groups.options)):
        pick(app.groups, i)
        members = [a for _, a in app.options.options]
        assert members == [a for a in expected if a in members] and members
        seen += members
    pick(app.groups, first)
    assert sorted(map(repr, seen)) == sorted(map(repr, expected))


def click_through(app: GameApp, seed: int) -> None:
    """Play your turns with the widgets as a browser does (a kind button, a menu entry, Play),
    checking after every move that the highlighted kind, the menu and what Play would play
    agree."""
    choose = random.Random(seed)
    moves = 0
    while app.your_turn() or app.paused:
        assert menus_in_step(app.widget) == []
        if app.paused:
            assert app.play_button.disabled and app.continue_button.layout.display is None
            app.continue_button.click()
            continue
        legal = app.legal()
        kinds = [k for _, k in app.kinds.options]
        assert set(kinds) == {a.kind for a in legal}
        kind = shown(app.kinds)
        assert kind == kinds[0]  # a new move starts on the first kind, highlighted
        offered = [a for _, a in app.options.options]
        assert_offered(app, [a for a in legal if a.kind == kind])
        assert app.shown_choice() == shown(app.options) == offered[0]
        pick(app.kinds, choose.randrange(len(kinds)))
        kind = shown(app.kinds)
        assert_offered(app, [a for a in legal if a.kind == kind])
        if app.groups.layout.display != "none" and choose.random() < 0.7:
            pick(app.groups, choose.randrange(len(app.groups.options)))
        offered = [a for _, a in app.options.options]
        if choose.random() < 0.7:  # else Play plays the menu's first entry, as shown
            pick(app.options, choose.randrange(len(offered)))
        assert menus_in_step(app.widget) == []
        action = shown(app.options)
        assert action.kind == kind and app.shown_choice() == action
        name, label = app.state.names[app.state.current_player()], action_label(app.state, action)
        told = len(app.lines)
        app.play_button.click()  # the first step told after it is the action shown
        assert app.lines[told] == message("log.action", name=name, action=label).strip()
        moves += 1
    assert moves > 0 and menus_in_step(app.widget) == []
    assert app.stopped()
    assert app.play_button.disabled


@pytest.mark.parametrize("seed,bots", [(1, ["random"]), (2, ["heuristic", "random", "random"])])
def test_a_whole_game_with_the_widgets(seed, bots):
    app = GameApp(bots=bots, seed=seed)
    click_through(app, seed)
    s = app.state
    assert s.is_terminal()
    assert [t.name for t in app.figure.data] == list(s.names)
    assert [t.y[-1] for t in app.figure.data] == list(s.final)
    assert "wins with" in app.summary() or "share the victory" in app.summary()
    assert "(winner)" in app.result.value
    # at the end only the result, the statistics and New game remain: nothing to act with
    controls = [app.kinds, app.groups, app.options, app.play_button, app.place_button]
    controls += [app.eat_button, app.continue_button]
    assert all(c.layout.display == "none" for c in controls) and app.why.value == ""
    assert app.notice.value == "" and app.new_button.layout.display is None
    assert app.log_view.value.count("<li>") == min(80, len(app.lines))
    assert [r.round for r in app.summaries] == list(range(1, s.round + 1))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_round_summary_adds_up_to_the_vp_change(seed):
    app = GameApp(bots=["heuristic", "random"], seed=seed)
    vp_at_start = [tuple(p.vp for p in app.state.players)]
    while not app.state.is_terminal():
        if app.paused:
            assert "summary" in app.story.value and app.summaries[-1].round == len(vp_at_start)
            assert app.notice.value == ""  # the next round's banner waits for Continue
            cleanup = list(app.summaries[-1].cleanup)
            if app.state.rules.round_end_money:  # a plot twist's money, first
                assert cleanup.pop(0).startswith("Every player ")
            assert cleanup[0].startswith(f"Turn order of round {app.state.round}, fewest VP")
            assert cleanup[1].startswith("Market: ") and "kit-cleanup" in app.story.value
            assert all(escape(x) in app.story.value for x in cleanup)
            market = market_html(app.state)
            for line in cleanup[2:]:  # the refill, drawn before the pause: now on show
                assert line.startswith(("New in the market: ", "New recipe face up: "))
                assert line in app.lines
                if line.startswith("New in the market: "):
                    assert escape(line.split(": ")[1].split(" (")[0]) in market
            app.continue_game()
            assert f"Round {app.state.round}" in app.notice.value
            vp_at_start.append(tuple(p.vp for p in app.state.players))
        else:
            app.act(heuristic_bot(app.state, random.Random(0)))
    vp_at_start.append(tuple(p.vp for p in app.state.players))
    for summary, before, after in zip(app.summaries, vp_at_start, vp_at_start[1:]):
        for v in summary.visits:
            assert v.vp_before == before[v.seat] and v.vp_after == after[v.seat]
            assert sum(v.vp_parts.values()) == after[v.seat] - before[v.seat]
    assert app.summaries[-1].html(app.state.names).count("<li>") >= 2 * app.state.num_players


def test_hot_seat_two_people_and_a_bot():
    app = GameApp(bots=["random"], seed=4, people=[0, 1])
    assert app.state.names[:2] == ("Player 1", "Player 2") and app.people == (0, 1)
    seen = set()
    while not app.state.is_terminal():
        if app.paused:
            app.continue_game()
            continue
        seen.add(app.state.current_player())
        assert app.acting_seat() == app.state.current_player()
        assert app.state.names[app.state.current_player()] in app.your_board.value
        app.act(random_bot(app.state, random.Random(1)))
    assert seen == {0, 1}


def test_solo_game_from_the_settings_row():
    app = GameApp(bots=["random"], seed=2)
    app.player_count.value = 1
    assert "own design" in app.solo_note.value
    assert all(m.layout.display == "none" for m in app.seat_menus[1:])
    app.new_button.click()
    assert app.state.rules.solo and app.state.num_players == 1
    app.play_with(heuristic_bot)
    assert app.state.is_terminal() and "rival" in app.status_text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "bots", "settings"),
    [
        (1, ["random", "heuristic"], {"chaos_theory": True}),
        (2, ["heuristic", "random", "heuristic"], {"predictable_systems": True}),
    ],
)
def test_the_game_app_plays_a_variant_to_its_end(seed, bots, settings):
    # (moved from page 07's checks: thousands of widget messages in one check cell made
    # nbval's wait for the cell's output time out now and then)
    app = GameApp(bots=bots, seed=seed, **settings)
    app.play_with(random_bot)
    assert app.state.is_terminal() and len(app.state.final) == len(bots) + 1


def test_the_game_app_plays_a_solo_game_to_its_end():
    solo = GameApp(bots=[], seed=4)
    solo.play_with(heuristic_bot)
    assert solo.state.rules.solo and solo.state.is_terminal()


def test_until_stops_after_research_and_bots_play_in_between():
    app = GameApp(bots=["heuristic"], seed=4, you=1, until="market", show_setup=False)
    assert app.state.current_player() == 1  # the bot in seat 0 has played its first turn
    app.play_with(heuristic_bot)
    assert app.state.phase == "market" and app.stopped() and app.legal() == ()
    assert app.kinds.layout.display == app.play_button.layout.display == "none"
    assert app.centre.value and app.centre.layout.display is None  # research, as it ended
    assert app.state.held is not None or all(o is not None for o in app.state.claimed)
    assert app.act(Action("pass")) == "it is not your turn now"


def test_refusals_name_the_rule_and_change_nothing():
    app = GameApp(bots=["random"], seed=3)
    before = app.state
    reason = app.act(Action("recipe", 1, "large_carnivore"))
    assert reason.startswith("Not played") and "needs a scientist of level 3" in reason
    assert "kit-error" in app.why.value
    assert app.state is before


def test_play_plays_only_what_the_kind_buttons_and_the_menu_show():
    app = GameApp(bots=["random"], seed=3)
    before = app.state
    assert shown(app.kinds) == "die"
    recipes = [a for a in app.legal() if a.kind == "recipe"]
    app.options.options = [("a recipe", recipes[0])]  # a menu out of step with the kind shown
    assert app.shown_choice() is None
    assert app.play_selected() == "Nothing played: choose a kind of action, then an action of " \
        "that kind in the Choice menu."  # fmt: skip
    assert app.state is before and "kit-error" in app.why.value
    assert [a.kind for _, a in app.options.options] == ["die"] * len(app.options.options)
    assert app.shown_choice() == shown(app.options) and menus_in_step(app.widget) == []


def test_every_menu_of_the_pages_highlights_what_it_holds():
    # each menu-and-button page: every entry of every menu picked as a browser picks it
    apps = [GameApp(bots=["random"], seed=1), SetupExplorer(), DieExplorer(), ScoreCalculator()]
    for app in apps:
        assert menus_of(app.widget)
        for menu in menus_of(app.widget):
            for index in range(len(menu.options)):
                pick(menu, index)
                assert menus_in_step(app.widget) == []
    game = apps[0]
    pick(game.player_count, 0)  # solo: seat 1 becomes a person's
    assert shown(game.seat_menus[0]) == game.seat_menus[0].value == "person"


def test_new_game_from_the_setup_row():
    app = GameApp(bots=["random"], seed=1)
    app.player_count.value = 4
    for menu, kind in zip(app.seat_menus, ["heuristic", "random", "simple", "person"]):
        menu.value = kind
    app.chaos.value = True
    app.length.value = "long"
    app.new_button.click()
    assert app.state.num_players == 4 and app.you == 3 and app.state.rules.chaos_theory
    assert app.state.objective_length == "long"
    assert app.state.names == ("Bot 1 (heuristic)", "Bot 2 (random)", "Bot 3 (simple)", "You")
    with pytest.raises(ValueError):
        app.start(["random"] * 4)


def test_a_seat_may_be_a_quick_planner():
    app = GameApp(bots=["random"], seed=1)
    offered = dict((kind, label) for label, kind in app.seat_menus[1].options)
    assert offered["planner:1x4"] == "planner 1×4 bot" and "planner" in offered
    app.seat_menus[1].value = "planner:1x4"
    app.new_button.click()
    assert app.state.names == ("You", "Bot 2 (planner 1×4)")
    assert app.bots[1] is bot_by_name("planner:1x4")
    app.act(app.legal()[0])  # the quick planner plays its turns, and the game goes on
    assert app.your_turn() or app.paused


def test_every_legal_action_has_a_label():
    app = GameApp(bots=["random", "random"], seed=9)
    rng = random.Random(0)
    seen = set()
    while app.your_turn():
        for a in app.legal():
            text = action_label(app.state, a)
            assert isinstance(text, str) and text and "Action(" not in text
            seen.add(a.kind)
        app.act(random_bot(app.state, rng))
    assert {"die", "pass", "work", "done"} <= seen


def test_views_show_the_table():
    app = GameApp(bots=["random"], seed=5)
    s = app.state
    assert "Parkfounder" in board_html(s, 0) and "blue 1/4" in board_html(s, 0)
    assert research_html(s).count("die ") == len(s.pool)
    assert "$5" in market_html(s) and "$2" in market_html(s)


def test_setup_explorer_switches_players():
    app = SetupExplorer(players=2)
    assert setup_facts(app.state)["pool"] == 5
    app.picker.value = 4
    f = setup_facts(app.state)
    assert f["pool"] == 9 and f["cash_in_turn_order"] == [15, 16, 17, 18]
    assert app.summary().startswith("4 players, 9 dice")
    assert "Player 4" in app.table.value


def test_die_explorer_tallies_and_exact_odds():
    app = DieExplorer(seed=3)
    assert sum(app.exact().values()) == 1
    app.roll(300)
    assert sum(app.tally.values()) == 300
    assert list(app.figure.data[0].x) == list(app.exact())
    app.level.value = 2  # a new scientist: the tally starts again
    assert sum(app.tally.values()) == 0
    assert app.exact() == gain_law(app.components.dice, 2)
    app.die_picker.value = "D7"
    assert app.exact()["cannot claim (rare face)"] == odds.Fraction(1, 6)


def test_held_threat_explorer_follows_the_pool():
    app = HeldThreatExplorer(players=2)
    assert app.unclaimed.max == 5
    app.players.value = 4
    assert app.unclaimed.max == 9 and len(app.pool()) == 9
    app.unclaimed.value = 9
    assert app.law() == odds.highest_threat_distribution(app.pool())
    assert list(app.figure.data[0].y) == [float(app.law().get(k, 0)) for k in range(4)]


def test_park_risk_charts_are_the_exact_odds():
    app = ParkRisk(visitors=5, capacity=3, threat=4, security=2, unclaimed=0)
    o = odds.park_odds(5, 3, 4, 2, 58, 22)
    assert app.odds().outcomes == o.outcomes
    app.security.value = 4
    curve = app.curve()
    assert list(app.risk_figure.data[0].y) == [float(p.expected_vp) for p in curve]
    assert app.risk_figure.layout.shapes[0].x0 == 4
    assert app.odds().law("eaten") == {0: 1}
    vp = app.odds().law("vp")
    ys = dict(zip(app.law_figure.data[0].x, app.law_figure.data[0].y))
    assert all(ys[k] == float(p) for k, p in vp.items())


def test_a_users_own_component_folder(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    shutil.copytree(illustrative_folder(), folder)
    (folder / "visitors.yaml").write_text("visitors: {customers: 50, hooligans: 30}\n")
    try:
        chosen = data.use_components(folder)
        assert chosen.visitors.hooligans == 30
        assert ParkRisk().bag == (50, 30)
        assert GameApp(seed=1).state.components.visitors.hooligans == 30
    finally:
        data.use_components(None)
    assert data.current_components().visitors.hooligans == 22
    monkeypatch.setenv(data.ENVIRONMENT_VARIABLE, str(folder))
    assert data.current_components().visitors.hooligans == 30


def test_planner_plans_replay_through_the_engine():
    from dino_kit.phases import workers as worker_phase
    from dino_kit.simulate import play_until, set_up
    from dino_kit.widgets.workers import BuildPlanner, plans

    table = play_until(set_up(2, seed=8), "workers", seed=8)
    seat = table.current_player()
    found = plans(table, seat)
    assert found and len(found) == len({(p.created, p.security) for p in found})
    for plan in found:
        s = table
        for a in plan.actions:
            assert a in worker_phase.candidates(s, seat)
            s = worker_phase.apply(s, seat, a)
        assert (s.players[seat].security, s.players[seat].money) == (plan.security, plan.money)
    assert found[0].created  # this table can breed one dinosaur
    poor = table.with_player(seat, dna=(0,) * 6)
    assert all(p.created == () for p in plans(poor, seat))
    planner = BuildPlanner(poor)
    assert "at most 0 dinosaur" in planner.summary()
    for box in planner.dna[:3]:  # 3 of each basic type: enough for any recipe here
        box.value = box.max
    assert planner.plan()[0].created
    with pytest.raises(ValueError):
        plans(set_up(2, seed=1), 0)


def test_score_calculator_matches_a_hand_count():
    from dino_kit.widgets.scoring import ScoreCalculator

    calc = ScoreCalculator()
    assert calc.parts()["total"] == 10 + 1  # the printed exhibit, 1 dinosaur of 1 VP
    calc.track.value = 14
    calc.attractions.value = ("A1", "A2")
    calc.exhibits[1][0].value, calc.exhibits[1][1].value = "H3", 2
    calc.exhibits[2][0].value = "L2"
    calc.objectives.value = ("OS1",)
    calc.money.value = 23
    assert calc.parts() == {
        "track": 14,
        "attractions": 6,
        "exhibits": 1 + 4 - 10,
        "objectives": 6,
        "money": 4,
        "total": 25,
    }
    assert ">25<" in calc.out.value


def test_chart_updates_reach_views_opened_later():
    """Voila opens the views after every cell ran: the synced figure state must hold the
    latest data, not the data the figure was built with."""
    app = ParkRisk(security=2)
    app.security.value = 7
    synced = app.risk_figure.widget.figure["layout"]["shapes"][0]
    assert synced["x0"] == 7
    drawn = app.law_figure.widget.figure
    assert drawn["data"][0]["y"] == list(app.law_figure.data[0].y)


def test_the_planner_plans_again_as_soon_as_an_input_changes():
    from dino_kit.simulate import play_until, set_up
    from dino_kit.widgets.workers import BuildPlanner

    planner = BuildPlanner(play_until(set_up(2, seed=8), "workers", seed=8))
    before = planner.out.value
    planner.money.value += 3
    assert planner.out.value != before
    assert all(p.money >= 3 for p in planner.found)


def test_each_run_of_the_wins_explorer_plays_fresh_games():
    from dino_kit.widgets.wins import WinsExplorer

    explorer = WinsExplorer(games=10, seed=5)
    first = explorer.records
    assert "seed 5" in explorer.text.value
    explorer.run()
    assert explorer.records != first and "seed 6" in explorer.text.value


def test_a_run_clicked_in_the_page_stops_and_keeps_the_games_played_with_their_intervals():
    """Issue 30 item 1: Run's games play in the kernel's background; Stop ends them within a
    second and the page shows the games played so far (the first games of the full run)."""
    import time

    from dino_kit.studies import run_games, win_rates_by_bot
    from dino_kit.widgets.wins import WinsExplorer
    from kit_common.widgets.stoppable import Outcome

    explorer = WinsExplorer(games=10, seed=5)
    explorer.games.value = 400  # 400 games of seed 6: minutes of work, never shipped
    msg = {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}
    explorer.run_button._handle_msg(msg)  # a click in the browser: returns at once
    assert explorer.work.running and explorer.run_button.disabled and explorer.games.disabled
    while explorer.work._told[0] < 8 and explorer.work.running:  # one chunk of games played
        time.sleep(0.02)
    clicked = time.monotonic()
    explorer.work.stop_button._handle_msg(msg)
    ended = explorer.work.wait(10)
    assert ended is not None and time.monotonic() - clicked < 1.0
    assert ended.outcome is Outcome.STOPPED and 8 <= ended.done < 400
    played = ended.done
    assert len(explorer.records) == played and not explorer.run_button.disabled
    assert explorer.records == run_games(["heuristic", "random"], played, 6, explorer.components)
    assert f"{played} games played of the 400" in explorer.work.status.value
    assert explorer.summary().startswith(f"{played} games; win share (95% interval)")
    rates = win_rates_by_bot(explorer.records)
    assert list(explorer.figure.data[0].y) == [r.estimate for r in rates.values()]

    # the planner thinks for seconds a game: Stop is heard within a move, not a game
    before = explorer.records
    explorer.seats[0].value = "planner"
    explorer.run_button._handle_msg(msg)
    time.sleep(0.3)
    clicked = time.monotonic()
    explorer.work.stop_button._handle_msg(msg)
    ended = explorer.work.wait(10)
    assert ended is not None and time.monotonic() - clicked < 1.0
    assert ended.outcome is Outcome.STOPPED and ended.done == 0 and explorer.records == before
    assert "No game was played" in explorer.work.status.value


# -- issue 29: sums that add up, signs, the security bonus and the dice explained -------------

_DIE_SUM = re.compile(
    r"(\d+) (\w+) × (\d+)(?: \+ (\d+) bonus)? = "
    r"(?:\+(\d+) \2 |(\d+) \2, but cold storage (?:has room for (\d+)|is full): \+(\d+) \2 )"
)


def test_every_die_claim_in_a_game_shows_a_sum_that_adds_up():
    """A claim reads "2 blue × 2 = +3 blue" no more: the sum is the die's DNA, and cold
    storage's room, when smaller, is said before what it keeps (checked against the state)."""
    app = GameApp(bots=["heuristic", "heuristic", "heuristic"], seed=2, show_setup=False)
    app.play_with(heuristic_bot)
    research = [line for s in app.summaries for line in s.story.get("research", [])]
    claims = [line for line in research if "× " in line]
    assert len(claims) > 20
    capped = full = 0
    for line in claims:
        m = _DIE_SUM.search(line)
        assert m, line
        amount, level, bonus = int(m[1]), int(m[3]), int(m[4] or 0)
        if m[5] is not None:  # all of it kept
            assert amount * level + bonus == int(m[5]), line
        else:
            assert amount * level + bonus == int(m[6]) > int(m[8]), line
            assert m[7] is None or int(m[7]) == int(m[8]) > 0, line
            capped += m[7] is not None
            full += m[7] is None and int(m[8]) == 0
    assert capped and full  # the game shows both


def test_a_security_bonus_names_where_it_comes_from():
    app = GameApp(bots=["random"], seed=5)
    s = app.state
    p = s.players[0]
    assert "(+" not in board_html(s, 0)
    upgraded = evolve(p, lab=("U3", None, None, None), specialists=(("P1", 0),))
    state = evolve(s, players=(upgraded, *s.players[1:]))
    assert (
        f"security {p.security} (+3 from Electric Fence, Night Watchman: {p.security + 3} "
        "in the park phase)" in board_html(state, 0)
    )


def test_the_research_dice_have_a_legend():
    app = GameApp(bots=["random"], seed=5)
    html = research_html(app.state)
    legend = html[html.index("kit-dice-legend") :]
    assert legend.count("<svg") == 6 + 1 + 2  # a DNA mark of each type, threat pips, rare faces
    for words in ("1 blue DNA", "1 orange DNA", "threat pips", "rare: paddock", "rare: worker"):
        assert words in legend


def test_negative_vp_reads_with_a_true_minus_sign_on_the_board_and_in_the_final_table():
    app = GameApp(bots=["random"], seed=5)
    s = app.state
    state = evolve(s, players=(evolve(s.players[0], vp=-4), *s.players[1:]))
    assert "−4 VP" in board_html(state, 0) and "-4" not in board_html(state, 0)
    app.state = state
    assert "You −4" in app.summary()


def test_the_vp_chart_shows_the_games_scale_before_the_first_round_ends():
    """Issue 29: Plotly alone showed VP 9 to 11 around the first point."""
    app = GameApp(bots=["heuristic"], seed=5)
    x0, x1 = app.figure.layout.xaxis.range
    y0, y1 = app.figure.layout.yaxis.range
    assert x0 < 1 and x1 > 6 and y0 < 0 and y1 >= 20


def test_market_says_the_special_tiles_prices_and_a_park_share_counts_parks():
    from dino_kit.phases.market import SPECIAL_COST
    from dino_kit.simulate import set_up
    from dino_kit.studies import intervals_table
    from dino_kit.widgets.views import market_html
    from kit_common.statistics import wilson_interval

    html = market_html(set_up(2, seed=1))
    assert f"Dino Research II at ${SPECIAL_COST['dino_research_2']} (4 left)" in html
    assert f"DNA Refinement II at ${SPECIAL_COST['dna_refinement_2']} (4 left)" in html
    share = {"normal game": wilson_interval(3, 4)}
    assert intervals_table(share, "Variant", "Share").headers[-1] == "games"
    assert intervals_table(share, "Variant", "Share", counted="parks").headers[-1] == "parks"


def test_the_bots_play_in_the_background_and_stop_holds_them_until_continue(monkeypatch):
    """Issue 30 item 1: after a click, the bots' moves run in the kernel's background (a
    planner bot thinks for a second or more a move); Stop holds them within a second, and
    Continue lets them play on. The planner here thinks half a second a move whatever the
    machine (on a fast one the real planner finished the bots' moves before Stop came)."""
    import time

    from dino_kit.widgets import game as game_module
    from kit_common.widgets.stoppable import Outcome

    real_bot_by_name = game_module.bot_by_name

    def slow_bot_by_name(name):
        bot = real_bot_by_name(name)

        def slow_bot(state, rng):
            time.sleep(0.5)
            return bot(state, rng)

        return slow_bot

    monkeypatch.setattr(game_module, "bot_by_name", slow_bot_by_name)
    app = GameApp(bots=["heuristic"], seed=3, show_setup=False)
    app.start_seats(["person", "planner"])  # from code: at once (the person moves first)
    assert app.your_turn() and app.state.current_player() == 0
    click = {"content": {"data": {"method": "custom", "content": {"event": "click"}}}}
    app.play_button._handle_msg({**click, "buffers": []})  # the person's move, in the page
    assert app.work.running and not app.your_turn()
    assert app.act(app.legal()[0] if app.legal() else Action("none")) is not None  # refused
    time.sleep(0.3)
    clicked = time.monotonic()
    app.work.stop_button._handle_msg({**click, "buffers": []})
    ended = app.work.wait(10)
    assert ended is not None and time.monotonic() - clicked < 1.0
    assert ended.outcome is Outcome.STOPPED and app.held and not app.your_turn()
    assert app.continue_button.layout.display is None and "held" in app.header.value
    assert app.play_button.layout.display == "none" and "Continue" in app.work.status.value
    app.continue_button._handle_msg({**click, "buffers": []})  # the bots play on
    assert app.work.running and not app.held
    app.work.stop()
    assert app.work.wait(10).outcome is Outcome.STOPPED and app.held


def test_the_room_table_offers_long_menus_in_groups():
    """The together page's table (a room's game) shows research's dice in groups, as the game
    page does: the group menu picks the die, Play sends the shown action of that group."""
    from dino_helpers import start

    from dino_kit.engine import GameView, legal_actions
    from dino_kit.widgets.together import DinoTable
    from kit_common.rooms import RoomView

    s = start(4)
    sent: list = []
    table = DinoTable(sent.append)
    view = RoomView(
        code="ABCD", game="dinosaur-island", options={}, status="playing", seats=(), moves=0,
        version=1, state=GameView(s), to_act=s.current_player(), start=GameView(s),
    )  # fmt: skip
    table.show(view, s.current_player())
    dice = [a for a in legal_actions(s) if a.kind == "die"]
    assert shown(table.kinds) == "die" and len(dice) > GROUP_AT
    assert table.groups.layout.display is None and len(table.groups.options) > 1
    assert table.eat_button.layout.display == "none"
    pick(table.groups, 1)
    second = table.groups.value
    offered = [a for _, a in table.options.options]
    assert offered and all(a.target == second for a in offered)
    assert offered == [a for a in dice if a.target == second]
    table.play_selected()
    assert sent == [{"action": offered[0].to_data()}]
