"""Dinosaur Island's research dice drawn by the kit: DNA marks by type, threat pips."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from IPython.core.formatters import DisplayFormatter

from dino_kit.components.schema import Die, Face
from dino_kit.effects import DNA_TYPES
from dino_kit.pictures import DNA_COLOUR, face_label, face_svg

SVG = "{http://www.w3.org/2000/svg}"


def _marks(drawn: str) -> list[ET.Element]:
    """The DNA marks of a drawn face (the shapes filled with a DNA colour)."""
    colours = set(DNA_COLOUR.values())
    return [e for e in ET.fromstring(drawn).iter() if e.get("fill") in colours]


def test_each_dna_type_has_its_own_colour_and_mark_shape() -> None:
    assert set(DNA_COLOUR) == set(DNA_TYPES)
    assert len(set(DNA_COLOUR.values())) == len(DNA_TYPES)
    shapes = {
        tuple((e.tag, len(e.get("points", "").split())) for e in _marks(face_svg(d, 1, 0)))
        for d in DNA_TYPES
    }
    assert len(shapes) == len(DNA_TYPES)


def test_a_face_shows_its_amount_and_its_threat_pips() -> None:
    drawn = face_svg("pink", 3, 2)
    assert len(_marks(drawn)) == 3
    pips = [e for e in ET.fromstring(drawn).iter(f"{SVG}circle") if e.get("r") == "6"]
    assert len(pips) == 2
    assert ET.fromstring(drawn).get("aria-label") == "3 pink DNA, 2 threat pips"


def test_faces_in_words() -> None:
    assert face_label("blue", 1, 0) == "1 blue DNA, no threat"
    assert face_label(None, 0, 1, "paddock") == "rare: paddock, 1 threat pip"


def test_component_faces_and_dice_display_themselves() -> None:
    face = Face("violet", 2, 1)
    data, _ = DisplayFormatter().format(face)
    assert "<svg" in data["text/html"]
    assert str(face) == "2 violet DNA, 1 threat pip"
    assert repr(face).startswith("Face(dna='violet'")
    die = Die("D1", (face, Face(None, 0, 0, "worker"), *[Face("blue", 1, 0)] * 4))
    html = DisplayFormatter().format(die)[0]["text/html"]
    assert html.count("<svg") == 6 and "die D1" in html


def test_no_emoji_or_symbol_glyph_in_the_catalogue() -> None:
    import unicodedata

    from dino_kit.messages import ENGLISH

    symbols = [
        key
        for key, english in ENGLISH.items()
        # a Plural sentence is its forms (a tuple); any other sentence is its one text
        for text in (english if isinstance(english, tuple) else (english,))
        if any(unicodedata.category(c) == "So" for c in text)
    ]
    assert symbols == []


def test_gains_pools_and_laws_display_themselves() -> None:
    from fractions import Fraction

    from dino_kit.odds import DicePool, Gain, die_gain_distribution
    from kit_common.display import distribution_table

    assert str(Gain("blue", 2)) == "2 blue DNA" and str(Gain(None, 0, "worker")) == "rare: worker"
    assert repr(Gain("blue", 2)) == "Gain(dna='blue', amount=2, rare=None)"
    die = Die("D9", (Face("blue", 1, 0),) * 5 + (Face(None, 0, 1, "paddock"),))
    pool = DicePool([die, die], name="the research pool")
    assert str(pool) == "the research pool: 2 dice: D9, D9"
    assert DisplayFormatter().format(pool)[0]["text/html"].count("<svg") == 12
    law = die_gain_distribution(die, 3)
    table = distribution_table(law, "What scientist 3 gets")
    assert dict((row[0], row[1].value) for row in table.rows) == {
        "3 blue DNA": Fraction(5, 6),
        "rare: paddock": Fraction(1, 6),
    }
