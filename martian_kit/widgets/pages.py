"""The Martian Dice series of notebooks, as the landing page lists it (`kit_common.pages`)."""

from __future__ import annotations

from kit_common.pages import Series
from martian_kit.messages import CATALOGUE

#: The folder of the Martian Dice notebooks under `notebooks/`, and the index's heading
#: (in the page's language: the catalogue's `series.title`).
SERIES = Series(
    folder="martian_dice", title=CATALOGUE.english_template("series.title"), catalogue=CATALOGUE
)
