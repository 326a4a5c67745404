"""Balance studies of a component set: which recipes, attractions, specialists, lab upgrades
and objectives the winners' parks hold more often than the losers', the seat advantage and
the game length, over many seeded bot games.

`balance_study(games, seed, folder=..., jobs=K, scheduler=ADDRESS)` plays game g of the study
with `random.Random(game_seed(seed, g))` through the one many-games driver
(`kit_common.study.play_games`), so a game's result does not depend on where or in which
order it is played: the games are split into chunks played one after the other (`jobs=1`),
by a pool of `jobs` processes, or by the workers of a Dask cluster (`scheduler`, the `dask`
extra); the records come back in game order, so the same seed gives the same report whatever
runs it.

A park "holds" a component when, at the end, it has the recipe as an exhibit, the attraction
built, the specialist hired (a fired one no longer counts), the lab upgrade working (covered
ones do not count; the Dino Research II / DNA Refinement II tiles count), or the objective
claimed (`simulate.held`). Winners are the players `GameState.returns()` gives a share to
(a shared win counts for each); the losers are all the others. Each share comes with a 95%
Wilson interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from dino_kit.bots import bot_by_name
from dino_kit.components import ComponentSet, load_components
from dino_kit.messages import bot_name, message, plural
from dino_kit.narrate import objective_line
from dino_kit.simulate import BotGames, GameRecord, held
from kit_common.display import percent
from kit_common.messages import number_text
from kit_common.statistics import Interval, mean_interval, wilson_interval
from kit_common.study import Progress, play_games

KINDS = ("recipe", "attraction", "specialist", "lab_upgrade", "objective")

__all__ = [
    "KINDS",
    "BalanceReport",
    "ComponentShare",
    "GameRecord",
    "balance_study",
    "component_label",
    "held",
    "report_header",
    "report_lines",
    "separated",
    "summarise",
]


@dataclass(frozen=True)
class ComponentShare:
    """How often winners' and losers' parks hold one component (95% Wilson intervals)."""

    kind: str
    ident: str
    winners: Interval
    losers: Interval

    @property
    def difference(self) -> float:
        return self.winners.estimate - self.losers.estimate


@dataclass(frozen=True)
class BalanceReport:
    """What `balance_study` reports (see the module docstring)."""

    games: int
    seed: int
    players: int
    bots: tuple[str, ...]
    components: str
    components_held: tuple[ComponentShare, ...]
    seat_win_share: tuple[Interval, ...]
    rounds: Interval

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    def rows(self, kind: str) -> list[ComponentShare]:
        """The shares of one kind of component, the largest difference (winners' share less
        losers') first."""
        return sorted(
            (c for c in self.components_held if c.kind == kind), key=lambda c: -c.difference
        )

    def chart_data(self, kind: str) -> dict[str, list[Any]]:
        """Plain data for a chart of one kind of component: ids, the winners' and losers'
        shares with their interval bounds, sorted by the difference (largest first)."""
        rows = self.rows(kind)
        return {
            "ids": [c.ident for c in rows],
            "winners": [c.winners.estimate for c in rows],
            "winners_low": [c.winners.low for c in rows],
            "winners_high": [c.winners.high for c in rows],
            "losers": [c.losers.estimate for c in rows],
            "losers_low": [c.losers.low for c in rows],
            "losers_high": [c.losers.high for c in rows],
        }


def separated(
    report: BalanceReport, kind: str
) -> tuple[list[ComponentShare], list[ComponentShare]]:
    """The components of `kind` whose winners' and losers' intervals do not overlap: those
    the winners' parks hold more often (largest difference first), and those they hold less
    often. The others: these games cannot tell their shares apart."""
    rows = report.rows(kind)
    more = [c for c in rows if c.winners.low > c.losers.high]
    less = [c for c in reversed(rows) if c.winners.high < c.losers.low]
    return more, less


def balance_study(
    games: int,
    seed: int,
    *,
    folder: str | Path | None = None,
    components: ComponentSet | None = None,
    players: int = 4,
    bots: Sequence[str] = ("heuristic",),
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Progress | None = None,
    kept: list[GameRecord] | None = None,
    **settings: Any,
) -> BalanceReport:
    """Play `games` seeded games of `players` bots on the component set in `folder` (the
    illustrative set when None), or on `components` (a set already loaded, such as a page's),
    and report what the winners' parks hold (module docstring). `jobs` processes play them
    (1: this process; None: one per core), or the Dask cluster at `scheduler`;
    `progress(done, total)` hears of each chunk played, whose records are first added to
    `kept` (as in `kit_common.study.play_games`: `summarise(kept, ...)` reports the games
    played before a page's Stop)."""
    if games < 1:
        raise ValueError(message("balance.no_games"))
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    source: str | ComponentSet | None
    if components is None:
        source = None if folder is None else str(Path(folder).resolve())
        components = load_components(source)  # invalid components fail here, before any work
    else:
        source = components
    for name in names:
        bot_by_name(name)  # an unknown bot fails here, before any work
    task = BotGames(names, source, settings, parks=True)
    records = play_games(
        task,
        games,
        seed,
        players,
        rotate=False,
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
        kept=kept,
    )
    return summarise(records, seed, names, components.name)


def summarise(
    records: Sequence[GameRecord], seed: int, bots: Sequence[str], components: str
) -> BalanceReport:
    """The report of games already played (in game order)."""
    players = len(bots)
    winners_parks = losers_parks = 0.0
    win_count: dict[tuple[str, str], float] = {}
    lose_count: dict[tuple[str, str], float] = {}
    seat_wins = [0.0] * players
    for r in records:
        for seat, (share, park) in enumerate(zip(r.wins, r.parks)):
            won = share > 0
            seat_wins[seat] += share
            if won:
                winners_parks += 1
            else:
                losers_parks += 1
            counts = win_count if won else lose_count
            for item in park:
                counts[item] = counts.get(item, 0) + 1
    n = len(records)
    shares = tuple(
        ComponentShare(
            kind,
            ident,
            wilson_interval(win_count.get((kind, ident), 0), int(winners_parks)),
            wilson_interval(lose_count.get((kind, ident), 0), int(losers_parks)),
        )
        for kind, ident in sorted(set(win_count) | set(lose_count), key=_order)
    )
    return BalanceReport(
        n,
        seed,
        players,
        tuple(bots),
        components,
        shares,
        tuple(wilson_interval(w, n) for w in seat_wins),
        mean_interval([r.rounds for r in records]),
    )


def _order(item: tuple[str, str]) -> tuple[int, str]:
    kind, ident = item
    return KINDS.index(kind), ident


def component_label(kind: str, ident: str, components: ComponentSet | None) -> str:
    """A component as a report names it: its id, then, when the set is known, its name in the
    reader's language ("L4 Titan Rex"), or for an objective its condition and VP (objectives
    have no names); the id alone otherwise."""
    if components is None or ident not in components.by_id:
        return ident
    if kind == "objective":
        return f"{ident} {objective_line(components.objective(ident))}"
    return f"{ident} {components.name_of(ident)}"


def report_header(report: BalanceReport, components: ComponentSet | None = None) -> str:
    """The report's first line: games, bots, the component set and the seed. The set is
    named by its label in the reader's language when the set is known and has one ("illustrative
    — not the published components"), else by its own name: the shipped set's English name
    would be the one English phrase on a translated page."""
    label = "" if components is None else components.label
    return plural(
        "balance.header",
        report.games,
        players=report.players,
        bots="/".join(bot_name(b) for b in sorted(set(report.bots))),
        components=label or report.components,
        seed=report.seed,
    )


def report_lines(report: BalanceReport, components: ComponentSet | None = None) -> list[str]:
    """The report as text lines (the command line prints them); with the study's
    `components`, each component is named as well as numbered. Seats count from 1."""
    r = report.rounds
    seats = ", ".join(
        message("balance.seat", seat=i, share=percent(s.estimate), low=percent(s.low),
                high=percent(s.high))
        for i, s in enumerate(report.seat_win_share, 1)
    )  # fmt: skip
    lines = [
        report_header(report, components),
        message(
            "balance.length",
            mean=number_text(r.estimate, ".2f"),
            low=number_text(r.low, ".2f"),
            high=number_text(r.high, ".2f"),
        ),
        message("balance.seats", seats=seats),
    ]
    for kind in KINDS:
        rows = report.rows(kind)
        if not rows:
            continue
        lines.append(message("balance.kind", kind=message("balance.kinds." + kind)))
        labels = [component_label(kind, c.ident, components) for c in rows]
        width = max(map(len, labels))
        for c, label in zip(rows, labels):
            w, lo = c.winners, c.losers
            row = message(
                "balance.row",
                ident=label.ljust(width),
                winners=f"{w.estimate:>6.1%}",
                winners_low=f"{w.low:>5.1%}",
                winners_high=f"{w.high:>5.1%}",
                losers=f"{lo.estimate:>6.1%}",
                losers_low=f"{lo.low:>5.1%}",
                losers_high=f"{lo.high:>5.1%}",
                difference=f"{c.difference:>+6.1%}",
            )
            lines.append(f"  {row}")
    return lines
