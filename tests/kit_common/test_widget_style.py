"""The widgets' looks live in the kit's style sheet (kit_common/widgets/static/kit.css), which
every app shown brings to the page (in JupyterLab and Voila alike), not in inline styles."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w

from kit_common.widgets.base import App
from kit_common.widgets.style import KIT_CSS, KitStyle, kit_style

ROOT = Path(__file__).resolve().parents[2]
#: The modules whose looks moved into the style sheet (issue 27): no `style=` attribute in
#: their HTML, no `Layout(...)` (a Layout they keep only hides and shows: `.layout.display`).
STYLED_BY_CLASS = [
    "kit_common/widgets/base.py",
    "kit_common/widgets/class_views.py",
    "kit_common/widgets/failures.py",
    "kit_common/widgets/map_reader.py",
    "kit_common/widgets/rooms.py",
    "kit_common/widgets/stoppable.py",
    "martian_kit/widgets/classroom.py",
    "martian_kit/widgets/dice_view.py",
    "martian_kit/widgets/game.py",
    "martian_kit/widgets/roll.py",
    "martian_kit/widgets/tiebreak.py",
    "martian_kit/widgets/together.py",
    "martian_kit/widgets/turn.py",
    "dino_kit/widgets/balance.py",
    "dino_kit/widgets/game.py",
    "dino_kit/widgets/park.py",
    "dino_kit/widgets/research.py",
    "dino_kit/widgets/scoring.py",
    "dino_kit/widgets/together.py",
    "dino_kit/widgets/wins.py",
    "dino_kit/widgets/workers.py",
]


class _Shown(App):
    def __init__(self) -> None:
        self.widget = w.VBox([w.HTML("hello")])

    def summary(self) -> str:
        return "shown"


def test_an_app_shown_brings_the_style_sheet_once() -> None:
    app = _Shown()
    assert kit_style() not in app.widget.children
    app._repr_mimebundle_()
    app._repr_mimebundle_()
    assert [c for c in app.widget.children if isinstance(c, KitStyle)] == [kit_style()]
    assert kit_style()._css == KIT_CSS.read_text(encoding="utf-8")


#: The inline styles these modules keep, and why: HTML that a page's saved output shows too
#: (JupyterLab draws it before the kernel runs, when no style sheet of the kit is there yet).
KEPT_INLINE = {"dino_kit/widgets/game.py": 1}  # a round's summary (Dinosaur Island page 1)


def test_the_moved_modules_write_no_inline_style() -> None:
    for name in STYLED_BY_CLASS:
        source = (ROOT / name).read_text(encoding="utf-8")
        inline = re.findall(r"""(?<![\w.])style=['"]""", source)  # not button_style=
        assert len(inline) == KEPT_INLINE.get(name, 0), name
        assert "Layout(" not in source, name


def test_every_class_the_moved_modules_name_has_a_rule_or_a_reader() -> None:
    """A `kit-...` class set for its looks has a rule in the sheet (the classes set for the
    tests and scripts are named in constants, not looked up here)."""
    sheet = KIT_CSS.read_text(encoding="utf-8")
    for looks in ["kit-fit", "kit-wrap", "kit-start", "kit-error", "kit-notice", "kit-muted",
                  "kit-none", "kit-plain-list", "kit-grid", "kit-scoreboard", "kit-beside",
                  "kit-score", "kit-to-play", "kit-winner", "kit-row-label", "kit-blank-die",
                  "kit-tally-row", "kit-projector", "kit-banner", "kit-setup-check",
                  "kit-move-menu", "kit-face-count", "kit-wide-field", "kit-full-width",
                  "kit-face-menu", "kit-dna-count", "kit-seed", "kit-seat-menu",
                  "kit-park-slider", "kit-lines", "kit-link-line", "kit-code", "kit-code-big",
                  "kit-work", "kit-threat-table", "kit-score-parts", "kit-food-table",
                  "kit-chosen", "kit-cells", "kit-final-table"]:  # fmt: skip
        assert re.search(rf"\.{looks}\b", sheet), looks
