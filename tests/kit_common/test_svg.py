"""The SVG die primitive: a picture with a text alternative, drawn without any font."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from kit_common.svg import DIE_CLASS, ROW_CLASS, dice_row_html, die_svg, pips

SVG = "{http://www.w3.org/2000/svg}"


def test_a_die_is_an_image_with_its_name_as_text_alternative() -> None:
    drawn = die_svg('<circle cx="50" cy="50" r="10"/>', 'Death "Ray" & co', "#123456")
    root = ET.fromstring(drawn)  # well-formed XML, so the browser draws it as one picture
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == 'Death "Ray" & co'
    assert root.find(f"{SVG}title").text == 'Death "Ray" & co'
    assert root.get("class") == DIE_CLASS
    square = root.find(f"{SVG}rect")
    assert square.get("fill") == "#123456" and float(square.get("rx")) > 0  # rounded
    assert root.find(f"{SVG}circle") is not None


def test_a_die_has_no_text_to_draw() -> None:
    drawn = die_svg(pips(3), "three", "#fff")
    assert "<text" not in drawn and "font" not in drawn


def test_pips_are_centred_and_counted() -> None:
    assert pips(0) == ""
    centres = [float(x) for x in re.findall(r'cx="([\d.]+)"', pips(3))]
    assert len(centres) == 3
    assert sum(centres) / 3 == 50


def test_a_row_has_the_dice_and_a_sentence_or_the_empty_text() -> None:
    row = dice_row_html([die_svg("", "a", "#fff")] * 2, "2 a's")
    assert row.count(f'class="{DIE_CLASS}"') == 2 and "2 a&#x27;s" in row
    assert ROW_CLASS in row
    empty = dice_row_html([], empty="no dice")
    assert "no dice" in empty and "<svg" not in empty
