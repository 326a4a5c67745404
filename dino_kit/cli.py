"""The `dino-kit` command line: start and validate component folders, play and simulate
games, run seat-balanced tournaments, study the balance of a component set."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from dino_kit import records
from dino_kit.balance import balance_study, report_lines, terminal_progress
from dino_kit.bots import bot_by_name
from dino_kit.components import (
    illustrative_folder,
    not_a_component_folder,
    start_component_folder,
    validate_folder,
)
from dino_kit.errors import RuleError
from dino_kit.narrate import game_log
from dino_kit.simulate import play_game, simulate, tournament
from dino_kit.solo import SOLO_LABEL
from kit_common.cli import UsageError, count, output_file, run_command, seed
from kit_common.errors import InputError


def _cmd_validate(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if not folder.is_dir():
        raise InputError(args.folder, "not a folder (give the folder holding dice.yaml, ...)")
    # A wrong folder is said once, not as every file it lacks and all that follows from it.
    wrong_folder = not_a_component_folder(folder)
    if wrong_folder:
        print(wrong_folder, file=sys.stderr)
        return 1
    problems = validate_folder(folder)
    if problems:
        print(f"{args.folder}: {len(problems)} problem(s)", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"{args.folder}: all component files are valid")
    return 0


def _bot_names(command: str, text: str) -> list[str]:
    """The comma-separated bot names of `--bots`; none, or an empty one, is a usage error."""
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise UsageError(
            f"dino-kit {command}: --bots takes bot names separated by commas, got {text!r}"
        )
    return names


def _cmd_simulate(args: argparse.Namespace) -> int:
    bots = _bot_names("simulate", args.bots)
    try:
        summary = simulate(
            args.players,
            args.games,
            args.seed,
            bots,
            objective_length=args.objectives,
            max_rounds=args.max_rounds,
        )
    except ValueError as err:
        print(f"dino-kit simulate: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.to_data(), indent=1))
        return 0
    if summary.rival_score_mean is not None:
        print(f"solo mode ({SOLO_LABEL}): rival's mean score {summary.rival_score_mean:.2f}")
    print(
        f"{summary.games} game(s), {summary.players} players, seed {summary.seed}; "
        f"rounds: mean {summary.rounds_mean:.2f}, min {summary.rounds_min}, "
        f"max {summary.rounds_max}; visitors eaten per game: {summary.eaten_per_game:.2f}; "
        f"ended by the {args.max_rounds}-round safety net: {summary.capped_games}"
    )
    print(
        f"{'seat':>4} {'bot':>10} {'score':>7} {'sd':>6} {'min':>5} {'max':>5} {'wins':>6} "
        f"{'win rate (95% CI)':>20} {'money':>6} {'eaten':>6}"
    )
    for i in range(summary.players):  # seats numbered from 1, as the game page numbers them
        lo, hi = summary.win_rate_ci[i]
        rate = summary.wins[i] / summary.games
        print(
            f"{i + 1:>4} {summary.bots[i]:>10} {summary.score_mean[i]:>7.2f} "
            f"{summary.score_stdev[i]:>6.2f} {summary.score_min[i]:>5} {summary.score_max[i]:>5} "
            f"{summary.wins[i]:>6.2f} {rate:>6.1%} [{lo:>5.1%}, {hi:>5.1%}] "
            f"{summary.money_mean[i]:>6.2f} {summary.eaten_mean[i]:>6.2f}"
        )
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.players.split(",") if b.strip()]
    try:
        result = tournament(bots, args.games, args.seed, objective_length=args.objectives)
    except ValueError as err:
        print(f"dino-kit tournament: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_data(), indent=1))
        return 0
    print(
        f"{result.games} game(s), seats rotating, seed {result.seed}; "
        f"rounds: mean {result.rounds_mean:.2f}"
    )
    print(f"{'entry':>5} {'bot':>10} {'wins':>7} {'win share (95% CI)':>22} {'score (95% CI)':>22}")
    for e in result.entries:
        w, s = e.win_share, e.score
        print(
            f"{e.entry + 1:>5} {e.bot:>10} {e.wins:>7.2f} {w.estimate:>7.1%} [{w.low:>5.1%}, "
            f"{w.high:>5.1%}] {s.estimate:>7.2f} [{s.low:>6.2f}, {s.high:>6.2f}]"
        )
    return 0


def _cmd_balance(args: argparse.Namespace) -> int:
    problems = validate_folder(args.folder)
    if problems:
        print(f"{args.folder}: {len(problems)} problem(s)", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    try:
        report = balance_study(
            args.games,
            args.seed,
            folder=args.folder,
            players=args.players,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=None if args.json else terminal_progress(),
            objective_length=args.objectives,
        )
    except (ValueError, RuntimeError) as err:
        print(f"dino-kit balance: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_data(), indent=1))
    else:
        print("\n".join(report_lines(report)))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    if args.bots is None:
        args.bots = "heuristic" if args.solo else "heuristic,heuristic"
    try:
        bots = [bot_by_name(b) for b in _bot_names("play", args.bots)]
        if args.solo:
            if len(bots) != 1:
                raise ValueError("a solo game has one player: give one bot name")
            print(f"Solo mode — {SOLO_LABEL}.")
        state = play_game(bots, random.Random(args.seed), solo=args.solo)
    except (ValueError, RuleError) as err:
        print(f"dino-kit play: {err}", file=sys.stderr)
        return 2
    if args.save:
        records.save(state, args.save, seed=args.seed)
    print("\n".join(game_log(state, steps=args.log)))
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    written = start_component_folder(args.folder)
    print(
        f"wrote {len(written)} files to {args.folder}, a copy of the shipped illustrative set "
        f"({illustrative_folder()}):"
    )
    print("  " + ", ".join(path.name for path in written))
    print(
        "Type your own components over them (the fields are in dino_kit/components/SCHEMA.md; "
        "give set.yaml your set's name and label),"
    )
    print(
        f"then check them with `dino-kit validate {args.folder}` and play on them with "
        f"`DINO_KIT_DATA={args.folder} ./dev app`."
    )
    return 0


def _add_init(sub) -> None:
    """`dino-kit init FOLDER`: the illustrative set copied as a template for one's own."""
    init = sub.add_parser(
        "init", help="copy the shipped illustrative components into a new folder, to edit"
    )
    init.add_argument("folder", help="a new or empty folder")
    init.set_defaults(func=_cmd_init)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dino-kit", description="Dinosaur Island (unofficial): components, games, simulation."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check a folder of component files")
    validate.add_argument("folder", help="folder holding dice.yaml, recipes.yaml, ...")
    validate.set_defaults(func=_cmd_validate)
    _add_init(sub)
    sim = sub.add_parser("simulate", help="play many bot games and summarise them")
    sim.add_argument(
        "--players",
        type=int,
        default=4,
        help=f"players per game (2-4; 1 = solo against the rival, {SOLO_LABEL})",
    )
    sim.add_argument("--games", type=count(1), default=100, help="number of games")
    sim.add_argument("--seed", type=seed, default=0, help="seed (game g uses seed*1000003+g)")
    sim.add_argument(
        "--bots",
        default="heuristic",
        help="one bot name, or one per seat, comma-separated (random, heuristic)",
    )
    sim.add_argument(
        "--objectives",
        default="short",
        choices=("short", "medium", "long"),
        help="objective stack (game length)",
    )
    sim.add_argument(
        "--max-rounds",
        type=count(1),
        default=30,
        help="safety net for simulations (not a rule of the game): stop a game after this round",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(func=_cmd_simulate)
    tour = sub.add_parser(
        "tournament", help="a seat-balanced tournament of bots: win shares and mean scores"
    )
    tour.add_argument(
        "--players",
        required=True,
        help="bot names, one per seat, comma-separated (e.g. planner,heuristic,heuristic)",
    )
    tour.add_argument("--games", type=count(1, 100_000), default=100, help="number of games")
    tour.add_argument("--seed", type=seed, default=0, help="seed (game g uses seed*1000003+g)")
    tour.add_argument(
        "--objectives",
        default="short",
        choices=("short", "medium", "long"),
        help="objective stack (game length)",
    )
    tour.add_argument("--json", action="store_true", help="print the result as JSON")
    tour.set_defaults(func=_cmd_tournament)
    bal = sub.add_parser(
        "balance",
        help="what the winners' parks hold more often than the losers' (many bot games)",
    )
    bal.add_argument("folder", help="folder holding the component files")
    bal.add_argument("--games", type=count(1, 1_000_000), default=200, help="number of games")
    bal.add_argument("--seed", type=seed, default=0, help="seed (game g uses seed*1000003+g)")
    bal.add_argument("--players", type=count(2, 4), default=4, help="players per game (2-4)")
    bal.add_argument(
        "--objectives",
        default="short",
        choices=("short", "medium", "long"),
        help="objective stack (game length)",
    )
    bal.add_argument("--jobs", type=count(1, 64), default=1, help="processes playing the games")
    bal.add_argument(
        "--scheduler",
        default=None,
        help="address of a Dask scheduler to play the games on (the dask extra)",
    )
    bal.add_argument("--json", action="store_true", help="print the report as JSON")
    bal.set_defaults(func=_cmd_balance)
    play = sub.add_parser(
        "play", help="play one bot game and tell it round by round (as the game page does)"
    )
    play.add_argument(
        "--bots",
        default=None,
        help="bot names, one per seat (default heuristic,heuristic; heuristic with --solo)",
    )
    play.add_argument(
        "--solo",
        action="store_true",
        help=f"one bot against the solo rival ({SOLO_LABEL})",
    )
    play.add_argument("--seed", type=seed, default=0)
    play.add_argument(
        "--save",
        type=output_file,
        default=None,
        help="write the game record (JSON) here (checked before the game is played)",
    )
    play.add_argument(
        "--log", action="store_true", help="also print every step (the game page's log)"
    )
    play.set_defaults(func=_cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return run_command(build_parser(), argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
