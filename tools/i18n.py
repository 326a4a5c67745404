"""The translations of the kit: templates, catalogues, compiled files and translated notebooks.

English is the source. Every word a user reads comes from one of two places, and this tool
keeps the gettext catalogues (Babel's files) in step with both:

* the kits' sentences: the `ENGLISH` dict of each kit's `Catalogue` (domains `martian_kit`,
  `dino_kit`, `kit_common`); msgctxt = the key, msgid = the English template (msgid_plural for
  a `Plural`). Template `<pkg>/locale/<domain>.pot`, translations
  `<pkg>/locale/<lang>/LC_MESSAGES/<domain>.po`, compiled `.mo` beside each po (read at run
  time by `Catalogue.load_translations`);
* the notebooks' prose: the pieces `tools/notebook_text.py` cuts from every English notebook
  (domain `notebooks`, msgctxt = the notebook's path under `notebooks/`), template
  `notebooks/locale/notebooks.pot`, translations `notebooks/locale/<lang>/LC_MESSAGES/notebooks.po`.
  `build` writes the translated notebooks `notebooks/<lang>/<same path>` from the English ones
  and the po; they are never edited by hand.

Sub-commands (`python tools/i18n.py COMMAND --help`):

    extract             write every .pot from the sources (only when its messages changed)
    update [--lang L]   merge each .pot into the language's .po (creating it if missing)
    compile [--lang L]  compile each kit .po to the .mo beside it
    check [--lang L]    list every problem (exit status 1 when there is one)
    build [--lang L] [--allow-english] [NOTEBOOK ...]
                        write the translated notebooks (and the language links of every page)

A translator's round: extract, update, translate the po files, check, compile, build, then
execute the built notebooks with `tools/run_notebooks.py notebooks/<lang>`.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import functools
import gettext
import importlib
import io
import json
import os
import pkgutil
import re
import string
import subprocess
import sys
import tempfile
import tokenize
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the kit and tools/ from this checkout
    sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import PoFileError, read_po, write_po  # noqa: E402

from kit_common.errors import KitError  # noqa: E402
from kit_common.glossary import read_glossary  # noqa: E402
from kit_common.messages import (  # noqa: E402
    LANGUAGES,
    SOURCE_LANGUAGE,
    Catalogue,
    Plural,
    current_language,
    set_language,
)
from kit_common.pages import loading_words  # noqa: E402
from tools import notebook_text  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
#: The repository's settings (ruff formats built notebooks with them).
PYPROJECT = ROOT / "pyproject.toml"
PROJECT = "martian-dino-kit"

#: The languages translated from English.
TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)

#: gettext's classic Plural-Forms (Babel's CLDR default would give Spanish three forms).
PLURAL_FORMS: dict[str, str] = {
    "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
}

#: The kit domains: each is its package's name, and its catalogue lives in that package.
KIT_DOMAINS: tuple[str, ...] = ("martian_kit", "dino_kit", "kit_common")
NOTEBOOK_DOMAIN = "notebooks"

#: The auto comment that marks a piece of a notebook's code in notebooks.pot.
CODE_COMMENT = "code: a string in the page's code; keep {fields} and escapes exactly"

#: Tags and ids of the cells `build` writes (notebook_text never extracts them).
LANGUAGES_TAG = notebook_text.LANGUAGES_TAG
LANGUAGES_CELL_ID = "kit-languages"
SET_LANGUAGE_CELL_ID = "kit-set-language"


# ---------------------------------------------------------------------------------------
# Where the files are


def locale_dir(domain: str) -> Path:
    """The folder of a domain's template and translations."""
    return (NOTEBOOKS if domain == NOTEBOOK_DOMAIN else ROOT / domain) / "locale"


def pot_path(domain: str) -> Path:
    """The template (.pot) of a domain."""
    return locale_dir(domain) / f"{domain}.pot"


def po_path(domain: str, lang: str) -> Path:
    """The translation (.po) of a domain into `lang`."""
    return locale_dir(domain) / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(domain: str, lang: str) -> Path:
    """The compiled translation (.mo) of a kit domain, beside its po."""
    return po_path(domain, lang).with_suffix(".mo")


def domains() -> tuple[str, ...]:
    """Every domain: the kits' and the notebooks'."""
    return (*KIT_DOMAINS, NOTEBOOK_DOMAIN)


def english_notebooks() -> list[Path]:
    """Every English notebook (not a translated tree, not a checkpoint), sorted."""
    skip = set(TRANSLATED) | {"locale"}
    return sorted(
        path
        for path in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts
        and path.relative_to(NOTEBOOKS).parts[0] not in skip
    )


def built_path(english: Path, lang: str) -> Path:
    """Where the translation of an English notebook is built."""
    return NOTEBOOKS / lang / english.relative_to(NOTEBOOKS)


def present_languages() -> list[str]:
    """The translated languages that have begun: a po file of some domain, or built pages."""
    return [
        lang
        for lang in TRANSLATED
        if (NOTEBOOKS / lang).is_dir() or any(po_path(d, lang).is_file() for d in domains())
    ]


def relative(path: Path) -> str:
    """A path as the repository names it (for messages)."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# ---------------------------------------------------------------------------------------
# Reading and writing catalogues (Babel)


class CatalogueError(Exception):
    """A .po or .pot file Babel cannot read (a syntax error a hand edit left)."""


def read_catalogue(path: Path, lang: str | None = None) -> Catalog:
    """A .pot or .po file as Babel's Catalog (CatalogueError naming the file when it does
    not read)."""
    try:
        with path.open("rb") as source:
            return read_po(source, locale=lang, domain=path.stem, abort_invalid=True)
    except (PoFileError, ValueError, UnicodeDecodeError) as err:
        raise CatalogueError(f"{relative(path)}: {err}") from None


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue as the bytes of its file (no line wrapping, obsolete entries dropped)."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=False, ignore_obsolete=True, include_previous=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled form of a translation, fuzzy entries left out (English shows instead)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file already holds it; True when written."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def message_key(message: Message) -> tuple[str, str | None]:
    """A message's identity: its (singular) English and its context."""
    singular = message.id if isinstance(message.id, str) else message.id[0]
    return singular, message.context


def entries(catalog: Catalog) -> dict[tuple[str, str | None], Message]:
    """The messages of a catalogue by identity, the header left out."""
    return {message_key(m): m for m in catalog if m.id}


def same_messages(a: Catalog, b: Catalog) -> bool:
    """True when two templates hold the same messages (ids, plurals, flags, comments,
    locations), whatever their header dates."""

    def shape(catalog: Catalog) -> list[tuple]:
        return [
            (m.id, m.context, sorted(m.flags - {"fuzzy"}), m.auto_comments, m.locations)
            for m in catalog
            if m.id
        ]

    return shape(a) == shape(b)


# ---------------------------------------------------------------------------------------
# extract


def kit_catalogues(domain: str) -> list[Catalogue]:
    """The `Catalogue` objects of a kit domain, found in the modules of its package.

    kit_common's catalogue may live in any of its modules, so all of them are imported; a
    game's catalogue is its `messages` module's."""
    package = importlib.import_module(domain)
    if domain == "kit_common":
        for info in pkgutil.walk_packages(package.__path__, f"{domain}."):
            importlib.import_module(info.name)
    else:
        importlib.import_module(f"{domain}.messages")
    found: dict[int, Catalogue] = {}
    # by module name, so the template's order does not depend on the order of the imports
    for name, module in sorted(sys.modules.items(), key=lambda item: item[0]):
        if module is None or not (name == domain or name.startswith(f"{domain}.")):
            continue
        for value in vars(module).values():
            if isinstance(value, Catalogue) and value.domain == domain:
                found.setdefault(id(value), value)
    if not found:
        raise SystemExit(f"no Catalogue of domain {domain!r} found in the package {domain}")
    return list(found.values())


def format_fields(template: str) -> list[str]:
    """The `{fields}` of a `str.format` template, as written ("points", "x:.2f", "value!r")."""
    fields = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            fields.append(field)
    return fields


def kit_template(domain: str) -> Catalog:
    """The template of a kit domain, from its English dicts (keys as contexts)."""
    template = Catalog(project=PROJECT, domain=domain)
    seen: dict[str, str | Plural] = {}
    for catalogue in kit_catalogues(domain):
        for key, english in catalogue.english.items():
            if key in seen and seen[key] != english:
                raise SystemExit(f"{domain}: the key {key!r} has two English texts")
            seen[key] = english
            msgid = tuple(english) if isinstance(english, Plural) else english
            has_fields = any(
                format_fields(text) for text in (msgid if isinstance(msgid, tuple) else (msgid,))
            )
            template.add(msgid, context=key, flags=("python-brace-format",) if has_fields else ())
    return template


def notebook_template() -> Catalog:
    """The template of the notebooks' prose: every piece of every English notebook."""
    template = Catalog(project=f"{PROJECT} notebooks", domain=NOTEBOOK_DOMAIN)
    for path in english_notebooks():
        rel = path.relative_to(NOTEBOOKS).as_posix()
        notebook = notebook_text.load(path)
        # cells are numbered from 1 as the English page had them before its language links
        numbers = {}
        for index, cell in enumerate(notebook["cells"]):
            if not notebook_text.is_language_links(cell):
                numbers[index] = len(numbers) + 1
        for piece in notebook_text.pieces(notebook):
            template.add(
                piece.text,
                locations=[(rel, numbers[piece.cell])],
                context=rel,
                auto_comments=[CODE_COMMENT] if piece.kind == "code" else [],
            )
    return template


def template(domain: str) -> Catalog:
    """The template a domain's sources give today."""
    return notebook_template() if domain == NOTEBOOK_DOMAIN else kit_template(domain)


def extract() -> list[Path]:
    """Write every template whose messages changed; returns the files written."""
    written = []
    for domain in domains():
        fresh = template(domain)
        path = pot_path(domain)
        if path.is_file() and same_messages(read_catalogue(path), fresh):
            continue
        write_if_changed(path, po_bytes(fresh))
        written.append(path)
    return written


# ---------------------------------------------------------------------------------------
# update


def new_translation(domain: str, lang: str) -> Catalog:
    """An empty translation of a domain into `lang`, with gettext's Plural-Forms."""
    catalog = Catalog(
        locale=lang,
        domain=domain,
        project=PROJECT if domain != NOTEBOOK_DOMAIN else f"{PROJECT} notebooks",
        fuzzy=False,
    )
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def _carry_over(old: Message, new: Message) -> None:
    """Put an old translation on a message whose English changed, marked fuzzy."""
    string_ = old.string
    if isinstance(new.id, tuple) and not isinstance(string_, tuple):
        string_ = (string_, *([""] * (len(new.string) - 1)))
    elif not isinstance(new.id, tuple) and isinstance(string_, tuple):
        string_ = string_[0]
    new.string = string_
    new.flags.add("fuzzy")
    new.previous_id = [old.id] if isinstance(old.id, str) else list(old.id)


def merge(catalog: Catalog, fresh: Catalog) -> None:
    """Bring a translation in step with its template (Babel's `Catalog.update`): new entries
    empty, entries gone from the template dropped, and an entry whose English changed keeps
    its old translation marked fuzzy.

    Babel's own fuzzy matching looks for the closest English in any context; here the old
    entry is looked for in the same context only (the same key of a kit, the same page of the
    notebooks), so a translation never jumps to another key or page."""
    catalog.update(fresh, no_fuzzy_matching=True)
    unused: dict[str | None, list] = {}
    for key, old in list(catalog.obsolete.items()):
        if any(_strings(old)):
            unused.setdefault(old.context, []).append((key, old))
    for message in catalog:
        if not message.id or any(_strings(message)):
            continue
        candidates = unused.get(message.context, [])
        if not candidates:
            continue
        singular = message_key(message)[0]
        texts = [message_key(old)[0] for _, old in candidates]
        close = difflib.get_close_matches(singular, texts, n=1, cutoff=0.6)
        if not close and len(candidates) == 1 and message.context is not None:
            close = texts  # a kit key whose English was rewritten: still the same sentence
        if not close:
            continue
        index = texts.index(close[0])
        key, old = candidates.pop(index)
        _carry_over(old, message)
        del catalog.obsolete[key]
    catalog.obsolete.clear()  # entries gone from the English are dropped, not kept


def fit_plural_forms(catalog: Catalog) -> None:
    """Give every plural entry as many forms as its language has: missing forms empty, and
    an entry that loses a written form marked fuzzy (to be checked)."""
    for message in catalog:
        if not message.id or not isinstance(message.id, tuple):
            continue
        strings = list(_strings(message))
        wanted = catalog.num_plurals
        if len(strings) == wanted:
            continue
        if any(strings[wanted:]):
            message.flags.add("fuzzy")
        message.string = tuple((strings + [""] * wanted)[:wanted])


def update(languages: Sequence[str]) -> list[Path]:
    """Merge every template into each language's po (created when missing); returns the
    files written."""
    written = []
    for domain in domains():
        fresh = read_catalogue(pot_path(domain))
        for lang in languages:
            path = po_path(domain, lang)
            catalog = (
                read_catalogue(path, lang) if path.is_file() else new_translation(domain, lang)
            )
            # gettext's classic rule, whatever made the file (pybabel init gives CLDR's)
            catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
            merge(catalog, fresh)
            fit_plural_forms(catalog)
            if write_if_changed(path, po_bytes(catalog)):
                written.append(path)
    return written


# ---------------------------------------------------------------------------------------
# compile


def compile_catalogues(languages: Sequence[str]) -> list[Path]:
    """Compile each kit po of `languages` to the .mo beside it; returns the files written."""
    written = []
    for domain in KIT_DOMAINS:
        for lang in languages:
            path = po_path(domain, lang)
            if path.is_file() and write_if_changed(
                mo_path(domain, lang), mo_bytes(read_catalogue(path, lang))
            ):
                written.append(mo_path(domain, lang))
    return written


# ---------------------------------------------------------------------------------------
# Placeholders that must survive translation

_LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HREF = re.compile(r"""href=["']([^"']+)["']""")


def brace_fields(text: str) -> list[str]:
    """The `{fields}` of a text as written (`{points}`, `{x:.2f}`, `{float(m):.2f}`), nested
    braces kept whole and doubled braces (`{{`) skipped."""
    fields = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        char = text[i]
        if depth == 0 and text.startswith(("{{", "}}"), i):
            i += 2
            continue
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                fields.append(text[start : i + 1])
        i += 1
    return fields


def link_targets(text: str) -> list[str]:
    """The targets of the Markdown links and HTML hrefs of a text."""
    return _LINK_TARGET.findall(text) + _HREF.findall(text)


def placeholders(text: str) -> list[str]:
    """What a translation must keep exactly: its fields and link targets, sorted."""
    return sorted([*brace_fields(text), *(f"({t})" for t in link_targets(text))])


def placeholder_problem(english: str, translated: str) -> str | None:
    """A sentence saying how a translation's placeholders differ from the English, or None."""
    want, got = placeholders(english), placeholders(translated)
    if want == got:
        return None
    missing = [p for p in want if p not in got] or [p for p in want if want.count(p) > got.count(p)]
    extra = [p for p in got if p not in want] or [p for p in got if got.count(p) > want.count(p)]
    said = []
    if missing:
        said.append("lacks " + ", ".join(dict.fromkeys(missing)))
    if extra:
        said.append("adds " + ", ".join(dict.fromkeys(extra)))
    return "placeholders differ from the English: " + "; ".join(said)


# ---------------------------------------------------------------------------------------
# check


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing to fix: the file, the entry (context and English) when there is one, what."""

    path: Path
    what: str
    context: str | None = None
    msgid: str | None = None

    def __str__(self) -> str:
        where = relative(self.path)
        if self.context is None and self.msgid is None:
            return f"{where}: {self.what}"
        english = (self.msgid or "").replace("\n", "\\n")
        if len(english) > 70:
            english = english[:67] + "..."
        return f"{where}: [{self.context}] {english!r}: {self.what}"


def _strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _englishes(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@functools.cache
def form_zero_is_one_alone(lang: str) -> bool:
    """True when the language's plural form 0 is used for n == 1 and no other n (es, pt; not
    ru, whose form 0 also says 21, 31, 101...)."""
    choose = gettext.c2py(PLURAL_FORMS[lang].split("plural=", 1)[1].strip().rstrip(";"))
    return all((choose(n) == 0) == (n == 1) for n in range(1000))


def plural_form_problem(
    english: Sequence[str], index: int, translated: str, lang: str
) -> str | None:
    """How form `index` of a translation misses the English fields, or None.

    Every form must keep the fields of the English "other" form (the last): a form of a
    language with more forms than English says several things, like "other". The one
    exception is form 0 of a language that uses it for n == 1 alone, which may leave out
    `{n}` as the English "one" form may ("a die" for "{n} dice").
    """
    problem = placeholder_problem(english[-1], translated)
    if problem is None or len(english) == 1 or index != 0 or not form_zero_is_one_alone(lang):
        return problem
    other_without_n = english[-1].replace("{n}", "")
    if placeholder_problem(other_without_n, translated) is None:
        return None
    return problem


def check_po(path: Path, lang: str, fresh: Catalog) -> list[Problem]:
    """The problems of one translation against its template (`fresh`)."""
    if not path.is_file():
        return [Problem(path, "missing: run `tools/i18n.py update --lang " + lang + "`")]
    try:
        catalog = read_catalogue(path, lang)
    except CatalogueError as err:
        return [Problem(path, f"does not read: {err}")]
    problems = []
    header = dict(catalog.mime_headers).get("Plural-Forms", "")
    if header.replace(" ", "") != PLURAL_FORMS[lang].replace(" ", ""):
        problems.append(Problem(path, f"Plural-Forms is {header!r}, not {PLURAL_FORMS[lang]!r}"))
    have = entries(catalog)
    want = entries(fresh)
    for key in want:
        if key not in have:
            problems.append(Problem(path, "not in the po yet: run update", key[1], key[0]))
    for key in have:
        if key not in want:
            problems.append(Problem(path, "no longer in the English: run update", key[1], key[0]))
    for key, message in have.items():
        if key not in want:
            continue
        strings = _strings(message)
        if "fuzzy" in message.flags:
            problems.append(
                Problem(
                    path,
                    "fuzzy: the English changed, check the translation and remove the fuzzy flag",
                    *reversed(key),
                )
            )
        if not all(strings):
            problems.append(Problem(path, "missing translation", key[1], key[0]))
            continue
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(
                Problem(
                    path,
                    f"has {len(strings)} plural forms, the language needs {catalog.num_plurals}",
                    key[1],
                    key[0],
                )
            )
        english = _englishes(message)
        for index, translated in enumerate(strings):
            problem = plural_form_problem(english, index, translated, lang)
            if problem:
                form = f" (form {index})" if len(strings) > 1 else ""
                problems.append(Problem(path, problem + form, key[1], key[0]))
    return problems


def check_templates() -> tuple[list[Problem], dict[str, Catalog]]:
    """Problems of templates not current with the sources; and the fresh templates."""
    problems = []
    fresh = {domain: template(domain) for domain in domains()}
    for domain, catalog in fresh.items():
        path = pot_path(domain)
        if not path.is_file():
            problems.append(Problem(path, "missing: run `tools/i18n.py extract`"))
            continue
        current = read_catalogue(path)
        if same_messages(current, catalog):
            continue
        have, want = entries(current), entries(catalog)
        changed = [k for k in want if k not in have] + [k for k in have if k not in want]
        for key in changed[:20]:
            what = "new in the sources" if key in want else "gone from the sources"
            problems.append(Problem(path, f"{what}: run `tools/i18n.py extract`", key[1], key[0]))
        if not changed:
            problems.append(Problem(path, "flags, comments or locations changed: run extract"))
        elif len(changed) > 20:
            problems.append(Problem(path, f"... and {len(changed) - 20} more: run extract"))
    return problems, fresh


def check_compiled(lang: str) -> list[Problem]:
    """Problems of .mo files missing or not compiled from their po's current text."""
    problems = []
    for domain in KIT_DOMAINS:
        po = po_path(domain, lang)
        if not po.is_file():
            continue
        mo = mo_path(domain, lang)
        if not mo.is_file() or mo.read_bytes() != mo_bytes(read_catalogue(po, lang)):
            problems.append(
                Problem(mo, "not compiled from the current po: run `tools/i18n.py compile`")
            )
    return problems


def cell_shape(notebook: Mapping) -> list[tuple[str, str | None, str]]:
    """What a built notebook's cells must be: type, id and source (outputs come later)."""
    return [
        (cell["cell_type"], cell.get("id"), notebook_text.cell_source(cell))
        for cell in notebook["cells"]
    ]


def page_shape(notebook: Mapping) -> list[tuple[str, str | None, str]]:
    """A page's cells as `cell_shape` says them, its language links left out."""
    return [
        shape
        for cell, shape in zip(notebook["cells"], cell_shape(notebook))
        if not notebook_text.is_language_links(cell)
    ]


def check_built(lang: str) -> list[Problem]:
    """Problems of translated notebooks missing, stale or left over (and of English pages
    whose language links are missing)."""
    translations = notebook_translations(lang)
    expected = {}
    for english in english_notebooks():
        notebook, _ = translate_notebook(notebook_text.load(english), english, lang, translations)
        expected[built_path(english, lang)] = notebook
    formatted = formatted_notebooks(expected)
    problems = []
    for path, notebook in formatted.items():
        if not path.is_file():
            problems.append(
                Problem(path, "not built: run `tools/i18n.py build --lang " + lang + "`")
            )
        elif page_shape(notebook_text.load(path)) != page_shape(notebook):
            problems.append(
                Problem(
                    path, "not built from the current English and po: run build, then run_notebooks"
                )
            )
        elif cell_shape(notebook_text.load(path)) != cell_shape(notebook):
            problems.append(Problem(path, "its language links are not current: run build"))
        elif notebook_text.load(path)["metadata"].get("kit") != notebook["metadata"]["kit"]:
            problems.append(Problem(path, "its loading words are not current: run build"))
    for path in sorted((NOTEBOOKS / lang).rglob("*.ipynb")) if (NOTEBOOKS / lang).is_dir() else []:
        if path not in formatted and ".ipynb_checkpoints" not in path.parts:
            problems.append(Problem(path, "has no English notebook: delete it"))
    return problems


def check_language_links() -> list[Problem]:
    """Problems of English pages whose language links are missing or not current."""
    problems = []
    for english in english_notebooks():
        notebook = notebook_text.load(english)
        linked = with_language_links(notebook, english, SOURCE_LANGUAGE)
        if cell_shape(notebook) != cell_shape(linked):
            problems.append(Problem(english, "its language links are not current: run build"))
    return problems


#: The game ids a glossary term may name: the folders of the games' notebooks.
GAMES = ("martian_dice", "dinosaur_island")


def check_glossary(lang: str) -> list[Problem]:
    """Problems of a language's glossary: missing, or not of the shape kit_common.glossary
    reads (the page would fail)."""
    path = glossary_path(lang)
    if not path.is_file():
        return [Problem(path, "missing: write the language's glossary (see COMMON17/README)")]
    try:
        read_glossary(path, GAMES)
    except KitError as err:
        return [Problem(path, str(err))]
    return []


def glossary_path(lang: str) -> Path:
    """A language's glossary file."""
    return NOTEBOOKS / "locale" / lang / "glossary.yaml"


def check(languages: Sequence[str], *, built: bool = True) -> list[Problem]:
    """Every problem of the templates and of the translations into `languages`."""
    problems, fresh = check_templates()
    problems += check_language_links()
    for lang in languages:
        for domain in domains():
            problems += check_po(po_path(domain, lang), lang, fresh[domain])
        problems += check_compiled(lang)
        problems += check_glossary(lang)
        if built:
            problems += check_built(lang)
    return problems


# ---------------------------------------------------------------------------------------
# build


class BuildRefused(Exception):
    """A translated notebook cannot be built: pieces lack a translation."""


def notebook_translations(lang: str) -> dict[tuple[str, str], str]:
    """The notebook pieces translated into `lang`: (page, English) -> translation, fuzzy and
    empty entries left out."""
    path = po_path(NOTEBOOK_DOMAIN, lang)
    if not path.is_file():
        return {}
    return {
        (message.context, message.id): message.string
        for message in read_catalogue(path, lang)
        if message.id and message.string and "fuzzy" not in message.flags
    }


def _leaves_tree(target: str, english: Path) -> bool:
    """True when a relative link of an English notebook points at a file a translated tree
    does not mirror (anything but an English notebook), so it needs one more `../`."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^/|^#", target, re.IGNORECASE):
        return False
    file_part = target.split("#", 1)[0].split("?", 1)[0]
    if not file_part:
        return False
    resolved = Path(os.path.normpath(english.parent / file_part))
    mirrored = resolved.suffix == ".ipynb" and resolved in _english_set(NOTEBOOKS)
    return not mirrored


@functools.lru_cache(maxsize=4)
def _english_set(notebooks: Path) -> frozenset[Path]:
    """The English notebooks under `notebooks` (looked up once per run)."""
    return frozenset(english_notebooks())


def relink(text: str, english: Path) -> str:
    """A text of a translated page with every relative link that leaves the mirrored tree
    given one more `../` (the page sits one folder deeper than its English page)."""

    def fix(match: re.Match[str]) -> str:
        target = match.group(1)
        if not _leaves_tree(target, english):
            return match.group(0)
        start, end = match.span(1)
        whole = match.group(0)
        offset = match.start(0)
        return whole[: start - offset] + "../" + target + whole[end - offset :]

    return _HREF.sub(fix, _LINK_TARGET.sub(fix, text))


def escape_literal(text: str, english: str, piece: notebook_text.Piece) -> str:
    """A translation made safe between the quotes of the English literal: an escape sequence
    the English has is kept, any other backslash doubled, the quote character and (in a
    one-line literal) a newline escaped."""
    raw = "r" in piece.prefix.lower()
    out = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\":
            pair = text[i : i + 2]
            if len(pair) == 2 and pair in english:
                out.append(pair)
                i += 2
                continue
            if raw:
                raise BuildError(f"a raw string cannot take the backslash of {text!r}")
            out.append("\\\\")
        elif char == piece.quote[0]:
            if raw:
                raise BuildError(f"a raw string cannot take the quote of {text!r}")
            out.append("\\" + char)
        elif char == "\n" and len(piece.quote) == 1:
            out.append("\\n")
        else:
            out.append(char)
        i += 1
    return "".join(out)


class BuildError(Exception):
    """A translation that cannot be put into its notebook (it would not be Python)."""


def linked_languages(building: Sequence[str] = ()) -> list[str]:
    """The languages a page links to: English, and each language whose translated tree
    exists or is being built (no link leads to a page not built yet)."""
    return [
        code
        for code in LANGUAGES
        if code == SOURCE_LANGUAGE or code in building or (NOTEBOOKS / code).is_dir()
    ]


def languages_cell(english: Path, lang: str, linked: Sequence[str] | None = None) -> dict:
    """The cell at the top of every page: the page's language, and links to the same page in
    the `linked` languages (default `linked_languages()`; a translated page lives in
    `notebooks/<lang>/`)."""
    rel = english.relative_to(NOTEBOOKS)
    here = NOTEBOOKS / lang / rel if lang != SOURCE_LANGUAGE else english
    linked = linked_languages() if linked is None else linked
    parts = []
    for code, name in LANGUAGES.items():
        if code not in linked and code != lang:
            continue
        if code == lang:
            parts.append(f"**{name}**")
            continue
        there = english if code == SOURCE_LANGUAGE else NOTEBOOKS / code / rel
        link = Path(os.path.relpath(there, here.parent)).as_posix()
        parts.append(f"[{name}]({link})")
    cell = nbformat.v4.new_markdown_cell(" · ".join(parts))
    cell["id"] = LANGUAGES_CELL_ID
    cell["metadata"] = {"tags": [LANGUAGES_TAG]}
    return dict(cell)


def page_metadata(notebook: Mapping, lang: str) -> dict:
    """A translated page's metadata: the English page's, plus `kit` (its language and what the
    app says while it runs, from the compiled kit_common catalogue)."""
    before = current_language()
    set_language(lang)
    try:
        words = loading_words()
    finally:
        set_language(before)
    return {**notebook.get("metadata", {}), "kit": words}


def set_language_cell(lang: str) -> dict:
    """The code cell that makes a page's widgets and sentences speak `lang`."""
    cell = nbformat.v4.new_code_cell(
        f'from kit_common.messages import set_language\n\nset_language("{lang}")'
    )
    cell["id"] = SET_LANGUAGE_CELL_ID
    return dict(cell)


#: The longest line of code (ruff's line-length in pyproject.toml).
LINE_LENGTH = 100


def _last_outer_space(text: str) -> int:
    """Where `text` (starting outside a field) may be cut: after its last space outside a
    `{field}`, or 0 when there is none."""
    cut, depth = 0, 0
    for i, char in enumerate(text):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            cut = i + 1
    return cut


def _chunks(body: str, width: int) -> list[str]:
    """A literal's body cut after spaces (never inside a `{field}`) into parts of about
    `width` characters."""
    chunks, current, depth = [], "", 0
    cut = 0  # where `current` may be cut: after its last space outside a field (0: nowhere)
    for char in body:
        current += char
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            cut = len(current)
        if char == " " and depth == 0 and len(current) >= width * 0.7:
            chunks.append(current)
            current, cut = "", 0
        elif len(current) > width and depth == 0 and cut:
            chunks.append(current[:cut])
            current = current[cut:]
            cut = _last_outer_space(current)
    if current:
        chunks.append(current)
    return chunks


def code_literal(body: str, piece: notebook_text.Piece, source: str) -> str:
    """The Python literal that replaces a code piece: one literal with the English one's
    prefix and quote, or, when that line would be too long, the same text as parenthesised
    literals that Python joins (an `f` only on the parts with a field, as ruff wants)."""
    single = f"{piece.prefix}{piece.quote}{body}{piece.quote}"
    line_start = source.rfind("\n", 0, piece.start) + 1
    line_end = source.find("\n", piece.end)
    tail = source[piece.end : line_end if line_end >= 0 else len(source)]
    column = piece.start - line_start
    if len(piece.quote) == 3 or column + len(single) + len(tail) <= LINE_LENGTH:
        return single
    line = source[line_start : piece.start]
    indent = line[: len(line) - len(line.lstrip())]
    inner = indent + "    "
    width = LINE_LENGTH - len(inner) - len(piece.prefix) - 2 * len(piece.quote) - 2
    plain_prefix = piece.prefix.replace("f", "").replace("F", "")
    parts = []
    for chunk in _chunks(body, width):
        prefix = piece.prefix if "{" in chunk else plain_prefix
        parts.append(f"{inner}{prefix}{piece.quote}{chunk}{piece.quote}")
    if len(parts) == 1:
        return single
    if _inside_brackets(source, piece.start):  # Python joins them there already
        return "\n".join(parts).lstrip()
    return "(\n" + "\n".join(parts) + "\n" + indent + ")"


def _inside_brackets(source: str, offset: int) -> bool:
    """True when `offset` of a cell's code lies inside (), [] or {}."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    depth = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if starts[token.start[0] - 1] + token.start[1] >= offset:
                break
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
    except (tokenize.TokenError, SyntaxError):
        return False
    return depth > 0


def in_english(source: str, lang: str) -> str:
    """A check cell of a translated page: it compares the kit's English sentences (and is
    never shown), so it runs in English, then the page's language comes back."""
    return (
        f'set_language("{SOURCE_LANGUAGE}")  # the checks compare the English sentences\n'
        f'{source.rstrip()}\nset_language("{lang}")'
    )


def with_language_links(
    notebook: dict, english: Path, lang: str, linked: Sequence[str] | None = None
) -> dict:
    """The notebook with its language links (replacing any it has) as the first cell."""
    cells = [
        c for c in notebook["cells"] if LANGUAGES_TAG not in c.get("metadata", {}).get("tags", [])
    ]
    linked = linked_languages() if linked is None else linked
    if list(linked) == [lang]:
        return {**notebook, "cells": cells}  # no other language yet: no links to show
    return {**notebook, "cells": [languages_cell(english, lang, linked), *cells]}


def translate_notebook(
    notebook: dict,
    english: Path,
    lang: str,
    translations: Mapping[tuple[str, str], str],
    linked: Sequence[str] | None = None,
) -> tuple[dict, list[notebook_text.Piece]]:
    """The translated page of an English notebook, and the pieces it left in English (no
    translation yet). Outputs are cleared; cell ids and the notebook's metadata kept."""
    rel = english.relative_to(NOTEBOOKS).as_posix()
    by_cell: dict[int, list[notebook_text.Piece]] = {}
    for piece in notebook_text.pieces(notebook):
        by_cell.setdefault(piece.cell, []).append(piece)
    untranslated = []
    cells = []
    for index, cell in enumerate(notebook["cells"]):
        if LANGUAGES_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        source = notebook_text.cell_source(cell)
        for piece in sorted(by_cell.get(index, []), key=lambda p: p.start, reverse=True):
            translated = translations.get((rel, piece.text))
            if translated is None:
                untranslated.append(piece)
                if piece.kind == "code":
                    continue  # the English literal stays exactly as written
                translated = piece.text
            translated = relink(translated, english)
            if piece.kind == "code":
                body = escape_literal(translated, piece.text, piece)
                replacement = code_literal(body, piece, source)
            else:
                replacement = translated
            source = source[: piece.start] + replacement + source[piece.end :]
        if cell["cell_type"] == "markdown" and not by_cell.get(index):
            source = relink(source, english)
        if notebook_text.is_check(cell) and cell["cell_type"] == "code":
            source = in_english(source, lang)
        new = {
            key: value for key, value in cell.items() if key not in ("outputs", "execution_count")
        }
        new["source"] = source
        if cell["cell_type"] == "code":
            new["outputs"] = []
            new["execution_count"] = None
            new["metadata"] = {
                k: v for k, v in cell.get("metadata", {}).items() if k != "execution"
            }
        cells.append(new)
    cells = [languages_cell(english, lang, linked), set_language_cell(lang), *cells]
    untranslated.sort(key=lambda p: (p.cell, p.start))
    return {**notebook, "metadata": page_metadata(notebook, lang), "cells": cells}, untranslated


def notebook_json(notebook: Mapping) -> str:
    """A notebook as nbformat writes it (the form every committed notebook has)."""
    text = nbformat.writes(nbformat.from_dict(notebook))
    return text if text.endswith("\n") else text + "\n"


def ruff_format(paths: Sequence[Path]) -> None:
    """Format notebooks the way `ruff format` does for the repository."""
    if not paths:
        return
    command = [
        sys.executable,
        "-m",
        "ruff",
        "format",
        "--quiet",
        "--config",
        str(PYPROJECT),
    ]
    subprocess.run([*command, *map(str, paths)], check=True, cwd=PYPROJECT.parent)


def formatted_notebooks(notebooks: Mapping[Path, Mapping]) -> dict[Path, dict]:
    """The notebooks as they are once written and formatted by ruff (formatted in a
    temporary folder, the real files untouched)."""
    with tempfile.TemporaryDirectory() as folder:
        temporary = {}
        for index, (path, notebook) in enumerate(notebooks.items()):
            where = Path(folder) / f"{index}_{path.name}"
            where.write_text(notebook_json(notebook), encoding="utf-8")
            temporary[path] = where
        ruff_format(list(temporary.values()))
        return {
            path: json.loads(where.read_text(encoding="utf-8")) for path, where in temporary.items()
        }


def build(
    languages: Sequence[str], *, allow_english: bool = False, only: Sequence[Path] = ()
) -> list[Path]:
    """Write the translated notebooks of `languages` (all English notebooks, or `only`), and
    the language links of the English pages; returns the files written.

    Refused (BuildRefused, nothing written) when a piece has no translation, unless
    `allow_english` (for trying a page out before it is translated)."""
    sources = [Path(p).resolve() for p in only] if only else english_notebooks()
    linked = linked_languages(languages)
    notebooks: dict[Path, dict] = {}
    refused = []
    for lang in languages:
        translations = notebook_translations(lang)
        for english in sources:
            notebook, untranslated = translate_notebook(
                notebook_text.load(english), english, lang, translations, linked
            )
            rel = english.relative_to(NOTEBOOKS).as_posix()
            refused += [f"{lang} {rel} cell {p.cell + 1}: {p.text[:70]!r}" for p in untranslated]
            notebooks[built_path(english, lang)] = notebook
    if refused and not allow_english:
        shown = "\n  ".join(refused[:40])
        more = f"\n  ... and {len(refused) - 40} more" if len(refused) > 40 else ""
        raise BuildRefused(
            f"{len(refused)} pieces have no translation (or a fuzzy one); translate them in "
            f"the po, or build with --allow-english to try the pages out:\n  {shown}{more}"
        )
    written = []
    for path, notebook in formatted_notebooks(notebooks).items():
        old = notebook_text.load(path) if path.is_file() else None
        if old is not None and page_shape(old) == page_shape(notebook):
            cells = [notebook["cells"][0], *old["cells"][1:]]
            metadata = dict(notebook["metadata"])
            stamp = old["metadata"].get(notebook_text.EXECUTED_STAMP)
            if stamp is not None:  # the outputs kept, so is what they were made from
                metadata[notebook_text.EXECUTED_STAMP] = stamp
            notebook = {**old, "metadata": metadata, "cells": cells}
            if write_if_changed(path, notebook_json(notebook).encode("utf-8")):
                written.append(path)  # only its links or metadata changed: outputs kept
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notebook_json(notebook), encoding="utf-8")
        written.append(path)
    # every other page, English or of a tree built before, links to the languages there are
    for english in english_notebooks():
        for lang in [SOURCE_LANGUAGE, *(code for code in linked if code not in languages)]:
            path = english if lang == SOURCE_LANGUAGE else built_path(english, lang)
            if not path.is_file():
                continue
            relinked = with_language_links(notebook_text.load(path), english, lang, linked)
            if write_if_changed(path, notebook_json(relinked).encode("utf-8")):
                written.append(path)
    return written


# ---------------------------------------------------------------------------------------
# The command line


def _languages(args: argparse.Namespace, default: Iterable[str]) -> list[str]:
    if args.lang:
        return [args.lang]
    return list(default)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a sub-command (see the module docstring); the exit status."""
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="write every .pot from the sources")
    for name, text in [
        ("update", "merge the templates into the po files (created when missing)"),
        ("compile", "compile the kit po files to .mo"),
        ("check", "list every problem; exit status 1 when there is one"),
        ("build", "write the translated notebooks"),
    ]:
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--lang", choices=TRANSLATED, help="one language (default: all begun)")
        if name == "build":
            sub.add_argument(
                "--allow-english",
                action="store_true",
                help="build pages with untranslated pieces left in English",
            )
            sub.add_argument(
                "notebooks", nargs="*", type=Path, help="English notebooks (default: all)"
            )
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (BuildRefused, BuildError, CatalogueError) as err:
        print(f"tools/i18n.py {args.command}: {err}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command == "extract":
        written = extract()
    elif args.command == "update":
        written = update(_languages(args, present_languages()))
    elif args.command == "compile":
        written = compile_catalogues(_languages(args, present_languages()))
    elif args.command == "check":
        problems = check(_languages(args, present_languages()))
        for problem in problems:
            print(problem)
        by_file: dict[Path, int] = {}
        for problem in problems:
            by_file[problem.path] = by_file.get(problem.path, 0) + 1
        if len(by_file) > 1:
            print("by file:")
            for path, count in by_file.items():
                print(f"  {relative(path)}: {count}")
        print(f"{len(problems)} problems" if problems else "translations are current")
        return 1 if problems else 0
    else:
        written = build(
            _languages(args, present_languages()),
            allow_english=args.allow_english,
            only=args.notebooks,
        )
    for path in written:
        print(f"wrote {relative(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
