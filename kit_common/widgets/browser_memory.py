"""What a browser keeps of the rooms and classes it sat at (`SeatMemory`, in its
localStorage), so that a closed tab or a phone that slept takes its place back (the room's
seat, the class's nickname) when the page is opened again: the store decides whether what it
kept is good. The same widget says, while the page is shown, that its device is there."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"
#: At most this many characters of what a browser says it keeps (a longer text is not taken).
MAX_STORED = 20_000


class SeatMemory(anywidget.AnyWidget):
    """An invisible widget that keeps this browser's seats in rooms (or places in classes)
    in its localStorage under `key`: `stored` is what the browser says it holds (JSON, set
    when the page is drawn), `keep` what the kernel asks it to write. Only the store decides
    whether a token is good. While the page is shown, the browser says so every `beat_s`
    seconds (0: never): `on_here` hears it."""

    _esm = STATIC / "seat_memory.js"
    key = traitlets.Unicode("kit-room-seats").tag(sync=True)
    beat_s = traitlets.Float(0.0).tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True, browser=True, most=MAX_STORED)
    keep = traitlets.Unicode("").tag(sync=True)

    def on_here(self, callback: Callable[[], None]) -> None:
        """Call `callback` each time the browser says the page is shown (any other message
        is ignored)."""

        def heard(_widget: Any, content: Any, _buffers: Any) -> None:
            if content == {"here": True}:
                callback()

        self.on_msg(heard)

    def seats(self) -> dict[str, dict[str, Any]]:
        """The seats kept, by room code (anything malformed left out)."""
        try:
            data = json.loads(self.stored[:MAX_STORED] or "{}")
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {
            code: entry
            for code, entry in data.items()
            if isinstance(code, str)
            and isinstance(entry, dict)
            and isinstance(entry.get("name"), str)
            and isinstance(entry.get("token"), str)
        }

    def remember(self, code: str, entry: dict[str, Any]) -> None:
        """Keep `entry` (name, seat, token, and the creator's secret) for the room `code`."""
        seats = self.seats()
        seats[code] = entry
        self.keep = self.stored = json.dumps(seats)
