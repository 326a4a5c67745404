"""Notebook 8's shipped games (`dino_kit.studies`, `dino_kit/data/what_wins.json`): they are
the games the kit plays again now, they are given only for the very games asked for (never
for another component set), and `dino-kit ship-studies` writes what it played."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dino_kit import studies
from dino_kit.balance import balance_study
from dino_kit.cli import main
from dino_kit.components import load_components
from dino_kit.simulate import BotGames
from dino_kit.studies import (
    PAGE_BALANCE,
    PAGE_STUDIES,
    Study,
    play_record,
    run_games,
    shipped_balance,
    shipped_balance_games,
    shipped_games,
    shipped_or_played,
)
from kit_common.study import game_seed


@pytest.fixture(scope="module")
def components():
    return load_components()


@pytest.mark.parametrize("name", PAGE_STUDIES)
def test_each_shipped_study_is_the_games_played_again(name, components):
    s = PAGE_STUDIES[name]
    shipped = shipped_games(s.bots, s.games, s.seed, components, **s.settings)
    assert shipped is not None and len(shipped) == s.games
    # game g is the same alone (its own seed): its first and last games, played again
    for g in (0, s.games - 1):
        assert shipped[g] == play_record(s.bots, g, s.seed, components, **s.settings)


def test_the_shipped_balance_study_is_its_games_played_again(components):
    b = PAGE_BALANCE
    shipped = shipped_balance_games(b.games, b.seed, components)
    assert shipped is not None and [g.game for g in shipped] == list(range(b.games))
    task = BotGames(b.bots, components, b.settings, parks=True)
    seats = tuple(range(len(b.bots)))  # a balance study's seats do not rotate
    again = [task(g, random.Random(game_seed(b.seed, g)), seats) for g in (0, b.games - 1)]
    assert [shipped[0], shipped[-1]] == again


def test_only_the_very_games_are_shipped(components):
    assert shipped_games(["heuristic", "random"], 5, 1, components) == run_games(
        ["heuristic", "random"], 5, 1, components
    )  # the first games of a study: a prefix of it
    # a setting at its default is the same game
    assert shipped_games(["heuristic", "heuristic"], 3, 2, components, chaos_theory=False)
    for bots, games, seed, settings in [
        (["heuristic", "random"], 101, 1, {}),  # more games than shipped
        (["heuristic", "random"], 10, 7, {}),  # another seed
        (["random", "heuristic"], 10, 1, {}),  # other seats
        (["heuristic", "random"], 10, 1, {"chaos_theory": True}),  # other rules
    ]:
        assert shipped_games(bots, games, seed, components, **settings) is None
    assert shipped_balance(120, 1, components, players=3) is None
    assert shipped_balance(121, 1, components) is None
    assert shipped_balance(20, 1, components, objective_length="long") is None


def test_another_component_set_gets_no_shipped_games(components):
    mine = replace(components, name="My set")
    assert studies.fingerprint(mine) != studies.fingerprint(components)
    assert shipped_games(["heuristic", "random"], 2, 1, mine) is None
    assert shipped_balance(120, 1, mine) is None
    assert shipped_or_played(["heuristic", "random"], 2, 1, mine) == run_games(
        ["heuristic", "random"], 2, 1, mine
    )


def test_ship_studies_writes_what_it_played(tmp_path, monkeypatch, capsys, components):
    monkeypatch.setattr(studies, "PAGE_STUDIES", {"v": Study(("heuristic", "random"), 3, 9)})
    monkeypatch.setattr(studies, "PAGE_BALANCE", Study(("heuristic",) * 3, 2, 9))
    out = tmp_path / "studies.json"
    assert main(["ship-studies", "--output", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    monkeypatch.setattr(studies, "SHIPPED_PATH", out)
    assert shipped_games(["heuristic", "random"], 3, 9, components) == run_games(
        ["heuristic", "random"], 3, 9, components
    )
    assert shipped_balance(2, 9, components, players=3) == balance_study(
        2, 9, components=components, players=3
    )
    assert shipped_games(["heuristic", "random"], 100, 1, components) is None
