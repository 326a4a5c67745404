"""Reading a kit's files with limits: a size cap before anything is parsed, UTF-8 or a clear
refusal, and JSON with bounded nesting and number lengths, so a broken or hostile file gives
one sentence (`InputError`) instead of a raw exception, a stack overflow or minutes of work."""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from kit_common.checks import shown
from kit_common.errors import InputError
from kit_common.words import message

#: Larger than any record or component file the kits write (a long Dinosaur Island game's
#: record is about 100 kB).
MAX_BYTES = 8_000_000
#: Deeper than any record or component file the kits write (a record nests 5 levels); well
#: below Python's recursion limit, which the JSON and YAML parsers would otherwise hit.
MAX_DEPTH = 64
#: Longer than any count, seed or score a kit stores (a 64-bit seed has 20 digits).
MAX_DIGITS = 40


def _is_stdin(info: os.stat_result) -> bool:
    """True when `info` describes this process's standard input (`/dev/stdin`, a pipe)."""
    try:
        return os.path.samestat(info, os.fstat(0))
    except OSError:  # no standard input
        return False


def read_bytes(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the file at `path`, refusing a missing file, a folder, an unreadable
    file, one larger than `max_bytes` and one that is not a regular file (a named pipe
    would block until someone writes to it; standard input, `/dev/stdin`, is read), each in
    one sentence naming the path."""
    if not isinstance(path, str | os.PathLike):
        raise InputError("path", message("file.not_a_path", value=shown(path)))
    path = Path(path)
    try:
        info = path.stat()
    except OSError:
        pass  # opening it says what is wrong
    else:
        mode = info.st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or _is_stdin(info)):
            raise InputError(str(path), message("file.not_regular"))
    try:
        with path.open("rb") as file:
            data = file.read(max_bytes + 1)
    except IsADirectoryError:
        raise InputError(str(path), message("file.is_folder")) from None
    except FileNotFoundError:
        raise InputError(str(path), message("file.missing")) from None
    except OSError as err:
        raise InputError(
            str(path), message("file.unreadable", reason=err.strerror or err)
        ) from None
    if len(data) > max_bytes:
        raise InputError(str(path), message("file.too_large", limit=max_bytes))
    return data


def decode(data: bytes, source: str) -> str:
    """`data` as UTF-8 text (a byte-order mark is dropped)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(source, message("file.not_utf8", byte=err.start)) from None


def read_text(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the file at `path`, with the limits of `read_bytes`."""
    return decode(read_bytes(path, max_bytes), str(path))


def nesting_depth(value: Any) -> int:
    """How deep lists and mappings nest in a parsed value (a scalar is 0), counted without
    recursion."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            todo.extend((child, depth + 1) for child in children)
    return deepest


def parse_json(
    text: str, source: str, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS
) -> Any:
    """The JSON value in `text`: nesting deeper than `max_depth`, a number longer than
    `max_digits` and the non-standard NaN/Infinity are refused; numbers with a fraction or an
    exponent stay floats, for the field checks to refuse where a whole number belongs; an
    object naming one key twice is refused."""

    def number(digits: str, kind: type) -> Any:
        if len(digits) > max_digits:
            raise InputError(
                source, message("file.long_number", digits=len(digits), limit=max_digits)
            )
        value = kind(digits)
        if not math.isfinite(value):
            raise InputError(source, message("file.huge_number", digits=digits))
        return value

    def constant(name: str) -> Any:
        raise InputError(source, message("file.not_a_json_number", name=name))

    def mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # JSON keeps the last of two values under one key: which one a reader meant is lost
        value = dict(pairs)
        if len(value) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise InputError(source, message("file.duplicate_key", key=shown(key)))
                seen.add(key)
        return value

    try:
        value = json.loads(
            text,
            parse_int=lambda s: number(s, int),
            parse_float=lambda s: number(s, float),
            parse_constant=constant,
            object_pairs_hook=mapping,
        )
    except json.JSONDecodeError as err:
        raise InputError(
            source, message("file.bad_json", line=err.lineno, column=err.colno, reason=err.msg)
        ) from None
    except RecursionError:  # the parser's own guard against a stack overflow
        value = None
        depth = max_depth + 1
    else:
        depth = nesting_depth(value)
    if depth > max_depth:
        raise InputError(source, message("file.too_deep", limit=max_depth))
    return value


def read_json(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value of the file at `path`, with every limit of this module."""
    return parse_json(read_text(path, max_bytes), str(path))


def write_text(path: str | Path, text: str) -> None:
    """Write `text` to `path` as UTF-8; an `OSError` (a full disk, a lost permission) names
    the path, so the one line a command line prints says which file failed."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        if err.filename is None:
            raise OSError(err.errno, err.strerror, str(path)) from None
        raise


def check_writable(path: str | Path) -> Path:
    """`path` if a file can be written there (its folder exists and is writable, and it is
    not itself a folder), checked before the work whose result goes there starts."""
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise InputError(str(path), message("file.target_is_folder"))
    if not folder.is_dir():
        raise InputError(str(path), message("file.no_folder", folder=folder))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError(str(path), message("file.not_writable"))
    return path
