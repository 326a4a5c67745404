"""The Martian dice faces drawn as SVG shapes (kit_common.svg): no emoji, no font.

Keyed by face name ("tank", "ray", ...), so the dice module can draw its own values without
an import circle. Each face has its own shape and its own colour from the colour-blind-safe
palette: a tank with tracks and a long gun (not a helmet), a lightning bolt, a person, a cow's
head with horns and spots, a chicken with a comb.
"""

from __future__ import annotations

from typing import NamedTuple

from kit_common.svg import OKABE_ITO, die_svg


class FacePicture(NamedTuple):
    """How a face is drawn: the die's colour and the symbol's SVG shapes."""

    fill: str
    symbol: str


_INK = "#1a1a1a"

_TANK = (
    # tracks with road wheels, hull, turret and a long gun pointing right
    f'<rect x="14" y="60" width="72" height="20" rx="10" fill="{_INK}"/>'
    + "".join(f'<circle cx="{x}" cy="70" r="5" fill="#9a9a9a"/>' for x in (25, 40, 55, 70))
    + f'<rect x="20" y="48" width="60" height="13" rx="3" fill="#e4ecd2" stroke="{_INK}" '
    'stroke-width="2"/>'
    f'<rect x="32" y="34" width="28" height="16" rx="6" fill="#e4ecd2" stroke="{_INK}" '
    'stroke-width="2"/>'
    f'<rect x="58" y="38" width="30" height="6" rx="2" fill="{_INK}"/>'
)
_RAY = (
    # a lightning bolt
    '<polygon points="58,10 26,56 46,56 36,90 76,40 54,40 66,10" fill="#fff36b" '
    f'stroke="{_INK}" stroke-width="3" stroke-linejoin="round"/>'
)
_HUMAN = (
    # a person: head, body, arms and legs
    f'<circle cx="50" cy="26" r="11" fill="{_INK}"/>'
    f'<path d="M50 38 L50 64 M30 48 L70 48 M50 64 L36 86 M50 64 L64 86" stroke="{_INK}" '
    'stroke-width="7" stroke-linecap="round" fill="none"/>'
)
_COW = (
    # a cow's head: horns, ears, face with spots, muzzle with nostrils
    f'<path d="M30 30 Q20 14 14 18 M70 30 Q80 14 86 18" stroke="{_INK}" stroke-width="5" '
    'fill="none" stroke-linecap="round"/>'
    f'<ellipse cx="22" cy="38" rx="10" ry="6" fill="#ffffff" stroke="{_INK}" stroke-width="3"/>'
    f'<ellipse cx="78" cy="38" rx="10" ry="6" fill="#ffffff" stroke="{_INK}" stroke-width="3"/>'
    f'<ellipse cx="50" cy="48" rx="24" ry="26" fill="#ffffff" stroke="{_INK}" stroke-width="3"/>'
    f'<ellipse cx="40" cy="38" rx="7" ry="6" fill="{_INK}"/>'
    f'<ellipse cx="61" cy="46" rx="5" ry="7" fill="{_INK}"/>'
    f'<ellipse cx="50" cy="70" rx="18" ry="12" fill="#f4a3b4" stroke="{_INK}" stroke-width="3"/>'
    f'<circle cx="43" cy="70" r="3" fill="{_INK}"/><circle cx="57" cy="70" r="3" fill="{_INK}"/>'
)
_CHICKEN = (
    # a chicken in profile: comb, head, beak, body, tail, legs
    '<path d="M40 20 Q44 10 48 20 Q52 10 56 20 Q60 12 60 24 Z" fill="#d52b1e"/>'
    f'<circle cx="50" cy="32" r="12" fill="#ffffff" stroke="{_INK}" stroke-width="3"/>'
    f'<polygon points="61,30 74,34 61,38" fill="#f08c00" stroke="{_INK}" stroke-width="2"/>'
    f'<circle cx="53" cy="29" r="2.5" fill="{_INK}"/>'
    f'<ellipse cx="46" cy="58" rx="24" ry="17" fill="#ffffff" stroke="{_INK}" stroke-width="3"/>'
    f'<path d="M22 56 Q12 40 20 38" stroke="{_INK}" stroke-width="3" fill="#ffffff"/>'
    f'<path d="M40 74 L38 88 M54 74 L56 88" stroke="#f08c00" stroke-width="4" '
    'stroke-linecap="round"/>'
)

#: How each face is drawn, by face name.
FACE_PICTURES: dict[str, FacePicture] = {
    "tank": FacePicture(OKABE_ITO["bluish_green"], _TANK),
    "ray": FacePicture(OKABE_ITO["reddish_purple"], _RAY),
    "human": FacePicture(OKABE_ITO["orange"], _HUMAN),
    "cow": FacePicture(OKABE_ITO["sky_blue"], _COW),
    "chicken": FacePicture(OKABE_ITO["yellow"], _CHICKEN),
}


def face_svg(face_value: str, label: str, size_em: float = 2.2) -> str:
    """One Martian die showing the face named `face_value` ("tank"), with `label` as its text
    alternative ("Tank")."""
    picture = FACE_PICTURES[face_value]
    return die_svg(picture.symbol, label, picture.fill, size_em=size_em)
