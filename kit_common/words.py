"""Every sentence of the shared package that a user reads, in one catalogue (domain
"kit_common"): input-checking and file messages, the command line's failure lines, the words
of the displayed values, the quiz and predict-reveal apps, the statistics' refusals and the
app's failure notice. The games' own words live in their kits' catalogues."""

from __future__ import annotations

from pathlib import Path

from kit_common.messages import Catalogue, Plural

ENGLISH: dict[str, str | Plural] = {
    # A widget action that failed on the server (kit_common.widgets.failures)
    "app.failed": "That did not work: something went wrong on the server. "
    "Reload the page to start again.",
    # Input checks: "<field>: must be ..., got <value>" (kit_common.checks); {value} is the
    # value as given, quoted by the program
    "check.whole_between": "a whole number from {low} to {high}",
    "check.whole_at_least": "a whole number of at least {low}",
    "check.whole_at_most": "a whole number of at most {high}",
    "check.whole": "a whole number",
    "check.must_be": "must be {wanted}, got {value}",
    "check.one_of": "must be one of {names}, got {value}",
    "check.text": "must be a non-empty text, got {value}",
    "check.names": "must be a list of names, got {value}",
    "check.name_chars": "must be a name without control characters, got {value}",
    "check.name_long": "must be a name of at most {limit} characters, got {length:,}",
    "check.plain": "must be a whole number, a text, None or a tuple of them, got {value}",
    "check.unknown_field": "is not a field here (fields: {fields})",
    "check.shown_type": "{text} (a {type})",
    # Reading and writing files: "<path>: ..." (kit_common.files)
    "file.is_folder": "cannot be read (it is a folder, not a file)",
    "file.not_regular": "cannot be read (it is not a regular file but a pipe, a device or "
    "a socket)",
    "file.not_a_path": "must be a file's path, got {value}",
    "file.missing": "cannot be read (no such file)",
    "file.unreadable": "cannot be read ({reason})",
    "file.too_large": "is larger than {limit:,} bytes",
    "file.not_utf8": "not UTF-8 text (byte {byte})",
    "file.long_number": "a number of {digits} characters (at most {limit})",
    "file.huge_number": "{digits} is too large a number",
    "file.not_a_json_number": "{name} is not a number JSON allows",
    "file.bad_json": "not valid JSON (line {line}, column {column}: {reason})",
    "file.too_deep": "nests deeper than {limit} levels",
    "file.duplicate_key": "the key {key} appears twice in one object",
    "file.target_is_folder": "is a folder; give a file name",
    "file.no_folder": "the folder {folder} does not exist",
    "file.not_writable": "cannot be written (no permission)",
    # Command lines: argument checks and the one line a failure prints, after "<program>: "
    # (kit_common.cli); argparse's own messages stay in English
    "cli.not_whole": "expected a whole number, got {text!r}",
    "cli.whole_between": "expected a whole number from {low:,} to {high:,}, got {text}",
    "cli.whole_at_least": "expected a whole number of at least {low:,}, got {text}",
    "cli.debug_help": "show the traceback of an unexpected error",
    "cli.lang_help": "the language to speak (default: the environment's, LANG and the like)",
    "cli.out_of_memory": "not enough memory for this (try smaller numbers)",
    "cli.interrupted": "interrupted",
    "cli.unexpected": (
        "unexpected error ({kind}: {error}); run again with --debug for the traceback"
    ),
    # Values a page displays (kit_common.display): tables, probabilities, boxes, folds
    "display.probability": "Probability",
    "display.remember": "What to remember",
    "display.not_a_fraction": "a probability here is an exact Fraction, not {value!r}",
    "display.out_of_range": "a probability lies between 0 and 1, not {value}",
    "display.row_length": "row {row} of the table has {cells} cells, its header has {headers}",
    "display.empty_remember": "a 'what to remember' box needs at least one point",
    "display.empty_fold": "a fold needs something inside it",
    # The multiple-choice quiz (kit_common.widgets.teaching.ChoiceQuiz)
    "quiz.check": "Check",
    "quiz.check_tip": "{label} your answer",
    "quiz.no_options": "a quiz needs options, at least one of them correct",
    "quiz.tick_all": "Tick every right answer.",
    "quiz.tick_one": "Tick one answer.",
    "quiz.right": "Right.",
    "quiz.not_quite": "Not quite.",
    "quiz.option_right": "a right answer",
    "quiz.option_wrong": "not a right answer",
    "quiz.ticked": "you ticked it",
    "quiz.left": "you left it",
    "quiz.feedback_line": "{label}: {status} ({yours}). {why}",
    "quiz.summary_unchecked": Plural(
        "quiz: {question} ({n} option, not checked yet)",
        "quiz: {question} ({n} options, not checked yet)",
    ),
    "quiz.summary_right": "quiz: {question} (right)",
    "quiz.summary_wrong": "quiz: {question} (not right)",
    # The predict-then-reveal question (kit_common.widgets.teaching.PredictReveal)
    "predict.commit": "Commit my prediction",
    "predict.not_a_choice": "the answer {answer!r} is not one of the choices",
    "predict.entry": "Your prediction:",
    "predict.commit_tip": "Fix your prediction and see the answer",
    "predict.pick_first": "Pick a prediction first.",
    "predict.right": "Your prediction was right.",
    "predict.off": "Your prediction was off.",
    "predict.exact": "The exact answer: {answer}.",
    "predict.summary_hidden": (
        "prediction: {question} (answer hidden until a prediction is committed)"
    ),
    "predict.summary_shown": "prediction: {question} (answer {answer})",
    # The play loop's safety net: agents that never hand the game back (a bug; kit_common.game)
    "game.runaway": "the agents did not stop within {steps} steps",
    # Many games played on a Dask cluster without Dask installed (kit_common.study)
    "study.no_dask": "--scheduler needs Dask: pip install 'martian-dino-kit[dask]'",
    # Refusals of the statistics helpers (kit_common.statistics)
    "stats.empty_mean": "a mean needs at least one value",
    "stats.no_freedom": "a chi-square test needs at least one degree of freedom",
    "stats.mismatched": "one observed count, one probability and one label per category",
    "stats.too_few": "too few counts for a chi-square test",
    # What the app says while a page runs (Voila's spinner; kit_common.pages carries them in a
    # translated page's metadata, the kit's Voila template shows them)
    "page.loading": "Preparing the page…",
    "page.running": "Running part {cell} of {cells}…",
    # The glossary page's tables (kit_common.glossary)
    "glossary.english": "English",
    "glossary.plural": "Plural",
    "glossary.game": "Game",
    "glossary.source": "Source",
    "glossary.note": "Why this word",
    "glossary.caption": Plural("{language}: {n} game word", "{language}: {n} game words"),
    "glossary.none": "No glossary has been written yet.",
    # A glossary file that cannot be read: "<file> <field>: ..." (kit_common.glossary)
    "glossary.not_mapping": "must be a mapping with language and terms, got {value}",
    "glossary.not_terms": "must be a list of terms, got {value}",
    "glossary.not_term": "must be a mapping of {fields}, got {value}",
    "glossary.unreadable": "unreadable",
    "glossary.bad_yaml": "is not valid YAML ({problem})",
    "glossary.bad_yaml_at": "is not valid YAML ({problem} at line {line})",
    "glossary.wrong_folder": "says {said!r} in the folder of {folder!r}",
    "glossary.no_folder": "has no locale folder of the notebooks above it",
}

CATALOGUE = Catalogue("kit_common", ENGLISH, locale=Path(__file__).parent / "locale")
#: `message(key, **values)`: the sentence for `key` in the current language, values filled in.
message = CATALOGUE.message
#: `plural(key, n, **values)`: the sentence for `key` about `n` things, in the current language.
plural = CATALOGUE.plural
