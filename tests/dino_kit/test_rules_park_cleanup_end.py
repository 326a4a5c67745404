"""One test per rule line of the rules page: park, cleanup, objectives, the end, variants."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dino_helpers import finish_workers, pass_market, pass_research, resolve, set_player, start

from dino_kit.components import load_components
from dino_kit.engine import advance, apply_action, apply_chance, chance_outcomes, legal_actions
from dino_kit.errors import RuleError
from dino_kit.objectives import breakdown, finish
from dino_kit.phases import cleanup, park
from dino_kit.state import CHANCE, Action, ChaosRoll, Exhibit, MarketDraw, RecipeDraw, VisitorDraw

C = load_components()
# A1: Fossil Dig, capacity 2, not food; A2: Snack Hut, capacity 2, food.
assert (C["A1"].capacity, C["A1"].food, C["A2"].capacity, C["A2"].food) == (2, False, 2, True)


@pytest.fixture
def workers():
    return pass_market(pass_research(start(2, predictable_systems=True)))


def to_park(workers, **seat0):
    """The park phase just before visitors are drawn, no die held."""
    s = set_player(workers, 0, **seat0)
    s = finish_workers(s)
    assert s.phase == "park" and s.current_player() == CHANCE
    return replace(s, held=None, held_face=None)


def test_park_draw_visitors_equal_to_excitement_and_1_per_customer(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"))
    assert s.pending[0] == VisitorDraw(0)
    outcomes = chance_outcomes(s)
    assert sum(p for _, p in outcomes) == 1
    assert [c for c, _ in outcomes] == list(range(8))  # 0 to 7 customers among 7 drawn
    money = s.players[0].money
    after = apply_chance(s, 4)
    assert after.players[0].money == money + 4
    assert after.bag == (58 - 4, 22 - 3)


def test_park_hooligans_placed_first_exhibits_hold_as_many_as_their_dinosaurs(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"))
    # 4 customers, 3 hooligans; places: exhibit (1), A1 (2), A2 (2); seat 1 has one place
    s = resolve(s, visitors=[4, 1])
    assert s.current_player() == 0 and s.players[0].to_place == (4, 3)
    after = apply_action(s, park.PLACE_FOR_ME)  # the kit's placement, hooligans first
    p = after.players[0]
    assert p.inside == ((0, 1), (0, 2), (2, 0)) and p.line == (2, 0)


def drawn(s, customers):
    """Seat 0 draws and the kit places its visitors; escapes are then computed directly (the
    engine would go on)."""
    s = apply_chance(s, customers)
    return park.escapes(park.place_for_me(replace(s, pending=()), 0))


def test_park_escapes_eat_threat_minus_security_customers_first_then_line(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"), threat=5, security=1)
    p = drawn(s, 4).players[0]
    # 4 eaten: the 2 customers inside (at the food stand) first, then hooligans inside
    # (exhibit, then A1) before anyone in line
    assert p.eaten == 4 and p.inside == ((0, 0), (0, 1), (0, 0)) and p.line == (2, 0)
    assert p.vp == 10 - 4
    placing = resolve(s, visitors=[4, 1])
    assert apply_action(placing, park.PLACE_FOR_ME).players[0].eaten_total == 4


def test_park_eaten_beyond_the_park_come_from_the_line(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"), threat=9, security=1)
    after = drawn(s, 4)
    p = after.players[0]
    assert p.eaten == 7 and p.line == (0, 0) and p.vp == 3
    assert sum(after.bag) == 80  # every eaten visitor went back to the bag


def test_park_security_equal_to_threat_is_safe(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"), threat=4, security=4)
    assert drawn(s, 4).players[0].eaten == 0
    assert drawn(set_player(s, 0, threat=5), 4).players[0].eaten == 1


def test_park_held_die_pips_add_to_threat(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"))
    s = replace(s, held=0, held_face=4)  # D1 face 4: 3 pips -> threat 4 vs security 1
    assert drawn(s, 4).players[0].eaten == 3


def test_park_score_surviving_customers_inside_food_gives_vp_or_2_dollars(workers):
    s = to_park(workers, excitement=7, attractions=("A1", "A2"))
    s = apply_action(resolve(s, visitors=[4, 1]), park.PLACE_FOR_ME)
    assert s.current_player() == 0 and legal_actions(s) == (
        Action("food", choice=0),
        Action("food", choice=1),
        Action("food", choice=2),
    )
    with pytest.raises(RuleError) as err:
        apply_action(s, Action("food", choice=3))
    assert err.value.rule == "food_choice"
    money, vp = s.players[0].money, s.players[0].vp
    after = apply_action(s, Action("food", choice=1))
    # customers in line (2) score nothing; of the 2 food customers one pays $2, one gives 1 VP
    assert after.players[0].vp == vp + 1 and after.players[0].money == money + 2


def test_cleanup_turn_order_fewest_vp_first_ties_keep_last_order(workers):
    s = replace(workers, order=(1, 0))
    s = set_player(set_player(s, 0, vp=12), 1, vp=12)
    assert cleanup.run(s).order == (1, 0)
    s = set_player(s, 0, vp=5)
    assert cleanup.run(s).order == (0, 1)


def test_cleanup_market_discards_the_2_row_slides_and_refills(workers):
    s = replace(
        workers,
        rows=(("A5", None, "A7", "A9"), ("U1", "U10", "U11", "U13"), (None, None, None, "P4")),
    )
    after = cleanup.run(s)
    assert after.rows[0] == (None, None, "A5", "A7")  # not re-sorted by cost
    assert after.rows[2] == (None, None, None, None)
    assert "A9" in after.discards[0] and "P4" in after.discards[2]
    draws = [e for e in after.pending if isinstance(e, MarketDraw)]
    assert draws == [MarketDraw(0, 0), MarketDraw(0, 1), MarketDraw(1, 0)] + [
        MarketDraw(2, r) for r in range(4)
    ]


def test_cleanup_empty_stack_reshuffles_its_discards(workers):
    s = replace(
        workers,
        stacks=((), workers.stacks[1], workers.stacks[2]),
        discards=(("A20", "A21"), (), ()),
    )
    s = replace(s, rows=((None, "A3", "A4", "A6"), *s.rows[1:]))
    after = resolve(advance(cleanup.run(s)))
    assert after.rows[0][0] in ("A20", "A21", "A6") and after.phase == "research"


def test_cleanup_reveals_a_recipe_where_none_is_face_up(workers):
    s = replace(workers, recipe_up=(None, "S1", "L1"))
    after = cleanup.run(s)
    assert RecipeDraw(0) in after.pending
    assert resolve(advance(after)).recipe_up[0] is not None


def test_cleanup_workers_scientists_and_visitors_return(workers):
    s = set_player(
        workers,
        0,
        placed=3,
        used=(("lab0", 0),),
        scientists=(),
        passed=(1, 2, 3),
        inside=((1, 1),),
        line=(2, 0),
    )
    s = replace(s, bag=(s.bag[0] - 3, s.bag[1] - 1))
    after = cleanup.run(s)
    p = after.players[0]
    assert (p.placed, p.used, p.scientists, p.passed) == (0, (), (1, 2, 3), ())
    assert p.inside == () and p.line == (0, 0) and after.bag == (58, 22)


def test_cleanup_plot_twists_at_the_end_of_each_round(workers):
    s = replace(workers, rules=replace(workers.rules, round_end_money=2))
    money = [p.money for p in s.players]
    after = cleanup.run(s)
    assert [p.money for p in after.players] == [m + 2 for m in money]


def test_objective_claimed_the_moment_it_is_met(workers):
    market = pass_research(start(2, predictable_systems=True))
    assert market.objectives[0] == "OS1"  # dinosaurs_at_least 4
    s = set_player(market, 0, exhibits=(Exhibit("H0", 4, 4),))
    after = apply_action(s, Action("pass"))
    assert after.claims[0] == (0,) and after.players[0].objectives == ("OS1",)


def test_objective_met_at_the_same_moment_is_shared_then_closed(workers):
    market = pass_research(start(2, predictable_systems=True))
    s = set_player(market, 0, exhibits=(Exhibit("H0", 4, 4),))
    s = set_player(s, 1, exhibits=(Exhibit("H0", 4, 4),))
    after = apply_action(s, Action("pass"))
    assert after.claims[0] == (0, 1)
    assert after.players[1].objectives == ("OS1",)


def test_game_ends_after_the_round_when_one_objective_is_left(workers):
    s = replace(workers, claims=((0,), (1,), ()))
    s = set_player(s, 0, objectives=("OS1",))
    s = set_player(s, 1, objectives=("OS2",))
    s = finish_workers(s)
    s = resolve(s)
    while not s.is_terminal():
        s = apply_action(s, Action("food", choice=0)) if s.current_player() >= 0 else resolve(s)
    assert s.round == 1 and s.final is not None


def test_final_scoring_attractions_exhibits_objectives_and_money():
    s = start(2, predictable_systems=True)
    s = set_player(
        s,
        0,
        vp=12,
        attractions=("A1",),
        money=14,
        objectives=("OS1", "OM1"),
        exhibits=(Exhibit("H0", 2, 2), Exhibit("L1", 0, 1)),
    )
    parts = breakdown(s, s.players[0])
    assert parts == {
        "track": 12,
        "attractions": C["A1"].vp,
        "exhibits": 2 * 1 - 10,
        "objectives": 6 + 7,
        "money": 2,
        "total": 12 + C["A1"].vp - 8 + 13 + 2,
    }


def test_final_tie_goes_to_the_most_money_then_shared():
    s = start(2, predictable_systems=True)
    s = set_player(set_player(s, 0, money=9), 1, money=5)
    # seat 0: 10 + 1 + 1 = 12; seat 1: 10 + 1 + 1 = 12; seat 0 has more money
    assert finish(s).winners == (0,)
    s = set_player(s, 1, money=9)
    done = finish(s)
    assert done.winners == (0, 1) and done.returns() == (0.5, 0.5)


def test_variant_predictable_systems_has_no_plot_twists():
    s = start(3, predictable_systems=True)
    assert s.plot_twists == () and s.twist_stack == ()


def test_variant_chaos_theory_rerolls_the_held_die(workers):
    s = pass_market(
        pass_research(start(2, predictable_systems=True, chaos_theory=True, rolls=[4, 0, 0, 0, 0]))
    )
    s = finish_workers(s)
    assert s.held == 0 and s.held_face == 4 and s.pending[-1] == ChaosRoll()
    s = apply_chance(apply_chance(s, 1), 1)
    assert s.pending == (ChaosRoll(),)
    rerolled = apply_chance(s, 0)  # face 0 has no pips: nothing is eaten
    assert all(p.eaten_total == 0 for p in rerolled.players)
    kept = apply_chance(s, 4)  # 3 pips again: 3 to eat, but each park holds 1 visitor
    assert all(p.eaten_total == 1 for p in kept.players)
