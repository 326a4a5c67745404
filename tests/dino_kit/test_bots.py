"""The heuristic bot: what it knows of the held die, the decisions that make it sensible
(security up to the expected threat, dinosaurs, attractions), and how it does over games
against the kit's first heuristic ("simple") on the same seeds."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from dino_helpers import pass_market, pass_research, set_player, start

from dino_kit.bots import BOTS, heuristic_bot, simple_bot
from dino_kit.components import load_components
from dino_kit.engine import apply_action, apply_chance, sample_chance, why_illegal
from dino_kit.heuristic import expected_threat, held_pips, view
from dino_kit.objectives import _test, condition_met
from dino_kit.phases import research
from dino_kit.simulate import ended_by_cap, game_seed, play_game, simulate
from dino_kit.state import CHANCE, Action, Exhibit

C = load_components()


@pytest.fixture
def workers():
    """Round 1's workers phase, 2 players; everyone passed in research, so every die is
    unclaimed and the one held is slot 3 (D4, face 0: 1 threat pip)."""
    s = pass_market(pass_research(start(2, predictable_systems=True)))
    assert (s.held, s.held_face) == (3, 0) and C["D4"].faces[0].threat == 1
    return s


# -- what the bot knows of the held die ------------------------------------------------------


def test_held_pips_in_research_is_the_most_pips_among_unclaimed_dice():
    s = start(2, predictable_systems=True, rolls=[0, 1, 2, 3, 4])  # D1..D5 with these faces
    pips = [research.face_of(s, slot).threat for slot in range(5)]
    assert held_pips(s) == max(pips)
    best = pips.index(max(pips))
    s = apply_action(s, Action("die", 1, best))  # claiming it: the next most pips
    rest = [p for i, p in enumerate(pips) if i != best]
    assert held_pips(s) == max(rest)


def test_held_pips_after_research_is_the_held_die_and_0_without_one(workers):
    assert held_pips(workers) == 1
    p = workers.players[0]
    assert expected_threat(workers, p) == p.threat + 1
    assert held_pips(replace(workers, held=None, held_face=None)) == 0


def test_held_pips_under_chaos_theory_is_the_mean_of_the_die_rounded_up(workers):
    s = replace(workers, rules=replace(workers.rules, chaos_theory=True))
    faces = C["D4"].faces
    assert held_pips(s) == math.ceil(sum(f.threat for f in faces) / 6)


# -- decisions --------------------------------------------------------------------------------


def test_raises_security_when_expected_threat_with_the_held_die_exceeds_it(workers):
    # threat 1 + 1 held pip = 2 > security 1; a Security Office (U1) slot and money
    s = set_player(workers, 0, lab=("U1", None, None, None))
    a = heuristic_bot(s, random.Random(0))
    assert a == Action("work", target=("lab0", 0))
    s = apply_action(s, a)
    assert s.players[0].security == 2
    # now security = expected threat: it does not pay for more
    assert heuristic_bot(s, random.Random(0)) != Action("work", target=("lab0", 0))


def test_creates_a_dinosaur_it_can_afford_before_anything_else(workers):
    s = set_player(
        workers,
        0,
        exhibits=(Exhibit("H0", 1, 1), Exhibit("H1", 0, 1)),  # Leafgrazer: 2 blue 1 pink
        dna=(2, 1, 0, 0, 0, 0),
        security=5,
    )
    assert heuristic_bot(s, random.Random(0)) == Action(
        "work", target=("dino_research", 0), choice=1
    )


def test_fills_an_empty_exhibit_even_when_security_cannot_cover_it(workers):
    # an empty exhibit costs 10 VP at the end; a few visitors eaten cost less
    s = set_player(workers, 0, exhibits=(Exhibit("H0", 1, 1), Exhibit("S2", 0, 1)))
    s = set_player(s, 0, dna=(0, 0, 2, 1, 0, 0))  # Swampsnapper: 2 violet 1 green
    a = heuristic_bot(s, random.Random(0))
    assert a == Action("work", target=("dino_research", 0), choice=1)


def test_builds_an_attraction_when_it_has_money_and_nothing_better():
    market = pass_research(start(2, predictable_systems=True))
    s = set_player(market, 0, money=40, security=6)
    a = heuristic_bot(s, random.Random(0))
    assert a.kind == "build", a


def test_bot_actions_are_legal_and_deterministic():
    s = start(3)
    rng = random.Random(5)
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s = apply_chance(s, sample_chance(s, rng))
            continue
        a = heuristic_bot(s, random.Random(1))
        assert a == heuristic_bot(s, random.Random(2))
        assert why_illegal(s, a) is None
        v = view(s, s.players[s.current_player()])
        assert v.rounds_left >= 1
        s = apply_action(s, a)


def test_bots_are_registered():
    assert {"random", "heuristic", "simple"} <= set(BOTS)


# -- over whole games ---------------------------------------------------------------------------

GAMES = 16


@pytest.fixture(scope="module")
def heuristic_games():
    return [play_game([heuristic_bot] * 4, random.Random(game_seed(3, g))) for g in range(GAMES)]


@pytest.fixture(scope="module")
def simple_games():
    return [play_game([simple_bot] * 4, random.Random(game_seed(3, g))) for g in range(GAMES)]


def test_heuristic_games_end_by_the_rules_not_the_safety_net(heuristic_games):
    assert not any(ended_by_cap(s) for s in heuristic_games)
    assert all(len(s.unclaimed_objectives()) <= 1 for s in heuristic_games)


def test_heuristic_bot_builds_dinosaurs_attractions_and_security(heuristic_games):
    players = [p for s in heuristic_games for p in s.players]
    assert sum(p.dinosaurs for p in players) / len(players) >= 2.5
    assert sum(len(p.attractions) for p in players) / len(players) >= 1.5
    assert sum(1 for p in players if p.security > 1) / len(players) >= 0.5


def test_heuristic_bot_loses_fewer_visitors_and_scores_more_than_the_simple_bot(
    heuristic_games, simple_games
):
    def eaten(games):
        return sum(p.eaten_total for s in games for p in s.players) / len(games)

    def mean_score(games):
        return sum(sum(s.final) for s in games) / (4 * len(games))

    assert eaten(heuristic_games) < 0.6 * eaten(simple_games)
    assert mean_score(heuristic_games) > mean_score(simple_games) + 10


def test_heuristic_bot_beats_the_simple_bot_head_to_head():
    a = simulate(4, 10, 9, ["heuristic", "simple", "heuristic", "simple"])
    b = simulate(4, 10, 9, ["simple", "heuristic", "simple", "heuristic"])
    heuristic_wins = a.wins[0] + a.wins[2] + b.wins[1] + b.wins[3]
    assert heuristic_wins >= 14  # of 20 games


def test_compiled_objective_tests_agree_with_the_conditions(heuristic_games):
    for s in heuristic_games[:4]:
        for p in s.players:
            for o in C.objectives:
                assert _test(o)(s, p) == condition_met(s, p, o), o.id
