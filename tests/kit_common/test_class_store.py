"""The class store on SQLite (a temporary file) and on a real PostgreSQL server started by the
tests (tests/postgres_server.py): joins, sends, the pooled results, idempotent and
all-or-nothing sends under concurrency and a killed sender, refusals that change nothing,
the teacher's secret, the idle close, the export and the schema's version."""

from __future__ import annotations

import csv
import io
import multiprocessing
import os
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from kit_common import class_store
from kit_common.class_store import (
    CODE_ALPHABET,
    MAX_NICKNAME,
    MAX_TRIALS_PER_SEND,
    ClassError,
    ClassStore,
    StudentKey,
    TeacherKey,
    code_bits,
    new_code,
    normalize_code,
    store_url,
)
from kit_common.errors import InputError

OUTCOMES = list(range(14))  # a roll of 13 dice shows 0 to 13 Death Rays


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(url: str) -> Iterator[ClassStore]:
    opened = ClassStore(url)
    yield opened
    opened.dispose()


def started(store: ClassStore, **kwargs: Any) -> TeacherKey:
    return store.start_class("death-rays-13", OUTCOMES, **kwargs)


def test_join_codes_are_unambiguous_and_hold_30_bits() -> None:
    assert code_bits() >= 30
    assert not set("01ILOU") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200  # 200 draws among 2**34 codes: a repeat means a broken draw
    assert all(len(c) == 7 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert normalize_code(" ab2-c3de ") == "AB2C3DE"
    for bad in ("AB2C3D", "AB2C3DEF", "AB0C3DE", 1234567, None, "A" * 10_000):
        with pytest.raises(InputError, match=r"^code: a join code is 7 characters"):
            normalize_code(bad)


def test_students_join_send_and_the_class_sees_the_pool(store: ClassStore) -> None:
    teacher = started(store)
    assert store.schema_version() == class_store.SCHEMA_VERSION
    ann = store.join(teacher.code.lower(), "  Ann ")
    bob = store.join(teacher.code, "Bob")
    assert ann.nickname == "Ann" and ann.token != bob.token
    assert store.send(ann, "ann-send-0001", [4, 5, 4]) == class_store.Receipt(3, False)
    assert store.send(bob, "bob-send-0001", [13, 0]) == class_store.Receipt(2, False)
    pooled = store.pooled(teacher.code)
    assert pooled.trials == 5 and pooled.joined == 2 and pooled.sent == 2
    assert pooled.as_dict() == {**dict.fromkeys(OUTCOMES, 0), 4: 2, 5: 1, 13: 1, 0: 1}
    assert [o for o, _ in pooled.counts] == OUTCOMES
    assert store.student_counts(ann) == {**dict.fromkeys(OUTCOMES, 0), 4: 2, 5: 1}
    info = store.info(teacher.code)
    assert info.experiment == "death-rays-13" and info.outcomes == tuple(OUTCOMES)
    assert info.is_open


def test_a_resend_with_the_same_key_counts_once(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    assert not store.send(ann, "k" * 32, [1, 2]).repeated
    assert store.send(ann, "k" * 32, [1, 2]) == class_store.Receipt(2, True)
    # the key is the send's: another student's send with the same key is their own send
    bob = store.join(teacher.code, "Bob")
    assert not store.send(bob, "k" * 32, [3]).repeated
    assert store.pooled(teacher.code).trials == 3


BAD_SENDS = [
    ([14], "trials[0]", "must be one of the experiment's outcomes"),
    ([3, -1], "trials[1]", "must be one of"),
    (["3"], "trials[0]", "got '3'"),
    ([3.0], "trials[0]", "got 3.0 (a float)"),
    ([True], "trials[0]", "got True (a bool)"),
    ([None], "trials[0]", "got None"),
    ([4] * 1_000_000, "trials", "one send holds 1 to 500 trials, this one has 1000000"),
    ([4] * (MAX_TRIALS_PER_SEND + 1), "trials", "this one has 501"),
    ([], "trials", "this one has 0"),
    ("12", "trials", "must be a list"),
    ({"a": 1}, "trials", "must be a list"),
]


def test_bad_input_gets_a_sentence_and_changes_nothing(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    store.send(ann, "first-send", [6])
    before = store.pooled(teacher.code)
    for values, field, words in BAD_SENDS:
        with pytest.raises(InputError) as refused:
            store.send(ann, "second-send", values)
        assert refused.value.field == field and words in str(refused.value)
    for key in ("short", "x" * 65, "bad key!", 12345678, None):
        with pytest.raises(InputError, match=r"^send_key: a send's key is 8 to 64"):
            store.send(ann, key, [6])  # type: ignore[arg-type]
    for nickname in ("x" * 10_000, "", "   ", "a\nb", "a\u202eb", 42, "y" * (MAX_NICKNAME + 1)):
        with pytest.raises(InputError, match=r"^nickname: a nickname is 1 to 30 characters"):
            store.join(teacher.code, nickname)  # type: ignore[arg-type]
    with pytest.raises(ClassError, match="already called Ann") as taken:
        store.join(teacher.code, "Ann")
    assert taken.value.reason == "nickname_taken"
    with pytest.raises(ClassError, match="no class with the code 2222222"):
        store.join("2222222", "Cid")
    assert store.pooled(teacher.code) == before
    # the send refused above was not half-stored: its key is still free
    assert not store.send(ann, "second-send", [7]).repeated


def test_a_full_class_refuses_a_send_whole(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(class_store, "MAX_TRIALS_PER_CLASS", 5)
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    store.send(ann, "ann-send-0001", [1, 2, 3])
    with pytest.raises(ClassError, match="holds 5 trials already") as full:
        store.send(ann, "ann-send-0002", [4, 5, 6])
    assert full.value.reason == "full_trials"
    assert store.pooled(teacher.code).trials == 3  # none of the refused send
    store.reset(teacher)  # the count starts again
    assert store.send(ann, "ann-send-0002", [4, 5, 6]) == class_store.Receipt(3, False)
    assert store.pooled(teacher.code).as_dict()[6] == 1


def test_a_nickname_is_stored_as_text(store: ClassStore) -> None:
    teacher = started(store)
    nickname = "<script>alert(1)</script>"[:MAX_NICKNAME]
    student = store.join(teacher.code, nickname)
    assert student.nickname == nickname
    store.send(student, "send-html-1", [2])
    rows = list(csv.reader(io.StringIO(store.export_csv(teacher))))
    assert rows[1][2] == nickname


def test_a_student_back_with_the_kept_token_is_the_same_student(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    store.send(ann, "ann-before-sleep", [4, 5])
    elsewhere = store.join(started(store).code, "Ann")
    for token in (None, "", "made-up-token", ann.token[:-1], elsewhere.token):
        with pytest.raises(ClassError, match="If that is you, come back from the phone"):
            store.join(teacher.code, "Ann", token)
    back = store.join(teacher.code, " Ann ", ann.token)  # (the phone slept; the tab closed)
    assert back == ann
    store.send(back, "ann-after-sleep", [4])
    assert store.student_counts(back)[4] == 2 and store.pooled(teacher.code).joined == 1


def test_only_the_teachers_secret_resets_closes_or_exports(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    store.send(ann, "ann-send-0001", [1, 1, 2])
    before = store.pooled(teacher.code)
    for secret in ("", "guess", ann.token, teacher.code, None):
        impostor = TeacherKey(teacher.code, secret)  # type: ignore[arg-type]
        for action in (store.reset, store.close, store.export_csv, store.reopen):
            with pytest.raises(ClassError, match="Only the teacher's page") as refused:
                action(impostor)
            assert refused.value.reason == "not_teacher"
    other = started(store)  # a teacher of another class is no teacher of this one
    with pytest.raises(ClassError, match="Only the teacher's page"):
        store.reset(TeacherKey(teacher.code, other.secret))
    assert store.pooled(teacher.code) == before and store.info(teacher.code).is_open
    store.reset(teacher)
    assert store.pooled(teacher.code).trials == 0
    assert store.send(ann, "ann-send-0001", [5]).repeated  # a late resend still counts once
    store.send(ann, "ann-send-0002", [5])
    store.close(teacher)
    assert not store.info(teacher.code).is_open
    for refused_action in (
        lambda: store.send(ann, "ann-send-0003", [5]),
        lambda: store.join(teacher.code, "Bob"),
    ):
        with pytest.raises(ClassError, match="is closed"):
            refused_action()
    assert store.pooled(teacher.code).trials == 1  # a closed class keeps its trials
    assert store.reopen(teacher).is_open
    store.send(ann, "ann-send-0003", [5])
    assert store.pooled(teacher.code).as_dict()[5] == 2


def test_a_student_cannot_send_for_another(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    store.join(teacher.code, "Bob")
    elsewhere = started(store)
    cid = store.join(elsewhere.code, "Cid")
    for forged in (
        StudentKey(teacher.code, "Bob", "made-up-token"),
        StudentKey(teacher.code, "Bob", ann.token[:-1]),
        StudentKey(teacher.code, "Cid", cid.token),  # a token of another class
        StudentKey(teacher.code, "Bob", None),  # type: ignore[arg-type]
    ):
        with pytest.raises(ClassError, match="has not joined the class"):
            store.send(forged, "forged-send", [3])
    assert store.pooled(teacher.code).trials == 0


def test_a_class_closes_after_its_idle_time(url: str) -> None:
    clock = [datetime(2026, 3, 1, 9, 0)]
    store = ClassStore(url, now=lambda: clock[0])
    try:
        teacher = started(store, idle_minutes=15)
        ann = store.join(teacher.code, "Ann")
        clock[0] += timedelta(minutes=14)
        store.send(ann, "send-before-idle", [3])  # activity: the idle time starts again
        clock[0] += timedelta(minutes=15)
        assert store.info(teacher.code).is_open
        clock[0] += timedelta(minutes=1)
        assert not store.info(teacher.code).is_open
        with pytest.raises(ClassError, match="is closed"):
            store.send(ann, "send-after-idle", [3])
        assert store.reopen(teacher).is_open
        store.send(ann, "send-after-idle", [3])
        assert store.pooled(teacher.code).trials == 2
        for idle in (0, 10**9, 1.5, "15"):
            with pytest.raises(InputError, match=r"^idle_minutes: must be a whole number"):
                store.start_class("death-rays-13", OUTCOMES, idle_minutes=idle)  # type: ignore[arg-type]
    finally:
        store.dispose()


def test_the_export_has_every_trial_with_its_student_and_time(store: ClassStore) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    eve = store.join(teacher.code, "=HYPERLINK(1)")
    store.send(ann, "ann-send-0001", [4, 5])
    store.send(eve, "eve-send-0001", [13])
    store.send(ann, "ann-send-0002", [0])
    rows = list(csv.DictReader(io.StringIO(store.export_csv(teacher))))
    assert [(r["student"], r["outcome"]) for r in rows] == [
        ("Ann", "4"),
        ("Ann", "5"),
        ("'=HYPERLINK(1)", "13"),  # not a formula in a spreadsheet
        ("Ann", "0"),
    ]
    assert {r["class"] for r in rows} == {teacher.code}
    assert {r["experiment"] for r in rows} == {"death-rays-13"}
    assert rows[0]["send"] == rows[1]["send"] != rows[3]["send"]
    assert all(datetime.fromisoformat(r["time"].rstrip("Z")) for r in rows)


def test_thirty_students_sending_at_once_are_each_stored_once(url: str) -> None:
    setup = ClassStore(url)
    teacher = started(setup)
    keys = [setup.join(teacher.code, f"student {i}") for i in range(30)]
    rolls = {i: [i % 14, (3 * i) % 14, 7] for i in range(30)}
    start = threading.Barrier(30)
    receipts: dict[int, list[class_store.Receipt]] = {}
    failures: list[BaseException] = []

    def student(i: int) -> None:
        own = ClassStore(url)  # a kernel of its own, with its own connections
        try:
            start.wait()
            first = own.send(keys[i], f"send-of-{i:04d}", rolls[i])
            again = own.send(keys[i], f"send-of-{i:04d}", rolls[i])  # a double tap
            receipts[i] = [first, again]
        except BaseException as error:
            failures.append(error)
        finally:
            own.dispose()

    threads = [threading.Thread(target=student, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures
    assert all(
        r == [class_store.Receipt(3, False), class_store.Receipt(3, True)]
        for r in receipts.values()
    )
    pooled = setup.pooled(teacher.code)
    expected = Counter(v for values in rolls.values() for v in values)
    assert pooled.trials == 90 and pooled.sent == 30 and pooled.joined == 30
    assert pooled.as_dict() == {o: expected[o] for o in OUTCOMES}
    setup.dispose()


def test_the_same_send_from_ten_threads_at_once_counts_once(url: str) -> None:
    setup = ClassStore(url)
    teacher = started(setup)
    ann = setup.join(teacher.code, "Ann")
    start = threading.Barrier(10)
    receipts: list[class_store.Receipt] = []

    def tap() -> None:
        start.wait()
        receipts.append(setup.send(ann, "one-send-many-taps", [9, 9]))

    threads = [threading.Thread(target=tap) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(r.repeated for r in receipts) == [False] + [True] * 9
    assert setup.pooled(teacher.code).trials == 2
    setup.dispose()


def _killed_sender(url: str, student: StudentKey, inside: Any) -> None:
    """A sender that stops for good right before its trials are written (its send's row is
    written already), says so, and waits to be killed."""
    store = ClassStore(url)

    @sa.event.listens_for(store._engine, "before_cursor_execute")
    def stall(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO KIT_CLASS_TRIAL"):
            inside.set()
            time.sleep(120)

    store.send(student, "the-killed-send", [1, 2, 3])


def test_a_sender_killed_during_a_send_leaves_none_of_it(store: ClassStore, url: str) -> None:
    teacher = started(store)
    ann = store.join(teacher.code, "Ann")
    # a forked process has the kit imported already: it starts in milliseconds
    processes = multiprocessing.get_context("fork")
    inside = processes.Event()
    sender = processes.Process(target=_killed_sender, args=(url, ann, inside), daemon=True)
    sender.start()
    try:
        assert inside.wait(30), "the sender never reached its trials"
    finally:
        os.kill(sender.pid, signal.SIGKILL)  # type: ignore[arg-type]
        sender.join(30)
    assert sender.exitcode == -signal.SIGKILL
    assert store.pooled(teacher.code).trials == 0
    # the send's row went with its trials: sent again, the send is stored, whole
    assert store.send(ann, "the-killed-send", [1, 2, 3]) == class_store.Receipt(3, False)
    assert store.pooled(teacher.code).trials == 3


def test_the_schema_carries_its_version_and_migrates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    first = ClassStore(url)
    teacher = started(first)
    first.dispose()
    engine = sa.create_engine(url)

    def add_notes(conn: sa.Connection) -> None:
        conn.execute(sa.text("CREATE TABLE kit_class_note (id INTEGER PRIMARY KEY, note TEXT)"))

    known = class_store.SCHEMA_VERSION
    monkeypatch.setattr(class_store, "MIGRATIONS", (*class_store.MIGRATIONS, add_notes))
    monkeypatch.setattr(class_store, "SCHEMA_VERSION", known + 1)
    migrated = ClassStore(url)
    assert migrated.schema_version() == known + 1
    assert migrated.info(teacher.code).experiment == "death-rays-13"  # the data came along
    assert "kit_class_note" in sa.inspect(engine).get_table_names()
    migrated.dispose()
    ClassStore(url).dispose()  # opened again: migrated once, not twice
    monkeypatch.setattr(class_store, "SCHEMA_VERSION", known)
    with pytest.raises(
        ClassError,
        match=rf"newer version of the kit \(schema {known + 1}; this one knows up to {known}\)",
    ):
        ClassStore(url)
    engine.dispose()


def test_the_store_is_in_the_jupyter_data_folder_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter"))
    url = store_url({})
    assert url == f"sqlite:///{tmp_path / 'jupyter' / 'martian-dino-kit' / 'classes.sqlite3'}"
    assert store_url({"KIT_CLASS_DB": "postgresql://hub/db"}) == "postgresql://hub/db"
    store = ClassStore(url)
    with store._engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.dispose()


def test_a_store_that_cannot_be_used_is_said_in_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(ClassError, match="KIT_CLASS_DB is not a database address") as bad:
        ClassStore("nosuchdb://somewhere/db")
    assert bad.value.reason == "bad_url"
    with pytest.raises(ClassError, match="cannot be reached just now") as down:
        ClassStore(f"sqlite:///{tmp_path / 'no-such-folder' / 'classes.sqlite3'}")
    assert down.value.reason == "unavailable"


TWO_COINS = {
    "title": "Two coins",
    "trial": "Toss two coins and count the heads.",
    "outcome": "heads",
    "law": [[0, "1/4"], [1, "2/4"], [2, "1/4"]],
}


def test_a_class_keeps_its_experiments_definition(store: ClassStore) -> None:
    teacher = store.start_class("own-two-coins", [0, 1, 2], definition=TWO_COINS)
    info = store.info(teacher.code)
    # kept as text, in lowest terms: "2/4" is stored "1/2"
    assert info.definition == {**TWO_COINS, "law": [[0, "1/4"], [1, "1/2"], [2, "1/4"]]}
    assert store.info(started(store).code).definition is None  # a class without one
    bad = [
        ({**TWO_COINS, "law": [[0, "1/4"], [1, "1/2"], [2, "1/8"]]}, "definition.law", "7/8"),
        ({**TWO_COINS, "law": [[0, "1/4"], [1, "1/2"], [3, "1/4"]]}, "law[2]", "here is 2"),
        ({**TWO_COINS, "law": [[0, "1/4"], [1, "0.5"], [2, "1/4"]]}, "law[1]", "'0.5'"),
        ({**TWO_COINS, "law": [[0, "1/0"], [1, "1/2"], [2, "1/4"]]}, "law[0]", "'1/0'"),
        ({**TWO_COINS, "law": [[0, "1/2"], [1, "1/2"]]}, "definition.law", "0, 1, 2"),
        ({**TWO_COINS, "title": "x" * 81}, "definition.title", "1 to 80"),
        ({**TWO_COINS, "trial": "a\x00b"}, "definition.trial", "characters of text"),
        ("two coins", "definition", "its law"),
    ]

    def count() -> int:
        with store._read() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.count()).select_from(class_store.classes)
                ).scalar_one()
            )

    before = count()
    for definition, field, words in bad:
        with pytest.raises(InputError, match=rf"{re.escape(field)}.*{re.escape(words)}"):
            store.start_class("own-two-coins", [0, 1, 2], definition=definition)
    assert count() == before  # nothing was stored of the refused ones


def version_3_store(url: str) -> TeacherKey:
    """A store as version 3 of the schema left it, with a class of 13 dice started then (and
    a student's send): the class's key."""
    engine = class_store.create_store_engine(url)
    with engine.begin() as conn:
        class_store.schema_version.create(conn)
        conn.execute(class_store.schema_version.insert().values(version=3))
        for step in class_store.MIGRATIONS[:3]:
            step(conn)
        now = class_store._utc_now()
        conn.execute(
            sa.text(
                "INSERT INTO kit_class (code, secret_hash, experiment, outcomes, idle_minutes,"
                " closed, trial_count, created_at, active_at) VALUES ('ABCDEFG', :secret,"
                " 'death-rays-13', :outcomes, 120, :no, 0, :now, :now)"
            ),
            {
                "secret": class_store._hash("secret"),
                "outcomes": str(OUTCOMES),
                "now": now,
                "no": False,
            },
        )
    engine.dispose()
    return TeacherKey("ABCDEFG", "secret")


def migrates_from_version_3(url: str) -> None:
    old = version_3_store(url)
    store = ClassStore(url)
    assert store.schema_version() == class_store.SCHEMA_VERSION == 4
    info = store.info(old.code)
    assert (info.experiment, info.definition, info.outcomes) == (
        "death-rays-13",
        None,
        tuple(OUTCOMES),
    )
    ann = store.join(old.code, "Ann")
    assert store.send(ann, "after-the-migration", [3, 4]).trials == 2
    assert store.pooled(old.code).trials == 2
    own = store.start_class("own-two-coins", [0, 1, 2], definition=TWO_COINS)
    assert store.info(own.code).definition is not None
    store.dispose()
    ClassStore(url).dispose()  # opened again: migrated once


def test_a_version_3_store_migrates_and_its_classes_go_on(tmp_path: Path) -> None:
    migrates_from_version_3(f"sqlite:///{tmp_path / 'classes.sqlite3'}")


def test_a_version_3_store_migrates_on_postgresql(postgres_url: str) -> None:
    server = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        conn.execute(sa.text("DROP DATABASE IF EXISTS kit_version_3"))
        conn.execute(sa.text("CREATE DATABASE kit_version_3"))
    server.dispose()
    migrates_from_version_3(
        sa.make_url(postgres_url).set(database="kit_version_3").render_as_string(False)
    )
