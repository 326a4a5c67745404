"""What a browser may change in a page's widgets: the values a person sets, nothing else.

A widget's view in the browser sends "update" messages carrying the state it changed. The
kit's controls put bounds on what a visitor can ask for (a slider's `max`, a menu's `options`,
a button's `disabled`), but every synced trait can be written by a message crafted by hand: a
visitor who raised the games slider's `max` could start 10⁷ games with one click, or enable a
button the page disabled. `install()` (run when `kit_common.widgets.base` is imported) keeps,
of each browser update, only what a person can set through the widget's own view:

- the traits in `PERSON_SETS` (a slider's or a text field's `value`, a menu's `index`, a tab's
  `selected_index`, a play widget's `playing`), which the widget's own validation then bounds by
  the limits the kernel set (a value above the kernel's `max` is clamped, an index out of range
  is refused);
- the traits a kit widget tags `browser=True` (e.g. the page address the class pages read);
- and of those, a number must be a finite number: NaN and infinity are refused.

Everything else (bounds, options, labels, `disabled`, layout, style, children) is dropped and
noted in the server's log; a message that keeps nothing changes nothing. The kernel's own
changes (`slider.max = 20`) are untouched: only messages from the browser pass here.
"""

from __future__ import annotations

import functools
import logging
import math
from typing import Any

import ipywidgets as w

from kit_common.widgets import failures

_log = logging.getLogger(__name__)

#: The traits a person sets through a standard widget's own view.
PERSON_SETS = frozenset({"value", "index", "selected_index", "playing", "repeat"})


def browser_settable(widget: w.Widget) -> frozenset[str]:
    """The traits of `widget` that a browser update may set (see the module's docstring)."""
    tagged = {name for name in widget.trait_names(browser=True)}
    return frozenset(name for name in PERSON_SETS | tagged if widget.has_trait(name))


def _finite(value: Any) -> bool:
    """Whether `value` holds no NaN or infinity (a number, or a list or tuple of them)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list | tuple):
        return all(_finite(item) for item in value)
    return True


def kept_state(widget: w.Widget, state: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Of a browser update's `state`, what `widget` takes, and the names of what it drops."""
    settable = browser_settable(widget)
    kept = {k: v for k, v in state.items() if k in settable and _finite(v)}
    return kept, sorted(set(state) - set(kept))


def install() -> None:
    """Filter every widget's browser updates (once); the server's log notes what was dropped
    (`failures.server_log`: never the browser)."""
    if getattr(w.Widget._handle_msg, "kit_browser_state", False):
        return
    handle_msg = w.Widget._handle_msg

    @functools.wraps(handle_msg)
    def taking_what_a_person_sets(self: w.Widget, msg: dict) -> Any:
        data = msg.get("content", {}).get("data", {})
        state = data.get("state") if isinstance(data, dict) else None
        if data.get("method") == "update" and isinstance(state, dict):
            kept, dropped = kept_state(self, state)
            if dropped:
                # in a Voila kernel the server's log (never the browser); elsewhere a plain logger
                log = failures.server_log() if failures.serving_pages() else _log
                log.warning(
                    "a browser message tried to set %s of a %s: not taken",
                    ", ".join(dropped)[:200],
                    type(self).__name__,
                )
            if not kept:
                return None
            # binary values travel apart, each at its path: keep the kept traits' ones
            pairs = [
                (path, buffer)
                for path, buffer in zip(data.get("buffer_paths", []), msg.get("buffers", []))
                if path and path[0] in kept
            ]
            msg = {
                **msg,
                "content": {
                    **msg["content"],
                    "data": {**data, "state": kept, "buffer_paths": [p for p, _ in pairs]},
                },
                "buffers": [b for _, b in pairs],
            }
        return handle_msg(self, msg)

    taking_what_a_person_sets.kit_browser_state = True  # type: ignore[attr-defined]
    w.Widget._handle_msg = taking_what_a_person_sets
