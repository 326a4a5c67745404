"""The balance study's page app (`dino_kit.widgets.balance.BalanceExplorer`): it opens on the
shipped study without playing a game (none on another component set), the chart shows the
report kind by kind, and Run plays the study the controls describe."""

from __future__ import annotations

from dataclasses import replace

from dino_kit.balance import balance_study, separated
from dino_kit.components import load_components
from dino_kit.studies import shipped_balance
from dino_kit.widgets import balance as balance_widget
from dino_kit.widgets.balance import BalanceExplorer, findings


def test_the_page_opens_on_the_shipped_study_without_playing(monkeypatch):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(balance_widget, "balance_study", no_games)
    app = BalanceExplorer(games=120, seed=1)
    assert app.report == shipped_balance(120, 1, app.components)
    assert app.work.widget.layout.display == "none"  # no work ran, none is shown
    assert app.summary().startswith("120 games of 4 heuristic bots")
    assert list(app.figure.data[0].x) == app.report.chart_data("attraction")["winners"]


def test_on_other_components_it_says_none_is_shipped_and_waits_for_run(monkeypatch):
    mine = replace(load_components(), name="My set")
    app = BalanceExplorer(games=20, seed=1, components=mine)
    assert app.report is None and app.work.last is None
    assert "press Run to play one" in app.summary()
    assert (
        list(app.figure.data[0].x) == [] and "no study played yet" in app.figure.layout.title.text
    )
    app.kind.value = "recipe"  # another kind: still nothing to show
    assert list(app.figure.data[0].x) == []
    report = app.run()  # (test_run_plays_the_study_the_controls_describe checks what it plays)
    assert (report.games, report.components) == (20, "My set")
    assert list(app.figure.data[0].x) == app.report.chart_data("recipe")["winners"]


def test_the_chart_shows_the_study_kind_by_kind():
    app = BalanceExplorer(games=20, seed=4, players=3)
    assert app.report is None  # the kit ships no such study: nothing is played until Run
    expected = balance_study(20, 4, components=app.components, players=3)
    assert app.run() == expected
    assert app.work.last.done == app.work.last.total == 20  # the bar counted every game
    for kind in ("attraction", "recipe", "objective"):
        app.kind.value = kind
        data = expected.chart_data(kind)
        winners, losers = app.figure.data
        assert list(winners.x) == data["winners"] and list(losers.x) == data["losers"]
        assert [label.split()[0] for label in winners.y] == data["ids"]
        assert list(winners.error_x.arrayminus) == [
            e - low for e, low in zip(data["winners"], data["winners_low"])
        ]
        assert app.figure.layout.height >= 34 * len(data["ids"])
        assert app.lines[-1] == findings(expected, kind, app.components)
    assert app.summary().startswith("20 games of 3 heuristic bots")


def test_run_plays_the_study_the_controls_describe():
    app = BalanceExplorer(games=20, seed=1)
    app.games.value, app.seed.value, app.players.value = 40, 2, 2
    app.length.value = "medium"
    report = app.run()
    assert report == balance_study(40, 2, components=app.components, players=2,
                                   objective_length="medium")  # fmt: skip
    assert app.work.last.done == 40 and not app.run_button.disabled
    assert "seed 2" in app.summary()


def test_findings_name_the_components_set_apart_or_say_none_is():
    app = BalanceExplorer(games=120, seed=1)
    for kind in ("recipe", "attraction", "specialist", "lab_upgrade", "objective"):
        more, less = separated(app.report, kind)
        said = findings(app.report, kind, app.components)
        if more or less:
            assert all(c.ident in said for c in more + less)
        else:
            assert "none sets the winners apart" in said
