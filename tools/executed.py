"""Whether a translated page's committed outputs come from its current inputs.

A translated page (`notebooks/es/...`) is its English page's code with translated words: the
kit's code that makes its outputs is the English page's, so the test run executes only the
English pages under nbval, and checks each translated page against the inputs its outputs
were made from instead of running it a second, third and fourth time. Those inputs are:

* the page's own cells (built from the English page and the po: `tools/i18n.py check`
  checks that);
* the English page's outputs, as committed (nbval checks those against a fresh run, so a
  change of the kit's behaviour shows there first);
* the language's compiled catalogues of the three kits (`<kit>/locale/<lang>/.../*.mo`): the
  sentences the page's widgets and values say.

`tools/run_notebooks.py` writes their digest into the page's metadata (`kit_executed`) each
time it executes a translated page, and `tests/test_translated_outputs.py` compares it with
the digest of the current inputs: a page whose English page, po or catalogues changed since it
ran is named, with the command that runs it again. What this cannot see is a change of the
kit's code that alters only a translated page's outputs and none of the English page's; the
browser tests still run every translated page in the app (errors, English left over, raw
values).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from tools import notebook_text
from tools.translation_checks import Problem
from tools.translation_files import KIT_DOMAINS, NOTEBOOKS, TRANSLATED, mo_path, relative

#: The metadata key of a translated page that holds the digest of the inputs it ran from.
STAMP = notebook_text.EXECUTED_STAMP


def translation(path: Path) -> tuple[str, Path] | None:
    """(language, English page) of a translated page; None for any other notebook."""
    try:
        parts = path.resolve().relative_to(NOTEBOOKS).parts
    except ValueError:
        return None
    if len(parts) < 2 or parts[0] not in TRANSLATED:
        return None
    return parts[0], NOTEBOOKS.joinpath(*parts[1:])


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False).encode("utf-8")


def inputs_digest(page: Mapping, english: Mapping, lang: str) -> str:
    """The digest of what a translated `page` (its JSON) runs from: its cells' sources (but
    its language links), the `english` page's outputs, and the compiled catalogues of
    `lang`."""
    digest = hashlib.sha256()
    for cell in page["cells"]:
        if notebook_text.is_language_links(cell):
            continue  # links to the other languages: a new language changes no output
        digest.update(_canonical([cell["cell_type"], notebook_text.cell_source(cell)]))
    for cell in english["cells"]:
        digest.update(_canonical(cell.get("outputs", [])))
    for domain in KIT_DOMAINS:
        mo = mo_path(domain, lang)
        digest.update(mo.read_bytes() if mo.is_file() else b"no catalogue")
    return digest.hexdigest()


def page_digest(path: Path) -> str:
    """`inputs_digest` of the translated page at `path`, from the files as they are."""
    found = translation(path)
    if found is None:
        raise ValueError(f"{relative(path)} is not a translated page")
    lang, english = found
    return inputs_digest(notebook_text.load(path), notebook_text.load(english), lang)


def check_executed(lang: str) -> list[Problem]:
    """The translated pages of `lang` whose outputs do not come from their current inputs."""
    problems = []
    folder = NOTEBOOKS / lang
    pages = sorted(folder.rglob("*.ipynb")) if folder.is_dir() else []
    for path in pages:
        if ".ipynb_checkpoints" in path.parts:
            continue
        english = translation(path)
        if english is None or not english[1].is_file():
            continue  # a page without an English one: `tools/i18n.py check` names it
        stamp = notebook_text.load(path)["metadata"].get(STAMP)
        if stamp != page_digest(path):
            what = "never executed" if stamp is None else "executed before its inputs changed"
            problems.append(
                Problem(
                    path,
                    f"{what} (its English page's outputs, its cells or the {lang} catalogues):"
                    f" run `tools/run_notebooks.py {relative(path)}`",
                )
            )
    return problems
