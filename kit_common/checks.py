"""Checks of values given at a kit's boundary (engines' public entry points, records, command
lines): exact whole numbers (a `bool` or a `float` equal to one is not one), known names,
plain values and no unused fields. Each raises `InputError` naming the field, what was
expected and what was given. They run once, where a value comes in, never in the engines'
inner loops."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping
from enum import Enum
from typing import Any, TypeGuard, TypeVar

from kit_common.errors import InputError
from kit_common.words import message

_E = TypeVar("_E", bound=Enum)

#: Longer than any player's name a page or a command line gives (a seat label is a bot's
#: name and its seat); a name is printed in every line of a game told in words.
MAX_NAME = 100
#: Characters that change how a terminal or a page shows the text after them, besides the
#: control characters (category Cc: NUL, newlines, ANSI and OSC escapes): the BiDi marks,
#: embeddings, overrides and isolates, and the line and paragraph separators. A name holding
#: one could forge a line of output ("Winner: ...") or reorder what follows it.
_LAYOUT_CHARACTERS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
)


def is_whole(value: Any) -> TypeGuard[int]:
    """True for a plain `int` (so `1.0`, `True` and an int subclass, whose `==`, `hash` or
    `str` may say anything, are not whole numbers: a state stores what it was given)."""
    return type(value) is int


def shown(value: Any) -> str:
    """A value as an error message quotes it: its repr, cut short, with its type when the
    repr alone would hide it (`1.0 (a float)`, `True (a bool)`)."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    if isinstance(value, bool | float):
        return message("check.shown_type", text=text, type=type(value).__name__)
    return text


def whole(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is a whole number within [low, high] (either bound may be None)."""
    if is_whole(value) and (low is None or value >= low) and (high is None or value <= high):
        return value
    if low is not None and high is not None:
        wanted = message("check.whole_between", low=low, high=high)
    elif low is not None:
        wanted = message("check.whole_at_least", low=low)
    elif high is not None:
        wanted = message("check.whole_at_most", high=high)
    else:
        wanted = message("check.whole")
    raise InputError(field, message("check.must_be", wanted=wanted, value=shown(value)))


def member(value: Any, field: str, enum: type[_E]) -> _E:
    """`value` if it is a member of `enum` (its value given as a plain string is refused:
    a state holds the enum itself, so what it holds is what it shows)."""
    if isinstance(value, enum):
        return value
    names = ", ".join(f"{enum.__name__}.{m.name}" for m in enum)
    raise InputError(field, message("check.one_of", names=names, value=shown(value)))


def one_of(value: Any, field: str, options: Collection[Any]) -> Any:
    """`value` if it is a string among `options` (safe for unhashable values)."""
    if isinstance(value, str) and value in options:
        return value
    known = ", ".join(repr(str(o)) for o in options)
    raise InputError(field, message("check.one_of", names=known, value=shown(value)))


def text(value: Any, field: str) -> str:
    """`value` if it is a non-empty string."""
    if isinstance(value, str) and value.strip():
        return value
    raise InputError(field, message("check.text", value=shown(value)))


def name(value: Any, field: str) -> str:
    """`value` if it is a non-empty text fit to print as a name: at most `MAX_NAME`
    characters, no control character, BiDi control or line separator, and no lone surrogate
    (which UTF-8 cannot write, so printing it would fail later)."""
    value = text(value, field)
    if len(value) > MAX_NAME:
        raise InputError(field, message("check.name_long", limit=MAX_NAME, length=len(value)))
    for character in value:
        if character in _LAYOUT_CHARACTERS or unicodedata.category(character) in ("Cc", "Cs"):
            raise InputError(field, message("check.name_chars", value=shown(value)))
    return value


def names(value: Any, field: str) -> tuple[str, ...]:
    """A sequence of names (see `name`) as a tuple; a single string is refused (it would be
    read as one name per letter)."""
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple):
        raise InputError(field, message("check.names", value=shown(value)))
    return tuple(name(v, f"{field}[{i}]") for i, v in enumerate(value))


def excerpt(value: Any) -> str:
    """A text from outside as an error message names it (a field's key, say): as it is when it
    is short and printable, else quoted like `shown` (escaped, cut short)."""
    if isinstance(value, str) and len(value) <= 60 and value.isprintable():
        return value
    return shown(value)


def plain(value: Any, field: str) -> Any:
    """`value` if it is built of whole numbers, strings, None and tuples of them (what the
    engines' actions and outcomes are made of): no float, bool, list, dict or other object
    anywhere inside, so an `==` or `in` check later cannot be fooled by `1.0` or `True`, nor
    broken by an unhashable value."""
    if value is None or isinstance(value, str) or is_whole(value):
        return value
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            plain(item, f"{field}[{i}]")
        return value
    raise InputError(field, message("check.plain", value=shown(value)))


def known_fields(data: Mapping[str, Any], field: str, allowed: Collection[str]) -> None:
    """Refuse the keys of `data` outside `allowed` (a field nobody reads is a mistake)."""
    unknown = [k for k in data if k not in allowed]
    if unknown:
        key = excerpt(unknown[0])
        where = f"{field}.{key}" if field else key
        raise InputError(where, message("check.unknown_field", fields=", ".join(allowed)))
