"""The `dino-kit` command line: start and validate component folders, play and simulate
games, run seat-balanced tournaments, study the balance of a component set."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from dino_kit import records
from dino_kit.balance import balance_study, report_lines
from dino_kit.bots import BOTS, Bot, bot_by_name
from dino_kit.components import (
    environment_folder,
    illustrative_folder,
    load_components,
    not_a_component_folder,
    problem_report,
    start_component_folder,
    validate_folder,
)
from dino_kit.engine import legal_actions
from dino_kit.errors import RuleError
from dino_kit.messages import message, plural
from dino_kit.narrate import GROUP_AT, action_label, game_log, grouped
from dino_kit.phases.workers import dna_text
from dino_kit.simulate import play_game, simulate, tournament
from dino_kit.state import Action, GameState
from dino_kit.studies import SHIPPED_PATH, ship, write_shipped
from kit_common.cli import UsageError, count, output_file, run_command, seed
from kit_common.errors import InputError, KitError
from kit_common.messages import number_text
from kit_common.study import MAX_JOBS, TextProgress

#: The most games one `simulate` run plays (as `tournament`): a game takes about 25 ms, so
#: this is most of an hour, not days without a word.
MAX_SIMULATED_GAMES = 100_000
#: A game ends after its rounds (the objectives' length); a cap above that only stops a game
#: that would not end, and a larger one would let it run on.
MAX_ROUNDS = 1_000


def _cmd_validate(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if not folder.is_dir():
        raise InputError(args.folder, message("cli.not_a_folder"))
    # A wrong folder is said once, not as every file it lacks and all that follows from it.
    wrong_folder = not_a_component_folder(folder)
    if wrong_folder:
        print(wrong_folder, file=sys.stderr)
        return 1
    problems = validate_folder(folder)
    if problems:
        print(plural("cli.problems", len(problems), folder=args.folder), file=sys.stderr)
        for p in problem_report(problems):
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(message("cli.valid", folder=args.folder))
    return 0


def _bot_names(command: str, text: str) -> list[str]:
    """The comma-separated bot names of `--bots`; none, or an empty one, is a usage error."""
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        raise UsageError(f"dino-kit {command}: {message('cli.bad_bots', text=text)}")
    return names


def _settings(args: argparse.Namespace, command: str, seats: int) -> dict[str, Any]:
    """The `new_game` settings of a command's options: the objective stack, the variants and
    the first player (a seat counted from 1 on the command line, from 0 in the engine; one
    past the `seats` of the game is a usage error, said in the command line's numbers)."""
    if args.first_player > max(seats, 1):
        said = message("cli.bad_first_player", n=seats, seat=args.first_player)
        raise UsageError(f"dino-kit {command}: {said}")
    return {
        "objective_length": args.objectives,
        "chaos_theory": args.chaos_theory,
        "predictable_systems": args.predictable_systems,
        "first_player": args.first_player - 1,
    }


def _cmd_simulate(args: argparse.Namespace) -> int:
    bots = _bot_names("simulate", args.bots)
    try:
        summary = simulate(
            args.players,
            args.games,
            args.seed,
            bots,
            max_rounds=args.max_rounds,
            **_settings(args, "simulate", args.players),
        )
    except ValueError as err:
        print(f"dino-kit simulate: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.to_data(), indent=1))
        return 0
    if summary.rival_score_mean is not None:
        mean = _n(summary.rival_score_mean, ".2f")
        print(message("cli.solo_rival", solo=message("solo.label"), mean=mean))
    print(
        plural(
            "cli.simulate_summary",
            summary.games,
            players=summary.players,
            seed=summary.seed,
            mean=_n(summary.rounds_mean, ".2f"),
            low=summary.rounds_min,
            high=summary.rounds_max,
            eaten=_n(summary.eaten_per_game, ".2f"),
            cap=args.max_rounds,
            capped=summary.capped_games,
        )
    )
    print(
        _header(
            ("seat", 4), ("bot", 10), ("score", 7), ("sd", 6), ("min", 5), ("max", 5),
            ("wins", 6), ("win_rate", 20), ("money", 6), ("eaten", 6),
        )
    )  # fmt: skip
    for i in range(summary.players):  # seats numbered from 1, as the game page numbers them
        lo, hi = summary.win_rate_ci[i]
        rate = summary.wins[i] / summary.games
        print(
            f"{i + 1:>4} {summary.bots[i]:>10} {_n(summary.score_mean[i], '.2f'):>7} "
            f"{_n(summary.score_stdev[i], '.2f'):>6} {summary.score_min[i]:>5} "
            f"{summary.score_max[i]:>5} {_n(summary.wins[i], '.2f'):>6} {_n(rate, '.1%'):>6} "
            f"[{_n(lo, '.1%'):>5}, {_n(hi, '.1%'):>5}] "
            f"{_n(summary.money_mean[i], '.2f'):>6} {_n(summary.eaten_mean[i], '.2f'):>6}"
        )
    return 0


def _n(value: float, spec: str) -> str:
    """A number of a command's text output in the language's own form ("0,52" in Spanish):
    `kit_common.messages.number_text`."""
    return number_text(value, spec)


def _header(*columns: tuple[str, int]) -> str:
    """A table's header line: each column's name (key `cli.col.<name>`) right-aligned to its
    width, as the rows below it are."""
    return " ".join(f"{message('cli.col.' + name):>{width}}" for name, width in columns)


def _cmd_tournament(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.players.split(",") if b.strip()]
    try:
        result = tournament(
            bots,
            args.games,
            args.seed,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=None if args.json else TextProgress.on_terminal("games"),
            **_settings(args, "tournament", len(bots)),
        )
    except (ValueError, RuntimeError) as err:
        print(f"dino-kit tournament: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_data(), indent=1))
        return 0
    mean = _n(result.rounds_mean, ".2f")
    print(plural("cli.tournament_summary", result.games, seed=result.seed, mean=mean))
    print(_header(("entry", 5), ("bot", 10), ("wins", 7), ("win_share", 22), ("score_ci", 22)))
    for e in result.entries:
        w, s = e.win_share, e.score
        print(
            f"{e.entry + 1:>5} {e.bot:>10} {_n(e.wins, '.2f'):>7} {_n(w.estimate, '.1%'):>7} "
            f"[{_n(w.low, '.1%'):>5}, {_n(w.high, '.1%'):>5}] {_n(s.estimate, '.2f'):>7} "
            f"[{_n(s.low, '.2f'):>6}, {_n(s.high, '.2f'):>6}]"
        )
    return 0


def _cmd_balance(args: argparse.Namespace) -> int:
    problems = validate_folder(args.folder)
    if problems:
        print(plural("cli.problems", len(problems), folder=args.folder), file=sys.stderr)
        for p in problem_report(problems):
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
            progress=None if args.json else TextProgress.on_terminal("games"),
            objective_length=args.objectives,
        )
    except (ValueError, RuntimeError) as err:
        print(f"dino-kit balance: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_data(), indent=1))
    else:
        print("\n".join(report_lines(report, load_components(args.folder))))
    return 0


#: The name `--bots` gives a seat played by a person at the terminal.
PERSON = "person"


def person_at_terminal(
    read: Callable[[str], str] = input, write: Callable[[str], None] = print
) -> Bot:
    """A seat played by a person at the terminal: at each of its decisions the player's
    position in one line, then the legal actions numbered in the game page's words; the
    person types a number (anything else is asked again). A menu longer than
    `narrate.GROUP_AT` comes in steps, as on the game page: the kind of action first, then its
    group (the die before how to store it, the scientist before the tracks raised, …), then the
    action; 0 goes back a step. The end of the input leaves the game with a sentence (a
    `KitError`), not a traceback."""

    def ask(entries: Sequence[str], back: bool) -> int | None:
        """The number typed for one of `entries` (from 0), or None for 0 when `back`."""
        for number, entry in enumerate(entries, 1):
            write(f"  {number}. {entry}")
        n = len(entries)
        while True:
            prompt = message("cli.person.prompt_back" if back else "cli.person.prompt", n=n)
            try:
                answer = read(prompt).strip()
            except EOFError:
                raise KitError(message("cli.person.left")) from None
            if answer.isdigit() and (back or answer != "0") and int(answer) <= n:
                return int(answer) - 1 if answer != "0" else None
            write(message("cli.person.again_back" if back else "cli.person.again", n=n))

    def in_steps(state: GameState, actions: Sequence[Action], back: bool) -> Action | None:
        """One of `actions`, asked in as many steps as its length needs (None: back)."""
        if len(actions) > GROUP_AT:
            kinds = list(dict.fromkeys(a.kind for a in actions))  # in the engine's order
            if len(kinds) > 1:
                by_kind = [[a for a in actions if a.kind == k] for k in kinds]
                entries = [f"{message('kind.' + k)} ({len(m)})" for k, m in zip(kinds, by_kind)]
                while (i := ask(entries, back)) is not None:
                    if (picked := in_steps(state, by_kind[i], back=True)) is not None:
                        return picked
                return None
            groups = grouped(state, actions)
            if groups:
                entries = [f"{words} ({len(members)})" for _, words, members in groups]
                while (i := ask(entries, back)) is not None:
                    members = groups[i][2]
                    if (picked := in_steps(state, members, back=True)) is not None:
                        return picked
                return None
        i = ask([action_label(state, a) for a in actions], back)
        return None if i is None else actions[i]

    def choose(state: GameState, rng: random.Random) -> Action:
        seat = state.current_player()
        p = state.players[seat]
        write(
            message(
                "cli.person.status",
                round=state.round,
                phase=message("phase." + state.phase),
                name=state.names[seat],
                money=p.money,
                vp=p.vp,
                dna=dna_text(p.dna),
                excitement=p.excitement,
                threat=p.threat,
                security=p.security,
            )
        )
        picked = in_steps(state, legal_actions(state), back=False)
        assert picked is not None  # (the first step has no way back)
        return picked

    return choose


def _cmd_play(args: argparse.Namespace) -> int:
    if args.bots is None:
        args.bots = "heuristic" if args.solo else "heuristic,heuristic"
    try:
        bots = [
            person_at_terminal() if b == PERSON else bot_by_name(b)
            for b in _bot_names("play", args.bots)
        ]
        if args.solo:
            if len(bots) != 1:
                raise ValueError(message("cli.solo_one_bot"))
            print(message("cli.solo_mode", solo=message("solo.label")))
        settings = _settings(args, "play", len(bots))
        if args.solo:  # one seat: there is no first player to choose
            settings = {k: v for k, v in settings.items() if k != "first_player"}
        state = play_game(bots, random.Random(args.seed), solo=args.solo, **settings)
    except (ValueError, RuleError) as err:
        print(f"dino-kit play: {err}", file=sys.stderr)
        return 2
    if args.save:
        records.save(state, args.save, seed=args.seed)
    print("\n".join(game_log(state, steps=args.log)))
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    """A saved game (`play --save`, a room's record) told again, replayed and checked by the
    rules; one line saying why when the file is not a good record."""
    try:
        folder = environment_folder()  # (a record of the app's own set: DINO_KIT_DATA)
        state = records.load(args.file, None if folder is None else load_components(folder))
    except KitError as err:  # (a record refused, or the folder of DINO_KIT_DATA)
        print(f"dino-kit replay: {err}", file=sys.stderr)
        return 1
    print("\n".join(game_log(state, steps=args.log)))
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    if not args.folder.strip():
        raise UsageError(f"dino-kit init: {message('components.no_folder_name')}")
    written = start_component_folder(args.folder)
    source = illustrative_folder()
    print(plural("cli.init_wrote", len(written), folder=args.folder, source=source))
    print("  " + ", ".join(path.name for path in written))
    print(message("cli.init_next"))
    print(message("cli.init_check", folder=args.folder))
    return 0


def _cmd_ship_studies(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    data = ship(progress=lambda name: print(message("cli.shipping", name=name), file=sys.stderr))
    path = write_shipped(data, args.output or SHIPPED_PATH)
    games = sum(len(s["records"]) for s in data["studies"]) + len(data["balance"]["records"])
    seconds = time.perf_counter() - start
    print(message("cli.shipped", path=path, size=path.stat().st_size, games=games,
                  seconds=seconds))  # fmt: skip
    return 0


def _add_init(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`dino-kit init FOLDER`: the illustrative set copied as a template for one's own."""
    init = sub.add_parser("init", help=message("cli.help.init"))
    init.add_argument("folder", help=message("cli.help.init_folder"))
    init.set_defaults(func=_cmd_init)


def _add_games_options(
    command: argparse.ArgumentParser, games: Callable[[str], int], default: int
) -> None:
    """The options of a command that plays many seeded games: how many (`games` checks the
    number), the seed, the objectives' length."""
    command.add_argument("--games", type=games, default=default, help=message("cli.help.games"))
    command.add_argument("--seed", type=seed, default=0, help=message("cli.help.seed"))
    command.add_argument(
        "--objectives",
        default="short",
        choices=("short", "medium", "long"),
        help=message("cli.help.objectives"),
    )


def _bot_list() -> str:
    """Every bot a command accepts, for its help."""
    return message("cli.help.bot_list", names=", ".join(BOTS))


def _add_variant_options(command: argparse.ArgumentParser) -> None:
    """The variants of a game (chaos theory, predictable systems) and its first player."""
    command.add_argument(
        "--chaos-theory", action="store_true", help=message("cli.help.chaos_theory")
    )
    command.add_argument(
        "--predictable-systems", action="store_true", help=message("cli.help.predictable_systems")
    )
    command.add_argument(
        "--first-player", type=count(1, 4), default=1, help=message("cli.help.first_player")
    )


def _add_where_options(command: argparse.ArgumentParser) -> None:
    """Where the games are played: a pool of processes or a Dask cluster (`kit_common.study`)."""
    command.add_argument(
        "--jobs", type=count(1, MAX_JOBS), default=None, help=message("cli.help.jobs")
    )
    command.add_argument("--scheduler", default=None, help=message("cli.help.scheduler"))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dino-kit", description=message("cli.description"))
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help=message("cli.help.validate"))
    validate.add_argument("folder", help=message("cli.help.validate_folder"))
    validate.set_defaults(func=_cmd_validate)
    _add_init(sub)
    sim = sub.add_parser("simulate", help=message("cli.help.simulate"))
    sim.add_argument(
        "--players",
        type=int,
        default=4,
        help=message("cli.help.players", solo=message("solo.label")),
    )
    _add_games_options(sim, count(1, MAX_SIMULATED_GAMES), 100)
    sim.add_argument(
        "--bots",
        default="heuristic",
        help=message("cli.help.bots", bots=_bot_list()),
    )
    _add_variant_options(sim)
    sim.add_argument(
        "--max-rounds",
        type=count(1, MAX_ROUNDS),
        default=30,
        help=message("cli.help.max_rounds"),
    )
    sim.add_argument("--json", action="store_true", help=message("cli.help.json_summary"))
    sim.set_defaults(func=_cmd_simulate)
    tour = sub.add_parser("tournament", help=message("cli.help.tournament"))
    tour.add_argument(
        "--players",
        required=True,
        help=message("cli.help.tournament_players", bots=_bot_list()),
    )
    _add_games_options(tour, count(1, 100_000), 100)
    _add_variant_options(tour)
    _add_where_options(tour)
    tour.add_argument("--json", action="store_true", help=message("cli.help.json_result"))
    tour.set_defaults(func=_cmd_tournament)
    bal = sub.add_parser(
        "balance",
        help=message("cli.help.balance"),
    )
    bal.add_argument("folder", help=message("cli.help.balance_folder"))
    _add_games_options(bal, count(1, 1_000_000), 200)
    bal.add_argument(
        "--players", type=count(2, 4), default=4, help=message("cli.help.balance_players")
    )
    _add_where_options(bal)
    bal.add_argument("--json", action="store_true", help=message("cli.help.json_report"))
    bal.set_defaults(func=_cmd_balance)
    ship_studies = sub.add_parser("ship-studies", help=message("cli.help.ship_studies"))
    ship_studies.add_argument(
        "--output",
        type=output_file,
        default=None,
        help=message("cli.help.ship_output", path=SHIPPED_PATH),
    )
    ship_studies.set_defaults(func=_cmd_ship_studies)
    play = sub.add_parser("play", help=message("cli.help.play"))
    play.add_argument(
        "--bots",
        default=None,
        help=message("cli.help.play_bots", bots=_bot_list()),
    )
    play.add_argument(
        "--objectives",
        default="short",
        choices=("short", "medium", "long"),
        help=message("cli.help.objectives"),
    )
    _add_variant_options(play)
    play.add_argument(
        "--solo",
        action="store_true",
        help=message("cli.help.solo", solo=message("solo.label")),
    )
    play.add_argument("--seed", type=seed, default=0)
    play.add_argument(
        "--save",
        type=output_file,
        default=None,
        help=message("cli.help.save"),
    )
    play.add_argument("--log", action="store_true", help=message("cli.help.log"))
    play.set_defaults(func=_cmd_play)
    replay = sub.add_parser(
        "replay", help=message("cli.help.replay"), description=message("cli.help.replay_data")
    )
    replay.add_argument("file", help=message("cli.help.replay_file"))
    replay.add_argument("--log", action="store_true", help=message("cli.help.log"))
    replay.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return run_command(build_parser, argv)  # built in the command's language


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
