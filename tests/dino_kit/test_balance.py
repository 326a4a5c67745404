"""Balance studies (`dino_kit.balance`, `dino-kit balance`): the same seed gives the same
report whatever plays the games — this process, a pool of processes, a Dask cluster."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dino_kit.balance import balance_study, held, report_lines
from dino_kit.bots import heuristic_bot
from dino_kit.cli import main
from dino_kit.simulate import game_seed, play_game

ILLUSTRATIVE = Path(__file__).resolve().parents[2] / "dino_kit/components/data/illustrative"
GAMES = 10  # more than one chunk of games


@pytest.fixture(scope="module")
def one_job():
    return balance_study(GAMES, 3, folder=ILLUSTRATIVE, players=3)


def test_a_park_holds_what_it_built_hired_and_claimed():
    s = play_game([heuristic_bot] * 2, random.Random(game_seed(1, 0)))
    for p in s.players:
        items = dict.fromkeys(held(s, p))
        assert ("recipe", p.exhibits[0].recipe) in items
        assert all(("attraction", a) in items for a in p.attractions)
        assert all(("objective", o) in items for o in p.objectives)
        assert not any(("lab_upgrade", u) in items for u in p.covered if u not in p.lab)


def test_report_counts_winners_and_losers_parks_with_intervals(one_job):
    r = one_job
    assert r.games == GAMES and len(r.seat_win_share) == 3
    assert sum(s.estimate for s in r.seat_win_share) == pytest.approx(1)
    starting = next(c for c in r.components_held if c.kind == "recipe" and c.ident == "H0")
    assert starting.winners.estimate == starting.losers.estimate == 1  # every park has it
    for c in r.components_held:
        assert c.winners.low <= c.winners.estimate <= c.winners.high + 1e-12  # float rounding
    chart = r.chart_data("attraction")
    assert len(chart["ids"]) == len(chart["winners"]) == len(chart["losers_high"])
    assert report_lines(r)[1].startswith("game length")


def test_same_seed_same_report_with_two_processes(one_job):
    assert balance_study(GAMES, 3, folder=ILLUSTRATIVE, players=3, jobs=2) == one_job


def test_same_seed_same_report_on_a_local_dask_cluster(one_job, dask_client):
    report = balance_study(GAMES, 3, folder=ILLUSTRATIVE, players=3, scheduler=dask_client)
    assert report == one_job


def test_cli_balance_json_and_a_bad_folder(capsys, tmp_path):
    args = ["balance", str(ILLUSTRATIVE), "--games", "2", "--seed", "1", "--players", "2"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["players"] == 2 and data["components_held"]
    assert main(["balance", str(tmp_path), "--games", "1"]) == 1
