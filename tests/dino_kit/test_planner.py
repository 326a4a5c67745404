"""The planning bot (`dino_kit.planner`) and seat-balanced tournaments."""

from __future__ import annotations

import json
import random

import pytest
from dino_helpers import start

from dino_kit.bots import BOTS, bot_by_name, heuristic_bot
from dino_kit.cli import main
from dino_kit.engine import why_illegal
from dino_kit.heuristic import complete, ranked_actions
from dino_kit.planner import DEFAULT_CANDIDATES, UNSEARCHED, make_planner, margin
from dino_kit.simulate import game_seed, play_game, seating, tournament
from kit_common import study

CHEAP = make_planner(rollouts=1, candidates=2)


def test_the_planner_is_a_registered_bot():
    assert "planner" in BOTS


def test_ranked_actions_put_the_heuristic_bots_choice_first():
    s = start(3)
    assert complete(s, ranked_actions(s)[0][1]) == heuristic_bot(s, random.Random(0))
    values = [v for v, _ in ranked_actions(s)]
    assert values == sorted(values, reverse=True)


def test_planner_plays_legal_deterministic_moves_without_touching_the_games_random_source():
    s = start(2)
    rng = random.Random(3)
    state_before = rng.getstate()
    a = CHEAP(s, rng)
    assert why_illegal(s, a) is None
    assert rng.getstate() == state_before  # rollouts draw from their own sources
    assert a == CHEAP(s, random.Random(99))


def test_planner_with_one_candidate_plays_what_the_heuristic_bot_plays():
    s = start(2)
    one = make_planner(rollouts=1, candidates=1)
    assert one(s, random.Random(0)) == heuristic_bot(s, random.Random(0))


def test_planner_budget_must_allow_a_rollout():
    with pytest.raises(ValueError):
        make_planner(rollouts=0)


def test_margin_counts_a_finished_games_win():
    s = play_game([heuristic_bot] * 2, random.Random(game_seed(1, 0)))
    winner = s.winners[0]
    assert margin(s, winner) >= 20 > margin(s, 1 - winner)


def test_a_planner_game_ends_by_the_rules():
    s = play_game([CHEAP, heuristic_bot], random.Random(game_seed(2, 0)))
    assert s.is_terminal() and len(s.unclaimed_objectives()) <= 1


def test_seating_rotates_every_entry_through_every_seat():
    seen = {seating(3, g) for g in range(3)}
    assert seen == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    for seat in range(3):
        assert {order[seat] for order in seen} == {0, 1, 2}


def test_tournament_reports_win_shares_that_sum_to_the_games_and_intervals():
    t = tournament(["heuristic", "simple", "heuristic"], 6, 1)
    assert sum(e.wins for e in t.entries) == pytest.approx(6)
    for e in t.entries:
        assert e.win_share.low <= e.win_share.estimate <= e.win_share.high
        assert e.score.n == 6
    assert t == tournament(["heuristic", "simple", "heuristic"], 6, 1)


@pytest.mark.slow
def test_tournament_is_the_same_played_by_two_processes_or_a_dask_cluster(monkeypatch, dask_client):
    monkeypatch.setattr(study, "CHUNK", 1)  # 2 games in 2 chunks
    bots = ["heuristic", "planner:1x2"]  # the planner seeds its rollouts alike in any process
    one = tournament(bots, 2, 4)
    assert tournament(bots, 2, 4, jobs=2) == one
    assert tournament(bots, 2, 4, scheduler=dask_client) == one


def test_tournament_progress_counts_the_games_played():
    told = []
    tournament(["heuristic", "simple"], 10, 1, progress=lambda done, total: told.append(done))
    assert told == [8, 10]


def test_a_planners_budget_is_part_of_its_name():
    bot = bot_by_name("planner:2x3")
    assert bot is bot_by_name("planner:2x3") and bot.__name__ == "planner_2x3"
    assert bot_by_name("planner:5").__name__ == f"planner_5x{DEFAULT_CANDIDATES}"
    for bad in ("planner:0", "planner:2x", "planner:x3", "planner:1x2x3", "planner:²"):
        with pytest.raises(ValueError, match="planner:R or planner:RxK"):
            bot_by_name(bad)
    with pytest.raises(ValueError, match="unknown bot"):
        bot_by_name("plan:3")


def test_cli_tournament_json(capsys):
    args = ["tournament", "--players", "heuristic,simple", "--games", "2", "--seed", "1"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["heuristic", "simple"] and len(data["entries"]) == 2
    assert main([*args, "--jobs", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data
    assert main(["tournament", "--players", "heuristic", "--games", "1"]) == 2


def test_the_planner_leaves_worker_placements_and_lab_upgrades_to_the_heuristic_bot():
    reads = []

    def clock() -> float:  # a decision reads it once to start, then before each rollout
        reads.append(1)
        return 0.0

    planner = make_planner(rollouts=2, candidates=3, clock=clock)
    for searched in (False, True):
        state = play_until_first(
            lambda s, searched=searched: (ranked_actions(s)[0][1].kind in UNSEARCHED) != searched
        )
        reads.clear()
        action = planner(state, random.Random(0))
        if searched:
            assert len(reads) > 1  # it rolled out (the second round is timed)
        else:
            assert len(reads) == 1 and action == heuristic_bot(state, random.Random(0))


def play_until_first(wanted) -> object:
    """The first decision of a seeded 2-player heuristic game that `wanted` picks."""
    found = []

    def watcher(state, rng):
        if not found and len(ranked_actions(state)) > 1 and wanted(state):
            found.append(state)
        return heuristic_bot(state, rng)

    play_game([watcher, heuristic_bot], random.Random(game_seed(5, 0)))
    assert found, "no such decision in the game"
    return found[0]
