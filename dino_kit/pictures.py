"""Dinosaur Island's research dice drawn as SVG shapes (kit_common.svg): no emoji, no font.

A DNA face shows `amount` marks of its DNA type and a row of black threat pips at the
bottom; a rare face shows a fence (paddock) or a person (worker). Each DNA type has its own
mark shape as well as its own colour, so the types stay apart for colour-blind readers.
Keyed by plain names, so the component classes can draw themselves.
"""

from __future__ import annotations

from html import escape

from dino_kit.messages import dna_of, message, plural
from kit_common.svg import OKABE_ITO, die_svg, pips

#: Colour of each DNA type's marks.
DNA_COLOUR: dict[str, str] = {
    "blue": OKABE_ITO["blue"],
    "pink": OKABE_ITO["reddish_purple"],
    "violet": "#6a3d9a",
    "green": OKABE_ITO["bluish_green"],
    "red": OKABE_ITO["vermillion"],
    "orange": OKABE_ITO["orange"],
}
#: The die's colour behind the marks.
DIE_FILL = "#f7f3e8"
_INK = "#1a1a1a"


def _mark(dna: str, x: float, y: float) -> str:
    """One DNA mark of type `dna` centred at (x, y), about 22 units wide."""
    colour = DNA_COLOUR[dna]
    edge = f'fill="{colour}" stroke="{_INK}" stroke-width="2"'
    shapes = {
        "blue": f'<circle cx="{x}" cy="{y}" r="11" {edge}/>',
        "pink": f'<rect x="{x - 10}" y="{y - 10}" width="20" height="20" rx="3" {edge}/>',
        "violet": f'<polygon points="{x},{y - 12} {x + 11},{y} {x},{y + 12} {x - 11},{y}" {edge}/>',
        "green": f'<polygon points="{x},{y - 12} {x + 12},{y + 10} {x - 12},{y + 10}" {edge}/>',
        "red": (f'<path d="M{x - 4} {y - 12}h8v8h8v8h-8v8h-8v-8h-8v-8h8z" {edge}/>'),
        "orange": (
            f'<polygon points="{x - 6},{y - 11} {x + 6},{y - 11} {x + 12},{y} {x + 6},{y + 11} '
            f'{x - 6},{y + 11} {x - 12},{y}" {edge}/>'
        ),
    }
    return shapes[dna]


_RARE_SYMBOLS = {
    # a fence: posts and two rails
    "paddock": (
        f'<path d="M22 24v44M40 24v44M58 24v44M76 24v44M16 36h66M16 56h66" stroke="{_INK}" '
        'stroke-width="6" stroke-linecap="round"/>'
    ),
    # a worker: a person with a hard-hat brim
    "worker": (
        f'<circle cx="50" cy="26" r="10" fill="{_INK}"/>'
        f'<rect x="36" y="16" width="28" height="5" rx="2" fill="{_INK}"/>'
        f'<path d="M50 37v22M34 46h32M50 59l-11 14M50 59l11 14" stroke="{_INK}" '
        'stroke-width="6" stroke-linecap="round" fill="none"/>'
    ),
}


def face_label(dna: str | None, amount: int, threat: int, rare: str | None = None) -> str:
    """A face in words: "2 blue DNA, 1 threat pip", "rare: paddock, no threat"."""
    if rare is not None:
        what = message("ui.rare_" + rare)
    else:
        assert dna is not None  # a face without a rare benefit gives DNA
        what = message("ui.face_dna", amount=amount, dna=dna_of(dna))
    if threat == 0:
        return message("ui.face_no_threat", what=what)
    return plural("ui.face_threat", threat, what=what)


def face_svg(
    dna: str | None, amount: int, threat: int, rare: str | None = None, size_em: float = 2.6
) -> str:
    """One research die showing a face (the fields of `components.schema.Face`)."""
    if rare is not None:
        symbol = _RARE_SYMBOLS[rare]
    else:
        assert dna is not None, "a DNA face names its DNA type"
        gap = 26
        start = 50 - gap * (amount - 1) / 2
        symbol = "".join(_mark(dna, start + gap * i, 40) for i in range(amount))
    symbol += pips(threat, y=80, colour=_INK, radius=6)
    return die_svg(symbol, face_label(dna, amount, threat, rare), DIE_FILL, size_em=size_em)


def dice_legend_html() -> str:
    """How to read the drawn dice, a small die beside each thing a face shows: one mark of
    each DNA type (a mark is one DNA), threat pips, and the two rare faces."""
    small = 2.0
    items = [
        face_svg(dna, 1, 0, size_em=small)
        + escape(message("ui.face_dna", amount=1, dna=dna_of(dna)))
        for dna in DNA_COLOUR
    ]
    items.append(face_svg("blue", 1, 2, size_em=small) + escape(message("ui.threat_pips")))
    items += [
        face_svg(None, 0, 0, rare, size_em=small) + escape(message("ui.rare_" + rare))
        for rare in _RARE_SYMBOLS
    ]
    cells = " · ".join(f"<span style='white-space:nowrap'>{x}</span>" for x in items)
    return f"<div class='kit-dice-legend'>{escape(message('ui.legend'))} {cells}</div>"
