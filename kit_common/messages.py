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

A number filled into a sentence is written in the current language's own form (CLDR's, through
Babel): "0.48" in English, "0,48" in Spanish and Portuguese, "1\u00a0234,5" in Russian, with the
same digits in every language (Python's `format` rounds, Babel writes the result), and a
negative number with the true minus sign, "−4", in every language (`MINUS`): a reader then
never sees "-4" beside "−5". `number_text` writes a number so outside a sentence (a table
cell, say), `localise_number` turns an English-form number text into the current language's.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Mapping
from decimal import Decimal
from functools import lru_cache
from numbers import Real
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from kit_common.errors import KitError

if TYPE_CHECKING:
    from babel.numbers import NumberPattern

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


# A number as Python's `format` writes it: a sign, digits grouped by commas, a decimal point,
# a percent sign; the spaces of a field's width around it.
_ENGLISH_NUMBER = re.compile(
    r"(?P<sign>[-+\u2212]?)(?P<digits>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<percent>%?)"
)


@lru_cache(maxsize=256)
def _babel_pattern(language: str, grouped: bool, decimals: int, percent: bool) -> NumberPattern:
    """Babel's CLDR pattern of a number with `decimals` digits after the point in
    `language`: the locale's own percent pattern ("#,##0\u00a0%" in Spanish) for a
    percentage. Parsed once: Babel's `format_decimal` would parse it at every number."""
    from babel import Locale  # only a page in another language than English needs Babel
    from babel.numbers import parse_pattern

    body = ("#,##0" if grouped else "0") + ("." + "0" * decimals if decimals else "")
    if percent:
        percent_pattern = Locale.parse(language).percent_formats[None].pattern
        body = percent_pattern.split(";", 1)[0].replace("#,##0", body, 1)
    return parse_pattern(body)


def localise_number(text: str, language: str | None = None) -> str:
    """A number written in English form by Python's `format` ("1,234.50", "-0.25", " 7",
    "48.4%") in `language`'s form (default: the current language) by Babel's
    `format_decimal` and `format_percent`: the same digits, the language's decimal sign,
    group separator and percent pattern ("1.234,50", "48,4\u00a0%" in Spanish), a true minus
    sign. The spaces of a field's width stay; text that is no such number comes back as it
    is, as does every text in English."""
    language = _current_language if language is None else language
    if language == SOURCE_LANGUAGE:
        return text
    core = text.strip(" ")
    match = _ENGLISH_NUMBER.fullmatch(core)
    if match is None:
        return text
    digits = match["digits"]
    grouped = "," in digits
    plain = digits.replace(",", "")
    decimals = len(plain.partition(".")[2])
    percent = bool(match["percent"])
    pattern = _babel_pattern(language, grouped, decimals, percent)
    # what babel.numbers.format_decimal and format_percent do, with the pattern parsed once
    written = pattern.apply(Decimal(plain) / (100 if percent else 1), language)
    sign = {"-": MINUS, "\u2212": MINUS, "+": "+"}.get(match["sign"], "")
    lead = len(text) - len(text.lstrip(" "))
    trail = len(text) - len(text.rstrip(" "))
    return " " * lead + sign + written + " " * trail


def number_symbols(language: str | None = None) -> tuple[str, str]:
    """The decimal sign and the group separator of `language` (default: the current
    language), from CLDR through Babel: (".", ",") in English, (",", ".") in Spanish and
    Portuguese, (",", "\u00a0") in Russian."""
    language = _current_language if language is None else language
    if language == SOURCE_LANGUAGE:
        return (".", ",")
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return (get_decimal_symbol(language), get_group_symbol(language))


def number_text(value: object, spec: str = "") -> str:
    """A number as a reader sees it: `format(value, spec)` with a true minus sign ("−4",
    "−0.50") in the current language's form ("−0,50" in Spanish: `localise_number`);
    anything else, and a fraction ("5/36"), as `format` writes it."""
    text = format(value, spec)
    if _negative(value):
        text = text.replace("-", MINUS, 1)
    if (
        _current_language == SOURCE_LANGUAGE
        or isinstance(value, bool)
        or not isinstance(value, Real)
        or "/" in text
    ):
        return text
    return localise_number(text)


class _ReaderFormatter(string.Formatter):
    """`str.format` with negative numbers written by `number_text`."""

    def format_field(self, value: Any, format_spec: str) -> str:
        return number_text(value, format_spec)


_READER = _ReaderFormatter()


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template.format(**values)`, each number by `number_text`. Sentences are filled often
    (bots' refusals, game logs): in English the plain, fast `str.format` answers unless its
    sentence holds a hyphen, which a negative number would have put there."""
    if _current_language != SOURCE_LANGUAGE:
        return _READER.vformat(template, (), values)
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


def N_(text: str) -> str:
    """`text` unchanged: the mark of a string in a notebook's code that a translated page says
    in its language (gettext's `gettext_noop`, which Babel knows as `N_`). The translation is
    put between the quotes when the page is built (`tools/i18n.py build`), so nothing is looked
    up when the page runs: `Table([N_("Player"), N_("Points")], rows)`."""
    return text


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

    def message_in(self, language: str, key: str, /, **values: object) -> str:
        """The sentence for `key` in `language` (English when untranslated), whatever the
        current language: for a server that answers visitors of several languages."""
        english = self.english_template(key)
        translation = self._translations.get(language)
        template = english if translation is None else translation.pgettext(key, english)
        return fill(template, values)

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
