"""A throwaway PostgreSQL server for tests (and benchmarks) of the class store.

Debian's `postgresql` package (`./dev test` installs it when run as root) ships `initdb` and
`pg_ctl` under /usr/lib/postgresql/<version>/bin. The server lives in a fresh temporary folder:
its data, its log and its Unix socket (no TCP port: nothing to collide with, nothing reachable
from outside), trusts local connections, and is told not to sync to disk (a test's data need
not survive a power cut), which makes it start in about a second. PostgreSQL refuses to run as
root: as root, the folder is handed to the `postgres` user (the package creates it) and the
server runs as that user through `runuser`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

USER = "kit"  # the server's superuser, who the tests connect as


def postgres_bin() -> Path | None:
    """The folder of the newest installed PostgreSQL's programs, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3])
    )
    return Path(found[-1]).parent if found else None


def why_unavailable() -> str | None:
    """Why no test server can be started here (None when one can)."""
    if postgres_bin() is None:
        return (
            "no PostgreSQL server programs (/usr/lib/postgresql/*/bin/initdb); install them with "
            "`sudo apt-get install postgresql` (`./dev test` does it when run as root)"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "no psycopg (the PostgreSQL driver); `pip install -e '.[test]'` installs it"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a `postgres` user to run the server as"
    return None


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running PostgreSQL server for the duration of the block: its SQLAlchemy URL (the
    `postgres` database, as the superuser `kit`). Stopped and deleted afterwards."""
    bin_dir = postgres_bin()
    assert bin_dir is not None, why_unavailable()
    folder = Path(tempfile.mkdtemp(prefix="kit-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        account = pwd.getpwnam("postgres")
        os.chown(folder, account.pw_uid, account.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8"]
    options = (
        f"-k {folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off -c max_connections=100"
    )
    start = [
        str(bin_dir / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-w",
        "-l",
        str(folder / "log"),
    ]
    try:
        subprocess.run(
            [*run_as, *initdb, "--no-sync", "--no-instructions"], check=True, capture_output=True
        )
        subprocess.run([*run_as, *start, "start"], check=True, capture_output=True)
        try:
            yield f"postgresql+psycopg://{USER}@/postgres?host={folder}"
        finally:
            subprocess.run(
                [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                capture_output=True,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
