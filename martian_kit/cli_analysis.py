"""The analysis subcommands of `martian-kit` (turn-value, score-distribution,
win-probability, simulate, tournament, solve-game, solve-misreadings). Each takes `--json`.

Nothing heavy runs at import: the solvers build or load their tables on first use."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

import numpy as np

from kit_common.cli import UsageError, count, output_file, seed
from martian_kit.dice import NUM_DICE, Face, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.explain import explain_choice, explain_next
from martian_kit.messages import message, plan_words
from martian_kit.policies import POLICIES, policy_by_name
from martian_kit.policy import GameAwarePolicy, Policy
from martian_kit.simulate import TextProgress, simulate_turns, tournament
from martian_kit.solver import game, misreadings
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.model import N_SCORES
from martian_kit.solver.table import TablePolicy, as_table_policy
from martian_kit.solver.turn import expected_score_solution
from martian_kit.strategies import named_table_policies
from martian_kit.turn import Action, Phase, TurnEnd, TurnState
from martian_kit.variants import END_ROUND, END_RULES, OFFICIAL, Variant

#: The largest tournament of one run: its games' arrays are held together (about 150 bytes a
#: game, measured: 1,000,000 2-player games peak at 210 MB), so this stays under 1 GB.
MAX_TOURNAMENT_GAMES = 5_000_000
#: The most turns one `simulate` run plays: about a minute and a half (a million turns take
#: about a second, in chunks of fixed memory), not hours without a word.
MAX_SIMULATED_TURNS = 100_000_000


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
    print(message("cli.error", command=command, error=text), file=sys.stderr)
    return 2


def _variant(args: argparse.Namespace, command: str) -> Variant:
    """The rules asked for with --target, --end and --dice (the official ones by default)."""
    try:
        return Variant(args.target, args.end, args.dice)
    except RuleError as err:
        _fail(command, str(err))
        raise SystemExit(2) from None


def _variant_table(args: argparse.Namespace, variant: Variant) -> game.WinTable:
    """The variant's table, solved now if needed, with a progress bar on a terminal when the
    solve takes more than a moment."""
    progress = None
    if not game.is_solved(variant) and not args.json and sys.stderr.isatty():
        label = message("cli.solving", variant=variant.describe())
        progress = TextProgress(label, delay=0.5)
    return game.variant_table(variant, progress)


def _variant_data(variant: Variant) -> dict:
    return {"target": variant.target, "end": variant.end, "dice": variant.dice}


def _cmd_turn_value(args: argparse.Namespace) -> int:
    variant = _variant(args, "turn-value")
    if variant.dice != NUM_DICE:
        return _turn_value_with_fewer_dice(args, variant)
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


def _turn_value_with_fewer_dice(args: argparse.Namespace, variant: Variant) -> int:
    """turn-value in a variant with fewer dice: the options' values from the set-aside (the
    play engine's turns have the 13 dice of the rules)."""
    dice = variant.dice
    state = _counts("--state", args.state) or FaceCounts()
    rolled = _counts("--rolled", args.rolled)
    sol = expected_score_solution(dice)
    shown = state.total + (rolled.total if rolled is not None else 0)
    if shown > dice:
        return _fail("turn-value", message("cli.too_many_dice", shown=shown, dice=dice))
    options: dict[Action, float]
    if rolled is not None:
        after_tanks = state.add(Face.TANK, rolled.tank)
        options = sol.take_values(after_tanks, rolled._replace(tank=0))
    elif state.total == 0:
        options = {Action.ROLL: sol.fresh_turn_value}
    else:
        options = {Action.STOP: sol.stop_value(state)}
        if state.total < dice:
            options[Action.ROLL] = sol.roll_value(state)
    if not options:
        return _fail("turn-value", message("cli.no_set_aside"))
    best = max(options, key=lambda a: options[a])
    data = {
        "variant": _variant_data(variant),
        "set_aside": state.to_dict(),
        "rolled": rolled.to_dict() if rolled is not None else None,
        "options": {a.value: v for a, v in options.items()},
        "best": best.value,
    }
    lines = [message("cli.variant", variant=variant.describe())]
    ranked = sorted(options.items(), key=lambda item: -item[1])
    lines += [
        message("cli.option_value", plan=plan_words([action]), value=value)
        for action, value in ranked
    ]
    lines.append(message("cli.best", plan=plan_words([best])))
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
    variant = _variant(args, "score-distribution")
    if variant.dice != NUM_DICE:
        return _score_distribution_with_fewer_dice(args, variant)
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


def _score_distribution_with_fewer_dice(args: argparse.Namespace, variant: Variant) -> int:
    if args.policy != "optimal":
        return _fail("score-distribution", message("cli.only_optimal", dice=variant.dice))
    points = np.arange(N_SCORES, dtype=np.float64)[:, None]
    probs = game.optimal_score_distributions(points, variant.dice)[0]
    mean = float(probs @ np.arange(N_SCORES))
    sd = float(np.sqrt(probs @ (np.arange(N_SCORES) - mean) ** 2))
    data = {
        "policy": args.policy,
        "variant": _variant_data(variant),
        "probabilities": [float(p) for p in probs],
        "mean": mean,
        "sd": sd,
        "p_zero": float(probs[0]),
    }
    lines = [message("cli.variant", variant=variant.describe())]
    lines.append(message("cli.score_distribution", policy=args.policy))
    lines += [message("cli.score_row", score=s, p=p) for s, p in enumerate(probs) if p > 0]
    lines.append(message("cli.mean_sd_zero", mean=mean, sd=sd, p_zero=probs[0]))
    return _emit(args, data, lines)


def _cmd_win_probability(args: argparse.Namespace) -> int:
    variant = _variant(args, "win-probability")
    try:
        mine, theirs = (int(v) for v in args.scores.split(","))
    except ValueError:
        return _fail("win-probability", message("cli.bad_scores", value=args.scores))
    if variant.end != END_ROUND and args.seat == "second" and theirs >= variant.target:
        return _fail("win-probability", message("cli.no_last_turn", target=variant.target))
    try:  # before the table is solved, which can take seconds
        game.check_totals(mine, theirs, args.seat, variant.target, variant.end, variant.dice)
    except ValueError as err:
        return _fail("win-probability", str(err))
    table = _variant_table(args, variant)
    try:
        p = table.probability(mine, theirs, args.seat)
    except ValueError as err:
        return _fail("win-probability", str(err))
    data = {"mine": mine, "theirs": theirs, "seat": args.seat, "p_win": p}
    if not variant.is_official:
        data["variant"] = _variant_data(variant)
    text = message("cli.win_probability", seat=args.seat, mine=mine, theirs=theirs, p=p)
    lines = [] if variant.is_official else [message("cli.variant", variant=variant.describe())]
    return _emit(args, data, [*lines, text])


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
    variant = _variant(args, "solve-game")
    progress = None if (args.json or args.quiet) else _progress(args, "solving", True)
    start = time.perf_counter()
    table = game.solve_game(
        progress=progress, target=variant.target, end=variant.end, dice=variant.dice
    )
    seconds = time.perf_counter() - start
    if not (variant.is_official or variant in game.SHIPPED_VARIANTS) and not args.output:
        # the kit ships the official table and page 9's variants: another is saved on request
        p = float(table.F[0, 0])
        data = {"variant": _variant_data(variant), "seconds": seconds, "p_first_wins": p}
        text = message("cli.variant_solved", variant=variant.describe(), seconds=seconds, p=p)
        return _emit(args, data, [text])
    path = game.save_table(table, args.output or game.shipped_path(variant))
    size = path.stat().st_size
    p = float(table.F[0, 0])
    data = {"path": str(path), "bytes": size, "seconds": seconds, "p_first_wins": p}
    if variant.is_official and not args.output:
        # the shipped table's win-optimal distributions ship beside it (page 6 reads them)
        dists = game.compute_win_optimal_distributions(table)
        data["distributions"] = str(game.save_distributions(dists))
    text = message("cli.solved", path=path, size=size, seconds=seconds, p=p)
    return _emit(args, data, [text])


def _cmd_solve_misreadings(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    path = args.output or misreadings.SHIPPED_PATH
    values = misreadings.solve_shipped(path)
    seconds = time.perf_counter() - start
    data = {"path": str(path), "values": values, "seconds": seconds}
    shown = ", ".join(
        message("cli.misreading_value", name=name, value=value) for name, value in values.items()
    )
    text = message("cli.misreadings_solved", path=path, values=shown, seconds=seconds)
    return _emit(args, data, [text])


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the analysis subcommands to the `martian-kit` parser."""

    def command(
        name: str, help_text: str, func: Callable[[argparse.Namespace], int]
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--json", action="store_true", help=message("cli.help.json"))
        p.set_defaults(func=func)
        return p

    def variant_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--target", type=int, default=OFFICIAL.target, help=message("cli.help.target")
        )
        p.add_argument(
            "--end",
            choices=END_RULES,
            default=OFFICIAL.end,
            help=message("cli.help.end"),
        )
        p.add_argument("--dice", type=int, default=OFFICIAL.dice, help=message("cli.help.dice"))

    p = command("turn-value", message("cli.help.turn_value"), _cmd_turn_value)
    p.add_argument("--state", help=message("cli.help.state"))
    p.add_argument("--rolled", help=message("cli.help.rolled"))
    variant_options(p)
    p = command(
        "score-distribution", message("cli.help.score_distribution"), _cmd_score_distribution
    )
    p.add_argument("--policy", default="optimal", help=message("cli.help.policy"))
    variant_options(p)
    p = command(
        "win-probability",
        message("cli.help.win_probability"),
        _cmd_win_probability,
    )
    p.add_argument("--scores", required=True, help=message("cli.help.scores"))
    p.add_argument("--seat", choices=["first", "second"], default="first")
    variant_options(p)
    p = command("simulate", message("cli.help.simulate"), _cmd_simulate)
    p.add_argument("--policy", default="optimal")
    p.add_argument("--turns", type=count(1, MAX_SIMULATED_TURNS), default=100_000)
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--quiet", action="store_true", help=message("cli.help.quiet"))
    p = command("tournament", message("cli.help.tournament"), _cmd_tournament)
    p.add_argument(
        "--players", default="optimal,cautious", help=message("cli.help.tournament_players")
    )
    p.add_argument(
        "--games",
        type=count(1, MAX_TOURNAMENT_GAMES),
        default=10_000,
        help=message("cli.help.games", most=MAX_TOURNAMENT_GAMES),
    )
    p.add_argument("--seed", type=seed, default=None)
    p.add_argument("--quiet", action="store_true", help=message("cli.help.quiet"))
    p = command("solve-game", message("cli.help.solve_game"), _cmd_solve_game)
    p.add_argument(
        "--output",
        type=output_file,
        help=message("cli.help.output"),
    )
    variant_options(p)
    p.add_argument("--quiet", action="store_true", help=message("cli.help.quiet"))
    p = command("solve-misreadings", message("cli.help.solve_misreadings"), _cmd_solve_misreadings)
    p.add_argument("--output", type=output_file, help=message("cli.help.output_misreadings"))
