"""Dinosaur Island components as validated data (see SCHEMA.md)."""

from dino_kit.components.loader import (
    ComponentError,
    illustrative_folder,
    load_components,
    not_a_component_folder,
    problem_report,
    start_component_folder,
    validate_folder,
)
from dino_kit.components.schema import ComponentSet

__all__ = [
    "ComponentError",
    "ComponentSet",
    "illustrative_folder",
    "load_components",
    "not_a_component_folder",
    "problem_report",
    "start_component_folder",
    "validate_folder",
]
