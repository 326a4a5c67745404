"""Tampering with a game record (JSON), for the tests that check that both kits' record loaders
refuse every broken record with a sentence naming the field."""

from __future__ import annotations

import json
from typing import Any


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value worth tampering with: dicts, and non-null leaves."""
    if isinstance(value, dict):
        return [path] + [p for k, v in value.items() for p in places(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in places(v, (*path, i))]
    return [] if value is None else [path]


def tampered(value: Any, how: int) -> Any:
    """A value that can never stand where `value` stood: an extra field in an object, a whole
    number as a float, a bool or a list, a bool as a number, a text in a list."""
    if isinstance(value, dict):
        return {**value, "unused_field": 1}
    if isinstance(value, bool):
        return [int(value), str(value).lower(), [value]][how % 3]
    if isinstance(value, int):
        return [float(value), bool(value % 2), [value], {"n": value}][how % 4]
    return [[value], {value: value}, 1.5][how % 3]


def tamper(record: dict, path: tuple, how: int) -> Any:
    """A copy of `record` with the value at `path` (one of `places(record)`) `tampered`."""
    record = json.loads(json.dumps(record))
    if not path:
        return tampered(record, how)
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = tampered(parent[path[-1]], how)
    return record
