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
- and of those, a number must be a finite number: NaN and infinity are refused;
- and a text must be no longer than the widget takes (`longest`): a text field's own bound
  (`bounded(field, most)`: what the kit reads from it, e.g. a nickname, a join code), else
  `MAX_TEXT`; a tagged trait's `most` (`.tag(browser=True, most=N)`). A longer text is not
  taken: the visitor is told in the app holding the widget (`failures.refuse`: a sentence,
  never a traceback) and the browser is sent the kernel's value back, so that the field shows
  what the kernel holds.

A display's text (an `HTML` or a `Label`'s `value`) is not a person's to set. Everything else
(bounds, options, labels, `disabled`, layout, style, children) is dropped and noted in the
server's log; a message that keeps nothing changes nothing. The kernel's own
changes (`slider.max = 20`) are untouched: only messages from the browser pass here.
"""

from __future__ import annotations

import functools
import logging
import math
import weakref
from typing import Any, TypeVar

import ipywidgets as w

from kit_common.errors import InputError
from kit_common.widgets import failures
from kit_common.words import message

_log = logging.getLogger(__name__)

#: The traits a person sets through a standard widget's own view.
PERSON_SETS = frozenset({"value", "index", "selected_index", "playing", "repeat"})
#: The widgets whose text a person types (a `Combobox` and a `Password` are `Text`s).
TYPED = (w.Text, w.Textarea)
#: The most characters a browser may send into a text field the kit gave no bound of its own.
MAX_TEXT = 1_000

Field = TypeVar("Field", w.Text, w.Textarea)
#: The text fields' own bounds (`bounded`), by field.
_bounds: weakref.WeakKeyDictionary[w.Widget, int] = weakref.WeakKeyDictionary()


def bounded(field: Field, most: int) -> Field:
    """`field` (a `Text` or a `Textarea`), now taking at most `most` characters from a
    browser (what the kit reads from it: a longer text is refused, see the module's
    docstring); returned, to bound a field where it is built."""
    _bounds[field] = most
    return field


def longest(widget: w.Widget, name: str) -> int:
    """The most characters a browser update may set `widget`'s trait `name` to, when it is
    a text: the trait's `most` tag, a text field's own bound (`bounded`), else `MAX_TEXT`."""
    most = widget.trait_metadata(name, "most") if widget.has_trait(name) else None
    if most is not None:
        return int(most)
    if name == "value" and isinstance(widget, TYPED):
        return _bounds.get(widget, MAX_TEXT)
    return MAX_TEXT


def browser_settable(widget: w.Widget) -> frozenset[str]:
    """The traits of `widget` that a browser update may set (see the module's docstring)."""
    tagged = {name for name in widget.trait_names(browser=True)}
    shown = isinstance(widget, w.widgets.widget_string._String) and not isinstance(widget, TYPED)
    person = PERSON_SETS - {"value"} if shown else PERSON_SETS
    return frozenset(name for name in person | tagged if widget.has_trait(name))


def _finite(value: Any) -> bool:
    """Whether `value` holds no NaN or infinity (a number, or a list or tuple of them)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list | tuple):
        return all(_finite(item) for item in value)
    return True


def too_long(widget: w.Widget, state: dict[str, Any]) -> list[str]:
    """The names of the texts of a browser update's `state` longer than `widget` takes
    (`longest`)."""
    return [
        name
        for name, value in state.items()
        if isinstance(value, str) and len(value) > longest(widget, name)
    ]


def refusal(widget: w.Widget, name: str, length: int) -> InputError:
    """The error saying that a text of `length` characters for `widget`'s trait `name` was not
    taken: named by the field's label (its `description`), else the trait's name."""
    field = str(getattr(widget, "description", "") or name)
    return InputError(field, message("check.text_long", most=longest(widget, name), length=length))


def kept_state(widget: w.Widget, state: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Of a browser update's `state`, what `widget` takes, and the names of what it drops."""
    settable = browser_settable(widget)
    long = too_long(widget, state)
    kept = {k: v for k, v in state.items() if k in settable and _finite(v) and k not in long}
    return kept, sorted(set(state) - set(kept))


def _keeping(msg: dict, kept: dict[str, Any]) -> dict:
    """A browser update `msg` carrying only the `kept` part of its state."""
    data = msg["content"]["data"]
    # binary values travel apart, each at its path: keep the kept traits' ones
    pairs = [
        (path, buffer)
        for path, buffer in zip(data.get("buffer_paths", []), msg.get("buffers", []))
        if path and path[0] in kept
    ]
    return {
        **msg,
        "content": {
            **msg["content"],
            "data": {**data, "state": kept, "buffer_paths": [p for p, _ in pairs]},
        },
        "buffers": [b for _, b in pairs],
    }


def install() -> None:
    """Filter every widget's browser updates (once); the server's log notes what was dropped
    (`failures.server_log`: never the browser), and the app holding the widget says why a
    text was not taken (`failures.refuse`)."""
    if getattr(w.Widget._handle_msg, "kit_browser_state", False):
        return
    handle_msg = w.Widget._handle_msg

    @functools.wraps(handle_msg)
    def taking_what_a_person_sets(self: w.Widget, msg: dict) -> Any:
        data = msg.get("content", {}).get("data", {})
        state = data.get("state") if isinstance(data, dict) else None
        if not isinstance(state, dict) or data.get("method") != "update":
            return handle_msg(self, msg)
        kept, dropped = kept_state(self, state)
        if dropped:
            # in a Voila kernel the server's log (never the browser); elsewhere a plain logger
            log = failures.server_log() if failures.serving_pages() else _log
            log.warning(
                "a browser message tried to set %s of a %s: not taken",
                ", ".join(dropped)[:200],
                type(self).__name__,
            )
        settable = browser_settable(self)
        long = [name for name in too_long(self, state) if name in settable]
        try:
            return handle_msg(self, _keeping(msg, kept)) if kept else None
        finally:
            if long:  # said after what the message kept is handled (its observers may speak)
                failures.refuse(self, refusal(self, long[0], len(state[long[0]])))
                self.send_state(long)  # the field shows the kernel's value again

    taking_what_a_person_sets.kit_browser_state = True  # type: ignore[attr-defined]
    w.Widget._handle_msg = taking_what_a_person_sets
