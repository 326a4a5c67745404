import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import dino_kit.messages as dm
import kit_common.widgets.failures as kf
import martian_kit.messages as mm
from kit_common.messages import Plural

for pkg, cat_obj in [
    ("martian_kit", mm.CATALOGUE),
    ("dino_kit", dm.CATALOGUE),
    ("kit_common", kf.CATALOGUE),
]:
    cat = Catalog(project="martian-dino-kit", domain=cat_obj.domain)
    for key, english in cat_obj.english.items():
        msgid = tuple(english) if isinstance(english, Plural) else english
        cat.add(msgid, context=key, flags=("python-brace-format",) if "{" in str(msgid) else ())
    out = Path(__file__).resolve().parents[1] / pkg / "locale" / f"{cat_obj.domain}.pot"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as f:
        write_po(f, cat, width=0, sort_output=False, omit_header=False)
    print(pkg, len(cat))
