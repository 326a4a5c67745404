"""Marks by place, for every test folder and the notebooks: each notebook run under nbval
and each browser test is `slow`, so `./dev test -m "not slow"` leaves them out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The command lines speak the language of their environment (LANG and the like): the tests
# expect English whatever the machine's locale, in this process and in the ones it starts.
# (Tests of the language choice set these variables themselves.)
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parent
BROWSER_TESTS = REPO / "tests" / "browser"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the notebooks' cells and the browser tests slow."""
    for item in items:
        path = Path(item.path)
        if path.suffix == ".ipynb" or BROWSER_TESTS in path.parents:
            item.add_marker(pytest.mark.slow)
