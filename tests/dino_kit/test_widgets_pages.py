"""The Dinosaur Island series as the landing page lists it."""

from __future__ import annotations

from pathlib import Path

from dino_kit.widgets.pages import SERIES
from kit_common.pages import contents_markdown

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_the_series_lists_the_dinosaur_island_notebooks_in_order():
    entries = SERIES.pages(NOTEBOOKS)
    assert entries[0] == (
        "dinosaur_island/01_the_park_and_setup.ipynb",
        "Dinosaur Island 1: the park and the setup",
    )
    assert [link for link, _ in entries] == sorted(link for link, _ in entries)
    assert contents_markdown([SERIES], NOTEBOOKS).startswith("### Dinosaur Island\n\n1. [")
