"""Every word a user reads in Dinosaur Island's pages, stories and command line comes from the
kit's catalogue (`dino_kit.messages`), so a translation reaches all of it."""

from __future__ import annotations

from pathlib import Path

from tests.literal_scan import loose_words

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "dino_kit"
#: The modules whose words users read: the pages' apps, the game told in words, the command
#: line and what it prints (the balance report), the dice faces' titles.
MODULES = sorted(
    [*(KIT / "widgets").glob("*.py"), *(KIT / name for name in ("narrate.py", "cli.py",
     "balance.py", "pictures.py"))]
)  # fmt: skip
#: Worded literals kept in the code, with the reason.
ALLOWED = {
    ("dino_kit/widgets/pages.py", "Dinosaur Island"): (
        "the game's published name, the index's heading for the series: a name, not a sentence"
    ),
}


def test_no_sentence_is_written_in_the_code_outside_the_catalogue() -> None:
    assert loose_words(ROOT, MODULES, ALLOWED) == []
