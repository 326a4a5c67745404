"""Which component set the notebooks use: the illustrative one, or a folder of your own.

Every notebook starts with `components = current_components()`. To run the whole series on
your own data, either set the environment variable before starting Jupyter or Voila::

    DINO_KIT_DATA=/path/to/my/components jupyter lab

or call `use_components("/path/to/my/components")` in a notebook's first cell. The folder is
validated on load (see `dino_kit/components/SCHEMA.md`); a broken one is refused with the list
of its problems.
"""

from __future__ import annotations

from pathlib import Path

from dino_kit.components import (
    ENVIRONMENT_VARIABLE,
    ComponentSet,
    environment_folder,
    load_components,
)

_chosen: ComponentSet | None = None


def use_components(folder: str | Path | None = None) -> ComponentSet:
    """Use the component set in `folder` (None: back to the environment's choice, else the
    illustrative set) for every app created from now on; returns it."""
    global _chosen
    _chosen = None if folder is None else load_components(folder)
    return current_components()


def current_components() -> ComponentSet:
    """The set chosen by `use_components`, else the folder in $DINO_KIT_DATA, else the
    illustrative set."""
    if _chosen is not None:
        return _chosen
    return load_components(environment_folder())


__all__ = ["ENVIRONMENT_VARIABLE", "current_components", "use_components"]
