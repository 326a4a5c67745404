"""Martian dice drawn by the kit: every face a distinct SVG picture with its name, no emoji."""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET

from IPython.core.formatters import DisplayFormatter

from martian_kit.dice import FACES, Face, FaceCounts
from martian_kit.messages import ENGLISH
from martian_kit.pictures import FACE_PICTURES, face_svg
from martian_kit.turn import new_turn
from martian_kit.widgets.dice_view import dice_html, dice_text, die_html


def _has_symbol_glyph(text: str) -> bool:
    """Whether `text` has an emoji or pictograph (a character a font must supply)."""
    return any(unicodedata.category(ch) == "So" for ch in text)


def test_every_face_has_its_own_colour_and_shape() -> None:
    assert set(FACE_PICTURES) == {f.value for f in FACES}
    assert len({p.fill for p in FACE_PICTURES.values()}) == len(FACES)
    assert len({p.symbol for p in FACE_PICTURES.values()}) == len(FACES)


def test_a_face_is_a_labelled_picture_without_emoji() -> None:
    for face in FACES:
        drawn = die_html(face)
        root = ET.fromstring(drawn)
        assert root.get("role") == "img"
        assert not _has_symbol_glyph(drawn)
    assert 'aria-label="Death Ray"' in face_svg("ray", "Death Ray")


def test_no_emoji_left_in_the_catalogue() -> None:
    assert not [key for key, text in ENGLISH.items() if _has_symbol_glyph("".join(text))]


def test_counts_show_as_dice_and_a_sentence() -> None:
    counts = FaceCounts(tank=2, ray=1)
    assert repr(counts) == "FaceCounts(tank=2, ray=1, human=0, cow=0, chicken=0)"
    data, _ = DisplayFormatter().format(counts)
    assert data["text/plain"] == "2 Tanks, 1 Death Ray"
    assert data["text/html"].count("<svg") == 3
    assert data["text/html"].count('aria-label="Tank"') == 2
    assert "2 Tanks, 1 Death Ray" in data["text/html"]
    assert counts.faces() == [Face.TANK, Face.TANK, Face.RAY]
    # inside a container the values stay apart: each keeps its repr
    pair, _ = DisplayFormatter().format((counts, FaceCounts(cow=1)))
    assert pair["text/plain"].split() == f"({counts!r}, {FaceCounts(cow=1)!r})".split()


def test_the_widgets_draw_the_same_dice_and_log_words() -> None:
    counts = FaceCounts(cow=1, chicken=1)
    assert dice_html(counts).count("<svg") == 2
    assert dice_text(counts) == "1 Cow, 1 Chicken"
    assert "nothing" in dice_html(FaceCounts(), empty="nothing")


def test_a_turn_shows_its_dice_and_what_comes_next() -> None:
    turn = new_turn().apply_roll(FaceCounts(tank=3, ray=4, human=6))
    data, _ = DisplayFormatter().format(turn)
    assert data["text/plain"] == (
        "Set aside: 3 Tanks. Just rolled: 4 Death Rays, 6 Humans. Next: choose a face to set aside."
    )
    assert data["text/html"].count("<svg") == 13
    # the dice rows name what is set aside and rolled; the line under them says only what
    # comes next, so nothing is read twice
    assert data["text/html"].count("Set aside: 3 Tanks") == 1
    assert data["text/html"].count("4 Death Rays, 6 Humans") == 1
    assert data["text/html"].endswith(f"<p>{turn.next_step()}</p>")
    assert str(turn).startswith("set aside: 3 Tanks")  # the console form is unchanged
