"""Leave out one import that costs every Jupyter process 2-3 s of CPU and serves none of them.

jsonschema (which nbformat, Jupyter Server and Voila validate with) registers a checker for
the `iri` and `iri-reference` string formats from `rfc3987_syntax` when that package is
installed, and `jupyter-events` pulls it in (`jsonschema[format-nongpl]`).
`rfc3987_syntax` builds about 35 Earley parsers when it is imported: 2.4-2.8 s of CPU on this
project's 2-core machines, in every process that reads a notebook or starts a server — the
app, each pytest process and worker, `tools/run_notebooks.py` — against 1 s for the whole rest
of the app's imports. No schema any of them validates uses those formats (nbformat's,
Jupyter Server's and Jupyter Events' schemas have no `format` at all); jsonschema then simply
does not check them, as when the package is absent. Upstream: jupyter-server issue #1559,
python-jsonschema issue #1428.

`leave_out_slow_imports()` must run before jsonschema's formats are first imported: at the
top of `kit_app.py`, of the tools that read notebooks, and for the tests as the first plugin
pytest loads (`-p kit_common.lean_imports` in pyproject.toml's addopts: before nbval, which
imports them as pytest starts).
"""

from __future__ import annotations

import sys

#: Modules no process of the kit needs and that cost seconds to import.
SLOW_AND_UNUSED = ("rfc3987_syntax",)


def leave_out_slow_imports() -> None:
    """Make `SLOW_AND_UNUSED` unimportable in this process (an import of it raises
    ImportError, which jsonschema expects of an optional package); one already imported
    stays."""
    for name in SLOW_AND_UNUSED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


leave_out_slow_imports()
