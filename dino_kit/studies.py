"""The games of notebook 8 ("what wins?"), played once by a command and shipped with the kit,
so that the page shows its studies at once instead of playing some 800 games when it loads.

`run_games` plays seeded games of named bots through the one many-games driver
(`kit_common.study.play_games` with `simulate.BotGames`: seats rotated from game to game, game
g seeded by `game_seed(seed, g)`, so game g is the same whether or not the games before it are
played). `dino-kit ship-studies` plays the page's
studies (`PAGE_STUDIES`, and the balance study `PAGE_BALANCE`) on the illustrative set and
writes their games to `SHIPPED_PATH` with the component set's name and fingerprint;
`shipped_games` and `shipped_balance` give them back, and only for the very same games: the
same bots, seed, settings, at most as many games, and a component set with the same
fingerprint (a set of one's own gets None: its games were never played). Everything the page
shows is then computed from these games by the kit, as from games just played (the win shares
by bot and by seat, the parks that lost a visitor, each with its 95% interval, and what the
intervals allow one to claim: `win_rates_by_bot`, `ordered_claim`, ...);
tests/dino_kit/test_studies.py plays games of every study again and compares.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from dino_kit import balance
from dino_kit.components import ComponentSet, load_components
from dino_kit.messages import message
from dino_kit.setup import new_game
from dino_kit.simulate import BotGames, GameRecord
from kit_common.display import Table
from kit_common.messages import number_text
from kit_common.statistics import Interval, wilson_interval
from kit_common.study import Progress, game_seed, play_games, seating

#: Where the kit ships the page's games (rebuilt by `dino-kit ship-studies`).
SHIPPED_PATH = Path(__file__).resolve().parent / "data" / "what_wins.json"
#: The format of the shipped file; a file of another format is not read.
FORMAT = 2


@dataclass(frozen=True)
class Study:
    """A set of seeded games: the bots (seats rotate), how many games, the seed, the game's
    settings (`new_game`'s keyword arguments)."""

    bots: tuple[str, ...]
    games: int
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)


#: The studies notebook 8 shows (the WinsExplorer's first games included), by name.
PAGE_STUDIES: dict[str, Study] = {
    "versus": Study(("heuristic", "random"), 100, 1),
    "mirror": Study(("heuristic", "heuristic"), 160, 2),
    "three": Study(("heuristic",) * 3, 80, 3),
    "chaos": Study(("heuristic", "heuristic"), 160, 2, {"chaos_theory": True}),
    "short": Study(("heuristic", "heuristic"), 60, 4, {"objective_length": "short"}),
    "medium": Study(("heuristic", "heuristic"), 60, 4, {"objective_length": "medium"}),
    "long": Study(("heuristic", "heuristic"), 60, 4, {"objective_length": "long"}),
    "explorer": Study(("heuristic", "random"), 40, 5),
}
#: Notebook 8's balance study: four heuristic bots, the short objective stack.
PAGE_BALANCE = Study(("heuristic",) * 4, 120, 1)

#: `new_game`'s settings and their defaults: a setting given at its default is the same game.
_DEFAULTS = {
    name: p.default
    for name, p in inspect.signature(new_game).parameters.items()
    if p.kind is inspect.Parameter.KEYWORD_ONLY
}


def play_record(
    bots: Sequence[str], game: int, seed: int, components: ComponentSet, **settings: Any
) -> GameRecord:
    """Game `game` of the seeded games `run_games` plays, alone."""
    task = BotGames(tuple(bots), components, settings)
    return task(game, random.Random(game_seed(seed, game)), seating(len(bots), game))


def run_games(
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    components: ComponentSet | None = None,
    *,
    progress: Progress | None = None,
    kept: list[GameRecord] | None = None,
    **settings: Any,
) -> list[GameRecord]:
    """Play `games` games of the named bots (one per seat, rotated each game); `progress`
    and `kept` as in `kit_common.study.play_games` (a page's Stop keeps the games played)."""
    task = BotGames(tuple(bots), components or load_components(), settings)
    return play_games(task, games, seed, len(bots), progress=progress, kept=kept)


def _row(record: GameRecord) -> list[Any]:
    """What the shipped file keeps of a game (its number, seats and bots follow from the
    study)."""
    return [
        record.rounds, record.wins, record.final, record.money, record.eaten, record.capped,
        record.rival,
    ]  # fmt: skip


def _record(
    game: int, order: tuple[int, ...], entries: Sequence[str], row: Sequence[Any], parks: Any = ()
) -> GameRecord:
    """The `GameRecord` of a shipped row (`_row`)."""
    rounds, wins, final, money, eaten, capped, rival = row
    return GameRecord(
        game, order, tuple(entries[e] for e in order), rounds, tuple(wins), tuple(final),
        tuple(money), tuple(eaten), capped, rival, parks,
    )  # fmt: skip


def fingerprint(components: ComponentSet) -> str:
    """A SHA-256 of everything in a component set that the games depend on (its compared
    fields: not its translated names and labels), to tell the set the games were played on."""
    text = repr([getattr(components, f.name) for f in fields(components) if f.compare])
    return hashlib.sha256(text.encode()).hexdigest()


def _normal(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings that differ from `new_game`'s defaults, sorted by name."""
    return {k: settings[k] for k in sorted(settings) if settings[k] != _DEFAULTS.get(k, object())}


def _same(
    study: dict[str, Any], bots: Sequence[str], games: int, seed: int, settings: dict[str, Any]
) -> bool:
    return (
        study["bots"] == list(bots)
        and study["seed"] == seed
        and games <= study["games"]
        and study["settings"] == _normal(settings)
    )


def ship(
    components: ComponentSet | None = None, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Play every study of the page on `components` (the illustrative set when None): what
    `SHIPPED_PATH` holds. `progress(name)` hears of each study before it is played."""
    c = components or load_components()
    studies = []
    for name, study in PAGE_STUDIES.items():
        if progress:
            progress(name)
        played = run_games(study.bots, study.games, study.seed, c, **study.settings)
        studies.append(
            {
                "name": name,
                "bots": list(study.bots),
                "games": study.games,
                "seed": study.seed,
                "settings": _normal(study.settings),
                # the seats follow from the bots and the game's number: not stored
                "records": [_row(r) for r in played],
            }
        )
    if progress:
        progress("balance")
    b = PAGE_BALANCE
    task = BotGames(b.bots, c, b.settings, parks=True)
    games = play_games(task, b.games, b.seed, len(b.bots), rotate=False)
    items = sorted({item for g in games for park in g.parks for item in park})
    number = {item: i for i, item in enumerate(items)}
    return {
        "format": FORMAT,
        "components": c.name,
        "fingerprint": fingerprint(c),
        "studies": studies,
        "balance": {
            "bots": list(b.bots),
            "games": b.games,
            "seed": b.seed,
            "settings": _normal(b.settings),
            # a park as the numbers of the (kind, id) items it holds, in `items`
            "items": [list(item) for item in items],
            "records": [
                [*_row(g), [[number[item] for item in park] for park in g.parks]] for g in games
            ],
        },
    }


def write_shipped(data: dict[str, Any], path: Path = SHIPPED_PATH) -> Path:
    """Write what `ship` played to `path` (one study a line, so that a change diffs small)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    compact = (",", ":")
    head = {k: v for k, v in data.items() if k not in ("studies", "balance")}
    lines = [json.dumps(head, separators=compact)[:-1] + ',"studies":[']
    lines += [json.dumps(s, separators=compact) + "," for s in data["studies"]]
    lines[-1] = lines[-1][:-1]
    lines.append('],"balance":' + json.dumps(data["balance"], separators=compact) + "}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@cache
def _shipped(path: Path) -> dict[str, Any] | None:
    """The shipped file's data (read once per process), None when there is none of this
    format."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return data if data.get("format") == FORMAT else None


def _shipped_for(components: ComponentSet) -> dict[str, Any] | None:
    data = _shipped(SHIPPED_PATH)
    return data if data is not None and data["fingerprint"] == fingerprint(components) else None


def shipped_games(
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    components: ComponentSet | None = None,
    **settings: Any,
) -> list[GameRecord] | None:
    """The games `run_games` would play with these arguments, as the kit ships them, or None
    when it ships none of them (other bots, seed, settings, more games, another set)."""
    data = _shipped_for(components or load_components())
    if data is None:
        return None
    for study in data["studies"]:
        if _same(study, bots, games, seed, settings):
            rows = study["records"][:games]
            return [_record(g, seating(len(bots), g), bots, row) for g, row in enumerate(rows)]
    return None


def shipped_or_played(
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    components: ComponentSet | None = None,
    *,
    progress: Progress | None = None,
    kept: list[GameRecord] | None = None,
    **settings: Any,
) -> list[GameRecord]:
    """The games of `run_games(bots, games, seed, components, **settings)`: the shipped ones
    when the kit ships them (`shipped_games`), else played now (`progress` and `kept` as in
    `run_games`)."""
    found = shipped_games(bots, games, seed, components, **settings)
    if found is not None:
        return found
    return run_games(bots, games, seed, components, progress=progress, kept=kept, **settings)


def shipped_balance_games(
    games: int,
    seed: int,
    components: ComponentSet,
    players: int = 4,
    bots: Sequence[str] = ("heuristic",),
    **settings: Any,
) -> list[GameRecord] | None:
    """The games `balance_study(games, seed, components=components, players=players,
    bots=bots, **settings)` would play, as the kit ships them, or None when it ships none."""
    data = _shipped_for(components)
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    if data is None or not _same(data["balance"], names, games, seed, settings):
        return None
    items = [(kind, ident) for kind, ident in data["balance"]["items"]]
    seats = tuple(range(players))
    return [
        _record(g, seats, names, row[:-1], tuple(tuple(items[i] for i in park) for park in row[-1]))
        for g, row in enumerate(data["balance"]["records"][:games])
    ]


def shipped_balance(
    games: int,
    seed: int,
    components: ComponentSet,
    players: int = 4,
    bots: Sequence[str] = ("heuristic",),
    **settings: Any,
) -> balance.BalanceReport | None:
    """The report `balance_study` gives with these arguments, counted from the shipped
    games, or None when the kit ships none of them (another set, seed, settings...)."""
    played = shipped_balance_games(games, seed, components, players, bots, **settings)
    if played is None:
        return None
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    return balance.summarise(played, seed, names, components.name)


def win_rates_by_bot(records: Sequence[GameRecord]) -> dict[str, Interval]:
    """Each bot's share of the wins over its seats in all games."""
    won: dict[str, float] = {}
    played: dict[str, int] = {}
    for r in records:
        for bot, share in zip(r.bots, r.wins):
            won[bot] = won.get(bot, 0.0) + share
            played[bot] = played.get(bot, 0) + 1
    return {b: wilson_interval(won[b], played[b]) for b in sorted(played)}


def win_rates_by_seat(records: Sequence[GameRecord]) -> list[Interval]:
    """Each seat's share of the wins (seat 0 plays first in round 1)."""
    n = len(records[0].bots)
    return [wilson_interval(sum(r.wins[s] for r in records), len(records)) for s in range(n)]


def eaten_rate(records: Sequence[GameRecord]) -> Interval:
    """The share of (game, player) pairs in which the park lost at least one visitor."""
    pairs = [e for r in records for e in r.eaten]
    return wilson_interval(sum(e > 0 for e in pairs), len(pairs))


def interval_text(interval: Interval, digits: int = 2) -> str:
    """An estimate with its 95% interval, as a reader writes it: "0.51 (0.44 to 0.59)"."""
    return message(
        "ui.interval",
        estimate=number_text(interval.estimate, f".{digits}f"),
        span=interval_span(interval, digits),
    )


def interval_span(interval: Interval, digits: int = 2) -> str:
    """A 95% interval as a reader writes it: "0.44 to 0.59"."""
    return message(
        "ui.interval_span",
        low=number_text(interval.low, f".{digits}f"),
        high=number_text(interval.high, f".{digits}f"),
    )


def intervals_table(
    labelled: dict[str, Interval],
    label_header: str,
    value_header: str,
    digits: int = 2,
    counted: Literal["games", "parks"] = "games",
) -> Table:
    """One row per labelled estimate: the label, the estimate, its 95% interval, and how many
    things it counts (`counted`: "games", or "parks" for a share of (game, player) pairs such
    as `eaten_rate`)."""
    return Table(
        [label_header, value_header, message("ui.interval_95"), message(f"ui.{counted}_n")],
        [
            (label, number_text(i.estimate, f".{digits}f"), interval_span(i, digits), i.n)
            for label, i in labelled.items()
        ],
    )


def ordered_claim(labelled: dict[str, Interval], quantity: str) -> str:
    """What the data say about estimates in the given order (each expected larger than the
    one before): which pairs the 95% intervals separate, and which they cannot."""
    names = list(labelled)
    unclear = [(a, b) for a, b in pairwise(names) if labelled[a].high >= labelled[b].low]
    first, last = names[0], names[-1]
    if labelled[first].high < labelled[last].low:
        text = message("ui.claim_apart", quantity=quantity, low=first, high=last)
    else:
        text = message("ui.claim_none", quantity=quantity, low=first, high=last)
    if unclear:
        pairs = "; ".join(message("ui.claim_pair", a=a, b=b) for a, b in unclear)
        text += " " + message("ui.claim_unclear", pairs=pairs)
    return text
