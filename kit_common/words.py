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
    # The app's refusals, said by the server before any page runs (kit_app.py), in the
    # language of the page asked for (or of the browser)
    "app.full": "This app is full right now: {pages} pages are open, as many as this machine "
    "can hold. Try again in a minute, when other visitors have left their pages.",
    "app.device_full": "You have {pages} pages of this app open, the most one device may "
    "have. Close one you no longer read, then reload this page.",
    "app.teacher_page": "The teacher's page opens only on the machine that serves the app. "
    "To open it on another, start the app with --teacher-address=ITS_ADDRESS.",
    "app.no_page": "There is no page at this address. The app's pages start at its root.",
    "app.foreign_host": "This app answers only at localhost, 127.0.0.1 and [::1]. To serve it "
    "under another name, start it with --allow-host NAME.",
    "app.shutdown_refused": "A kernel is shut down only by its page.",
    # Long work a click starts, with a progress bar and a Stop button
    # (kit_common.widgets.stoppable)
    "work.progress": "Progress",
    "work.stop": "Stop",
    "work.stop_tip": "End this work now",
    "work.running": "Working… Press Stop to end it early.",
    "work.busy": "Already working: wait for the end, or press Stop first.",
    "work.busy_elsewhere": "Another part of this page is working: wait for its end, or press "
    "its Stop first.",
    "work.stopped": "Stopped.",
    "work.timed_out": "Stopped after {seconds} seconds, the most one click may take here.",
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
    # a text a browser sent into a field, longer than the field takes: the field keeps its
    # value (kit_common.widgets.browser_state)
    "check.text_long": "must be at most {most:,} characters long, got {length:,}: not taken",
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
    # A class's experiment as data (kit_common.experiments): "<field>: ..."
    "experiment.bad_name": (
        "an experiment's name is 1 to 64 letters, digits, '.', '-' or '_', got {value}"
    ),
    "experiment.few_outcomes": (
        "an experiment's law lists at least two outcomes with their probabilities, got {value}"
    ),
    "experiment.bad_outcome": (
        "an outcome is a whole number, larger than the one before it, got {value}"
    ),
    "experiment.bad_probability": (
        "a probability is an exact Fraction above 0 and at most 1, got {value}"
    ),
    "experiment.not_one": "the probabilities add up to {total}, not to 1",
    "experiment.unknown_outcome": "is not an outcome of the experiment ({outcomes}): {value}",
    "experiment.bad_count": "a count is a whole number of at least 0, got {value}",
    # A teacher's own experiment typed on the teacher's page (`parse_law`)
    "experiment.law_line": "Line {line}",
    "experiment.law_field": "The outcomes and their probabilities",
    "experiment.bad_line": (
        "write an outcome (a whole number), a colon and its probability as a fraction, "
        "such as 3: 1/6; got {value}"
    ),
    "experiment.zero_denominator": "a fraction cannot have 0 below the line, got {value}",
    "experiment.line_probability": "a probability is above 0 and at most 1, got {value}",
    "experiment.twice": "the outcome {outcome} is listed twice",
    "experiment.few_lines": "list at least two outcomes, one a line; got {count}",
    "experiment.lines_short": "the probabilities add up to {total}, not to 1: {rest} is missing",
    "experiment.lines_over": "the probabilities add up to {total}, {rest} more than 1",
    # The class store (kit_common.class_store): refused input, "<field>: ..."
    "classstore.bad_code": (
        "a join code is {length} characters among {alphabet} (spaces and dashes do not count), "
        "got {value}"
    ),
    "classstore.bad_nickname": (
        "a nickname is 1 to {most} characters of text, without control characters, got {value}"
    ),
    "classstore.bad_send_key": (
        "a send's key is 8 to 64 letters, digits, '-' or '_' (the page draws it), got {value}"
    ),
    "classstore.not_trials": "must be a list of the trials' outcomes, got {value}",
    "classstore.trial_count": "one send holds 1 to {most} trials, this one has {count}",
    "classstore.bad_trial": "must be one of the experiment's outcomes ({outcomes}), got {value}",
    "classstore.bad_experiment": (
        "an experiment's name is 1 to 64 letters, digits, '.', '-' or '_', got {value}"
    ),
    "classstore.bad_outcomes": (
        "an experiment has 2 to {most} different outcomes, each a whole number, got {value}"
    ),
    "classstore.bad_definition": (
        "an experiment's definition gives its title, what one trial is, what its outcome "
        "counts and its law, got {value}"
    ),
    "classstore.bad_words": "must be 1 to {most} characters of text, got {value}",
    "classstore.bad_law": (
        "the law lists each outcome ({outcomes}) with its probability, in that order, got {value}"
    ),
    "classstore.bad_pair": "must be an outcome and its probability, got {value}",
    "classstore.law_outcome": "the outcome here is {expected}, got {value}",
    "classstore.bad_fraction": (
        "a probability is a fraction above 0 and at most 1, such as 1/6 (at most {most} "
        "characters), got {value}"
    ),
    "classstore.law_total": "the probabilities add up to {total}, not to 1",
    # The class store: refused actions
    "classstore.bad_url": "{variable} is not a database address the kit can use ({reason})",
    "classstore.unavailable": (
        "The class's data cannot be reached just now ({reason}). Try again in a moment."
    ),
    "classstore.newer_schema": (
        "The class's data was written by a newer version of the kit (schema {found}; this "
        "one knows up to {known}). Update the kit."
    ),
    "classstore.unknown_class": "There is no class with the code {code}. Check the code.",
    "classstore.closed": (
        "The class {code} is closed: it takes no more joins or sends. Ask your teacher."
    ),
    "classstore.not_teacher": "Only the teacher's page of the class {code} can do that.",
    "classstore.not_student": "This page has not joined the class: join it first.",
    "classstore.no_code": "No free join code was found. Try again.",
    "classstore.nickname_taken": (
        "Someone in the class is already called {nickname}. If that is you, come back from "
        "the phone or browser you joined on; otherwise choose another nickname."
    ),
    "classstore.full_students": "The class is full: it has {most} students.",
    "classstore.full_trials": "The class holds {most} trials already: it takes no more.",
    # Rooms (kit_common.rooms): refused input, "<field>: ..."
    "room.bad_game": "must be one of the games {known}, got {value}",
    "room.bad_players": "a room of this game has {low} to {high} seats, got {value}",
    "room.bad_seat": "must be a seat from 2 to {high} (the creator keeps seat 1), got {value}",
    "room.bad_bot": "must be one of the bots {known}, got {value}",
    "room.bad_name": (
        "a name is 1 to 30 characters of text, without control characters, got {value}"
    ),
    "room.bad_seed": "a room's seed is a whole number from 0 to 2**62 - 1, got {value}",
    "room.bad_number": "a move's number is a whole number, got {value}",
    "room.bad_move": 'a move is {{"action": ...}} or {{"throw": true}}, got {value}',
    "room.bad_action": "is not a move of this game ({known}): {value}",
    "room.no_options": "this game takes no options in a room, got {value}",
    "room.options": "an option of this game has another value, got {value}",
    "room.unknown_option": "the game's options are {known}, got {value}",
    # Rooms: refused actions, one sentence each
    "room.unknown": "There is no room with the code {code}. Check the code: a room is "
    "removed {days} days after its last move, and a finished game {kept} days after its end.",
    "room.expired": "The room {code} has closed: nobody played in it for {days} days. Create "
    "a new room to play again.",
    "room.expired_over": "The game of the room {code} ended more than {days} days ago: its "
    "table and its record are no longer kept.",
    "room.still_here": "{name} was at the table {seconds} seconds ago: a player's seat goes to "
    "a bot only after {after} seconds away.",
    "room.busy": "The room kept changing while this was worked out: try again.",
    "room.other_game": "The room {code} plays another game ({game}): open that game's page.",
    "room.not_creator": "Only the page that created the room {code} can do that.",
    "room.corrupt": "The room {code} has a gap in its moves at move {number}: it cannot go on.",
    "room.no_code": "No free room code was found. Try again.",
    "room.over": "The game of the room {code} is over.",
    "room.started": "The game of the room {code} has started without you: no seat is free.",
    "room.empty_seats": "Empty seats: {seats}. Wait for players, or give those seats to bots.",
    "room.name_taken": (
        "{name} already sits at this table. If that is you, come back from the device you "
        "joined on; otherwise choose another name."
    ),
    "room.full": "The room {code} is full: all its {seats} seats are taken.",
    "room.too_fast": "Too many moves: at most {most} in {seconds} seconds. Wait a moment.",
    "room.stale": (
        "Move {number} was played already (by another press or another device): look at "
        "the table again."
    ),
    "room.ahead": "There is no move {number} yet: the game has {moves} moves. Look again.",
    "room.not_seated": "This device has no seat in the room: join it first.",
    "room.not_your_seat": "This device plays seat {yours}, not seat {seat}.",
    "room.not_started": "The game has not started yet: wait for the room's creator.",
    "room.bot_plays": "A bot ({bot}) plays this seat now.",
    "room.not_your_turn": "It is not your turn: {whose} plays now.",
    "room.chance": "chance",
    "room.throw_first": "Throw your dice first.",
    "room.no_throw": "There are no dice to throw now: choose a move.",
    "room.bot_name": "Bot {seat} ({bot})",
    # A room's page (kit_common.widgets.rooms): play one game together from several devices
    "roomview.name": "Your name",
    "roomview.name_placeholder": "as the table shows it",
    "roomview.players": "Seats",
    "roomview.create": "Create a room",
    "roomview.create_tip": "Create a room for this many seats and sit at its first one",
    "roomview.code_input": "Room code",
    "roomview.join": "Join",
    "roomview.join_tip": "Sit at the room with this code under your name",
    "roomview.no_room": "No room yet: create one, or join one with its code.",
    "roomview.seat": "Seat",
    "roomview.seat_n": "Seat {n}",
    "roomview.bot": "Bot",
    "roomview.give": "Give to the bot",
    "roomview.give_tip": "An empty seat, or one whose player left, is played by this bot",
    "roomview.start": "Start",
    "roomview.start_tip": "Start the game once every seat is taken",
    "roomview.code": "Room code:",
    "roomview.invite": "Others open {link} or scan the QR code, and join with their name.",
    "roomview.qr": "QR code of the room's link",
    "roomview.you": "You are {name}, at seat {seat}.",
    "roomview.empty": "empty",
    "roomview.a_bot": "bot: {bot}",
    "roomview.person": "person",
    "roomview.person_away": "person, away",
    "roomview.person_gone": "person, away: the creator may give this seat to a bot",
    "roomview.hand_rule": "A player's seat can go to a bot once their device has been away "
    "for {seconds} seconds (the table says who is away). When that device is back, the seat "
    "is theirs again.",
    "roomview.this_device": "this device",
    "roomview.player": "Player",
    "roomview.who": "Played by",
    "roomview.score": "Score",
    "roomview.status.waiting": "Waiting for players: the creator starts the game.",
    "roomview.status.playing": "The game is on.",
    "roomview.status.over": "The game is over.",
    "roomview.moves": "Moves played: {n}.",
    "roomview.your_turn": "Your turn.",
    "roomview.to_act": "{name} plays now.",
    "roomview.over": "The game is over: {names} won.",
    "roomview.over_none": "The game is over: nobody won.",
    "roomview.record": "Save the game's record: {link}. The kit's command {command} replays it.",
    "roomview.summary_none": "No room yet.",
    "roomview.summary": "Room {code}, seat {seat}: {status}",
    # The teacher's and the students' views of a class (kit_common.widgets.class_views)
    "classview.experiment": "Experiment",
    "classview.idle": "Close after this many idle minutes",
    "classview.start": "Start a class",
    "classview.start_tip": "Start a new class and show its join code",
    "classview.code_input": "Class code",
    "classview.code_placeholder": "e.g. 7KQ3MZP",
    "classview.open": "Reopen",
    "classview.open_tip": "Reopen a class started on this computer, by its code",
    "classview.no_class": "No class yet: start one, or reopen one by its code.",
    "classview.not_here": (
        "The class {code} was not started on this computer: only the teacher's page that "
        "started it can reopen it."
    ),
    "classview.bad_definition": (
        "The class does the experiment {name!r}, whose definition cannot be used: {reason}"
    ),
    "classview.own": "Your own experiment…",
    "classview.own_toggle_tip": "Show or hide the form to define an experiment of your own",
    "classview.own_how": (
        "Define an experiment of your own: its name, what one trial is, what a trial's outcome "
        "counts, and each outcome with its exact probability as a fraction, one a line (such "
        "as <code>3: 1/6</code>). The probabilities must add up to exactly 1. The class keeps "
        "this definition: the students' pages build the experiment from it."
    ),
    "classview.own_title": "Name",
    "classview.own_title_placeholder": "e.g. Two coins",
    "classview.own_trial": "One trial",
    "classview.own_trial_placeholder": "e.g. toss two coins",
    "classview.own_outcome": "The outcome counts",
    "classview.own_outcome_placeholder": "e.g. the heads",
    "classview.own_law": "Outcomes",
    "classview.own_law_placeholder": "0: 1/4\n1: 1/2\n2: 1/4",
    "classview.own_start": "Start a class with this experiment",
    "classview.own_tip": "Start a class doing the experiment defined above",
    "classview.own_words": "write 1 to {most} characters",
    "classview.unknown_experiment": (
        "The class does the experiment {name!r}, which this page does not know ({known})."
    ),
    "classview.join": (
        "Students open {link}, scan the QR code, or type the code on the student page."
    ),
    "classview.qr": "QR code of the join link",
    "classview.pooled": Plural(
        "{n} trial pooled from {sent} of {joined} students.",
        "{n} trials pooled from {sent} of {joined} students.",
    ),
    "classview.table.mine": "You",
    "classview.table.seen": "Class",
    "classview.table.expected": "Expected by the exact law",
    "classview.means": "Mean seen: {seen:.2f}; exact mean: {exact:.2f}.",
    "classview.exact_mean": "Exact mean: {exact:.2f}.",
    "classview.too_few": "Too few trials yet for a chi-square test.",
    "classview.chi_square": Plural(
        "Chi-square: {statistic:.2f} with {n} degree of freedom; p-value {p:.3f}.",
        "Chi-square: {statistic:.2f} with {n} degrees of freedom; p-value {p:.3f}.",
    ),
    "classview.reset": "Reset",
    "classview.reset_tip": "Clear the class's trials (the students stay joined)",
    "classview.reset_done": "The class's trials were cleared.",
    "classview.close": "Close",
    "classview.close_tip": "Take no more joins or sends",
    "classview.closed_done": "The class is closed: it takes no more joins or sends.",
    "classview.export": "Export",
    "classview.export_tip": (
        "Every trial with its student and time (CSV), and the handout of the class's results"
    ),
    "classview.export_link": "Download the class's trials (CSV)",
    "classview.export_handout": "Download the handout of the class's results (HTML, to print)",
    "classview.export_teacher": (
        "Download the teacher's version of the handout, with the questions worked (HTML, to print)"
    ),
    "classview.summary_none": "class: none started yet",
    "classview.summary_teacher": Plural(
        "class {code}: {n} trial pooled", "class {code}: {n} trials pooled"
    ),
    "classview.name": "Nickname",
    "classview.name_placeholder": "a nickname, not your name",
    "classview.join_button": "Join",
    "classview.join_tip": "Join the class with this code",
    "classview.join_first": "Type the class's code and a nickname, then join.",
    "classview.joined": "You joined the class {code} as {nickname}.",
    "classview.roll": "Roll",
    "classview.roll_tip": "Do one trial on screen",
    "classview.typed": "Done by hand",
    "classview.typed_placeholder": "e.g. 4 5 3, or 4x2 for 4 twice",
    "classview.add": "Add",
    "classview.add_tip": "Add the outcomes you typed",
    "classview.send": "Send",
    "classview.send_tip": "Send your trials to the class",
    "classview.pending": Plural(
        "{n} trial ready to send: {values}", "{n} trials ready to send: {values}"
    ),
    "classview.nothing_to_send": "Nothing to send yet: roll, or type your outcomes.",
    "classview.sent": Plural("Sent: {n} trial.", "Sent: {n} trials."),
    "classview.already_sent": Plural(
        "That send ({n} trial) had arrived already: it counts once.",
        "That send ({n} trials) had arrived already: it counts once.",
    ),
    "classview.summary_student_none": "student: not joined yet",
    "classview.summary_student": Plural(
        "student in class {code}: {n} trial to send", "student in class {code}: {n} trials to send"
    ),
    # What opens the table of a chart's values, under the chart (kit_common.widgets.chart_values)
    "chart.values": "The chart's numbers",
    # The projector's chart of a class (kit_common.widgets.class_chart)
    "classchart.exact": "Exact law",
    "classchart.class": Plural("The class ({n} trial)", "The class ({n} trials)"),
    "classchart.y": "Share of trials",
    # The handout of a class's results (kit_common.class_handout); {date} in UTC
    "classhandout.title": "{experiment}: the class's results",
    "classhandout.about": "Class {code}, exported on {date} (UTC).",
    "classhandout.results": "The class's results beside the exact law",
    "classhandout.chart": (
        "The share of the class's trials giving each outcome ({outcome}), beside its exact "
        "probability"
    ),
    "classhandout.legend.class": "The class's share",
    "classhandout.legend.exact": "Exact probability",
    "classhandout.table.trials": "Trials",
    "classhandout.table.share": "Share of the class's trials",
    "classhandout.table.exact": "Exact probability",
    "classhandout.table.expected": "Trials expected by the exact law",
    "classhandout.mean": "Mean seen: {seen}; exact mean: {exact}.",
    "classhandout.mean.none": "Exact mean: {exact}.",
    "classhandout.exact.how": (
        "The kit computes the exact law from the game's rules, in exact fractions: nothing "
        "in it is estimated or simulated. The trials expected are the class's number of "
        "trials times each probability."
    ),
    "classhandout.test": "Do the class's results agree with the exact law?",
    "classhandout.test.how": (
        "The chi-square test adds up, over groups of neighbouring outcomes that each expect "
        "at least 5 trials, (seen − expected)² ÷ expected. The p-value is the chance that, "
        "if the law holds, a class doing as many trials sees results at least this far from "
        "it."
    ),
    "classhandout.test.group": "Outcomes",
    "classhandout.p.agree": (
        "A p-value of 0.05 or more is what the exact law often gives: nothing here says that "
        "the class's results disagree with it."
    ),
    "classhandout.p.unusual": (
        "A p-value below 0.05 turns up in about one class in twenty even when the law holds: "
        "unusual, not impossible. Check how the trials were noted, then do more."
    ),
    "classhandout.p.rare": (
        "A p-value below 0.001 is very rare when the law holds: check the dice and how the "
        "trials were noted."
    ),
    "classhandout.discuss": "To discuss",
    "classhandout.discuss.1": (
        "Which outcome did the class see most often? Which does the exact law expect most often?"
    ),
    "classhandout.discuss.2": (
        "Where is the class's share farthest from the exact probability? Would twice as many "
        "trials bring it closer?"
    ),
    "classhandout.discuss.3": (
        "Had each student done only a few trials alone, how far from the law could their own "
        "results be?"
    ),
    # The teacher's version of the handout: the questions to discuss, worked from the class's
    # results (kit_common.class_handout.discussion_key)
    "classhandout.teacher_title": "{experiment}: the class's results, the teacher's version",
    "classhandout.key": "For the teacher: the questions worked",
    "classhandout.key.none": "No trials yet: the answers come from the class's results.",
    "classhandout.key.seen": Plural(
        "The class saw {outcomes} most often: {count} of its {n} trial.",
        "The class saw {outcomes} most often: {count} of its {n} trials.",
    ),
    "classhandout.key.law": Plural(
        "The exact law expects {outcomes} most often: its probability, {p}, is the largest.",
        "The exact law expects {outcomes} equally often, more than any other outcome: "
        "probability {p} each.",
    ),
    "classhandout.key.far": (
        "The class's share is farthest from the exact probability at {outcome}: {share} seen "
        "against {p}."
    ),
    "classhandout.key.error": (
        "By chance alone, the share of n trials strays from its probability p by about one "
        "standard error, √(p(1 − p) ÷ n): here √({variance} ÷ {n}) ≈ {error}."
    ),
    "classhandout.key.twice": (
        "Twice as many trials divide the standard error by √2, to about {error}: the gap is "
        "expected to shrink, though one class's gap need not."
    ),
    "classhandout.key.alone": (
        "A student alone with {m} trials (the class's {n} shared among the {sent} students who "
        "sent) sees the share of {outcome} stray by about √({variance} ÷ {m}) ≈ {error}, "
        "{times:.1f} times the class's {class_error}: a few trials alone can land far from "
        "the law."
    ),
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
