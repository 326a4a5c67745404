"""Marks by place, for every test folder and the notebooks: each notebook run under nbval
and each browser test (tests/browser, tests/browser_alone) is `slow`, so
`./dev test -m "not slow"` leaves them out.

The translated pages (`notebooks/es/`, `pt/`, `ru/`) are not run under nbval: they run the
English pages' code, which nbval runs once, and tests/test_translated_outputs.py checks that
each one's committed outputs were made from its current inputs (tools/executed.py); the
browser tests open each page in one of the languages (`--every-language`: in all of them).
`--translated-notebooks` runs them too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE
from tests.nbval_guard import MOST_MESSAGES_PER_CELL, count_messages

# The command lines speak the language of their environment (LANG and the like): the tests
# expect English whatever the machine's locale, in this process and in the ones it starts.
# (Tests of the language choice set these variables themselves.)
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parent
BROWSER_TESTS = REPO / "tests" / "browser"
#: The tests that start an app of their own (JupyterLab, a second Voila) and drive Chromium.
BROWSER_ALONE_TESTS = REPO / "tests" / "browser_alone"
#: Seconds nbval waits for a cell's next output message once the cell has run. nbval's fixed
#: 5 s failed a notebook cell now and then on a loaded 2-core machine (its widget messages
#: queued behind other work); a cell's own running time is bounded by --nbval-cell-timeout.
NOTEBOOK_OUTPUT_WAIT_S = 60
NOTEBOOKS = REPO / "notebooks"
#: The folders of the translated pages under notebooks/.
TRANSLATED = {NOTEBOOKS / code for code in LANGUAGES if code != SOURCE_LANGUAGE}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--translated-notebooks",
        action="store_true",
        help="also run the translated pages (notebooks/es, pt, ru) under nbval",
    )
    parser.addoption(
        "--every-language",
        action="store_true",
        help="the browser tests visit every translated page in every language (by default "
        "each page in one language, the languages in turn, and every language's index)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave the translated pages out of the nbval run unless asked for."""
    if collection_path in TRANSLATED and not config.getoption("--translated-notebooks"):
        return True
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the notebooks' cells and the browser tests slow; give nbval's wait for a cell's
    output the time a loaded machine needs; run the files with a slow test first."""
    for item in items:
        path = Path(item.path)
        if path.suffix == ".ipynb" or {BROWSER_TESTS, BROWSER_ALONE_TESTS} & set(path.parents):
            item.add_marker(pytest.mark.slow)
        if hasattr(item, "output_timeout"):
            item.output_timeout = NOTEBOOK_OUTPUT_WAIT_S
    # `./dev test`'s two workers take whole files in this order (each file's tests keep
    # theirs): `file_order`.
    slow_files = {Path(item.path) for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: file_order(Path(item.path), slow_files))


#: Test files that start servers, browsers or processes of their own (JupyterLab, a second
#: Voila, a Binder environment, a dask cluster).
OWN_SERVERS = (
    BROWSER_ALONE_TESTS,
    REPO / "tests" / "test_binder.py",
    REPO / "tests" / "dino_kit" / "test_planner.py",
)


def file_order(path: Path, slow_files: set[Path]) -> int:
    """Where a test file goes in the run: the files with a long test first, those that
    compute in the worker (0), then the notebooks (1); then the files with servers of their
    own (2), which waited on the machine three times as long when they ran beside the browser
    tests' first visits of every page (a JupyterLab page 108 s instead of 30); the many short
    files last (3), so that neither worker is left alone on a long file at the end (the
    shipped turn laws solved again, 36 s, once idled the other core for most of that)."""
    if path not in slow_files:
        return 3
    if any(path == own or own in path.parents for own in OWN_SERVERS):
        return 2
    return 1 if path.suffix == ".ipynb" else 0


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
