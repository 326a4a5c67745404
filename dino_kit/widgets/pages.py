"""The Dinosaur Island series of notebooks, as the landing page lists it (`kit_common.pages`)."""

from __future__ import annotations

from kit_common.pages import Series

#: The folder of the Dinosaur Island notebooks under `notebooks/`, and the index's heading.
SERIES = Series(folder="dinosaur_island", title="Dinosaur Island")
