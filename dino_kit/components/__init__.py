"""Dinosaur Island components as validated data (see SCHEMA.md)."""

from dino_kit.components.loader import (
    ComponentError,
    illustrative_folder,
    load_components,
    validate_folder,
)
from dino_kit.components.schema import ComponentSet

__all__ = [
    "ComponentError",
    "ComponentSet",
    "illustrative_folder",
    "load_components",
    "validate_folder",
]
