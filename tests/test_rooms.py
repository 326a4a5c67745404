"""Rooms (`kit_common.rooms`) with both games, at the store's level: whole games played from
several seats through the API the pages use, checked against the kits' own records and
replay commands; every refusal (not your seat, not your turn, an illegal move, a stale or
replayed number, a flood, a full room, a bad or taken name) said in a sentence and changing
nothing; two presses at once (one applies); a seat taken back with its token, handed to a
bot; a room that outlives its store object. SQLite (a temporary file); the race once more on
PostgreSQL (tests/postgres_server.py) when it can run here."""

from __future__ import annotations

import dataclasses
import json
import random
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from html import escape
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from dino_kit import cli as dino_cli
from dino_kit import records as dino_records
from dino_kit.rooms import ROOM_GAME as DINO
from kit_common import class_store
from kit_common.class_store import (
    _hash,
    _utc_now,
    create_store_engine,
    room_moves,
    room_seats,
    rooms,
    schema_version,
)
from kit_common.errors import InputError, RuleError
from kit_common.game import CHANCE
from kit_common.rooms import (
    AWAY_S,
    HAND_AFTER_S,
    KEEP_OVER_DAYS,
    PLAYING,
    ROOM_IDLE_DAYS,
    CreatorKey,
    RoomError,
    RoomStore,
    RoomView,
    Seat,
    SeatKey,
)
from martian_kit import cli as martian_cli
from martian_kit import records as martian_records
from martian_kit.policies import policy_by_name
from martian_kit.rooms import ROOM_GAME as MARTIAN
from martian_kit.turn import Action

GAMES = (MARTIAN, DINO)
TABLES = (rooms, room_seats, room_moves)
CAUTIOUS = policy_by_name("cautious")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'classes.sqlite3'}"


@pytest.fixture
def store(url: str) -> Iterator[RoomStore]:
    opened = RoomStore(GAMES, url, rate=(1000, 10.0))
    yield opened
    opened.dispose()


def martian_room(
    store: RoomStore, seed: int | None = None
) -> tuple[CreatorKey, SeatKey, SeatKey, RoomView]:
    """Ann (the creator) and Bob in a 3-seat Martian Dice room with a greedy bot, started."""
    creator, ann = store.create_room("martian-dice", "Ann", 3, seed=seed)
    bob = store.join(creator.code, "Bob")
    store.set_bot(creator, 2, "greedy")
    return creator, ann, bob, store.start(creator)


def a_move(view: RoomView, rng: random.Random) -> dict[str, Any]:
    """A legal move of the seat to act, as a page sends it (Martian Dice: the cautious
    strategy's, so that games are short; Dinosaur Island: a random one)."""
    state = view.state
    if state.current_player() == CHANCE:
        return {"throw": True}
    if view.game == MARTIAN.name:
        return {"action": CAUTIOUS(state.turn, state.context(), rng).value}
    return {"action": DINO.encode(rng.choice(list(state.legal_actions())))}


def refused(store: RoomStore, code: str, reason: str, call: Any, *args: Any) -> RoomError:
    """`call(*args)` is refused for `reason`, and the room is as it was."""
    before = store.view(code)
    with pytest.raises(RoomError) as error:
        call(*args)
    assert error.value.reason == reason, str(error.value)
    after = store.view(code)
    assert (after.moves, after.status, after.seats) == (before.moves, before.status, before.seats)
    return error.value


def test_a_martian_game_played_from_two_devices_replays_with_the_kits_command(
    store: RoomStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    creator, ann, bob, view = martian_room(store, seed=2)
    assert view.status == "playing" and view.to_act == 0 and view.moves == 0
    assert [s.name for s in view.seats] == ["Ann", "Bob", "Bot 3 (greedy)"]
    rng = random.Random(5)
    seen_bot_turn = False
    while not view.is_over:
        key = ann if view.to_act == 0 else bob
        view = store.play(key, view.moves, a_move(view, rng))
        seen_bot_turn |= any(t.seat == 2 for t in view.state.log)
    assert seen_bot_turn
    # every device sees the same game: a second store object (another kernel) replays it
    other = RoomStore(GAMES, store.url)
    assert other.view(creator.code).state == view.state
    assert view.scores == view.state.totals and view.returns == view.state.returns()
    # the record stored at the end is the kit's: it loads to the same game, the CLI replays it
    record = store.record(creator.code)
    assert martian_records.loads(record) == view.state
    assert json.loads(record)["players"] == ["Ann", "Bob", "Bot 3 (greedy)"]
    path = tmp_path / "room.json"
    path.write_text(record, encoding="utf-8")
    assert martian_cli.main(["replay", str(path)]) == 0
    assert "Ann" in capsys.readouterr().out
    refused(store, creator.code, "over", store.play, ann, view.moves, {"throw": True})
    other.dispose()
    # the finished game is kept KEEP_OVER_DAYS days for its replay, then closed and removed
    ended = _utc_now()
    for days, kept in ((KEEP_OVER_DAYS - 1, True), (KEEP_OVER_DAYS + 1, False)):
        later = RoomStore(GAMES, store.url, now=lambda d=days: ended + timedelta(days=d))
        if kept:
            assert later.record(creator.code) == record
        else:
            with pytest.raises(RoomError, match="ended more than 30 days ago") as gone:
                later.record(creator.code)
            assert gone.value.reason == "expired_over"
            assert later.remove_expired() == 1
            with pytest.raises(RoomError, match="There is no room with the code") as gone:
                later.view(creator.code)
            assert "a finished game 30 days after its end" in str(gone.value)
        later.dispose()


def test_a_room_left_alone_closes_and_is_removed_when_a_room_is_created(url: str) -> None:
    clock = [_utc_now()]
    store = RoomStore(GAMES, url, now=lambda: clock[0])
    creator, ann, _bob, _view = martian_room(store, seed=3)
    waiting, _cleo = store.create_room("dinosaur-island", "Cleo", 2)
    clock[0] += timedelta(days=ROOM_IDLE_DAYS)
    assert store.play(ann, 0, {"throw": True}).moves == 1  # a move: the room lives on
    clock[0] += timedelta(minutes=1)
    for code, reason in ((creator.code, None), (waiting.code, "expired")):
        if reason is None:
            assert store.view(code).moves == 1
        else:
            error = refused_gone(store, code, reason, store.join, code, "Dan")
            assert str(error) == (
                f"The room {code} has closed: nobody played in it for 7 days. Create a new "
                "room to play again."
            )
    clock[0] += timedelta(days=ROOM_IDLE_DAYS)
    for call in (store.view, store.version, store.away):
        assert refused_gone(store, creator.code, "expired", call, creator.code)
    refused_gone(store, creator.code, "expired", store.play, ann, 1, {"action": "stop"})
    # the next room created removes both, with their seats and moves
    store.create_room("martian-dice", "Eve", 2)
    with store.store._engine.connect() as conn:
        left = [conn.execute(sa.select(sa.func.count()).select_from(t)).scalar() for t in TABLES]
    assert left == [1, 1, 0]
    for code in (creator.code, waiting.code):
        assert refused_gone(store, code, "unknown", store.view, code)
    store.dispose()


def refused_gone(store: RoomStore, code: str, reason: str, call: Any, *args: Any) -> RoomError:
    """`call(*args)` on a room whose life is over is refused for `reason`."""
    with pytest.raises(RoomError) as error:
        call(*args)
    assert error.value.reason == reason, str(error.value)
    return error.value


def test_a_dinosaur_island_room_with_variants_and_a_bot_replays_with_the_kits_command(
    store: RoomStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = {"objective_length": "medium", "chaos_theory": True}
    creator, ann = store.create_room("dinosaur-island", "Ann", 2, options, seed=11)
    store.set_bot(creator, 1, "simple")
    view = store.start(creator)
    assert view.options == {**options, "predictable_systems": False}
    assert view.state.state.objective_length == "medium" and view.state.state.rules.chaos_theory
    rng = random.Random(3)
    for _ in range(40):  # (a running game's record: the finished one is Martian Dice's test)
        assert view.to_act == 0  # the bot's turns and chance were played by the store
        view = store.play(ann, view.moves, a_move(view, rng))
    assert any(actor == 1 for actor, _ in view.history)  # the bot played
    record = store.record(creator.code)
    assert dino_records.from_record(json.loads(record)) == view.state.state
    assert json.loads(record)["seed"] == 11
    path = tmp_path / "room.json"
    path.write_text(record, encoding="utf-8")
    assert dino_cli.main(["replay", str(path)]) == 0
    # a record that breaks a rule is refused in one line naming the move (nothing replayed)
    broken = json.loads(record)
    broken["moves"][-1] = {"seat": 1, "action": {"kind": "pass"}}
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert dino_cli.main(["replay", str(path)]) == 1
    assert f"moves[{len(broken['moves']) - 1}]" in capsys.readouterr().err


def test_every_refusal_is_a_sentence_and_changes_nothing(store: RoomStore) -> None:
    creator, ann, bob, view = martian_room(store, seed=7)
    code = creator.code
    assert view.to_act == 0 and view.state.current_player() == CHANCE  # Ann throws first
    error = refused(store, code, "not_your_turn", store.play, bob, 0, {"throw": True})
    assert str(error) == "It is not your turn: Ann plays now."
    # a crafted message: Bob's token claiming Ann's seat, or no token at all
    forged = SeatKey(code, 0, "Ann", bob.token)
    error = refused(store, code, "not_your_seat", store.play, forged, 0, {"throw": True})
    assert str(error) == "This device plays seat 2, not seat 1."
    nobody = SeatKey(code, 0, "Ann", "not-a-token")
    refused(store, code, "not_seated", store.play, nobody, 0, {"throw": True})
    refused(store, code, "throw_first", store.play, ann, 0, {"action": "stop"})
    refused(store, code, "ahead", store.play, ann, 5, {"throw": True})
    with pytest.raises(InputError, match="move: a move is"):
        store.play(ann, 0, "<script>")
    view = store.play(ann, 0, {"throw": True})
    assert view.moves == 1
    # the same press again (a double tap, or a replayed message): stale
    error = refused(store, code, "stale", store.play, ann, 0, {"throw": True})
    assert "Move 0 was played already" in str(error)
    refused(store, code, "no_throw", store.play, ann, 1, {"throw": True})
    # an illegal move: the rule is named in the kit's words
    assert Action.STOP not in view.state.legal_actions()  # (seed 7: Ann must set dice aside)
    with pytest.raises(RuleError) as broken:
        view.state.apply_action(Action.STOP)
    error = refused(store, code, "rule", store.play, ann, 1, {"action": "stop"})
    assert str(error) == str(broken.value)
    with pytest.raises(InputError, match="is not a move of this game"):
        store.play(ann, 1, {"action": "teleport"})
    # joins: the room has started; the name is taken without the token; a bad name
    refused(store, code, "started", store.join, code, "Cleo")
    refused(store, code, "name_taken", store.join, code, "Bob")
    refused(store, code, "name_taken", store.join, code, "Bob", ann.token)
    with pytest.raises(InputError, match="name: a name is 1 to 30"):
        store.join(code, "x" * 31)
    with pytest.raises(InputError, match="name: a name is 1 to 30"):
        store.join(code, "Bob\u202e")
    refused(store, code, "not_creator", store.start, CreatorKey(code, "guess"))
    refused(store, code, "started", store.start, creator)


def test_joins_fill_the_room_and_a_device_takes_its_seat_back(store: RoomStore, url: str) -> None:
    creator, ann = store.create_room("dinosaur-island", "Ann", 3)
    code = creator.code
    html = store.join(code, "<b>B</b><script>x</script>")
    assert html.seat == 1  # a name is text, stored as typed (pages show it escaped)
    refused(store, code, "empty_seats", store.start, creator)
    cleo = store.join(code, "Cleo")
    refused(store, code, "full", store.join, code, "Dan")
    with pytest.raises(InputError, match="seats"):
        store.create_room("dinosaur-island", "Ann", 5)
    with pytest.raises(InputError, match="options"):
        store.create_room("dinosaur-island", "Ann", 2, {"chaos": True})
    view = store.start(creator)
    assert view.seats[1].name == "<b>B</b><script>x</script>"
    # the app restarts (a new store object), Cleo's phone slept: she joins again with her token
    with store.store._engine.connect() as conn:  # (the clock from Bo's join on)
        query = sa.select(room_seats.c.seen_at).where(room_seats.c.name == html.name)
        clock = [conn.execute(query).scalar_one()]
    store.dispose()
    again = RoomStore(GAMES, url, now=lambda: clock[0])
    back = again.join(code, " Cleo ", cleo.token)
    assert back == cleo
    assert again.view(code).moves == view.moves
    # Bo's device stops saying it is there: away after AWAY_S, handed to a bot only later
    assert again.away(code) == {}
    error = refused(again, code, "still_here", again.set_bot, creator, 1, "random")
    assert "a player's seat goes to a bot only after 60 seconds away" in str(error)
    clock[0] += timedelta(seconds=AWAY_S)
    assert set(again.here(ann)) == {1, 2}  # Ann's device is there; Bo and Cleo are away
    assert list(again.here(cleo)) == [1]
    clock[0] += timedelta(seconds=HAND_AFTER_S - AWAY_S - 1)
    refused(again, code, "still_here", again.set_bot, creator, 1, "random")
    clock[0] += timedelta(seconds=1)
    again.set_bot(creator, 1, "random")
    refused(again, code, "bot_plays", again.play, html, again.view(code).moves, {"action": {}})
    rng = random.Random(1)
    view = again.view(code)
    for _ in range(30):
        if view.is_over:
            break
        key = ann if view.to_act == 0 else cleo
        view = again.play(key, view.moves, a_move(view, rng))
    assert view.moves > 30 and view.seats[1].bot == "random"
    # Bo's page is shown again: the seat is a person's again, the bot stops
    version = again.view(code).version
    assert 1 not in again.here(html)
    assert again.view(code).seats[1] == Seat(1, html.name, None)
    assert again.view(code).version == version + 1  # every device redraws
    assert again.join(code, html.name, html.token) == html  # (or from the room's link)

    # a beat is written only every AWAY_S / 2 (the others are reads)
    def seen() -> Any:
        with again.store._engine.connect() as conn:
            query = sa.select(room_seats.c.seen_at).where(room_seats.c.name == html.name)
            return conn.execute(query).scalar_one()

    written = seen()
    for step, expected in (
        (AWAY_S / 2 - 1, written),
        (1, clock[0] + timedelta(seconds=AWAY_S / 2)),
    ):
        clock[0] += timedelta(seconds=step)
        again.here(html)
        assert seen() == expected
    again.dispose()


def test_a_flood_of_moves_is_refused(url: str) -> None:
    store = RoomStore(GAMES, url, rate=(3, 60.0))
    creator, ann, bob, _view = martian_room(store)
    for _ in range(3):  # three tries (refused ones count too)
        with pytest.raises(RoomError):
            store.play(bob, 0, {"throw": True})
    error = refused(store, creator.code, "too_fast", store.play, bob, 0, {"throw": True})
    assert str(error) == "Too many moves: at most 3 in 60 seconds. Wait a moment."
    assert store.play(ann, 0, {"throw": True}).moves == 1  # Ann's seat has its own count
    store.dispose()


def race(url: str) -> None:
    """Two kernels (store objects) send Ann's first throw at the same moment: one applies, the
    other is told the move was played already."""
    first = RoomStore(GAMES, url)
    creator, ann, _bob, _view = martian_room(first)
    second = RoomStore(GAMES, url)
    barrier = threading.Barrier(2)
    results: list[Any] = []

    def press(store: RoomStore) -> None:
        barrier.wait()
        try:
            results.append(store.play(ann, 0, {"throw": True}).moves)
        except RoomError as error:
            results.append(error.reason)

    threads = [threading.Thread(target=press, args=(s,)) for s in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(map(str, results)) == ["1", "stale"]
    assert first.view(creator.code).moves == second.view(creator.code).moves == 1
    first.dispose()
    second.dispose()


def test_two_presses_at_once_one_applies(url: str) -> None:
    race(url)


def test_two_presses_at_once_one_applies_on_postgresql(postgres_url: str) -> None:
    race(postgres_url)


def test_a_returning_browser_takes_its_seat_back_on_the_rooms_page(url: str) -> None:
    """The page's side of coming back: what the browser kept (localStorage, `SeatMemory`)
    and the room's link take the seat again; a kept token that is not the seat's is refused
    in a sentence, and what a browser says it keeps is read with care."""
    from martian_kit.widgets.together import together_app

    def page() -> Any:
        return together_app(lambda: RoomStore(GAMES, url), poll_s=None)

    first = page()
    creator = first.create("Ann")
    link = f"http://host/voila/render/classroom/martian_dice_together.ipynb?room={creator.code}"
    kept = first.memory.keep
    assert json.loads(kept)[creator.code]["secret"] == creator.secret
    # the tab closed; the same browser opens the room's link: the seat and the creator's role
    again = page()
    again.memory.stored = kept
    again.address.href = link
    assert again.seat == first.seat and again.creator == creator
    with pytest.raises(RoomError, match=r"Empty seats: 2\."):  # (the creator's role is back)
        again.start()
    assert again.shown is not None and again.shown.status == "waiting"
    # another browser, whose storage claims Ann's seat with a token that is not hers
    other = page()
    other.memory.stored = json.dumps({creator.code: {"name": "Ann", "token": "forged"}})
    other.address.href = link
    assert other.seat is None and "Ann already sits at this table" in other.notice.value
    for junk in ("[1, 2]", "not json", json.dumps({creator.code: {"name": 5}})):
        memory = page().memory
        memory.stored = junk
        assert memory.seats() == {}


def two_writers(url: str) -> None:
    """A bot handed a seat thinks outside the write transaction: while it thinks (in one
    kernel), another kernel writes at once; a device back meanwhile takes its seat back
    before the bot's move is written; a change of the room meanwhile makes the first kernel
    work the bot's move out again."""
    thinking, go = threading.Event(), threading.Event()
    thoughts: list[Any] = []

    def slow(name: str) -> Any:
        agent = MARTIAN.bot("greedy")

        def think(state: Any, rng: random.Random) -> Any:
            thoughts.append(state)
            thinking.set()
            assert go.wait(20)
            return agent(state, rng)

        return think if name == "slow" else MARTIAN.bot(name)

    game = dataclasses.replace(MARTIAN, bots=(*MARTIAN.bots, "slow"), bot=slow)
    clock = [_utc_now()]
    first = RoomStore([game], url, now=lambda: clock[0])
    second = RoomStore([game], url, now=lambda: clock[0])
    creator, ann = first.create_room("martian-dice", "Ann", 2, seed=4)
    bob = first.join(creator.code, "Bob")
    view = first.start(creator)
    rng = random.Random(2)
    while view.to_act != 1:  # Ann plays her turn: Bob is to act
        view = first.play(ann, view.moves, a_move(view, rng))

    def hand(found: list[Any]) -> threading.Thread:
        thinking.clear()
        go.clear()
        thoughts.clear()
        clock[0] += timedelta(seconds=HAND_AFTER_S + 1)  # Bob away long enough

        def run() -> None:
            try:
                found.append(first.set_bot(creator, 1, "slow"))
            except RoomError as error:
                found.append(error)

        thread = threading.Thread(target=run)
        thread.start()
        assert thinking.wait(20)
        return thread

    def quickly(call: Any, *args: Any) -> Any:
        began = time.monotonic()
        result = call(*args)
        assert time.monotonic() - began < 5  # (a lock held by the thinking bot: 20 s)
        return result

    # Bob's page is shown again while the bot thinks: the seat is his again, and the bot's
    # move, planned on the room before he came back, is not written
    found: list[Any] = []
    thread = hand(found)
    quickly(second.here, bob)
    go.set()
    thread.join(30)
    assert isinstance(found[0], RoomView) and found[0].seats[1] == Seat(1, "Bob", None)
    assert second.view(creator.code).seats[1] == Seat(1, "Bob", None)
    assert second.view(creator.code).moves == view.moves
    # Ann joins again while the bot thinks (the room changes): the bot's move is worked out
    # again from the room as it is now, and stored once
    found = []
    thread = hand(found)
    quickly(second.join, creator.code, "Ann", ann.token)
    go.set()
    thread.join(30)
    after = found[0]
    assert isinstance(after, RoomView), after
    assert thoughts.count(thoughts[0]) == 2  # its first decision thought twice
    assert after.seats[1].bot == "slow" and after.moves > view.moves
    assert any(actor == 1 for actor, _ in after.history[view.moves :])
    assert second.view(creator.code).state == after.state
    first.dispose()
    second.dispose()


def test_a_thinking_bot_holds_no_lock(url: str) -> None:
    two_writers(url)


def test_a_thinking_bot_holds_no_lock_on_postgresql(postgres_url: str) -> None:
    two_writers(postgres_url)


def version_2_store(url: str) -> tuple[CreatorKey, SeatKey]:
    """A store as version 2 of the schema left it, holding a waiting room of Martian Dice
    with its creator Ann at seat 1: the room's keys."""
    engine = create_store_engine(url)
    with engine.begin() as conn:
        schema_version.create(conn)
        conn.execute(schema_version.insert().values(version=2))
        for step in class_store.MIGRATIONS[:2]:
            step(conn)
        now = _utc_now()
        room_id = conn.execute(
            sa.text(
                "INSERT INTO kit_room (code, secret_hash, game, options, seats, seed, status,"
                " players, moves, version, record, created_at, active_at) VALUES ('ABCDEFG',"
                " :secret, 'martian-dice', '{}', 2, 5, 'waiting', NULL, 0, 0, NULL, :now, :now)"
                " RETURNING id"
            ),
            {"secret": _hash("secret"), "now": now},
        ).scalar_one()
        conn.execute(
            sa.text(
                "INSERT INTO kit_room_seat (room_id, seat, name, bot, token_hash, window_start,"
                " window_count) VALUES (:room, 0, 'Ann', NULL, :token, :now, 0)"
            ),
            {"room": room_id, "token": _hash("token"), "now": now},
        )
    engine.dispose()
    return CreatorKey("ABCDEFG", "secret"), SeatKey("ABCDEFG", 0, "Ann", "token")


def migrates(url: str) -> None:
    creator, ann = version_2_store(url)
    store = RoomStore(GAMES, url)
    assert store.store.schema_version() == class_store.SCHEMA_VERSION
    assert list(store.away(creator.code)) == [0]  # (not heard from since the migration)
    bob = store.join(creator.code, "Bob")
    view = store.start(creator)
    assert store.play(ann, 0, {"throw": True}).moves == view.moves + 1
    assert store.away(creator.code) == {} and bob.seat == 1
    store.dispose()
    RoomStore(GAMES, url).dispose()  # opened again: migrated once


def test_a_version_2_store_migrates_and_its_rooms_play_on(url: str) -> None:
    migrates(url)


def test_a_version_2_store_migrates_on_postgresql(postgres_url: str) -> None:
    server = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        conn.execute(sa.text("DROP DATABASE IF EXISTS kit_version_2"))
        conn.execute(sa.text("CREATE DATABASE kit_version_2"))
    server.dispose()
    migrates(sa.make_url(postgres_url).set(database="kit_version_2").render_as_string(False))


def test_the_creator_gives_an_empty_seat_to_a_bot_with_the_menus_as_offered(url: str) -> None:
    """The creator's menus, as the page shows them after "Create a room": the first empty
    seat and the first bot already chosen, so that pressing "Give to the bot" gives it (the
    seat menu, empty before the room existed, chose none of its new options: nothing was
    given, and "Start" was refused for the empty seat)."""
    from martian_kit.widgets.together import together_app

    ann = together_app(lambda: RoomStore(GAMES, url), poll_s=None)
    ann.name.value = "Ann"
    ann.create_button.click()
    assert ann.bot_seat.options == (("Seat 2", 1),) and ann.bot_seat.value == 1
    ann.bot_button.click()
    assert ann.shown.seats[1].bot == ann.bot_choice.value == MARTIAN.bots[0]
    ann.start_button.click()
    assert ann.shown.status == PLAYING, ann.notice.value


def test_the_rooms_page_shows_who_is_away_and_offers_only_their_seats(url: str) -> None:
    """The page's side of presence: the browser's beats reach the store; the table says who
    is away; the creator's menu offers a person's seat only once it has been away long
    enough; a device back takes its seat from the bot; a link to a closed room says so."""
    from martian_kit.widgets.together import together_app

    clock = [_utc_now()]

    def page() -> Any:
        return together_app(lambda: RoomStore(GAMES, url, now=lambda: clock[0]), poll_s=None)

    def beat(app: Any) -> None:  # what the browser sends every HEARTBEAT_S while shown
        app._beat_at = -HAND_AFTER_S
        app.memory._handle_custom_msg({"here": True}, [])

    ann = page()
    creator = ann.create("Ann")
    assert "once their device has been away for 60 seconds" in ann.hand_rule.value
    bob = page()
    bob.join(creator.code, "Bob")
    beat(ann)
    assert "person, away" not in ann.scores.value and ann.bot_seat.options == ()
    clock[0] += timedelta(seconds=AWAY_S)
    beat(ann)
    assert "person, away" in ann.scores.value and ann.bot_seat.options == ()
    clock[0] += timedelta(seconds=HAND_AFTER_S - AWAY_S)
    beat(ann)
    assert "the creator may give this seat to a bot" in ann.scores.value
    assert ann.bot_seat.options == (("Seat 2", 1),)
    ann.give_to_bot(1, "greedy")
    assert ann.shown.seats[1].bot == "greedy"
    beat(bob)  # Bob's page is shown again: his seat is his
    assert ann.refresh().seats[1] == Seat(1, "Bob", None)
    # a week later, the room's link opened on a new device
    clock[0] += timedelta(days=ROOM_IDLE_DAYS, seconds=1)
    visitor = page()
    visitor.address.href = f"http://h/martian_dice_together.ipynb?room={creator.code}"
    assert "has closed: nobody played in it for 7 days" in visitor.notice.value


def slow_bot_game(inner: str = "greedy") -> tuple[Any, threading.Event, threading.Event]:
    """Martian Dice with one more bot, "slow": it says when it starts thinking (`thinking`)
    and plays as the bot `inner` once `go` is set. The game, `thinking`, `go`."""
    thinking, go = threading.Event(), threading.Event()

    def bot(name: str) -> Any:
        if name != "slow":
            return MARTIAN.bot(name)
        agent = MARTIAN.bot(inner)

        def think(state: Any, rng: random.Random) -> Any:
            thinking.set()
            assert go.wait(20)
            return agent(state, rng)

        return think

    return dataclasses.replace(MARTIAN, bots=(*MARTIAN.bots, "slow"), bot=bot), thinking, go


def test_a_move_is_shown_on_every_device_before_the_bots_answer(url: str) -> None:
    """Ann's move that hands the turn to a bot is stored, and shown by Bob's device (another
    kernel, through the calls his page polls), while the bot still thinks; the bot's move
    follows in a write of its own."""
    game, thinking, go = slow_bot_game()
    ann_store, bob_store = RoomStore([game], url), RoomStore([game], url)
    creator, ann = ann_store.create_room("martian-dice", "Ann", 3, seed=4)
    ann_store.set_bot(creator, 1, "slow")
    bob = bob_store.join(creator.code, "Bob")
    assert bob.seat == 2
    view = ann_store.start(creator)
    rng = random.Random(2)
    found: list[Any] = []
    while True:  # Ann plays until her move hands the turn to the slow bot
        number, move = view.moves, a_move(view, rng)
        thread = threading.Thread(
            target=lambda n=number, m=move: found.append(ann_store.play(ann, n, m))
        )
        thread.start()
        while thread.is_alive() and not thinking.is_set():
            thread.join(0.01)
        if thinking.is_set():
            break
        view = found.pop()
    assert bob_store.version(creator.code) != view.version  # Bob's page redraws...
    seen = bob_store.view(creator.code)
    assert seen.moves > number and seen.history[number][0] == 0  # ...showing Ann's move
    assert seen.to_act == 1 and seen.waits_for_bots  # the bot is still thinking
    assert all(actor != 1 for actor, _ in seen.history)
    go.set()
    thread.join(30)
    after = found.pop()
    assert any(actor == 1 for actor, _ in after.history[number:]) and not after.waits_for_bots
    assert bob_store.view(creator.code).state == after.state
    ann_store.dispose()
    bob_store.dispose()


def test_the_page_draws_its_move_and_the_bots_answer_in_the_background(url: str) -> None:
    """On the room's page, **a move's call returns, drawn on its device and shown on the
    others, while the bots still think**; the page's bots thread then plays them and the
    page's poll draws their moves."""
    from kit_common.widgets.rooms import RoomApp
    from martian_kit.widgets.together import MartianTable

    game, thinking, go = slow_bot_game()

    def page(poll_s: float | None) -> RoomApp:
        store = lambda: RoomStore([game], url)  # noqa: E731
        return RoomApp(
            game, MartianTable, "martian_dice_together.ipynb", open_store=store, poll_s=poll_s
        )

    ann, bob = page(0.05), page(None)
    ann.players.value = 3
    creator = ann.create("Ann")
    ann.give_to_bot(1, "slow")
    bob.join(creator.code, "Bob")
    ann.start()
    rng = random.Random(2)
    try:
        while True:
            assert ann.shown is not None and ann.shown.to_act == 0
            number = ann.shown.moves
            ann.send(a_move(ann.shown, rng))  # returns without waiting for the bot
            if ann.shown.to_act != 0:
                break
        assert thinking.wait(10) and not go.is_set()
        assert ann.shown.moves > number and ann.shown.history[number][0] == 0
        shown = bob.refresh()
        assert shown is not None and shown.moves > number and shown.waits_for_bots
        go.set()
        deadline = time.monotonic() + 20
        while ann.shown.waits_for_bots and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(actor == 1 for actor, _ in ann.shown.history[number:])
    finally:
        go.set()
        ann.stop()


def test_the_bots_play_the_same_game_whoever_advances_the_room(url: str) -> None:
    """The same seed and the same persons' moves give the same game, whether each move's
    call lets the bots answer or the room is left waiting on them and another kernel
    advances it later; a page that finds a room left waiting on a bot advances it."""
    from martian_kit.widgets.together import together_app

    first, other = (RoomStore(GAMES, url, rate=(1000, 10.0)) for _ in range(2))
    games = []
    for follow in (True, False):
        creator, ann, bob, view = martian_room(first, seed=9)
        rng = random.Random(1)
        while not view.is_over:
            key = ann if view.to_act == 0 else bob
            view = first.play(key, view.moves, a_move(view, rng), follow=follow)
            if view.waits_for_bots:
                assert not follow  # (the call advanced the room)
                if view.moves % 3:  # another kernel advances it
                    view = other.advance(creator.code)
                else:  # Bob's page opened on the room finds it waiting on the bot
                    bobs = together_app(lambda: RoomStore(GAMES, url), poll_s=None, stall_s=0)
                    bobs.memory.stored = json.dumps({creator.code: dataclasses.asdict(bob)})
                    bobs.address.href = f"http://h/p.ipynb?room={creator.code}"
                    assert bobs.seat == bob and bobs.shown is not None
                    view = bobs.shown
                assert not view.waits_for_bots
        games.append((view.history, first.record(creator.code)))
    assert any(actor == 2 for actor, _ in games[0][0])  # (the bot played)
    assert games[0] == games[1]
    first.dispose()
    other.dispose()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_the_finished_rooms_page_offers_its_record_and_the_kits_command_replays_it(
    game: Any, url: str, tmp_path: Path
) -> None:
    """Once the game has ended, the room's page offers its record as a link to save (a
    `data:` address, named by `download`) with the kit's command that replays it; the saved
    file replays with that command to the room's final scores."""
    import base64
    import re

    from dino_kit.heuristic import heuristic_bot
    from dino_kit.widgets.together import together_app as dino_page
    from martian_kit.widgets.together import together_app as martian_page

    make_page = martian_page if game is MARTIAN else dino_page
    page = make_page(lambda: RoomStore(GAMES, url), poll_s=None)
    page.players.value = 2 if game is MARTIAN else 1  # (Dinosaur Island: the solo game)
    creator = page.create("Ann")
    if game is MARTIAN:
        page.give_to_bot(1, "greedy")
    page.start()
    assert "kit-room-record" not in page.over.value  # (offered once the game has ended)
    assert "kit-room-over" not in page.over._dom_classes
    store = RoomStore(GAMES, url, rate=(10**6, 10.0))
    view, rng = store.view(creator.code), random.Random(4)
    while not view.is_over:
        if game is MARTIAN:
            move = a_move(view, rng)
        else:
            move = {"action": DINO.encode(heuristic_bot(view.state.state, rng))}
        assert page.seat is not None
        view = store.play(page.seat, view.moves, move)
    page.refresh()
    assert "kit-room-over" in page.over._dom_classes  # (the browser tests wait for it)
    found = re.search(
        r"class='kit-room-record' download='([^']+)' href='data:application/json;base64,"
        r"([^']+)'",
        page.over.value,
    )
    assert found is not None, page.over.value
    name, record = found[1], base64.b64decode(found[2]).decode("utf-8")
    assert name == f"{game.name}-{creator.code}.json" and record == store.record(creator.code)
    assert f"<code>{game.replay} {name}</code> replays it" in page.over.value
    path = tmp_path / name
    path.write_text(record, encoding="utf-8")
    if game is MARTIAN:
        assert martian_cli.main(["replay", str(path)]) == 0
        assert tuple(martian_records.loads(record).totals) == view.scores
    else:
        assert dino_cli.main(["replay", str(path)]) == 0
        assert tuple(dino_records.from_record(json.loads(record)).final) == view.scores
    store.dispose()


def test_a_dinosaur_island_room_takes_a_planner_of_any_budget(store: RoomStore) -> None:
    """The quick planner of the game page's seat menu (`planner:1x4`) is offered and taken,
    as is a planner of another budget; a budget the kit refuses is refused in a sentence."""
    assert "planner:1x4" in DINO.bots
    creator, ann = store.create_room("dinosaur-island", "Ann", 3, seed=5)
    store.set_bot(creator, 1, "planner:1x4")
    store.set_bot(creator, 2, "planner:1x2")
    for bad in ("planner:0x4", "planner:x", "planner:" + "9" * 70):
        with pytest.raises(InputError, match="must be one of the bots"):
            store.set_bot(creator, 2, bad)
    view = store.start(creator)
    assert [s.bot for s in view.seats] == [None, "planner:1x4", "planner:1x2"]
    rng = random.Random(1)
    while not {1, 2} <= {actor for actor, _ in view.history}:  # both planners play
        view = store.play(ann, view.moves, a_move(view, rng))


def test_a_dinosaur_island_room_plays_on_the_component_set_of_dino_kit_data(
    store: RoomStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With DINO_KIT_DATA naming a component folder (as for the game pages), a room plays
    on that set, its record names it, and `dino-kit replay` (with the same setting) replays
    it; `dino-kit replay --help` says so."""
    with pytest.raises(SystemExit) as helped:
        dino_cli.main(["replay", "--help"])
    assert helped.value.code == 0
    assert "DINO_KIT_DATA environment variable" in " ".join(capsys.readouterr().out.split())
    from dino_kit.components import start_component_folder

    folder = tmp_path / "mine"
    start_component_folder(folder)
    set_file = folder / "set.yaml"
    set_file.write_text(
        set_file.read_text(encoding="utf-8").replace("name: Illustrative set", "name: Our set"),
        encoding="utf-8",
    )
    monkeypatch.setenv("DINO_KIT_DATA", str(folder))
    creator, ann = store.create_room("dinosaur-island", "Ann", 2, seed=3)
    store.set_bot(creator, 1, "heuristic")
    view = store.start(creator)
    assert view.state.state.components.name == "Our set"
    rng = random.Random(2)
    for _ in range(10):
        view = store.play(ann, view.moves, a_move(view, rng))
    record = store.record(creator.code)
    assert json.loads(record)["components"] == "Our set"
    path = tmp_path / "room.json"
    path.write_text(record, encoding="utf-8")
    assert dino_cli.main(["replay", str(path)]) == 0
    monkeypatch.delenv("DINO_KIT_DATA")  # (the illustrative set: the record is refused)
    assert dino_cli.main(["replay", str(path)]) == 1


def test_every_device_of_a_dinosaur_island_room_tells_the_game_as_the_game_page(
    url: str,
) -> None:
    """Two devices play a Dinosaur Island room through their tables' menus and **Play**, a
    bot at the third seat: each device tells the game as the game page (notebook 7) tells
    it, with its `GameStory` (the plot twists in force, what is at stake as the round goes,
    this round so far, the last round's summary with each park's VP, the log of every
    player's steps), and both tell the same story."""
    from dino_kit.engine import apply_action, apply_chance
    from dino_kit.heuristic import heuristic_bot
    from dino_kit.messages import message as dino_message
    from dino_kit.narrate import action_label, round_start_notice
    from dino_kit.widgets.game import GameStory, twists_html
    from dino_kit.widgets.together import together_app

    def page() -> Any:
        return together_app(lambda: RoomStore(GAMES, url), poll_s=None)

    ann, bob = page(), page()
    ann.players.value = 3
    creator = ann.create("Ann")
    bob.join(creator.code, "Bob")
    ann.refresh()
    ann.give_to_bot(2, "heuristic")
    ann.start()
    rng = random.Random(6)
    while True:  # until round 2's research: round 1's summary is told
        view = ann.refresh()
        assert view is not None and view.state is not None
        state = view.state.state
        if state.round == 2 and state.phase == "research" and view.to_act in (0, 1):
            break
        device = ann if view.to_act == 0 else bob
        device.refresh()
        action = heuristic_bot(state, rng)  # what the person chooses, in the menus
        table = device.table
        table.kinds.value = action.kind
        if table._groups:
            table.groups.value = next(k for k, group in table._groups.items() if action in group)
        table.options.value = action
        table.play_selected()
    bob.refresh()
    # the game page's story of the room's moves, told apart
    told, s = GameStory(), view.start.state
    for actor, move in view.history:
        after = apply_chance(s, move) if actor == CHANCE else apply_action(s, move)
        told.took(s, actor, move, after)
        s = after
    summary = told.summaries[0]
    assert len(told.summaries) == 1 and summary.visits
    for device in (ann, bob):
        table = device.table
        assert table.told.lines == told.lines
        assert table.story.value == told.html(state) and summary.html(state.names) in (
            table.story.value
        )
        assert "data-round='1'" in table.story.value and "kit-round-summary" in table.story.value
        for line in summary.vp_lines(state.names):  # what each park brought, explained
            assert escape(line) in table.story.value
        assert twists_html(state) in table.header.value  # the plot twists in force
        assert escape(round_start_notice(state)) in table.notice.value
        assert table.log.value == told.log_html(open_=True)
    # what each player did, by name, in the log
    for seat, name in enumerate(("Ann", "Bob", "Bot 3 (heuristic)")):
        before, move = next((b, m) for b, (a, m) in zip(_states(view), view.history) if a == seat)
        said = dino_message("log.action", name=name, action=action_label(before, move))
        assert said.strip() in told.lines
    for device in (ann, bob):
        device.store().dispose()


def _states(view: RoomView) -> Iterator[Any]:
    """The Dinosaur Island game before each of the room's moves."""
    from dino_kit.engine import apply_action, apply_chance

    s = view.start.state
    for actor, move in view.history:
        yield s
        s = apply_chance(s, move) if actor == CHANCE else apply_action(s, move)


class _SeededRooms(RoomStore):
    """A store whose new rooms draw from a chosen seed (a page creates rooms without one)."""

    seed = 0

    def create_room(self, *args: Any, **kwargs: Any) -> tuple[CreatorKey, SeatKey]:
        return super().create_room(*args, **{**kwargs, "seed": self.seed})


def test_a_tie_at_the_end_of_a_martian_room_is_rolled_off_as_the_game_does_on_every_device(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ann and Bob play a Martian Dice room to its end (the moves their buttons send), and tie
    at 27 (the room's seed 161, the cautious choices of `random.Random(5)`). The room breaks
    the tie as the kit's game does (`martian_kit.game`): nobody's buttons work, the room
    rolls 6 dice for each tied player from its seed, and those still tied roll again (here
    twice). Both devices say the tie and its roll-offs as the game page's log says them, the
    winner, the statistics' tie-break Death Rays; `kit-room-over` appears at the end only,
    and the record offered replays the same roll-offs with `martian-kit replay`."""
    import base64
    import re

    from martian_kit.widgets.game import rolloff_lines, tie_line
    from martian_kit.widgets.together import together_app

    class Seeded(_SeededRooms):
        seed = 161

    def page() -> Any:
        device = together_app(lambda: Seeded(GAMES, url, rate=(10**6, 10.0)), poll_s=None)
        device.follow = lambda: None  # (the room is advanced below, once both devices drew)
        return device

    ann, bob = page(), page()
    ann.players.value = 2
    creator = ann.create("Ann")
    bob.join(creator.code, "Bob")
    ann.refresh()
    ann.start()
    rng, tie_seen = random.Random(5), False
    store = Seeded(GAMES, url, rate=(10**6, 10.0))
    while True:
        view = store.view(creator.code)
        if view.is_over:
            break
        state = view.state
        if view.waits_for_bots:  # the tie: nobody's turn, the room rolls for the tied
            assert state.in_tiebreak() and state.totals == (27, 27)
            for device in (ann, bob):
                device.refresh()
                assert "kit-room-over" not in device.over._dom_classes
                assert device.table.actions.enabled() == []
                assert escape(tie_line(state)) in device.table.whose.value
            tie_seen = True
            ann.store().advance(creator.code)
            continue
        device = ann if view.to_act == 0 else bob
        if state.current_player() == CHANCE:
            move: dict[str, Any] = {"throw": True}
        else:
            move = {"action": CAUTIOUS(state.turn, state.context(), rng).value}
        assert device.seat is not None  # (what the device's buttons send, without drawing)
        store.play(device.seat, view.moves, move, follow=False)
    for device in (ann, bob):
        device.refresh()
    state = view.state
    assert tie_seen and len(state.rolloffs) == 2 and state.winner == 1
    record = ann.store().record(creator.code)
    for device in (ann, bob):
        assert "kit-room-over" in device.over._dom_classes
        assert "The game is over: Bob won." in device.over.value
        story = device.table.story.value
        assert escape(tie_line(state)) in story
        assert "Tie at 27: Ann, Bob roll 6 dice each" in story
        for line in rolloff_lines(state):  # as the game page's log says them
            assert f"<li>{escape(line)}</li>" in story
        assert "Tie-break Death Rays" in device.table.stats.value
        found = re.search(
            r"download='([^']+)' href='data:application/json;base64,([^']+)'", device.over.value
        )
        assert found is not None
        assert base64.b64decode(found[2]).decode("utf-8") == record
    path = tmp_path / found[1]
    path.write_text(record, encoding="utf-8")
    assert martian_records.loads(record).rolloffs == state.rolloffs
    assert martian_cli.main(["replay", str(path)]) == 0
    assert "Tie-break roll-off 2 (6 dice each): Ann 0 Death Rays, Bob 1 Death Ray" in (
        capsys.readouterr().out
    )
    for device in (ann, bob):
        device.store().dispose()
    store.dispose()
