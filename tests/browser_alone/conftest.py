"""Tests that drive Chromium but bring their own server (JupyterLab; a small fixture page
served by Voila) instead of the browser tests' shared app: they run in `./dev test`'s first
pytest run (two workers, beside the unit tests) rather than in the browser run, which is the
longer of the two (issue 24: the test run's time). They use the browser tests' Chromium
fixtures, launched in the worker that runs them."""

from tests.browser.conftest import (  # noqa: F401 (fixtures and the marker, used by name)
    browser_page,
    chromium_browser,
    pytest_configure,
)
