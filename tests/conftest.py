"""Fixtures shared by the tests of several folders."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from kit_common.messages import set_language
from tests.postgres_server import postgres_server, why_unavailable


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """One PostgreSQL server for the whole run (the class store's and the rooms' tests);
    outside CI the PostgreSQL tests skip when it cannot be started here, under `CI=true` that
    is a failure."""
    reason = why_unavailable()
    if reason is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the PostgreSQL tests must run in CI: {reason}", pytrace=False)
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    with postgres_server() as url:
        yield url


def _speaking(lang: str) -> Iterator[None]:
    """The kits speaking `lang` for one test, English after."""
    set_language(lang)
    try:
        yield
    finally:
        set_language("en")


@pytest.fixture
def russian() -> Iterator[None]:
    """The kits speaking Russian for one test (the case-agreement tests), English after."""
    yield from _speaking("ru")


@pytest.fixture
def spanish() -> Iterator[None]:
    """The kits speaking Spanish for one test, English after."""
    yield from _speaking("es")


@pytest.fixture
def portuguese() -> Iterator[None]:
    """The kits speaking Portuguese for one test, English after."""
    yield from _speaking("pt")
