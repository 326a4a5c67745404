"""The two views of a class on the class store (kit_common.class_store): the teacher's, made
for a projector, and the student's, made for a phone. The pages notebooks/classroom/*.ipynb
show them; the experiments are data (kit_common.experiments), handed in by the page.

The teacher's view starts a class (a join code, the join link and its QR code, drawn by
segno), or reopens one started on this computer by its code; it shows the pooled results
beside the exact law, as a chart for the room (kit_common.widgets.class_chart) and a table,
with the chi-square test, and refreshes them by itself (a thread of the kernel asks the store
every `REFRESH_S` seconds and redraws only when they changed); it resets, closes and exports
the class (a CSV of every trial, and the handout of the class's results to print:
kit_common.class_handout). The student's view joins with a nickname, does trials on screen
(played by the experiment with pictures of it, such as the dice rolled, or drawn from the
exact law) or takes those typed from real dice, and sends them with one idempotency key per
batch (kept until the store has it, so a retry counts once). The student's token stays in
the browser (`SeatMemory`, localStorage), not only in the page's kernel: a student whose
phone slept or whose tab closed opens the join link again and is the same student (same
nickname, same token); nobody else can take that nickname.

The elements carry stable class names (`kit-class-*`) for the browser tests and assistive
tools. Everything shown of a student (the nickname) is escaped: text, never HTML.
"""

from __future__ import annotations

import base64
import os
import random
import re
import threading
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

import anywidget
import ipywidgets as w
import segno
import traitlets

from kit_common.class_handout import handout_html
from kit_common.class_store import (
    DEFAULT_IDLE_MINUTES,
    MAX_CODE_TYPED,
    MAX_IDLE_MINUTES,
    MAX_NICKNAME,
    MAX_OUTCOME_WORDS,
    MAX_TITLE,
    MAX_TRIAL_WORDS,
    MAX_TRIALS_PER_SEND,
    MIN_IDLE_MINUTES,
    ClassError,
    ClassInfo,
    ClassStore,
    Pooled,
    StudentKey,
    TeacherKey,
    TeacherKeys,
    normalize_code,
    normalize_nickname,
    typed_limit,
)
from kit_common.errors import InputError, KitError
from kit_common.experiments import MAX_LAW_TEXT, Comparison, Experiment, parse_law
from kit_common.messages import number_text
from kit_common.widgets.base import ACTION_CLASS, FIT_CLASS, OUTPUT_CLASS, App, button, wrapping
from kit_common.widgets.browser_memory import SeatMemory
from kit_common.widgets.browser_state import bounded
from kit_common.widgets.class_chart import ClassChart
from kit_common.words import message, plural

STATIC = Path(__file__).parent / "static"
#: How often the teacher's view asks the store for the pooled results, in seconds.
REFRESH_S = 0.5
#: Where a student's browser keeps its places in classes (localStorage).
STUDENTS_KEY = "kit-class-students"
#: The environment variable with the student page's address as students reach it, e.g.
#: http://192.168.1.20:8866/voila/render/classroom/student.ipynb (else it is worked out from
#: the request that opened the teacher's page).
URL_VARIABLE = "KIT_CLASS_URL"


#: At most this many characters in a page's address as its browser reports it.
MAX_ADDRESS = 8_000


class PageAddress(anywidget.AnyWidget):
    """An invisible widget that tells the kernel the address of the page it is shown in
    (`href`, "" until the browser has drawn it): the teacher's page builds the join link
    from it, the student's page reads the join link's code from it. While the page is open,
    its view also sends a message once a minute: the kernel handling it counts as activity,
    so the app's idle culling (10 minutes) leaves a class's open pages alone."""

    _esm = STATIC / "page_address.js"
    href = traitlets.Unicode("").tag(sync=True, browser=True, most=MAX_ADDRESS)  # the browser's


def join_url(code: str, environ: Mapping[str, str] | None = None, page: str = "") -> str:
    """The join link of the class `code`: the student page with `?class=CODE`. Absolute
    when the address students use is known: `KIT_CLASS_URL`; else beside the teacher's
    page's own address `page` (as its browser reached it); else from the request Voila
    handed the kernel (SERVER_NAME, SERVER_PORT, SCRIPT_NAME; a kernel that ran the page
    before the request has none); else relative."""
    environ = os.environ if environ is None else environ
    base = environ.get(URL_VARIABLE, "").strip()
    if not base and page:
        parts = urlsplit(page)
        folder = parts.path.rsplit("/", 1)[0]
        base = urlunsplit((parts.scheme, parts.netloc, f"{folder}/student.ipynb", "", ""))
    if not base:
        page = environ.get("SCRIPT_NAME", "")
        folder = page.rsplit("/", 1)[0] + "/" if "/" in page else ""
        host = environ.get("SERVER_NAME", "")
        port = environ.get("SERVER_PORT", "")
        server = f"http://{host}{':' + port if port else ''}" if host else ""
        base = f"{server}{folder}student.ipynb"
    return f"{base}?class={quote(code)}"


def code_from_query(environ: Mapping[str, str] | None = None, page: str = "") -> str:
    """The `class` of the page's query string (the join link's code), or "": from the
    page's address `page` when given, else from the request Voila handed the kernel."""
    environ = os.environ if environ is None else environ
    query = urlsplit(page).query if page else environ.get("QUERY_STRING", "")
    return parse_qs(query).get("class", [""])[0][:MAX_CODE_TYPED]  # what the field takes


def qr_svg(text: str) -> str:
    """The QR code of `text` as an inline SVG (drawn on this machine by segno)."""
    return str(segno.make(text, error="m").svg_inline(scale=5))


def comparison_html(
    experiment: Experiment, result: Comparison, own: Mapping[int, int] | None = None
) -> str:
    """The class's counts beside the exact law (and a student's own counts, when given), the
    means and the chi-square test, as the views show them."""
    head = [escape(experiment.outcome)]
    if own is not None:
        head.append(message("classview.table.mine"))
    head += [message("classview.table.seen"), message("classview.table.expected")]
    rows = []
    for i, outcome in enumerate(result.outcomes):
        cells = [str(outcome)]
        if own is not None:
            cells.append(str(own.get(outcome, 0)))
        cells += [str(result.observed[i]), number_text(float(result.expected[i]), ".1f")]
        rows.append("".join(f"<td>{c}</td>" for c in cells))
    table = (
        "<table class='kit-table'><thead><tr>"
        + "".join(f"<th>{h}</th>" for h in head)
        + "</tr></thead><tbody>"
        + "".join(f"<tr>{r}</tr>" for r in rows)
        + "</tbody></table>"
    )
    exact = float(result.exact_mean)
    if result.mean is None:
        means = message("classview.exact_mean", exact=exact)
    else:
        means = message("classview.means", seen=result.mean, exact=exact)
    test = result.test
    if test is None:
        verdict = message("classview.too_few")
    else:
        verdict = plural("classview.chi_square", test.df, statistic=test.statistic, p=test.p_value)
    return f"{table}<p>{means} {verdict}</p>"


#: An outcome typed by hand, alone ("4") or with how many times it came ("4x2").
_TALLY = re.compile(r"(-?[0-9]{1,8})(?:x([0-9]{1,4}))?")
#: At most this many characters of outcomes typed by hand: a send's most trials, each of
#: them written out in full with a space.
MAX_TYPED = 10 * MAX_TRIALS_PER_SEND


def own_name(title: str) -> str:
    """The name the store keeps for a teacher's own experiment titled `title`: "own-" and
    the title's letters and digits (ASCII, at most 40), or "own" alone."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].strip("-")
    return f"own-{slug}" if slug else "own"


def _download(name: str, kind: str, text: str, words: str) -> str:
    """A link that downloads `text` as the file `name` (of media type `kind`)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f"<a download='{name}' href='data:{kind};base64,{data}'>{message(words)}</a>"


class _ClassPage(App):
    """What the teacher's and the student's pages share: the experiments they offer and the
    class store, opened on first use (a page runs without one until a class starts)."""

    def __init__(
        self, experiments: Mapping[str, Experiment], open_store: Callable[[], ClassStore]
    ) -> None:
        self.experiments = dict(experiments)
        self._open_store = open_store
        self._store: ClassStore | None = None

    def store(self) -> ClassStore:
        """The class store (opened on first use)."""
        if self._store is None:
            self._store = self._open_store()
        return self._store

    def experiment_of(self, info: ClassInfo) -> Experiment:
        """The experiment the class `info` does: the page's own of that name (in the page's
        language, with its pictures) when its law is the one the class keeps, else built from
        the definition the class keeps (a teacher's own experiment: a trial on screen is drawn
        from its law); a class without a definition, of an experiment this page does not
        offer, is refused with a sentence naming those it does."""
        known = self.experiments.get(info.experiment)
        if info.definition is None:
            return self.experiment_named(info.experiment)
        if known is not None and known.definition()["law"] == info.definition.get("law"):
            return known
        try:
            return Experiment.from_definition(info.experiment, info.definition)
        except InputError as error:
            raise ClassError(
                "unknown_experiment",
                message("classview.bad_definition", name=info.experiment, reason=str(error)),
            ) from None

    def experiment_named(self, name: str) -> Experiment:
        """The experiment a class does, by the name the store keeps; a class of an experiment
        this page does not offer is refused with a sentence naming those it does."""
        experiment = self.experiments.get(name)
        if experiment is None:
            known = ", ".join(self.experiments)
            raise ClassError(
                "unknown_experiment",
                message("classview.unknown_experiment", name=name, known=known),
            )
        return experiment


class TeacherView(_ClassPage):
    """The teacher's page: start or reopen a class, show its code, link and QR code, the
    pooled results refreshing by themselves, and reset, close and export."""

    def __init__(
        self,
        experiments: Mapping[str, Experiment],
        open_store: Callable[[], ClassStore] = ClassStore,
        keys: TeacherKeys | None = None,
        refresh_s: float | None = REFRESH_S,
    ) -> None:
        super().__init__(experiments, open_store)
        self._keys = keys
        self._refresh_s = refresh_s
        self._stop = threading.Event()
        # one drawing at a time: the refreshing thread's and a button's (the chart's figure
        # is edited in batches that must not interleave)
        self._drawing = threading.RLock()
        self._poller: threading.Thread | None = None
        self.key: TeacherKey | None = None
        self.experiment: Experiment | None = None
        self.shown: Pooled | None = None
        self.choice = w.Dropdown(
            options=[(e.title, name) for name, e in self.experiments.items()],
            description=message("classview.experiment"),
        )
        self.choice.add_class("kit-wide-field")
        self.idle = w.BoundedIntText(
            value=DEFAULT_IDLE_MINUTES,
            min=MIN_IDLE_MINUTES,
            max=MAX_IDLE_MINUTES,
            description=message("classview.idle"),
            style={"description_width": "initial"},
        )
        self.start_button = button(message("classview.start"), message("classview.start_tip"))
        self.start_button.button_style = "primary"
        self.start_button.add_class(ACTION_CLASS)
        self.start_button.add_class("kit-class-start")
        self.start_button.on_click(lambda _: self.start())
        self.own_title, self.own_trial, self.own_outcome = (
            bounded(
                w.Text(
                    description=message(f"classview.own_{part}"),
                    placeholder=message(f"classview.own_{part}_placeholder"),
                    style={"description_width": "initial"},
                ).add_class("kit-wide-field"),
                typed_limit(most),
            )
            for part, most in (
                ("title", MAX_TITLE),
                ("trial", MAX_TRIAL_WORDS),
                ("outcome", MAX_OUTCOME_WORDS),
            )
        )
        self.own_law = bounded(
            w.Textarea(
                description=message("classview.own_law"),
                placeholder=message("classview.own_law_placeholder"),
                rows=7,
                style={"description_width": "initial"},
            ).add_class("kit-wide-field"),
            MAX_LAW_TEXT,
        )
        self.own_law.add_class("kit-class-own-law")
        self.own_button = button(message("classview.own_start"), message("classview.own_tip"))
        self.own_button.add_class("kit-class-own-start")
        self.own_button.on_click(lambda _: self.start_own())
        self.own_form = w.VBox(
            [
                w.HTML(f"<p>{message('classview.own_how')}</p>"),
                self.own_title,
                self.own_trial,
                self.own_outcome,
                self.own_law,
                self.own_button,
            ]
        )
        self.own_form.layout.display = "none"  # until the teacher asks for it
        self.own = w.ToggleButton(
            value=False,
            description=message("classview.own"),
            tooltip=message("classview.own_toggle_tip"),
        )
        self.own.add_class(FIT_CLASS)
        self.own.add_class("kit-class-own")
        self.own.observe(
            lambda change: setattr(
                self.own_form.layout, "display", "" if change["new"] else "none"
            ),
            names="value",
        )
        self.code_input = bounded(
            w.Text(
                description=message("classview.code_input"),
                placeholder=message("classview.code_placeholder"),
            ),
            MAX_CODE_TYPED,
        )
        self.code_input.add_class("kit-class-code-input")
        self.open_button = button(message("classview.open"), message("classview.open_tip"))
        self.open_button.add_class("kit-class-open")
        self.open_button.on_click(lambda _: self.reopen(self.code_input.value))
        self.code = w.HTML(f"<p>{message('classview.no_class')}</p>")
        self.code.add_class("kit-class-code")
        self.code.add_class(OUTPUT_CLASS)  # what Start changes: the class's code and link
        self.chart = ClassChart()
        self.chart.chart.widget.layout.display = "none"  # until a class is shown
        self.pooled = w.HTML()
        self.pooled.add_class("kit-class-pooled")
        self.notice = w.HTML()
        self.reset_button = button(message("classview.reset"), message("classview.reset_tip"))
        self.reset_button.on_click(lambda _: self.reset())
        self.close_button = button(message("classview.close"), message("classview.close_tip"))
        self.close_button.on_click(lambda _: self.close())
        self.export_button = button(message("classview.export"), message("classview.export_tip"))
        self.export_button.on_click(lambda _: self.export())
        self.export_link = w.HTML()
        self.address = PageAddress()
        self.widget = w.VBox(
            [
                self.address,
                wrapping(w.HBox([self.choice, self.idle, self.start_button])),
                self.own,
                self.own_form,
                wrapping(w.HBox([self.code_input, self.open_button])),
                self.notice,
                self.code,
                self.chart.widget,
                self.pooled,
                w.HBox([self.reset_button, self.close_button, self.export_button]),
                self.export_link,
            ]
        )
        self._set_class_buttons(False)

    def notice_line(self) -> w.HTML:
        """Refusals and confirmations go to their own line, never over the class's code."""
        return self.notice

    # -- the store and the class ------------------------------------------------------------

    def keys(self) -> TeacherKeys:
        """Where this computer keeps the secrets of the classes it started."""
        if self._keys is None:
            self._keys = TeacherKeys()
        return self._keys

    def _set_class_buttons(self, enabled: bool) -> None:
        for part in (self.reset_button, self.close_button, self.export_button):
            part.disabled = not enabled

    def start(self, experiment: Experiment | None = None) -> TeacherKey:
        """Start a class doing the chosen experiment (the button "Start a class"), or
        `experiment` (the teacher's own); its definition is kept with the class."""
        if experiment is None:
            experiment = self.experiments[self.choice.value]
        store = self.store()
        key = store.start_class(
            experiment.name, experiment.outcomes, self.idle.value, experiment.definition()
        )
        self.keys().remember(store.url, key)
        self._show(key, experiment)
        return key

    def own_experiment(self) -> Experiment:
        """The teacher's own experiment as typed in the form: its title, what one trial is,
        what its outcome counts, and its outcomes with their exact probabilities (a
        sentence saying what is wrong and where, otherwise)."""
        title = self.own_title.value.strip()
        fields = (
            (self.own_title, MAX_TITLE),
            (self.own_trial, MAX_TRIAL_WORDS),
            (self.own_outcome, MAX_OUTCOME_WORDS),
        )
        for field, most in fields:
            if not 0 < len(field.value.strip()) <= most:
                raise InputError(field.description, message("classview.own_words", most=most))
        law = parse_law(self.own_law.value)
        return Experiment(
            own_name(title),
            title,
            self.own_trial.value.strip(),
            self.own_outcome.value.strip(),
            law,
        )

    def start_own(self) -> TeacherKey:
        """Start a class doing the teacher's own experiment, typed in the form (the button
        "Start a class with this experiment")."""
        return self.start(self.own_experiment())

    def reopen(self, code: str) -> TeacherKey:
        """Reopen a class this computer started, by its code (the button "Reopen")."""
        store = self.store()
        key = self.keys().find(store.url, code)
        if key is None:
            raise ClassError("not_here", message("classview.not_here", code=normalize_code(code)))
        info = store.reopen(key)
        experiment = self.experiment_of(info)
        self._show(key, experiment)
        return key

    def _show(self, key: TeacherKey, experiment: Experiment) -> None:
        self.key, self.experiment, self.shown = key, experiment, None
        link = join_url(key.code, page=self.address.href)
        anchor = f"<a href='{escape(link)}'>{escape(link)}</a>"
        self.code.value = (
            "<p class='kit-code kit-code-big'>"
            f"<b>{escape(key.code)}</b></p>"
            f"<p>{escape(experiment.title)}: {escape(experiment.trial)}</p>"
            f"<p>{message('classview.join', link=anchor)}</p>"
            f"<div role='img' aria-label='{escape(message('classview.qr'))}'>{qr_svg(link)}</div>"
        )
        self.notice.value = ""
        self.export_link.value = ""
        self._set_class_buttons(True)
        with self._drawing:
            self.chart.show_experiment(experiment, experiment.compare({}))
            self.chart.chart.widget.layout.display = ""
            self.refresh()
        self._start_polling()

    def refresh(self) -> Pooled | None:
        """Ask the store for the pooled results and redraw them if they changed."""
        if self.key is None or self.experiment is None:
            return None
        with self._drawing:
            return self._redraw(self.key, self.experiment)

    def _redraw(self, key: TeacherKey, experiment: Experiment) -> Pooled:
        pooled = self.store().pooled(key.code)
        if pooled != self.shown:
            self.shown = pooled
            sentence = plural(
                "classview.pooled", pooled.trials, sent=pooled.sent, joined=pooled.joined
            )
            result = experiment.compare(pooled.as_dict())
            self.pooled.value = f"<p><b>{sentence}</b></p>{comparison_html(experiment, result)}"
            self.chart.update(result)
        return pooled

    def _start_polling(self) -> None:
        if self._refresh_s is None or self._poller is not None:
            return
        self._poller = threading.Thread(target=self._poll, name="kit-class-refresh", daemon=True)
        self._poller.start()

    def _poll(self) -> None:
        assert self._refresh_s is not None
        while not self._stop.wait(self._refresh_s):
            try:
                self.refresh()
            except KitError as error:  # the store was out of reach: say so, try again later
                self.notice.value = f"<p>{escape(str(error))}</p>"

    def stop(self) -> None:
        """Stop refreshing (the page's kernel is going away, or a test is over)."""
        self._stop.set()
        if self._poller is not None:
            self._poller.join(5)

    # -- the teacher's actions on the class -------------------------------------------------------

    def _key(self) -> TeacherKey:
        if self.key is None:
            raise ClassError("no_class", message("classview.no_class"))
        return self.key

    def reset(self) -> None:
        """Clear the class's trials (the button "Reset")."""
        self.store().reset(self._key())
        self.notice.value = f"<p>{message('classview.reset_done')}</p>"
        self.refresh()

    def close(self) -> None:
        """Close the class (the button "Close")."""
        self.store().close(self._key())
        self.notice.value = f"<p>{message('classview.closed_done')}</p>"

    def export(self) -> str:
        """The class's trials as CSV, and the handout of its results (HTML, to print),
        offered as download links (the button "Export"); returns the CSV."""
        key = self._key()
        store = self.store()
        text = store.export_csv(key)
        self.export_link.value = (
            f"<p>{_download(f'class-{key.code}.csv', 'text/csv', text, 'classview.export_link')}"
            "</p><p>"
            + _download(
                f"class-{key.code}-handout.html",
                "text/html",
                self.handout(),
                "classview.export_handout",
            )
            + "</p><p>"
            + _download(
                f"class-{key.code}-handout-teacher.html",
                "text/html",
                self.handout(teacher=True),
                "classview.export_teacher",
            )
            + "</p>"
        )
        return text

    def handout(self, teacher: bool = False) -> str:
        """The handout of the class's results as they are now (kit_common.class_handout); the
        `teacher`'s version has the questions to discuss worked from them."""
        key = self._key()
        assert self.experiment is not None
        pooled = self.store().pooled(key.code)
        result = self.experiment.compare(pooled.as_dict())
        now = datetime.now(timezone.utc)
        return handout_html(self.experiment, pooled, result, now, teacher=teacher)

    def summary(self) -> str:
        if self.key is None:
            return message("classview.summary_none")
        trials = self.shown.trials if self.shown is not None else 0
        return plural("classview.summary_teacher", trials, code=self.key.code)


class StudentView(_ClassPage):
    """A student's page: join with a nickname, do trials on screen or type those of real
    dice, send them, and see one's own results beside the class's and the exact law."""

    def __init__(
        self,
        experiments: Mapping[str, Experiment],
        open_store: Callable[[], ClassStore] = ClassStore,
        rng: random.Random | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(experiments, open_store)
        self.rng = random.Random() if rng is None else rng
        self.student: StudentKey | None = None
        self.experiment: Experiment | None = None
        self.pending: list[int] = []
        self._send_key: str | None = None  # one key per batch, kept until the store has it
        self.code_input = bounded(
            w.Text(
                value=code_from_query() if code is None else code,
                description=message("classview.code_input"),
                placeholder=message("classview.code_placeholder"),
            ),
            MAX_CODE_TYPED,
        )
        self.code_input.add_class("kit-class-code-input")
        self.name = bounded(
            w.Text(
                description=message("classview.name"),
                placeholder=message("classview.name_placeholder"),
            ),
            typed_limit(MAX_NICKNAME),
        )
        self.name.add_class("kit-class-name")
        self.join_button = button(message("classview.join_button"), message("classview.join_tip"))
        self.join_button.button_style = "primary"
        # the page's main control: what a student does first (Send waits for trials)
        self.join_button.add_class(ACTION_CLASS)
        self.join_button.add_class("kit-class-join")
        self.join_button.on_click(lambda _: self.join(self.code_input.value, self.name.value))
        self.roll_button = button(message("classview.roll"), message("classview.roll_tip"))
        self.roll_button.add_class("kit-class-roll")
        self.roll_button.on_click(lambda _: self.roll())
        self.typed = bounded(
            w.Text(
                description=message("classview.typed"),
                placeholder=message("classview.typed_placeholder"),
                style={"description_width": "initial"},
            ),
            MAX_TYPED,
        )
        self.add_button = button(message("classview.add"), message("classview.add_tip"))
        self.add_button.on_click(lambda _: self.add_typed(self.typed.value))
        self.picture = w.HTML()  # the last trial done on screen, drawn
        self.picture.add_class("kit-class-picture")
        self.send_button = button(message("classview.send"), message("classview.send_tip"))
        self.send_button.button_style = "primary"
        self.send_button.add_class("kit-class-send")
        self.send_button.on_click(lambda _: self.send())
        self.about = w.HTML()
        self.status = w.HTML(f"<p>{message('classview.join_first')}</p>")
        self.status.add_class(OUTPUT_CLASS)
        self.results = w.HTML()
        self.address = PageAddress()
        self.address.observe(self._on_address, "href")
        self.memory = SeatMemory(key=STUDENTS_KEY)
        self.memory.observe(lambda _: self._resume(), "stored")
        self.widget = w.VBox(
            [
                self.address,
                self.memory,
                self.code_input,
                self.name,
                self.join_button,
                self.about,
                # a phone's narrow screen: the parts wrap instead of being cut short
                wrapping(w.HBox([self.roll_button, self.typed, self.add_button])),
                self.picture,
                self.send_button,
                self.status,
                self.results,
            ]
        )
        self._set_trial_buttons(False)

    def _on_address(self, change: dict[str, Any]) -> None:
        # The join link's code, once the browser says the page's address (a kernel that ran
        # the page before the request did not know it).
        code = code_from_query(page=change["new"])
        if code and self.student is None and not self.code_input.value:
            self.code_input.value = code
        self._resume()

    def _resume(self) -> None:
        """The join link opened again in a browser that joined that class: the same student
        again (their nickname and the token the browser kept)."""
        if self.student is not None:
            return
        code = code_from_query(page=self.address.href) or self.code_input.value
        if not (code and self.memory.seats()):
            return
        try:
            kept = self.memory.seats().get(normalize_code(code))
            if kept is not None:
                self.join(code, kept["name"])
        except KitError as error:
            self.show_notice(str(error))

    def _set_trial_buttons(self, enabled: bool) -> None:
        for part in (self.roll_button, self.typed, self.add_button, self.send_button):
            part.disabled = not enabled

    def join(self, code: str, nickname: str) -> StudentKey:
        """Join the class `code` as `nickname` (the button "Join"); a nickname this browser
        joined that class under before comes back with the token it kept."""
        store = self.store()
        info = store.info(code)
        experiment = self.experiment_of(info)
        kept = self.memory.seats().get(info.code)
        same = kept is not None and kept["name"] == normalize_nickname(nickname)
        self.student = store.join(code, nickname, kept["token"] if same and kept else None)
        self.memory.remember(
            self.student.code, {"name": self.student.nickname, "token": self.student.token}
        )
        self.name.value = self.student.nickname
        self.code_input.value = self.student.code
        self.experiment = experiment
        for part in (self.code_input, self.name, self.join_button):
            part.disabled = True
        joined = message(
            "classview.joined", code=self.student.code, nickname=escape(self.student.nickname)
        )
        self.about.value = (
            f"<p>{joined}</p><p><b>{escape(experiment.title)}</b>: {escape(experiment.trial)}</p>"
        )
        self._set_trial_buttons(True)
        self._show_pending()
        self.show_results()
        return self.student

    def _joined(self) -> tuple[StudentKey, Experiment]:
        if self.student is None or self.experiment is None:
            raise ClassError("not_student", message("classstore.not_student"))
        return self.student, self.experiment

    def roll(self) -> int:
        """One trial on screen (the button "Roll"): played by the experiment, which draws it
        (the dice rolled, say), or drawn from the exact law."""
        _, experiment = self._joined()
        self._check_room(1)
        trial = experiment.do(self.rng)
        self.pending.append(trial.outcome)
        self.picture.value = trial.picture
        self._show_pending()
        return trial.outcome

    def add_typed(self, text: str) -> list[int]:
        """Take the outcomes typed from a trial done by hand ("4 5 3"), each one of the
        experiment's, or a tally of them: an outcome, "x" and how many times ("4x2 5x1": 4
        twice and 5 once)."""
        _, experiment = self._joined()
        words = text.replace(",", " ").replace("×", "x").replace("X", "x").split()
        values: list[int] = []
        for word in words:
            tally = _TALLY.fullmatch(word)
            value = int(tally.group(1)) if tally else None
            if value is None or value not in experiment.outcomes:
                listed = ", ".join(map(str, experiment.outcomes))
                raise InputError(
                    message("classview.typed"),
                    message("classstore.bad_trial", outcomes=listed, value=repr(word[:40])),
                )
            times = int(tally.group(2)) if tally and tally.group(2) else 1
            self._check_room(len(values) + times)  # before a list of 9999 of them is made
            values += [value] * times
        self._check_room(len(values))
        self.pending += values
        self.typed.value = ""
        self._show_pending()
        return values

    def _check_room(self, more: int) -> None:
        count = len(self.pending) + more
        if count > MAX_TRIALS_PER_SEND:
            raise InputError(
                message("classview.typed"),
                message("classstore.trial_count", most=MAX_TRIALS_PER_SEND, count=count),
            )

    def _show_pending(self) -> None:
        shown = " ".join(map(str, self.pending[-40:]))
        self.status.value = f"<p>{plural('classview.pending', len(self.pending), values=shown)}</p>"

    def send(self) -> bool:
        """Send the trials done since the last send, all or none (the button "Send"); a
        retry after a failure reuses the batch's key, so the store counts it once."""
        student, _ = self._joined()
        if not self.pending:
            self.status.value = f"<p>{message('classview.nothing_to_send')}</p>"
            return False
        if self._send_key is None:
            self._send_key = uuid.uuid4().hex
        receipt = self.store().send(student, self._send_key, list(self.pending))
        self.pending, self._send_key = [], None
        self.picture.value = ""
        key = "classview.already_sent" if receipt.repeated else "classview.sent"
        self.status.value = f"<p>{plural(key, receipt.trials)}</p>"
        self.show_results()
        return True

    def show_results(self) -> None:
        """Redraw one's own results beside the class's and the exact law."""
        student, experiment = self._joined()
        store = self.store()
        own = store.student_counts(student)
        pooled = store.pooled(student.code)
        result = experiment.compare(pooled.as_dict())
        sentence = plural("classview.pooled", pooled.trials, sent=pooled.sent, joined=pooled.joined)
        self.results.value = f"<p>{sentence}</p>{comparison_html(experiment, result, own)}"

    def summary(self) -> str:
        if self.student is None:
            return message("classview.summary_student_none")
        return plural("classview.summary_student", len(self.pending), code=self.student.code)
