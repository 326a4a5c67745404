"""The `martian-kit` command line."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from kit_common.cli import run_command, seed
from martian_kit import cli_analysis, records
from martian_kit.game import GameState
from martian_kit.messages import CATALOGUE, message
from martian_kit.narrate import describe_game
from martian_kit.play import play_game
from martian_kit.policies import policy_by_name


def _cmd_play(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        policies = [policy_by_name(n) for n in names]
    except ValueError as err:
        print(message("cli.error", command="play", error=err), file=sys.stderr)
        return 2
    labels = [message("cli.seat_label", name=n, seat=i + 1) for i, n in enumerate(names)]
    try:
        state = play_game(policies, random.Random(args.seed), names=labels)
    except ValueError as err:
        print(message("cli.error", command="play", error=err), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(records.to_record(state, seed=args.seed), indent=1))
    else:
        print(describe_game(state))
    return 0


def _read_record(command: str, path: str) -> tuple[GameState, dict] | None:
    """The game a record file holds, replayed and validated, with the record's data; None
    after saying in one line why the file is not a good record."""
    try:
        return records.read(path)
    except records.RecordError as err:  # names the file, and the field when the JSON is bad
        print(message("cli.error", command=command, error=err), file=sys.stderr)
        return None


def _cmd_replay(args: argparse.Namespace) -> int:
    read = _read_record("replay", args.file)
    if read is None:
        return 1
    state, data = read
    if args.json:
        print(json.dumps(records.to_record(state, seed=data.get("seed")), indent=1))
        return 0
    print(describe_game(state))
    if not state.is_terminal():
        print(CATALOGUE.plural("cli.record_running.n", len(state.log)))
    return 0


def _cmd_check_record(args: argparse.Namespace) -> int:
    read = _read_record("check-record", args.file)
    if read is None:
        return 1
    state, _ = read
    if state.is_terminal():
        assert state.winner is not None
        how = message("cli.record_finished", winner=state.players[state.winner])
    else:
        how = message("cli.record_unfinished")
    players = ", ".join(state.players)
    print(
        CATALOGUE.plural(
            "cli.record_ok.n", len(state.log), file=args.file, players=players, how=how
        )
    )
    return 0


def _add_record_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`replay FILE` and `check-record FILE`: a saved game (`play --json`, or
    `martian_kit.records.save`) told again, or checked against the rules."""
    replay = sub.add_parser("replay", help=message("cli.help.replay"))
    replay.add_argument("file", help=message("cli.help.replay_file"))
    replay.add_argument("--json", action="store_true", help=message("cli.help.replay_json"))
    replay.set_defaults(func=_cmd_replay)
    check = sub.add_parser("check-record", help=message("cli.help.check_record"))
    check.add_argument("file", help=message("cli.help.record_file"))
    check.set_defaults(func=_cmd_check_record)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="martian-kit", description=message("cli.help.description")
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help=message("cli.help.play"))
    play.add_argument(
        "--players",
        default="random,random",
        help=message("cli.help.players"),
    )
    play.add_argument("--seed", type=seed, default=None, help=message("cli.help.seed"))
    play.add_argument("--json", action="store_true", help=message("cli.help.play_json"))
    play.set_defaults(func=_cmd_play)
    _add_record_commands(sub)
    cli_analysis.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return run_command(build_parser, argv)  # built in the command's language


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
