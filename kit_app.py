"""Serve the notebooks as one Voila app: `python kit_app.py [voila options] notebooks/`.

This is what `./dev app` runs. It is Voila with the settings of `voila.json` (read from the
working directory) plus what JSON cannot say:

- the app's root address leads to the landing page (`00_index.ipynb`) instead of a file list;
  so does Voila's file list (`/voila/tree`), and the contents API behind it
  (`/voila/api/contents/...`) answers 404: it gave any visitor every notebook whole, its
  hidden checks and the teacher's answers included (issue 30);
- a path with a control character (`%00`) or a `..` segment (`..%2f`) gets a 404 sentence
  (Voila answered 500);
- a page's kernel is shut down (the beacon a page sends when it is left) only for the device
  that was given that page, and only from a page of the app (the request's `Origin`):
  `VisitorKernels.may_shut_down`; it is then ended at once (`ShutdownHandler`), so that the
  app and the device get its place back within a fraction of a second;
- a preheated page is served complete or not at all: a pool kernel whose notebook did not run
  to its end (a cell failed or timed out, its output did not all arrive, the kernel died)
  is shut down and the notebook run again in a fresh kernel, up to `preheat_attempts` times;
- at most one notebook per core is preheated at a time (`PreheatQueue`): a page a visitor
  is waiting for first, then the first kernel of every page before the second of any, so
  that right after a start the pages become ready one after another instead of all of them
  crawling together (17 pages at once on 2 cores made output arrive more than 4 s after its
  cell had finished: widgets were lost);
- the page templates are compiled once for the app (`TemplateCode`), not once a page;
- scripts, styles and pages go compressed (gzip) to every browser that accepts it, each
  file compressed once and kept (`kit_assets.CompressedOnce`, the files every page fetches
  compressed before the first visitor), and the 75 chunks of Voila's JavaScript that every
  page loaded one by one come as one script before Voila's (`kit_assets.ChunkBundle`, its
  list recorded by tools/voila_chunks.py for the Voila pinned): a page's 5.3 MB in 95 files
  became 1.4 MB in about 25, for a class's phones on the school's Wi-Fi (issue 25); the
  charts' plotly.js is a file the app serves (`voila/kit/static/`, its address given to the
  kernels in `KIT_WIDGET_STATIC_URL`), fetched once by a browser for all its pages instead of
  1.5 MB in the widget states of every page with a chart;
- the server's clients of a kernel (the warm kernel's hand-over, nbclient running a page)
  are ready as soon as the kernel answers (`PromptKernelClient`), instead of after 0.2 s of
  silence on IOPub each: a page opened without a preheated kernel starts its cells 0.4 s
  sooner;
- kernels talk to the server over Unix sockets (`ipc` transport) on POSIX, so no two kernels
  started at once can pick the same TCP port ("Address already in use" killed a kernel);
- on Linux every kernel is forked from one process that imported ipykernel, numpy and the
  kits' engines when the app started (`kit_kernels.py`: what never looks for a running
  kernel at import), instead of a new Python importing them again (about 1.3 s of CPU a
  kernel); `--VoilaKernelManager.kernel_manager_class=
  jupyter_server.services.kernels.kernelmanager.ServerKernelManager` launches them as before;
- only requests for a local host name (localhost, 127.0.0.1, [::1]) are answered, so that a
  web page rebound by DNS to 127.0.0.1 cannot read pages or drive kernels; `--allow-host NAME`
  (repeatable; `*` for any) adds the names the app is reached by, e.g. on a classroom network
  with `--Voila.ip=0.0.0.0`;
- the kernels visitors hold (one a page open) are capped for the app, by the memory free at
  start (`visitor_kernel_cap`; `--KitVoila.visitor_kernels=N`), and for each device of the
  network (`--KitVoila.kernels_per_client`, 6): a visitor over a cap gets a sentence (503) and
  no kernel (`VisitorKernels`);
- the teacher's page of a class (`classroom/teacher.ipynb`, any language) opens only from the
  serving machine and the addresses given with `--teacher-address` (repeatable): it reopens a
  class by the code the students know;
- both of these know a device by the address its request comes from, and the serving machine
  (127.0.0.1, ::1) has no device cap and may open the teacher's page. Behind a reverse proxy
  (nginx, Caddy, Apache) every request comes from the proxy: on the same machine, every
  student would count as the serving machine, unlimited and let into the teacher's page.
  `--trusted-proxy ADDRESS` (repeatable, `KitVoila.trusted_proxies`) names the proxies
  whose `X-Forwarded-For` header is believed: a request from one of them is the device's
  the header names last, past the trusted proxies (`client_address`; the proxy must set or
  append the header: nginx's `proxy_set_header X-Forwarded-For
  $proxy_add_x_forwarded_for`). The header is never read from anyone else, so a device
  cannot claim to be another; a proxy that sends no header makes every request it passes
  the serving machine's;
- each page's pool size is computed from the machine when no pool size is configured
  (`pool_size()` below);
- a visitor who finds a page's pool holding only a refill still waiting out `fill_delay`
  gets a kernel started at once instead of waiting for the delay and then the refill;
- only the pages of `--KitVoila.preheated_languages` (English by default) keep preheated
  kernels: the translated trees (`notebooks/es/`, `pt/`, `ru/`) quadruple the pages, more
  than a machine's pools can hold (on 2 cores, 21 English pages already take most of the
  start-up budget). A page without a preheated kernel ready (a translated page, or a page
  whose pool a class emptied) gets a *warm kernel* instead (`warm_pool_size`, computed by
  `warm_pool_size()`: 6 on 2 cores): a kernel already started, with every module the
  served pages import already imported (`page_imports`: ipywidgets, plotly, the kits),
  moved to the page's folder and given the request's environment when it is handed over
  (`hand_over_code`); the page then runs only its own cells. Starting a kernel and
  importing the kits cost 1–1.5 s of CPU, a third to a half of a translated page's load
  before (benchmarks/RESULTS.md, issue 24). Warm kernels are pooled with the pages'
  kernels (under `WARM`), so the culler leaves them alone and they are shut down with the
  app; they are started through the same `PreheatQueue`, as the kernels of one more page.
  When none is ready, the page starts its kernel as Voila does. A language can still keep
  every page preheated, e.g. `--KitVoila.preheated_languages='["es"]'` for a Spanish class.
- a page without a pool of its own is preheated when a visitor is served the page before it
  (`next_pages`: the next numbered page of its folder; after an index, each game's page 1),
  `fill_delay` seconds after that page was served, as Voila preheats a page of its pools, so
  a reader of the translated pages, who reads them in order (a class is told to open page N
  after page N-1), finds each next page already run instead of waiting for its cells
  (1.5–2.5 s on 2 cores). At most `next_page_preheats` such pages are kept at once (the warm
  pool's size by default: 6 on 2 cores), the least recently asked for shut down first, and
  none for longer than `next_page_ttl` (600 s, the culler's idle time) unused: the idle app
  is no larger than without them (`preheat_after_visit`).

On Binder, Voila runs inside Jupyter Server instead (see binder/), where the badge's urlpath
opens the landing page.

Why `voila.json` says what it says (figures in benchmarks/RESULTS.md):
- `preheat_kernel`: a page's notebook has already run when it is requested, so the server
  answers in about 0.02 s instead of starting a kernel (5–9 s).
- the pool size (computed, see `pool_size`): with one kernel per page and no warm kernels,
  the same page opened twice in a row took 8.5–9 s the second time (the refill was still
  running); now the second opening gets a warm kernel, and the kernels a machine can hold
  beyond one a page are warm ones, which serve any page (six on 2 cores: a page and its
  five neighbours opened at once, the start check of issue 24). A class opening one page 30
  times at once needs more than a machine can keep for every page;
  `VoilaKernelManager.kernel_pools_config` gives one page a larger pool, e.g.
  `{"martian_dice/02_a_turn.ipynb": {"pool_size": 30}}` for the lesson of the day.
- `VoilaExecutor.iopub_timeout` 60 s with `raise_on_iopub_timeout`: nbclient waits 4 s by
  default for a cell's output after the kernel said the cell was done, then goes on without
  the rest (a warning, "Timeout waiting for IOPub output", and a page with missing widgets).
  On a loaded machine the output may come later; when it never comes, the execution counts as
  incomplete and is run again instead of being served.
- `fill_delay` 3 s: after a visit Voila starts a new kernel for that page's pool. Started at
  once, it competes for the 2 cores with the browser drawing the page the user just opened;
  3 s later the page is drawn (median time to interactive 2.3 s -> 1.9 s over all pages).
- `extension_denylist` has `jupyterlab-plotly`: the kit's charts draw with their own
  partial plotly.js (kit_common/widgets/live_chart.py), and that extension would load and
  evaluate the full 4.8 MB plotly.js on every page (about 1.8 s of the browser's time).
- culling after 600 s idle frees the kernels of pages a user has left.
- `template` "kit" (share/jupyter/voila/templates/kit, found through JUPYTER_PATH, which this
  script extends): the lab template without its Font Awesome links to a CDN, plus print
  styles, the phone layout (below 600 px wide) and the sliders' accessible names. On Binder,
  binder/postBuild installs the template into the environment.
- `TagRemovePreprocessor` drops the cells tagged `kit-check` (a notebook's checks and their
  "Tests" headings) before the page runs: see notebooks/CONVENTIONS.md.
- no `disable_check_xsrf` (it was there for the "shut my kernel down" beacon a page sends
  when it is left, refused without an `_xsrf` token because Voila never sets the cookie the
  page reads it from): `PageHandler` sets that cookie, so the check, and with it
  jupyter_server's origin check of every POST, stays on.

Voila internals this relies on (guarded by tests/test_kit_app.py, each failing with a
sentence naming it; to raise upstream as public hooks):
- `VoilaKernelManager._pools` (a page's preheated kernels as tasks giving
  {"kernel_id", ...}), which `cull_kernel_if_idle`, `shutdown_kernel` and `shutdown_all`
  look at: the warm kernels are pooled there;
- Voila's page handler starting the kernel of a page without a preheated kernel ready with
  `kernel_manager.start_kernel(kernel_name=..., path=..., env=...)`: overridden to hand
  out a warm kernel (upstream: a "kernel for this request" hook);
- `VoilaKernelManager._initialize`, `_notebook_renderer_factory` and the renderer's
  `_jinja_cell_generator` (complete pages, the preheat queue);
- `voila.app.voila_kernel_manager_factory`, wrapped while `init_settings` runs;
- Voila's JavaScript as webpack chunks that only register modules (`kit_assets.is_chunk`),
  and the template's `kit_voila_chunks` global added to the environment `VoilaExporter`
  creates (a bundle recorded for another Voila is not used: the page loads as before);
- the routes `Voila.init_handlers` returns (its page, shutdown and contents handlers), which
  `init_handlers` replaces or shadows.
"""

from __future__ import annotations

import kit_common.lean_imports  # noqa: F401  (first: before Voila imports jsonschema)

# isort: split

import ast
import asyncio
import html
import ipaddress
import json
import os
import re
import sys
import time
import urllib.parse
import weakref
from collections.abc import AsyncIterator, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path, PurePosixPath
from queue import Empty
from typing import Any, ClassVar

import jinja2
import psutil
import tornado.ioloop
import tornado.web
import voila.app
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from tornado.httputil import HTTPServerRequest, split_host_and_port
from tornado.routing import Matcher, Rule
from tornado.web import RedirectHandler, RequestHandler
from traitlets import Float, Integer, List, Unicode
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.utils import ENV_VARIABLE

import kit_assets
import kit_kernels
from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE
from kit_common.words import CATALOGUE as WORDS

#: The landing page, relative to the served folder.
INDEX = "00_index.ipynb"
#: The per-kernel manager whose kernels are forked from a server that imported the pages'
#: modules (kit_kernels.py), where the system allows.
FORKING_KERNEL_MANAGER = "kit_kernels.ForkingKernelManager"
#: What the fork server computes once for every kernel (`kit_kernels.shared_result`), when
#: the pages import its module: the results that several pages compute at a request and
#: that cost a tenth of a second or more. The turn solved for points (Martian Dice pages
#: 5, 6 and 8 in every language): 0.17 s of CPU and 13 MB, which each kernel computed and
#: held on its own.
SHARED_RESULTS = ("martian_kit.solver.turn:expected_score_solution",)
#: The Jupyter data folder holding the kit's Voila template (templates/kit).
KIT_DATA = Path(__file__).resolve().parent / "share" / "jupyter"


class TemplateCode(jinja2.BytecodeCache):
    """The page templates' compiled code, kept in memory for every page the app renders.

    Voila makes a new template environment for each page it renders, which parsed and
    compiled the kit template and the templates it extends again each time: a fifth of the
    app's own CPU during the browser tests' first visits (py-spy, issue 24's notes). Jinja
    reuses code from a bytecode cache only when the template's source is unchanged (its
    checksum is in the key's bucket); the key also names whether the environment renders
    asynchronously, which changes the code."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        return super().get_bucket(
            environment, f"{name} async={environment.is_async}", filename, source
        )

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


class PromptKernelClient(AsyncKernelClient):
    """jupyter_client's asynchronous kernel client, ready as soon as its kernel has answered.

    jupyter_client's `wait_for_ready` ends by reading IOPub until it has been silent for
    0.2 s. A page opened without a preheated kernel waited for that twice before its first
    cell ran (handing the warm kernel over, then nbclient's own client): 0.4 s of a
    translated page's 2 s, idle (issue 24). What the kernel sends on IOPub before the
    client's first request is of no use to anyone who reads the replies to their own
    requests, as nbclient and `CompletePagesKernelManager._run` do: this client drops what
    has already arrived and goes on. The rest of the wait is jupyter_client's: a
    `kernel_info` reply on the shell channel, then any message on IOPub (the channel is
    connected), asked again until `timeout`.
    """

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        """Return once the kernel answers `kernel_info` and IOPub is connected; raise
        RuntimeError if the kernel died or `timeout` seconds passed first."""
        deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
        while True:
            self.kernel_info()
            try:
                reply = await self.shell_channel.get_msg(timeout=1)
            except Empty:
                pass
            else:
                if reply["msg_type"] == "kernel_info_reply":
                    try:
                        await self.iopub_channel.get_msg(timeout=0.2)
                    except Empty:
                        pass  # IOPub not connected yet: ask again
                    else:
                        self._handle_kernel_info_reply(reply)
                        break
            if not await self.is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout} seconds")
        while await self.iopub_channel.msg_ready():
            await self.iopub_channel.get_msg(timeout=0)


#: Variables the app gives every page template (`share_template_code`), e.g. the address of
#: Voila's chunks in one script (`kit_voila_chunks`, `KitVoila.lighter_assets`).
TEMPLATE_GLOBALS: dict[str, str] = {}


def share_template_code(exporter_class: type = VoilaExporter) -> TemplateCode:
    """Have every environment `exporter_class` creates use one `TemplateCode` and know
    `TEMPLATE_GLOBALS` (patched once)."""
    create = exporter_class._create_environment
    shared = getattr(create, "kit_template_code", None)
    if shared is not None:
        return shared
    code = TemplateCode()

    def create_environment(self: Any) -> jinja2.Environment:
        environment = create(self)
        environment.bytecode_cache = code
        environment.globals.update(TEMPLATE_GLOBALS)
        return environment

    create_environment.kit_template_code = code  # type: ignore[attr-defined]
    exporter_class._create_environment = create_environment  # type: ignore[method-assign]
    return code


def add_kit_data_path(environ: MutableMapping[str, str] | None = None) -> None:
    """Put the kit's Jupyter data folder first on JUPYTER_PATH (of `environ`, by default this
    process's environment), so Voila finds the kit's template."""
    environ = os.environ if environ is None else environ
    paths = [p for p in environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(KIT_DATA) not in paths:
        environ["JUPYTER_PATH"] = os.pathsep.join([str(KIT_DATA), *paths])


#: Host names a request may carry without `--allow-host`: this machine's own names.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")

# Pool sizing (see `pool_size`). Measured on the kit's pages (benchmarks/RESULTS.md): a kernel
# holds 40–150 MB once its page has run, and starting it and running its notebook takes 2–4 s
# of one core.
KERNEL_MEMORY_MB = 250  # the memory target per kernel: size by the target, not the typical
POOL_MEMORY_SHARE = 0.5  # the pools may hold half of the memory free at start
KERNEL_START_CPU_S = 3.0
START_BUDGET_S = 60.0  # every pool filled within about a minute of a start


WARM_KERNELS_PER_CPU = 3  # warm kernels: visitors of pages without a pool arriving at once


def kernel_budget(cpus: int, available_mb: float) -> int:
    """How many preheated kernels the machine can hold: in memory (`POOL_MEMORY_SHARE` of
    `available_mb` at `KERNEL_MEMORY_MB` a kernel) and in start-up time (all filled by `cpus`
    cores within `START_BUDGET_S`). On the 2-core, 24 GB machine of the benchmarks: 40."""
    by_memory = int(available_mb * POOL_MEMORY_SHARE / KERNEL_MEMORY_MB)
    by_cpu = int(cpus * START_BUDGET_S / KERNEL_START_CPU_S)
    return min(by_memory, by_cpu)


def pool_size(pages: int, cpus: int, available_mb: float, visitors: int) -> int:
    """Kernels to keep preheated for each of `pages` pages: as many as `visitors` opening a
    page at once, but no more than the machine can hold for every page at the same time
    (`kernel_budget`, less the warm kernels of `warm_pool_size`); at least one.

    On the 2-core, 24 GB machine of the benchmarks, 17 pages: 40 kernels less 6 warm ones,
    so 2 a page; 21 pages (today's English pages): 1 a page.
    """
    spare = kernel_budget(cpus, available_mb) - warm_pool_size(cpus, available_mb, visitors)
    return max(1, min(visitors, spare // max(pages, 1)))


def warm_pool_size(cpus: int, available_mb: float, visitors: int) -> int:
    """Warm kernels to keep (see `WarmKernels`): `WARM_KERNELS_PER_CPU` a core (6 on the
    benchmark machine), no more than `visitors` nor a sixth of the `kernel_budget`; at least
    one."""
    return max(
        1, min(visitors, WARM_KERNELS_PER_CPU * cpus, kernel_budget(cpus, available_mb) // 6)
    )


#: The share of the memory free at start that the kernels visitors hold (pages open) may take,
#: and what a visitor's kernel holds: 40–150 MB once its page has run (a pool's kernel is sized
#: by the conservative `KERNEL_MEMORY_MB`; a cap as tight refused the pages of a class that
#: leaves pages faster than their kernels end, the browser tests' first visits among them).
VISITOR_MEMORY_SHARE = 0.5
VISITOR_KERNEL_MB = 100
#: Kernels one machine of the network may hold at once (a person with several tabs open); the
#: serving machine itself has no such limit.
KERNELS_PER_CLIENT = 6


def visitor_kernel_cap(available_mb: float, visitors: int) -> int:
    """How many kernels the app's visitors may hold at once (pages open, pools apart): as
    many as `VISITOR_MEMORY_SHARE` of `available_mb` holds at `VISITOR_KERNEL_MB` a kernel,
    and at least one for each of `visitors` (a class). 120 on the 24 GB benchmark machine."""
    return max(visitors, int(available_mb * VISITOR_MEMORY_SHARE / VISITOR_KERNEL_MB))


def is_local_address(remote_ip: str | None) -> bool:
    """Whether a request comes from the serving machine itself."""
    address = (remote_ip or "").strip("[]").lower()
    if address.startswith("::ffff:"):  # an IPv4 address written as IPv6
        address = address[len("::ffff:") :]
    return address in LOCAL_HOSTS or address.startswith("127.")


def client_address(
    remote_ip: str | None, forwarded_for: str | None, proxies: Sequence[str] = ()
) -> str:
    """The address of the device a request comes from, as the caps and the teacher's page
    compare it: the peer's (`remote_ip`); but when the peer is one of the trusted `proxies`
    (a reverse proxy in front of the app, `--trusted-proxy`) and the request carries an
    `X-Forwarded-For` header, the last address in it that is not a trusted proxy (each proxy
    appends the address it was sent the request by; what a device wrote before that is not
    believed). An entry that is not an IP address stands for an unknown device ("unknown":
    never the serving machine). Without `proxies` the header is never read."""
    trusted = {_plain(p) for p in proxies}
    peer = _plain(remote_ip)
    if peer not in trusted or not forwarded_for:
        return remote_ip or ""
    hops = [_plain(hop) for hop in forwarded_for.split(",")]
    for hop in reversed(hops):
        if hop not in trusted:
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return "unknown"
    return hops[0]


def _plain(address: str | None) -> str:
    """An address as `client_address` compares it: without spaces, brackets or an IPv6
    prefix around an IPv4 address, in lower case."""
    plain = (address or "").strip().strip("[]").lower()
    return plain[len("::ffff:") :] if plain.startswith("::ffff:") else plain


def request_client(request: HTTPServerRequest, proxies: Sequence[str] = ()) -> str:
    """The address of the device `request` comes from (`client_address`)."""
    return client_address(request.remote_ip, request.headers.get("X-Forwarded-For"), proxies)


#: A translated page's address: its language is the folder after `/voila/render/`.
_PAGE_LANGUAGE = re.compile(r"/voila/render/([a-z]{2})/")


def request_language(path: str, accept_language: str | None) -> str:
    """The language a refusal of this request is said in: the translated page's own, else
    the first of the browser's languages (`Accept-Language`) the kit speaks, else English."""
    found = _PAGE_LANGUAGE.search(urllib.parse.unquote(path))
    if found and found.group(1) in LANGUAGES:
        return found.group(1)
    weighted = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and quality > 0:
            weighted.append((-quality, position, code))
    return min(weighted)[2] if weighted else SOURCE_LANGUAGE


def refusal_text(request: HTTPServerRequest, key: str, **values: object) -> str:
    """The kit's sentence `key` in the request's language (`request_language`)."""
    language = request_language(request.path, request.headers.get("Accept-Language"))
    return WORDS.message_in(language, key, **values)


class VisitorKernels:
    """The kernels the app's pages were given, by the address that asked for each: whether a
    new page request may have one (`refusal`), within the app's cap and a client's.

    Each page a visitor opens holds a kernel (about 70 MB) until the page is left or idle
    culling ends it; without a cap, forty requests held forty-four kernels and 3 GB."""

    def __init__(self, cap: int, per_client: int) -> None:
        self.cap = cap
        self.per_client = per_client
        self._clients: dict[str, str] = {}  # kernel id -> the address it was given to

    def note(self, kernel_id: str, remote_ip: str | None) -> None:
        """Remember that the page sent to `remote_ip` runs in `kernel_id`."""
        self._clients[kernel_id] = remote_ip or ""

    def may_shut_down(self, kernel_id: str, remote_ip: str | None) -> bool:
        """Whether `remote_ip` may shut `kernel_id` down: the page running in it was given to
        that address (a pool kernel nobody was given stays up)."""
        given_to = self._clients.get(kernel_id)
        return given_to is not None and given_to == (remote_ip or "")

    def refusal(
        self, remote_ip: str | None, running: set[str], language: str = SOURCE_LANGUAGE
    ) -> str | None:
        """Why a page may not be given to `remote_ip` now (`running`: the app's kernel ids),
        in `language`, or None when it may."""
        self._clients = {k: ip for k, ip in self._clients.items() if k in running}
        if len(self._clients) >= self.cap:
            return WORDS.message_in(language, "app.full", pages=len(self._clients))
        if is_local_address(remote_ip):
            return None
        mine = sum(ip == (remote_ip or "") for ip in self._clients.values())
        if mine >= self.per_client:
            return WORDS.message_in(language, "app.device_full", pages=mine)
        return None


#: Where a rendered page names its kernel.
_KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


#: The folders of the translated trees under the served folder, one per language.
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def _page_language(root: Path, page: Path) -> str:
    """The language of a page under `root`: its first folder's, when that is a translation."""
    first = page.relative_to(root).parts[0]
    return first if first in TRANSLATED else SOURCE_LANGUAGE


def _pages(root: Path) -> list[Path]:
    """The pages under `root` as Voila's kernel manager finds them (`Path(root).rglob`)."""
    return [p for p in Path(root).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]


def not_preheated(root: Path, languages: Sequence[str]) -> list[str]:
    """The `preheat_denylist` patterns that keep the pages of every language not in
    `languages` out of the pools: one exact pattern per such page, written as Voila's kernel
    manager sees the page's path (`str()` of what `Path(root).rglob` yields, absolute or
    relative as `root` is: it matches each pattern against that whole string)."""
    return [
        f"^{re.escape(str(page))}$"
        for page in _pages(root)
        if _page_language(root, page) not in languages
    ]


def preheated_pages(root: Path, patterns: Sequence[str]) -> int:
    """How many pages under `root` keep a pool: those no pattern of `patterns` matches."""
    return sum(
        not any(re.match(pattern, str(page)) for pattern in patterns) for page in _pages(root)
    )


def page_imports(root: Path, skipped_tags: Sequence[str] = ()) -> list[str]:
    """The modules that the code cells of the pages under `root` import (absolute imports,
    sorted; cells tagged with one of `skipped_tags` left out, as the app removes them)."""
    modules: set[str] = set()
    for page in _pages(root):
        try:
            cells = json.loads(page.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue  # not a notebook Voila could serve either
        for cell in cells:
            tags = cell.get("metadata", {}).get("tags", [])
            if cell.get("cell_type") != "code" or set(tags) & set(skipped_tags):
                continue
            source = cell.get("source", "")
            try:
                tree = ast.parse("".join(source) if isinstance(source, list) else source)
            except SyntaxError:
                continue  # IPython syntax (magics): the cell imports nothing we can tell
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    modules.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules.add(node.module)
    return sorted(modules)


#: A page of a reading order: two digits and an underscore (`03_market.ipynb`).
_NUMBERED = re.compile(r"^\d\d_.*\.ipynb$")


def next_pages(root: Path, page: str) -> list[str]:
    """The pages a reader of `page` (its path under `root`, as the app's addresses write it)
    most likely opens next, as paths of the same form:

    - a numbered page (`es/martian_dice/02_a_turn.ipynb`): the next numbered page of its
      folder, the one its "next" link names (a learner reads the pages in order, and a class
      is told to open page N after page N-1);
    - an index (`00_index.ipynb`, the app's or a language's): the first numbered page of each
      folder beside it (each game's page 1, which the index leads to);
    - any other page (a rules card, the glossary, the classroom pages): none, since no one
      page follows it.
    """
    path = PurePosixPath(page)
    folder = root / path.parent
    if not (root / path).is_file():
        return []

    def numbered(directory: Path) -> list[str]:
        return sorted(
            p.name for p in directory.glob("*.ipynb") if _NUMBERED.match(p.name) and p.name != INDEX
        )

    if path.name == INDEX:
        return [
            (path.parent / sub.name / first[0]).as_posix()
            for sub in sorted(folder.iterdir())
            if sub.is_dir() and (first := numbered(sub))
        ]
    if not _NUMBERED.match(path.name):
        return []
    later = [name for name in numbered(folder) if name > path.name]
    return [(path.parent / later[0]).as_posix()] if later else []


def warm_up_code(modules: Sequence[str]) -> str:
    """The code a warm kernel runs once started: import each of `modules` (a module that
    fails to import is left for the page that needs it to report), then draw a figure in the
    kit's chart look, which loads plotly's template and validators (0.2 s of CPU the first
    chart of a page would spend otherwise). Last, what it made is moved out of the garbage
    collector's reach (`gc.freeze`, as the fork server does before forking): the collections a
    page's cells set off then walk the page's own objects, not the libraries' (a fifth of
    Martian Dice page 6's CPU at the request)."""
    return (
        "def _kit_warm_up(modules):\n"
        "    import importlib\n"
        "    for name in modules:\n"
        "        try:\n"
        "            importlib.import_module(name)\n"
        "        except Exception:\n"
        "            pass\n"
        "    try:\n"
        "        import plotly.graph_objects as go\n"
        "        from kit_common.widgets.charts import LAYOUT\n"
        "        go.Figure(go.Bar(x=[0], y=[0]), layout=LAYOUT).to_plotly_json()\n"
        "    except Exception:\n"
        "        pass\n"
        "    import gc\n"
        "    gc.collect()\n"
        "    gc.freeze()\n"
        f"_kit_warm_up({list(modules)!r})\n"
        "del _kit_warm_up\n"
    )


def import_page_modules(root: str | Path) -> None:
    """Import what a kernel of the pages under `root` imports (ipykernel and each page's
    modules; one that fails is left for its page to report), once, before the app starts its
    kernels: where no bytecode is written yet, each of the kernels started at once would
    compile the same libraries (about 3 s of CPU a kernel) before any had written it
    (`./dev` runs this; the kit's .venv keeps the bytecode that its first import writes)."""
    import importlib

    for name in ["ipykernel.kernelapp", *page_imports(Path(root))]:
        with suppress(Exception):
            importlib.import_module(name)


def plain(env: MutableMapping[str, str]) -> dict[str, str]:
    """`env` with plain strings: Voila names its variables with a `str` enum, whose `repr`
    is no Python string (`str.__str__` is the string a launched process would get)."""
    return {str.__str__(key): str.__str__(value) for key, value in env.items()}


def hand_over_code(cwd: str, env: dict[str, str]) -> str:
    """The code that readies a warm kernel for a page: its working folder `cwd` and the
    environment variables `env` (the request's, which a kernel started for it would get)."""
    return f"import os as _os\n_os.chdir({cwd!r})\n_os.environ.update({plain(env)!r})\ndel _os\n"


def host_allowed(host_header: str, allowed: tuple[str, ...]) -> bool:
    """Whether a request's `Host` header (name and optional port) names an allowed host."""
    if "*" in allowed:
        return True
    host, _ = split_host_and_port(host_header.lower())
    host = host.strip("[]")  # an IPv6 address comes as [::1]
    return host in LOCAL_HOSTS or host in {name.lower().strip("[]") for name in allowed}


class ForeignHost(Matcher):
    """Matches the requests whose `Host` is none of the allowed names."""

    def __init__(self, allowed: tuple[str, ...]) -> None:
        self.allowed = allowed

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        return None if host_allowed(request.host, self.allowed) else {}


class RefuseForeignHost(RequestHandler):
    """Answers every request (page, API, websocket, file) for a foreign host with 403."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(refusal_text(self.request, "app.foreign_host") + "\n")


#: The teacher's page, in any language: it reopens a class by its code alone (the class's
#: secret is kept on the serving machine, kit_common/widgets/class_views.py), and the students
#: know the code; so only the serving machine and the addresses given with
#: `--teacher-address` may open it.
TEACHER_PAGE = re.compile(r"/voila/render/(?:[a-z]{2}/)?classroom/teacher\.ipynb$")


def teacher_page_refused(path: str, remote_ip: str | None, teachers: tuple[str, ...]) -> bool:
    """Whether a request for `path` from `remote_ip` asks for the teacher's page from a
    machine that is neither the serving one nor one of the `teachers` addresses."""
    if not TEACHER_PAGE.search(urllib.parse.unquote(path)):
        return False
    address = (remote_ip or "").strip("[]").lower()
    allowed = {t.strip("[]").lower() for t in teachers}
    return not (is_local_address(remote_ip) or address in allowed or "*" in teachers)


class TeacherPageFromAfar(Matcher):
    """Matches the requests for the teacher's page from another machine (`teacher_page_refused`)."""

    def __init__(self, teachers: tuple[str, ...], proxies: tuple[str, ...] = ()) -> None:
        self.teachers = teachers
        self.proxies = proxies

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        client = request_client(request, self.proxies)
        refused = teacher_page_refused(request.path, client, self.teachers)
        return {} if refused else None


class RefuseTeacherPage(RequestHandler):
    """Answers a request for the teacher's page from a student's machine with 403."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(refusal_text(self.request, "app.teacher_page") + "\n")


#: Voila's file list and the contents API behind it (routes relative to the app's root).
FILE_LIST = r"/voila/tree(?:/.*)?"
CONTENTS_API = r"/voila/api/contents(?:/.*)?"


def odd_path(path: str) -> bool:
    """Whether a request's (quoted) `path` names no page the app could have: a control
    character once unquoted (`%00`), or a `..` segment (`..%2f`, `%2e%2e/`)."""
    plain_path = urllib.parse.unquote(path)
    if any(ord(c) < 32 or ord(c) == 127 for c in plain_path):
        return True
    return ".." in re.split(r"[/\\]", plain_path)


class OddPath(Matcher):
    """Matches the requests whose path `odd_path` refuses."""

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        return {} if odd_path(request.path) else None


class NoSuchPage(RequestHandler):
    """Answers a request for an address that names no page with 404 and a sentence."""

    def prepare(self) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(refusal_text(self.request, "app.no_page") + "\n")


class ShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's "shut my kernel down" (the beacon a page sends when it is left), only for the
    device the page was given to and only from a page of this app: a browser always sends
    `Origin` with a POST, and jupyter_server checks it only when it is there.

    The kernel is ended at once (`now`: killed), not asked to shut down: a page's kernel keeps
    nothing to save (the class store commits each change as it is made), and the graceful
    shutdown Voila asks for took 1.8-2.8 s on a loaded machine (the kernel must be scheduled
    to answer and tear Python down), during which the page's kernel still counted against
    the app's and the device's caps."""

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        origin = self.request.headers.get("Origin")
        kernels: VisitorKernels | None = self.settings.get("kit_visitor_kernels")
        refused = not origin or urllib.parse.urlsplit(origin).netloc != self.request.host
        client = request_client(self.request, self.settings.get("kit_trusted_proxies", ()))
        if kernels is not None and not kernels.may_shut_down(kernel_id, client):
            refused = True
        if refused:
            raise tornado.web.HTTPError(403, refusal_text(self.request, "app.shutdown_refused"))
        await ensure_async(self.kernel_manager.shutdown_kernel(kernel_id, now=True))
        self.set_status(204)
        self.finish()


class PageHandler(TornadoVoilaHandler):
    """Voila's page handler, also giving the browser the `_xsrf` cookie: the page reads it
    for its one POST (the "shut my kernel down" beacon sent when the page is left), which
    jupyter_server refuses without it (Voila never sets the cookie itself)."""

    async def prepare(self) -> None:
        prepared = super().prepare()  # checks the host and finds the user (async in Jupyter)
        if prepared is not None:
            await prepared
        self.xsrf_token  # noqa: B018 -- reading the token sets the cookie
        kernels: VisitorKernels | None = self.settings.get("kit_visitor_kernels")
        if kernels is not None and self.request.method == "GET":
            running = set(self.kernel_manager.list_kernel_ids())
            language = request_language(
                self.request.path, self.request.headers.get("Accept-Language")
            )
            client = request_client(self.request, self.settings.get("kit_trusted_proxies", ()))
            refusal = kernels.refusal(client, running, language)
            if refusal is not None:
                self.set_status(503)
                self.set_header("Retry-After", "60")
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(
                    f"<!DOCTYPE html><html lang={language}><meta charset=utf-8>"
                    f"<p>{html.escape(refusal)}</p>\n"
                )

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        """Voila's page (`TornadoVoilaHandler.get`), noting the kernel it runs in."""
        kernels: VisitorKernels | None = self.settings.get("kit_visitor_kernels")
        noted = kernels is None
        client = request_client(self.request, self.settings.get("kit_trusted_proxies", ()))
        async for chunk in self.get_generator(path=path):
            if not noted and (found := _KERNEL_ID.search(chunk)):
                kernels.note(found.group(1), client)  # type: ignore[union-attr]
                noted = True
            self.write(chunk)
            self.flush()
        after_visit = getattr(self.kernel_manager, "preheat_after_visit", None)
        if after_visit is not None and path:  # the kit's preheating manager
            after_visit(path)


def _checked_renderer(renderer: Any, problems: list[str]) -> Any:
    """Make `renderer` (a Voila NotebookRenderer) note in `problems` every cell whose
    execution failed, and note "not run to its end" until the last cell has run."""
    cells = renderer._jinja_cell_generator
    problems.append("the notebook was not run to its end")

    async def checked_cells(nb: Any, kernel_id: str) -> AsyncIterator[Any]:
        executor = renderer.executor  # created by the template's kernel start, just before
        execute_cell = executor.execute_cell

        async def execute_noting_failures(cell: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await execute_cell(cell, *args, **kwargs)
            except BaseException as error:
                problems.append(f"{type(error).__name__}: {error}".splitlines()[0])
                raise

        executor.execute_cell = execute_noting_failures
        async for cell in cells(nb, kernel_id):
            yield cell
        problems.remove("the notebook was not run to its end")

    renderer._jinja_cell_generator = checked_cells
    return renderer


class PreheatQueue:
    """Lets `limit()` preheats run at once; the others wait their turn, in this order: pages a
    visitor is waiting for first, then a page's first kernel before any page's second, then
    in the order they came."""

    def __init__(self, limit: Callable[[], int]) -> None:
        self.limit = limit
        self.running = 0
        self._waiting: list[tuple[str, int, int, asyncio.Future]] = []
        self._preheating: dict[str, int] = {}  # preheats of each page, waiting or running
        self._asked: dict[str, int] = {}  # visitors waiting for each page
        self._arrivals = 0

    def ask_for(self, notebook: str) -> None:
        """A visitor asked for `notebook`: its waiting preheat goes ahead of the others."""
        self._asked[notebook] = self._asked.get(notebook, 0) + 1

    def _next(self) -> tuple[str, int, int, asyncio.Future]:
        def order(waiting: tuple[str, int, int, asyncio.Future]) -> tuple[bool, int, int]:
            notebook, rank, arrival, _ = waiting
            return (not self._asked.get(notebook), rank, arrival)

        chosen = min(self._waiting, key=order)
        self._waiting.remove(chosen)
        if self._asked.get(chosen[0]):
            self._asked[chosen[0]] -= 1
        return chosen

    @asynccontextmanager
    async def slot(self, notebook: str) -> AsyncIterator[None]:
        """Wait for a free slot, and hold it while the block runs."""
        rank = self._preheating.get(notebook, 0)
        self._preheating[notebook] = rank + 1
        try:
            if self.running >= self.limit():
                turn = asyncio.get_running_loop().create_future()
                self._arrivals += 1
                self._waiting.append((notebook, rank, self._arrivals, turn))
                await turn  # the slot is handed over by the preheat that leaves it
            else:
                self.running += 1
            try:
                yield
            finally:
                if self._waiting:
                    self._next()[3].set_result(None)
                else:
                    self.running -= 1
        finally:
            self._preheating[notebook] -= 1


#: The name under which the warm kernels are pooled among the pages' pools (no page's path:
#: it does not end in .ipynb).
WARM = "(warm kernels)"


def _discard_output(message: dict) -> None:
    """Leaves a warm-up's output (there is none unless an import prints) out of the log."""


def complete_pages(manager_class: type) -> type:
    """Voila's preheating kernel manager, changed to serve only completely run notebooks, to
    preheat a bounded number of notebooks at a time, and to hand a page without a preheated
    kernel ready a warm kernel (see the module's docstring)."""

    class CompletePagesKernelManager(manager_class):  # type: ignore[misc, valid-type]
        preheat_attempts = Integer(
            3, config=True, help="Runs of a page's notebook before its pool gives up."
        )
        preheat_concurrency = Integer(
            0, config=True, help="Notebooks preheated at a time; 0: one per core."
        )
        warm_pool_size = Integer(
            0,
            config=True,
            help="Kernels kept started with every page's imports done, for the pages that "
            "have no preheated kernel ready (those of the languages not preheated, a page "
            "whose pool is empty): such a page then runs only its own cells.",
        )
        warm_up_timeout = Integer(
            120, config=True, help="Seconds a warm kernel may take to import the pages' modules."
        )
        warm_fill_delay = Float(
            -1.0,
            config=True,
            help="Seconds before a warm kernel taken is replaced; negative: `fill_delay`.",
        )

        def __init__(self, **kwargs: Any) -> None:
            # Set before Voila's __init__, which schedules every page's first preheats.
            self._queue = PreheatQueue(lambda: self.preheat_concurrency or psutil.cpu_count() or 1)
            self._begun: weakref.WeakSet[asyncio.Task] = weakref.WeakSet()
            super().__init__(**kwargs)
            removed = self.config.TagRemovePreprocessor
            skipped = list(removed.get("remove_cell_tags", [])) if removed.get("enabled") else []
            imports = page_imports(Path(self.root_dir), skipped)
            self._warm_code = warm_up_code(imports)
            if getattr(self, "kernel_manager_class", None) == FORKING_KERNEL_MANAGER:
                kit_kernels.SERVER.start(imports, SHARED_RESULTS)
            self._fill_warm(delay=0)
            # The pools Voila keeps (refilled after each visit), and the next-page preheats.
            self._kept: frozenset[str] = frozenset(self._pools)
            self._next_pages: dict[str, asyncio.TimerHandle] = {}
            self._ending: set[asyncio.Future] = set()

        def _fill_warm(self, delay: float) -> None:
            """Start warm kernels (after `delay` seconds) until there are `warm_pool_size`.
            They are pooled with the pages' kernels, so Voila's kernel manager leaves them
            to the culler and shuts them down with the others."""
            pool = self._pools.setdefault(WARM, [])
            loop = asyncio.get_event_loop()
            for _ in range(self.warm_pool_size - len(pool)):
                pool.append(loop.create_task(self._warm_kernel(delay)))

        async def _warm_kernel(self, delay: float) -> dict:
            """A kernel started as Voila starts one for a page without a preheated kernel,
            with the pages' modules imported: {"kernel_id", "env"} (the id None when it
            could not be started)."""
            await asyncio.sleep(delay)
            env = plain(
                {
                    **os.environ,
                    ENV_VARIABLE.VOILA_PREHEAT: "False",
                    ENV_VARIABLE.VOILA_BASE_URL: self.parent.base_url,
                    ENV_VARIABLE.VOILA_SERVER_URL: self.parent.server_url,
                    ENV_VARIABLE.VOILA_APP_PORT: str(self.parent.port),
                }
            )
            kernel_id = None
            async with self._queue.slot(WARM):
                try:
                    kernel_id = await super().start_kernel(
                        kernel_name=self.default_kernel_name, env=env
                    )
                    await self._run(kernel_id, self._warm_code, self.warm_up_timeout)
                except Exception as error:
                    self.log.warning("A warm kernel could not be made ready: %s", error)
                    if kernel_id is not None:
                        await self.shutdown_kernel(kernel_id, now=True)
                    return {"kernel_id": None, "env": env}
            return {"kernel_id": kernel_id, "env": env}

        async def _run(self, kernel_id: str, code: str, timeout: float) -> None:
            """Run `code` in the kernel, outside its history; raise if it failed."""
            client = self.get_kernel(kernel_id).client()
            client.start_channels()
            try:
                await client.wait_for_ready(timeout=timeout)
                reply = await client.execute_interactive(
                    code,
                    store_history=False,
                    allow_stdin=False,
                    timeout=timeout,
                    output_hook=_discard_output,
                )
            finally:
                client.stop_channels()
            content = reply["content"]
            if content["status"] != "ok":
                raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}")

        def _take_warm(self) -> dict | None:
            """A ready warm kernel, taken out of the pool (whose refill is scheduled)."""
            pool = self._pools.get(WARM, [])
            for task in [task for task in pool if task.done()]:
                pool.remove(task)
                delay = self.warm_fill_delay
                self._fill_warm(self.fill_delay if delay < 0 else delay)
                warm = task.result()
                if warm["kernel_id"] is not None and warm["kernel_id"] in self:
                    return warm
            return None

        async def start_kernel(
            self, *, kernel_id: str | None = None, path: str | None = None, **kwargs: Any
        ) -> str:
            """A kernel for a page that has no preheated kernel ready (Voila's page handler
            starts one through this): a warm kernel, moved to the page's folder and given
            the request's environment, when one is ready; otherwise a new kernel."""
            name = kwargs.get("kernel_name") or self.default_kernel_name
            warm = (
                self._take_warm()
                if kernel_id is None and name == self.default_kernel_name
                else None
            )
            if warm is not None:
                env = plain(kwargs.get("env") or {})
                changed = {k: v for k, v in env.items() if warm["env"].get(k) != v}
                cwd = self.cwd_for_path(path or "", env=env)
                try:
                    await self._run(warm["kernel_id"], hand_over_code(cwd, changed), 30)
                except Exception as error:
                    self.log.warning("A warm kernel could not be handed over: %s", error)
                    await self.shutdown_kernel(warm["kernel_id"], now=True)
                else:
                    self.log.info("Using warm kernel %s for %s", warm["kernel_id"], path)
                    return warm["kernel_id"]
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)

        def get_pool_size(self, notebook_name: str) -> int:
            """The kernels of the page's pool that are ready or being prepared. A refill
            still waiting out its `fill_delay` does not count: Voila would make a visitor
            wait for that delay and then a whole run; starting a kernel now is sooner."""
            pool = self._pools.get(notebook_name, [])
            return sum(task.done() or task in self._begun for task in pool)

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any):
            self._queue.ask_for(notebook_name)  # a visitor waits: this page's preheat first
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

        def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
            renderer = super()._notebook_renderer_factory(notebook_path)
            renderer.kit_problems = []
            return _checked_renderer(renderer, renderer.kit_problems)

        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any
        ) -> dict:
            if kernel_id is not None:  # a restart of a kernel in use: run it as Voila does
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            # The task running this is the pool's item (Voila awaits this after its delay).
            self._begun.add(asyncio.current_task())
            problem = "never run"
            for attempt in range(1, self.preheat_attempts + 1):
                content = None
                async with self._queue.slot(notebook_path):
                    try:
                        content = await super()._initialize(notebook_path, None, **kwargs)
                        await content["task"]  # the notebook runs to its end
                        problems = content["renderer"].kit_problems
                        problem = "; ".join(problems) if problems else ""
                    except Exception as error:  # the kernel did not start, or died
                        problem = f"{type(error).__name__}: {error}"
                if not problem:
                    return content
                self.log.warning(
                    "Preheating %s, run %d of %d, was incomplete (%s)%s",
                    notebook_path,
                    attempt,
                    self.preheat_attempts,
                    problem,
                    ": running it again" if attempt < self.preheat_attempts else "",
                )
                if content is not None:
                    await self.shutdown_kernel(content["kernel_id"], now=True)
            raise RuntimeError(f"{notebook_path} could not be run completely: {problem}")

        # Next-page preheats: the page after the one a visitor was just served, for the pages
        # that keep no pool of their own (the translated pages): see `preheat_after_visit`.

        next_page_preheats = Integer(
            -1,
            config=True,
            help="Pages without a pool of their own (those of the languages not preheated) "
            "preheated at most at once because a visitor opened the page before them; "
            "negative: `warm_pool_size`; 0: none.",
        )
        next_page_ttl = Float(
            600.0,
            config=True,
            help="Seconds a next-page preheat nobody opened is kept; then its kernel is shut "
            "down (as the culler ends a visitor's kernel idle for as long).",
        )

        def preheat_after_visit(self, page: str) -> None:
            """A visitor was served `page`: preheat the pages read after it (`next_pages`)
            that keep no pool of their own, `fill_delay` seconds from now (the browser is
            still drawing the page), as Voila preheats a page of its pools, so the next page
            is served already run instead of running its cells in a warm kernel while the
            visitor waits (1.5-2.5 s). At most `next_page_preheats` are kept, the least
            recently asked for shut down first, and each for `next_page_ttl` seconds unused:
            preheating every translated page would take more memory than a machine has
            (issue 24), and an idle app holds none of them.

            A next-page preheat of `page` itself not started yet is cancelled: its reader is
            already there, served without it (one started stays for the next visitor)."""
            if self.notebook_path is not None:  # one notebook served: no next page
                return
            if page in self._next_pages and page not in self._pools:
                self._next_pages.pop(page).cancel()
            limit = self.next_page_preheats
            limit = self.warm_pool_size if limit < 0 else limit
            loop = asyncio.get_running_loop()
            for name in next_pages(Path(self.root_dir), page):
                if name in self._kept or limit <= 0:
                    continue  # a page Voila keeps preheated, or none kept
                if name in self._next_pages:  # asked for again: the newest, kept longer
                    handle = self._next_pages.pop(name)
                    if name in self._pools:  # started: its time runs from now
                        handle.cancel()
                        handle = loop.call_later(self.next_page_ttl, self._drop_next_page, name)
                    self._next_pages[name] = handle
                    continue
                while len(self._next_pages) >= limit:
                    self._drop_next_page(next(iter(self._next_pages)))  # least recently asked
                self.log.info("Preheating %s, the page after %s", name, page)
                self._next_pages[name] = loop.call_later(
                    self.fill_delay, self._start_next_page, name
                )

        def _start_next_page(self, name: str) -> None:
            """Preheat `name` as Voila preheats a page of its pools (its own environment,
            through the `PreheatQueue`), pooled so that Voila serves it to the next visitor
            and neither the culler nor a restart forgets it."""
            env = plain(
                {
                    **self.default_env_variables,
                    **os.environ,
                    ENV_VARIABLE.VOILA_BASE_URL: self.parent.base_url,
                    ENV_VARIABLE.VOILA_SERVER_URL: self.parent.server_url,
                    ENV_VARIABLE.VOILA_APP_PORT: str(self.parent.port),
                    ENV_VARIABLE.VOILA_PREHEAT: "True",
                }
            )
            loop = asyncio.get_running_loop()
            task = loop.create_task(
                self._initialize(name, None, path=os.path.dirname(name), env=env)
            )
            task.add_done_callback(lambda done: self._next_page_failed(name, done))
            self._pools[name] = [task]
            self._next_pages[name] = loop.call_later(self.next_page_ttl, self._drop_next_page, name)

        def _next_page_failed(self, name: str, task: asyncio.Task) -> None:
            """A next-page preheat that could not run its page completely is dropped (its
            visitor gets a warm kernel instead of an error)."""
            if not task.cancelled() and task.exception() is not None:
                self.log.warning("Preheating %s failed: %s", name, task.exception())
                if self._pools.get(name) == [task]:
                    self._drop_next_page(name)

        def _drop_next_page(self, name: str) -> None:
            """Forget the next-page preheat of `name`, if any: not started yet, it never
            starts; started, its kernel is shut down once its page has run."""
            handle = self._next_pages.pop(name, None)
            if handle is None:
                return
            handle.cancel()
            for task in self._pools.pop(name, []):
                task.add_done_callback(self._shut_down_unused)

        def _shut_down_unused(self, task: asyncio.Task) -> None:
            """Shut down the kernel of a next-page preheat nobody was given."""
            if task.cancelled() or task.exception() is not None:
                return
            kernel_id = task.result()["kernel_id"]
            if kernel_id in self:
                ending = asyncio.ensure_future(self.shutdown_kernel(kernel_id, now=True))
                self._ending.add(ending)
                ending.add_done_callback(self._ending.discard)

        def fill_if_needed(self, *args: Any, notebook_name: str | None = None, **kwargs: Any):
            """Voila's refill of a page's pool after a visitor took a kernel from it (and its
            filling of every pool at start); a page that keeps no pool of its own (a next-page
            preheat was taken) is not refilled: that visit preheats the page after it."""
            kept: frozenset[str] | None = getattr(self, "_kept", None)  # None: at start
            if kept is None or notebook_name in kept:
                return super().fill_if_needed(*args, notebook_name=notebook_name, **kwargs)
            handle = self._next_pages.pop(notebook_name or "", None)
            if handle is not None:
                handle.cancel()  # given to a visitor: no longer to expire
            if not self._pools.get(notebook_name or ""):
                self._pools.pop(notebook_name or "", None)
            return None

    return CompletePagesKernelManager


class KitVoila(Voila):
    """Voila serving complete pages to local host names, its root address leading to the
    landing notebook (see the module's docstring)."""

    allowed_hosts = List(
        Unicode(),
        config=True,
        help="Host names besides localhost, 127.0.0.1 and [::1] that requests may name "
        "(the name or address the app is reached by); '*' accepts any.",
    )
    expected_visitors = Integer(
        30,
        config=True,
        help="How many people may open one page at once (a class); caps the computed pool.",
    )

    preheated_languages = List(
        Unicode(),
        [SOURCE_LANGUAGE],
        config=True,
        help="The languages whose pages keep preheated kernels (en, es, pt, ru); the pages "
        "of the others start a kernel when they are opened.",
    )

    visitor_kernels = Integer(
        0,
        config=True,
        help="How many kernels the visitors may hold at once (pages open); 0: computed from "
        "the memory free at start (`visitor_kernel_cap`).",
    )
    kernels_per_client = Integer(
        KERNELS_PER_CLIENT,
        config=True,
        help="How many kernels one device of the network may hold at once (the serving "
        "machine has no such limit).",
    )

    teacher_addresses = List(
        Unicode(),
        config=True,
        help="Addresses besides this machine's from which the teacher's page "
        "(classroom/teacher.ipynb) may be opened, e.g. the projector's computer; '*' any.",
    )

    trusted_proxies = List(
        Unicode(),
        config=True,
        help="The addresses of reverse proxies in front of the app (e.g. 127.0.0.1 for nginx "
        "on this machine): a request from one of them counts as coming from the address its "
        "X-Forwarded-For header names (the proxy must set or append it). Without it, every "
        "request through a proxy on this machine counts as the serving machine's own.",
    )

    aliases: ClassVar[dict] = {
        **Voila.aliases,
        "allow-host": "KitVoila.allowed_hosts",
        "teacher-address": "KitVoila.teacher_addresses",
        "trusted-proxy": "KitVoila.trusted_proxies",
    }

    def initialize(self, argv: list[str] | None = None) -> None:
        """Voila's start-up, then the pool size when none is configured, and the kernels'
        transport (Unix sockets on POSIX unless one is configured)."""
        super().initialize(argv)
        # read by the kernels, which inherit this environment (kit_assets.WIDGET_STATIC_PATH)
        os.environ[kit_assets.WIDGET_STATIC_VARIABLE] = url_path_join(
            self.base_url, kit_assets.WIDGET_STATIC_PATH
        )
        patterns = not_preheated(Path(self.root_dir), self.preheated_languages)
        if patterns:  # read by the kernel manager, which start() creates
            manager = self.config.VoilaKernelManager
            manager.preheat_denylist = [*manager.get("preheat_denylist", []), *patterns]
        machine = {
            "cpus": psutil.cpu_count() or 1,
            "available_mb": psutil.virtual_memory().available / 2**20,
            "visitors": self.expected_visitors,
        }
        if "default_pool_size" not in self.config.VoilaConfiguration:
            pages = preheated_pages(Path(self.root_dir), patterns)
            self.voila_configuration.default_pool_size = pool_size(pages=pages, **machine)
        if "warm_pool_size" not in self.config.VoilaKernelManager:
            self.config.VoilaKernelManager.warm_pool_size = warm_pool_size(**machine)
        self.log.info(
            "Preheating %d kernel(s) a page and %d warm kernel(s)",
            self.voila_configuration.default_pool_size,
            self.config.VoilaKernelManager.warm_pool_size,
        )
        if os.name == "posix" and "transport" not in self.config.KernelManager:
            self.config.KernelManager.transport = "ipc"
        manager = self.config.VoilaKernelManager
        if kit_kernels.supported() and "kernel_manager_class" not in manager:
            manager.kernel_manager_class = FORKING_KERNEL_MANAGER
        if "client_factory" not in self.config.ServerKernelManager:
            self.config.ServerKernelManager.client_factory = PromptKernelClient
        share_template_code()

    def init_settings(self) -> dict:
        """Voila's settings, its preheating kernel manager replaced by one serving complete
        pages (Voila builds that class inside this method, from a factory function)."""
        factory: Callable[..., type] = voila.app.voila_kernel_manager_factory

        def complete_pages_factory(*args: Any, **kwargs: Any) -> type:
            manager_class = factory(*args, **kwargs)
            preheating = args[1]  # the factory's arguments: base class, preheat_kernel, ...
            return complete_pages(manager_class) if preheating else manager_class

        voila.app.voila_kernel_manager_factory = complete_pages_factory
        try:
            settings = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory
        available_mb = psutil.virtual_memory().available / 2**20
        cap = self.visitor_kernels or visitor_kernel_cap(available_mb, self.expected_visitors)
        settings["kit_visitor_kernels"] = VisitorKernels(cap, self.kernels_per_client)
        settings["kit_trusted_proxies"] = tuple(self.trusted_proxies)
        self.log.info("Visitors may hold %d kernel(s), %d a device", cap, self.kernels_per_client)
        return settings

    def landing_url(self) -> str | None:
        """Where the root address leads: the index notebook's page, if the folder has one."""
        if self.notebook_path or not (Path(self.root_dir) / INDEX).is_file():
            return None
        return url_path_join(self.server_url, "voila/render", INDEX)

    def init_handlers(self) -> list:
        """Voila's handlers (its page and shutdown handlers replaced by the kit's), preceded by
        the redirects of the root address and the file list to the landing and the contents
        API's 404; in front of every route of the app, the refusals of foreign host names, odd
        paths and the teacher's page from afar."""
        # Voila adds the returned handlers after this call, behind the rules already there.
        self.app.default_router.rules.insert(
            0,
            Rule(
                TeacherPageFromAfar(tuple(self.teacher_addresses), tuple(self.trusted_proxies)),
                RefuseTeacherPage,
            ),
        )
        self.app.default_router.rules.insert(0, Rule(OddPath(), NoSuchPage))
        self.app.default_router.rules.insert(
            0, Rule(ForeignHost(tuple(self.allowed_hosts)), RefuseForeignHost)
        )
        replaced = {TornadoVoilaHandler: PageHandler, VoilaShutdownKernelHandler: ShutdownHandler}
        handlers = [
            (route[0], replaced[route[1]], *route[2:]) if route[1] in replaced else route
            for route in super().init_handlers()
        ]
        landing = self.landing_url()
        if landing:
            to_landing = {"url": landing, "permanent": False}
            handlers[:0] = [
                (self.server_url, RedirectHandler, to_landing),
                (url_path_join(self.server_url, FILE_LIST), RedirectHandler, to_landing),
            ]
        handlers.insert(0, (url_path_join(self.server_url, CONTENTS_API), NoSuchPage))
        return self.lighter_assets(handlers)

    def lighter_assets(self, handlers: list) -> list:
        """Scripts and styles compressed (once each) for every browser that accepts it, the
        chunks of JavaScript every page loads offered as one script, and the kit's widgets'
        files (plotly.js) served (kit_assets.py): `handlers` with the routes of those two in
        front; the files every page fetches are compressed once the app listens."""
        if not any(issubclass(t, tornado.web.GZipContentEncoding) for t in self.app.transforms):
            self.app.transforms.insert(0, kit_assets.CompressedOnce)
        bundle, said = kit_assets.chunk_bundle(self.static_paths)
        self.log.info(said)
        TEMPLATE_GLOBALS["kit_voila_chunks"] = kit_assets.bundle_address(self.base_url, bundle)
        addresses = [*kit_assets.other_files(), *kit_assets.widget_files()]
        widget_files = url_path_join(self.server_url, kit_assets.WIDGET_STATIC_PATH, "(.*)")
        handlers = [
            (widget_files, tornado.web.StaticFileHandler, {"path": kit_assets.WIDGET_STATIC}),
            *handlers,
        ]
        if bundle is not None:
            addresses.insert(0, kit_assets.bundle_address("/", bundle))  # under the origin
            route = url_path_join(self.server_url, kit_assets.BUNDLE_PATH)
            served = {"bundle": bundle, "started": time.time()}
            handlers = [(route, kit_assets.ChunkBundleHandler, served), *handlers]

        async def warm() -> None:  # once the app listens (its port is known then)
            host = "127.0.0.1" if self.ip in ("", "0.0.0.0", "::", "localhost") else self.ip
            host = f"[{host}]" if ":" in host else host
            origin = f"http://{host}:{self.port}{self.base_url}"
            self.log.info(await kit_assets.warm(origin, addresses))

        tornado.ioloop.IOLoop.current().add_callback(warm)
        return handlers


if __name__ == "__main__":
    add_kit_data_path()
    sys.exit(KitVoila.launch_instance())
