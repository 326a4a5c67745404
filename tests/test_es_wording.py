"""The Spanish wording rules that a review fixed and that a later edit of a catalogue could undo.

Each test fills the Spanish templates with real values, as the pages do, and checks the
sentence a reader sees: agreement that a value dropped into a frame must not break, the
language's own number form, and the glossary's words.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.translated_strings import translations

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "notebooks" / "locale" / "es" / "glossary.yaml"
#: (file name, context, translation) of every Spanish string, the pages' among them.
TRANSLATIONS = translations("es")


def test_tanks_beating_rays_reads_for_one_tank_too(spanish):
    # the English frame "{tanks} beat {rays}" puts a plural verb after "1 Tanque"
    from martian_kit.dice import FaceCounts
    from martian_kit.scoring import explain_score

    for tanks, rays in ((1, 0), (3, 2)):
        text = explain_score(FaceCounts(tank=tanks, ray=rays, human=2))
        assert text.startswith("0 puntos: ganan los Tanques (")
        assert "superan" not in text


#: Words a strategy's name may start with although they end in -a/-o: not adjectives.
_NOT_GENDERED = {"al", "para", "contra"}


def test_strategy_names_carry_no_gender(spanish):
    # a strategy's name stands after «Bot» (masculine) and after «la estrategia» (feminine):
    # «Bot 1 (codiciosa)» did not agree, so the names are words without gender
    from martian_kit.messages import message, policy_name
    from martian_kit.policies import policy_names

    for name in policy_names():
        shown = policy_name(name)
        first = shown.split()[0].split("-")[0]
        assert first in _NOT_GENDERED or not re.search(r"[ao]s?$", first), (name, shown)
        assert message("ui.bot", i=2, policy=shown) == f"Bot 2 ({shown})"
    assert [policy_name(n) for n in ("random", "greedy", "optimal", "leader")] == [
        "al azar",
        "voraz",
        "ideal",
        "contra el líder",
    ]
    pages = " ".join(text for name, _, text in TRANSLATIONS if name == "notebooks.po")
    assert not re.search(r"\*(aleatoria|codiciosa|óptima|líder)\*", pages)


def test_a_refusal_starts_its_reason_as_a_new_sentence(spanish):
    # the reason comes capitalised: after a colon Spanish would write it in lower case
    from martian_kit.explain import refusal_sentence
    from martian_kit.turn import TurnState

    text = str(refusal_sentence(TurnState(), "stop"))
    assert "No se permite. El turno aún no ha empezado" in text


def test_percentages_are_written_with_a_space_before_the_sign():
    # Babel writes "48,4 %" for a percentage field; a template's own "%" after a number
    # field must match it ("{share:.1f} %"), and a field ending in "%" is the kit's form
    for name, context, text in TRANSLATIONS:
        filled = re.sub(r"\{[^{}]*\}", "0", text)  # each field as a number ("{p:.1%}" too)
        assert not re.search(r"\d%", filled), f"{name} {context}: {text}"


def test_a_percentage_answer_is_in_the_spanish_form(spanish):
    from martian_kit.messages import message

    assert message("lesson.ten.answer", percent=6.5) == "6,5\u00a0%"
    assert message("lesson.seats.answer", percent=51.62) == (
        "el segundo jugador, en el 51,6\u00a0% de las partidas"
    )


def test_a_dinosaur_of_either_gender_is_created(spanish):
    # the recipes' Spanish names are masculine and feminine ("Raptorcita", "Crestacantora")
    from dino_kit.messages import message

    text = message(
        "act.create", name="Raptorcita", cost="1 azul", excitement=1, threat=2, space="Lab"
    )
    assert text.startswith("crear un dinosaurio Raptorcita (")


def test_visitors_arriving_reads_for_nobody_and_for_one(spanish):
    from dino_kit.messages import message, plural

    nobody = message("story.visitors", name="Tú", who=message("story.nobody"))
    assert nobody == "Tú, llegadas al parque: nadie."
    one = message("story.visitors", name="Bot 2", who=plural("story.customers", 1, n=1))
    assert one == "Bot 2, llegadas al parque: 1 cliente."


def test_a_rare_face_is_named_once(spanish):
    from dino_kit.messages import message

    text = message("act.die_rare", level=3, slot=5, what=message("ui.rare_worker"))
    assert text == "científico 3 → dado 5 (cara rara: trabajador)"


def test_a_dna_offer_names_the_dna(spanish):
    from dino_kit.messages import dna_of, message

    assert message("ui.dna_offer", amount=2, kind=dna_of("advanced")) == "2 de ADN avanzado"


def test_the_catalogues_use_the_glossary_words():
    # tile is "ficha" (not "loseta"), the bank "el banco" (not "la banca"), chi-square
    # "chi cuadrado" and the p-value "valor p" everywhere
    unwanted = re.compile(r"\blosetas?\b|\bla banca\b|chi-cuadrado|p-valor", re.IGNORECASE)
    for name, context, text in TRANSLATIONS:
        assert not unwanted.search(text), f"{name} {context}: {text}"


def test_the_glossary_speaks_spanish_to_its_readers():
    # its sources and notes are shown on the Spanish glossary page
    terms = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))["terms"]
    for term in terms:
        shown = term["source"] + " " + term.get("note", "")
        assert "our choice" not in shown and "seed " not in shown, term["en"]
