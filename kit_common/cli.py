"""What every kit's command line shares: parse the arguments, run the chosen command, and
turn an error the kit raises on purpose into one line on stderr instead of a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from kit_common.errors import KitError


def run_command(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None) -> int:
    """Run the sub-command `parser` chose (each sets `func` with `set_defaults`); returns its
    exit status, or 1 after printing `prog: message` when it raised a `KitError`."""
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KitError as err:
        print(f"{parser.prog}: {err}", file=sys.stderr)
        return 1
