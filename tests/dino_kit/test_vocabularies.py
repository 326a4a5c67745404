"""Each vocabulary has one table, and each table covers its vocabulary exactly: the objective
conditions, the lab-slot actions (and the heuristic bot's value of each)."""

from __future__ import annotations

from dataclasses import replace

from dino_helpers import start

from dino_kit import heuristic
from dino_kit.effects import VOCABULARY, Effect
from dino_kit.objectives import CONDITIONS, progress
from dino_kit.phases.workers import SLOT_ACTIONS
from dino_kit.state import Exhibit


def ids_of_place(place: str) -> set[str]:
    return {ident for ident, kind in VOCABULARY.items() if place in kind.places}


def test_every_objective_condition_has_one_rule():
    assert set(CONDITIONS) == ids_of_place("condition")
    for ident, rule in CONDITIONS.items():
        assert rule.target in VOCABULARY[ident].params, ident


def test_every_lab_slot_action_has_one_rule_and_a_value_for_the_bot():
    assert set(SLOT_ACTIONS) == ids_of_place("slot")
    assert set(heuristic._WORK_VALUES) == set(SLOT_ACTIONS)


def test_progress_measures_what_each_condition_names():
    """A player built by hand, each condition's measure worked out by hand."""
    s = start(2)
    c = s.components
    herbivore = next(r.id for r in c.recipes if r.category == "herbivore")
    carnivore = next(r.id for r in c.recipes if r.category == "large_carnivore")
    food = [a.id for a in c.attractions if a.food][:1]
    plain = [a.id for a in c.attractions if not a.food][:2]
    upgrade = next(u.id for u in c.lab_upgrades if u.special is None)
    p = replace(
        s.players[0],
        exhibits=(Exhibit(c.tables.starting_exhibit.id, 1, 1), Exhibit(herbivore, 2, 3),
                  Exhibit(carnivore, 1, 2)),
        attractions=(*food, *plain),
        excitement=7,
        money=23,
        vp=31,
        security=5,
        specialists=((c.specialists[0].id, 0),),
        lab=(upgrade, None, None, None),
        dino_research=next(u.id for u in c.lab_upgrades if u.special == "dino_research_2"),
        dna=(2, 0, 1, 1, 0, 0),
    )  # fmt: skip
    start_category = c.tables.starting_exhibit.category
    expected = {
        "dinosaurs_at_least": 4,
        "category_dinosaurs_at_least": 2 + (start_category == "herbivore"),
        "attractions_at_least": 3,
        "food_attractions_at_least": 1,
        "excitement_at_least": 7,
        "money_at_least": 23,
        "vp_at_least": 31,
        "security_at_least": 5,
        "specialists_at_least": 1,
        "lab_upgrades_at_least": 2,
        "recipes_at_least": 3,
        "dna_at_least": 4,
        "paddock_capacity_at_least": 3,
    }
    assert set(expected) == set(CONDITIONS)
    for ident, have in expected.items():
        target = CONDITIONS[ident].target
        params = tuple(sorted({target: 3, "category": "herbivore"}.items()))
        assert progress(s, p, Effect(ident, params)) == (have, 3), ident
