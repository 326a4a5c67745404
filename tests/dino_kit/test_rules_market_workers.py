"""One test per rule line of the rules page: the market and workers phases."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dino_helpers import finish_workers, pass_market, pass_research, set_player, start

from dino_kit.components import load_components
from dino_kit.engine import apply_action, legal_actions
from dino_kit.errors import RuleError
from dino_kit.state import Action, Exhibit

C = load_components()


@pytest.fixture
def market():
    """Round 1's market, 2 players, no plot twists. Rows: attractions sorted by cost,
    lab upgrades U1 U10 U11 U13, specialists P1 P10 P11 P12."""
    return pass_research(start(2, predictable_systems=True))


@pytest.fixture
def workers(market):
    return pass_market(market)


def test_market_two_actions_each_in_turn_order(market):
    seats = []
    s = market
    while s.phase == "market":
        seats.append(s.current_player())
        s = apply_action(s, Action("pass"))
    assert seats == [0, 1, 0, 1]
    assert s.phase == "workers"


def test_market_pass_gains_2(market):
    assert apply_action(market, Action("pass")).players[0].money == 17


def test_market_hire_specialist_pays_the_row_and_applies_its_effect(market):
    s = replace(market, rows=(market.rows[0], market.rows[1], ("P2", "P10", "P11", "P12")))
    after = apply_action(s, Action("hire", None, 0))  # Head Keeper: 2 workers, $5 row
    p = after.players[0]
    assert p.money == 10 and (p.workers, p.supply) == (6, 2) and after.rows[2][0] is None


def test_market_at_most_3_specialists_a_4th_fires_one_with_its_workers(market):
    s = set_player(market, 0, specialists=(("P2", 2), ("P5", 0), ("P6", 0)), workers=6, supply=2)
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("hire", None, 3))
    assert err.value.rule == "fire_choice"
    after = apply_action(s, Action("hire", None, 3, "P2"))
    p = after.players[0]
    assert [x for x, _ in p.specialists] == ["P5", "P6", "P12"]
    assert (p.workers, p.supply) == (4, 4)  # P2's 2 go back to the supply; P12 brings none


def test_market_attraction_costs_printed_plus_row(market):
    row = 1
    ident = market.rows[0][row]
    after = apply_action(market, Action("build", None, row))
    assert after.players[0].money == 15 - (C[ident].cost + 4)
    assert after.players[0].attractions == (ident,)


def test_market_cannot_pay_more_than_you_have(market):
    s = set_player(market, 0, money=1)
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("build", None, 0))
    assert err.value.rule == "cannot_afford"


def test_market_lab_upgrade_on_any_space_free_or_over_an_older_one(market):
    after = apply_action(market, Action("upgrade", None, 3, 0))
    assert after.players[0].lab[0] == "U13" and after.players[0].money == 13
    after = apply_action(market, Action("upgrade", None, 3, 2))  # any free space: the buyer's
    assert after.players[0].lab == (None, None, "U13", None) and after.players[0].covered == ()
    some = set_player(market, 0, lab=("U2", None, None, None))  # covering while one is free
    after = apply_action(some, Action("upgrade", None, 3, 0))
    assert after.players[0].lab[0] == "U13" and after.players[0].covered == ("U2",)
    assert [a.choice for a in legal_actions(some) if a.kind == "upgrade" and a.target == 3] == [
        0,
        1,
        2,
        3,
    ]
    for bad in (4, -1, None, "0"):
        with pytest.raises(RuleError) as err:
            apply_action(market, Action("upgrade", None, 3, bad))
        assert err.value.rule == "lab_space"
    full = set_player(market, 0, lab=("U2", "U3", "U5", "U6"))
    after = apply_action(full, Action("upgrade", None, 3, 2))
    assert after.players[0].lab[2] == "U13" and after.players[0].covered == ("U5",)


def test_market_special_tiles_cost_3_and_5_and_go_over_the_printed_space(market):
    after = apply_action(market, Action("special", None, "dino_research_2"))
    assert after.players[0].dino_research == "DR2-1" and after.players[0].money == 12
    assert len(after.specials[0]) == 3
    after = apply_action(market, Action("special", None, "dna_refinement_2"))
    assert after.players[0].dna_refinement == "RF2-1" and after.players[0].money == 10
    twice = set_player(market, 0, dino_research="DR2-2")
    with pytest.raises(RuleError) as err:
        apply_action(twice, Action("special", None, "dino_research_2"))
    assert err.value.rule == "special_twice"


def test_market_buy_dna_then_discard_one_item_of_that_row(market):
    after = apply_action(market, Action("buy_dna", None, 3, ("pink", 1)))  # $3: 3 basic
    assert after.players[0].dna[1] == 4 and after.players[0].money == 12
    assert after.rows[1][2] is None and after.discards[1] == (market.rows[1][2],)
    with pytest.raises(RuleError) as err:
        apply_action(market, Action("buy_dna", None, 4, ("pink", 0)))
    assert err.value.rule == "dna_type"


# -- workers --------------------------------------------------------------------------


def test_workers_each_slot_fires_once_a_round_unless_unlimited(workers):
    # a Ticket Booth keeps the player in the phase after refining
    s = set_player(workers, 0, dna=(3, 3, 3, 0, 0, 0), lab=("U17", None, None, None))
    s = apply_action(s, Action("work", None, ("dna_refinement", 0), 0))
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("work", None, ("dna_refinement", 0), 0))
    assert err.value.rule == "slot_used"
    u = set_player(workers, 0, lab=("U18", None, None, None))  # Souvenir Stand: unlimited
    for _ in range(3):
        u = apply_action(u, Action("work", None, ("lab0", 0)))
    assert u.players[0].money == workers.players[0].money + 3


def test_workers_refine_two_basic_dna_into_the_advanced_result(workers):
    after = apply_action(workers, Action("work", None, ("dna_refinement", 0), 0))
    assert after.players[0].dna == (0, 0, 1, 1, 0, 0)


def test_workers_create_a_dinosaur_pays_dna_and_raises_excitement_and_threat(workers):
    s = set_player(workers, 0, exhibits=(Exhibit("H0", 1, 2),))
    after = apply_action(s, Action("work", None, ("dino_research", 0), 0))
    p = after.players[0]
    assert p.dna == (0, 0, 0, 0, 0, 0) and p.exhibits[0].dinosaurs == 2
    assert (p.excitement, p.threat) == (2, 2)


def test_workers_excitement_never_above_20(workers):
    s = set_player(workers, 0, exhibits=(Exhibit("H0", 1, 2),), excitement=20)
    after = apply_action(s, Action("work", None, ("dino_research", 0), 0))
    assert after.players[0].excitement == 20


def test_workers_a_carnivore_adds_2_threat(workers):
    s = set_player(
        workers, 0, exhibits=(Exhibit("H0", 1, 1), Exhibit("S1", 0, 1)), dna=(1, 1, 0, 0, 1, 0)
    )
    after = apply_action(s, Action("work", None, ("dino_research", 0), 1))
    assert after.players[0].threat == 3


def test_workers_paddock_must_have_room(workers):
    with pytest.raises(RuleError) as err:
        apply_action(workers, Action("work", None, ("dino_research", 0), 0))
    assert err.value.rule == "paddock_full"


def test_workers_recipe_dna_must_be_in_the_lab(workers):
    s = set_player(workers, 0, exhibits=(Exhibit("H0", 1, 2),), dna=(1, 0, 1, 0, 0, 0))
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("work", None, ("dino_research", 0), 0))
    assert err.value.rule == "missing_dna"


def test_workers_raise_security_pays_the_cost_table(workers):
    s = set_player(workers, 0, lab=("U1", None, None, None))
    after = apply_action(s, Action("work", None, ("lab0", 0)))
    assert after.players[0].security == 2
    assert after.players[0].money == s.players[0].money - C.tables.security_cost(2)


def test_workers_paddock_capacity_costs_the_new_capacity_and_is_at_most_4(workers):
    s = set_player(workers, 0, lab=("U5", None, None, None))
    after = apply_action(s, Action("work", None, ("lab0", 0), 0))
    assert after.players[0].exhibits[0].capacity == 2
    assert after.players[0].money == s.players[0].money - 2
    full = set_player(s, 0, exhibits=(Exhibit("H0", 1, 4),))
    with pytest.raises(RuleError) as err:
        apply_action(full, Action("work", None, ("lab0", 0), 0))
    assert err.value.rule == "paddock_max"


def test_workers_slots_may_need_more_workers_and_passed_scientists_work(workers):
    s = set_player(workers, 0, lab=("U2", None, None, None), passed=(), placed=3)
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("work", None, ("lab0", 1)))
    assert err.value.rule == "not_enough_workers"
    s = set_player(s, 0, passed=(1,))
    assert apply_action(s, Action("work", None, ("lab0", 1))).players[0].workers_free == 0


def test_workers_are_simultaneous_each_player_until_done(workers):
    assert workers.current_player() == 0
    s = apply_action(workers, Action("done"))
    assert s.current_player() == 1
    assert finish_workers(s).phase == "park"


def test_market_a_4th_hire_may_fire_the_new_specialist_keeping_its_hiring_effects(market):
    """Defect 4 of issue 15: "fires one of your choice" — the new one is one of the four."""
    s = set_player(market, 0, specialists=(("P5", 0), ("P6", 0), ("P12", 0)), workers=4, supply=4)
    s = replace(s, rows=(s.rows[0], s.rows[1], ("P2", "P10", "P11", "P3")))
    offered = [a.choice for a in legal_actions(s) if a.kind == "hire" and a.target == 0]
    assert sorted(offered) == ["P12", "P2", "P5", "P6"]
    after = apply_action(s, Action("hire", None, 0, "P2"))  # Head Keeper: 2 workers, $5 row
    p = after.players[0]
    assert [x for x, _ in p.specialists] == ["P5", "P6", "P12"]
    assert (p.workers, p.supply) == (4, 4)  # its 2 workers came and went back with it
    assert p.money == s.players[0].money - 5 and after.rows[2][0] is None
