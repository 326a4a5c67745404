"""Every translated string of one language, for the wording tests (tests/test_*_wording.py):
read through tools/translation_files.py, which knows where each domain's catalogue lives."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tools import translation_files as files


def catalogue_paths(lang: str) -> list[Path]:
    """The .po files of `lang`: the three kits' and the notebooks'."""
    return [files.po_path(domain, lang) for domain in files.domains()]


@cache
def translations(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(file name, context, translation) of every translated form of `lang`'s catalogues,
    each plural form apart."""
    found: list[tuple[str, str, str]] = []
    for path in catalogue_paths(lang):
        for message in files.read_catalogue(path, lang):
            if message.id:
                found += [
                    (path.name, message.context or "", s) for s in files.strings(message) if s
                ]
    return tuple(found)
