"""A bound on the kernel messages one notebook cell sends under nbval (the root conftest.py
applies it to every cell)."""

from __future__ import annotations

import pytest

#: Most kernel messages (widget updates, outputs) one notebook cell may send. nbval reads
#: none of them until the cell's reply arrives, so they queue up, and ZeroMQ drops what its
#: queues cannot hold (about 1,000 on each side, the kernel's and nbval's): a cell that sent
#: 4,700 (a whole game clicked through an app) most likely lost its last message on a loaded
#: CI machine, and nbval then timed out waiting for it. The bound sits well under the ~2,000
#: the two queues hold, so that a cell over it is counted whole and fails at once, saying
#: so (at 2,000 a cell of 2,100 was counted under it on CI: its surplus had been dropped).
#: The chattiest page cell today sends about 1,000 (Martian Dice page 7's game check).
MOST_MESSAGES_PER_CELL = 1_500


def count_messages(notebook: pytest.Item) -> list[int]:
    """A counter of the kernel messages nbval reads for `notebook` (one nbval file)."""
    counter = getattr(notebook, "_kit_messages", None)
    if counter is None:
        counter = notebook._kit_messages = [0]
        read = notebook.get_kernel_message

        def counted(*args, **kwargs):
            message = read(*args, **kwargs)
            counter[0] += 1
            return message

        notebook.get_kernel_message = counted
    return counter
