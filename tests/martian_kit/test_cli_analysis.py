"""The analysis subcommands of `martian-kit`, in text and JSON."""

import json

import pytest

from martian_kit.cli import main


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_turn_value_fresh_and_published_examples(capsys):
    data = run_json(capsys, "turn-value")
    assert round(data["options"]["roll"], 2) == 3.11
    data = run_json(capsys, "turn-value", "--state", "0,0,0,0,5", "--rolled", "0,4,4,0,0")
    assert round(data["options"]["human"], 2) == 9.23
    assert round(data["options"]["ray"], 2) == 7.30
    assert data["best"] == "human"
    assert main(["turn-value", "--state", "3,3,0,0,6"]) == 0
    out = capsys.readouterr().out
    assert "stop: 6 points; roll again: 5.33 expected" in out


def test_turn_value_rejects_bad_counts(capsys):
    assert main(["turn-value", "--state", "1,2"]) == 2
    assert "five counts" in capsys.readouterr().err
    assert main(["turn-value", "--state", "0,0,0,0,5", "--rolled", "0,4,4,0,1"]) == 2
    assert "8 dice" in capsys.readouterr().err


def test_score_distribution(capsys):
    data = run_json(capsys, "score-distribution", "--policy", "optimal")
    assert sum(data["probabilities"]) == pytest.approx(1)
    assert data["mean"] == pytest.approx(3.1104, abs=1e-4)
    assert main(["score-distribution", "--policy", "win"]) == 2
    assert "score-blind" in capsys.readouterr().err


def test_win_probability(capsys):
    from martian_kit.solver.game import win_table

    data = run_json(capsys, "win-probability", "--scores", "20,22", "--seat", "second")
    assert data["p_win"] == pytest.approx(win_table().G[20, 22])
    assert main(["win-probability", "--scores", "30,2"]) == 2


def test_simulate_and_tournament(capsys):
    data = run_json(capsys, "simulate", "--policy", "cautious", "--turns", "20000", "--seed", "1")
    lo, hi = data["ci95"]
    assert lo < data["mean"] < hi
    assert abs(data["mean"] - data["exact_mean"]) < 3 * (hi - lo)
    again = run_json(capsys, "simulate", "--policy", "cautious", "--turns", "20000", "--seed", "1")
    assert again == data
    data = run_json(
        capsys, "tournament", "--players", "optimal,greedy", "--games", "500", "--seed", "2"
    )
    assert sum(data["wins"]) == 500
    assert data["players"] == ["optimal", "greedy"]


def test_solve_game_writes_a_table(tmp_path, capsys, monkeypatch):
    # The command's plumbing (progress, output file, report). The solve itself takes seconds
    # and is checked elsewhere (Bellman consistency and exact evaluation of the table in
    # test_solver_game.py, timing in benchmarks/), so here it hands back the shipped table
    # after driving the progress callback like the real solve does.
    from martian_kit.solver import game

    seen = []

    def quick_solve(progress=None, tol=1e-15, **rules):
        seen.append(progress)
        if progress is not None:
            for done in range(1, 50):
                progress(done, 49)
        return game.win_table()

    monkeypatch.setattr(game, "solve_game", quick_solve)
    out = tmp_path / "w.npz"
    data = run_json(capsys, "solve-game", "--output", str(out))
    assert out.exists() and data["bytes"] == out.stat().st_size
    assert game.load_table(out).F[0, 0] == data["p_first_wins"] == game.win_table().F[0, 0]
    assert seen == [None]  # --json prints no progress bar
    assert main(["solve-game", "--output", str(out)]) == 0
    captured = capsys.readouterr()
    assert "solving: 100% (49/49)" in captured.err
    assert "Win-probability table written" in captured.out


def test_solve_misreadings_writes_the_values(tmp_path, capsys, monkeypatch):
    # The command's plumbing; the solve is checked against the shipped values in
    # test_classroom.py (it takes seconds), so here a quick stand-in solves.
    from martian_kit.solver import misreadings

    monkeypatch.setattr(misreadings, "solve_misreading", lambda name: len(name) / 10)
    out = tmp_path / "m.json"
    data = run_json(capsys, "solve-misreadings", "--output", str(out))
    assert data["values"] == {"stuck_scores_zero": 1.7, "rays_once": 0.9}
    assert json.loads(out.read_text())["values"] == data["values"]
    assert main(["solve-misreadings", "--output", str(out)]) == 0
    assert "rays_once 0.9000" in capsys.readouterr().out


def test_play_with_named_analysis_policies(capsys):
    assert main(["play", "--players", "optimal,random", "--seed", "4"]) == 0
    assert "Winner" in capsys.readouterr().out


def test_tournament_with_win_policy(capsys):
    data = run_json(
        capsys, "tournament", "--players", "win,optimal,cautious", "--games", "600", "--seed", "3"
    )
    assert sum(data["wins"]) == 600
    assert main(["tournament", "--players", "nobody,optimal"]) == 2
    assert "unknown policy 'nobody'" in capsys.readouterr().err


def test_variant_options_on_every_analysis_command(capsys):
    from martian_kit.solver.reference import exact_turn_value

    # fewer dice: the turn's value is the plain solver's, and the distribution has that mean
    data = run_json(capsys, "turn-value", "--dice", "6")
    assert data["options"]["roll"] == pytest.approx(float(exact_turn_value(dice=6)), abs=1e-12)
    data = run_json(capsys, "score-distribution", "--dice", "6")
    assert data["mean"] == pytest.approx(float(exact_turn_value(dice=6)), abs=1e-12)
    assert data["variant"] == {"target": 25, "end": "round", "dice": 6}
    data = run_json(capsys, "turn-value", "--dice", "8", "--rolled", "1,2,3,1,1")
    assert data["best"] == "human" and set(data["options"]) == {"human", "ray", "cow", "chicken"}
    # the end rule moves the seat advantage
    at_once = run_json(capsys, "win-probability", "--scores", "0,0", "--end", "immediate")
    official = run_json(capsys, "win-probability", "--scores", "0,0")
    assert at_once["p_win"] > 0.5 > official["p_win"]
    assert "variant" not in official
    data = run_json(capsys, "solve-game", "--target", "12", "--dice", "7")
    assert data["variant"] == {"target": 12, "end": "round", "dice": 7}
    again = run_json(capsys, "win-probability", "--scores", "0,0", "--target", "12", "--dice", "7")
    assert again["p_win"] == pytest.approx(data["p_first_wins"], abs=1e-12)


def test_variant_options_are_checked(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["win-probability", "--scores", "0,0", "--target", "9"])
    assert exc.value.code == 2
    assert "10 to 60 points" in capsys.readouterr().err
    args = ["win-probability", "--scores", "3,27", "--seat", "second", "--end", "immediate"]
    assert main(args) == 2
    assert "no last turn" in capsys.readouterr().err
    assert main(["score-distribution", "--dice", "7", "--policy", "cautious"]) == 2
    assert "only the optimal" in capsys.readouterr().err


def test_a_variant_table_can_be_saved_and_read(tmp_path, capsys):
    from martian_kit.solver.game import load_table

    out = tmp_path / "short.npz"
    data = run_json(
        capsys, "solve-game", "--target", "10", "--end", "immediate", "--output", str(out)
    )
    table = load_table(out)
    assert (table.target, table.end, table.dice) == (10, "immediate", 13)
    assert table.F[0, 0] == data["p_first_wins"]


def test_turn_value_speaks_the_pages_words(capsys):
    """The best choice as advice ("take the Cows, then roll"), after the sentence the turn
    pages show for the same state, never an engine value such as "cow"."""
    assert main(["turn-value", "--rolled", "1,2,3,4,3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        "Now you must set aside all dice of one type: Death Rays or Humans or Cows or Chickens."
    )
    assert lines[-1] == "Best: take the Cows, then roll."
    data = run_json(capsys, "turn-value", "--rolled", "1,2,3,4,3")
    assert data["best"] == "cow" and data["plan"] == ["cow", "roll"]
    assert data["advice"] == "take the Cows, then roll"
    assert main(["turn-value", "--state", "1,3,2,0,0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Now roll the 7 dice left, or stop and score."
    assert lines[-1] == "Best: roll."


def test_a_take_that_ends_the_turn_is_advised_alone(capsys):
    # 12 dice set aside, the last die rolled shows a Cow: taking it leaves no die to roll.
    data = run_json(capsys, "turn-value", "--state", "2,6,4,0,0", "--rolled", "0,0,0,1,0")
    assert data["plan"] == ["cow"] and data["advice"] == "take the Cows"


def test_turn_value_with_fewer_dice_says_each_option_in_words_and_the_language(capsys):
    from kit_common.messages import set_language

    argv = ["turn-value", "--dice", "6", "--state", "1,1,1,0,0"]
    data = run_json(capsys, *argv)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"roll: {data['options']['roll']:.4f} expected" in out  # words, not "roll"'s code
    try:
        assert main(["--lang", "es", *argv]) == 0
        roll = f"{data['options']['roll']:.4f}".replace(".", ",")
        assert f"{roll} de media" in capsys.readouterr().out  # a decimal comma in Spanish
    finally:
        set_language("en")
