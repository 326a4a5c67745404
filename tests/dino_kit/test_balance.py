"""Balance studies (`dino_kit.balance`, `dino-kit balance`): the same seed gives the same
report whatever plays the games — this process, a pool of processes, a Dask cluster."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dino_kit.balance import balance_study, held, report_lines, separated
from dino_kit.bots import heuristic_bot
from dino_kit.cli import main
from dino_kit.components import load_components
from dino_kit.simulate import game_seed, play_game
from kit_common.messages import set_language

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


def test_shares_agree_with_a_recount_of_the_same_games(one_job):
    # an independent route: replay the study's games and count the attractions built and the
    # objectives claimed from the final parks, without `held`
    winners: dict[str, float] = {}
    losers: dict[str, float] = {}
    won_parks = lost_parks = 0
    for g in range(GAMES):
        s = play_game(
            [heuristic_bot] * 3, random.Random(game_seed(3, g)), load_components(ILLUSTRATIVE)
        )
        for share, p in zip(s.returns(), s.players):
            counts = winners if share > 0 else losers
            won_parks += share > 0
            lost_parks += share == 0
            for ident in {*p.attractions, *p.objectives}:
                counts[ident] = counts.get(ident, 0) + 1
    for c in one_job.components_held:
        if c.kind in ("attraction", "objective"):
            assert c.winners.estimate == pytest.approx(winners.get(c.ident, 0) / won_parks)
            assert c.losers.estimate == pytest.approx(losers.get(c.ident, 0) / lost_parks)
    assert sum(c.kind == "attraction" for c in one_job.components_held) == len(
        {*winners, *losers} - {c.ident for c in one_job.components_held if c.kind == "objective"}
    )


def test_separated_lists_only_components_whose_intervals_do_not_overlap(one_job):
    for kind in ("recipe", "attraction", "objective"):
        more, less = separated(one_job, kind)
        assert all(c.winners.low > c.losers.high for c in more)
        assert all(c.winners.high < c.losers.low for c in less)
        apart = {c.ident for c in more + less}
        for c in one_job.components_held:
            if c.kind == kind and c.ident not in apart:
                assert c.winners.low <= c.losers.high and c.losers.low <= c.winners.high


def test_the_report_names_components_and_counts_seats_from_one(one_job):
    lines = report_lines(one_job, load_components(ILLUSTRATIVE))
    assert "seat 1:" in lines[2] and "seat 0" not in lines[2]
    assert "components illustrative — not the published components, seed 3" in lines[0]
    assert "recipes: share of winners' parks vs losers' parks holding it" in lines
    assert any(line.strip().startswith("H0 ") and len(line.split()[1]) > 1 for line in lines)
    assert any("— 6 VP" in line for line in lines)  # an objective reads as its condition


def test_the_header_names_the_set_by_its_label_in_the_readers_language(one_job):
    # the set's name, as repr() wrote it, put the English "'Illustrative set'" on every
    # translated page: the label alone says which set it is, in the reader's language
    components = load_components(ILLUSTRATIVE)
    set_language("es")
    try:
        header = report_lines(one_job, components)[0]
    finally:
        set_language("en")
    assert "ilustrativos — no son los componentes publicados" in header
    assert "Illustrative set" not in header and "'" not in header


def test_a_study_on_a_loaded_set_is_the_study_of_its_folder(one_job):
    report = balance_study(GAMES, 3, components=load_components(ILLUSTRATIVE), players=3)
    assert report == one_job
