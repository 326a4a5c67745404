"""What a visitor sees when a widget action fails: a sentence in the app, never a traceback.

Every message a page's widgets receive from the browser (a click, a moved slider, any state
update, or a message crafted by hand) is handled inside ipywidgets' `Widget._handle_msg`, and
every exception raised there (by a callback, an observer, a value that fails validation, a
malformed message) ends in IPython's `showtraceback()`, which sends the full traceback, source
lines included, to the browser. `install()` (run when `kit_common.widgets.base` is imported)
notes which widget is handling a message and, for an exception raised meanwhile, replaces the
traceback:

- a `KitError` (the kit refusing an action, e.g. a second click on Roll once the turn is over)
  shows its own sentence in the app holding that widget (`App.show_notice`), wherever the
  notebook runs: a refused action is not a bug;
- any other exception, in a kernel Voila started, is written with its traceback to the
  server's log (the kernel's own stderr, which Voila's terminal shows and the browser never
  receives) and the app says a short generic sentence; in JupyterLab it shows its traceback as
  before, since there the person is developing the notebook;
- a browser message refused before it is handled (`browser_state`: a text too long) is said
  the same way as a `KitError` (`refuse`);
- outside widget messages (a notebook's own cells) nothing changes, so a JupyterLab user still
  sees tracebacks of the code they run. In Voila kernels the comm machinery's own error logs
  and Python warnings also go to the server's log instead of the page's stderr stream.
"""

from __future__ import annotations

import contextvars
import functools
import html
import logging
import os
import sys
import traceback
import weakref
from collections.abc import Iterator
from typing import Any, Protocol, TextIO

import ipywidgets as w
from IPython import get_ipython

from kit_common.errors import KitError
from kit_common.words import CATALOGUE

#: The widget whose browser message is being handled now (None outside such handling).
_handling: contextvars.ContextVar[w.Widget | None] = contextvars.ContextVar(
    "kit_widget_handling", default=None
)
#: The apps shown so far, by id (weak: a page's apps go when the page's kernel forgets them).
_shown_apps: dict[int, weakref.ref] = {}

log = logging.getLogger("kit_common.app")


class ShowsNotices(Protocol):
    """An app as this module needs it: a root widget, and a line to say a sentence in."""

    widget: w.Widget

    def show_notice(self, sentence: str) -> None:
        """Say `sentence` in the app (a plain sentence, not HTML)."""
        ...


def serving_pages() -> bool:
    """Whether this kernel was started by Voila (it sets these variables for its kernels)."""
    return "VOILA_PREHEAT" in os.environ or "VOILA_KERNEL_ID" in os.environ


def handling_browser_message() -> bool:
    """Whether this thread is handling a message from the browser now (a click, a moved
    slider), as opposed to running a notebook's own code."""
    return _handling.get() is not None


def register_app(app: ShowsNotices) -> None:
    """Remember `app` as shown, so that a failure in one of its widgets is said in it."""
    _shown_apps[id(app)] = weakref.ref(app, lambda _: _shown_apps.pop(id(app), None))


def widgets_in(root: w.Widget) -> Iterator[w.Widget]:
    """`root` and every widget inside it (the children of boxes, tabs and accordions)."""
    yield root
    for child in getattr(root, "children", ()) or ():
        if isinstance(child, w.Widget):
            yield from widgets_in(child)


def owner_of(widget: w.Widget) -> ShowsNotices | None:
    """The innermost shown app whose widgets include `widget`, if any."""
    owners = []
    for ref in list(_shown_apps.values()):
        app = ref()
        if app is not None:
            inside = list(widgets_in(app.widget))
            if any(part is widget for part in inside):
                owners.append((len(inside), app))
    return min(owners, key=lambda owner: owner[0])[1] if owners else None


def say_failure(widget: w.Widget, error: BaseException) -> bool:
    """Say `error`, raised while `widget` handled a browser message, as the module's
    docstring describes; False when it should be shown as a traceback instead."""
    app = owner_of(widget)
    if isinstance(error, KitError) and app is not None:
        app.show_notice(str(error))
        return True
    if not serving_pages():
        return False
    server_log().error(
        "%s raised while handling a browser message:\n%s",
        type(widget).__name__,
        "".join(traceback.format_exception(type(error), error, error.__traceback__)),
    )
    if app is not None:
        app.show_notice(str(error) if isinstance(error, KitError) else message("app.failed"))
    return True


def refuse(widget: w.Widget, error: KitError) -> None:
    """Say `error`, why a browser message to `widget` was not taken (a value the kernel
    refused before handling it, e.g. a text too long), as a refused action is said: in the
    app holding `widget` (a widget in no shown app says nothing more); the server's log
    notes it."""
    app = owner_of(widget)
    if app is not None:
        app.show_notice(str(error))
    (server_log() if serving_pages() else log).warning(
        "a browser message to a %s was refused: %s", type(widget).__name__, str(error)[:200]
    )


def message(key: str, **values: object) -> str:
    """A sentence of this module's catalogue, in the current language."""
    return CATALOGUE.message(key, **values)


def notice_html(sentence: str) -> str:
    """`sentence` as the HTML of a notice line (escaped: it may quote what a visitor sent)."""
    return f'<span class="kit-notice">{html.escape(sentence)}</span>'


def server_log() -> logging.Logger:
    """This module's logger, writing to the kernel's own stderr: the server's log, never the
    browser (when ipykernel forwards fd 2 to the browser, `sys.stderr.fileno()` is a copy
    of the stderr it was started with; when it does not, under pytest, `sys.__stderr__` is)."""
    if not log.handlers:
        stream: TextIO | None  # sys.__stderr__ is None without a console: then sys.stderr
        try:  # ipykernel forwards fd 2 to the browser; this is the stderr it started with
            stream = open(sys.stderr.fileno(), "w", buffering=1, closefd=False)  # noqa: SIM115
        except (AttributeError, OSError, ValueError):  # fd 2 is not forwarded: it is that stderr
            stream = sys.__stderr__
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("[kit kernel] %(levelname)s | %(message)s"))
        log.addHandler(handler)
        log.propagate = False
    return log


def hook_shell(shell: Any) -> None:
    """Make `shell` (the kernel's IPython shell, where ipywidgets sends the exceptions of
    widget messages) say failures of widget messages instead of showing their tracebacks."""
    showtraceback = shell.showtraceback

    @functools.wraps(showtraceback)
    def saying_failures(*args: Any, **kwargs: Any) -> None:
        widget = _handling.get()
        error = sys.exc_info()[1]
        if widget is None or error is None or not say_failure(widget, error):
            showtraceback(*args, **kwargs)

    shell.showtraceback = saying_failures


def install() -> None:
    """Put the kit's handling of widget failures in place (once; see the module's docstring)."""
    if getattr(w.Widget._handle_msg, "kit_failures", False):
        return
    handle_msg = w.Widget._handle_msg

    @functools.wraps(handle_msg)
    def noting_the_widget(self: w.Widget, msg: dict) -> Any:
        token = _handling.set(self)
        try:
            return handle_msg(self, msg)
        finally:
            _handling.reset(token)

    noting_the_widget.kit_failures = True  # type: ignore[attr-defined]
    w.Widget._handle_msg = noting_the_widget

    shell = get_ipython()
    if shell is not None:
        hook_shell(shell)
    if serving_pages():
        # The comm machinery logs failures of messages it cannot hand to a widget (an unknown
        # target, a comm that fails to open) to the root logger, i.e. to the page's stderr.
        for name in ("Comm", "ipykernel.comm"):
            logging.getLogger(name).handlers = server_log().handlers
            logging.getLogger(name).propagate = False
        logging.captureWarnings(True)
        logging.getLogger("py.warnings").handlers = server_log().handlers
        logging.getLogger("py.warnings").propagate = False
