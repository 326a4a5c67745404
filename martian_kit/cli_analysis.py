"""The analysis subcommands of `martian-kit` (turn-value, score-distribution,
win-probability, simulate, tournament, solve-game). Each takes `--json`.

Nothing heavy runs at import: the solvers build or load their tables on first use."""

from __future__ import annotations

import argparse
import json
import sys
import time

from kit_common.cli import UsageError, count, output_file, seed
from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.explain import explain_choice, explain_next
from martian_kit.messages import message, plan_words
from martian_kit.policies import POLICIES, policy_by_name
from martian_kit.policy import GameAwarePolicy, Policy
from martian_kit.simulate import TextProgress, simulate_turns, tournament
from martian_kit.solver import game
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.table import TablePolicy, as_table_policy
from martian_kit.solver.turn import expected_score_solution
from martian_kit.strategies import named_table_policies
from martian_kit.turn import Phase, TurnEnd, TurnState

#: The largest tournament of one run: its games' arrays are held together (about 150 bytes a
#: game, measured: 1,000,000 2-player games peak at 210 MB), so this stays under 1 GB.
MAX_TOURNAMENT_GAMES = 5_000_000


def _counts(option: str, value: str | None) -> FaceCounts | None:
    if value is None:
        return None
    try:
        parts = [int(v) for v in value.split(",")]
        if len(parts) != 5 or min(parts) < 0:
            raise ValueError
    except ValueError:
        raise UsageError(
            f"martian-kit: {message('cli.bad_counts', option=option, value=value)}"
        ) from None
    return FaceCounts(*parts)


def _emit(args: argparse.Namespace, data: dict, lines: list[str]) -> int:
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print("\n".join(lines))
    return 0


def _fail(command: str, text: str) -> int:
    print(f"martian-kit {command}: {text}", file=sys.stderr)
    return 2


def _cmd_turn_value(args: argparse.Namespace) -> int:
    state = _counts("--state", args.state)
    rolled = _counts("--rolled", args.rolled)
    try:
        if rolled is not None:
            before = TurnState(state or TurnState().set_aside, None, Phase.MUST_ROLL)
            turn = before.apply_roll(rolled)
        elif state is None or state.total == 0:
            turn = TurnState()
        elif state.total == NUM_DICE:  # every die set aside: the turn is over
            turn = TurnState(state, None, Phase.OVER, TurnEnd.NO_DICE)
        else:
            turn = TurnState(state, None, Phase.MAY_ROLL_OR_STOP)
    except (RuleError, ValueError) as err:
        return _fail("turn-value", str(err))
    sol = expected_score_solution()
    if turn.is_terminal():
        text = message("cli.over", score=turn.explain_score())
        return _emit(args, {"state": str(turn), "over": True, "score": turn.score()}, [text])
    options = sol.option_values(turn)
    best = sol.best_action(turn)
    plan = sol.best_plan(turn)
    data = {
        "set_aside": turn.set_aside.to_dict(),
        "rolled": turn.rolled.to_dict() if turn.rolled is not None else None,
        "phase": turn.phase.value,
        "options": {a.value: v for a, v in options.items()},
        "best": best.value,
        "plan": [a.value for a in plan],
        "advice": plan_words(plan),
        "explanation": sol.explain(turn),
    }
    lines = [
        message("cli.turn_state", state=str(turn)),
        *explain_choice(turn),  # what the pages say after a roll, or before rolling on
        *explain_next(turn),
        sol.explain(turn),
        message("cli.best", plan=plan_words(plan)),
    ]
    return _emit(args, data, lines)


def _table_policy(command: str, name: str) -> TablePolicy:
    try:
        policy = policy_by_name(name)
    except ValueError:
        known = ", ".join(sorted(POLICIES))
        raise UsageError(
            f"martian-kit {command}: {message('cli.unknown_policy', name=name, known=known)}"
        ) from None
    table = as_table_policy(policy)
    if table is None:
        known = ", ".join(sorted(named_table_policies()))
        raise UsageError(
            f"martian-kit {command}: {message('cli.needs_table_policy', name=name, known=known)}"
        )
    return table


def _cmd_score_distribution(args: argparse.Namespace) -> int:
    policy = _table_policy("score-distribution", args.policy)
    dist = score_distribution(policy)
    data = {
        "policy": args.policy,
        "probabilities": list(dist.probs),
        "mean": dist.mean,
        "sd": dist.sd,
        "p_zero": dist.p_zero,
        "p_tanks_won": dist.p_tanks_won,
        "ends": dist.ends,
    }
    lines = [message("cli.score_distribution", policy=args.policy)]
    lines += [message("cli.score_row", score=s, p=p) for s, p in enumerate(dist.probs) if p > 0]
    lines.append(
        message(
            "cli.mean_sd", mean=dist.mean, sd=dist.sd, p_zero=dist.p_zero, lost=dist.p_tanks_won
        )
    )
    lines.append(message("cli.ends", **dist.ends))
    return _emit(args, data, lines)


def _cmd_win_probability(args: argparse.Namespace) -> int:
    try:
        mine, theirs = (int(v) for v in args.scores.split(","))
    except ValueError:
        return _fail("win-probability", f"--scores takes MINE,THEIRS, got {args.scores!r}")
    try:
        p = game.win_probability(mine, theirs, args.seat)
    except ValueError as err:
        return _fail("win-probability", str(err))
    data = {"mine": mine, "theirs": theirs, "seat": args.seat, "p_win": p}
    text = message("cli.win_probability", seat=args.seat, mine=mine, theirs=theirs, p=p)
    return _emit(args, data, [text])


def _progress(args: argparse.Namespace, label: str, big: bool) -> TextProgress | None:
    if args.json or args.quiet or not big:
        return None
    return TextProgress(label)


def _cmd_simulate(args: argparse.Namespace) -> int:
    policy = _table_policy("simulate", args.policy)
    progress = _progress(args, "turns", args.turns >= 1_000_000)
    sim = simulate_turns(policy, args.turns, seed=args.seed, progress=progress)
    exact = score_distribution(policy).mean
    data = sim.to_dict() | {"exact_mean": exact}
    text = message(
        "cli.simulate",
        turns=sim.turns,
        policy=args.policy,
        seed=args.seed,
        mean=sim.mean,
        lo=sim.ci95.low,
        hi=sim.ci95.high,
        exact=exact,
    )
    return _emit(args, data, [text])


def _cmd_tournament(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        policies = [policy_by_name(n) for n in names]
    except ValueError:
        known = ", ".join(sorted(POLICIES))
        bad = next(n for n in names if n not in POLICIES)
        return _fail("tournament", message("cli.unknown_policy", name=bad, known=known))
    players: list[Policy] = [
        p if isinstance(p, GameAwarePolicy) else _table_policy("tournament", n)
        for p, n in zip(policies, names)
    ]
    progress = _progress(args, "games", args.games >= 20_000)
    try:
        result = tournament(players, args.games, seed=args.seed, progress=progress)
    except ValueError as err:
        return _fail("tournament", str(err))
    data = result.to_dict() | {"players": names}
    lines = [message("cli.tournament", games=result.games, seed=args.seed)]
    for name, rate, ci, st in zip(names, result.win_rate, result.win_ci95, result.stats):
        turns = max(st["turns"], 1)
        if not result.detailed:
            lines.append(
                message(
                    "cli.tournament_short",
                    name=name,
                    rate=rate,
                    lo=ci.low,
                    hi=ci.high,
                    ppt=st["points"] / turns,
                )
            )
            continue
        lines.append(
            message(
                "cli.tournament_row",
                name=name,
                rate=rate,
                lo=ci.low,
                hi=ci.high,
                ppt=st["points"] / turns,
                rays=st["rays_taken"] / turns,
                earth=st["earthlings_taken"] / turns,
                lost=st["lost_to_tanks"] / turns,
                bonus=st["bonuses"] / turns,
            )
        )
    return _emit(args, data, lines)


def _cmd_solve_game(args: argparse.Namespace) -> int:
    progress = None if (args.json or args.quiet) else _progress(args, "solving", True)
    start = time.perf_counter()
    table = game.solve_game(progress=progress)
    seconds = time.perf_counter() - start
    path = game.save_table(table, args.output or game.TABLE_PATH)
    size = path.stat().st_size
    p = float(table.F[0, 0])
    data = {"path": str(path), "bytes": size, "seconds": seconds, "p_first_wins": p}
    text = message("cli.solved", path=path, size=size, seconds=seconds, p=p)
    return _emit(args, data, [text])


def add_commands(sub) -> None:
    """Add the analysis subcommands to the `martian-kit` parser."""

    def command(name: str, help_text: str, func) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(func=func)
        return p

    p = command(
        "turn-value", "value of stopping and of each option (expected score)", _cmd_turn_value
    )
    p.add_argument("--state", help="dice set aside as T,R,H,C,K (default: a fresh turn)")
    p.add_argument("--rolled", help="dice just rolled as T,R,H,C,K (Tanks included)")
    p = command(
        "score-distribution", "exact distribution of one turn's score", _cmd_score_distribution
    )
    p.add_argument("--policy", default="optimal", help="a score-blind policy name")
    p = command(
        "win-probability",
        "P(win) of a 2-player position under win-optimal play",
        _cmd_win_probability,
    )
    p.add_argument("--scores", required=True, help="MINE,THEIRS at the start of my turn")
    p.add_argument("--seat", choices=["first", "second"], default="first")
    p = command("simulate", "simulate turns of a policy (vectorised, seeded)", _cmd_simulate)
    p.add_argument("--policy", default="optimal")
    p.add_argument("--turns", type=count(1), default=100_000)
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = command(
        "tournament", "games with seat rotation, win rates and player statistics", _cmd_tournament
    )
    p.add_argument("--players", default="optimal,cautious", help="policy names, 2 to 10")
    p.add_argument(
        "--games",
        type=count(1, MAX_TOURNAMENT_GAMES),
        default=10_000,
        help=f"at most {MAX_TOURNAMENT_GAMES:,}: one run holds its games in memory together "
        "(about 150 bytes a game); run more seeds for more",
    )
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = command("solve-game", "rebuild the 2-player win-probability table", _cmd_solve_game)
    p.add_argument(
        "--output",
        type=output_file,
        help="where to write it (default: the shipped table); checked before solving",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
