"""Rooms: people playing one game together from their own devices, any game that speaks the
game protocol (`kit_common.game`) and has a `RoomGame` (each kit describes its own).

A room lives in the class store (`kit_common.class_store`, its tables `kit_room`,
`kit_room_seat`, `kit_room_move`), so it survives an app restart and every page of the same
store sees it. The store decides; pages only ask and poll:

- a person creates a room (a code like a class's, and a creator's secret, stored hashed) and
  sits at its first seat; others join with a name and get a seat token (stored hashed) that
  no one else has: with it, a device that left takes its seat back by joining again under
  the same name; the creator gives empty seats to the kit's bots and starts;
- a move carries its seat's token and the number it should take (how many moves the device
  saw): the store replays the room's moves through the kit's rules, checks that it is that
  seat's turn and that the move is legal, and stores it under that number, unique per room,
  so that of two moves sent at once exactly one applies, the other is told why not;
- chance (dice, draws) and bots act after a move, drawn from the room's seed (each draw, and
  each bot's decision, from `random.Random` seeded with the seed and its move number), and
  are stored as moves too: the game is the replay of its moves, whoever replays it;
- every refusal is a `RoomError` with a sentence (not your seat, not your turn, the rule an
  illegal move breaks, a stale or replayed move number, too many moves too fast, a full
  room, a bad name), and changes nothing (only the rate limit's count of tries is kept);
- at the end the kit's game record is stored with the room; `record` gives it at any time
  (the kits' `replay` commands replay it);
- a person's move is stored and shown first, the bots' answers after it: `play` writes the
  seat's move (with the dice it throws) in one short transaction, every device can show it
  then; `advance` lets chance and the bots act, each bot's decision (with the draws before
  it) written in a transaction of its own, so that the devices show each bot's move as it
  comes and never wait for all of them. `play`, `start` and `set_bot` advance the room
  themselves unless told not to (`follow=False`: the page shows the person's move, then
  advances in the background); any kernel may advance a room left waiting on a bot (one
  whose kernel stopped while its bots thought): a step is written once, whoever plans it;
- bots think outside the store's write transaction (a planner thinks for a second): a step
  is planned on the room as read, then written in a short transaction if the room is still
  as it was read (its `version`), else planned again (`MAX_TRIES`);
- a device says it is there (`here`, every `HEARTBEAT_S` seconds while its page is shown):
  a seat not heard from for `AWAY_S` seconds shows as away, and only a seat away for
  `HAND_AFTER_S` seconds may be handed to a bot; the seat's device takes it back from the
  bot when it is there again;
- rooms do not live for ever: a room without a move, join or seat change for
  `ROOM_IDLE_DAYS` days, or whose game ended `KEEP_OVER_DAYS` days ago (kept that long for
  its replay), is refused with a sentence and removed at the next room created
  (`remove_expired`).

Names are text: pages show them escaped, never as HTML.
"""

from __future__ import annotations

import hmac
import json
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from kit_common.checks import shown
from kit_common.class_store import (
    MAX_GAME_NAME,
    ClassStore,
    _hash,
    _utc_now,
    new_code,
    normalize_code,
    normalize_nickname,
    room_moves,
    room_seats,
    rooms,
)
from kit_common.errors import InputError, KitError, RuleError
from kit_common.game import CHANCE, Agent, GameState, run
from kit_common.words import message

#: A device may try at most this many moves in `RATE_WINDOW_S` seconds (a person plays a few
#: a second at most; a script flooding the store is refused).
RATE_MOVES = 20
RATE_WINDOW_S = 10.0
#: The safety net of the loop that lets chance and the bots act after a move.
MAX_AUTO_STEPS = 20_000
#: A person's move that throws the dice of a chance node the seat owns (Martian Dice's Roll
#: at the start of a turn): `{"throw": true}`; any other move is `{"action": <kit's data>}`.
THROW = "throw"
ACTION = "action"
#: What a room can be: waiting for players, being played, finished.
WAITING, PLAYING, OVER = "waiting", "playing", "over"
#: A room nobody moved in, joined or changed for this many days is closed (and removed).
ROOM_IDLE_DAYS = 7
#: A finished game is kept this many days after its end (for its record and replay).
KEEP_OVER_DAYS = 30
#: A page's browser says its device is there every this many seconds while it shows it.
HEARTBEAT_S = 5.0
#: A seat not heard from for this many seconds is shown as away.
AWAY_S = 20.0
#: A person's seat may be handed to a bot only after this many seconds away.
HAND_AFTER_S = 60.0
#: How many times a move (or a bot handed a seat, or the start) is worked out again when the
#: room changed while its bots were thinking.
MAX_TRIES = 5


class RoomError(KitError):
    """A room's action that the store refuses, with a sentence for the person; `reason` is a
    short id ("room.<reason>" in the catalogue, or "rule" for a move the rules refuse).
    Nothing was changed."""

    def __init__(self, reason: str, message_text: str) -> None:
        super().__init__(message_text)
        self.reason = reason


def _refuse(reason: str, /, **values: object) -> RoomError:
    return RoomError(reason, message(f"room.{reason}", **values))


@dataclass(frozen=True)
class RoomGame:
    """What a room needs of a game, given by its kit: its `name` (stored with the room), how
    many seats it takes, the names of the bots its page offers (`bot` may know more, as a
    planner of another budget), and functions that start a game for named
    seats with the room's options (`start`; `options` first checked by `check_options`, which
    raises `InputError`), give a bot by name (`bot`), say a move or chance outcome as JSON and
    read it back (`encode`, `decode`: `InputError` for one that is not a move of the game),
    give each seat's score (`scores`) and the kit's game record (`record`, JSON text the
    kit's `replay` command reads: `replay`, the command line without the file, e.g.
    "martian-kit replay")."""

    name: str
    min_players: int
    max_players: int
    bots: tuple[str, ...]
    start: Callable[[Sequence[str], Mapping[str, Any]], GameState[Any, Any]]
    check_options: Callable[[Any, int], dict[str, Any]]
    bot: Callable[[str], Agent[Any]]
    encode: Callable[[Any], Any]
    decode: Callable[[Any, int, Any], Any]
    scores: Callable[[Any], tuple[int, ...]]
    record: Callable[[Any, int], str]
    replay: str


@dataclass(frozen=True)
class CreatorKey:
    """What the creator's page holds: the room's code and the creator's secret (fills seats
    with bots, starts, hands a seat to a bot)."""

    code: str
    secret: str


@dataclass(frozen=True)
class SeatKey:
    """What a player's device holds: the room's code, the seat, the name and the seat's token
    (without it nobody moves for this seat; with it, the device takes the seat back)."""

    code: str
    seat: int
    name: str
    token: str


@dataclass(frozen=True)
class Seat:
    """A seat as everyone sees it: its number, the name at it (None while it is empty) and
    the bot's name when a bot plays it."""

    seat: int
    name: str | None
    bot: str | None

    @property
    def is_empty(self) -> bool:
        return self.name is None


@dataclass(frozen=True)
class RoomView:
    """A room as every device shows it: its game and options, its seats, where it is
    (`status`: waiting, playing, over), how many moves were played, the game now (None before
    the start), the seat to act (None at the end or before the start) and the room's
    `version` (it changes with every change of the room: a page redraws when it does); the
    `history` of the moves, as (actor, move), and the game at its `start`, before them."""

    code: str
    game: str
    options: Mapping[str, Any]
    status: str
    seats: tuple[Seat, ...]
    moves: int
    version: int
    state: Any = None
    to_act: int | None = None
    scores: tuple[int, ...] = ()
    returns: tuple[float, ...] = ()
    history: tuple[tuple[int, Any], ...] = field(default=(), repr=False)
    start: Any = field(default=None, repr=False)

    @property
    def is_over(self) -> bool:
        return self.status == OVER

    @property
    def waits_for_bots(self) -> bool:
        """Whether chance or a bot is to act (the room's `advance` plays them), not a
        person."""
        if self.status != PLAYING:
            return False
        return self.to_act is None or self.seats[self.to_act].bot is not None


@dataclass
class _Replay:
    """A room's game replayed up to `moves` moves (kept by a store object per room, so a poll
    applies only the moves it has not seen)."""

    moves: int
    state: Any
    history: list[tuple[int, Any]]
    start: Any


class _StepSeeds:
    """The random source of a room's steps as `kit_common.game.run` plays them: before each
    step (`before_step`, the driver's `until`) `rng` is seeded with the room's seed and the
    step's move number (the `first` plus the steps `made` so far), and the driver stops once
    a bot has decided (the step after a decision is the next write's)."""

    def __init__(self, seed: int, first: int, made: list[tuple[int, Any]]) -> None:
        self.rng = random.Random(0)
        self._seed, self._first, self._made = seed, first, made

    def before_step(self, state: Any) -> bool:
        made = self._made
        if made and made[-1][0] != CHANCE:
            return True  # one bot's decision a write
        self.rng.seed(f"{self._seed}:{self._first + len(made)}")
        return False


class RoomStore:
    """The rooms' one door: the pages and the load benchmark go through these methods.
    `games`: the games this store object plays (by `RoomGame.name`); a room of another game
    is refused with a sentence. `url` and `now` as for `ClassStore`; `rate`: at most so many
    tries of moves by one seat in so many seconds."""

    def __init__(
        self,
        games: Iterable[RoomGame],
        url: str | None = None,
        now: Callable[[], datetime] = _utc_now,
        rate: tuple[int, float] = (RATE_MOVES, RATE_WINDOW_S),
    ) -> None:
        #: The class store the rooms live in (its connection, schema and transactions).
        self.store = ClassStore(url, now)
        self.url = self.store.url
        self._now = now
        self._write = self.store._write
        self._read = self.store._read
        self.games = {game.name: game for game in games}
        self.rate = rate
        self._replays: dict[int, _Replay] = {}
        self._views: dict[str, RoomView] = {}

    def dispose(self) -> None:
        """Close the store's connections."""
        self.store.dispose()

    # -- plumbing ------------------------------------------------------------------------

    def _room_row(self, conn: Connection, code: str, lock: bool) -> Any:
        query = sa.select(rooms).where(rooms.c.code == code)
        if lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise _refuse("unknown", code=code, days=ROOM_IDLE_DAYS, kept=KEEP_OVER_DAYS)
        if self._expired(row):
            if row.status == OVER:
                raise _refuse("expired_over", code=code, days=KEEP_OVER_DAYS)
            raise _refuse("expired", code=code, days=ROOM_IDLE_DAYS)
        return row

    def _expired(self, row: Any) -> bool:
        """Whether the room's life is over (see `ROOM_IDLE_DAYS`, `KEEP_OVER_DAYS`)."""
        days = KEEP_OVER_DAYS if row.status == OVER else ROOM_IDLE_DAYS
        return bool(self._now() - row.active_at > timedelta(days=days))

    def _remove_expired(self, conn: Connection) -> int:
        now = self._now()
        return int(
            conn.execute(
                rooms.delete().where(
                    sa.or_(
                        sa.and_(
                            rooms.c.status != OVER,
                            rooms.c.active_at < now - timedelta(days=ROOM_IDLE_DAYS),
                        ),
                        sa.and_(
                            rooms.c.status == OVER,
                            rooms.c.active_at < now - timedelta(days=KEEP_OVER_DAYS),
                        ),
                    )
                )
            ).rowcount
        )

    def remove_expired(self) -> int:
        """Remove the rooms whose life is over, with their seats and moves (creating a room
        does it too); how many were removed."""
        with self._changing() as conn:
            return self._remove_expired(conn)

    def _game(self, row: Any) -> RoomGame:
        game = self.games.get(row.game)
        if game is None:
            raise _refuse("other_game", code=row.code, game=row.game)
        return game

    def _creator_row(self, conn: Connection, key: CreatorKey, lock: bool = True) -> Any:
        code = normalize_code(key.code)
        row = self._room_row(conn, code, lock=lock)
        secret = key.secret if isinstance(key.secret, str) else ""
        if not hmac.compare_digest(row.secret_hash, _hash(secret)):
            raise _refuse("not_creator", code=code)
        return row

    def _seat_rows(self, conn: Connection, room_id: int) -> list[Any]:
        return list(
            conn.execute(
                sa.select(room_seats)
                .where(room_seats.c.room_id == room_id)
                .order_by(room_seats.c.seat)
            ).all()
        )

    def _forget(self) -> None:
        """Drop the replays kept (after a write that did not commit: they may hold a start
        that did not happen)."""
        self._replays.clear()
        self._views.clear()

    @contextmanager
    def _changing(self) -> Iterator[Connection]:
        """A writing transaction; the replays kept are dropped when it fails."""
        try:
            with self._write() as conn:
                yield conn
        except BaseException:
            self._forget()
            raise

    def _touch(self, conn: Connection, row: Any, **values: Any) -> None:
        conn.execute(
            rooms.update()
            .where(rooms.c.id == row.id)
            .values(version=rooms.c.version + 1, active_at=self._now(), **values)
        )

    def _replayed(self, conn: Connection, row: Any, game: RoomGame) -> _Replay:
        """The room's game after its stored moves (from this object's copy, plus the moves
        stored since)."""
        known = self._replays.get(row.id)
        if known is None or known.moves > row.moves:
            players = json.loads(row.players)
            start = game.start(players, json.loads(row.options))
            known = _Replay(0, start, [], start)
        if known.moves < row.moves:
            found = conn.execute(
                sa.select(room_moves.c.number, room_moves.c.actor, room_moves.c.move)
                .where(room_moves.c.room_id == row.id, room_moves.c.number >= known.moves)
                .order_by(room_moves.c.number)
            ).all()
            state, history = known.state, list(known.history)
            for number, actor, data in found:
                if number != len(history):  # a gap: a row the store never writes
                    raise _refuse("corrupt", code=row.code, number=number)
                move = game.decode(state, actor, json.loads(data))
                state = state.apply_chance(move) if actor == CHANCE else state.apply_action(move)
                history.append((actor, move))
            known = _Replay(len(history), state, history, known.start)
            self._replays[row.id] = known
        return known

    def _next_steps(
        self, row: Any, game: RoomGame, state: Any, seats: Sequence[Any], number: int
    ) -> tuple[Any, list[tuple[int, Any]]]:
        """What chance and the bots do next from `state` (move `number` next): the draws up
        to and including one bot's decision, stopping where a person must act or the game
        ends (no moves: there is nothing for them to do). The game protocol's driver
        (`kit_common.game.run`) plays them, the bots as its agents, so that a room stops
        where every other loop of the kits stops for a person; `_StepSeeds` (its `until`)
        gives each draw or decision `random.Random` seeded with the room's seed and its own
        move number, so the game is the same however its steps are written, and whichever
        kernel plans them, and stops the driver after one bot's decision: one decision a
        write, every device shows it as it comes. (The bot thinks here: never inside a write
        transaction.)"""
        bots = {s.seat: _bot_agent(game, s.bot) for s in seats if s.bot is not None}
        made: list[tuple[int, Any]] = []
        seeds = _StepSeeds(row.seed, number, made)
        state = run(
            state,
            bots,
            seeds.rng,
            until=seeds.before_step,
            on_step=lambda _before, actor, move, _after: made.append((actor, move)),
            max_steps=MAX_AUTO_STEPS,
        )
        return state, made

    def advance(self, code: str) -> RoomView:
        """Let chance and the bots act in the room `code` until a person must act or the
        game ends, each bot's decision (with the draws before it) planned outside the write
        transaction and written in a short transaction of its own, if the room is still as
        it was read (else planned again from the room as it is). `play`, `start` and
        `set_bot` call it unless told not to; a page calls it after showing its own move,
        and for a room left waiting on a bot. The room now."""
        code = normalize_code(code)
        steps = tries = 0
        while True:
            with self._read() as conn:
                row = self._room_row(conn, code, lock=False)
                game = self._game(row)
                if row.status != PLAYING:
                    break
                replay = self._replayed(conn, row, game)
                seats = self._seat_rows(conn, row.id)
            state, made = self._next_steps(row, game, replay.state, seats, replay.moves)
            if not made:
                break
            try:
                with self._changing() as conn:
                    now_row = self._room_row(conn, code, lock=True)
                    fresh = now_row.version == row.version
                    if fresh:
                        self._finish(conn, now_row, game, replay, made, state)
            except sa.exc.IntegrityError:
                fresh = False  # another kernel stored this step first
            if fresh:
                steps, tries = steps + len(made), 0
                if steps > MAX_AUTO_STEPS:
                    raise RuntimeError(message("game.runaway", steps=MAX_AUTO_STEPS))
            else:
                tries += 1
                if tries >= MAX_TRIES:
                    raise _refuse("busy")
        return self.view(code)

    def _store_moves(
        self,
        conn: Connection,
        row: Any,
        game: RoomGame,
        first: int,
        made: Sequence[tuple[int, Any]],
    ) -> None:
        if not made:
            return
        now = self._now()
        conn.execute(
            room_moves.insert(),
            [
                {
                    "room_id": row.id,
                    "number": first + i,
                    "actor": actor,
                    "move": json.dumps(game.encode(move)),
                    "made_at": now,
                }
                for i, (actor, move) in enumerate(made)
            ],
        )

    def _finish(
        self,
        conn: Connection,
        row: Any,
        game: RoomGame,
        replay: _Replay,
        made: Sequence[tuple[int, Any]],
        state: Any,
        **values: Any,
    ) -> None:
        """Store `made` after the replayed moves, and the room's new count, status and
        (at the end) record. (The next replay reads them back: a replay kept is always of
        committed moves.)"""
        self._store_moves(conn, row, game, replay.moves, made)
        moves = replay.moves + len(made)
        over = state.is_terminal()
        self._touch(
            conn,
            row,
            moves=moves,
            status=OVER if over else PLAYING,
            record=game.record(state, row.seed) if over else None,
            **values,
        )

    def _away_for(self, seat_row: Any) -> float:
        """How many seconds the person at `seat_row` has not been heard from."""
        seen = seat_row.seen_at
        if seen is None:
            return float("inf")
        return max(0.0, (self._now() - seen).total_seconds())

    def _check_handable(self, seat_row: Any) -> None:
        """A person's seat goes to a bot only once its device was away `HAND_AFTER_S`."""
        if seat_row.token_hash is None or seat_row.bot is not None:
            return
        away = self._away_for(seat_row)
        if away < HAND_AFTER_S:
            raise _refuse(
                "still_here", name=seat_row.name, seconds=int(away), after=int(HAND_AFTER_S)
            )

    # -- the creator's actions -------------------------------------------------------------

    def create_room(
        self,
        game_name: str,
        name: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[CreatorKey, SeatKey]:
        """A new room of `game_name` for `players` seats with the game's `options`; its
        creator sits at seat 0 as `name`. The creator's key and seat key. Every chance draw
        comes from `seed` (default: drawn by `secrets`), stored with the room. The rooms
        whose life is over are removed first."""
        game = self.games.get(game_name) if isinstance(game_name, str) else None
        if game is None:
            raise InputError(
                "game",
                message(
                    "room.bad_game", known=", ".join(sorted(self.games)), value=shown(game_name)
                ),
            )
        if not (
            isinstance(players, int)
            and not isinstance(players, bool)
            and game.min_players <= players <= game.max_players
        ):
            raise InputError(
                "players",
                message(
                    "room.bad_players",
                    low=game.min_players,
                    high=game.max_players,
                    value=shown(players),
                ),
            )
        checked = game.check_options({} if options is None else options, players)
        if seed is not None and not (isinstance(seed, int) and 0 <= seed < 2**62):
            raise InputError("seed", message("room.bad_seed", value=shown(seed)))
        person = _name(name)
        secret = secrets.token_urlsafe(24)
        token = secrets.token_urlsafe(24)
        for _ in range(8):  # a code already taken is redrawn
            code = new_code()
            try:
                with self._write() as conn:
                    self._remove_expired(conn)
                    now = self._now()
                    room_id = conn.execute(
                        rooms.insert()
                        .values(
                            code=code,
                            secret_hash=_hash(secret),
                            game=game.name,
                            options=json.dumps(checked, sort_keys=True),
                            seats=players,
                            seed=secrets.randbits(62) if seed is None else seed,
                            status=WAITING,
                            players=None,
                            moves=0,
                            version=0,
                            record=None,
                            created_at=now,
                            active_at=now,
                        )
                        .returning(rooms.c.id)
                    ).scalar_one()
                    self._insert_seat(conn, room_id, 0, person, None, token)
                return CreatorKey(code, secret), SeatKey(code, 0, person, token)
            except sa.exc.IntegrityError:
                continue
        raise _refuse("no_code")

    def _insert_seat(
        self,
        conn: Connection,
        room_id: int,
        seat: int,
        name: str,
        bot: str | None,
        token: str | None,
    ) -> None:
        now = self._now()
        conn.execute(
            room_seats.insert().values(
                room_id=room_id,
                seat=seat,
                name=name,
                bot=bot,
                token_hash=None if token is None else _hash(token),
                window_start=now,
                window_count=0,
                seen_at=None if token is None else now,
            )
        )

    def set_bot(self, key: CreatorKey, seat: int, bot: str, follow: bool = True) -> RoomView:
        """Give `seat` to the kit's bot `bot`: before the start an empty seat or a bot's;
        at any time a person's seat whose device has been away `HAND_AFTER_S` seconds (the
        bot plays that seat's turns until the person's device is there again, or joins
        again with the seat's token). The creator's own seat stays theirs. When it is that
        seat's turn the bot then plays it (`advance`; `follow=False`: the caller advances)."""
        with self._changing() as conn:
            row = self._creator_row(conn, key)
            game = self._game(row)
            current = {s.seat: s for s in self._seat_rows(conn, row.id)}
            self._set_bot_checks(row, game, list(current.values()), seat, bot)
            if seat in current:
                conn.execute(  # (a person's token stays: they may come back)
                    room_seats.update().where(room_seats.c.id == current[seat].id).values(bot=bot)
                )
            else:
                name = message("room.bot_name", bot=bot, seat=seat + 1)[:30]
                self._insert_seat(conn, row.id, seat, name, bot, None)
            self._touch(conn, row)
            playing = row.status == PLAYING
        return self.advance(key.code) if follow and playing else self.view(key.code)

    def _set_bot_checks(
        self, row: Any, game: RoomGame, seats: list[Any], seat: Any, bot: Any
    ) -> list[Any]:
        """Refuse (with a sentence) a seat or bot that cannot be given; the room's seats."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 < seat < row.seats):
            raise InputError("seat", message("room.bad_seat", high=row.seats, value=shown(seat)))
        if not (isinstance(bot, str) and (bot in game.bots or _known_bot(game, bot))):
            raise InputError(
                "bot", message("room.bad_bot", known=", ".join(game.bots), value=shown(bot))
            )
        if row.status == OVER:
            raise _refuse("over", code=row.code)
        current = {s.seat: s for s in seats}
        if seat not in current:
            if row.status != WAITING:  # (a started room has every seat taken)
                raise _refuse("started", code=row.code)
        else:
            self._check_handable(current[seat])
        return seats

    def start(self, key: CreatorKey, follow: bool = True) -> RoomView:
        """Start the game: every seat must be taken (by a person or a bot); then chance and
        the bots act until a person must (`advance`; `follow=False`: the caller advances)."""
        for _ in range(MAX_TRIES):
            with self._read() as conn:
                row = self._creator_row(conn, key, lock=False)
                game = self._game(row)
                if row.status != WAITING:
                    raise _refuse("started", code=row.code)
                seats = self._seat_rows(conn, row.id)
            taken = {s.seat for s in seats}
            empty = [seat + 1 for seat in range(row.seats) if seat not in taken]
            if empty:
                raise _refuse("empty_seats", seats=", ".join(map(str, empty)))
            players = [s.name for s in seats]
            first = game.start(players, json.loads(row.options))
            replay = _Replay(0, first, [], first)
            with self._changing() as conn:
                now_row = self._creator_row(conn, key)
                if now_row.version != row.version:
                    continue  # a seat changed while the game was set up: again
                self._finish(conn, now_row, game, replay, [], first, players=json.dumps(players))
            return self.advance(key.code) if follow else self.view(key.code)
        raise _refuse("busy")

    # -- a player's actions ----------------------------------------------------------------

    def join(self, code: str, name: str, token: str | None = None) -> SeatKey:
        """Sit at the room `code` as `name`: the first empty seat while the room waits. A
        device that sat there before joins again under its name with its `token` and gets
        its seat back (also once the game has started, and from a bot it was handed to);
        nobody else can take that name."""
        code = normalize_code(code)
        person = _name(name)
        with self._write() as conn:
            row = self._room_row(conn, code, lock=True)
            self._game(row)
            seats = self._seat_rows(conn, row.id)
            same = next((s for s in seats if s.name == person), None)
            if same is not None:
                given = token if isinstance(token, str) else ""
                if same.token_hash is None or not hmac.compare_digest(
                    same.token_hash, _hash(given)
                ):
                    raise _refuse("name_taken", name=person)
                # (handed to a bot while away: the person is back)
                conn.execute(
                    room_seats.update()
                    .where(room_seats.c.id == same.id)
                    .values(bot=None, seen_at=self._now())
                )
                self._touch(conn, row)
                return SeatKey(code, same.seat, person, given)
            if row.status != WAITING:
                raise _refuse("started", code=code)
            taken = {s.seat for s in seats}
            free = [seat for seat in range(row.seats) if seat not in taken]
            if not free:
                raise _refuse("full", code=code, seats=row.seats)
            new_token = secrets.token_urlsafe(24)
            self._insert_seat(conn, row.id, free[0], person, None, new_token)
            self._touch(conn, row)
        return SeatKey(code, free[0], person, new_token)

    def here(self, key: SeatKey) -> dict[int, float]:
        """The device of `key` is there (its page is shown: the page's browser says so every
        `HEARTBEAT_S` seconds). A seat handed to a bot while its device was away is the
        person's again. The persons' seats away now: seat -> seconds not heard from.
        (A beat is written only when the seat's time is `AWAY_S / 2` old, or a bot plays
        it: every other beat is a read, and a device there never shows as away.)"""
        code = normalize_code(key.code)
        with self._read() as conn:
            row = self._room_row(conn, code, lock=False)
            seat_row = self._seat_by_token(conn, row.id, key)
            if seat_row.bot is None and self._away_for(seat_row) < AWAY_S / 2:
                return self._away(self._seat_rows(conn, row.id))
        with self._changing() as conn:
            # (the room's row first, as every writer locks it: no two wait for each other)
            row = self._room_row(conn, code, lock=True)
            seat_row = self._seat_by_token(conn, row.id, key)
            conn.execute(
                room_seats.update()
                .where(room_seats.c.id == seat_row.id)
                .values(seen_at=self._now(), bot=None)
            )
            if seat_row.bot is not None and row.status != OVER:
                self._touch(conn, row)  # every device redraws: the person is back
            seats = self._seat_rows(conn, row.id)
        return self._away(seats)

    def away(self, code: str) -> dict[int, float]:
        """The persons' seats away now (not heard from for `AWAY_S` seconds): seat ->
        seconds."""
        code = normalize_code(code)
        with self._read() as conn:
            row = self._room_row(conn, code, lock=False)
            return self._away(self._seat_rows(conn, row.id))

    def _away(self, seats: Sequence[Any]) -> dict[int, float]:
        found = {s.seat: self._away_for(s) for s in seats if s.token_hash is not None}
        return {seat: seconds for seat, seconds in found.items() if seconds >= AWAY_S}

    def play(self, key: SeatKey, number: int, move: Any, follow: bool = True) -> RoomView:
        """The seat of `key` plays `move` ({"action": the kit's data} or {"throw": true}) as
        the room's move `number` (the count of moves its device has seen). Refused with a
        sentence, nothing changed, when the token is not that seat's, the number is not the
        next one, it is not that seat's turn, the move is not one of the game or breaks a
        rule, or the seat tries too many moves too fast. The move (with the dice it throws)
        is checked on the room as read and written alone, in a short transaction, if the
        room is still as it was read (else checked again): every device can show it then.
        Then chance and the bots answer it (`advance`; `follow=False`: the caller advances,
        as the page does in the background once it has shown the move)."""
        code = normalize_code(key.code)
        counted = False
        for _ in range(MAX_TRIES):
            with self._read() as conn:
                row = self._room_row(conn, code, lock=False)
                game = self._game(row)
                seat_row = self._seat_by_token(conn, row.id, key)
                replay = self._replayed(conn, row, game) if row.status == PLAYING else None
            try:
                state, made = self._check_move(row, game, seat_row, replay, number, move)
            except KitError as refusal:
                if not counted:
                    self._count_alone(code, key)  # (raises too_fast past the limit)
                raise refusal from None
            try:
                with self._changing() as conn:
                    now_row = self._room_row(conn, code, lock=True)
                    now_seat = self._seat_by_token(conn, now_row.id, key)
                    allowed = counted or self._count_try(conn, now_seat)
                    counted = True
                    fresh = now_row.version == row.version
                    if allowed and fresh:
                        assert replay is not None
                        self._finish(conn, now_row, game, replay, made, state)
                        conn.execute(
                            room_seats.update()
                            .where(room_seats.c.id == now_seat.id)
                            .values(seen_at=self._now())
                        )
            except sa.exc.IntegrityError:
                # Another kernel stored a move under this number first.
                raise _refuse("stale", number=number) from None
            if not allowed:
                raise self._too_fast()
            if fresh:
                return self.advance(code) if follow else self.view(code)
            # the room changed since it was read: read it again (a move no longer the next
            # one is then refused as stale)
        raise _refuse("busy")

    def _too_fast(self) -> RoomError:
        most, seconds = self.rate
        return _refuse("too_fast", most=most, seconds=f"{seconds:g}")

    def _count_alone(self, code: str, key: SeatKey) -> None:
        """Count a refused try of the seat of `key` (its own short transaction); raise the
        rate limit's refusal when it is one too many."""
        with self._changing() as conn:
            row = self._room_row(conn, code, lock=False)
            allowed = self._count_try(conn, self._seat_by_token(conn, row.id, key))
        if not allowed:
            raise self._too_fast()

    def _seat_by_token(self, conn: Connection, room_id: int, key: SeatKey) -> Any:
        token = key.token if isinstance(key.token, str) else ""
        found = conn.execute(
            sa.select(room_seats).where(
                room_seats.c.room_id == room_id, room_seats.c.token_hash == _hash(token)
            )
        ).first()
        if found is None:
            raise _refuse("not_seated")
        if found.seat != key.seat:
            raise _refuse("not_your_seat", seat=_seat_word(key.seat), yours=found.seat + 1)
        return found

    def _count_try(self, conn: Connection, seat_row: Any) -> bool:
        """Count a try of the seat in its rate window; False when it is one too many."""
        now = self._now()
        most, seconds = self.rate
        if now - seat_row.window_start > timedelta(seconds=seconds):
            start, count = now, 1
        else:
            start, count = seat_row.window_start, seat_row.window_count + 1
        conn.execute(
            room_seats.update()
            .where(room_seats.c.id == seat_row.id)
            .values(window_start=start, window_count=count)
        )
        return count <= most

    def _check_move(
        self,
        row: Any,
        game: RoomGame,
        seat_row: Any,
        replay: _Replay | None,
        number: Any,
        move: Any,
    ) -> tuple[Any, list[tuple[int, Any]]]:
        """Check the seat's move against the room as read (a `KitError` with the sentence
        when it is refused): the state after it and the moves to store, the seat's, then
        the dice it throws (the bots answer afterwards, `advance`)."""
        if row.status == WAITING:
            raise _refuse("not_started")
        if row.status == OVER:
            raise _refuse("over", code=row.code)
        if not (isinstance(number, int) and not isinstance(number, bool)):
            raise InputError("number", message("room.bad_number", value=shown(number)))
        if number < row.moves:
            raise _refuse("stale", number=number)
        if number > row.moves:
            raise _refuse("ahead", number=number, moves=row.moves)
        seat = seat_row.seat
        if seat_row.bot is not None:
            raise _refuse("bot_plays", bot=seat_row.bot)
        assert replay is not None
        state = replay.state
        actor = state.current_player()
        throws = actor == CHANCE and state.chance_owner() == seat
        if actor != seat and not throws:
            names = json.loads(row.players)
            owner = state.chance_owner() if actor == CHANCE else actor
            whose = names[owner] if 0 <= owner < len(names) else message("room.chance")
            raise _refuse("not_your_turn", whose=whose)
        kind, data = _move_parts(move)
        if throws != (kind == THROW):
            raise _refuse("throw_first" if throws else "no_throw")
        made: list[tuple[int, Any]] = []
        rng = random.Random(f"{row.seed}:{number}")
        if throws:
            outcome = state.sample_chance(rng)
            state = state.apply_chance(outcome)
            made.append((CHANCE, outcome))
        else:
            action = game.decode(state, seat, data)
            try:
                state = state.apply_action(action)
            except RuleError as error:
                raise RoomError("rule", str(error)) from None
            made.append((seat, action))
            if state.current_player() == CHANCE and state.chance_owner() == seat:
                # the seat's own dice after its move (Martian Dice's "roll again"): thrown now
                outcome = state.sample_chance(rng)
                state = state.apply_chance(outcome)
                made.append((CHANCE, outcome))
        return state, made

    # -- anyone holding the code -------------------------------------------------------------

    def version(self, code: str) -> int:
        """The room's version now: one read of one row (what a page polls)."""
        code = normalize_code(code)
        with self._read() as conn:
            return int(self._room_row(conn, code, lock=False).version)

    def view(self, code: str) -> RoomView:
        """The room now, as every device shows it (replayed once per version)."""
        code = normalize_code(code)
        with self._read() as conn:
            row = self._room_row(conn, code, lock=False)
            known = self._views.get(code)
            if known is not None and known.version == row.version:
                return known
            game = self._game(row)
            seats = self._seat_rows(conn, row.id)
            replay = self._replayed(conn, row, game) if row.status != WAITING else None
        by_seat = {s.seat: s for s in seats}
        shown_seats = tuple(
            Seat(n, by_seat[n].name, by_seat[n].bot) if n in by_seat else Seat(n, None, None)
            for n in range(row.seats)
        )
        state = None if replay is None else replay.state
        to_act: int | None = None
        if state is not None and not state.is_terminal():
            actor = state.current_player()
            to_act = state.chance_owner() if actor == CHANCE else actor
            to_act = None if to_act == CHANCE else to_act
        view = RoomView(
            code=code,
            game=row.game,
            options=json.loads(row.options),
            status=row.status,
            seats=shown_seats,
            moves=row.moves,
            version=row.version,
            state=state,
            to_act=to_act,
            scores=() if state is None else game.scores(state),
            returns=() if state is None else tuple(state.returns()),
            history=() if replay is None else tuple(replay.history),
            start=None if replay is None else replay.start,
        )
        self._views[code] = view
        return view

    def record(self, code: str) -> str:
        """The kit's record of the room's game (finished: the one stored at its end)."""
        code = normalize_code(code)
        with self._read() as conn:
            row = self._room_row(conn, code, lock=False)
            game = self._game(row)
            if row.record is not None:
                return str(row.record)
            if row.status == WAITING:
                raise _refuse("not_started")
            return game.record(self._replayed(conn, row, game).state, row.seed)


def _name(value: Any) -> str:
    """A player's name as stored (`normalize_nickname`'s rules: text, shown escaped)."""
    try:
        return normalize_nickname(value, "name")
    except InputError:
        raise InputError("name", message("room.bad_name", value=shown(value))) from None


def _known_bot(game: RoomGame, name: str) -> bool:
    """Whether `game` plays a bot of this name beyond those its menu lists (a planner of
    another budget: "planner:2x6")."""
    if len(name) > MAX_GAME_NAME:
        return False
    try:
        game.bot(name)
    except KitError:
        return False
    return True


def _bot_agent(game: RoomGame, name: str) -> Agent[Any]:
    """The bot `name` of `game` as the driver's agent, made when it decides (a solver's
    policy is built on first use: a room's other bots are not built for nothing)."""

    def agent(state: Any, rng: random.Random) -> Any:
        return game.bot(name)(state, rng)

    return agent


def _seat_word(seat: Any) -> str:
    return str(seat + 1) if isinstance(seat, int) and not isinstance(seat, bool) else shown(seat)


def _move_parts(move: Any) -> tuple[str, Any]:
    """(THROW, None) or (ACTION, the kit's data) of a move as a page sends it."""
    if isinstance(move, Mapping) and len(move) == 1:
        if move.get(THROW) is True:
            return THROW, None
        if ACTION in move:
            return ACTION, move[ACTION]
    raise InputError("move", message("room.bad_move", value=shown(move)))


__all__ = [
    "ACTION",
    "MAX_GAME_NAME",
    "OVER",
    "PLAYING",
    "RATE_MOVES",
    "RATE_WINDOW_S",
    "THROW",
    "WAITING",
    "CreatorKey",
    "RoomError",
    "RoomGame",
    "RoomStore",
    "RoomView",
    "Seat",
    "SeatKey",
]
