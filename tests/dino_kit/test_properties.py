"""Property tests over random legal games (kept small: a few games per property run)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dino_kit.bots import heuristic_bot, random_bot
from dino_kit.components import load_components
from dino_kit.engine import (
    apply_action,
    apply_chance,
    chance_outcomes,
    legal_actions,
    sample_chance,
    why_illegal,
)
from dino_kit.phases import park
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Action, GameState, VisitorDraw

C = load_components()
MAX_STEPS = 20_000


def check_invariants(s: GameState) -> None:
    n = s.num_players
    in_parks = sum(
        sum(c + h for c, h in p.inside) + sum(p.line) + sum(p.to_place) for p in s.players
    )
    assert sum(s.bag) + in_parks == 80, "visitors are conserved"
    assert len(s.pool) + len(s.dice_box) == 10, "dice are accounted for"
    if s.phase != "setup":
        assert len(s.pool) == 2 * n + 1
    built = sum(len(p.attractions) for p in s.players)
    tiles = built + len(s.stacks[0]) + len(s.discards[0]) + sum(x is not None for x in s.rows[0])
    assert tiles == sum(a.players <= n for a in C.attractions), "attractions are conserved"
    for p in s.players:
        assert p.money >= 0, "money never negative"
        assert p.workers + p.supply == 8, "workers are conserved (+1 on the turn-order track)"
        assert 0 <= p.placed <= p.workers + len(p.passed)
        assert sorted(p.scientists + p.assigned + p.passed) == [1, 2, 3], "scientists conserved"
        created_threat = sum(C[e.recipe].threat * e.dinosaurs for e in p.exhibits)
        assert p.threat == created_threat, "threat is what was built"
        assert 1 <= p.security <= 1 + sum(1 for _ in range(60))
        assert 1 <= p.excitement <= s.rules.excitement_cap
        assert all(0 <= d <= lim for d, lim in zip(p.dna, p.limits)), "DNA within storage"
        assert all(e.dinosaurs <= e.capacity <= 4 for e in p.exhibits)
        assert len(p.specialists) <= 3
        if s.phase == "park" and s.step == -1:  # lines, before the escapes
            if sum(c for c, _ in p.inside) + p.line[0]:
                assert p.to_place[1] == 0, "hooligans are placed first"
            if sum(p.line):
                assert not park.open_places(s, p), "the line only when every place is full"


def play_checked(n: int, seed: int, bot, **settings_) -> GameState:
    rng = random.Random(seed)
    s = new_game(n, **settings_)
    for _ in range(MAX_STEPS):
        check_invariants(s)
        if s.is_terminal():
            return s
        if s.current_player() == CHANCE:
            outcomes = chance_outcomes(s)
            assert sum(p for _, p in outcomes) == Fraction(1)
            s = apply_chance(s, sample_chance(s, rng))
        else:
            actions = legal_actions(s)
            assert actions, "a seat to act always has a legal action"
            a = bot(s, rng)
            assert why_illegal(s, a) is None
            s = apply_action(s, a)
    raise AssertionError("the game did not end")


@settings(max_examples=8, deadline=None)
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    predictable=st.booleans(),
    chaos=st.booleans(),
    length=st.sampled_from(["short", "medium", "long"]),
)
def test_random_games_keep_every_invariant_and_end(n, seed, predictable, chaos, length):
    s = play_checked(
        n,
        seed,
        random_bot,
        predictable_systems=predictable,
        chaos_theory=chaos,
        objective_length=length,
        max_rounds=12,
    )
    assert s.final is not None and s.winners


@settings(max_examples=6, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_heuristic_games_keep_every_invariant_and_end(n, seed):
    s = play_checked(n, seed, heuristic_bot)
    assert s.final is not None


def random_placer(state: GameState, rng: random.Random) -> Action:
    """The heuristic bot, except that each visitor goes to a place drawn uniformly among those
    with room."""
    if state.phase == "park" and park.placing(state) is not None:
        places = [a for a in legal_actions(state) if a.target is not None]
        return places[rng.randrange(len(places))]
    return heuristic_bot(state, rng)


@settings(max_examples=6, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6), chaos=st.booleans())
def test_games_placing_visitors_anywhere_keep_every_invariant_and_end(n, seed, chaos):
    s = play_checked(n, seed, random_placer, chaos_theory=chaos)
    assert s.final is not None
    assert any(m.kind == "place" for a, m in s.moves() if a != CHANCE)


@settings(max_examples=5, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_every_listed_legal_action_is_legal(n, seed):
    rng = random.Random(seed)
    s = new_game(n)
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s = apply_chance(s, sample_chance(s, rng))
            continue
        actions = legal_actions(s)
        assert len(set(actions)) == len(actions)
        for a in actions:
            assert why_illegal(s, a) is None, a
        s = apply_action(s, actions[rng.randrange(len(actions))])


def test_visitor_draw_probabilities_are_hypergeometric():
    s = new_game(2)
    from dataclasses import replace

    s = replace(s, pending=(VisitorDraw(0),), phase="park", step=-1, bag=(3, 2))
    outcomes = dict(chance_outcomes(s))  # excitement 1: one visitor
    assert outcomes == {0: Fraction(2, 5), 1: Fraction(3, 5)}
