"""The Martian Dice series of notebooks, as the landing page lists it (`kit_common.pages`)."""

from __future__ import annotations

from kit_common.pages import Series

#: The folder of the Martian Dice notebooks under `notebooks/`, and the index's heading.
SERIES = Series(folder="martian_dice", title="Martian Dice")
