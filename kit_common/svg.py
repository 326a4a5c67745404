"""Dice drawn as inline SVG: a rounded square, a colour and a symbol made of SVG shapes.

No font is involved (no emoji, no icon font, no text in the picture), so a die looks the same
on every machine, offline too. Each die is an image for assistive technology: `role="img"`,
an `aria-label` and a `<title>` (the tooltip) carry its name. The games draw their faces with
`die_svg` (martian_kit.pictures, dino_kit.pictures); a row of dice with a sentence is
`dice_row_html`.

Symbols are drawn in a 100 x 100 box (`VIEW_BOX`); the die's square fills it with a margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

#: The coordinate box every symbol is drawn in.
VIEW_BOX = "0 0 100 100"
#: CSS class of a drawn die and of a row of dice (for the browser tests and page styles).
DIE_CLASS = "kit-die"
ROW_CLASS = "kit-dice-row"
#: Default outline of a die.
OUTLINE = "#333333"

# A colour-blind-safe palette (Okabe & Ito). The games pick their face colours from it, and
# every face also differs by its symbol's shape, so colour is never the only cue.
OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
}


def die_svg(
    symbol: str, label: str, fill: str, size_em: float = 2.2, outline: str = OUTLINE
) -> str:
    """One die: a rounded square of colour `fill` with `symbol` (SVG shapes in `VIEW_BOX`).

    `label` is the die's text alternative (aria-label and title), e.g. "Death Ray".
    `size_em` is the die's width and height in em, so dice scale with the text around them.
    """
    name = escape(label, quote=True)
    return (
        f'<svg class="{DIE_CLASS}" role="img" aria-label="{name}" viewBox="{VIEW_BOX}" '
        f'width="{size_em}em" height="{size_em}em" '
        'style="vertical-align:middle;margin:2px" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(label)}</title>"
        f'<rect x="4" y="4" width="92" height="92" rx="16" ry="16" fill="{fill}" '
        f'stroke="{outline}" stroke-width="4"/>'
        f"{symbol}</svg>"
    )


def pips(count: int, y: float = 84, colour: str = "#111111", radius: float = 5) -> str:
    """`count` round pips in a centred row at height `y` (threat pips, say)."""
    if count <= 0:
        return ""
    gap = 3 * radius
    start = 50 - gap * (count - 1) / 2
    return "".join(
        f'<circle cx="{start + gap * i:g}" cy="{y:g}" r="{radius:g}" fill="{colour}"/>'
        for i in range(count)
    )


def pretty_sentence(printer: object, value: object, sentence: str) -> None:
    """IPython's text form of a kit value (its `_repr_pretty_`): the sentence when the value is
    shown on its own, its repr inside a container, where sentences would run together
    ("(2 Tanks, 4 Death Rays)" would hide that it is two values)."""
    stack = getattr(printer, "stack", ())
    printer.text(sentence if len(stack) <= 1 else repr(value))  # type: ignore[attr-defined]


def dice_row_html(dice_svgs: Sequence[str], sentence: str = "", empty: str = "") -> str:
    """A row of drawn dice followed by a sentence (the row's text alternative for every reader).

    `empty` is shown instead of the dice when there are none ("no dice").
    """
    dice = "".join(dice_svgs) or f'<span style="color:#666">{escape(empty)}</span>'
    text = f' <span class="kit-dice-sentence">{escape(sentence)}</span>' if sentence else ""
    return f'<div class="{ROW_CLASS}"><span>{dice}</span>{text}</div>'
