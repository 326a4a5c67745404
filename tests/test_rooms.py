"""Rooms (`kit_common.rooms`) with both games, at the store's level: whole games played from
several seats through the API the pages use, checked against the kits' own records and
replay commands; every refusal (not your seat, not your turn, an illegal move, a stale or
replayed number, a flood, a full room, a bad or taken name) said in a sentence and changing
nothing; two presses at once (one applies); a seat taken back with its token, handed to a
bot; a room that outlives its store object. SQLite (a temporary file); the race once more on
PostgreSQL (tests/postgres_server.py) when it can run here."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dino_kit import cli as dino_cli
from dino_kit import records as dino_records
from dino_kit.rooms import ROOM_GAME as DINO
from kit_common.errors import InputError, RuleError
from kit_common.game import CHANCE
from kit_common.rooms import CreatorKey, RoomError, RoomStore, RoomView, Seat, SeatKey
from martian_kit import cli as martian_cli
from martian_kit import records as martian_records
from martian_kit.policies import policy_by_name
from martian_kit.rooms import ROOM_GAME as MARTIAN
from martian_kit.turn import Action

GAMES = (MARTIAN, DINO)
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
    store.dispose()
    again = RoomStore(GAMES, url)
    back = again.join(code, " Cleo ", cleo.token)
    assert back == cleo
    assert again.view(code).moves == view.moves
    # Bo's device never returns: the creator hands the seat to a bot, the game goes on
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
    # Bo comes back after all: the seat is a person's again, the bot stops
    assert again.join(code, html.name, html.token) == html
    assert again.view(code).seats[1] == Seat(1, html.name, None)
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
