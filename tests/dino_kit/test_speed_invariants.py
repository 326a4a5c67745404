"""The shortcuts taken for simulation speed (issue 15) give what the plain computation gives,
at every step of seeded games of several bot mixes, player counts and variants: a memo or an
early exit that went stale or cut a corner would show here as a difference."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dino_kit import abilities, objectives
from dino_kit.bots import bot_by_name
from dino_kit.components import load_components
from dino_kit.engine import run
from dino_kit.objectives import claim, condition_met
from dino_kit.phases import workers
from dino_kit.setup import new_game
from dino_kit.simulate import game_seed
from dino_kit.state import GameState, Phase

C = load_components()
GAMES = (
    (("heuristic",) * 4, {}),
    (("heuristic", "simple", "random"), {"chaos_theory": True}),
    (("simple", "heuristic"), {"predictable_systems": True, "objective_length": "long"}),
)


def _states(bots: tuple[str, ...], settings: dict, seed: int) -> list[GameState]:
    """Every state of one seeded game (after each step)."""
    seen: list[GameState] = []
    start = new_game(len(bots), **settings)
    run(
        start,
        [bot_by_name(b) for b in bots],
        random.Random(game_seed(seed, 0)),
        on_step=lambda before, actor, move, after: seen.append(after),
    )
    return seen


@pytest.fixture(scope="module")
def game_states() -> list[GameState]:
    return [s for g, (bots, settings) in enumerate(GAMES) for s in _states(bots, settings, g)]


def _fresh_claim(state: GameState) -> GameState:
    """`claim` with its memo of who meets what emptied first: every condition measured."""
    objectives._MET_MEMO.clear()
    return claim(state)


def test_claim_with_its_memo_equals_claim_measured_afresh(game_states):
    for s in game_states:
        remembered = claim(s)
        fresh = _fresh_claim(s)
        assert remembered.claims == fresh.claims
        assert remembered.players == fresh.players
    assert len(game_states) > 500


def test_the_memo_of_who_meets_what_agrees_with_the_conditions(game_states):
    for s in game_states[::7]:
        claim(s)  # fills the memo for these players
        for p in s.players:
            flags = objectives.met_flags(s, p)
            assert len(flags) == len(s.objectives)
            for ident, flag in zip(s.objectives, flags):
                assert flag == condition_met(s, p, s.components.objective(ident)), ident


def test_can_work_is_whether_a_work_action_is_listed(game_states):
    asked = 0
    for s in game_states:
        if s.phase == Phase.WORKERS and not s.pending and s.step < s.num_players:
            for seat in range(s.num_players):
                listed = workers.candidates(s, seat)
                assert workers.can_work(s, seat) == (len(listed) > 1)
                asked += 1
    assert asked > 50


def _passive_counted(state: GameState, player, effect_id: str) -> int:
    """`abilities.passive` as the rules say it, tile by tile (no memo)."""
    c = state.components
    total = 0
    for ident in player.lab:
        if ident is not None:
            total += sum(
                e.get("amount", 0) for e in c.lab_upgrade(ident).passives if e.id == effect_id
            )
    for ident, _ in player.specialists:
        total += sum(e.get("amount", 0) for e in c.specialist(ident).effects if e.id == effect_id)
    return total


def test_passive_totals_remembered_per_lab_equal_the_tiles_counted(game_states):
    ids = {e.id for u in C.lab_upgrades for e in u.passives}
    ids |= {e.id for sp in C.specialists for e in sp.effects}
    nonzero = 0
    for s in game_states[::3]:
        for p in s.players:
            for effect_id in sorted(ids):
                counted = _passive_counted(s, p, effect_id)
                assert abilities.passive(s, p, effect_id) == counted, effect_id
                nonzero += counted != 0
    assert nonzero > 100


def _slots_listed(state: GameState, player) -> list:
    """`abilities.lab_slots` worked out tile by tile (no memo)."""
    c = state.components
    t = c.tables
    dr = c.lab_upgrade(player.dino_research).slots if player.dino_research else t.dino_research
    rf = c.lab_upgrade(player.dna_refinement).slots if player.dna_refinement else t.dna_refinement
    out = [(("dino_research", i), s) for i, s in enumerate(dr)]
    out += [(("dna_refinement", i), s) for i, s in enumerate(rf)]
    for n, ident in enumerate(player.lab):
        if ident is not None:
            out += [((f"lab{n}", i), s) for i, s in enumerate(c.lab_upgrade(ident).slots)]
    return out


def test_lab_slots_remembered_per_lab_equal_the_tiles_listed(game_states):
    upgraded = 0
    for s in game_states[::3]:
        for p in s.players:
            listed = _slots_listed(s, p)
            assert list(abilities.lab_slots(s, p)) == listed
            for key, slot in listed:
                assert abilities.find_slot(s, p, key) is slot
            assert abilities.find_slot(s, p, ("lab9", 0)) is None
            assert abilities.find_slot(s, p, (["lab0"], 0)) is None
            upgraded += any(x is not None for x in p.lab) or p.dino_research is not None
    assert upgraded > 100


def test_lab_slots_follow_a_new_tile_on_a_printed_space_of_the_same_lab(game_states):
    """The II tiles lie on the printed spaces, not in `lab`: a player who buys one keeps the
    same lab tuple, and the slots must still be the new tile's."""
    s = game_states[0]
    p = s.players[0]
    before = list(abilities.lab_slots(s, p))
    for space, stack in zip(("dino_research", "dna_refinement"), s.specials):
        tiled = replace(p, **{space: stack[0]})
        assert tiled.lab is p.lab
        assert list(abilities.lab_slots(s, tiled)) == _slots_listed(s, tiled) != before
