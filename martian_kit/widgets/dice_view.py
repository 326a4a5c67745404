"""Dice drawn in HTML: a rounded square per die with the face's emoji and a colour per face
(so the faces stay distinguishable where an emoji font is missing), its name as a tooltip."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from martian_kit.dice import FACES, Face, FaceCounts
from martian_kit.messages import face_name, message

#: Background colour per face.
FACE_COLOUR: dict[Face, str] = {
    Face.TANK: "#8d9a5b",
    Face.RAY: "#b39ddb",
    Face.HUMAN: "#ffcc80",
    Face.COW: "#e0e0e0",
    Face.CHICKEN: "#fff59d",
}

_DIE_STYLE = (
    "display:inline-block;width:2.1em;height:2.1em;line-height:2.1em;margin:2px;"
    "text-align:center;font-size:1.35em;border:2px solid #444;border-radius:0.35em;"
    "box-shadow:1px 1px 2px #888;background:{colour}"
)


def glyph(face: Face) -> str:
    """The emoji of a face."""
    return message(f"glyph.{face.value}")


def die_html(face: Face) -> str:
    """One die showing `face`."""
    style = _DIE_STYLE.format(colour=FACE_COLOUR[face])
    title = escape(face_name(face))
    return f'<span class="kit-die" title="{title}" style="{style}">{glyph(face)}</span>'


def faces_of(counts: FaceCounts) -> list[Face]:
    """The dice of `counts` one by one, grouped by face in the order of `FACES`."""
    return [f for f, n in zip(FACES, counts) for _ in range(n)]


def dice_html(dice: FaceCounts | Iterable[Face], empty: str = "") -> str:
    """A row of dice (from counts or a list of faces); `empty` when there is none."""
    faces = faces_of(dice) if isinstance(dice, FaceCounts) else list(dice)
    if not faces:
        return f'<span style="color:#777">{escape(empty)}</span>'
    return "".join(die_html(f) for f in faces)


def dice_text(counts: FaceCounts) -> str:
    """The dice as a line of emoji, for logs and summaries."""
    return "".join(glyph(f) for f in faces_of(counts))
