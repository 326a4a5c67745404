"""The JupyterLab test drives Chromium but not the Voila app, so it runs in `./dev test`'s
first pytest run (two workers, beside the unit tests) rather than in the browser run, which
is the longer of the two (issue 24: the test run's time). It uses the browser tests' Chromium
fixtures, launched in the worker that runs it."""

from tests.browser.conftest import (  # noqa: F401 (fixtures and the marker, used by name)
    browser_page,
    chromium_browser,
    pytest_configure,
)
