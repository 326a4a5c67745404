"""The balance study's page app (`dino_kit.widgets.balance.BalanceExplorer`): the chart shows
the report it played, kind by kind, and Run plays the study the controls describe."""

from __future__ import annotations

from dino_kit.balance import balance_study, separated
from dino_kit.widgets.balance import BalanceExplorer, findings


def test_the_chart_shows_the_study_kind_by_kind():
    app = BalanceExplorer(games=20, seed=4, players=3)
    expected = balance_study(20, 4, components=app.components, players=3)
    assert app.report == expected
    assert app.progress.value == app.progress.max == 20  # the bar counted every game
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
    assert app.progress.value == 40 and not app.run_button.disabled
    assert "seed 2" in app.summary()


def test_findings_name_the_components_set_apart_or_say_none_is():
    app = BalanceExplorer(games=20, seed=4)
    for kind in ("recipe", "attraction", "specialist", "lab_upgrade", "objective"):
        more, less = separated(app.report, kind)
        said = findings(app.report, kind, app.components)
        if more or less:
            assert all(c.ident in said for c in more + less)
        else:
            assert "none sets the winners apart" in said
