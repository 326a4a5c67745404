"""The glossaries of the translations: the game words of each language, as players say them.

Each translated language keeps one glossary, `notebooks/locale/<lang>/glossary.yaml`:

    language: es
    terms:                       # one entry per game word
      - en: Tank
        term: Tanque
        plural: Tanques          # optional
        game: martian_dice       # one of the games the page names
        source: "seed 000"       # where the word comes from, or "our choice"
        note: "..."              # optional: why this word

`read_glossary` checks a file against that shape (a mistake is one sentence naming the file
and the field); `show_glossaries` shows every language's glossary as tables with headers, in
the page's language. The games are named by the page that shows them (this package names no
game): `games` maps each game's id to its name.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from kit_common.checks import known_fields, one_of, shown, text
from kit_common.display import InLanguage, Table
from kit_common.errors import InputError
from kit_common.files import read_text
from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE, current_language
from kit_common.words import message, plural

#: The fields of a term, the required ones first.
REQUIRED = ("en", "term", "game", "source")
OPTIONAL = ("plural", "note")


class Term(NamedTuple):
    """One game word: its English name, the word in the glossary's language, its plural
    (when given), the game it belongs to, where it comes from, and why it was chosen."""

    en: str
    term: str
    plural: str | None
    game: str
    source: str
    note: str | None


class Glossary(NamedTuple):
    """A language's game words, in the order of its file."""

    language: str
    terms: tuple[Term, ...]


def parse_glossary(data: Any, where: str, games: Sequence[str]) -> Glossary:
    """A glossary from the YAML data of the file `where`; `games` are the game ids a term
    may name. Raises InputError naming the file and the field."""
    try:
        if not isinstance(data, dict):
            raise InputError("", message("glossary.not_mapping", value=shown(data)))
        known_fields(data, "", ("language", "terms"))
        language = one_of(data.get("language"), "language", [c for c in LANGUAGES if c != "en"])
        terms = data.get("terms")
        if not isinstance(terms, list) or not terms:
            raise InputError("terms", message("glossary.not_terms", value=shown(terms)))
        parsed = tuple(_term(entry, f"terms[{i}]", games) for i, entry in enumerate(terms))
    except InputError as err:
        field = f" {err.field}" if err.field else ""
        raise InputError(f"{where}{field}", str(err).removeprefix(f"{err.field}: ")) from None
    return Glossary(language, parsed)


def _term(entry: Any, field: str, games: Sequence[str]) -> Term:
    if not isinstance(entry, dict):
        raise InputError(
            field, message("glossary.not_term", fields=", ".join(REQUIRED), value=shown(entry))
        )
    known_fields(entry, field, (*REQUIRED, *OPTIONAL))
    values = {name: text(entry.get(name), f"{field}.{name}") for name in REQUIRED}
    one_of(values["game"], f"{field}.game", games)

    def optional(name: str) -> str | None:
        return text(entry[name], f"{field}.{name}") if entry.get(name) is not None else None

    return Term(
        en=values["en"],
        term=values["term"],
        plural=optional("plural"),
        game=values["game"],
        source=values["source"],
        note=optional("note"),
    )


def read_glossary(path: str | Path, games: Sequence[str]) -> Glossary:
    """The glossary in the file at `path` (checked: see `parse_glossary`); its language
    must be the one of its folder (`<lang>/glossary.yaml`)."""
    path = Path(path)
    source = read_text(path)
    try:
        data = yaml.safe_load(source)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or message("glossary.unreadable")
        if mark is not None:
            said = message("glossary.bad_yaml_at", problem=problem, line=mark.line + 1)
        else:
            said = message("glossary.bad_yaml", problem=problem)
        raise InputError(str(path), said) from None
    glossary = parse_glossary(data, str(path), games)
    if glossary.language != path.parent.name:
        raise InputError(
            f"{path} language",
            message("glossary.wrong_folder", said=glossary.language, folder=path.parent.name),
        )
    return glossary


def glossary_table(glossary: Glossary, games: Mapping[str, str]) -> Table:
    """A language's glossary as a table with headers, in the page's language; `games` names
    each game id."""
    name = LANGUAGES[glossary.language]
    headers = [
        message("glossary.english"),
        name,  # the glossary's language, named in itself
        message("glossary.plural"),
        message("glossary.game"),
        message("glossary.source"),
        message("glossary.note"),
    ]
    rows = [
        [
            InLanguage(t.en, "en"),
            t.term,
            t.plural or "",
            games.get(t.game, t.game),
            t.source,
            t.note or "",
        ]
        for t in glossary.terms
    ]
    caption = plural("glossary.caption", len(rows), language=name)
    return Table(headers, rows, caption=caption)


class Glossaries:
    """Every language's glossary table, one after the other (HTML in a page, text aligned)."""

    def __init__(self, tables: Sequence[Table]) -> None:
        self.tables = tuple(tables)

    def __str__(self) -> str:
        if not self.tables:
            return message("glossary.none")
        return "\n\n".join(str(table) for table in self.tables)

    def __repr__(self) -> str:
        return f"Glossaries({len(self.tables)} languages)"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        if not self.tables:
            return f"<p>{html.escape(str(self))}</p>"
        return "\n".join(table._repr_html_() for table in self.tables)


def glossary_folder(start: Path | str = ".") -> Path:
    """The `locale` folder of the notebooks, found from `start` upwards (a translated page
    runs one folder deeper than the English one, `notebooks/es/`)."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        if (folder / "locale").is_dir():
            return folder / "locale"
    raise InputError(str(here), message("glossary.no_folder"))


def show_glossaries(games: Mapping[str, str], folder: Path | str | None = None) -> Glossaries:
    """The glossaries found in `folder` (default: the notebooks' `locale` folder) as tables:
    on an English page every language's, in the order of the kit's languages; on a translated
    page its own language's (a reader of it needs no other). `games` maps each game id to its
    name."""
    where = Path(folder) if folder is not None else glossary_folder()
    language = current_language()
    shown_languages = LANGUAGES if language == SOURCE_LANGUAGE else [language]
    tables = []
    for code in shown_languages:
        path = where / code / "glossary.yaml"
        if path.is_file():
            tables.append(glossary_table(read_glossary(path, list(games)), games))
    return Glossaries(tables)
