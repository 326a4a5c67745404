"""Scoring in notebook 3: a calculator (set the dice aside, read the score and why) and
"predict, then check" exercises. Both call the engine's `score` and `explain_score`."""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping
from martian_kit.dice import FACES, NUM_DICE, FaceCounts
from martian_kit.messages import face_name, message
from martian_kit.narrate import describe_counts
from martian_kit.scoring import explain_score, score
from martian_kit.widgets.dice_view import dice_html

#: Exercises that each show one scoring rule (the answers are computed, never stored).
EXERCISES: tuple[FaceCounts, ...] = (
    FaceCounts(tank=0, ray=2, human=3, cow=0, chicken=1),  # a point per earthling
    FaceCounts(tank=3, ray=2, human=4, cow=2, chicken=2),  # Tanks outnumber the Death Rays
    FaceCounts(tank=2, ray=2, human=3, cow=3, chicken=3),  # a tie is not a defeat; the bonus
    FaceCounts(tank=0, ray=0, human=5, cow=4, chicken=4),  # the highest score
    FaceCounts(tank=1, ray=6, human=0, cow=0, chicken=0),  # safe, but nothing abducted
    FaceCounts(tank=4, ray=5, human=1, cow=1, chicken=2),  # the bonus with few earthlings
)


#: What the calculator shows first.
START = FaceCounts(tank=1, ray=2, human=2, cow=1, chicken=1)


def random_set_aside(rng: random.Random) -> FaceCounts:
    """A random example of dice set aside: 13 dice rolled, the first 3 to 13 of them kept."""
    rolled = [rng.choices(FACES, weights=(1, 2, 1, 1, 1))[0] for _ in range(NUM_DICE)]
    kept = rolled[: rng.randint(3, NUM_DICE)]
    return FaceCounts(*(kept.count(f) for f in FACES))


class ScoreCalculator(App):
    """Set how many dice of each face were set aside; read the score and its explanation."""

    def __init__(self, counts: FaceCounts = START, seed: int = 1) -> None:
        self.rng = random.Random(seed)
        self.inputs = {
            f: w.BoundedIntText(value=n, min=0, max=NUM_DICE, description=face_name(f, 2))
            for f, n in zip(FACES, counts)
        }
        for box in self.inputs.values():
            box.add_class("kit-face-count")  # 11em, its label 6em (kit.css)
            box.observe(lambda _: self._refresh(), names="value")
        self.random_button = button(message("ui.random_example"), message("ui.random_example.tip"))
        self.random_button.add_class(ACTION_CLASS)
        self.random_button.on_click(lambda _: self.set(random_set_aside(self.rng)))
        self.dice = w.HTML()
        self.result = w.HTML()
        self.result.add_class(OUTPUT_CLASS)
        self.widget = w.VBox(
            [
                w.HTML(f"<b>{message('ui.calculator')}</b>"),
                wrapping(w.HBox(list(self.inputs.values()))),
                self.random_button,
                self.dice,
                self.result,
            ]
        )
        self._refresh()

    @property
    def counts(self) -> FaceCounts:
        """The counts typed in."""
        return FaceCounts(*(self.inputs[f].value for f in FACES))

    def set(self, counts: FaceCounts) -> None:
        """Type these counts in (all at once, then recompute)."""
        self._quiet = True
        for f, n in zip(FACES, counts):
            self.inputs[f].value = n
        self._quiet = False
        self._refresh()

    _quiet = False

    def summary(self) -> str:
        counts = self.counts
        if counts.total > NUM_DICE:
            return message("ui.too_many", n=counts.total)
        return f"{describe_counts(counts)} -> {explain_score(counts)}"

    def _refresh(self) -> None:
        if self._quiet:
            return
        counts = self.counts
        self.dice.value = dice_html(counts)
        if counts.total > NUM_DICE:
            self.result.value = f'<b class="kit-error">{self.summary()}</b>'
        else:
            self.result.value = f"<b>{explain_score(counts)}</b>"


#: The answer box's least width, label included: "Points:" and a field for "16" with its
#: spinner, in every language (the label is as wide as its words).
GUESS_MIN_WIDTH = "12em"


class ScoringQuiz(App):
    """Predict, then check: each exercise shows the dice set aside at the end of a turn; type
    the score and press Check; the engine says whether it is right, and why."""

    def __init__(self, exercises: Sequence[FaceCounts] = EXERCISES) -> None:
        self.exercises = [FaceCounts(*e) for e in exercises]
        self.index = 0
        self.answers: dict[int, int] = {}
        self.question = w.HTML()
        self.dice = w.HTML()
        # the label as wide as its words, the field the rest (9em in all, with the usual
        # 80 px label, left a field that showed "11" as "1")
        self.guess = w.BoundedIntText(
            value=0,
            min=0,
            max=16,
            description=message("ui.guess"),
            layout=w.Layout(width="auto", min_width=GUESS_MIN_WIDTH),
        )
        self.guess.style.description_width = "initial"
        self.check_button = button(message("ui.check"))
        self.check_button.button_style = "primary"
        self.check_button.on_click(lambda _: self.check(self.guess.value))
        self.next_button = button(message("ui.next"))
        self.next_button.on_click(lambda _: self.next())
        self.feedback = w.HTML()
        self.widget = w.VBox(
            [
                self.question,
                self.dice,
                w.HBox([self.guess, self.check_button, self.next_button]),
                self.feedback,
            ]
        )
        self._show()

    @property
    def current(self) -> FaceCounts:
        return self.exercises[self.index]

    def check(self, guess: int) -> bool:
        """Compare `guess` with the engine's score of the current exercise; say why."""
        counts = self.current
        right = guess == score(counts)
        self.answers[self.index] = guess
        key = "ui.right" if right else "ui.wrong"
        self.feedback.value = message(key, guess=guess, explanation=explain_score(counts))
        return right

    def next(self) -> None:
        """Go to the next exercise (round to the first after the last)."""
        self.index = (self.index + 1) % len(self.exercises)
        self._show()

    def right_answers(self) -> int:
        """How many exercises were answered right (last answer of each)."""
        return sum(g == score(self.exercises[i]) for i, g in self.answers.items())

    def summary(self) -> str:
        return message(
            "summary.scoring",
            i=self.index + 1,
            n=len(self.exercises),
            dice=describe_counts(self.current),
            right=self.right_answers(),
        )

    def _show(self) -> None:
        self.question.value = "<b>{}</b>".format(
            message("ui.exercise", i=self.index + 1, n=len(self.exercises))
        )
        self.dice.value = dice_html(self.current)
        self.guess.value = 0
        self.feedback.value = message("ui.waiting")
