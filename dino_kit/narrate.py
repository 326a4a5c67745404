"""Games told in words, by the command line and the game page alike.

`action_label(state, action)` says an action of the player to act, with what it gives or
costs (the words of the game page's menu and log); `step_line(state, actor, move)` one step of
a game (an action or a chance outcome) as a log line; `round_summary(start, end)` how a round
went for each player (VP gained, visitors eaten, money), from the states at its start and its
end. `game_log(state)` replays a finished game's moves from its start and tells it: the round
summaries, with every step under round and phase headings when `steps` is true, and the final
scores. All are plain functions of states and moves, so a page's log and the command line's
stay the same words.
"""

from __future__ import annotations

from typing import Any

from dino_kit import abilities
from dino_kit.chance import describe
from dino_kit.effects import CATEGORIES, DNA_TYPES
from dino_kit.engine import apply_action, apply_chance
from dino_kit.messages import message
from dino_kit.phases import park, research, workers
from dino_kit.setup import new_game
from dino_kit.solo import rival_score
from dino_kit.state import CHANCE, Action, GameState, Phase, PlayerState


def action_label(state: GameState, a: Action) -> str:
    """A legal action of the player to act, in words, with what it gives or costs."""
    c = state.components
    seat = state.current_player()
    p = state.players[seat] if seat >= 0 else None
    if a.kind == "die":
        face = research.face_of(state, a.target)
        if face.rare is not None:
            where = f" → exhibit {a.choice}" if a.choice is not None else ""
            return message("act.die_rare", level=a.scientist, slot=a.target, what=face.rare) + where
        assert p is not None
        bonus = abilities.passive(state, p, "research_bonus")
        i = DNA_TYPES.index(face.dna)
        gain = min(face.amount * a.scientist + bonus, p.limits[i] - p.dna[i])
        return message(
            "act.die",
            level=a.scientist,
            slot=a.target,
            amount=face.amount,
            dna=face.dna,
            gain=gain,
            pips=face.threat,
        )
    if a.kind == "storage":
        return message("act.storage", level=a.scientist, tracks=", ".join(a.choice))
    if a.kind == "recipe":
        ident = state.recipe_up[CATEGORIES.index(a.target)]
        return message("act.recipe", level=a.scientist, name=c[ident].name)
    if a.kind == "pass":
        if a.scientist is not None:
            return message("act.pass_scientist", level=a.scientist)
        return message("act.pass_market", money=state.rules.pass_money)
    if a.kind in ("hire", "build", "upgrade"):
        col = {"build": 0, "upgrade": 1, "hire": 2}[a.kind]
        ident = state.rows[col][a.target]
        price = c.tables.market_rows[a.target]
        if a.kind == "build":
            assert p is not None
            price = abilities.attraction_price(state, p, ident, a.target)
        text = message(f"act.{a.kind}", name=c[ident].name, price=price)
        if a.kind == "hire" and a.choice is not None:
            text += message("act.firing", name=c[a.choice].name)
        if a.kind == "upgrade" and p is not None and p.lab[a.choice] is not None:
            text += message("act.covering", name=c[p.lab[a.choice]].name)
        return text
    if a.kind == "special":
        return message("act.special", what=message("ui." + a.target))
    if a.kind == "buy_dna":
        dna, col = a.choice
        offer = c.tables.dna_offer(a.target)
        row = c.tables.market_rows.index(a.target)
        gone = message("act.discard", name=c[state.rows[col][row]].name) if col is not None else ""
        return message("act.buy_dna", price=a.target, amount=offer.amount, dna=dna) + gone
    if a.kind == "work":
        assert p is not None
        slot = abilities.find_slot(state, p, a.target)
        return work_label(state, p, slot.action, a)
    if a.kind == "done":
        return message("act.done", left=p.workers_free if p else 0)
    if a.kind == "food":
        assert p is not None
        food = park.food_customers(state, p)
        return message("act.food", money=a.choice, vp=food - a.choice)
    return str(a)


def work_label(state: GameState, p: PlayerState, action, a: Action) -> str:
    """A worker action in words (the lab-slot table's words, with the slot's space)."""
    key, values = workers.SLOT_ACTIONS[action.id].words(state, p, action, a.choice)
    return message(key, space=a.target[0], **values)


def step_line(state: GameState, actor: int, move: Any) -> str:
    """One step of the game in `state` as a log line: `actor`'s action, or (actor `CHANCE`)
    the chance outcome `move` of the pending event."""
    if actor == CHANCE:
        outcome = getattr(state.components.by_id.get(move), "name", move)
        return message("log.chance", what=describe(state.pending[0]), outcome=outcome)
    return message("log.action", name=state.names[actor], action=action_label(state, move))


def round_summary(start: GameState, end: GameState) -> str:
    """How the round that began in `start` went, told from `end` (the first state of the next
    round, or the end of the game): each player's VP track and what it gained, the visitors
    their dinosaurs ate, and their money."""
    parts = []
    for name, before, after in zip(end.names, start.players, end.players):
        eaten = after.eaten_total - before.eaten_total
        parts.append(
            message(
                "log.round_player",
                name=name,
                vp=after.vp,
                gained=f"{after.vp - before.vp:+d}",
                eaten=message("log.eaten", n=eaten) if eaten else "",
                money=after.money,
            )
        )
    return message("log.round_summary", round=start.round, players="; ".join(parts))


def final_lines(state: GameState) -> list[str]:
    """The end of a finished game in words: the final scores and who won."""
    assert state.final is not None
    scores = ", ".join(f"{n} {f}" for n, f in zip(state.names, state.final))
    lines = [message("log.final", scores=scores)]
    if state.rules.solo:
        key = "log.solo_won" if state.winners else "log.solo_lost"
        lines.append(message(key, name=state.names[0], rival=rival_score(state)))
    else:
        names = ", ".join(state.names[w] for w in state.winners)
        lines.append(message("log.winners", names=names))
    return lines


def game_log(state: GameState, steps: bool = True) -> list[str]:
    """The game that led to `state` in words: with `steps`, every step under round and phase
    headings, each round closed by its summary; without, the round summaries alone. A finished
    game ends with its final scores."""
    s = new_game(
        list(state.names),
        state.components,
        objective_length=state.objective_length,
        predictable_systems=state.rules.predictable_systems,
        chaos_theory=state.rules.chaos_theory,
        first_player=state.first_player,
        max_rounds=state.rules.max_rounds,
        solo=state.rules.solo,
    )
    lines: list[str] = []
    heading: tuple[int, str] | None = None
    round_start = s
    for actor, move in state.moves():
        if steps and (s.round, s.phase) != heading:
            heading = (s.round, s.phase)
            if s.phase == Phase.RESEARCH and s.step == 0:
                lines.append(message("log.round", round=s.round))
            lines.append(message("log.phase", phase=message(f"phase.{s.phase}")))
        if steps:
            lines.append(step_line(s, actor, move))
        after = apply_chance(s, move) if actor == CHANCE else apply_action(s, move)
        if after.round != round_start.round or after.is_terminal():
            lines.append(round_summary(round_start, after))
            round_start = after
        s = after
    if s.final is not None:
        lines += final_lines(s)
    return lines
