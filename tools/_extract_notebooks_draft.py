"""Draft: writes notebooks/locale/notebooks.pot (tools/i18n.py replaces it)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from tools.notebook_text import load, pieces

root = Path(__file__).resolve().parents[1] / "notebooks"
cat = Catalog(project="martian-dino-kit notebooks", domain="notebooks")
n = 0
for path in sorted(root.rglob("*.ipynb")):
    rel = path.relative_to(root).as_posix()
    if ".ipynb_checkpoints" in rel or rel.split("/")[0] in {"es", "pt", "ru", "locale"}:
        continue
    for p in pieces(load(path)):
        cat.add(
            p.text,
            locations=[(rel, p.cell + 1)],
            context=rel,
            auto_comments=(
                ["code: a string in the page's code; keep {fields} and escapes exactly"]
                if p.kind == "code"
                else []
            ),
        )
        n += 1
with open(root / "locale/notebooks.pot", "wb") as f:
    write_po(f, cat, width=0, sort_output=False)
print(n, len(cat))
