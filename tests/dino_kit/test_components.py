"""The component loader: the illustrative set validates; broken copies report every problem
with file, item and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from dino_kit.cli import main
from dino_kit.components import (
    ComponentError,
    illustrative_folder,
    load_components,
    validate_folder,
)
from dino_kit.effects import VOCABULARY


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(illustrative_folder(), folder)
    return folder


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_illustrative_set_is_valid_and_has_the_box_counts():
    c = load_components()
    assert validate_folder(illustrative_folder()) == []
    assert (len(c.dice), len(c.recipes), len(c.attractions), len(c.lab_upgrades)) == (
        10,
        17,
        30,
        33,
    )
    assert (len(c.specialists), len(c.objectives), len(c.plot_twists)) == (22, 39, 11)
    assert c.visitors.total == 80
    assert sum(u.special == "dino_research_2" for u in c.lab_upgrades) == 4
    assert sum(u.special == "dna_refinement_2" for u in c.lab_upgrades) == 4
    assert all(len(d.faces) == 6 for d in c.dice)
    assert {o.vp for o in c.objectives} <= {6, 7, 8}
    assert c.label == "illustrative — not the published components"


def test_each_kind_has_a_typed_lookup_that_refuses_the_other_kinds():
    c = load_components()
    lists = {
        c.die: c.dice,
        c.recipe: c.recipes,
        c.attraction: c.attractions,
        c.lab_upgrade: c.lab_upgrades,
        c.specialist: c.specialists,
        c.objective: c.objectives,
        c.plot_twist: c.plot_twists,
        c.rival_card: c.rival.cards,
    }
    for lookup, items in lists.items():
        assert items and all(lookup(item.id) is item is c[item.id] for item in items)
        kind = type(items[0]).__name__
        for other, others in lists.items():
            if other != lookup:
                with pytest.raises(
                    KeyError, match=f"is a {type(others[0]).__name__}, not a {kind}"
                ):
                    lookup(others[0].id)


def test_every_shipped_file_is_labelled_illustrative():
    for path in illustrative_folder().glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith(
            "# illustrative — not the published components"
        ), path.name


def test_every_vocabulary_id_is_used_by_the_illustrative_set():
    # The vocabulary is small on purpose: an id nothing uses would be an untested rule.
    c = load_components()
    used = {s.action.id for u in c.lab_upgrades for s in u.slots}
    used |= {e.id for u in c.lab_upgrades for e in u.passives}
    used |= {e.id for s in c.specialists for e in s.effects}
    used |= {o.condition.id for o in c.objectives} | {t.modifier.id for t in c.plot_twists}
    used |= {e.id for card in c.rival.cards for e in card.effects}  # the solo mode's rival
    assert used == set(VOCABULARY)


def test_negative_dna_cost_is_reported_with_file_item_and_field(copy):
    edit(copy, "recipes.yaml", lambda d: d["recipes"][2]["dna_cost"].update(green=-1))
    problems = validate_folder(copy)
    assert problems == [
        "recipes.yaml: recipe 'H3': dna_cost.green must be a whole number from 0 to 20, got -1"
    ]


def test_every_problem_is_reported_at_once(copy):
    edit(copy, "recipes.yaml", lambda d: d["recipes"][0].update(category="omnivore"))
    edit(copy, "dice.yaml", lambda d: d["dice"][1]["faces"].pop())
    edit(copy, "objectives.yaml", lambda d: d["objectives"][5].update(vp=9))
    edit(copy, "tables.yaml", lambda d: d["tables"]["paddock_costs"].pop(4))
    with pytest.raises(ComponentError) as err:
        load_components(copy)
    problems = err.value.problems
    assert (
        "recipes.yaml: recipe 'H1': category must be one of herbivore, small_carnivore, "
        "large_carnivore, got 'omnivore'" in problems
    )
    assert any(
        p.startswith("dice.yaml: die 'D2': faces must be a list of exactly 6 faces")
        for p in problems
    )
    assert (
        "objectives.yaml: objective 'OS6': vp must be a whole number from 6 to 8, got 9" in problems
    )
    assert (
        "tables.yaml: tables: paddock_costs must give the cost of capacities 2, 3 and 4" in problems
    )
    assert len(problems) == 4


def test_unknown_effect_id_lists_the_allowed_ones(copy):
    edit(
        copy, "specialists.yaml", lambda d: d["specialists"][4]["effects"][0].update(id="teleport")
    )
    (problem,) = validate_folder(copy)
    assert problem.startswith("specialists.yaml: specialist 'P5': effects[0].id must be one of ")
    assert "security_bonus" in problem and "'teleport'" in problem


def test_effect_in_the_wrong_place_is_refused(copy):
    edit(
        copy,
        "objectives.yaml",
        lambda d: d["objectives"][0].update(condition={"id": "income", "params": {"amount": 1}}),
    )
    (problem,) = validate_folder(copy)
    assert problem.startswith(
        "objectives.yaml: objective 'OS1': condition.id 'income' cannot be used here"
    )


def test_bad_effect_parameter(copy):
    def change(d):
        d["lab_upgrades"][9]["slots"][0]["action"]["params"]["conversions"] = [
            ["green", "blue", "red"]
        ]

    edit(copy, "lab_upgrades.yaml", change)
    (problem,) = validate_folder(copy)
    assert problem.startswith(
        "lab_upgrades.yaml: lab upgrade 'U10': slots[0].action.params.conversions must be"
    )


def test_duplicate_ids_and_wrong_counts(copy):
    edit(copy, "attractions.yaml", lambda d: d["attractions"].append(dict(d["attractions"][0])))
    problems = validate_folder(copy)
    assert (
        "attractions.yaml: attraction 'A1': id repeats an id already used in attractions.yaml"
        in problems
    )
    assert "attractions.yaml: must hold 30 attractions (the box's count), got 31" in problems


def test_visitors_must_total_80(copy):
    edit(copy, "visitors.yaml", lambda d: d["visitors"].update(hooligans=23))
    assert validate_folder(copy) == [
        "visitors.yaml: visitors: customers + hooligans must be 80, got 81"
    ]


def test_recipe_threat_follows_its_category(copy):
    edit(copy, "recipes.yaml", lambda d: d["recipes"][8].update(threat=1))
    (problem,) = validate_folder(copy)
    assert problem.startswith("recipes.yaml: recipe 'S2': threat must be 2 for a small_carnivore")


def test_missing_file_and_bad_yaml(copy):
    (copy / "plot_twists.yaml").unlink()
    (copy / "visitors.yaml").write_text("visitors: [unclosed", encoding="utf-8")
    problems = validate_folder(copy)
    assert any(p.startswith("plot_twists.yaml: the file is missing") for p in problems)
    assert any(p.startswith("visitors.yaml: not valid YAML") for p in problems)


def test_unknown_field_is_reported(copy):
    edit(copy, "attractions.yaml", lambda d: d["attractions"][3].update(colour="red"))
    (problem,) = validate_folder(copy)
    assert problem.startswith("attractions.yaml: attraction 'A4': colour is not a field here")


def test_a_user_folder_with_changed_values_loads(copy):
    edit(copy, "recipes.yaml", lambda d: d["recipes"][0].update(vp=9, name="My Dino"))
    assert load_components(copy)["H1"].vp == 9


def test_cli_validate_exit_status(copy, capsys):
    assert main(["validate", str(copy)]) == 0
    edit(copy, "recipes.yaml", lambda d: d["recipes"][2]["dna_cost"].update(green=-1))
    assert main(["validate", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "recipes.yaml: recipe 'H3': dna_cost.green" in err
