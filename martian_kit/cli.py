"""The `martian-kit` command line."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from kit_common.cli import run_command, seed
from martian_kit import cli_analysis, records
from martian_kit.narrate import describe_game
from martian_kit.play import play_game
from martian_kit.policies import policy_by_name


def _cmd_play(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        policies = [policy_by_name(n) for n in names]
    except ValueError as err:
        print(f"martian-kit play: {err}", file=sys.stderr)
        return 2
    labels = [f"{n} (seat {i + 1})" for i, n in enumerate(names)]
    try:
        state = play_game(policies, random.Random(args.seed), names=labels)
    except ValueError as err:
        print(f"martian-kit play: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(records.to_record(state, seed=args.seed), indent=1))
    else:
        print(describe_game(state))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="martian-kit", description="Martian Dice: play, analyse and simulate."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a whole game with the named policies")
    play.add_argument(
        "--players",
        default="random,random",
        help="comma-separated policy names, one per seat (1 for the practice mode)",
    )
    play.add_argument("--seed", type=seed, default=None, help="seed of the dice (reproducible)")
    play.add_argument("--json", action="store_true", help="print the game record as JSON")
    play.set_defaults(func=_cmd_play)
    cli_analysis.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return run_command(build_parser(), argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
