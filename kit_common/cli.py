"""What every kit's command line shares: parse the arguments, run the chosen command, and say
every failure in one line on stderr instead of a traceback.

Exit status: 0 done, 2 a usage error (an argument argparse or a command refuses), 1 any other
failure (a kit error, a file that cannot be read or written, an unexpected error). `--debug`
(before or after the sub-command) shows the traceback of an unexpected error instead.

A command speaks the language `--lang L` names (before or after the sub-command, one of
`kit_common.messages.LANGUAGES`), or else the one of its environment as gettext reads it
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG: `LANG=es_ES.UTF-8` gives Spanish; a language the kit
does not speak gives English).

The argument types below (`count`, `seed`, `output_file`) check an argument while it is
parsed, so a command never starts long work with nonsense or with nowhere to write."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import NoReturn

from kit_common.errors import KitError
from kit_common.files import check_writable
from kit_common.messages import (
    LANGUAGES,
    current_language,
    language_from_environment,
    set_language,
)
from kit_common.words import message

USAGE_ERROR = 2
FAILURE = 1


class UsageError(Exception):
    """An argument the command line refuses: one line, exit status 2."""


def count(low: int = 1, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` (to `high`, when given)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(message("cli.not_whole", text=text)) from None
        if value < low or (high is not None and value > high):
            if high is not None:
                refusal = message("cli.whole_between", low=low, high=high, text=text)
            else:
                refusal = message("cli.whole_at_least", low=low, text=text)
            raise argparse.ArgumentTypeError(refusal)
        return value

    parse.__name__ = "count"  # argparse names the type in its messages
    return parse


#: Seeds are what numpy's and Python's generators accept alike: 0 to 2**64 - 1.
seed = count(0, 2**64 - 1)
seed.__name__ = "seed"


def output_file(text: str) -> Path:
    """An argparse type: a path a file can be written to (checked before the work starts)."""
    try:
        return check_writable(text)
    except KitError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every sub-command's parser below it (argparse keeps them in its
    sub-parsers action; there is no public accessor)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


def _prepare(parser: argparse.ArgumentParser) -> None:
    """Give every parser a one-line usage error and a `--debug` flag (once per parser)."""
    for each in _parsers(parser):
        if getattr(each, "_one_line_errors", False):
            continue

        def error(message: str, prog: str = each.prog) -> NoReturn:
            raise UsageError(f"{prog}: {message}")

        # argparse calls `self.error` on every bad argument and offers no other hook; the
        # parsers are the callers' own (subparsers too), so their method is replaced in place
        each.error = error  # type: ignore[method-assign]
        each.add_argument(
            "--debug",
            action="store_true",
            default=argparse.SUPPRESS if each is not parser else False,
            help=message("cli.debug_help"),
        )
        each.add_argument(
            "--lang",
            choices=list(LANGUAGES),
            default=argparse.SUPPRESS if each is not parser else None,
            help=message("cli.lang_help"),
        )
        each._one_line_errors = True  # type: ignore[attr-defined]


def command_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language a command line speaks: the last `--lang L` (or `--lang=L`) of `argv`
    naming one of the kit's languages, else the environment's (see the module docstring)."""
    chosen = None
    for i, argument in enumerate(argv):
        if argument == "--":
            break
        value = None
        if argument == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif argument.startswith("--lang="):
            value = argument.split("=", 1)[1]
        if value in LANGUAGES:
            chosen = value
    return chosen or language_from_environment(environ)


def run_command(
    parser: argparse.ArgumentParser | Callable[[], argparse.ArgumentParser],
    argv: Sequence[str] | None = None,
) -> int:
    """Run the sub-command `parser` chose (each sets `func` with `set_defaults`); returns its
    exit status, or prints one line `prog: message` on stderr and returns 2 for a usage error
    and 1 for any other failure (see the module docstring). The command speaks its language
    (`command_language`) while it runs; the language is as before afterwards. Given the
    function that builds the parser instead, the parser is built in that language, so that
    `--help` speaks it too (its sentences are read from the catalogue when built)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    before = current_language()
    # chosen before parsing, so that the refusal of an argument is said in it too
    set_language(command_language(arguments, os.environ))
    # A terminal whose encoding lacks the language's letters (ASCII, `--lang ru`) gets them
    # as escapes, as Python's stderr does, rather than an error after the work is done.
    stdout = sys.stdout
    errors = getattr(stdout, "errors", None)
    if errors == "strict" and isinstance(stdout, io.TextIOWrapper):
        stdout.reconfigure(errors="backslashreplace")
    try:
        if not isinstance(parser, argparse.ArgumentParser):
            parser = parser()  # built in the language just chosen
        return _run(parser, arguments)
    finally:
        set_language(before)
        if errors == "strict" and isinstance(stdout, io.TextIOWrapper):
            stdout.reconfigure(errors="strict")


def _run(parser: argparse.ArgumentParser, argv: Sequence[str]) -> int:
    _prepare(parser)
    try:
        args = parser.parse_args(argv)
    except UsageError as err:
        print(err, file=sys.stderr)
        return USAGE_ERROR
    try:
        return args.func(args)
    except UsageError as err:
        print(err, file=sys.stderr)
        return USAGE_ERROR
    except KitError as err:
        print(f"{parser.prog}: {err}", file=sys.stderr)
        return FAILURE
    except OSError as err:  # a file that cannot be written, a full disk
        where = f"{err.filename}: " if err.filename else ""
        print(f"{parser.prog}: {where}{err.strerror or err}", file=sys.stderr)
        return FAILURE
    except MemoryError:
        print(f"{parser.prog}: {message('cli.out_of_memory')}", file=sys.stderr)
        return FAILURE
    except KeyboardInterrupt:
        print(f"{parser.prog}: {message('cli.interrupted')}", file=sys.stderr)
        return 130
    except Exception as err:
        if args.debug:
            raise
        unexpected = message("cli.unexpected", kind=type(err).__name__, error=err)
        print(f"{parser.prog}: {unexpected}", file=sys.stderr)
        return FAILURE
