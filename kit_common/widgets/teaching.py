"""Checks of understanding: a multiple-choice quiz and a predict-then-reveal question.

Both are thin apps on `App`: every control is a plain ipywidgets control with a text label
(buttons and checkboxes are reachable and usable with the keyboard), and each app's state is
in its attributes so tests drive it through `check()` / `commit()` as a click would.
The feedback says *why*: each option carries its own explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from kit_common.errors import KitError
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button
from kit_common.words import message, plural

#: The tag of a notebook cell that gives away the answers of the page's predict-then-reveal
#: questions: the kit's Voila template hides it (its class is `celltag_kit-answers`) while
#: no widget of the page with the class `ANSWERS_SHOWN_CLASS` is pressed.
ANSWERS_TAG = "kit-answers"
#: The class of the button that shows a page's answers (the teacher's "Show the answers"):
#: while it is pressed (ipywidgets' `mod-active`), the template shows the cells tagged
#: `ANSWERS_TAG` (`body:has(.kit-answers-shown.mod-active)`).
ANSWERS_SHOWN_CLASS = "kit-answers-shown"
#: CSS class of the feedback an app shows after a check (for the browser tests).
FEEDBACK_CLASS = "kit-feedback"


@dataclass(frozen=True)
class Option:
    """One answer of a quiz: its label, whether it is correct, and why."""

    label: str
    correct: bool
    why: str


class ChoiceQuiz(App):
    """A question with options as checkboxes, a *Check* button and feedback per option.

    With `pick_all` (the default when several options are correct) the answer is right only
    when every correct option and no wrong one is ticked; otherwise the quiz is "pick one":
    it is right when the ticked options are exactly one correct option.
    `question_html` may hold a picture (a roll of dice, say) above the options.
    """

    def __init__(
        self,
        question: str,
        options: Sequence[Option],
        question_html: str = "",
        pick_all: bool | None = None,
        check_label: str | None = None,
    ) -> None:
        if not options or not any(o.correct for o in options):
            raise KitError(message("quiz.no_options"))
        if check_label is None:
            check_label = message("quiz.check")
        self.question = question
        self.options = tuple(options)
        correct = sum(o.correct for o in self.options)
        self.pick_all = correct > 1 if pick_all is None else pick_all
        self.boxes = [
            w.Checkbox(value=False, description=o.label, indent=False) for o in self.options
        ]
        self.check_button = button(
            check_label, tooltip=message("quiz.check_tip", label=check_label)
        )
        self.check_button.add_class(ACTION_CLASS)
        self.check_button.layout.align_self = "flex-start"  # a button, not a bar across the page
        self.check_button.on_click(lambda _: self.check())
        self.feedback = w.HTML("")
        self.feedback.add_class(OUTPUT_CLASS)
        self.checked = False
        self.right = False
        hint = message("quiz.tick_all" if self.pick_all else "quiz.tick_one")
        self.widget = w.VBox(
            [
                w.HTML(f"<p><b>{escape(question)}</b></p>{question_html}"),
                w.HTML(f"<small>{escape(hint)}</small>"),
                *self.boxes,
                self.check_button,
                self.feedback,
            ]
        )

    def ticked(self) -> list[Option]:
        """The options ticked now."""
        return [o for o, box in zip(self.options, self.boxes) if box.value]

    def is_right(self) -> bool:
        """Whether the ticked options are a right answer."""
        ticked = self.ticked()
        if self.pick_all:
            return {o.label for o in ticked} == {o.label for o in self.options if o.correct}
        return len(ticked) == 1 and ticked[0].correct

    def check(self) -> bool:
        """Check the answer (what *Check* does): show per option whether it is right and why."""
        self.checked = True
        self.right = self.is_right()
        verdict = message("quiz.right" if self.right else "quiz.not_quite")
        lines = []
        for option, box in zip(self.options, self.boxes):
            # words, not check-mark glyphs: they read the same without any symbol font
            status = message("quiz.option_right" if option.correct else "quiz.option_wrong")
            yours = message("quiz.ticked" if box.value else "quiz.left")
            line = message(
                "quiz.feedback_line",
                label=f"<b>{escape(option.label)}</b>",
                status=escape(status),
                yours=escape(yours),
                why=escape(option.why),
            )
            lines.append(f"<li>{line}</li>")
        self.feedback.value = (
            f"<div class='{FEEDBACK_CLASS}'><p><b>{verdict}</b></p><ul>{''.join(lines)}</ul></div>"
        )
        return self.right

    def summary(self) -> str:
        if not self.checked:
            return plural("quiz.summary_unchecked", len(self.options), question=self.question)
        return message(
            "quiz.summary_right" if self.right else "quiz.summary_wrong", question=self.question
        )


class PredictReveal(App):
    """Predict, commit, then see the exact answer and why: the answer is hidden until then.

    With `choices` the student picks one of them (toggle buttons); without, they enter a
    number, and a number within `tolerance` of `answer` counts as right.
    `answer` is what is revealed (a number, or the right choice's label); `answer_text` is how
    it reads ("5/36 (13.9%)"), by default its text. `picture` is HTML the kit draws under the
    question (the dice the question is about, say); never a user's text.
    """

    def __init__(
        self,
        question: str,
        answer: float | str,
        explanation: str,
        choices: Sequence[str] = (),
        answer_text: str = "",
        tolerance: float = 0.0,
        commit_label: str | None = None,
        picture: str = "",
    ) -> None:
        if choices and answer not in choices:
            raise KitError(message("predict.not_a_choice", answer=answer))
        if commit_label is None:
            commit_label = message("predict.commit")
        self.question = question
        self.answer = answer
        self.answer_text = answer_text or str(answer)
        self.explanation = explanation
        self.tolerance = tolerance
        self.choices = tuple(choices)
        if self.choices:
            self.entry: w.ValueWidget = w.ToggleButtons(
                options=list(self.choices), value=None, description=message("predict.entry")
            )
        else:
            self.entry = w.FloatText(value=0.0, description=message("predict.entry"))
        self.entry.style = {"description_width": "initial"}
        self.commit_button = button(commit_label, tooltip=message("predict.commit_tip"))
        self.commit_button.add_class(ACTION_CLASS)
        self.commit_button.layout.align_self = "flex-start"
        self.commit_button.on_click(lambda _: self.commit())
        self.reveal = w.HTML("")
        self.reveal.add_class(OUTPUT_CLASS)
        self.committed = False
        self.right = False
        self.widget = w.VBox(
            [
                w.HTML(f"<p><b>{escape(question)}</b></p>"),
                *([w.HTML(picture)] if picture else []),
                self.entry,
                self.commit_button,
                self.reveal,
            ]
        )

    def is_right(self) -> bool:
        """Whether the prediction entered now is right."""
        value = self.entry.value
        if self.choices:
            return value == self.answer
        return isinstance(self.answer, int | float) and abs(value - self.answer) <= self.tolerance

    def commit(self) -> bool:
        """Fix the prediction (what the button does) and reveal the answer and the explanation.

        Without a picked choice nothing is committed and the student is asked to pick one.
        """
        if self.choices and self.entry.value is None:
            self.reveal.value = f"<p>{escape(message('predict.pick_first'))}</p>"
            return False
        self.committed = True
        self.right = self.is_right()
        self.entry.disabled = True
        self.commit_button.disabled = True
        verdict = message("predict.right" if self.right else "predict.off")
        exact = message("predict.exact", answer=f"<b>{escape(self.answer_text)}</b>")
        self.reveal.value = (
            f"<div class='{FEEDBACK_CLASS}'><p><b>{escape(verdict)}</b> {exact}</p>"
            f"<p>{escape(self.explanation)}</p></div>"
        )
        return self.right

    def summary(self) -> str:
        if not self.committed:
            return message("predict.summary_hidden", question=self.question)
        return message("predict.summary_shown", question=self.question, answer=self.answer_text)
