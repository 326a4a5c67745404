"""Serve the notebooks as one Voila app: `python kit_app.py [voila options] notebooks/`.

This is what `./dev app` runs. It is plain Voila with the settings of `voila.json` (read from
the working directory) plus one thing JSON cannot say: the app's root address leads to the
landing page (`00_index.ipynb`) instead of a file list (the list stays at `/voila/tree`).

On Binder, Voila runs inside Jupyter Server instead (see binder/), where the badge's urlpath
opens the landing page.

Why `voila.json` says what it says (figures in benchmarks/RESULTS.md):
- `preheat_kernel` with one kernel per page: a page's notebook has already run when it is
  requested, so the server answers in about 0.02 s instead of starting a kernel (5–9 s).
- `fill_delay` 3 s: after a visit Voila starts a new kernel for that page's pool. Started at
  once, it competes for the 2 cores with the browser drawing the page the user just opened;
  3 s later the page is drawn (median time to interactive 2.3 s -> 1.9 s over all pages).
- `extension_denylist` has `jupyterlab-plotly`: the kit's charts draw with their own
  partial plotly.js (kit_common/widgets/live_chart.py), and that extension would load and
  evaluate the full 4.8 MB plotly.js on every page (about 1.8 s of the browser's time).
- culling after 600 s idle frees the kernels of pages a user has left.
- `template` "kit" (share/jupyter/voila/templates/kit, found through JUPYTER_PATH, which this
  script extends): the lab template without its Font Awesome links to a CDN, plus print
  styles. On Binder, binder/postBuild installs the template into the environment.
- `TagRemovePreprocessor` drops the cells tagged `kit-check` (a notebook's checks and their
  "Tests" headings) before the page runs: see notebooks/CONVENTIONS.md.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

#: The landing page, relative to the served folder.
INDEX = "00_index.ipynb"
#: The Jupyter data folder holding the kit's Voila template (templates/kit).
KIT_DATA = Path(__file__).resolve().parent / "share" / "jupyter"


def add_kit_data_path(environ: MutableMapping[str, str] | None = None) -> None:
    """Put the kit's Jupyter data folder first on JUPYTER_PATH (of `environ`, by default this
    process's environment), so Voila finds the kit's template."""
    environ = os.environ if environ is None else environ
    paths = [p for p in environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(KIT_DATA) not in paths:
        environ["JUPYTER_PATH"] = os.pathsep.join([str(KIT_DATA), *paths])


class KitVoila(Voila):
    """Voila whose root address redirects to the landing notebook when there is one."""

    def landing_url(self) -> str | None:
        """Where the root address leads: the index notebook's page, if the folder has one."""
        if self.notebook_path or not (Path(self.root_dir) / INDEX).is_file():
            return None
        return url_path_join(self.server_url, "voila/render", INDEX)

    def init_handlers(self) -> list:
        """Voila's handlers, preceded by the redirect of the root address to the landing."""
        handlers = super().init_handlers()
        landing = self.landing_url()
        if landing:
            handlers.insert(
                0, (self.server_url, RedirectHandler, {"url": landing, "permanent": False})
            )
        return handlers


if __name__ == "__main__":
    add_kit_data_path()
    sys.exit(KitVoila.launch_instance())
