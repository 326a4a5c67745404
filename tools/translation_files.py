"""Where the translations live, and reading them: the domains, languages and file paths.

English is the source; four gettext domains hold the translations:

* `martian_kit`, `dino_kit`, `kit_common`: each kit's sentences (its `Catalogue`), template
  `<pkg>/locale/<domain>.pot`, translation `<pkg>/locale/<lang>/LC_MESSAGES/<domain>.po`,
  compiled `.mo` beside the po (read at run time by `Catalogue.load_translations`);
* `notebooks`: the English notebooks' prose, template `notebooks/locale/notebooks.pot`,
  translation `notebooks/locale/<lang>/LC_MESSAGES/notebooks.po` (read by the build of the
  translated pages; never compiled).

The modules of the translation tools read the folders through this module's `ROOT` and
`NOTEBOOKS` at call time, so a test can point them at a temporary tree.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
#: The repository's settings (ruff formats built notebooks with them).
PYPROJECT = ROOT / "pyproject.toml"
#: The mapping of sources to Babel extractors (`pybabel extract -F babel.cfg`).
BABEL_CFG = ROOT / "babel.cfg"
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


def notebooks_folder() -> Path:
    """The folder of the English notebooks (the translated trees are inside it)."""
    return NOTEBOOKS


def source_dir(domain: str) -> Path:
    """The folder `pybabel extract` scans for a domain: the kit's package, or the notebooks."""
    return NOTEBOOKS if domain == NOTEBOOK_DOMAIN else ROOT / domain


def locale_dir(domain: str) -> Path:
    """The folder of a domain's template and translations."""
    return source_dir(domain) / "locale"


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


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled form of a translation as `pybabel compile` writes it: fuzzy entries left
    out (English shows instead)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def message_key(message: Message) -> tuple[str, str | None]:
    """A message's identity: its (singular) English and its context."""
    singular = message.id if isinstance(message.id, str) else message.id[0]
    return singular, message.context


def entries(catalog: Catalog) -> dict[tuple[str, str | None], Message]:
    """The messages of a catalogue by identity, the header left out."""
    return {message_key(m): m for m in catalog if m.id}


def strings(message: Message) -> tuple[str, ...]:
    """A message's translation as a tuple of forms (one for a singular message)."""
    return message.string if isinstance(message.string, tuple) else (message.string,)


def englishes(message: Message) -> tuple[str, ...]:
    """A message's English as a tuple of forms (one for a singular message)."""
    return message.id if isinstance(message.id, tuple) else (message.id,)
