"""Speed of the Martian Dice analysis kit against plain-Python implementations, same run.

Run on demand (not a test):  PYTHONPATH=. python benchmarks/martian_bench.py [--json]

Targets (2-core machine): full expected-score turn solve <= 50 ms; 2-player win-optimal solve
at least 5x faster than the solver it replaced (`solver.game_reference`, timed in the same
run: the machine is shared and noisy, so the ratio is what counts), a 15-point game well
under a second, peak memory <= 1 GB; table <= 10 MB loaded in <= 0.3 s; >= 2,000,000 simulated
turns/s and >= 200,000 simulated 2-player games/s for table policies; `import martian_kit`
< 0.5 s. Each figure is printed with the plain-Python figure and the ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(func, repeat: int = 1):
    """Best wall time and CPU time of `repeat` runs, and the last result."""
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = func()
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    return best_wall, best_cpu, result


def in_subprocess(code: str) -> dict:
    """Run `code` in a fresh interpreter (cold start, own peak memory); it prints JSON."""
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_import() -> dict:
    data = in_subprocess(
        "import json,time; t=time.perf_counter(); import martian_kit; "
        "print(json.dumps({'s': time.perf_counter()-t}))"
    )
    return {"import_martian_kit_s": data["s"]}


def bench_turn_solve() -> dict:
    from martian_kit.dice import FaceCounts
    from martian_kit.solver.model import compact_model, turn_model
    from martian_kit.solver.reference import ReferenceSolver
    from martian_kit.solver.turn import solve_turn

    first_use, _, _ = timed(lambda: (turn_model(), compact_model()))
    wall, cpu, sol = timed(solve_turn, repeat=5)
    py_wall, _, ref = timed(lambda: ReferenceSolver(number=float).roll_value(FaceCounts()))
    assert abs(sol.fresh_turn_value - ref) < 1e-12
    return {
        "turn_model_first_use_s": first_use,
        "turn_solve_s": wall,
        "turn_solve_cpu_s": cpu,
        "turn_solve_plain_python_s": py_wall,
        "turn_solve_speedup": py_wall / wall,
        "fresh_turn_value": sol.fresh_turn_value,
    }


def bench_game_solve(plain_turn_s: float) -> dict:
    """The 2-player win-optimal solve: today's fast solver and the solver it replaced
    (`martian_kit.solver.game_reference`), side by side in one fresh process (the turn
    models built first, for both), each the best of two runs; then a 15-point game."""
    data = in_subprocess(
        "import json,time,resource\n"
        "import numpy as np\n"
        "from martian_kit.solver import game\n"
        "from martian_kit.solver.game_reference import reference_solve_game\n"
        "from martian_kit.solver.model import compact_model\n"
        "from martian_kit.solver.sweep import sweep_plan\n"
        "w=time.perf_counter(); compact_model(); sweep_plan(); plan=time.perf_counter()-w\n"
        "cols=[0]\n"
        "real=game.fresh_value_and_zero_chance\n"
        "def counting(p, dice=13):\n"
        "    cols[0]+=p.shape[1]; return real(p, dice)\n"
        "game.fresh_value_and_zero_chance=counting\n"
        "def timed(f):\n"
        "    w=time.perf_counter(); c=time.process_time(); r=f()\n"
        "    return time.perf_counter()-w, time.process_time()-c, r\n"
        "new=[]; old=[]\n"
        "for _ in range(2):\n"
        "    cols[0]=0; new.append(timed(game.solve_game))\n"
        "    old.append(timed(reference_solve_game))\n"
        "t=new[0][2]; F,G,L=old[0][2]; shipped=game.load_table()\n"
        "diff=max(float(np.abs(t.F-shipped.F).max()),float(np.abs(t.G-shipped.G).max()),"
        "float(np.abs(t.L-shipped.L).max()))\n"
        "same=bool(np.array_equal(F,shipped.F) and np.array_equal(G,shipped.G)"
        " and np.array_equal(L,shipped.L))\n"
        "columns=cols[0]\n"
        "short=timed(lambda: game.solve_game(target=15))\n"
        "rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024\n"
        "print(json.dumps({'wall':min(n[0] for n in new),'cpu':min(n[1] for n in new),"
        "'ref_wall':min(o[0] for o in old),'ref_cpu':min(o[1] for o in old),"
        "'plan':plan,'short':short[0],'peak_mb':rss,'columns':columns,'diff':diff,"
        "'ref_same':same,'p':float(t.F[0,0])}))"
    )
    if not data["ref_same"]:
        # the speed-up would compare two solvers of different tables: no figure, a sentence
        raise SystemExit(
            "martian_bench: the baseline solver (martian_kit.solver.game_reference) no longer"
            " gives the shipped table bit for bit: the game-solve speed-up would compare two"
            " different computations"
        )
    estimate = data["columns"] * plain_turn_s
    return {
        "game_solve_s": data["wall"],
        "game_solve_cpu_s": data["cpu"],
        "game_solve_reference_s": data["ref_wall"],
        "game_solve_reference_cpu_s": data["ref_cpu"],
        "game_solve_speedup_vs_reference": data["ref_wall"] / data["wall"],
        "game_solve_cpu_speedup_vs_reference": data["ref_cpu"] / data["cpu"],
        "game_solve_max_diff_from_shipped_table": data["diff"],
        "game_solve_reference_bit_for_bit": data["ref_same"],
        "game_models_first_use_s": data["plan"],
        "game_solve_15_points_s": data["short"],
        "game_solve_peak_rss_mb": data["peak_mb"],
        "game_solve_turn_columns": data["columns"],
        "game_solve_plain_python_estimate_s": estimate,
        "game_solve_speedup_estimate": estimate / data["wall"],
        "p_first_wins_0_0": data["p"],
    }


def bench_table() -> dict:
    from martian_kit.solver.game import TABLE_PATH

    data = in_subprocess(
        "import json,time; t=time.perf_counter()\n"
        "from martian_kit.solver.game import load_table; load_table()\n"
        "print(json.dumps({'s': time.perf_counter()-t}))"
    )
    return {"table_bytes": TABLE_PATH.stat().st_size, "table_cold_load_s": data["s"]}


def plain_turn(policy, rng: random.Random) -> int:
    """One turn through the engine's own states and the policy callable (plain Python)."""
    from martian_kit.turn import new_turn

    turn = new_turn()
    while not turn.is_terminal():
        if turn.is_chance_node():
            turn = turn.apply_roll(turn.sample_roll(rng))
        else:
            turn = turn.apply_action(policy(turn, None, rng))
    return turn.score()


def bench_turn_simulation(turns: int) -> dict:
    import numpy as np

    from martian_kit.simulate import play_turns, sim_tables, turn_scores
    from martian_kit.strategies import expected_score_policy

    policy = expected_score_policy()
    sim_tables()
    play_turns(policy, 1000, np.random.default_rng(0))
    turn_scores(policy, 1000, np.random.default_rng(0))
    wall, _, _ = timed(lambda: turn_scores(policy, turns, np.random.default_rng(1)), repeat=3)
    detail, _, _ = timed(lambda: play_turns(policy, turns, np.random.default_rng(1)), repeat=3)
    rng = random.Random(1)
    n_plain = 5000
    py_wall, _, _ = timed(lambda: [plain_turn(policy, rng) for _ in range(n_plain)])
    return {
        "turns_per_s": turns / wall,
        "turns_per_s_with_statistics": turns / detail,
        "turns_per_s_plain_python": n_plain / py_wall,
        "turns_speedup": (turns / wall) / (n_plain / py_wall),
    }


def bench_game_simulation(games: int) -> dict:
    import numpy as np

    from martian_kit.play import play_game
    from martian_kit.simulate import play_games
    from martian_kit.strategies import cautious_policy, expected_score_policy

    policies = [expected_score_policy(), cautious_policy()]
    play_games(policies, 1000, np.random.default_rng(0))
    wall, _, _ = timed(lambda: play_games(policies, games, np.random.default_rng(1)), repeat=3)
    rng = random.Random(2)
    n_plain = 200
    py_wall, _, _ = timed(lambda: [play_game(policies, rng) for _ in range(n_plain)])
    return {
        "games_per_s": games / wall,
        "games_per_s_plain_python": n_plain / py_wall,
        "games_speedup": (games / wall) / (n_plain / py_wall),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-game-solve", action="store_true")
    parser.add_argument("--game-solve-only", action="store_true", help="only the game solves")
    args = parser.parse_args()
    results: dict = {}
    results |= bench_import()
    results |= bench_turn_solve()
    if not args.skip_game_solve:
        results |= bench_game_solve(results["turn_solve_plain_python_s"])
    if not args.game_solve_only:
        results |= bench_table()
        results |= bench_turn_simulation(1_000_000)
        results |= bench_game_simulation(1_000_000)
    results["load_average"] = list(__import__("os").getloadavg())
    results["peak_rss_mb_this_process"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for key, value in results.items():
        print(f"{key:42s} {value:.6g}" if isinstance(value, float) else f"{key:42s} {value}")


if __name__ == "__main__":
    main()
