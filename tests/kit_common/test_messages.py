"""The message machinery: one lookup per catalogue and one language setting for all kits."""

from __future__ import annotations

import gettext
import io

import pytest

from kit_common import messages
from kit_common.errors import KitError
from kit_common.messages import (
    Catalogue,
    UnknownLanguage,
    current_language,
    known_languages,
    set_language,
)


class Dictionary:
    """A translation as gettext gives one: by (context, English message)."""

    def __init__(self, by_key: dict[str, str]) -> None:
        self.by_key = by_key

    def pgettext(self, context: str, message: str) -> str:
        return self.by_key.get(context, message)


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    """Each test leaves the language and the known languages as it found them."""
    monkeypatch.setattr(messages, "_known_languages", set(messages._known_languages))
    monkeypatch.setattr(messages, "_current_language", messages._current_language)


def test_a_message_is_its_template_with_the_values_filled_in():
    catalogue = Catalogue("test", {"greet": "hello {name}", "plain": "no values"})
    assert catalogue.message("greet", name="Ada") == "hello Ada"
    assert catalogue.message("plain") == "no values"
    with pytest.raises(KeyError):
        catalogue.message("missing")


def test_the_catalogue_sees_sections_added_to_its_dict_later():
    english = {"a": "A"}
    catalogue = Catalogue("test", english)
    english.update({"b": "B"})
    assert catalogue.message("b") == "B"


def test_english_is_the_language_until_another_is_set():
    assert current_language() == "en"
    assert known_languages() == ["en", "es", "pt", "ru"]
    set_language("en")
    assert current_language() == "en"


def test_every_language_of_the_kit_is_accepted_even_without_a_translation():
    catalogue = Catalogue("test", {"yes": "yes"})
    for code in messages.LANGUAGES:
        set_language(code)
        assert current_language() == code
        assert catalogue.message("yes") == "yes"  # no translation: English


def test_an_unknown_language_is_refused_with_the_known_ones_and_changes_nothing():
    with pytest.raises(UnknownLanguage, match=r"'xx'; known: en, es, pt, ru") as raised:
        set_language("xx")
    assert isinstance(raised.value, KitError)
    assert current_language() == "en"


def test_a_translation_slots_in_per_catalogue_and_falls_back_to_english():
    first = Catalogue("first", {"yes": "yes", "count": "{n} dice"})
    second = Catalogue("second", {"no": "no"})
    first.add_translation("es", Dictionary({"yes": "sí", "count": "{n} dados"}))
    assert first.message("yes") == "yes"  # English until the language is set
    set_language("es")
    assert first.message("yes") == "sí" and first.message("count", n=3) == "3 dados"
    assert second.message("no") == "no"  # a catalogue without Spanish speaks English
    set_language("en")
    assert first.message("count", n=3) == "3 dice"


def test_both_kits_look_their_words_up_through_the_shared_machinery():
    from dino_kit import messages as dino_messages
    from martian_kit import messages as martian_messages

    for kit in (martian_messages, dino_messages):
        assert isinstance(kit.CATALOGUE, Catalogue) and kit.CATALOGUE.english is kit.ENGLISH
        assert kit.message("rule.game_over") == kit.ENGLISH["rule.game_over"]
    assert martian_messages.CATALOGUE.plural("count.dice", 4) == "4 dice"


class PluralDictionary(Dictionary):
    """A translation with Russian's three plural forms, chosen as gettext's rule does."""

    def npgettext(self, context: str, one: str, other: str, n: int) -> str:
        forms = self.by_key.get(context)
        if forms is None:
            return one if n == 1 else other
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]


def test_a_plural_sentence_takes_the_form_for_its_number_in_each_language():
    catalogue = Catalogue("test", {"dice": messages.Plural("{n} die", "{n} dice")})
    assert [catalogue.plural("dice", n) for n in (0, 1, 2)] == ["0 dice", "1 die", "2 dice"]
    catalogue.add_translation(
        "ru", PluralDictionary({"dice": ("{n} кубик", "{n} кубика", "{n} кубиков")})
    )
    set_language("ru")
    assert [catalogue.plural("dice", n) for n in (1, 3, 5, 11, 21)] == [
        "1 кубик",
        "3 кубика",
        "5 кубиков",
        "11 кубиков",
        "21 кубик",
    ]
    with pytest.raises(TypeError, match="use plural"):
        catalogue.message("dice")


def test_compiled_translations_load_from_the_babel_layout(tmp_path):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    spanish = read_po(
        io.StringIO(
            'msgid ""\nmsgstr ""\n"Language: es\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            'msgctxt "yes"\nmsgid "yes"\nmsgstr "sí"\n\n'
            'msgctxt "dice"\nmsgid "{n} die"\nmsgid_plural "{n} dice"\n'
            'msgstr[0] "{n} dado"\nmsgstr[1] "{n} dados"\n'
        )
    )
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "test.mo").open("wb") as compiled:
        write_mo(compiled, spanish)
    catalogue = Catalogue("test", {"yes": "yes", "dice": messages.Plural("{n} die", "{n} dice")})
    catalogue.load_translations(tmp_path)
    set_language("es")
    assert catalogue.message("yes") == "sí"
    assert [catalogue.plural("dice", n) for n in (1, 2)] == ["1 dado", "2 dados"]


def test_a_translation_needs_only_what_the_translation_protocol_names():
    # A translation that has exactly the protocol's methods serves every lookup: a method the
    # catalogue calls but the protocol lacks (npgettext once) fails here as AttributeError.
    # gettext's own translations have every one of them.
    members = [name for name in vars(messages.Translation) if not name.startswith("_")]
    assert all(callable(getattr(gettext.GNUTranslations, name, None)) for name in members)
    spoken = {
        "pgettext": lambda self, context, message: f"es:{message}",
        "npgettext": lambda self, context, one, other, n: f"es:{one if n == 1 else other}",
    }
    minimal = type("Minimal", (), {name: spoken[name] for name in members})()
    catalogue = Catalogue("test", {"yes": "yes", "dice": messages.Plural("{n} die", "{n} dice")})
    catalogue.add_translation("es", minimal)
    set_language("es")
    assert catalogue.message("yes") == "es:yes"
    assert [catalogue.plural("dice", n) for n in (1, 2)] == ["es:1 die", "es:2 dice"]


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "pt_PT"}, "pt"),  # LC_MESSAGES before LANG
        ({"LANG": "es_ES", "LC_ALL": "ru_RU.UTF-8"}, "ru"),  # LC_ALL before both
        ({"LANGUAGE": "de:pt_BR:es", "LC_ALL": "ru_RU"}, "pt"),  # LANGUAGE first, a list
        ({"LANGUAGE": "de:fr", "LC_ALL": "ru_RU"}, "en"),  # none of the list: English
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "es_ES"}, "en"),  # a language the kit lacks
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "", "LC_ALL": ""}, "en"),  # empty means not set
        ({"LANG": "ru_RU@latin"}, "ru"),
    ],
)
def test_the_command_line_language_follows_gettexts_variables(environ, code):
    assert messages.language_from_environment(environ) == code


def test_locale_names_become_the_kits_codes():
    assert messages.language_code("es-MX") == "es"
    assert messages.language_code("POSIX") is None


def test_a_negative_number_reads_with_a_true_minus_sign_in_every_sentence() -> None:
    """Issue 29: "-4" (hyphen-minus) beside "−5" (minus sign). Every number a catalogue fills
    in is written the one way, whatever its format; a value quoted as given (`!r`, a text)
    stays as the user typed it."""
    catalogue = Catalogue("test", {"vp": "{a} VP, {b:+d}, {c:.2f}, {d!r}, {e}"})
    assert catalogue.message("vp", a=-4, b=-3, c=-0.5, d=-2, e="x-y") == (
        "−4 VP, −3, −0.50, -2, x-y"
    )
    assert catalogue.message("vp", a=4, b=3, c=0.5, d=2, e="x") == "4 VP, +3, 0.50, 2, x"
    plural = Catalogue("test", {"n": messages.Plural("{n} point", "{n} points")})
    assert plural.plural("n", -2) == "−2 points"
    assert messages.number_text(-11) == "−11" and messages.number_text(True) == "True"
