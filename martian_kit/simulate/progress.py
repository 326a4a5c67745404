"""Progress reporting for long simulations: the `Progress` callback type and a plain text
printer for the command line."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

#: `progress(done, total)`: called by a simulation after each chunk of work.
Progress = Callable[[int, int], None]


class TextProgress:
    """A plain progress printer: "label: 42% (420000/1000000)" on one line of stderr,
    redrawn at most every `interval` seconds, finished with a newline. With `delay`, nothing
    is printed until the work has taken that long (a quick job stays silent)."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        interval: float = 0.25,
        delay: float = 0.0,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self._last = 0.0
        self._quiet_until = time.monotonic() + delay
        self._shown = delay <= 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self._shown:
            if now < self._quiet_until:
                return
            self._shown = True
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        pct = 100 * done // max(total, 1)
        end = "\n" if done >= total else ""
        self.stream.write(f"\r{self.label}: {pct:3d}% ({done}/{total}){end}")
        self.stream.flush()


__all__ = ["Progress", "TextProgress"]
