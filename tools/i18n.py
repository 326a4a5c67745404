"""The translations of the kit: Babel's commands for every domain, the checks, the built pages.

English is the source; the gettext catalogues (`tools/translation_files.py` says where) are
kept by Babel's own commands with the kit's extractors (`tools/babel_extractors.py`, entry
points named in `babel.cfg`): `pybabel extract`, `update` and `compile`. This tool runs those
for the four domains at once and adds what Babel has no command for: the checks and the
translated pages.

Sub-commands (`python tools/i18n.py COMMAND --help`):

    extract             pybabel extract of every domain (a .pot rewritten only when its
                        messages changed)
    update [--lang L]   pybabel update of every po (a new language starts with pybabel init)
    compile [--lang L]  pybabel compile of each kit po to the .mo beside it
    commands [--lang L] print the pybabel command lines the three above run
    check [--lang L]    list every problem (exit status 1 when there is one):
                        tools/translation_checks.py
    build [--lang L] [--allow-english] [NOTEBOOK ...]
                        write the translated notebooks (and the language links of every
                        page): tools/page_build.py

Which strings of a notebook's code are translated is marked in the notebook (see
`tools/notebook_text.py`): a string literal passed to `N_(...)`
(`from kit_common.messages import N_`, gettext's mark for "translated elsewhere"; the build
puts the translation between its quotes).

A translator's round: extract, update, translate the po files, check, compile, build, then
execute the built notebooks with `tools/run_notebooks.py notebooks/<lang>`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the kit and tools/ from this checkout
    sys.path.insert(0, str(ROOT))

from tools import babel_commands  # noqa: E402
from tools import translation_files as files  # noqa: E402
from tools.page_build import BuildError, BuildRefused, build  # noqa: E402
from tools.translation_checks import check  # noqa: E402


def _languages(args: argparse.Namespace) -> list[str]:
    return [args.lang] if args.lang else files.present_languages()


def main(argv: Sequence[str] | None = None) -> int:
    """Run a sub-command (see the module docstring); the exit status."""
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="pybabel extract of every domain")
    for name, text in [
        ("update", "pybabel update of every po"),
        ("compile", "pybabel compile of the kit po files to .mo"),
        ("commands", "print the pybabel command lines of extract, update and compile"),
        ("check", "list every problem; exit status 1 when there is one"),
        ("build", "write the translated notebooks"),
    ]:
        sub = commands.add_parser(name, help=text)
        sub.add_argument(
            "--lang", choices=files.TRANSLATED, help="one language (default: all begun)"
        )
        if name == "build":
            sub.add_argument(
                "--allow-english",
                action="store_true",
                help="build pages with untranslated pieces left in English",
            )
            sub.add_argument(
                "notebooks", nargs="*", type=Path, help="English notebooks (default: all)"
            )
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (BuildRefused, BuildError, files.CatalogueError) as err:
        print(f"tools/i18n.py {args.command}: {err}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command == "extract":
        written = babel_commands.extract()
    elif args.command == "update":
        written = babel_commands.update(_languages(args))
    elif args.command == "compile":
        written = babel_commands.compile_catalogues(_languages(args))
    elif args.command == "commands":
        for line in babel_commands.command_lines(args.lang or "es"):
            print(line)
        return 0
    elif args.command == "check":
        problems = check(_languages(args))
        for problem in problems:
            print(problem)
        by_file: dict[Path, int] = {}
        for problem in problems:
            by_file[problem.path] = by_file.get(problem.path, 0) + 1
        if len(by_file) > 1:
            print("by file:")
            for path, count in by_file.items():
                print(f"  {files.relative(path)}: {count}")
        print(f"{len(problems)} problems" if problems else "translations are current")
        return 1 if problems else 0
    else:
        written = build(_languages(args), allow_english=args.allow_english, only=args.notebooks)
    for path in written:
        print(f"wrote {files.relative(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
