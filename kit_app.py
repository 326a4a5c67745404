"""Serve the notebooks as one Voila app: `python kit_app.py [voila options] notebooks/`.

This is what `./dev app` runs. It is plain Voila with the settings of `voila.json` (read from
the working directory) plus one thing JSON cannot say: the app's root address leads to the
landing page (`00_index.ipynb`) instead of a file list (the list stays at `/voila/tree`).

On Binder, Voila runs inside Jupyter Server instead (see binder/), where the badge's urlpath
opens the landing page.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

#: The landing page, relative to the served folder.
INDEX = "00_index.ipynb"


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
    sys.exit(KitVoila.launch_instance())
