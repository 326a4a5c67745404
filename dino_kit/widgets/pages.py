"""The Dinosaur Island series of notebooks, as the landing page lists it (`kit_common.pages`)."""

from __future__ import annotations

from dino_kit.messages import CATALOGUE
from kit_common.pages import Series

#: The folder of the Dinosaur Island notebooks under `notebooks/`, and the index's heading
#: (in the page's language: the catalogue's `series.title`).
SERIES = Series(
    folder="dinosaur_island", title=CATALOGUE.english_template("series.title"), catalogue=CATALOGUE
)
