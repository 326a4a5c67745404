"""Dinosaur Island components as validated data (see SCHEMA.md)."""

from dino_kit.components.loader import (
    ENVIRONMENT_VARIABLE,
    ComponentError,
    environment_folder,
    illustrative_folder,
    load_components,
    not_a_component_folder,
    problem_report,
    start_component_folder,
    validate_folder,
)
from dino_kit.components.schema import ComponentSet

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "ComponentError",
    "ComponentSet",
    "environment_folder",
    "illustrative_folder",
    "load_components",
    "not_a_component_folder",
    "problem_report",
    "start_component_folder",
    "validate_folder",
]
