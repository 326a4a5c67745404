"""The looks of the kit's widgets, in CSS classes of one style sheet (`static/kit.css`) that
reaches the page in JupyterLab and in Voila alike.

A widget's looks are not written into it (no `style=` in its HTML, no sizes or margins in its
`Layout`): it carries a class (`kit-...`), and the style sheet says how that class looks. The
sheet travels with a model of no view, `KitStyle`, one for the kernel: anywidget puts a
model's `_css` into the page's head as soon as the page creates the model, whatever shows it,
in JupyterLab's notebook and in Voila's page alike (the kit's Voila template only adds what
belongs to the app's page: its margins, print and phone rules). Every app shown
(`kit_common.widgets.base.App`) brings the model with it (`with_kit_style`); a page showing
several apps creates it once.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import anywidget
import ipywidgets as w

STATIC = Path(__file__).with_name("static")
#: The kit's style sheet for its widgets' classes.
KIT_CSS = STATIC / "kit.css"
#: The class of `KitStyle`'s (empty) view.
STYLE_CLASS = "kit-style"


class KitStyle(anywidget.AnyWidget):
    """A model that carries the kit's style sheet (`KIT_CSS`) to the page; its view draws
    nothing and takes no room."""

    _esm = STATIC / "kit_style.js"
    _css = KIT_CSS


@cache
def kit_style() -> KitStyle:
    """The kernel's one style model, shared by every app."""
    return KitStyle(_dom_classes=(STYLE_CLASS,))


def with_kit_style(box: w.Box) -> None:
    """Add the kernel's style model at the end of `box` (once), so that showing the box
    brings the kit's style sheet to the page."""
    style = kit_style()
    if style not in box.children:
        box.children = (*box.children, style)


__all__ = ["KIT_CSS", "STYLE_CLASS", "KitStyle", "kit_style", "with_kit_style"]
