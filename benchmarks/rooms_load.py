"""Measure rooms under load (issue 26): R rooms of Martian Dice with P players each, every
player a simulated device in a process of its own (as each device's page is a kernel of its
own), going through the same store API the room's page uses (`kit_common.rooms.RoomStore`):
it asks the store for the room's version every `POLL_S` seconds, as the page does, reads the
room when it changed, says it is there every `HEARTBEAT_S` seconds (as the page's browser
does, `RoomStore.here`: a write), and when its seat is to act plays a move (the cautious
strategy's, or its throw) after a think time.

Reported per store (SQLite, the default; PostgreSQL, started in a temporary folder as the
tests start it):
  * the players' moves per second stored (all rooms together), and all moves per second
    (the dice the room throws after a move included);
  * a move's own time (the device's call to `play`), median and 95th percentile;
  * the delay until every device shows a move: from the end of the `play` call to the first
    moment each of the room's other devices holds a view with that move; a move's delay is
    the slowest of its room's devices; median, 95th percentile and slowest.
Target (issue 26): 10 rooms of 4 players on 2 cores, 95th percentile under 1 s.

Run:  PYTHONPATH=$PWD python benchmarks/rooms_load.py [--rooms 10] [--players 4]
          [--seconds 30] [--think 0.5] [--stores sqlite,postgresql]
Figures are reported, never asserted (the tests check correctness under concurrency).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit_common.game import CHANCE
from kit_common.rooms import HEARTBEAT_S, RoomError, RoomStore, SeatKey
from kit_common.widgets.rooms import POLL_S
from martian_kit.policies import policy_by_name
from martian_kit.rooms import ROOM_GAME
from tests.postgres_server import postgres_server, why_unavailable


def _device(url: str, key: SeatKey, seconds: float, think: float, seed: int, out: Any) -> None:
    """One player's device for `seconds`: poll, show, play its turns. Puts on `out` its
    plays as (moves after it, end of the call, the call's seconds) and, for each move count
    it saw, when it first saw it."""
    store = RoomStore([ROOM_GAME], url)
    rng = random.Random(seed)
    policy = policy_by_name("cautious")
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
        state = view.state
        if state.current_player() == CHANCE:
            move: dict[str, Any] = {"throw": True}
        else:
            move = {"action": policy(state.turn, state.context(), rng).value}
        began = time.time()
        try:
            view = store.play(key, view.moves, move)
        except RoomError:
            continue  # (refused: looked again at the next poll)
        ended = time.time()
        version = view.version
        seen.setdefault(view.moves, ended)
        plays.append((view.moves, ended, ended - began))
    store.dispose()
    out.put((key.code, key.seat, plays, seen))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(url: str, rooms: int, players: int, seconds: float, think: float) -> dict[str, float]:
    """One run against the store at `url`: the figures of the module's docstring."""
    store = RoomStore([ROOM_GAME], url)
    keys: list[SeatKey] = []
    codes = []
    for r in range(rooms):
        creator, first = store.create_room(ROOM_GAME.name, f"p{r}-0", players, seed=r)
        keys.append(first)
        keys += [store.join(creator.code, f"p{r}-{i}") for i in range(1, players)]
        store.start(creator)
        codes.append(creator.code)
    processes = multiprocessing.get_context("fork")
    out = processes.Queue()
    devices = [
        processes.Process(target=_device, args=(url, key, seconds, think, i, out))
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
    delays, calls, person_moves = [], [], 0
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
                if len(waits) == players - 1:  # (a move made as the run ended is left out)
                    delays.append(max(0.0, max(waits)))
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
        "moves_measured": len(delays),
    }


def report(name: str, figures: dict[str, float]) -> None:
    print(
        f"{name}: {figures['person_moves_per_s']:.1f} players' moves/s "
        f"({figures['all_moves_per_s']:.1f} moves/s with the room's throws); a move "
        f"{figures['call_median_ms']:.0f} ms median, {figures['call_p95_ms']:.0f} ms p95; "
        f"shown on every device {figures['shown_median_s']:.2f} s median, "
        f"{figures['shown_p95_s']:.2f} s p95, {figures['shown_max_s']:.2f} s slowest "
        f"({figures['moves_measured']:.0f} moves)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.5, help="a player's mean think time")
    parser.add_argument("--stores", default="sqlite,postgresql")
    args = parser.parse_args()
    stores = args.stores.split(",")
    print(
        f"{args.rooms} rooms of {args.players} players, {args.seconds:.0f} s, "
        f"think time {args.think} s, polling every {POLL_S} s"
    )
    if "sqlite" in stores:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'classes.sqlite3'}"
            report("SQLite", measure(url, args.rooms, args.players, args.seconds, args.think))
    if "postgresql" in stores:
        reason = why_unavailable()
        if reason is not None:
            print(f"PostgreSQL: skipped ({reason})")
        else:
            with postgres_server() as url:
                figures = measure(url, args.rooms, args.players, args.seconds, args.think)
                report("PostgreSQL", figures)


if __name__ == "__main__":
    main()
