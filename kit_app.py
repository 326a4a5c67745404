"""Serve the notebooks as one Voila app: `python kit_app.py [voila options] notebooks/`.

This is what `./dev app` runs. It is plain Voila with the settings of `voila.json` (read from
the working directory) plus two things JSON cannot say:

* the app's root address leads to the landing page (`00_index.ipynb`) instead of a file list
  (the list stays at `/voila/tree`);
* the idle-kernel culler spares the preheated kernels waiting in Voila's pools. Voila never
  refills a pool whose kernel was shut down, so without this every page would turn slow after
  the first idle period; kernels of pages people opened are culled as configured.

On Binder, Voila runs inside Jupyter Server instead (see binder/), where neither applies.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

#: The landing page, relative to the served folder.
INDEX = "00_index.ipynb"


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels, except the preheated ones waiting in Voila's pools."""

    def _waiting_kernel_ids(self) -> set[str]:
        waiting = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    waiting.add(task.result().get("kernel_id"))
        return waiting

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Leave waiting preheated kernels alone; cull the others as configured."""
        if kernel_id in self._waiting_kernel_ids():
            return
        await super().cull_kernel_if_idle(kernel_id)


class KitVoila(Voila):
    """Voila whose root address redirects to the landing notebook when there is one."""

    def initialize(self, argv: list[str] | None = None) -> None:
        """Load the configuration, then put in the pool-aware kernel manager."""
        super().initialize(argv)
        self.voila_configuration.multi_kernel_manager_class = PoolAwareKernelManager

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
