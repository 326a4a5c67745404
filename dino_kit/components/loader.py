"""Load a folder of component files, validating everything and reporting every problem.

`load_components(folder)` returns a `ComponentSet` or raises `ComponentError` whose
`problems` list each broken thing as `file: item: field what` (all of them, not just the
first). `validate_folder(folder)` returns that list (empty when the folder is good); a folder
holding fewer than half of the component files gets one problem, "this is not a component
folder". With no folder, the shipped illustrative set is loaded (cached).
`start_component_folder(folder)` copies the illustrative set as a template to edit.

Beyond each item's own fields, the loader checks the set as a whole: ids unique across all
files, the box's counts (10 dice, 17 recipes by category, 30 attractions, 25 regular + 4 + 4
lab upgrades, 22 specialists, 39 objectives in 3 stacks of 13, 11 plot twists, 80 visitors),
security costs reaching at least level 20, and enough non-contradicting plot twists.

`rival.yaml` is optional: the deck of the solo mode's rival (a solo mode of this kit's design,
not the published solo rules); when present it is validated like the rest, and its card ids
join the set's ids.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import yaml

from dino_kit.components.schema import (
    OBJECTIVE_LENGTHS,
    ComponentSet,
    Problems,
    item_name,
    parse_attraction,
    parse_die,
    parse_lab_upgrade,
    parse_objective,
    parse_plot_twist,
    parse_recipe,
    parse_rival,
    parse_specialist,
    parse_tables,
    parse_visitors,
    problem_line,
)
from dino_kit.effects import DNA_TYPES
from dino_kit.messages import message, plural
from kit_common import files
from kit_common.checks import shown
from kit_common.errors import InputError, KitError
from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE

LISTS: dict[str, tuple[str, str, Callable[..., Any]]] = {
    # file: (top-level key, item kind, parser)
    "dice.yaml": ("dice", "die", parse_die),
    "recipes.yaml": ("recipes", "recipe", parse_recipe),
    "attractions.yaml": ("attractions", "attraction", parse_attraction),
    "lab_upgrades.yaml": ("lab_upgrades", "lab_upgrade", parse_lab_upgrade),
    "specialists.yaml": ("specialists", "specialist", parse_specialist),
    "objectives.yaml": ("objectives", "objective", parse_objective),
    "plot_twists.yaml": ("plot_twists", "plot_twist", parse_plot_twist),
}
BOX_COUNTS = {
    "dice": 10,
    "recipes": 17,
    "attractions": 30,
    "lab_upgrades": 33,
    "specialists": 22,
    "objectives": 39,
    "plot_twists": 11,
}
#: The files every component folder has (set.yaml and rival.yaml are optional).
REQUIRED_FILES = (*LISTS, "tables.yaml", "visitors.yaml")
VISITORS_IN_BOX = 80
#: A component file is a few kilobytes; nothing in one nests deeper than 6 levels.
MAX_FILE_BYTES = 1_000_000
MAX_YAML_DEPTH = 32
SPECIAL_IN_BOX = 4
MIN_SECURITY_LEVEL = 20


class ComponentError(KitError):
    """A component folder that does not validate; `problems` lists every problem found."""

    def __init__(self, folder: str, problems: list[str]):
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problem_report(problems))
        heading = plural("components.problems", len(problems), folder=folder)
        super().__init__(f"{heading}:\n{lines}")


#: A report lists at most this many problems: a folder with more has one broken thing
#: repeated (or is not what it seems), and thousands of lines would hide that.
MAX_REPORTED = 100


def problem_report(problems: list[str]) -> list[str]:
    """The lines a report shows of `problems`: each one line (see `problem_line`), the first
    `MAX_REPORTED` of them, then how many more there are."""
    lines = [problem_line(p) for p in problems[:MAX_REPORTED]]
    if len(problems) > MAX_REPORTED:
        more = len(problems) - MAX_REPORTED
        lines.append(plural("components.more_problems", more, shown=MAX_REPORTED))
    return lines


def illustrative_folder() -> Path:
    """Where the shipped illustrative set lives."""
    return Path(str(resources.files("dino_kit.components") / "data" / "illustrative"))


def validate_folder(folder: str | Path) -> list[str]:
    """Every problem of the component files in `folder` (empty list: all good)."""
    try:
        _load(_folder(folder))
    except ComponentError as err:
        return err.problems
    return []


def start_component_folder(folder: str | Path) -> list[Path]:
    """Copy the shipped illustrative set into `folder` (created when missing), a template to
    type one's own components over; returns the files written, sorted.

    A folder that already holds anything is refused (`KitError`): nothing is overwritten."""
    target = _folder(folder)
    if not str(os.fspath(folder)).strip():  # Path("") is the current folder
        raise InputError("folder", message("components.no_folder_name"))
    if target.exists() and not target.is_dir():
        raise KitError(f"{target}: {message('components.is_file')}")
    if target.is_dir() and any(target.iterdir()):
        raise KitError(f"{target}: {message('components.not_empty')}")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(illustrative_folder().glob("*.yaml")):
        shutil.copyfile(source, target / source.name)
        written.append(target / source.name)
    return written


@cache
def _default() -> ComponentSet:
    return _load(illustrative_folder())


#: The environment variable naming the component folder the app plays on (the game pages,
#: the rooms, `dino-kit replay`); unset or empty: the illustrative set.
ENVIRONMENT_VARIABLE = "DINO_KIT_DATA"


def environment_folder() -> str | None:
    """The folder `ENVIRONMENT_VARIABLE` names, or None (the illustrative set)."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip() or None


def load_components(folder: str | Path | None = None) -> ComponentSet:
    """The validated component set in `folder` (the illustrative set when None)."""
    return _default() if folder is None else _load(_folder(folder))


def _folder(folder: Any) -> Path:
    """`folder` as a `Path`, refusing what is not a path in the kit's words."""
    if not isinstance(folder, str | os.PathLike):
        raise InputError("folder", message("components.not_a_path", got=shown(folder)))
    return Path(folder)


def not_a_component_folder(folder: Path) -> str | None:
    """The one problem of a folder holding fewer than half of the component files (a wrong
    folder, not a set with a few files missing), else None.

    Listing every missing file, and all that follows from each, would bury what is wrong: the
    folder is not a component folder at all."""
    present = [name for name in REQUIRED_FILES if (folder / name).is_file()]
    if 2 * len(present) >= len(REQUIRED_FILES):
        return None
    holds = (
        message(
            "components.holds_some",
            present=len(present),
            total=len(REQUIRED_FILES),
            names=", ".join(present),
        )
        if present
        else message("components.holds_none", total=len(REQUIRED_FILES))
    )
    not_a_folder = message("components.not_a_set", holds=holds, files=", ".join(REQUIRED_FILES))
    return f"{folder}: {not_a_folder}"


class BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with two limits a component file never needs: no aliases (`*a`
    repeats a node, so a few hundred bytes of them can stand for gigabytes) and no nesting
    deeper than `MAX_YAML_DEPTH` (the composer recurses once per level). Pure Python: used
    where PyYAML was built without libyaml (`load_bounded`)."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            _refuse_alias(self.peek_event())
        self._depth += 1
        if self._depth > MAX_YAML_DEPTH:
            _refuse_depth(self.peek_event())
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _refuse_alias(event: Any) -> NoReturn:
    raise yaml.YAMLError(message("components.yaml_alias", line=event.start_mark.line + 1))


def _refuse_depth(event: Any) -> NoReturn:
    line = event.start_mark.line + 1
    raise yaml.YAMLError(message("components.yaml_deep", line=line, limit=MAX_YAML_DEPTH))


def load_bounded(text: str) -> Any:
    """The YAML data of `text` under `BoundedLoader`'s two limits. With libyaml (PyYAML's
    C parser, present in its wheels) the limits are checked on the parser's events first and
    the text is then loaded by the C loader: about six times faster than the pure Python
    loader (0.30 s -> 0.05 s for the illustrative set), which each Dinosaur Island page pays
    when it loads and the planted-fault tests pay 68 times. A file either refuses is read
    again by `BoundedLoader`, so that what is wrong is said as before, with its line."""
    if yaml.__with_libyaml__:
        events = yaml.CSafeLoader(text)
        try:
            depth = 0
            while events.check_event():
                event = events.get_event()
                if isinstance(event, yaml.AliasEvent):
                    _refuse_alias(event)
                elif isinstance(event, yaml.CollectionStartEvent):
                    depth += 1
                    if depth > MAX_YAML_DEPTH:
                        _refuse_depth(event)
                elif isinstance(event, yaml.CollectionEndEvent):
                    depth -= 1
            return yaml.load(text, Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            pass  # said below, in the pure Python loader's words
        finally:
            events.dispose()
    return yaml.load(text, Loader=BoundedLoader)


def _read(folder: Path, name: str, problems: list[str]) -> Any:
    """The YAML data of `folder/name`, or None after adding a problem: missing, larger than
    `MAX_FILE_BYTES`, not UTF-8, not valid YAML (aliases and deep nesting refused), or empty
    (nothing but comments, or `~`, counts as empty)."""
    path = folder / name
    if not path.exists():  # anything else there (a folder, a pipe) is said by the reader
        problems.append(f"{name}: {message('components.missing_file', folder=folder)}")
        return None
    try:
        data = load_bounded(files.read_text(path, MAX_FILE_BYTES))
    except InputError as err:
        problems.append(f"{name}: {str(err).removeprefix(str(path) + ': ')}")
        return None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        bad = (
            message("components.bad_yaml_at", line=mark.line + 1, reason=err.problem)
            if mark is not None
            else message("components.bad_yaml", reason=err.problem)
        )
        problems.append(f"{name}: {bad}")
        return None
    except yaml.YAMLError as err:
        problems.append(f"{name}: {message('components.bad_yaml', reason=err)}")
        return None
    if data is None:
        problems.append(f"{name}: {message('components.empty_file')}")
    return data


def _top(data: Any, name: str, key: str, problems: list[str]) -> Any:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {key}:
        problems.append(f"{name}: {message('components.top_key', key=key)}")
        return None
    return data[key]


def _load(folder: Path) -> ComponentSet:
    found: list[str] = []
    if not folder.is_dir():
        raise ComponentError(str(folder), [f"{folder}: {message('components.not_a_folder')}"])
    wrong_folder = not_a_component_folder(folder)
    if wrong_folder:
        raise ComponentError(str(folder), [wrong_folder])
    parsed: dict[str, tuple[Any, ...]] = {}
    seen: dict[str, str] = {}
    clean: set[str] = set()  # lists whose every item parsed: the whole-set checks run on them
    for name, (key, kind, parse) in LISTS.items():
        raw = _top(_read(folder, name, found), name, key, found)
        items: list[Any] = []
        if raw is not None and not isinstance(raw, list):
            found.append(
                f"{name}: " + message("components.not_a_list", key=key, kind=type(raw).__name__)
            )
        elif raw is not None:
            p = Problems(name)
            for i, data in enumerate(raw):
                item = parse(p, data, i)
                ident = data.get("id") if isinstance(data, dict) else None
                if isinstance(ident, str):
                    if ident in seen:
                        p.add(
                            item_name(kind, data, i),
                            "id",
                            message("components.repeated_id", file=seen[ident]),
                        )
                    seen.setdefault(ident, name)
                if item is not None:
                    items.append(item)
            if not p.found:
                clean.add(key)
            found.extend(p.found)
            expected = BOX_COUNTS[key]
            if len(raw) != expected:
                count = message(
                    "components.box_count",
                    expected=expected,
                    what=key.replace("_", " "),
                    got=len(raw),
                )
                found.append(f"{name}: {count}")
        parsed[key] = tuple(items)

    p = Problems("tables.yaml")
    raw_tables = _top(_read(folder, "tables.yaml", found), "tables.yaml", "tables", found)
    # A missing or unreadable file is one problem, already said: not one per field it lacks.
    tables = parse_tables(p, raw_tables) if raw_tables is not None else None
    found.extend(p.found)
    p = Problems("visitors.yaml")
    raw_visitors = _top(_read(folder, "visitors.yaml", found), "visitors.yaml", "visitors", found)
    visitors = parse_visitors(p, raw_visitors) if raw_visitors is not None else None
    found.extend(p.found)
    if visitors and visitors.total != VISITORS_IN_BOX:
        total = message("components.visitors", expected=VISITORS_IN_BOX, got=visitors.total)
        found.append(f"visitors.yaml: visitors: {total}")
    meta = {"name": folder.name, "label": "", "notice": ""}
    translations: dict[str, dict[str, str]] = {}
    if (folder / "set.yaml").exists():
        data = _read(folder, "set.yaml", found)
        if data is None:  # unreadable or empty: already said
            pass
        elif not isinstance(data, dict) or not all(isinstance(data.get(k, ""), str) for k in meta):
            found.append(f"set.yaml: {message('components.set_texts')}")
        else:
            meta.update({k: data[k] for k in meta if k in data})
            translations = _set_translations(data.get("translations", {}), found)

    rival = None
    if (folder / "rival.yaml").exists():
        p = Problems("rival.yaml")
        raw_rival = _top(_read(folder, "rival.yaml", found), "rival.yaml", "rival", found)
        rival = parse_rival(p, raw_rival) if raw_rival is not None else None
        raw_cards = raw_rival.get("cards") if isinstance(raw_rival, dict) else None
        for i, card in enumerate(raw_cards if isinstance(raw_cards, list) else []):
            ident = card.get("id") if isinstance(card, dict) else None
            if isinstance(ident, str):
                if ident in seen:
                    p.add(
                        item_name("rival_card", card, i),
                        "id",
                        message("components.repeated_id", file=seen[ident]),
                    )
                seen.setdefault(ident, "rival.yaml")
        found.extend(p.found)

    if tables is not None and tables.starting_exhibit.id in seen:
        ident = tables.starting_exhibit.id
        kinds = {file: kind for file, (_, kind, _) in LISTS.items()} | {"rival.yaml": "rival_card"}
        shadows = message("components.shadows_start")
        item = message("item." + kinds[seen[ident]])
        found.append(f"{seen[ident]}: {item} {ident!r}: {shadows}")
    found.extend(_whole_set_problems({k: v for k, v in parsed.items() if k in clean}, tables))
    # With a broken file the set's ids are not all known: no name is called unknown then.
    known_ids = None if found or tables is None else {*seen, tables.starting_exhibit.id}
    names = _component_names(folder, known_ids, found)
    if found:
        raise ComponentError(str(folder), found)
    assert tables is not None and visitors is not None
    everything = [
        *parsed["dice"],
        *parsed["recipes"],
        *parsed["attractions"],
        *parsed["lab_upgrades"],
        *parsed["specialists"],
        *parsed["objectives"],
        *parsed["plot_twists"],
        tables.starting_exhibit,
        *(rival.cards if rival else ()),
    ]
    return ComponentSet(
        meta["name"],
        meta["label"],
        meta["notice"],
        parsed["dice"],
        parsed["recipes"],
        parsed["attractions"],
        parsed["lab_upgrades"],
        parsed["specialists"],
        parsed["objectives"],
        parsed["plot_twists"],
        tables,
        visitors,
        {c.id: c for c in everything},
        rival,
        translations,
        names,
    )


def _set_translations(data: Any, found: list[str]) -> dict[str, dict[str, str]]:
    """set.yaml's `translations`: language code -> its `label` and `notice` texts (either may
    be left out: English is said then). A problem is added to `found`, naming the field."""
    wanted = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
    if not isinstance(data, dict):
        found.append(f"set.yaml: translations: {message('components.set_translations')}")
        return {}
    checked: dict[str, dict[str, str]] = {}
    for code, texts in data.items():
        if code not in wanted:
            known = ", ".join(wanted)
            said = message("components.set_language", code=code, known=known)
            found.append(f"set.yaml: translations: {said}")
        elif not isinstance(texts, dict) or not all(
            key in ("label", "notice") and isinstance(text, str) for key, text in texts.items()
        ):
            said = message("components.set_translation_texts")
            found.append(f"set.yaml: translations: {code}: {said}")
        else:
            checked[code] = dict(texts)
    return checked


def _component_names(
    folder: Path, known_ids: set[str] | None, found: list[str]
) -> dict[str, dict[str, str]]:
    """The folder's `names.<code>.yaml` files (each optional): language code -> component id
    -> that language's name. A file for a language the kit lacks, an id not in `known_ids`
    (None: not checked), or a name that is not a text is a problem added to `found`, naming
    the file and the id."""
    wanted = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
    names: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("names.*.yaml")):
        code = path.name.removeprefix("names.").removesuffix(".yaml")
        if code not in wanted:
            said = message("components.set_language", code=code, known=", ".join(wanted))
            found.append(f"{path.name}: {said}")
            continue
        data = _read(folder, path.name, found)
        if data is None:
            continue
        if not isinstance(data, dict):
            found.append(f"{path.name}: {message('components.names_mapping')}")
            continue
        checked = {}
        for ident, name in data.items():
            if not isinstance(ident, str) or (known_ids is not None and ident not in known_ids):
                found.append(f"{path.name}: {ident}: {message('components.names_unknown_id')}")
            elif not isinstance(name, str) or not name.strip():
                found.append(f"{path.name}: {ident}: {message('components.names_text')}")
            else:
                checked[ident] = name
        names[code] = checked
    return names


def _whole_set_problems(parsed: dict[str, tuple[Any, ...]], tables: Any) -> list[str]:
    """Problems only the set as a whole shows (run on what parsed cleanly)."""
    found = []
    parsed = {key: parsed.get(key, ()) for key in BOX_COUNTS}
    for category, count in (("herbivore", 7), ("small_carnivore", 6), ("large_carnivore", 4)):
        got = sum(r.category == category for r in parsed["recipes"])
        if parsed["recipes"] and got < 1:
            found.append(
                "recipes.yaml: "
                + message("components.category_recipe", category=category, count=count)
            )
    specials = [u.special for u in parsed["lab_upgrades"]]
    for special in ("dino_research_2", "dna_refinement_2"):
        if parsed["lab_upgrades"] and specials.count(special) != SPECIAL_IN_BOX:
            found.append(
                "lab_upgrades.yaml: "
                + message(
                    "components.special_tiles",
                    expected=SPECIAL_IN_BOX,
                    special=special,
                    got=specials.count(special),
                )
            )
    for u in parsed["lab_upgrades"]:
        wanted = {"dino_research_2": "create_dinosaur", "dna_refinement_2": "refine_dna"}.get(
            u.special or ""
        )
        if wanted and any(s.action.id != wanted for s in u.slots):
            found.append(
                f"lab_upgrades.yaml: lab upgrade {u.id!r}: "
                + message("components.special_slots", wanted=wanted, special=u.special)
            )
    regular_two = sum(u.special is None and u.players == 2 for u in parsed["lab_upgrades"])
    if parsed["lab_upgrades"] and regular_two < 4:
        found.append(f"lab_upgrades.yaml: {message('components.two_player_upgrades')}")
    if parsed["attractions"] and sum(a.players == 2 for a in parsed["attractions"]) < 4:
        found.append(f"attractions.yaml: {message('components.two_player_attractions')}")
    for length in OBJECTIVE_LENGTHS:
        got = sum(o.length == length for o in parsed["objectives"])
        if parsed["objectives"] and got != 13:
            found.append("objectives.yaml: " + message("components.stack", length=length, got=got))
    if parsed["plot_twists"] and len({t.modifier.id for t in parsed["plot_twists"]}) < 2:
        found.append(f"plot_twists.yaml: {message('components.twist_modifiers')}")
    if tables is not None:
        # a recipe (the starting exhibit's too: a player creates it again) that needs more DNA
        # of a type than any cold storage holds could never be created
        costed = [(f"recipes.yaml: recipe {r.id!r}", r) for r in parsed["recipes"]]
        costed.append(("tables.yaml: tables.starting_exhibit", tables.starting_exhibit))
        for where, r in costed:
            for dna, cost in zip(DNA_TYPES, r.dna_cost):
                if cost > tables.max_limit:
                    too_much = message(
                        "components.cost_over_storage", cost=cost, limit=tables.max_limit
                    )
                    found.append(f"{where}: dna_cost.{dna} {too_much}")
    if (
        tables is not None
        and tables.security_costs
        and tables.security_costs[-1][0] < MIN_SECURITY_LEVEL
    ):
        reach = message("components.security_levels", level=MIN_SECURITY_LEVEL)
        found.append(f"tables.yaml: tables: security_costs {reach}")
    return found
