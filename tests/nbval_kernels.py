"""The notebooks' kernels under nbval forked from a server, as the app's are (kit_kernels.py).

nbval starts a kernel for each notebook it runs (27 English pages) with jupyter_client's
`KernelManager`; each was a new Python that imported ipykernel, IPython, numpy and the kits'
engines before its first cell. Here nbval's manager is `kit_kernels.BlockingForkingKernelManager`:
the first notebook a test worker runs starts the fork server (importing what the pages import
but never what looks for a kernel, `kit_kernels.kernel_independent`), and every kernel is a
fork of it, as the app's pages' kernels are, so the pages are checked in the kind of kernel
that serves them. `KIT_NBVAL_KERNELS=launch` launches them as nbval does (kit_kernels falls
back to that by itself where forking is not supported, or the server failed)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import kit_kernels

#: Set to "launch" to have nbval launch its kernels itself.
VARIABLE = "KIT_NBVAL_KERNELS"


def use_forked_kernels(root: Path) -> bool:
    """Have nbval fork its kernels from a server importing the modules the pages under
    `root` import (started when nbval asks for its first kernel); whether it will."""
    if os.environ.get(VARIABLE) == "launch" or not kit_kernels.supported():
        return False
    import nbval.kernel

    class NotebookKernelManager(kit_kernels.BlockingForkingKernelManager):  # type: ignore[misc, name-defined]
        """nbval's kernel manager: starts the fork server before the first kernel."""

        def start_kernel(self, **kw: Any) -> None:
            if not kit_kernels.SERVER.started:
                from kit_app import page_imports

                kit_kernels.SERVER.start(page_imports(root), blocking=True)
            super().start_kernel(**kw)

    nbval.kernel.KernelManager = NotebookKernelManager
    return True
