"""The class store: where a class's experiment lives while students send trials from their
phones and the teacher's projector shows the pooled results.

One module on SQLAlchemy Core. By default the store is a SQLite file in the user's Jupyter
data folder (WAL mode: readers never wait for the writer, nothing to install or start); any
SQLAlchemy URL in the environment variable `KIT_CLASS_DB` (such as
`postgresql+psycopg://user@host/db` for a JupyterHub whose students' kernels run on other
machines) is used instead. The schema is created on first use and carries its version in a
table of its own; `MIGRATIONS` takes a store from each version to the next.

A class keeps its experiment's name and outcomes and (since schema version 4) its definition:
the title, what one trial is, what its outcome counts and the exact law, each probability a
fraction written as text ("1/6"), so that a page that does not know the experiment (a
teacher's own) builds it from the store (`ClassInfo.definition`).

What it promises:
- a class is found by its join code (`CODE_LENGTH` characters of `CODE_ALPHABET`: no 0/O,
  1/I/L or U/V-like pairs to misread, about 34 bits drawn with `secrets`); only the holder of
  the teacher's secret (a separate random token, stored hashed) can reset, close, reopen or
  export it;
- a student joins with a nickname (at most `MAX_NICKNAME` characters, stored as text and
  never interpreted) and gets a token (stored hashed) without which nobody sends for them;
- a send is one transaction: all its trials are stored or none; a send carries an
  idempotency key, so a double tap or a resend after a network error counts once;
- bad input (a value that is not an outcome of the experiment, too many trials in one send,
  a nickname too long, a code with letters outside the alphabet) raises an `InputError`
  naming the field, and a refused action (unknown code, closed class, wrong secret) a
  `ClassError`; either way nothing was changed;
- a class closes by itself after the idle time the teacher set (no join or send for that
  long); the teacher can reopen it;
- nothing is kept of a student but the nickname and the trials.

Isolation: on SQLite every writing transaction starts with `BEGIN IMMEDIATE` (one writer at a
time, taking turns on a lock file beside the database, waiting up to `BUSY_TIMEOUT_S`); on
PostgreSQL transactions are READ COMMITTED, and the class's row is the lock: joins, resets,
closes and exports lock it first (`SELECT ... FOR UPDATE`), a send last, with the UPDATE that
counts its trials in only if the class is still open and has room (so sends of one class wait
for each other for one statement and the commit), while other classes go on in parallel. A
send's key is unique per student in the database: the same send from two kernels at once is
stored once, the other told it arrived already.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import math
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path
from typing import Any

import sqlalchemy as sa

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
from sqlalchemy.engine import Connection, Engine

from kit_common.checks import is_whole, shown, whole
from kit_common.errors import InputError, KitError
from kit_common.words import message

#: The environment variable naming the store's SQLAlchemy URL.
ENV_VARIABLE = "KIT_CLASS_DB"
#: The characters of a join code: digits and capitals without 0, 1, I, L, O and U (misread
#: as each other, or as V).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
#: The length of a join code: 30**7 codes, about 2**34.4.
CODE_LENGTH = 7
#: At most this many characters in a nickname.
MAX_NICKNAME = 30
#: At most this many characters in a join code as typed (spaces and dashes are ignored).
MAX_CODE_TYPED = 4 * CODE_LENGTH
#: At most this many trials in one send (a class's experiment is a few dozen a student).
MAX_TRIALS_PER_SEND = 500
#: At most this many students in one class.
MAX_STUDENTS = 200
#: At most this many trials in one class.
MAX_TRIALS_PER_CLASS = 100_000
#: The idle time after which a class closes, in minutes: the default, the shortest, the longest.
DEFAULT_IDLE_MINUTES = 120
MIN_IDLE_MINUTES = 1
MAX_IDLE_MINUTES = 7 * 24 * 60
#: An experiment: a name of at most 64 characters (letters, digits, "-", "_", "."), and at
#: most this many outcomes, each a whole number of at most `MAX_OUTCOME` in size.
MAX_OUTCOMES = 200
MAX_OUTCOME = 10**6
#: An experiment's definition: at most this many characters in its title, in what one trial
#: is and in what a trial's outcome counts, and in each probability written as a fraction.
MAX_TITLE = 80
MAX_TRIAL_WORDS = 300
MAX_OUTCOME_WORDS = 80
MAX_FRACTION_TEXT = 400


def typed_limit(most: int) -> int:
    """The most characters the store reads of a text typed for a field of at most `most`
    characters (NFC normalization and the outer spaces removed may shorten it); a text field
    of a page takes no more (`kit_common.widgets.browser_state.bounded`)."""
    return 8 * most


#: A probability as the store writes it: a whole number or a fraction, "1/6".
_FRACTION = re.compile(r"[0-9]+(/[0-9]+)?")
#: How long a SQLite writer waits for another one to finish, in seconds.
BUSY_TIMEOUT_S = 30.0
#: A send's idempotency key: what the page draws (a UUID's hex, or any such token).
_SEND_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")

metadata = sa.MetaData()

schema_version = sa.Table(
    "kit_class_schema",
    metadata,
    sa.Column("version", sa.Integer, nullable=False),
)

classes = sa.Table(
    "kit_class",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(CODE_LENGTH), nullable=False, unique=True),
    sa.Column("secret_hash", sa.String(64), nullable=False),
    sa.Column("experiment", sa.String(64), nullable=False),
    sa.Column("outcomes", sa.Text, nullable=False),  # a JSON list of whole numbers
    sa.Column("idle_minutes", sa.Integer, nullable=False),
    sa.Column("closed", sa.Boolean, nullable=False),
    sa.Column("trial_count", sa.Integer, nullable=False),  # the trials stored, kept by sends
    sa.Column("created_at", sa.DateTime, nullable=False),  # UTC, naive
    sa.Column("active_at", sa.DateTime, nullable=False),
    # (version 4) the experiment's definition, a JSON object (`ClassInfo.definition`); None:
    # a class started before, or without one (the page knows the experiment by its name)
    sa.Column("definition", sa.Text, nullable=True),
)

students = sa.Table(
    "kit_class_student",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "class_id", sa.Integer, sa.ForeignKey("kit_class.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("nickname", sa.String(MAX_NICKNAME), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("joined_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("class_id", "nickname"),
)

sends = sa.Table(
    "kit_class_send",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "student_id",
        sa.Integer,
        sa.ForeignKey("kit_class_student.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("send_key", sa.String(64), nullable=False),
    sa.Column("trials", sa.Integer, nullable=False),
    sa.Column("sent_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("student_id", "send_key"),
)

trials = sa.Table(
    "kit_class_trial",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "class_id", sa.Integer, sa.ForeignKey("kit_class.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column(
        "send_id",
        sa.Integer,
        sa.ForeignKey("kit_class_send.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("value", sa.Integer, nullable=False),
    sa.Index("kit_class_trial_by_class", "class_id", "value"),
)


#: At most this many characters in a room's game name and a bot's name.
MAX_GAME_NAME = 40

# Rooms (version 2; `kit_common.rooms` acts on them): people playing one game from several
# devices. A room's game is the replay of its numbered moves (unique per room: of two moves
# sent at once, exactly one takes the next number); chance is drawn from the room's seed.
rooms = sa.Table(
    "kit_room",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(CODE_LENGTH), nullable=False, unique=True),
    sa.Column("secret_hash", sa.String(64), nullable=False),  # the creator's secret, hashed
    sa.Column("game", sa.String(MAX_GAME_NAME), nullable=False),
    sa.Column("options", sa.Text, nullable=False),  # a JSON object: the game's variants
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),  # every chance draw's seed
    sa.Column("status", sa.String(8), nullable=False),  # "waiting", "playing" or "over"
    sa.Column("players", sa.Text, nullable=True),  # a JSON list of the names, from the start
    sa.Column("moves", sa.Integer, nullable=False),  # how many moves are stored
    sa.Column("version", sa.Integer, nullable=False),  # counts every change (pages poll it)
    sa.Column("record", sa.Text, nullable=True),  # the kit's game record, once it is over
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("active_at", sa.DateTime, nullable=False),
)

room_seats = sa.Table(
    "kit_room_seat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "room_id", sa.Integer, sa.ForeignKey("kit_room.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(MAX_NICKNAME), nullable=False),
    sa.Column("bot", sa.String(MAX_GAME_NAME), nullable=True),  # None: a person's seat
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),  # a person's token
    sa.Column("window_start", sa.DateTime, nullable=False),  # the rate limit's window
    sa.Column("window_count", sa.Integer, nullable=False),  # moves tried in that window
    sa.UniqueConstraint("room_id", "seat"),
    sa.UniqueConstraint("room_id", "name"),
    # (version 3) when the seat's device last said it was there (a person's seat; None: not
    # since the store was migrated)
    sa.Column("seen_at", sa.DateTime, nullable=True),
)

room_moves = sa.Table(
    "kit_room_move",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "room_id", sa.Integer, sa.ForeignKey("kit_room.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("number", sa.Integer, nullable=False),  # 0, 1, 2, ... in the game's order
    sa.Column("actor", sa.Integer, nullable=False),  # a seat, or -1: chance
    sa.Column("move", sa.Text, nullable=False),  # JSON, in the kit's words (`RoomGame`)
    sa.Column("made_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("room_id", "number"),
)


def _create_version_1(conn: Connection) -> None:
    # Version 1 is the class's tables above, as they were then (spelled out: version 4 added
    # the class's definition).
    then = sa.MetaData()
    sa.Table(
        "kit_class",
        then,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(CODE_LENGTH), nullable=False, unique=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("experiment", sa.String(64), nullable=False),
        sa.Column("outcomes", sa.Text, nullable=False),
        sa.Column("idle_minutes", sa.Integer, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("trial_count", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("active_at", sa.DateTime, nullable=False),
    )
    for table in (students, sends, trials):
        table.to_metadata(then)
    then.create_all(conn)


def _create_version_2(conn: Connection) -> None:
    # Version 2 adds the rooms' tables, as they were then (spelled out: version 3 altered the
    # seats' table).
    then = sa.MetaData()
    rooms.to_metadata(then)
    room_moves.to_metadata(then)
    sa.Table(
        "kit_room_seat",
        then,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "room_id",
            sa.Integer,
            sa.ForeignKey("kit_room.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(MAX_NICKNAME), nullable=False),
        sa.Column("bot", sa.String(MAX_GAME_NAME), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("window_start", sa.DateTime, nullable=False),
        sa.Column("window_count", sa.Integer, nullable=False),
        sa.UniqueConstraint("room_id", "seat"),
        sa.UniqueConstraint("room_id", "name"),
    )
    then.create_all(conn)


def _add_version_3(conn: Connection) -> None:
    # Version 3: a seat says when its device was last there (presence).
    kind = sa.DateTime().compile(dialect=conn.dialect)
    conn.execute(sa.text("ALTER TABLE kit_room_seat ADD COLUMN seen_at " + str(kind)))


def _add_version_4(conn: Connection) -> None:
    # Version 4: a class keeps its experiment's definition (the classes before have none).
    conn.execute(sa.text("ALTER TABLE kit_class ADD COLUMN definition TEXT"))


#: `MIGRATIONS[v]` takes a store from schema version v to v + 1, inside one transaction.
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create_version_1,
    _create_version_2,
    _add_version_3,
    _add_version_4,
)
#: The schema version this kit writes.
SCHEMA_VERSION = len(MIGRATIONS)
# PostgreSQL's advisory lock that makes one process at a time create or migrate the schema.
_SCHEMA_LOCK = 0x4B1_7C1A55


class ClassError(KitError):
    """An action on a class that the store refuses: an unknown code, a closed class, a wrong
    teacher's secret or student's token, a nickname taken, a full class, a store that cannot
    be reached. `reason` is a short id (the catalogue says it under "classstore.<reason>").
    Nothing was changed."""

    def __init__(self, reason: str, message_text: str) -> None:
        super().__init__(message_text)
        self.reason = reason


def _refuse(reason: str, /, **values: object) -> ClassError:
    return ClassError(reason, message(f"classstore.{reason}", **values))


@dataclass(frozen=True)
class TeacherKey:
    """What the teacher's page holds: the class's join code and the teacher's secret."""

    code: str
    secret: str


@dataclass(frozen=True)
class StudentKey:
    """What a student's page holds after joining: the class's code, the nickname and the
    student's token (without it nobody sends as this student)."""

    code: str
    nickname: str
    token: str


@dataclass(frozen=True)
class ClassInfo:
    """A class as anyone holding its code sees it: its experiment (name and outcomes), its
    idle time, whether it takes joins and sends, when it was started and last active, and the
    experiment's definition: {"title", "trial", "outcome": its words, "law": [[outcome,
    "p/q"], ...]} (`check_definition`), or None for a class started without one."""

    code: str
    experiment: str
    outcomes: tuple[int, ...]
    idle_minutes: int
    is_open: bool
    created_at: datetime
    active_at: datetime
    definition: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Pooled:
    """A class's pooled results: how many trials gave each outcome (in the experiment's
    order), the number of trials, of students who joined and of students who sent."""

    code: str
    counts: tuple[tuple[int, int], ...]
    trials: int
    joined: int
    sent: int

    def as_dict(self) -> dict[int, int]:
        """The counts by outcome."""
        return dict(self.counts)


@dataclass(frozen=True)
class Receipt:
    """What a send did: the number of trials it holds, and whether it had been stored
    before (a resend with the same key stores nothing again)."""

    trials: int
    repeated: bool


def _utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_code() -> str:
    """A fresh join code: `CODE_LENGTH` characters of `CODE_ALPHABET`, drawn by `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_bits() -> float:
    """How many bits of chance a join code holds."""
    return CODE_LENGTH * math.log2(len(CODE_ALPHABET))


def normalize_code(value: Any, field: str = "code") -> str:
    """A join code as typed (any case, spaces and dashes ignored) in its stored form; an
    `InputError` when it cannot be one."""
    if isinstance(value, str) and len(value) <= MAX_CODE_TYPED:
        code = re.sub(r"[\s-]", "", value).upper()
        if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
            return code
    raise InputError(
        field,
        message(
            "classstore.bad_code", length=CODE_LENGTH, alphabet=CODE_ALPHABET, value=shown(value)
        ),
    )


def normalize_nickname(value: Any, field: str = "nickname") -> str:
    """A nickname as stored: NFC-normalized, outer spaces removed, 1 to `MAX_NICKNAME`
    characters, no control characters. It is text: a page shows it escaped, never as HTML."""
    if isinstance(value, str):
        name = unicodedata.normalize("NFC", value[: typed_limit(MAX_NICKNAME)]).strip()
        if (
            0 < len(name) <= MAX_NICKNAME
            and len(value) <= typed_limit(MAX_NICKNAME)
            and not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") for c in name)
        ):
            return name
    raise InputError(
        field, message("classstore.bad_nickname", most=MAX_NICKNAME, value=shown(value))
    )


def _check_send_key(value: Any) -> str:
    if isinstance(value, str) and _SEND_KEY.fullmatch(value):
        return value
    raise InputError("send_key", message("classstore.bad_send_key", value=shown(value)))


def _check_values(values: Any, outcomes: Sequence[int]) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, list | tuple):
        raise InputError("trials", message("classstore.not_trials", value=shown(values)))
    if not 1 <= len(values) <= MAX_TRIALS_PER_SEND:
        raise InputError(
            "trials",
            message("classstore.trial_count", most=MAX_TRIALS_PER_SEND, count=len(values)),
        )
    allowed = set(outcomes)
    for i, value in enumerate(values):
        if not (is_whole(value) and value in allowed):
            listed = ", ".join(str(o) for o in outcomes)
            raise InputError(
                f"trials[{i}]",
                message("classstore.bad_trial", outcomes=listed, value=shown(value)),
            )
    return list(values)


def _check_experiment(name: Any, outcomes: Any) -> tuple[str, tuple[int, ...]]:
    if not (isinstance(name, str) and _NAME.fullmatch(name)):
        raise InputError("experiment", message("classstore.bad_experiment", value=shown(name)))
    if isinstance(outcomes, Sequence) and not isinstance(outcomes, str | bytes):
        values = tuple(
            whole(v, f"outcomes[{i}]", -MAX_OUTCOME, MAX_OUTCOME) for i, v in enumerate(outcomes)
        )
        if 2 <= len(values) <= MAX_OUTCOMES and len(set(values)) == len(values):
            return name, values
    raise InputError(
        "outcomes", message("classstore.bad_outcomes", most=MAX_OUTCOMES, value=shown(outcomes))
    )


def _words(data: Mapping[str, Any], field: str, most: int) -> str:
    value = data.get(field)
    if isinstance(value, str):
        text = unicodedata.normalize("NFC", value[: typed_limit(most)]).strip()
        if (
            0 < len(text) <= most
            and len(value) <= typed_limit(most)
            and not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") for c in text)
        ):
            return text
    raise InputError(
        f"definition.{field}", message("classstore.bad_words", most=most, value=shown(value))
    )


def _probability(value: Any, field: str) -> Fraction:
    if isinstance(value, str) and len(value) <= MAX_FRACTION_TEXT and _FRACTION.fullmatch(value):
        numerator, _, denominator = value.partition("/")
        if int(denominator or 1) != 0:
            p = Fraction(int(numerator), int(denominator or 1))
            if 0 < p <= 1:
                return p
    raise InputError(
        field, message("classstore.bad_fraction", most=MAX_FRACTION_TEXT, value=shown(value))
    )


def check_definition(definition: Any, outcomes: Sequence[int]) -> dict[str, Any]:
    """An experiment's definition as the store keeps it, checked: a mapping with its "title"
    (at most `MAX_TITLE` characters), what one "trial" is (`MAX_TRIAL_WORDS`), what its
    "outcome" counts (`MAX_OUTCOME_WORDS`), and its "law": a list of [outcome, probability]
    pairs, the outcomes exactly `outcomes` in their order, each probability a fraction as text
    ("1/6", in lowest terms or not; at most `MAX_FRACTION_TEXT` characters) above 0, adding up
    to exactly 1. Returned in the stored form (fractions in lowest terms)."""
    if not isinstance(definition, Mapping):
        raise InputError(
            "definition", message("classstore.bad_definition", value=shown(definition))
        )
    checked: dict[str, Any] = {
        "title": _words(definition, "title", MAX_TITLE),
        "trial": _words(definition, "trial", MAX_TRIAL_WORDS),
        "outcome": _words(definition, "outcome", MAX_OUTCOME_WORDS),
    }
    law = definition.get("law")
    if isinstance(law, str | bytes) or not isinstance(law, Sequence) or len(law) != len(outcomes):
        listed = ", ".join(map(str, outcomes))
        raise InputError(
            "definition.law", message("classstore.bad_law", outcomes=listed, value=shown(law))
        )
    pairs: list[list[Any]] = []
    for i, (pair, expected) in enumerate(zip(law, outcomes)):
        field = f"definition.law[{i}]"
        if isinstance(pair, str | bytes) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise InputError(field, message("classstore.bad_pair", value=shown(pair)))
        if not (is_whole(pair[0]) and pair[0] == expected):
            raise InputError(
                field, message("classstore.law_outcome", expected=expected, value=shown(pair[0]))
            )
        pairs.append([expected, str(_probability(pair[1], field))])
    total = sum((Fraction(p) for _, p in pairs), Fraction(0))
    if total != 1:
        raise InputError("definition.law", message("classstore.law_total", total=str(total)))
    checked["law"] = pairs
    return checked


def default_url() -> str:
    """The default store: `classes.sqlite3` in the kit's folder of the user's Jupyter data
    folder (created if missing)."""
    folder = _kit_data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'classes.sqlite3'}"


def store_url(environ: Mapping[str, str] | None = None) -> str:
    """The store's URL: `KIT_CLASS_DB` when set, else the default SQLite file."""
    environ = os.environ if environ is None else environ
    return environ.get(ENV_VARIABLE, "").strip() or default_url()


def _sqlite_engine(url: sa.URL) -> Engine:
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling is off: the "begin" hook below says BEGIN.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # A writer takes the write lock at once: a transaction that read first and wrote later
        # could find the lock taken and fail instead of waiting.
        reading = conn.get_execution_options().get("kit_read_only", False)
        conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

    return engine


def create_store_engine(url: str) -> Engine:
    """A SQLAlchemy engine for the store at `url`, set up as the store needs it."""
    try:
        parsed = sa.make_url(url)
        if parsed.get_backend_name() == "sqlite":
            return _sqlite_engine(parsed)
        # No ping before each use (a round trip on every action): a connection the server
        # dropped fails once ("try again"), is thrown away, and old ones are renewed.
        return sa.create_engine(parsed, isolation_level="READ COMMITTED", pool_recycle=600)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError) as error:
        raise _refuse("bad_url", variable=ENV_VARIABLE, reason=error) from None


class ClassStore:
    """The store's one door: every page (teacher's and students') and the load benchmark go
    through these methods. `url`: a SQLAlchemy URL (default: `store_url()`); `now`: the
    clock, naive UTC (injected by tests of the idle time)."""

    def __init__(self, url: str | None = None, now: Callable[[], datetime] = _utc_now) -> None:
        self.url = store_url() if url is None else url
        self._now = now
        self._engine = create_store_engine(self.url)
        self._reader = self._engine.execution_options(kit_read_only=True)
        database = self._engine.url.database
        self._lock_path: Path | None = None
        if self._engine.dialect.name == "sqlite" and database and database != ":memory:":
            self._lock_path = Path(database + ".lock")
        with self._guard():
            self._ensure_schema()

    def dispose(self) -> None:
        """Close the store's connections."""
        self._engine.dispose()

    # -- plumbing -------------------------------------------------------------------------

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Say a store that cannot be reached (or is locked too long) in a sentence."""
        try:
            yield
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as error:
            raise _refuse("unavailable", reason=str(error.orig)[:200]) from None

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._guard(), self._writer_turn(), self._engine.begin() as conn:
            yield conn

    @contextmanager
    def _writer_turn(self) -> Iterator[None]:
        """On a SQLite file, wait for this writer's turn on a lock file beside it before
        asking SQLite for its write lock. SQLite's own wait sleeps longer and longer between
        tries (up to 100 ms): 30 students sending at once waited up to 2 s for a turn; the
        lock file hands the turn on within a couple of milliseconds. (Not on Windows, which
        has no `fcntl`: SQLite's own wait serves there.)"""
        if self._lock_path is None or fcntl is None:
            yield
            return
        with open(self._lock_path, "a+b") as lock:
            deadline = time.monotonic() + BUSY_TIMEOUT_S
            while True:
                try:
                    fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise _refuse("unavailable", reason="busy") from None
                    time.sleep(0.001)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._guard(), self._reader.begin() as conn:
            yield conn

    def _ensure_schema(self) -> None:
        with self._reader.begin() as conn:  # the usual case, without taking the write lock
            if sa.inspect(conn).has_table(schema_version.name):
                version = conn.execute(sa.select(schema_version.c.version)).scalar()
                if version == SCHEMA_VERSION:
                    return
        with self._writer_turn(), self._engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_SCHEMA_LOCK)))
            schema_version.create(conn, checkfirst=True)
            version = conn.execute(sa.select(schema_version.c.version)).scalar()
            if version is None:
                version = 0
                conn.execute(schema_version.insert().values(version=0))
            if version > SCHEMA_VERSION:
                raise _refuse("newer_schema", found=version, known=SCHEMA_VERSION)
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](conn)
            if version != SCHEMA_VERSION:
                conn.execute(schema_version.update().values(version=SCHEMA_VERSION))

    def schema_version(self) -> int:
        """The schema version the store holds."""
        with self._read() as conn:
            return int(conn.execute(sa.select(schema_version.c.version)).scalar_one())

    def _class_row(self, conn: Connection, code: str, lock: bool) -> Any:
        query = sa.select(classes).where(classes.c.code == code)
        if lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise _refuse("unknown_class", code=code)
        return row

    def _is_open(self, row: Any) -> bool:
        idle = timedelta(minutes=row.idle_minutes)
        return not row.closed and self._now() - row.active_at <= idle

    def _open_class_row(self, conn: Connection, code: str) -> Any:
        row = self._class_row(conn, code, lock=True)
        if not self._is_open(row):
            raise _refuse("closed", code=code)
        return row

    def _teacher_row(self, conn: Connection, key: TeacherKey) -> Any:
        code = normalize_code(key.code)
        row = self._class_row(conn, code, lock=True)
        if not (
            isinstance(key.secret, str) and hmac.compare_digest(row.secret_hash, _hash(key.secret))
        ):
            raise _refuse("not_teacher", code=code)
        return row

    def _student_id(self, conn: Connection, class_id: int, key: StudentKey) -> int:
        token = key.token if isinstance(key.token, str) else ""
        found = conn.execute(
            sa.select(students.c.id).where(
                students.c.class_id == class_id, students.c.token_hash == _hash(token)
            )
        ).scalar()
        if found is None:
            raise _refuse("not_student")
        return int(found)

    def _info(self, row: Any) -> ClassInfo:
        return ClassInfo(
            code=row.code,
            experiment=row.experiment,
            outcomes=tuple(json.loads(row.outcomes)),
            idle_minutes=row.idle_minutes,
            is_open=self._is_open(row),
            created_at=row.created_at,
            active_at=row.active_at,
            definition=None if row.definition is None else json.loads(row.definition),
        )

    # -- the teacher's actions ---------------------------------------------------------------

    def start_class(
        self,
        experiment: str,
        outcomes: Sequence[int],
        idle_minutes: int = DEFAULT_IDLE_MINUTES,
        definition: Mapping[str, Any] | None = None,
    ) -> TeacherKey:
        """Start a class doing `experiment` (its name), whose trials are among `outcomes`; it
        closes after `idle_minutes` without a join or send. Its `definition` (see
        `check_definition`), when given, is kept with it: the pages that do not know the
        experiment build it from there. The key's secret is shown to the teacher's page only."""
        name, values = _check_experiment(experiment, outcomes)
        idle = whole(idle_minutes, "idle_minutes", MIN_IDLE_MINUTES, MAX_IDLE_MINUTES)
        stored = None if definition is None else json.dumps(check_definition(definition, values))
        secret = secrets.token_urlsafe(24)
        for _ in range(8):  # a code already taken (about one chance in 10**10 each) is redrawn
            code = new_code()
            try:
                with self._write() as conn:
                    now = self._now()
                    conn.execute(
                        classes.insert().values(
                            code=code,
                            secret_hash=_hash(secret),
                            experiment=name,
                            outcomes=json.dumps(list(values)),
                            idle_minutes=idle,
                            closed=False,
                            trial_count=0,
                            created_at=now,
                            active_at=now,
                            definition=stored,
                        )
                    )
                return TeacherKey(code, secret)
            except sa.exc.IntegrityError:
                continue
        raise _refuse("no_code")

    def reopen(self, key: TeacherKey) -> ClassInfo:
        """The teacher takes the class back (after a restart, an idle close or `close`): it is
        open again from now."""
        with self._write() as conn:
            row = self._teacher_row(conn, key)
            conn.execute(
                classes.update()
                .where(classes.c.id == row.id)
                .values(closed=False, active_at=self._now())
            )
            row = self._class_row(conn, row.code, lock=False)
            return self._info(row)

    def close(self, key: TeacherKey) -> None:
        """Close the class: no more joins or sends (its trials stay, for the export)."""
        with self._write() as conn:
            row = self._teacher_row(conn, key)
            conn.execute(classes.update().where(classes.c.id == row.id).values(closed=True))

    def reset(self, key: TeacherKey) -> None:
        """Forget the class's trials (the students stay joined; a send made before the reset
        and sent again still counts once: its key is kept)."""
        with self._write() as conn:
            row = self._teacher_row(conn, key)
            conn.execute(trials.delete().where(trials.c.class_id == row.id))
            conn.execute(
                classes.update()
                .where(classes.c.id == row.id)
                .values(active_at=self._now(), trial_count=0)
            )

    def export_csv(self, key: TeacherKey) -> str:
        """Every trial of the class, one a row, in the order they were sent: the class's code,
        the experiment, the student's nickname, the send's number, its time (UTC, ISO 8601)
        and the trial's outcome. A nickname that a spreadsheet would read as a formula is
        written with a leading apostrophe."""
        with self._write() as conn:  # the teacher's row lock: a consistent snapshot
            row = self._teacher_row(conn, key)
            result = conn.execute(
                sa.select(students.c.nickname, sends.c.id, sends.c.sent_at, trials.c.value)
                .select_from(
                    trials.join(sends, trials.c.send_id == sends.c.id).join(
                        students, sends.c.student_id == students.c.id
                    )
                )
                .where(trials.c.class_id == row.id)
                .order_by(sends.c.sent_at, sends.c.id, trials.c.id)
            ).all()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["class", "experiment", "student", "send", "time", "outcome"])
        for nickname, send_id, sent_at, value in result:
            safe = "'" + nickname if nickname[:1] in ("=", "+", "-", "@") else nickname
            writer.writerow(
                [row.code, row.experiment, safe, send_id, sent_at.isoformat() + "Z", value]
            )
        return out.getvalue()

    # -- anyone holding the code ---------------------------------------------------------------

    def info(self, code: str) -> ClassInfo:
        """The class with this join code."""
        code = normalize_code(code)
        with self._read() as conn:
            return self._info(self._class_row(conn, code, lock=False))

    def pooled(self, code: str) -> Pooled:
        """The class's pooled results now (what the projector and the students see)."""
        code = normalize_code(code)
        with self._read() as conn:
            row = self._class_row(conn, code, lock=False)
            seen: dict[int, int] = dict(
                conn.execute(
                    sa.select(trials.c.value, sa.func.count())
                    .where(trials.c.class_id == row.id)
                    .group_by(trials.c.value)
                ).all()
            )
            joined = conn.execute(
                sa.select(sa.func.count()).where(students.c.class_id == row.id)
            ).scalar_one()
            sent = conn.execute(
                sa.select(sa.func.count(sa.distinct(sends.c.student_id)))
                .select_from(trials.join(sends, trials.c.send_id == sends.c.id))
                .where(trials.c.class_id == row.id)
            ).scalar_one()
        outcomes = json.loads(row.outcomes)
        counts = tuple((o, int(seen.get(o, 0))) for o in outcomes)
        return Pooled(code, counts, sum(c for _, c in counts), int(joined), int(sent))

    # -- a student's actions ---------------------------------------------------------------

    def join(self, code: str, nickname: str, token: str | None = None) -> StudentKey:
        """Join the class with this code under `nickname` (unique in the class). A student
        who joined before (a phone that slept, a tab closed) joins again under the same
        nickname with the `token` their browser kept, and is the same student again (their
        trials stay theirs); without that token nobody else takes the nickname."""
        code = normalize_code(code)
        name = normalize_nickname(nickname)
        with self._write() as conn:
            row = self._open_class_row(conn, code)
            taken = conn.execute(
                sa.select(students.c.id, students.c.token_hash).where(
                    students.c.class_id == row.id, students.c.nickname == name
                )
            ).first()
            if taken is not None:
                given = token if isinstance(token, str) else ""
                if not (given and hmac.compare_digest(taken.token_hash, _hash(given))):
                    raise _refuse("nickname_taken", nickname=name)
                conn.execute(
                    classes.update().where(classes.c.id == row.id).values(active_at=self._now())
                )
                return StudentKey(code, name, given)
            token = secrets.token_urlsafe(24)
            joined = conn.execute(
                sa.select(sa.func.count()).where(students.c.class_id == row.id)
            ).scalar_one()
            if joined >= MAX_STUDENTS:
                raise _refuse("full_students", most=MAX_STUDENTS)
            now = self._now()
            conn.execute(
                students.insert().values(
                    class_id=row.id, nickname=name, token_hash=_hash(token), joined_at=now
                )
            )
            conn.execute(classes.update().where(classes.c.id == row.id).values(active_at=now))
        return StudentKey(code, name, token)

    def send(self, student: StudentKey, send_key: str, values: Sequence[int]) -> Receipt:
        """Store one send of `student`: its trials' outcomes, all or none. `send_key` names
        the send (the page draws it once per press of "send" and reuses it for a retry): a
        send whose key was stored before stores nothing again."""
        code = normalize_code(student.code)
        key = _check_send_key(send_key)
        try:
            with self._write() as conn:
                return self._send(conn, code, student, key, values)
        except sa.exc.IntegrityError:
            # The same send, sent at the same moment by another kernel, was stored first.
            with self._read() as conn:
                row = self._class_row(conn, code, lock=False)
                earlier = self._earlier_send(conn, self._student_id(conn, row.id, student), key)
            if earlier is None:
                raise
            return Receipt(earlier, repeated=True)

    @staticmethod
    def _earlier_send(conn: Connection, student_id: int, key: str) -> int | None:
        found = conn.execute(
            sa.select(sends.c.trials).where(
                sends.c.student_id == student_id, sends.c.send_key == key
            )
        ).scalar()
        return None if found is None else int(found)

    def _send(
        self, conn: Connection, code: str, student: StudentKey, key: str, values: Sequence[int]
    ) -> Receipt:
        # The class's row is locked by the last statement only (the UPDATE that counts the
        # trials in), so that sends of one class wait for each other for one statement and
        # the commit, not for the whole send. The UPDATE's condition checks what a lock must
        # make sure of: the class is open and has room.
        row = self._class_row(conn, code, lock=False)
        if not self._is_open(row):
            raise _refuse("closed", code=code)
        outcomes = _check_values(values, json.loads(row.outcomes))
        student_id = self._student_id(conn, row.id, student)
        earlier = self._earlier_send(conn, student_id, key)
        if earlier is not None:
            return Receipt(earlier, repeated=True)
        now = self._now()
        send_id = conn.execute(
            sends.insert()
            .values(student_id=student_id, send_key=key, trials=len(outcomes), sent_at=now)
            .returning(sends.c.id)
        ).scalar_one()
        conn.execute(
            trials.insert(),
            [{"class_id": row.id, "send_id": send_id, "value": v} for v in outcomes],
        )
        counted = conn.execute(
            classes.update()
            .where(
                classes.c.id == row.id,
                classes.c.closed.is_(False),
                classes.c.active_at >= now - timedelta(minutes=row.idle_minutes),
                classes.c.trial_count + len(outcomes) <= MAX_TRIALS_PER_CLASS,
            )
            .values(active_at=now, trial_count=classes.c.trial_count + len(outcomes))
        ).rowcount
        if counted != 1:  # closed meanwhile, or full: the transaction is rolled back
            now_row = self._class_row(conn, code, lock=False)
            if not self._is_open(now_row):
                raise _refuse("closed", code=code)
            raise _refuse("full_trials", most=MAX_TRIALS_PER_CLASS)
        return Receipt(len(outcomes), repeated=False)

    def student_counts(self, student: StudentKey) -> dict[int, int]:
        """How many of this student's trials gave each outcome (outcomes never seen: 0)."""
        code = normalize_code(student.code)
        with self._read() as conn:
            row = self._class_row(conn, code, lock=False)
            student_id = self._student_id(conn, row.id, student)
            seen: dict[int, int] = dict(
                conn.execute(
                    sa.select(trials.c.value, sa.func.count())
                    .select_from(trials.join(sends, trials.c.send_id == sends.c.id))
                    .where(trials.c.class_id == row.id, sends.c.student_id == student_id)
                    .group_by(trials.c.value)
                ).all()
            )
        return {o: int(seen.get(o, 0)) for o in json.loads(row.outcomes)}


def _kit_data_folder() -> Path:
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "martian-dino-kit"


class TeacherKeys:
    """The teacher's secrets of the classes started on this computer, so that the teacher's
    page reopens a class by its code alone after the page or the app was restarted: a JSON
    file readable by its owner only (`teacher_keys.json` in the kit's Jupyter data folder by
    default), by store (a hash of its URL: a URL may hold a password) and code. Whoever can
    read this file can act as the teacher of these classes: on a server where students' pages
    run as the same user as the teacher's, the teacher's link (`TeacherKey`) is the safer
    way back."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = _kit_data_folder() / "teacher_keys.json" if path is None else path

    @staticmethod
    def _store_id(url: str) -> str:
        return _hash(url)[:16]

    def _read(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def remember(self, url: str, key: TeacherKey) -> None:
        """Keep `key` for the store at `url`."""
        data = self._read()
        data.setdefault(self._store_id(url), {})[key.code] = key.secret
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".tmp")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(data, file)
        os.replace(partial, self.path)  # a reader never sees half a file

    def find(self, url: str, code: str) -> TeacherKey | None:
        """The key of the class `code` of the store at `url`, if this computer started it."""
        secret = self._read().get(self._store_id(url), {}).get(normalize_code(code))
        return TeacherKey(normalize_code(code), secret) if isinstance(secret, str) else None
