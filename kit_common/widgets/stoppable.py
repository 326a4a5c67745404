"""Long work a click starts, run so that the page stays live: a progress bar, a Stop button,
and a bound on its time.

A kernel reads the browser's messages one at a time: while a callback computes, a click on
Stop waits behind it. `StoppableWork` runs the work of a click in a thread of the kernel
instead, so the kernel goes back to reading messages at once, and Stop is heard while the
work runs. The work is a function of one argument, `tell(done, total)` (the kit's
`Progress` callback), which it calls after every step it counts (a game, a level of a
solver; a total of 0 when it is not known: the row then shows no bar); `tell` moves the bar
and is where the work ends early: when Stop was pressed, or when the work has run for
`max_seconds`, it raises `WorkStopped`, which unwinds the work.
The same check runs at every `kit_common.stopping.checkpoint()` of the work's thread: the
engines' play loop calls one before every step of a game, so a work of games ends within a
bot's move, however long its games. What the work finished before is the app's to keep
(the games played so far, collected by the app as they come); the line beside the bar says
how the work ended. While a work runs, a second start is refused with a sentence, its own or
another app's of the kernel (one work at a time: a page holds at most one core), and the
controls given (the start button, the settings the work read) are disabled.

Widgets are changed from the kernel's main thread only: the thread hands every update of the
bar, and the app's `finish`, to the kernel's event loop (`kernel.io_loop.add_callback`,
thread-safe), which runs them between two browser messages; so `finish` never races with
the app's own callbacks. (ipywidgets' own example changes widgets from the thread itself;
that works from ipykernel 7.0.1 on, but then the app's observers and the thread can change
one widget at once.) Outside a kernel (tests) they run in the work's own thread.

A start made while the kernel handles a browser message (a click, a moved slider) runs in the
thread; one made by a notebook's own code (a cell, a test calling the app's method) runs at
once, in the caller's thread, so a cell's output is complete and deterministic when the cell
ends, and is bounded in time in the same way.

Stable class names for the browser tests: `kit-stop` (the Stop button), `kit-work` (the row),
`kit-work-status` (its sentence).
"""

from __future__ import annotations

import threading
import time
import traceback
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from html import escape
from typing import Any, Generic, TypeVar

import ipywidgets as w
from IPython import get_ipython

from kit_common.errors import KitError
from kit_common.stopping import WorkStopped, checking
from kit_common.widgets import failures
from kit_common.words import message

T = TypeVar("T")

STOP_CLASS = "kit-stop"
ROW_CLASS = "kit-work"
STATUS_CLASS = "kit-work-status"
#: The bar is redrawn at most this often (seconds): a fast work sends few messages.
REDRAW_S = 0.1
#: The default bound on one click's work, in seconds of wall time.
MAX_SECONDS = 60.0


class Outcome(Enum):
    """How a work ended."""

    FINISHED = "finished"
    STOPPED = "stopped"  # Stop was pressed
    TIMED_OUT = "timed_out"  # it ran for `max_seconds`
    FAILED = "failed"  # it raised an error


@dataclass(frozen=True)
class Ended(Generic[T]):
    """The end of a work: how it ended, its result (None unless it finished), how long it
    ran, how far it got (`done` of `total`, as last told), and the sentence the row says
    ("" when it finished)."""

    outcome: Outcome
    result: T | None
    seconds: float
    done: int
    total: int
    sentence: str

    @property
    def finished(self) -> bool:
        """True when the work ran to its end."""
        return self.outcome is Outcome.FINISHED


#: Every StoppableWork of the kernel: one work runs at a time in a kernel (a page's visitor
#: holds at most one core, whichever of its apps they start), started under `_STARTING`.
_WORKS: weakref.WeakSet[StoppableWork] = weakref.WeakSet()
_STARTING = threading.Lock()

# Which thread handles a browser message is what `start` asks (`base` installs it too).
failures.install()


def _kernel_loop() -> Any:
    """The kernel's event loop (the main thread's), None outside a kernel."""
    shell = get_ipython()
    return getattr(getattr(shell, "kernel", None), "io_loop", None)


class StoppableWork:
    """A row of a progress bar, a Stop button and a sentence, and the runner of the long
    works of one app (one at a time; see the module's docstring). `label` names what the bar
    counts ("Games played"); `controls` are the widgets disabled while a work runs (its start
    button, the settings it read); `max_seconds` bounds every work in wall time."""

    def __init__(
        self,
        label: str = "",
        controls: Sequence[w.Widget] = (),
        max_seconds: float = MAX_SECONDS,
    ) -> None:
        self.max_seconds = max_seconds
        self.controls = list(controls)
        self.bar = w.FloatProgress(
            value=0.0,
            min=0.0,
            max=1.0,
            description=label or message("work.progress"),
            style={"description_width": "initial"},
        )
        self.stop_button = w.Button(
            description=message("work.stop"),
            tooltip=message("work.stop_tip"),
            button_style="warning",
        )
        self.stop_button.add_class("kit-fit")  # as wide as its label (kit.css)
        self.stop_button.add_class(STOP_CLASS)
        self.stop_button.on_click(lambda _: self.stop())
        self.status = w.HTML()
        self.status.add_class(STATUS_CLASS)
        self.widget = w.HBox([self.bar, self.stop_button, self.status])
        # hidden by its Layout until work runs (ipywidgets' way to hide a widget, toggled
        # below); its looks, a wrapping row centred on its line, are kit.css's
        self.widget.layout.display = "none"
        self.widget.add_class("kit-wrap")
        self.widget.add_class(ROW_CLASS)
        self.last: Ended[Any] | None = None
        self._stop = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        _WORKS.add(self)
        self._was_disabled: list[bool] = []
        self._told = (0, 0)
        self._redraw_pending = False
        self._running_text = ""
        self._shown = False

    # -- starting and stopping -----------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True from a start until its `finish` has run."""
        return not self._idle.is_set()

    def start(
        self,
        work: Callable[[Callable[[int, int], None]], T],
        finish: Callable[[Ended[T]], str | None],
        *,
        running: str = "",
        background: bool | None = None,
    ) -> Ended[T] | None:
        """Run `work(tell)`, then `finish(ended)` (see the module's docstring), which may
        return the sentence the row then says instead of the ending's own (e.g. how many of
        the games were played); `running` is the sentence shown meanwhile. In a thread when
        `background` (by default: when called while the kernel handles a browser message),
        and then None is returned at once; otherwise here, and the `Ended` is returned. A
        start while a work runs raises `KitError` (said in the app's line)."""
        with _STARTING:
            if self.running:
                raise KitError(message("work.busy"))
            if any(other.running for other in _WORKS):
                raise KitError(message("work.busy_elsewhere"))
            self._idle.clear()
        if background is None:
            background = failures.handling_browser_message()
        self._stop.clear()
        self._told = (0, 0)
        self._was_disabled = [bool(getattr(c, "disabled", False)) for c in self.controls]
        for control in self.controls:
            control.disabled = True
        self.bar.value = 0.0
        self.bar.bar_style = ""
        self._running_text = escape(running or message("work.running"))
        self._shown = False  # the row shows once the work has run `REDRAW_S` (not a quick one)
        if not background:
            return self._run(work, finish, here=True)
        thread = threading.Thread(
            target=self._run, args=(work, finish), name="kit-stoppable-work", daemon=True
        )
        thread.start()
        return None

    def stop(self) -> None:
        """Ask the running work to end at its next step (what the Stop button does); nothing
        when none runs."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> Ended[Any] | None:
        """Wait until no work runs (its `finish` done) and say how the last one ended (None
        when it still runs after `timeout` seconds). Outside a kernel only: in a kernel the
        `finish` runs on the loop the caller would block."""
        if not self._idle.wait(timeout):
            return None
        return self.last

    # -- the work ------------------------------------------------------------------------------

    def _run(
        self,
        work: Callable[[Callable[[int, int], None]], T],
        finish: Callable[[Ended[T]], str | None],
        here: bool = False,
    ) -> Ended[T]:
        began = time.monotonic()
        last_drawn = [began]

        def check() -> None:
            if self._stop.is_set():
                raise WorkStopped(Outcome.STOPPED.value)
            if time.monotonic() - began > self.max_seconds:
                raise WorkStopped(Outcome.TIMED_OUT.value)

        def tell(done: int, total: int) -> None:
            self._told = (done, total)
            check()
            now = time.monotonic()
            if now - last_drawn[0] >= REDRAW_S:
                last_drawn[0] = now
                if here:
                    self._draw_bar()
                else:
                    self._in_kernel(self._draw_bar, coalesce=True)

        result: T | None = None
        error: BaseException | None = None
        try:
            with checking(check):  # the games' play loop checks too (kit_common.stopping)
                result = work(tell)
            outcome = Outcome.FINISHED
        except WorkStopped as stopped:
            outcome = Outcome(stopped.reason)
        except Exception as raised:  # said in the row, never as a traceback on the page
            outcome, error = Outcome.FAILED, raised
        done, total = self._told
        ended = Ended(
            outcome,
            result,
            time.monotonic() - began,
            done,
            total,
            self._sentence(outcome, error),
        )
        if error is not None and not isinstance(error, KitError):
            failures.server_log().error(
                "a long work failed:\n%s",
                "".join(traceback.format_exception(type(error), error, error.__traceback__)),
            )
        if here:
            self._end(ended, finish)
        else:
            self._in_kernel(lambda: self._end(ended, finish))
        return ended

    def _sentence(self, outcome: Outcome, error: BaseException | None) -> str:
        if outcome is Outcome.FINISHED:
            return ""
        if outcome is Outcome.STOPPED:
            return message("work.stopped")
        if outcome is Outcome.TIMED_OUT:
            return message("work.timed_out", seconds=round(self.max_seconds))
        return str(error) if isinstance(error, KitError) else message("app.failed")

    def _end(self, ended: Ended[T], finish: Callable[[Ended[T]], str | None]) -> None:
        """In the kernel's thread: the app's finish, then the row says how the work ended."""
        sentence = ended.sentence
        for control, was in zip(self.controls, self._was_disabled):
            control.disabled = was  # first: the app's finish may set them anew
        try:
            said = finish(ended)
            if said is not None:
                sentence = said
        except KitError as error:
            sentence = str(error)
        except Exception as error:  # as for the work itself: a sentence, the trace in the log
            failures.server_log().error(
                "the end of a long work failed:\n%s",
                "".join(traceback.format_exception(type(error), error, error.__traceback__)),
            )
            sentence = message("app.failed")
        finally:
            self._shown = True  # (the row's look is set below)
            self._draw_bar()
            self.bar.bar_style = "success" if ended.finished else "warning"
            self.stop_button.layout.display = "none"
            self.status.value = failures.notice_html(sentence) if sentence else ""
            self.widget.layout.display = None if sentence else "none"
            self.last = ended
            self._idle.set()

    def _draw_bar(self) -> None:
        self._redraw_pending = False
        done, total = self._told
        self.bar.value = min(1.0, done / total) if total > 0 else 0.0
        unknown = total <= 0 and not self._idle.is_set()  # a total not known: no bar
        if (self.bar.layout.display == "none") != unknown:
            self.bar.layout.display = "none" if unknown else None
        if not self._shown and not self._idle.is_set():
            self._shown = True
            self.status.value = self._running_text
            self.stop_button.layout.display = None
            self.widget.layout.display = None

    def _in_kernel(self, update: Callable[[], None], coalesce: bool = False) -> None:
        """Run `update` in the kernel's thread (outside a kernel: here). With `coalesce`, an
        update already waiting makes this one unnecessary (the bar draws the latest count)."""
        if coalesce:
            if self._redraw_pending:
                return
            self._redraw_pending = True
        loop = _kernel_loop()
        if loop is None:
            update()
        else:
            loop.add_callback(update)
