"""The checks Babel has no command for: `tools/i18n.py check`, and the tests that run it.

Every problem is a `Problem` naming the file, the entry (context and English) and what to do:

* a template not current with its sources (what `pybabel extract` gives today);
* a po entry missing, left over, untranslated or fuzzy; a translation whose `{fields}` or
  link targets differ from the English (`tools/placeholders.py`); a plural entry with the
  wrong number of forms; a Plural-Forms header that is not gettext's classic rule;
* a kit `.mo` not compiled from its po's current text;
* a language's glossary that does not read;
* a translated page not built from the current English page and po, or a page whose
  language links are not current.
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog

from kit_common.errors import KitError
from kit_common.glossary import read_glossary
from kit_common.messages import SOURCE_LANGUAGE
from tools import babel_commands, notebook_text
from tools import translation_files as files
from tools.page_build import (
    cell_shape,
    formatted_notebooks,
    notebook_translations,
    page_shape,
    translate_notebook,
    with_language_links,
)
from tools.placeholders import placeholder_problem


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing to fix: the file, the entry (context and English) when there is one, what."""

    path: Path
    what: str
    context: str | None = None
    msgid: str | None = None

    def __str__(self) -> str:
        where = files.relative(self.path)
        if self.context is None and self.msgid is None:
            return f"{where}: {self.what}"
        english = (self.msgid or "").replace("\n", "\\n")
        if len(english) > 70:
            english = english[:67] + "..."
        return f"{where}: [{self.context}] {english!r}: {self.what}"


@functools.cache
def form_zero_is_one_alone(lang: str) -> bool:
    """True when the language's plural form 0 is used for n == 1 and no other n (es, pt; not
    ru, whose form 0 also says 21, 31, 101...)."""
    choose = gettext.c2py(files.PLURAL_FORMS[lang].split("plural=", 1)[1].strip().rstrip(";"))
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
        catalog = files.read_catalogue(path, lang)
    except files.CatalogueError as err:
        return [Problem(path, f"does not read: {err}")]
    problems = []
    header = dict(catalog.mime_headers).get("Plural-Forms", "")
    if header.replace(" ", "") != files.PLURAL_FORMS[lang].replace(" ", ""):
        problems.append(
            Problem(path, f"Plural-Forms is {header!r}, not {files.PLURAL_FORMS[lang]!r}")
        )
    have = files.entries(catalog)
    want = files.entries(fresh)
    for key in want:
        if key not in have:
            problems.append(Problem(path, "not in the po yet: run update", key[1], key[0]))
    for key in have:
        if key not in want:
            problems.append(Problem(path, "no longer in the English: run update", key[1], key[0]))
    for key, message in have.items():
        if key not in want:
            continue
        strings = files.strings(message)
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
        english = files.englishes(message)
        for index, translated in enumerate(strings):
            problem = plural_form_problem(english, index, translated, lang)
            if problem:
                form = f" (form {index})" if len(strings) > 1 else ""
                problems.append(Problem(path, problem + form, key[1], key[0]))
    return problems


def check_templates() -> tuple[list[Problem], dict[str, Catalog]]:
    """Problems of templates not current with the sources; and the fresh templates."""
    problems = []
    fresh = {domain: babel_commands.fresh_template(domain) for domain in files.domains()}
    for domain, catalog in fresh.items():
        path = files.pot_path(domain)
        if not path.is_file():
            problems.append(Problem(path, "missing: run `tools/i18n.py extract`"))
            continue
        current = files.read_catalogue(path)
        if babel_commands.same_messages(current, catalog):
            continue
        have, want = files.entries(current), files.entries(catalog)
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
    for domain in files.KIT_DOMAINS:
        po = files.po_path(domain, lang)
        if not po.is_file():
            continue
        mo = files.mo_path(domain, lang)
        if not mo.is_file() or mo.read_bytes() != files.mo_bytes(files.read_catalogue(po, lang)):
            problems.append(
                Problem(mo, "not compiled from the current po: run `tools/i18n.py compile`")
            )
    return problems


def check_built(lang: str) -> list[Problem]:
    """Problems of translated notebooks missing, stale or left over (and of English pages
    whose language links are missing)."""
    translations = notebook_translations(lang)
    expected = {}
    for english in files.english_notebooks():
        notebook, _ = translate_notebook(notebook_text.load(english), english, lang, translations)
        expected[files.built_path(english, lang)] = notebook
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
    for path in (
        sorted((files.NOTEBOOKS / lang).rglob("*.ipynb"))
        if (files.NOTEBOOKS / lang).is_dir()
        else []
    ):
        if path not in formatted and ".ipynb_checkpoints" not in path.parts:
            problems.append(Problem(path, "has no English notebook: delete it"))
    return problems


def check_language_links() -> list[Problem]:
    """Problems of English pages whose language links are missing or not current."""
    problems = []
    for english in files.english_notebooks():
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
    return files.NOTEBOOKS / "locale" / lang / "glossary.yaml"


def check(languages: Sequence[str], *, built: bool = True) -> list[Problem]:
    """Every problem of the templates and of the translations into `languages`."""
    problems, fresh = check_templates()
    problems += check_language_links()
    for lang in languages:
        for domain in files.domains():
            problems += check_po(files.po_path(domain, lang), lang, fresh[domain])
        problems += check_compiled(lang)
        problems += check_glossary(lang)
        if built:
            problems += check_built(lang)
    return problems
