"""Planted faults in a copy of the illustrative component set: each is caught, named by file,
item and field (or by file alone when the file as a whole is broken), and never crashes the
loader, overflows its stack or makes it work long (issue 14, point 8)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from dino_kit.cli import main
from dino_kit.components import (
    ComponentError,
    illustrative_folder,
    load_components,
    validate_folder,
)
from dino_kit.components.loader import LISTS, MAX_FILE_BYTES, BoundedLoader, load_bounded
from kit_common.messages import set_language

LIST_FILES = [*LISTS, "visitors.yaml", "tables.yaml"]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(illustrative_folder(), folder)
    return folder


def edit(folder: Path, name: str, change: Callable[[Any], None]) -> None:
    path = folder / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def only_problem(folder: Path) -> str:
    # A hostile file must not make the check blow up (a YAML bomb, a 20,000-deep nesting):
    # bounded in this process's CPU time, which a busy machine does not stretch as it does
    # the clock's (a wall-clock bound failed on a loaded 2-core machine at 5.1 s).
    started = time.process_time()
    problems = validate_folder(folder)
    assert time.process_time() - started < 5
    assert len(problems) == 1, problems
    return problems[0]


# -- faults of a whole file: named by the file ---------------------------------------------


@pytest.mark.parametrize("name", LIST_FILES)
@pytest.mark.parametrize("text", ["", "# only a comment\n", "~\n", "null\n"])
def test_an_empty_file_is_a_problem_of_that_file(copy: Path, name: str, text: str) -> None:
    (copy / name).write_text(text, encoding="utf-8")
    assert only_problem(copy) == f"{name}: the file is empty (no data, only comments or ~)"
    with pytest.raises(ComponentError):
        load_components(copy)


@pytest.mark.parametrize("name", LISTS)
def test_a_list_file_without_its_one_top_key_and_list_is_one_problem(copy: Path, name: str) -> None:
    # the sentences fill in a value called `key` (a keyword the lookup once took for its own)
    key = LISTS[name][0]
    (copy / name).write_text(f"{key}_typo: []\n", encoding="utf-8")
    assert only_problem(copy) == f"{name}: must be a mapping with the single key {key!r}"
    (copy / name).write_text(f"{key}: 3\n", encoding="utf-8")
    assert only_problem(copy) == f"{name}: {key} must be a list, got int"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 20_000 + "]" * 20_000, "nests deeper than 32 levels"),
        ("tables:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 200)), "nests deeper"),
        (
            'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
            + "".join(
                f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi")
            ),
            "aliases (*name) are not allowed here",
        ),
        ("tables: [1, 2\n", "not valid YAML at line 2"),
    ],
    ids=["deep-flow", "deep-block", "alias-bomb", "unclosed"],
)
def test_a_hostile_or_broken_yaml_file_is_one_problem(copy: Path, text: str, says: str) -> None:
    (copy / "tables.yaml").write_text(text, encoding="utf-8")
    problem = only_problem(copy)
    assert problem.startswith("tables.yaml: ") and says in problem


@pytest.mark.parametrize("name", sorted(p.name for p in illustrative_folder().glob("*.yaml")))
def test_libyaml_and_the_pure_python_loader_read_every_shipped_file_alike(name: str) -> None:
    # load_bounded reads with libyaml when PyYAML has it: the same data as the pure Python
    # loader with the same limits (the route the kit took before, and takes without libyaml)
    assert yaml.__with_libyaml__, "PyYAML's wheels carry libyaml: this test needs it"
    text = (illustrative_folder() / name).read_text(encoding="utf-8")
    assert load_bounded(text) == yaml.load(text, Loader=BoundedLoader)


def test_without_libyaml_a_hostile_file_is_refused_alike(copy: Path, monkeypatch) -> None:
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    (copy / "tables.yaml").write_text("a: &a [1]\nb: *a\n", encoding="utf-8")
    assert "aliases (*name) are not allowed here" in only_problem(copy)
    assert load_bounded("a: [1, {b: 2}]\n") == {"a": [1, {"b": 2}]}


def test_a_file_that_is_not_utf8_or_too_large_is_one_problem(copy: Path) -> None:
    (copy / "visitors.yaml").write_bytes(b"visitors: {customers: 58, hooligans: 22} # \xe9\n")
    assert only_problem(copy).startswith("visitors.yaml: not UTF-8 text")
    (copy / "visitors.yaml").write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert only_problem(copy) == f"visitors.yaml: is larger than {MAX_FILE_BYTES:,} bytes"


def test_a_missing_file_and_a_missing_folder(copy: Path, capsys) -> None:
    (copy / "dice.yaml").unlink()
    assert only_problem(copy) == f"dice.yaml: the file is missing from {copy}"
    assert main(["validate", str(copy / "nope")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a folder" in err


# -- faults of an item: named by file, item and field ---------------------------------------


def _set(path: list[Any], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


FAULTS = [
    # (file, change, the problem's start: file: item: field)
    ("recipes.yaml", _set(["recipes", 0, "vp"], 2.0), "recipes.yaml: recipe 'H1': vp must be"),
    ("recipes.yaml", _set(["recipes", 0, "vp"], True), "recipes.yaml: recipe 'H1': vp must be"),
    (
        "recipes.yaml",
        _set(["recipes", 1, "dna_cost", "blue"], 1.0),
        "recipes.yaml: recipe 'H2': dna_cost.blue must be",
    ),
    (
        "recipes.yaml",
        _set(["recipes", 0, "colour"], "red"),
        "recipes.yaml: recipe 'H1': colour is not a field here",
    ),
    (
        "recipes.yaml",
        _set(["recipes", 0, "dna_cost", "blue"], 11),
        "recipes.yaml: recipe 'H1': dna_cost.blue is 11, more than cold storage can ever hold",
    ),
    (
        "tables.yaml",
        _set(["tables", "starting_exhibit", "dna_cost"], {"red": 20}),
        "tables.yaml: tables.starting_exhibit: dna_cost.red is 20, more than cold storage can",
    ),
    (
        "recipes.yaml",
        _set(["recipes", 0, "id"], "H0"),
        "recipes.yaml: recipe 'H0': id is the starting exhibit's",
    ),
    (
        "dice.yaml",
        _set(["dice", 0, "faces", 1, "amount"], 2.0),
        "dice.yaml: die 'D1': faces[1].amount must be",
    ),
    (
        "dice.yaml",
        _set(["dice", 0, "faces", 1, "dna"], ["blue"]),
        "dice.yaml: die 'D1': faces[1].dna must be",
    ),
    (
        "visitors.yaml",
        _set(["visitors", "customers"], 58.0),
        "visitors.yaml: visitors: customers must be",
    ),
    (
        "tables.yaml",
        _set(["tables", "storage", "max_limit"], True),
        "tables.yaml: tables: storage.max_limit must be",
    ),
    ("dice.yaml", _set(["dice"], []), "dice.yaml: must hold 10 dice"),
]


@pytest.mark.parametrize(("name", "change", "start"), FAULTS, ids=[f[2][:48] for f in FAULTS])
def test_a_planted_fault_is_caught_with_file_item_and_field(
    copy: Path, name: str, change: Callable[[Any], None], start: str
) -> None:
    edit(copy, name, change)
    problems = validate_folder(copy)
    assert any(p.startswith(start) for p in problems), problems
    with pytest.raises(ComponentError):
        load_components(copy)


def test_an_id_shared_with_the_starting_exhibit_is_refused_from_any_list(copy: Path) -> None:
    edit(copy, "attractions.yaml", _set(["attractions", 0, "id"], "H0"))
    (problem,) = validate_folder(copy)
    assert problem.startswith("attractions.yaml: attraction 'H0': id is the starting exhibit's")


def test_the_set_says_its_label_in_the_page_language_and_refuses_bad_translations(
    copy: Path,
) -> None:
    components = load_components(copy)
    set_language("es")
    try:
        assert components.label == "ilustrativos — no son los componentes publicados"
        assert "editorial" in components.notice
    finally:
        set_language("en")
    assert components.label == "illustrative — not the published components"

    edit(copy, "set.yaml", lambda d: d["translations"].update({"xx": {"label": "?"}}))
    edit(copy, "set.yaml", lambda d: d["translations"].update({"ru": {"title": "?"}}))
    with pytest.raises(ComponentError) as raised:
        load_components(copy)
    said = str(raised.value)
    assert "set.yaml: translations: 'xx' is not a language of the kit (es, pt, ru)" in said
    assert "set.yaml: translations: ru: must be a mapping of texts (label, notice)" in said


def test_component_names_follow_the_page_language_and_fall_back_to_english(copy: Path) -> None:
    edit(copy, "names.pt.yaml", lambda d: d.pop("A2"))
    components = load_components(copy)
    snack_hut = components.attraction("A2")
    assert components.name_of("A2") == components.name_of(snack_hut) == "Snack Hut"
    try:
        set_language("es")
        assert components.name_of(snack_hut) == "Chiringuito"
        assert components.name_of("T10") == "Hormigón Barato"
        set_language("ru")
        assert components.name_of("A2") == "Закусочная"
        set_language("pt")
        assert components.name_of("A2") == "Snack Hut"  # left out of names.pt.yaml: English
        assert components.name_of("A3") == "Loja de Presentes"
    finally:
        set_language("en")
    assert components.name_of("H0") == "Parkfounder"
    assert snack_hut.name == "Snack Hut"  # the data stays English: records and bots use it

    for code in ("es", "pt", "ru"):
        (copy / f"names.{code}.yaml").unlink()
    set_language("es")
    try:
        assert load_components(copy).name_of("A2") == "Snack Hut"  # a set without names files
    finally:
        set_language("en")


def test_the_shipped_set_names_every_named_component_in_every_language() -> None:
    components = load_components()
    named = {ident for ident, item in components.by_id.items() if getattr(item, "name", None)}
    for code in ("es", "pt", "ru"):
        assert set(components.names[code]) == named, code


def test_bad_names_files_are_refused_naming_the_file_and_the_id(copy: Path) -> None:
    edit(copy, "names.es.yaml", lambda d: d.update({"A99": "Nada", "A2": 7}))
    (copy / "names.xx.yaml").write_text("A1: ?\n", encoding="utf-8")
    (copy / "names.ru.yaml").write_text("- A1\n", encoding="utf-8")
    with pytest.raises(ComponentError) as raised:
        load_components(copy)
    said = str(raised.value)
    assert "names.es.yaml: A99: not a component of this set" in said
    assert "names.es.yaml: A2: the name must be a text" in said
    assert "names.xx.yaml: 'xx' is not a language of the kit (es, pt, ru)" in said
    assert "names.ru.yaml: must be a mapping of component ids to names" in said
