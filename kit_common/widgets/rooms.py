"""The page of a room (`kit_common.rooms`): play one game together from several devices. The
pages notebooks/classroom/*_together.ipynb show it, each with its kit's table
(`RoomTable`: the game drawn and its move buttons) and options.

A person creates a room (a code, a link `…_together.ipynb?room=CODE` and its QR code) and
sits at its first seat; others open the link and join with a name; the creator gives the
empty seats to the kit's bots and starts. Each device's page asks the store every `POLL_S`
seconds whether the room changed (one read of one row) and redraws when it did. A move is
stored and drawn first; the bots answer it afterwards, in a thread of the page
(`RoomStore.advance`, each bot's move shown as it comes), so that the person's move reaches
every device at once however long the bots think; a page that sees a room waiting on a bot
for `STALL_S` seconds (the kernel that was to advance it stopped) advances it. A device's
move buttons are enabled only when it is its seat's turn, and every move is checked by the
store anyway (a crafted message is refused in a sentence). The seat's token (and the
creator's secret) stay in the browser (`SeatMemory`, localStorage): a device that comes back
to the room's link gets its seat back.

Presence comes from the browser, not from the kernel's polling (a kernel polls on while its
phone sleeps): while the page is shown, its browser says so every `HEARTBEAT_S` seconds and
the page tells the store (`RoomStore.here`); the table shows the seats away, and the creator
may give a person's seat to a bot only once it has been away `HAND_AFTER_S` seconds. A link
to a room whose life is over says so when it is opened.

Once the game has ended, the page offers its record (the kit's, which `martian-kit replay` or
`dino-kit replay` reads) as a link to save (`record_link`): a `data:` address holding the
file, with the `download` attribute that names it. Voila serves the notebook's page and its
kernel, not files a kernel writes (nor is there a CDN to put one on), and a `data:` link
needs no server at all: the browser saves what the link holds, offline too.

Stable class names for the browser tests: `kit-room-create`, `kit-room-code` (shows the code),
`kit-room-name` (text field), `kit-room-join`, `kit-room-start`, `kit-room-bot` (buttons),
`kit-room-scores` (everyone's score), `kit-room-over` (appears at the end), `kit-room-record`
(the link to the game's record, at the end), and, in the kits' tables, `kit-move` on every
button that makes a move and `kit-choice` on a menu a move reads.
Every name a person typed is shown escaped: text, never HTML.
"""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Protocol
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

import ipywidgets as w

from kit_common.class_store import MAX_CODE_TYPED, MAX_NICKNAME, normalize_code, typed_limit
from kit_common.errors import KitError
from kit_common.rooms import (
    HAND_AFTER_S,
    HEARTBEAT_S,
    OVER,
    WAITING,
    CreatorKey,
    RoomError,
    RoomGame,
    RoomStore,
    RoomView,
    SeatKey,
)
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping
from kit_common.widgets.browser_memory import SeatMemory
from kit_common.widgets.browser_state import bounded
from kit_common.widgets.class_views import PageAddress, qr_svg
from kit_common.words import message

#: How often a page asks the store whether its room changed, in seconds.
POLL_S = 0.25
#: A page that sees a room waiting on a bot, unchanged for this many seconds, advances it
#: (seat 1's page; each next seat's half as long again later, so that one page does it).
STALL_S = 30.0
#: A move as a page sends it to the store: {"action": ...} or {"throw": true}.
Send = Callable[[dict[str, Any]], None]


class RoomTable(Protocol):
    """A kit's table: the game as every device shows it, and its move buttons (`kit-move`),
    which call the `Send` the table was made with."""

    widget: w.Widget

    def show(self, view: RoomView, seat: int | None) -> None:
        """Draw the room's game; enable the move buttons only when `seat` (this device's
        seat, None for a visitor) is to act."""
        ...


def _away_kinds(away: Mapping[int, float]) -> dict[int, bool]:
    """Who is away, and whether for long enough to be handed to a bot (what the table
    shows: it redraws when this changes, not every second)."""
    return {seat: seconds >= HAND_AFTER_S for seat, seconds in away.items()}


def room_url(code: str, page: str, file_name: str) -> str:
    """The room's link: this page's own address (as the browser reached it) with
    `?room=CODE`, or the page's file name with it when the address is not known yet."""
    if page:
        parts = urlsplit(page)
        return urlunsplit((parts.scheme, parts.netloc, parts.path, f"room={quote(code)}", ""))
    return f"{file_name}?room={quote(code)}"


def record_file_name(game: RoomGame, code: str) -> str:
    """The file name a room's record is saved under, e.g. `martian-dice-7KQ3MZP.json`."""
    return f"{game.name}-{code}.json"


def record_link(game: RoomGame, code: str, record: str) -> str:
    """The sentence offering a room's game record (`RoomStore.record`) to save: a link
    (class `kit-room-record`) whose `data:` address holds the record, saved under
    `record_file_name`, and the kit's command that replays it."""
    name = record_file_name(game, code)
    data = base64.b64encode(record.encode("utf-8")).decode("ascii")
    anchor = (
        f"<a class='kit-room-record' download='{escape(name)}' "
        f"href='data:application/json;base64,{data}'>{escape(name)}</a>"
    )
    command = f"<code>{escape(f'{game.replay} {name}')}</code>"
    return message("roomview.record", link=anchor, command=command)


def code_from_page(page: str) -> str:
    """The `room` of a page address's query string, or ""."""
    return parse_qs(urlsplit(page).query).get("room", [""])[0][:64]


class RoomApp(App):
    """A room's page for one game: create, join, bots, start, the table, the scores.
    `game`: the kit's `RoomGame`; `make_table(send)`: the kit's table; `options`: a widget
    with the game's options and `read_options()` to read them; `bot_label`: a bot's name in
    the reader's words; `file_name`: the page's file (for the link); `open_store`: the
    store (default: the class store of `KIT_CLASS_DB` or the default file); `poll_s`: how
    often to look for changes (None: never by itself, as in the page's checks, and the
    bots answer before a move's call returns); `stall_s`: how long a room may wait on a bot,
    unchanged, before this page advances it."""

    def __init__(
        self,
        game: RoomGame,
        make_table: Callable[[Send], RoomTable],
        file_name: str,
        bot_label: Callable[[str], str] = str,
        options: w.Widget | None = None,
        read_options: Callable[[], Mapping[str, Any]] = dict,
        open_store: Callable[[], RoomStore] | None = None,
        poll_s: float | None = POLL_S,
        stall_s: float = STALL_S,
    ) -> None:
        self.game = game
        self.file_name = file_name
        self.bot_label = bot_label
        self.read_options = read_options
        self._open_store = open_store or (lambda: RoomStore([game]))
        self._store: RoomStore | None = None
        self._bots_store: RoomStore | None = None
        self._poll_s = poll_s
        self._stall_s = stall_s
        self._changed_at = time.monotonic()
        self._follower: threading.Thread | None = None
        self._follow_again = False
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self.seat: SeatKey | None = None
        self.creator: CreatorKey | None = None
        self.shown: RoomView | None = None
        #: The persons' seats away (seat -> seconds), as the store said at the last beat.
        self.away: dict[int, float] = {}
        self._beat_at = -HEARTBEAT_S

        self.address = PageAddress()
        self.memory = SeatMemory(beat_s=HEARTBEAT_S)
        self.memory.on_here(self.beat)
        self.name = bounded(
            w.Text(
                description=message("roomview.name"),
                placeholder=message("roomview.name_placeholder"),
            ),
            typed_limit(MAX_NICKNAME),  # a player's name: the store's nickname
        )
        self.name.add_class("kit-room-name")
        self.players = w.Dropdown(
            options=list(range(max(game.min_players, 1), game.max_players + 1)),
            value=min(max(game.min_players, 2), game.max_players),
            description=message("roomview.players"),
            style={"description_width": "initial"},
        )
        self.create_button = button(message("roomview.create"), message("roomview.create_tip"))
        self.create_button.button_style = "primary"
        self.create_button.add_class(ACTION_CLASS)
        self.create_button.add_class("kit-room-create")
        self.create_button.on_click(lambda _: self.create(self.name.value))
        self.code_input = bounded(
            w.Text(
                description=message("roomview.code_input"),
                placeholder=message("classview.code_placeholder"),
            ),
            MAX_CODE_TYPED,
        )
        self.code_input.add_class("kit-room-code-input")
        self.join_button = button(message("roomview.join"), message("roomview.join_tip"))
        self.join_button.add_class("kit-room-join")
        self.join_button.on_click(lambda _: self.join(self.code_input.value, self.name.value))
        self.code = w.HTML(f"<p>{message('roomview.no_room')}</p>")
        self.code.add_class("kit-room-code")
        self.notice = w.HTML()
        self.notice.add_class(OUTPUT_CLASS)
        self.bot_seat = w.Dropdown(options=[], description=message("roomview.seat"))
        self.bot_choice = w.Dropdown(
            options=[(bot_label(b), b) for b in game.bots],
            description=message("roomview.bot"),
        )
        self.bot_button = button(message("roomview.give"), message("roomview.give_tip"))
        self.bot_button.add_class("kit-room-bot")
        self.bot_button.on_click(
            lambda _: self.give_to_bot(self.bot_seat.value, self.bot_choice.value)
        )
        self.start_button = button(message("roomview.start"), message("roomview.start_tip"))
        self.start_button.button_style = "success"
        self.start_button.add_class("kit-room-start")
        self.start_button.on_click(lambda _: self.start())
        self.hand_rule = w.HTML(
            f"<p>{escape(message('roomview.hand_rule', seconds=int(HAND_AFTER_S)))}</p>"
        )
        self.creator_box = w.VBox(
            [
                wrapping(
                    w.HBox([self.bot_seat, self.bot_choice, self.bot_button, self.start_button])
                ),
                self.hand_rule,
            ]
        )
        # hidden by its Layout (ipywidgets' way to hide a widget), shown to the room's creator
        self.creator_box.layout.display = "none"
        self.scores = w.HTML()
        self.scores.add_class("kit-room-scores")
        self.over = w.HTML()
        self.table = make_table(self.send)
        self.setup = w.VBox(
            [
                self.name,
                wrapping(
                    w.HBox(
                        [self.players, *([options] if options is not None else []),
                         self.create_button]
                    )
                ),
                wrapping(w.HBox([self.code_input, self.join_button])),
            ]
        )  # fmt: skip
        self.widget = w.VBox(
            [
                self.address,
                self.memory,
                self.setup,
                self.notice,
                self.code,
                self.creator_box,
                self.scores,
                self.over,
                self.table.widget,
            ]
        )
        self.address.observe(lambda _: self._resume(), "href")
        self.memory.observe(lambda _: self._resume(), "stored")

    # -- the store, the seat kept by the browser ---------------------------------------------

    def store(self) -> RoomStore:
        """The store (opened on first use)."""
        if self._store is None:
            self._store = self._open_store()
        return self._store

    def notice_line(self) -> w.HTML:
        """Refusals go to their own line, never over the room's code or the table."""
        return self.notice

    def _resume(self) -> None:
        """The room's link opened again on a device that sat there: take the seat back. A
        link to a room that is no more (its life is over, or a wrong code) says so at once."""
        code = code_from_page(self.address.href)
        if not code or self.seat is not None:
            return
        if not self.code_input.value:
            self.code_input.value = code
        try:
            code = normalize_code(code)
            kept = self.memory.seats().get(code)
            if kept is None:
                self.store().version(code)  # (refused in a sentence when the room is no more)
                return
            self._sit(self.store().join(code, kept["name"], kept["token"]), kept.get("secret"))
        except KitError as error:
            self.show_notice(str(error))

    def _sit(self, seat: SeatKey, secret: Any = None) -> None:
        with self._lock:
            self.seat = seat
            if isinstance(secret, str):
                self.creator = CreatorKey(seat.code, secret)
            entry: dict[str, Any] = {"name": seat.name, "seat": seat.seat, "token": seat.token}
            if self.creator is not None:
                entry["secret"] = self.creator.secret
            self.memory.remember(seat.code, entry)
            self.name.value = seat.name
            self.code_input.value = seat.code
            for part in (self.name, self.players, self.create_button, self.code_input):
                part.disabled = True
            self.join_button.disabled = True
            self.notice.value = ""
            link = room_url(seat.code, self.address.href, self.file_name)
            anchor = f"<a href='{escape(link)}'>{escape(link)}</a>"
            qr = escape(message("roomview.qr"))
            self.code.value = (
                f"<p>{message('roomview.code')} <b class='kit-code'>"
                f"{escape(seat.code)}</b></p>"
                f"<p class='kit-link-line'>{message('roomview.invite', link=anchor)}</p>"
                f"<div role='img' aria-label='{qr}'>{qr_svg(link)}</div>"
                f"<p>{escape(message('roomview.you', name=seat.name, seat=seat.seat + 1))}</p>"
            )
        self.refresh(force=True)
        self._start_polling()

    # -- the actions -------------------------------------------------------------------------

    def create(self, name: str) -> CreatorKey:
        """Create a room with the chosen seats and options, sitting at its first seat (the
        button "Create a room")."""
        creator, seat = self.store().create_room(
            self.game.name, name, self.players.value, dict(self.read_options())
        )
        self.creator = creator
        self._sit(seat, creator.secret)
        return creator

    def join(self, code: str, name: str) -> SeatKey:
        """Join the room `code` as `name` (the button "Join"); a name this browser sat under
        before comes back with its token."""
        normal = normalize_code(code)
        kept = self.memory.seats().get(normal)
        token = kept["token"] if kept is not None and kept["name"] == name.strip() else None
        seat = self.store().join(normal, name, token)
        self._sit(seat, kept.get("secret") if kept is not None and token is not None else None)
        return seat

    def give_to_bot(self, seat: int, bot: str) -> None:
        """The creator gives a seat (empty, or a person's who left) to a bot."""
        with self._lock:
            self.store().set_bot(self._creator(), seat, bot, follow=False)
        self.refresh()
        self.follow()

    def start(self) -> None:
        """The creator starts the game (the button "Start")."""
        with self._lock:
            self.store().start(self._creator(), follow=False)
        self.refresh()
        self.follow()

    def _creator(self) -> CreatorKey:
        if self.creator is None:
            code = self.seat.code if self.seat is not None else ""
            raise RoomError("not_creator", message("room.not_creator", code=code))
        return self.creator

    def beat(self) -> None:
        """The browser says the page is shown: tell the store this seat's device is there
        (at most once per half `HEARTBEAT_S`, whatever a browser sends), and redraw the table
        when who is away changed."""
        if self.seat is None or time.monotonic() - self._beat_at < HEARTBEAT_S / 2:
            return
        self._beat_at = time.monotonic()
        try:
            with self._lock:
                away = self.store().here(self.seat)
                changed = _away_kinds(away) != _away_kinds(self.away)
                self.away = away
                self.refresh(force=changed)
        except KitError as error:  # the store out of reach: said; the next beat tries again
            self.notice.value = f"<p>{escape(str(error))}</p>"

    def send(self, move: dict[str, Any]) -> None:
        """Play `move` for this device's seat (the kit's table's buttons call it); the store
        refuses, in a sentence, a move that is not this seat's to make."""
        if self.seat is None:
            raise RoomError("not_seated", message("room.not_seated"))
        with self._lock:  # (the poll thread uses the same store object)
            number = self.shown.moves if self.shown is not None else 0
            self.store().play(self.seat, number, move, follow=False)
        self.notice.value = ""
        self.refresh()
        self.follow()

    def follow(self) -> None:
        """Let chance and the bots act after this page's move (`RoomStore.advance`): in a
        thread of their own while the page polls (one at a time; a call while it runs has
        it look once more), so the move is drawn here and shown everywhere without waiting
        for them; at once without polling (the page's checks)."""
        if self.seat is None:
            return
        code = self.seat.code
        if self._poll_s is None:
            with self._lock:
                self.store().advance(code)
            self.refresh()
            return
        with self._lock:
            self._follow_again = True
            if self._follower is not None:
                return  # (the thread running looks once more)
            self._follower = threading.Thread(
                target=self._following, args=(code,), name="kit-room-bots", daemon=True
            )
            self._follower.start()

    def _following(self, code: str) -> None:
        """The bots' thread: advance the room (with a store object of its own: the bots
        think without holding the page's lock) until no call asks for more. (A failure
        ends the thread, and the next call starts another: a page seeing the room stall
        calls again.)"""
        done = False
        try:
            while True:
                with self._lock:
                    if not self._follow_again:
                        self._follower, done = None, True
                        return
                    self._follow_again = False
                try:
                    if self._bots_store is None:
                        self._bots_store = self._open_store()
                    self._bots_store.advance(code)
                except KitError as error:  # said; a page seeing the room stall tries again
                    self.notice.value = f"<p>{escape(str(error))}</p>"
        finally:
            if not done:
                with self._lock:
                    self._follower = None

    # -- drawing -------------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> RoomView | None:
        """Ask the store for the room and redraw it if it changed."""
        if self.seat is None:
            return None
        with self._lock:
            store = self.store()
            if (
                not force
                and self.shown is not None
                and store.version(self.seat.code) == self.shown.version
            ):
                self._watch(self.shown)
                return self.shown
            view = store.view(self.seat.code)
            if force or self.shown is None or view.version != self.shown.version:
                self.shown = view
                self._changed_at = time.monotonic()
                self._draw(view)
            self._watch(view)
            return view

    def _watch(self, view: RoomView) -> None:
        """A room waiting on a bot, unchanged for `stall_s` seconds (seat 1's page; the
        next seat's `stall_s / 2` later, and so on): the kernel that was to advance it
        stopped (or failed); this page advances it (a step is written once, whoever plans
        it)."""
        seat = self.seat.seat if self.seat is not None else 0
        stall = self._stall_s * (1 + seat / 2)
        if view.waits_for_bots and time.monotonic() - self._changed_at >= stall:
            self._changed_at = time.monotonic()
            self.follow()

    def _draw(self, view: RoomView) -> None:
        seat = self.seat.seat if self.seat is not None else None
        rows = []
        for s in view.seats:
            if s.name is None:
                who = message("roomview.empty")
            elif s.bot is not None:
                who = message("roomview.a_bot", bot=self.bot_label(s.bot))
            elif s.seat in self.away:
                gone = self.away[s.seat] >= HAND_AFTER_S
                who = message("roomview.person_gone" if gone else "roomview.person_away")
            else:
                who = message("roomview.person")
            name = escape(s.name) if s.name is not None else "—"
            if s.seat == seat:
                name = f"<b>{name}</b> ({escape(message('roomview.this_device'))})"
            score = str(view.scores[s.seat]) if s.seat < len(view.scores) else ""
            mark = " ◀" if view.to_act == s.seat else ""
            rows.append(
                f"<tr><td>{s.seat + 1}</td><td>{name}</td><td>{escape(who)}</td>"
                f"<td>{score}{mark}</td></tr>"
            )
        head = "".join(
            f"<th>{escape(message(k))}</th>"
            for k in ("roomview.seat", "roomview.player", "roomview.who", "roomview.score")
        )
        status = message(f"roomview.status.{view.status}")
        moves = message("roomview.moves", n=view.moves) if view.status != WAITING else ""
        self.scores.value = (
            f"<p><b>{escape(status)}</b> {escape(moves)}</p>"
            f"<table class='kit-table'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
        creating = self.creator is not None and view.status != OVER
        self.creator_box.layout.display = None if creating else "none"
        self.start_button.disabled = view.status != WAITING
        handable = {seat for seat, seconds in self.away.items() if seconds >= HAND_AFTER_S}
        choices = [
            (message("roomview.seat_n", n=s.seat + 1), s.seat)
            for s in view.seats
            if s.seat > 0
            and (
                (s.bot is None and s.seat in handable)
                or (view.status == WAITING and (s.name is None or s.bot is not None))
            )
        ]
        if tuple(choices) != tuple(self.bot_seat.options):
            self.bot_seat.options = choices
            if choices and self.bot_seat.value is None:
                # a dropdown whose options were empty selects none of its new ones: the creator
                # saw a blank "Seat", and "Give to the bot" gave nothing
                self.bot_seat.value = choices[0][1]
        self.bot_button.disabled = not choices
        if view.status == OVER:
            link = record_link(self.game, view.code, self.store().record(view.code))
            self.over.value = f"<p><b>{escape(self._result(view))}</b></p><p>{link}</p>"
            self.over.add_class("kit-room-over")
        self.table.show(view, seat if view.status != WAITING else None)

    def _result(self, view: RoomView) -> str:
        best = max(view.returns, default=0.0)
        winners = [s.name or "" for s in view.seats if best > 0 and view.returns[s.seat] == best]
        if not winners:
            return message("roomview.over_none")
        return message("roomview.over", names=", ".join(winners))

    # -- polling ---------------------------------------------------------------------------

    def _start_polling(self) -> None:
        if self._poll_s is None or self._poller is not None:
            return
        self._poller = threading.Thread(target=self._poll, name="kit-room-poll", daemon=True)
        self._poller.start()

    def _poll(self) -> None:
        assert self._poll_s is not None
        while not self._stop.wait(self._poll_s):
            try:
                self.refresh()
            except KitError as error:  # the store out of reach: say so, try again
                self.notice.value = f"<p>{escape(str(error))}</p>"

    def stop(self) -> None:
        """Stop polling (the page's kernel is going away, or a test is over); the bots'
        thread ends with its step."""
        self._stop.set()
        if self._poller is not None:
            self._poller.join(5)
        follower = self._follower
        if follower is not None:
            follower.join(5)

    def summary(self) -> str:
        if self.seat is None:
            return message("roomview.summary_none")
        status = self.shown.status if self.shown is not None else WAITING
        return message(
            "roomview.summary",
            code=self.seat.code,
            seat=self.seat.seat + 1,
            status=message(f"roomview.status.{status}"),
        )
