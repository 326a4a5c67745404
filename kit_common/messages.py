"""The machinery of every kit's message catalogue: one `message()` lookup, one language setting.

A kit keeps every sentence a user reads in one English catalogue (stable key -> a
`str.format` template) and wraps it in a `Catalogue`; `catalogue.message(key, **values)` is
the sentence in the current language with the values filled in. The language is one setting
for every kit (`set_language(code)`, `current_language()`), so a page switches all its words
at once.

A translation slots in as a `Translation` per language and kit: anything with gettext's
`pgettext(context, message)` and `npgettext(context, one, other, n)`, such as the
`gettext.GNUTranslations` of a `.mo` file compiled by Babel (`Catalogue.load_translations`
reads a kit's `locale/<lang>/LC_MESSAGES/<domain>.mo` files). The key is the context and the
English template the message id, so two keys with the same English words can be translated
differently. A sentence the translation lacks comes back in English, as gettext does.

A sentence about a number of things is a `Plural` (English has two forms; a translation has
as many as its language needs, Russian three): `catalogue.plural(key, n, **values)` picks the
form for `n` and fills `{n}` and the values in.

A negative number filled into a sentence is written with the true minus sign, "−4", in every
language (`MINUS`; `number_text` writes one outside a sentence, in a table cell, say): a
reader then never sees "-4" beside "−5".
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping
from numbers import Real
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from kit_common.errors import KitError

#: The language the catalogues are written in.
SOURCE_LANGUAGE = "en"

#: The languages the kit is translated into, by code, each named in its own language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt": "Português",
    "ru": "Русский",
}


#: The minus sign a reader sees (U+2212), never the hyphen-minus of Python's `str(-4)`.
MINUS = "\u2212"


def _negative(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, Real) and value < 0


def number_text(value: object, spec: str = "") -> str:
    """A number as a reader sees it: `format(value, spec)` with a true minus sign ("−4",
    "−0.50"); anything else as `format` writes it."""
    text = format(value, spec)
    return text.replace("-", MINUS, 1) if _negative(value) else text


class _ReaderFormatter(string.Formatter):
    """`str.format` with negative numbers written by `number_text`."""

    def format_field(self, value: Any, format_spec: str) -> str:
        return number_text(value, format_spec)


_READER = _ReaderFormatter()


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template.format(**values)`, a negative number with a true minus sign. Sentences are
    filled often (bots' refusals, game logs): the plain, fast `str.format` answers unless
    its sentence holds a hyphen, which a negative number would have put there."""
    text = template.format(**values)
    if "-" not in text:
        return text
    return _READER.vformat(template, (), values)


class Plural(NamedTuple):
    """An English sentence about `{n}` things: the form for one and the form for many."""

    one: str
    other: str


class UnknownLanguage(KitError):
    """A language code that is not one of the kit's languages."""


class Translation(Protocol):
    """One language's translations of a catalogue (the shape of `gettext.GNUTranslations`)."""

    def pgettext(self, context: str, message: str, /) -> str:
        """The translation of `message` (an English template) said under `context` (its key);
        `message` itself when there is none."""
        ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        """The translation, said under `context`, of the form of a sentence about `n` things
        that the language uses for `n` (its plural rule picks among its forms); `singular`
        when `n` is 1 and `plural` otherwise when there is none."""
        ...


# Codes of the languages `set_language` accepts: every language of the kit (a catalogue that
# lacks one speaks English in it), and any other a translation was added for.
_known_languages: set[str] = set(LANGUAGES)
_current_language = SOURCE_LANGUAGE


def known_languages() -> list[str]:
    """The language codes `set_language` accepts, sorted."""
    return sorted(_known_languages)


def set_language(code: str) -> None:
    """Speak the language `code` ("en", "es", "pt", "ru") in every message from now on; a
    catalogue without a translation into it speaks English."""
    global _current_language
    if code not in _known_languages:
        known = ", ".join(known_languages())
        raise UnknownLanguage(f"the kit has no language {code!r}; known: {known}")
    _current_language = code


def language_code(name: str) -> str | None:
    """The kit's code for a locale name ("es_ES.UTF-8" -> "es", "pt_BR" -> "pt", "ru" ->
    "ru"), or None when the kit does not speak it ("C", "POSIX", "de_DE")."""
    code = name.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    code = code.lower()
    return code if code in _known_languages else None


#: The environment variables gettext reads for the language of messages, in its order.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language a command line speaks by its environment, chosen as Python's gettext
    does: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set, read as a list
    ("pt_BR:es"), gives the first language of the list the kit speaks; English otherwise."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            codes = [language_code(name) for name in value.split(":")]
            return next((code for code in codes if code is not None), SOURCE_LANGUAGE)
    return SOURCE_LANGUAGE


def current_language() -> str:
    """The code of the language messages are said in."""
    return _current_language


class Catalogue:
    """The sentences of one kit: its English templates, and its translations by language.

    `english` is the kit's own dict, not a copy, so sections a kit's module adds after
    creating the catalogue are found too.
    """

    def __init__(
        self, domain: str, english: Mapping[str, str | Plural], locale: Path | None = None
    ) -> None:
        """`locale`: the folder of the compiled translations (`tools/i18n.py compile` writes
        them), loaded at once with `load_translations`."""
        self.domain = domain  # the gettext domain a translation file of this kit will use
        self.english = english
        self._translations: dict[str, Translation] = {}
        if locale is not None:
            self.load_translations(locale)

    def add_translation(self, language: str, translation: Translation) -> None:
        """Say this catalogue's sentences in `language` with `translation`; the language
        becomes one `set_language` accepts."""
        self._translations[language] = translation
        _known_languages.add(language)

    def load_translations(self, folder: Path) -> None:
        """Add every compiled translation of this catalogue found under `folder`
        (`<folder>/<lang>/LC_MESSAGES/<domain>.mo`, the layout Babel compiles to)."""
        for code in LANGUAGES:
            path = folder / code / "LC_MESSAGES" / f"{self.domain}.mo"
            if path.is_file():
                with path.open("rb") as compiled:
                    self.add_translation(code, gettext.GNUTranslations(compiled))

    def english_template(self, key: str) -> str:
        """The English template for `key`. An unknown key raises KeyError; a `Plural` key
        raises TypeError (use `plural`)."""
        english = self.english[key]
        if isinstance(english, Plural):
            raise TypeError(f"{key!r} is a sentence about a number of things: use plural()")
        return english

    def template(self, key: str) -> str:
        """The template for `key` in the current language (English when untranslated).
        An unknown key raises KeyError; a `Plural` key raises TypeError (use `plural`)."""
        english = self.english_template(key)
        translation = self._translations.get(_current_language)
        return english if translation is None else translation.pgettext(key, english)

    def message(self, key: str, /, **values: object) -> str:
        """The sentence for `key` in the current language, with `values` filled in."""
        return fill(self.template(key), values)

    def plural_template(self, key: str, n: int) -> str:
        """The template of the `Plural` sentence `key` for `n` things, in the current
        language."""
        english = self.english[key]
        if not isinstance(english, Plural):
            raise TypeError(f"{key!r} is not a sentence about a number of things: use message()")
        translation = self._translations.get(_current_language)
        if translation is None:
            return english.one if n == 1 else english.other
        return translation.npgettext(key, english.one, english.other, n)

    def plural(self, key: str, n: int, /, **values: object) -> str:
        """The sentence for `key` about `n` things in the current language, with `{n}` and
        `values` filled in ("1 die", "3 dice"; Russian "1 кубик", "3 кубика", "5 кубиков")."""
        return fill(self.plural_template(key, n), {"n": n, **values})
