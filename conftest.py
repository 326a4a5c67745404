"""Marks by place, for every test folder and the notebooks: each notebook run under nbval
and each browser test is `slow`, so `./dev test -m "not slow"` leaves them out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.nbval_guard import MOST_MESSAGES_PER_CELL, count_messages

# The command lines speak the language of their environment (LANG and the like): the tests
# expect English whatever the machine's locale, in this process and in the ones it starts.
# (Tests of the language choice set these variables themselves.)
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parent
BROWSER_TESTS = REPO / "tests" / "browser"
#: Seconds nbval waits for a cell's next output message once the cell has run. nbval's fixed
#: 5 s failed a notebook cell now and then on a loaded 2-core machine (its widget messages
#: queued behind other work); a cell's own running time is bounded by --nbval-cell-timeout.
NOTEBOOK_OUTPUT_WAIT_S = 60


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the notebooks' cells and the browser tests slow; give nbval's wait for a cell's
    output the time a loaded machine needs."""
    for item in items:
        path = Path(item.path)
        if path.suffix == ".ipynb" or BROWSER_TESTS in path.parents:
            item.add_marker(pytest.mark.slow)
        if hasattr(item, "output_timeout"):
            item.output_timeout = NOTEBOOK_OUTPUT_WAIT_S


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Fail a notebook cell that sends more than MOST_MESSAGES_PER_CELL kernel messages."""
    if not hasattr(item, "output_timeout"):
        return (yield)
    counter = count_messages(item.parent)
    counter[0] = 0
    result = yield
    if counter[0] > MOST_MESSAGES_PER_CELL:
        pytest.fail(
            f"this cell sent {counter[0]:,} kernel messages (at most {MOST_MESSAGES_PER_CELL:,}):"
            " so many can be lost before nbval reads them; do less in one cell (fewer widget"
            " updates), or move the work to a test in tests/",
            pytrace=False,
        )
    return result
