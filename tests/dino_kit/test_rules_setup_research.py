"""One test per rule line of the rules page: setup and the research phase."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from dino_helpers import pass_research, set_player, start

from dino_kit.components import load_components
from dino_kit.engine import _start_park, apply_action, apply_chance, chance_outcomes
from dino_kit.errors import RuleError
from dino_kit.phases import park, research
from dino_kit.setup import new_game
from dino_kit.state import (
    CHANCE,
    Action,
    ChaosRoll,
    DieRoll,
    EventKind,
    Exhibit,
    face_of,
    track_position,
)

C = load_components()


def test_two_to_four_players():
    for n in (1, 5):
        with pytest.raises(RuleError) as err:
            new_game(n)
        assert err.value.rule == "players"
    assert new_game(4).num_players == 4


def test_setup_dice_pool_is_2_per_player_plus_1():
    for n in (2, 3, 4):
        s = start(n)
        assert len(s.pool) == 2 * n + 1 and len(s.dice_box) == 10 - (2 * n + 1)


def test_setup_player_count_marks_remove_3plus_and_4plus_tiles():
    for n in (2, 3, 4):
        s = new_game(n)
        for ident in s.stacks[0] + s.stacks[1]:
            assert C[ident].players <= n
        expected = sum(a.players <= n for a in C.attractions)
        assert len(s.stacks[0]) == expected
    assert len(new_game(4).stacks[1]) == 25


def test_setup_special_lab_stacks_hold_4_each():
    s = new_game(2)
    assert [len(x) for x in s.specials] == [4, 4]
    assert all(C[i].special == "dino_research_2" for i in s.specials[0])


def test_setup_market_rows_attractions_sorted_by_cost_dearest_in_the_5_row():
    s = start(2)
    costs = [C[i].cost for i in s.rows[0]]
    assert costs == sorted(costs, reverse=True)
    assert all(x is not None for col in s.rows for x in col)


def test_setup_research_one_recipe_face_up_per_category():
    s = start(2)
    assert [C[i].category for i in s.recipe_up] == [
        "herbivore",
        "small_carnivore",
        "large_carnivore",
    ]
    assert sum(len(x) for x in s.recipe_stacks) == 17 - 3


def test_setup_objectives_players_plus_one_from_the_chosen_stack():
    s = start(3, objective_length="long")
    assert len(s.objectives) == 4 and all(C[o].length == "long" for o in s.objectives)
    with pytest.raises(RuleError) as err:
        new_game(2, objective_length="epic")
    assert err.value.rule == "objective_length"


def test_setup_plot_twists_two_revealed_second_redrawn_when_contradicting():
    s = start(2)  # T1 then T2 drawn: both change the excitement cap, so T2 is redrawn
    assert s.plot_twists == ("T1", "T3")
    assert s.rules.excitement_cap == 25 and s.rules.pass_money == 3
    assert "T2" not in s.twist_stack


def test_setup_player_pieces_workers_scientists_storage_park_tracks():
    s = start(2, predictable_systems=True)
    for p in s.players:
        assert (p.workers, p.supply) == (4, 4)  # + 1 on the turn-order track = 9
        assert p.scientists == (1, 2, 3)
        assert p.limits == (4, 4, 4, 2, 2, 2) and p.dna == (1, 1, 1, 0, 0, 0)
        assert p.exhibits == (Exhibit(C.tables.starting_exhibit.id, 1, 1),)
        assert (p.excitement, p.vp, p.threat, p.security) == (1, 10, 1, 1)


def test_setup_cash_15_for_the_first_player_and_1_more_for_each_next():
    s = start(4, first_player=2)
    assert s.order == (2, 3, 0, 1)
    assert [s.players[seat].money for seat in s.order] == [15, 16, 17, 18]


def test_turn_order_round_1_clockwise_from_the_first_player():
    s = start(3, first_player=1)
    assert s.current_player() == 1
    s = apply_action(s, Action("pass", 1))
    assert s.current_player() == 2


# -- research -------------------------------------------------------------------------


def test_research_first_player_rolls_every_die_one_per_slot():
    s = new_game(2)
    while s.pending[0].kind != EventKind.ROLL:
        s = apply_chance(s, chance_outcomes(s)[0][0])
    assert [e for e in s.pending] == [DieRoll(i) for i in range(5)]
    assert all(p == Fraction(1, 6) for _, p in chance_outcomes(s))


def test_research_three_turns_each_in_turn_order():
    s = start(2, predictable_systems=True)
    seats = []
    while s.phase == "research":
        seats.append(s.current_player())
        s = apply_action(s, Action("pass", min(s.players[s.current_player()].scientists)))
    assert seats == [0, 1] * 3
    assert s.phase == "market"


def test_research_one_scientist_per_space():
    s = start(2, predictable_systems=True)
    s = apply_action(s, Action("die", 1, 0))
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("die", 2, 0))
    assert err.value.rule == "space_taken"


def test_research_scientist_is_assigned_once():
    s = start(2, predictable_systems=True)
    s = apply_action(apply_action(s, Action("die", 2, 0)), Action("pass", 1))
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("die", 2, 1))
    assert err.value.rule == "scientist_used"


def test_research_die_gives_dna_times_level_capped_by_cold_storage():
    # D2 face 1 is 2 pink; scientist 3 would give 6 but pink is capped at 4
    s = start(2, rolls=[0, 1, 0, 0, 0], predictable_systems=True)
    after = apply_action(s, Action("die", 3, 1))
    assert after.players[0].dna[1] == 4
    s2 = start(2, rolls=[0, 1, 0, 0, 0], predictable_systems=True)
    after = apply_action(s2, Action("die", 1, 1))
    assert after.players[0].dna[1] == 1 + 2


def test_research_rare_faces_need_scientist_3_and_give_once():
    # pool D7 (face 4: paddock) and D8 (face 4: worker)
    s = start(
        2, pool=["D7", "D8", "D1", "D2", "D3"], rolls=[4, 4, 0, 0, 0], predictable_systems=True
    )
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("die", 2, 1))
    assert err.value.rule == "rare_face_needs_3"
    after = apply_action(s, Action("die", 3, 1))
    assert (after.players[0].workers, after.players[0].supply) == (5, 3)
    after = apply_action(s, Action("die", 3, 0, 0))
    assert after.players[0].exhibits[0].capacity == 2


def test_research_cold_storage_raises_limits_by_the_scientists_level():
    s = start(2, predictable_systems=True)
    after = apply_action(s, Action("storage", 3, 0, ("blue", "green", "green")))
    assert after.players[0].limits == (5, 4, 4, 4, 2, 2)
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("storage", 3, 0, ("blue",)))
    assert err.value.rule == "storage_allocation"


def test_research_recipe_needs_the_level_and_two_free_zones():
    s = start(2, predictable_systems=True)
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("recipe", 1, "large_carnivore"))
    assert err.value.rule == "research_level"
    after = apply_action(s, Action("recipe", 3, "large_carnivore"))
    assert after.players[0].exhibits[-1].recipe == "L1" and after.recipe_up[2] is None
    full = set_player(s, 0, attractions=tuple(f"A{i}" for i in range(1, 10)))
    with pytest.raises(RuleError) as err:
        apply_action(full, Action("recipe", 1, "herbivore"))
    assert err.value.rule == "park_full"


def test_research_pass_puts_a_scientist_in_the_worker_pool():
    s = start(2, predictable_systems=True)
    after = apply_action(s, Action("pass", 2))
    p = after.players[0]
    assert p.passed == (2,) and p.scientists == (1, 3) and p.workers_free == 5


def test_research_held_die_is_the_unclaimed_one_with_most_threat_pips():
    # rolls: D1 f4 (3 pips), D2 f2 (1 pip), others f0
    s = start(2, rolls=[4, 2, 0, 0, 0], predictable_systems=True)
    s = apply_action(s, Action("die", 1, 1))
    s = pass_research(s)
    assert s.held == 0 and C[s.pool[0]].faces[s.held_face].threat == 3


def test_research_no_unclaimed_die_none_held():
    s = start(2, predictable_systems=True)
    s = replace(s, pool=s.pool[:1], rolled=(0,), claimed=(1,))
    s = pass_research(s)
    assert s.held is None


def test_threat_and_security_tracks_wrap_with_plus_10_tokens():
    assert track_position(10) == (0, 10)
    assert track_position(11) == (1, 1)
    assert track_position(23) == (2, 3)


def test_illegal_action_leaves_the_state_unchanged(game2):
    before = game2
    with pytest.raises(RuleError):
        apply_action(game2, Action("build", None, 0))
    assert game2 == before
    with pytest.raises(RuleError) as err:
        apply_chance(game2, 3)
    assert err.value.rule == "not_chance"
    assert game2.current_player() != CHANCE


# -- the held die (issue 15, defects 3 and 4) ---------------------------------------------------


def _research_over(pool: tuple[str, ...], rolled: tuple[int, ...], **settings):
    s = start(2, predictable_systems=True, **settings)
    return replace(s, pool=pool, rolled=rolled, claimed=(None,) * len(pool))


def test_a_die_showing_no_threat_pip_is_not_held_nor_re_rolled_under_chaos_theory():
    # D1 face 0 and D2 face 0 show 0 pips
    s = research.end(_research_over(("D1", "D2"), (0, 0), chaos_theory=True))
    assert s.held is None and s.held_face is None
    assert park.threat_now(s, s.players[0]) == s.players[0].threat
    parked = _start_park(s)
    assert not any(isinstance(e, ChaosRoll) for e in parked.pending)


def test_the_die_with_the_most_pips_is_held_1_to_3():
    s = research.end(_research_over(("D1", "D2", "D3"), (0, 3, 4)))  # 0, 2 and 3 pips
    assert s.held == 2 and face_of(s, 2).threat == 3


def test_tied_pips_hold_the_die_worse_when_re_rolled_whatever_the_slot_order():
    """D1 and D4 both show 1 pip and have the same mean pips (7/6); D1's faces reach 3 pips,
    D4's only 2, so a careful player plans for D1 — in either slot."""
    assert C["D1"].faces[1].threat == 1 and C["D4"].faces[0].threat == 1
    first = research.end(_research_over(("D1", "D4"), (1, 0)))
    second = research.end(_research_over(("D4", "D1"), (0, 1)))
    assert first.pool[first.held] == second.pool[second.held] == "D1"
    assert research.hold_key(first, 0) > research.hold_key(first, 1)


def test_dice_still_tied_have_the_same_pips_face_by_face():
    """The rule's last resort (the lowest slot) can only pick between dice whose re-roll odds
    are the same: equal keys mean equal faces' pips."""
    dice = [d.id for d in C.dice]
    for a in dice:
        for b in dice:
            s = _research_over((a, b), (0, 0))
            if research.hold_key(s, 0) == research.hold_key(s, 1):
                pips = [sorted(f.threat for f in C.die(x).faces) for x in (a, b)]
                assert pips[0] == pips[1]
