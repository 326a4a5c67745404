"""What the pages showed when a browser test failed, in the failure's message: a test that
fails on CI cannot be looked at afterwards (its pages closed, its screenshots not kept), so
the failure says what each open page showed and what the app logged as an error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.browser.voila_server import REPO

#: Characters of a page's visible text quoted (its end: where notices and results show).
PAGE_TEXT_QUOTED = 1_500
#: Lines of the app's log quoted: the last lines that say error or traceback.
LOG_LINES_QUOTED = 15
#: The shared app's log (tests/browser/conftest.py `started_voila_app`).
APP_LOG = REPO / "test-artifacts" / "voila.log"
_LOG_ERROR = re.compile(r"Traceback|Error|\[E ", re.IGNORECASE)


def pages_shown(contexts: tuple, log: Path | None, log_from: int = 0) -> str:
    """Each open page of `contexts` (its address and the end of its visible text), and the
    error lines the app's `log` has after its first `log_from` bytes."""
    parts = []
    for number, context in enumerate(contexts, 1):
        for page in context.pages:
            try:
                text = page.inner_text("body", timeout=5_000)
            except Exception as error:  # the page went away too: say so instead
                text = f"(could not be read: {type(error).__name__})"
            parts.append(f"--- context {number}, {page.url}\n…{text[-PAGE_TEXT_QUOTED:]}")
    if log is not None and log.exists():
        with log.open("rb") as read:
            read.seek(log_from)
            lines = read.read().decode(errors="replace").splitlines()
        errors = [line[:300] for line in lines if _LOG_ERROR.search(line)]
        parts.append(
            "--- the app's log during the test, its last error lines:\n"
            + "\n".join(errors[-LOG_LINES_QUOTED:])
        )
    return "\n".join(parts)


@contextmanager
def shown_on_failure(*contexts, log: Path | None = APP_LOG) -> Iterator[None]:
    """Re-raise a failure inside the block with what the pages of `contexts` showed."""
    log_from = log.stat().st_size if log is not None and log.exists() else 0
    try:
        yield
    except Exception as error:
        shown = pages_shown(contexts, log, log_from)
        raise AssertionError(f"{error}\n\nwhat the pages showed:\n{shown}") from error
