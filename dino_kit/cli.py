"""The `dino-kit` command line: validate component folders, simulate games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dino_kit.components import validate_folder


def _cmd_validate(args: argparse.Namespace) -> int:
    problems = validate_folder(args.folder)
    if problems:
        print(f"{args.folder}: {len(problems)} problem(s)", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"{args.folder}: all component files are valid")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dino-kit", description="Dinosaur Island (unofficial): components, games, simulation."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check a folder of component files")
    validate.add_argument("folder", help="folder holding dice.yaml, recipes.yaml, ...")
    validate.set_defaults(func=_cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
