"""The `pybabel` command lines of each domain, run for every domain at once.

Babel does the standard work: `pybabel extract` (with the kit's extractors,
`tools/babel_extractors.py`, named in `babel.cfg`), `pybabel update` and `pybabel compile`.
This module only knows each domain's folders and options, so that
`tools/i18n.py extract|update|compile` runs the same command lines a translator can type
(`command_lines()` prints them):

* a kit domain's template has no locations (`--no-location`: a key is its own address);
* the notebooks' template is extracted from inside `notebooks/` so that a location reads
  `martian_dice/02_a_turn.ipynb:3` (the page and the cell);
* no line is wrapped (`--no-wrap`), entries gone from the English are dropped
  (`--ignore-obsolete`) and a changed entry keeps its old English (`--previous`);
* only the kits' translations are compiled (the notebooks' po is read by the build).

A template is rewritten only when its messages changed (`pybabel extract` would stamp a new
creation date each time, and `update` would copy it into every po).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from importlib.metadata import entry_points
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface, CompileCatalog

from tools import translation_files as files

#: Options of every `pybabel update`.
UPDATE_OPTIONS = ("--no-wrap", "--ignore-obsolete", "--previous")


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def _project(domain: str) -> str:
    return f"{files.PROJECT} notebooks" if domain == files.NOTEBOOK_DOMAIN else files.PROJECT


def extract_arguments(domain: str, output: Path) -> tuple[Path, list[str]]:
    """(the folder to run in, the `pybabel extract` arguments) writing `domain`'s template
    to `output`."""
    common = ["extract", "-F", str(files.BABEL_CFG), "--no-wrap"]
    common += ["--project", _project(domain), "-o", str(output)]
    if domain == files.NOTEBOOK_DOMAIN:
        return files.NOTEBOOKS, [*common, "."]
    return files.ROOT, [*common, "--no-location", domain]


#: The kit's extractors, entry points of the group `babel.extractors` (pyproject.toml).
EXTRACTORS = ("kit_catalogue", "kit_notebook")


def check_extractors() -> None:
    """SystemExit with a sentence when the kit's extractors are not registered (the
    checkout was installed before pyproject.toml named them)."""
    found = {entry.name for entry in entry_points(group="babel.extractors")}
    missing = [name for name in EXTRACTORS if name not in found]
    if missing:
        raise SystemExit(
            f"Babel does not know the extractors {', '.join(missing)} that babel.cfg names: "
            "install this checkout again (`pip install -e .`, or `./dev test`, which does it "
            "when pyproject.toml changed) to register them"
        )


def run_pybabel(folder: Path, arguments: Sequence[str]) -> None:
    """Run a `pybabel` command in-process from `folder` (SystemExit on failure)."""
    if arguments[0] == "extract":
        check_extractors()
    with _inside(folder):
        status = CommandLineInterface().run(["pybabel", "--quiet", *arguments])
    if status:
        raise SystemExit(f"pybabel {arguments[0]} failed ({status}): pybabel {' '.join(arguments)}")


def fresh_template(domain: str) -> Catalog:
    """The template `pybabel extract` gives today for `domain` (nothing written)."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / f"{domain}.pot"
        run_pybabel(*extract_arguments(domain, output))
        return files.read_catalogue(output)


def same_messages(a: Catalog, b: Catalog) -> bool:
    """True when two templates hold the same messages (ids, plurals, flags, comments,
    locations), whatever their header dates."""

    def shape(catalog: Catalog) -> list[tuple]:
        return [
            (m.id, m.context, sorted(m.flags - {"fuzzy"}), m.auto_comments, m.locations)
            for m in catalog
            if m.id
        ]

    return shape(a) == shape(b)


def extract() -> list[Path]:
    """`pybabel extract` of every domain; a template is replaced only when its messages
    changed. Returns the files written."""
    written = []
    for domain in files.domains():
        path = files.pot_path(domain)
        with tempfile.TemporaryDirectory() as folder:
            output = Path(folder) / path.name
            run_pybabel(*extract_arguments(domain, output))
            if path.is_file() and same_messages(
                files.read_catalogue(path), files.read_catalogue(output)
            ):
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(output, path)
        written.append(path)
    return written


def update_arguments(domain: str, lang: str) -> list[str]:
    """The `pybabel update` arguments merging `domain`'s template into its `lang` po."""
    return [
        "update",
        "-i",
        str(files.pot_path(domain)),
        "-d",
        str(files.locale_dir(domain)),
        "-D",
        domain,
        "-l",
        lang,
        *UPDATE_OPTIONS,
    ]


def update(languages: Sequence[str], domains: Sequence[str] | None = None) -> list[Path]:
    """`pybabel update` of each domain's po (default: every domain) in `languages` (each po
    must exist: a new language starts with `pybabel init`); returns the files changed."""
    changed = []
    for domain in files.domains() if domains is None else domains:
        for lang in languages:
            path = files.po_path(domain, lang)
            if not path.is_file():
                raise SystemExit(
                    f"{files.relative(path)} is missing: start it with `pybabel init -i "
                    f"{files.relative(files.pot_path(domain))} -d "
                    f"{files.relative(files.locale_dir(domain))} -D {domain} -l {lang}`, then "
                    f"set its Plural-Forms to {files.PLURAL_FORMS[lang]!r}"
                )
            before = path.read_bytes()
            run_pybabel(files.ROOT, update_arguments(domain, lang))
            if path.read_bytes() != before:
                changed.append(path)
    return changed


def compile_arguments(domain: str, lang: str) -> list[str]:
    """The `pybabel compile` arguments writing `domain`'s `lang` .mo beside its po."""
    return ["compile", "-d", str(files.locale_dir(domain)), "-D", domain, "-l", lang]


class _Collected(logging.Logger):
    """A logger that keeps the errors a Babel command reports instead of printing them."""

    def __init__(self) -> None:
        super().__init__("kit.pybabel")
        self.errors: list[str] = []

    def error(self, msg: object, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        self.errors.append(str(msg) % args)


def _false_alarm(error: str) -> bool:
    """True for an error of Babel's %-format checker on a `{fields}` sentence: it reads the
    "% i" of "95% intervals" or the "% o" of "{share:.1f}% of" as a %-placeholder. The
    placeholders that matter, the `{fields}`, are checked by `tools/i18n.py check`."""
    return "placeholder" in error or error.endswith("errors encountered.")


def compile_catalogues(languages: Sequence[str]) -> list[Path]:
    """`pybabel compile` of each kit po of `languages` (Babel's CompileCatalog command, fuzzy
    entries left out); returns the .mo files changed. Babel's %-format checker misreads a
    percent sign beside a `{field}` as a placeholder: those reports are set aside, any other
    error stops the run."""
    changed = []
    for domain in files.KIT_DOMAINS:
        for lang in languages:
            if not files.po_path(domain, lang).is_file():
                continue
            mo = files.mo_path(domain, lang)
            before = mo.read_bytes() if mo.is_file() else None
            command = CompileCatalog()
            command.initialize_options()
            command.directory = str(files.locale_dir(domain))
            command.domain = domain
            command.locale = lang
            command.finalize_options()
            log = _Collected()
            command.log = log
            command.run()
            real = [error for error in log.errors if not _false_alarm(error)]
            if real:
                raise SystemExit("pybabel compile: " + "\n".join(real))
            if mo.read_bytes() != before:
                changed.append(mo)
    return changed


def command_lines(lang: str = "es") -> list[str]:
    """The pybabel command lines `extract`, `update --lang` and `compile --lang` run, as a
    translator types them from the repository folder."""

    def said(folder: Path, arguments: Sequence[str]) -> str:
        shown = [files.relative(Path(a)) if Path(a).is_absolute() else a for a in arguments]
        if folder != files.ROOT:
            shown = [a.replace(f"{files.relative(folder)}/", "", 1) for a in shown]
            shown = [a if a != "babel.cfg" else "../babel.cfg" for a in shown]
            prefix = f"(cd {files.relative(folder)} && pybabel "
            return prefix + " ".join(_quoted(a) for a in shown) + ")"
        return "pybabel " + " ".join(_quoted(a) for a in shown)

    lines = []
    for domain in files.domains():
        lines.append(said(*extract_arguments(domain, files.pot_path(domain))))
    for domain in files.domains():
        lines.append(said(files.ROOT, update_arguments(domain, lang)))
    for domain in files.KIT_DOMAINS:
        lines.append(said(files.ROOT, compile_arguments(domain, lang)))
    return lines


def _quoted(argument: str) -> str:
    return f'"{argument}"' if " " in argument else argument
