"""Dice drawn in HTML for the widgets: each die an inline SVG picture of its face
(martian_kit.pictures), with the face's name as its text alternative; no emoji, no font."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from martian_kit.dice import Face, FaceCounts
from martian_kit.messages import face_name
from martian_kit.pictures import face_svg

#: The dice's width in em in the widgets.
DIE_SIZE_EM = 2.2


def die_html(face: Face, size_em: float = DIE_SIZE_EM) -> str:
    """One die showing `face`."""
    return face_svg(face.value, face_name(face), size_em)


def faces_of(counts: FaceCounts) -> list[Face]:
    """The dice of `counts` one by one, grouped by face in the order of `FACES`."""
    return counts.faces()


def dice_html(dice: FaceCounts | Iterable[Face], empty: str = "") -> str:
    """A row of dice (from counts or a list of faces); `empty` when there is none."""
    faces = dice.faces() if isinstance(dice, FaceCounts) else list(dice)
    if not faces:
        return f'<span class="kit-none">{escape(empty)}</span>'
    return "".join(die_html(f) for f in faces)


def dice_text(counts: FaceCounts) -> str:
    """The dice in words, for logs and summaries: "2 Tanks, 1 Death Ray"."""
    return str(counts)
