"""Where a long loop may be ended from outside its thread (a page's Stop button, a bound on
its time), with no widget in sight: the engines' one play loop (`kit_common.game.run`) calls
`checkpoint()` before every step, so a work of many games, or of one long game whose bots
think for seconds (Dinosaur Island's planner), ends at its next step.

A thread that runs such a work installs its check for the length of the work (`checking`);
the check raises `WorkStopped` when the work is to end, which unwinds it. Elsewhere (the
command lines, tests, a notebook's cells, the worker processes of a study) no check is
installed and `checkpoint()` does nothing but look (a few tens of nanoseconds a step).
`kit_common.widgets.stoppable` is the page's side: the bar, the Stop button and the bound.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_local = threading.local()


class WorkStopped(BaseException):
    """Raised at a checkpoint to end a work early; `reason` says why (the caller's word,
    e.g. "stopped" or "timed_out"). A `BaseException`, like `KeyboardInterrupt`, so that a
    work's own `except Exception` cannot swallow it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def checkpoint() -> None:
    """Where a long loop may be ended: calls the check this thread's work installed (which
    raises `WorkStopped` to end it); nothing without one."""
    check = getattr(_local, "check", None)
    if check is not None:
        check()


@contextmanager
def checking(check: Callable[[], None]) -> Iterator[None]:
    """Within the block, every `checkpoint()` of this thread calls `check`."""
    previous = getattr(_local, "check", None)
    _local.check = check
    try:
        yield
    finally:
        _local.check = previous
