"""Measure rooms under load (issue 26): R rooms of Martian Dice (or Dinosaur Island,
`--game`) with P players each, of which `--persons` are people and the others the kit's bot
`--bots` (a planner bot thinks for up to a second a move); every person a simulated device
in a process of its own (as each device's page is a kernel of its own), going through the
same store API the room's page uses (`kit_common.rooms.RoomStore`): it asks the store for
the room's version every `POLL_S` seconds, as the page does, reads the room when it changed,
says it is there every `HEARTBEAT_S` seconds (as the page's browser does, `RoomStore.here`:
a write), and when its seat is to act plays a move (Martian Dice: the cautious strategy's,
or its throw; Dinosaur Island: the heuristic bot's choice) after a think time; as the page
does, its `play` stores the move alone (`follow=False`) and a thread of the device then lets
the bots answer (`RoomStore.advance`, with a store object of its own).

Reported per store (SQLite, the default; PostgreSQL, started in a temporary folder as the
tests start it):
  * the players' moves per second stored (all rooms together), and all moves per second
    (the dice the room throws after a move included);
  * a move's own time (the device's call to `play`), median and 95th percentile;
  * the delay until every device shows a move: from the end of the `play` call to the first
    moment each of the room's other devices holds a view with that move; a move's delay is
    the slowest of its room's devices; median, 95th percentile and slowest;
  * the same delay from the press (the start of the `play` call): what a player waits for
    from pressing to seeing the move on every other device (with bots: whether the move
    waits for the bots' thinking).
Target (issue 26): 10 rooms of 4 players on 2 cores, 95th percentile under 1 s.

Run:  PYTHONPATH=$PWD python benchmarks/rooms_load.py [--rooms 10] [--players 4]
          [--seconds 30] [--think 0.5] [--stores sqlite,postgresql]
          [--game martian-dice|dinosaur-island] [--persons N --bots NAME]
Figures are reported, never asserted (the tests check correctness under concurrency).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dino_kit.heuristic import heuristic_bot
from dino_kit.rooms import ROOM_GAME as DINO
from kit_common.game import CHANCE
from kit_common.rooms import HEARTBEAT_S, RoomError, RoomGame, RoomStore, RoomView, SeatKey
from kit_common.widgets.rooms import POLL_S
from martian_kit.policies import policy_by_name
from martian_kit.rooms import ROOM_GAME as MARTIAN
from tests.postgres_server import postgres_server, why_unavailable

GAMES = {game.name: game for game in (MARTIAN, DINO)}
CAUTIOUS = policy_by_name("cautious")


def _choice(view: RoomView, rng: random.Random) -> dict[str, Any]:
    """The move a simulated person makes (as the page sends it)."""
    state = view.state
    if state.current_player() == CHANCE:
        return {"throw": True}
    if view.game == MARTIAN.name:
        return {"action": CAUTIOUS(state.turn, state.context(), rng).value}
    return {"action": DINO.encode(heuristic_bot(state.state, rng))}


def _device(
    game: RoomGame, url: str, key: SeatKey, seconds: float, think: float, seed: int, out: Any
) -> None:
    """One player's device for `seconds`: poll, show, play its turns. Puts on `out` its
    plays as (moves after it, end of the call, the call's seconds) and, for each move count
    it saw, when it first saw it."""
    store = RoomStore([game], url)
    bots_store = RoomStore([game], url)  # (the page's bots thread has its own)
    bots = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    rng = random.Random(seed)
    plays: list[tuple[int, float, float]] = []
    seen: dict[int, float] = {}
    version = -1
    view = store.view(key.code)
    deadline = time.time() + seconds
    beat_at = time.time() + HEARTBEAT_S * rng.random()  # (the devices' beats spread out)
    while time.time() < deadline and not view.is_over:
        time.sleep(POLL_S)
        if time.time() >= beat_at:
            store.here(key)
            beat_at += HEARTBEAT_S
        now_version = store.version(key.code)
        if now_version != version:
            view = store.view(key.code)
            version = view.version
            seen.setdefault(view.moves, time.time())
        if view.to_act != key.seat or view.is_over:
            continue
        time.sleep(think * (0.5 + rng.random()))
        move = _choice(view, rng)
        began = time.time()
        try:
            view = store.play(key, view.moves, move, follow=False)
        except RoomError:
            continue  # (refused: looked again at the next poll)
        ended = time.time()
        if view.waits_for_bots:
            bots.submit(bots_store.advance, key.code)
        version = view.version
        seen.setdefault(view.moves, ended)
        plays.append((view.moves, ended, ended - began))
    bots.shutdown(wait=True)
    bots_store.dispose()
    store.dispose()
    out.put((key.code, key.seat, plays, seen))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    url: str,
    rooms: int,
    players: int,
    seconds: float,
    think: float,
    game: RoomGame = MARTIAN,
    persons: int | None = None,
    bot: str = "",
) -> dict[str, float]:
    """One run against the store at `url`: the figures of the module's docstring (`persons`
    people a room, the other seats `bot`)."""
    persons = players if persons is None else persons
    store = RoomStore([game], url)
    keys: list[SeatKey] = []
    codes = []
    for r in range(rooms):
        creator, first = store.create_room(game.name, f"p{r}-0", players, seed=r)
        keys.append(first)
        keys += [store.join(creator.code, f"p{r}-{i}") for i in range(1, persons)]
        for seat in range(persons, players):
            store.set_bot(creator, seat, bot)
        store.start(creator)
        codes.append(creator.code)
    processes = multiprocessing.get_context("fork")
    out = processes.Queue()
    devices = [
        processes.Process(target=_device, args=(game, url, key, seconds, think, i, out))
        for i, key in enumerate(keys)
    ]
    start = time.time()
    for device in devices:
        device.start()
    results = [out.get() for _ in devices]
    for device in devices:
        device.join()
    elapsed = time.time() - start
    by_room: dict[str, list[Any]] = {}
    for code, seat, plays, seen in results:
        by_room.setdefault(code, []).append((seat, plays, seen))
    delays, from_press, calls, person_moves = [], [], [], 0
    for devices_of_room in by_room.values():
        for seat, plays, _ in devices_of_room:
            person_moves += len(plays)
            for moves, ended, took in plays:
                calls.append(took)
                waits = []
                for other, _, seen in devices_of_room:
                    if other == seat:
                        continue
                    times = [t for count, t in seen.items() if count >= moves]
                    if times:
                        waits.append(min(times) - ended)
                if len(waits) == persons - 1:  # (a move made as the run ended is left out)
                    delays.append(max(0.0, max(waits)))
                    from_press.append(took + max(waits))
    all_moves = sum(store.view(code).moves for code in codes)
    store.dispose()
    return {
        "person_moves_per_s": person_moves / elapsed,
        "all_moves_per_s": all_moves / elapsed,
        "call_median_ms": 1000 * statistics.median(calls),
        "call_p95_ms": 1000 * _percentile(calls, 0.95),
        "shown_median_s": statistics.median(delays),
        "shown_p95_s": _percentile(delays, 0.95),
        "shown_max_s": max(delays),
        "pressed_median_s": statistics.median(from_press),
        "pressed_p95_s": _percentile(from_press, 0.95),
        "moves_measured": len(delays),
    }


def report(name: str, figures: dict[str, float]) -> None:
    print(
        f"{name}: {figures['person_moves_per_s']:.1f} players' moves/s "
        f"({figures['all_moves_per_s']:.1f} moves/s with the room's throws); a move "
        f"{figures['call_median_ms']:.0f} ms median, {figures['call_p95_ms']:.0f} ms p95; "
        f"shown on every device {figures['shown_median_s']:.2f} s median, "
        f"{figures['shown_p95_s']:.2f} s p95, {figures['shown_max_s']:.2f} s slowest; "
        f"from the press {figures['pressed_median_s']:.2f} s median, "
        f"{figures['pressed_p95_s']:.2f} s p95 ({figures['moves_measured']:.0f} moves)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.5, help="a player's mean think time")
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--game", default=MARTIAN.name, choices=sorted(GAMES))
    parser.add_argument("--persons", type=int, help="people a room (default: every seat)")
    parser.add_argument("--bots", default="", help="the bot of the other seats, e.g. planner")
    args = parser.parse_args()
    stores = args.stores.split(",")
    game = GAMES[args.game]
    persons = args.players if args.persons is None else args.persons
    if persons < 2:
        parser.error("--persons: at least 2 (a move is shown to the room's other devices)")
    if persons < args.players and not args.bots:
        parser.error("--persons below --players needs --bots")
    bots = f", {args.players - persons} seats of bot {args.bots}" if persons < args.players else ""
    print(
        f"{args.rooms} rooms of {game.name}, {args.players} players ({persons} people{bots}), "
        f"{args.seconds:.0f} s, think time {args.think} s, polling every {POLL_S} s"
    )
    run = (args.rooms, args.players, args.seconds, args.think, game, persons, args.bots)
    if "sqlite" in stores:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'classes.sqlite3'}"
            report("SQLite", measure(url, *run))
    if "postgresql" in stores:
        reason = why_unavailable()
        if reason is not None:
            print(f"PostgreSQL: skipped ({reason})")
        else:
            with postgres_server() as url:
                report("PostgreSQL", measure(url, *run))


if __name__ == "__main__":
    main()
