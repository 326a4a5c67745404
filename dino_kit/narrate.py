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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dino_kit import abilities, chance
from dino_kit.components.schema import (
    ComponentSet,
    LabUpgrade,
    Objective,
    PlotTwist,
    Specialist,
)
from dino_kit.effects import CATEGORIES, DNA_TYPES, Effect
from dino_kit.engine import apply_action, apply_chance
from dino_kit.messages import dna_of, dna_word, message, plural, said
from dino_kit.phases import park, workers
from dino_kit.setup import new_game
from dino_kit.solo import rival_score
from dino_kit.state import (
    CHANCE,
    COLUMNS,
    Action,
    ChaosRoll,
    DieRoll,
    GameState,
    MarketDraw,
    Move,
    ObjectiveDraw,
    Outcome,
    Phase,
    PlayerState,
    PoolDraw,
    RecipeDraw,
    TwistDraw,
    VisitorDraw,
    face_of,
)
from kit_common.messages import number_text


def action_label(state: GameState, a: Action) -> str:
    """A legal action of the player to act, in words, with what it gives or costs."""
    c = state.components
    seat = state.current_player()
    p = state.players[seat] if seat >= 0 else None
    if a.kind == "die":
        face = face_of(state, a.target)
        if face.rare is not None:
            what = message("ui.rare_" + face.rare)
            if a.choice is not None and p is not None:
                name = c.name_of(p.exhibits[a.choice].recipe)
                return message(
                    "act.die_rare_for", level=a.scientist, slot=a.target + 1, what=what, name=name
                )
            return message("act.die_rare", level=a.scientist, slot=a.target + 1, what=what)
        assert p is not None and a.scientist is not None and face.dna is not None
        bonus = abilities.passive(state, p, "research_bonus")
        i = DNA_TYPES.index(face.dna)
        dna = dna_of(face.dna)
        total = face.amount * a.scientist + bonus
        room = p.limits[i] - p.dna[i]
        product = message("act.die_sum", amount=face.amount, dna=dna, level=a.scientist)
        if bonus:
            product = message("act.die_bonus", sum=product, bonus=bonus)
        # the sum as the rules work it out: the DNA the die gives, then what cold storage keeps
        key = (
            "act.die_n"
            if total <= room
            else ("act.die_full_n" if room == 0 else "act.die_capped_n")
        )
        return plural(
            key,
            face.threat,
            level=a.scientist,
            slot=a.target + 1,
            sum=product,
            total=total,
            dna=dna,
            gain=min(total, room),
        )
    if a.kind == "storage":
        return message("act.storage", level=a.scientist, tracks=tracks_text(a.choice))
    if a.kind == "recipe":
        ident = state.recipe_up[CATEGORIES.index(a.target)]
        assert ident is not None  # a legal action takes a recipe that is up
        return message("act.recipe", level=a.scientist, name=c.name_of(ident))
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
        text = message(f"act.{a.kind}", name=c.name_of(ident), price=price)
        if a.kind == "hire" and a.choice is not None:
            text += message("act.firing", name=c.name_of(a.choice))
        if a.kind == "upgrade" and p is not None:
            covered = p.lab[a.choice]
            if covered is not None:
                text += message("act.covering_space", name=c.name_of(covered), space=a.choice + 1)
            else:
                text += message("act.free_space", space=a.choice + 1)
        return text
    if a.kind == "special":
        return message("act.special", what=message("ui." + a.target))
    if a.kind == "buy_dna":
        dna, col = a.choice
        offer = c.tables.dna_offer(a.target)
        assert offer is not None  # a legal purchase is at a price with an offer
        row = c.tables.market_rows.index(a.target)
        gone = (
            message("act.discard", name=c.name_of(state.rows[col][row])) if col is not None else ""
        )
        text = message("act.buy_dna", price=a.target, amount=offer.amount, dna=dna_of(dna))
        if p is not None:
            i = DNA_TYPES.index(dna)
            kept = min(offer.amount, p.limits[i] - p.dna[i])
            if kept < offer.amount:
                text += message("act.dna_kept", kept=kept)
        return text + gone
    if a.kind == "work":
        assert p is not None
        slot = abilities.find_slot(state, p, a.target)
        assert slot is not None  # a legal worker action is on a slot of the lab
        return work_label(state, p, slot.action, a)
    if a.kind == "done":
        return plural("act.done_n", p.workers_free if p else 0)
    if a.kind == "food":
        assert p is not None
        food = park.food_customers(state, p)
        return message("act.food", money=a.choice, vp=food - a.choice)
    if a.kind == "place":
        assert p is not None
        return place_label(state, p, a)
    if a.kind == "eat":
        assert p is not None
        return eat_label(state, p, a)
    return str(a)


#: A menu of more entries than this is shown in two steps (`menu_group`): a phone's select
#: list of a hundred entries (a scientist's cold-storage raises) cannot be read.
GROUP_AT = 12


def menu_group(state: GameState, a: Action, fine: bool = False) -> tuple[Any, str] | None:
    """The group a long menu shows `a` under, as (key, words), so that a person picks the
    group first and then the action in it (`GROUP_AT`): a die before the scientist who claims
    it, a scientist before how to raise cold storage, a market tile or DNA price before the
    space, the specialist fired or the DNA type, a lab slot before its choice. `fine`: the
    smaller group of a group still too long (cold-storage raises: the scientist and the first
    track raised, in the DNA order). None for an action of a kind never grouped."""
    c = state.components
    kind = a.kind
    if kind == "die":
        face = face_label_of(face_of(state, a.target))
        return a.target, message("ui.group.die", slot=a.target + 1, face=face)
    if kind == "storage":
        if fine and a.choice:
            first = a.choice[0]
            words = message("ui.group.storage", level=a.scientist, dna=dna_word(first))
            return (a.scientist, first), words
        return a.scientist, message("ui.group.scientist", level=a.scientist)
    if kind in ("upgrade", "hire"):
        col = 1 if kind == "upgrade" else 2
        name = c.name_of(state.rows[col][a.target])
        return a.target, message("ui.group.tile", name=name, price=c.tables.market_rows[a.target])
    if kind == "buy_dna":
        return a.target, message("ui.group.dna_price", price=a.target)
    if kind == "work":
        p = state.players[state.current_player()]
        space, index = a.target
        slot = message("ui.group.slot", space=space_name(state, p, space), n=index + 1)
        if fine and isinstance(a.choice, tuple) and a.choice:  # a slot raising cold storage
            first = a.choice[0]
            words = message("ui.group.slot_storage", slot=slot, dna=dna_word(first))
            return (a.target, first), words
        return a.target, slot
    return None


def grouped(
    state: GameState, actions: Sequence[Action]
) -> list[tuple[Any, str, list[Action]]] | None:
    """`actions` (of one kind) as (key, words, actions) groups in the order first met, when
    there are more than `GROUP_AT` of them and at least two groups; None otherwise (the menu
    lists them all)."""
    if len(actions) <= GROUP_AT:
        return None
    groups: dict[Any, tuple[str, list[Action]]] = {}
    for a in actions:
        found = menu_group(state, a)
        if found is None:
            return None
        key, words = found
        groups.setdefault(key, (words, []))[1].append(a)
    out: list[tuple[Any, str, list[Action]]] = []
    for key, (words, members) in groups.items():
        finer: dict[Any, tuple[str, list[Action]]] = {}
        if len(members) > GROUP_AT:  # still too long: in smaller groups where a kind has them
            for a in members:
                fine = menu_group(state, a, fine=True)
                assert fine is not None  # (a kind grouped once is grouped finely too)
                finer.setdefault(fine[0], (fine[1], []))[1].append(a)
        if len(finer) > 1:
            out += [(k, w, m) for k, (w, m) in finer.items()]
        else:
            out.append((key, words, members))
    return out if len(out) > 1 else None


def eat_label(state: GameState, p: PlayerState, a: Action) -> str:
    """A choice of who is eaten in words: "eat for me" with how many, or a customer at a
    place, with how many are there and how many are still to eat."""
    if a.target is None:
        return plural("park.eat.for_me_n", p.to_eat)
    return plural(
        "park.eat.customer",
        p.to_eat,
        place=park.place_name(state, p, a.target),
        there=p.inside[a.target][0],
    )


def place_label(state: GameState, p: PlayerState, a: Action) -> str:
    """A placement in words: "place for me" with the visitors it places, or the next visitor
    (a hooligan while any is left) into a place, with the room there."""
    if a.target is None:
        return message("park.place.for_me", who=_who(*p.to_place))
    hooligan = park.next_is_hooligan(p)
    left = p.to_place[1] if hooligan else p.to_place[0]
    return plural(
        "park.place.hooligan" if hooligan else "park.place.customer",
        left,
        place=park.place_name(state, p, a.target),
        free=park.room(state, p)[a.target],
    )


def work_label(state: GameState, p: PlayerState, action: Effect, a: Action) -> str:
    """A worker action in words (the lab-slot table's words, with the lab space by name)."""
    key, values = workers.SLOT_ACTIONS[action.id].words(state, p, action, a.choice)
    if "tracks" in values:
        values["tracks"] = tracks_text(a.choice)
    space = space_name(state, p, a.target[0])
    slot = abilities.find_slot(state, p, a.target)
    if slot is not None and slot.workers > 1:
        space = message("ui.space_workers", name=space, workers=slot.workers)
    return message(key, space=space, **values)


def space_name(state: GameState, p: PlayerState, space: str) -> str:
    """A lab space by name: Dino Research, DNA Refinement (or the II tile over it), or the
    lab upgrade built on an "under construction" space."""
    c = state.components
    if space == "dino_research":
        return c.name_of(p.dino_research) if p.dino_research else message("ui.dino_research")
    if space == "dna_refinement":
        return c.name_of(p.dna_refinement) if p.dna_refinement else message("ui.dna_refinement")
    ident = p.lab[int(space.removeprefix("lab"))]
    return c.name_of(ident) if ident else space


def tracks_text(tracks: Iterable[str]) -> str:
    """Cold-storage raises in words: ("violet", "violet", "red") → "violet +2, red +1"."""
    counts: dict[str, int] = {}
    for t in tracks:
        counts[t] = counts.get(t, 0) + 1
    return ", ".join(f"{dna_word(t)} +{n}" for t, n in counts.items())


def step_line(state: GameState, actor: int, move: Any) -> str:
    """One step of the game in `state` as a log line: `actor`'s action, or (actor `CHANCE`)
    the chance outcome `move` of the pending event."""
    if actor == CHANCE:
        return "  " + chance_line(state, move)
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
                gained=number_text(after.vp - before.vp, "+d"),  # "−6" with the true minus sign
                eaten=plural("log.eaten_n", eaten) if eaten else "",
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
        lines.append(plural("log.winners_n", len(state.winners), names=names))
    return lines


def game_log(state: GameState, steps: bool = True) -> list[str]:
    """The game that led to `state` in words: with `steps`, every step under round and phase
    headings, each round closed by its summary; without, the round summaries alone. A finished
    game ends with its final scores."""
    s = _replay_start(state)
    lines: list[str] = []
    heading: tuple[int, str] | None = None
    round_start = s
    park_start: GameState | None = None
    park_moves: list[Move] = []
    for actor, move in state.moves():
        if steps and (s.round, s.phase) != heading:
            heading = (s.round, s.phase)
            if s.phase == Phase.RESEARCH and s.step == 0:
                lines.append(message("log.round", round=s.round))
            lines.append(message("log.phase", phase=message(f"phase.{s.phase}")))
        if steps:
            lines.append(step_line(s, actor, move))
        after = apply_action(s, move) if isinstance(move, Action) else apply_chance(s, move)
        if s.phase == Phase.PARK:
            park_start = park_start or s
            park_moves.append(move)
        if park_start is not None and after.phase != Phase.PARK:
            # the park told as the game page tells it: who came, who was eaten and why
            for visit in park_visits(park_start, park_moves):
                name = s.names[visit.seat]
                lines += [vp_change_line(visit, name), *park_lines(visit, name)]
            park_start, park_moves = None, []
        if after.round != round_start.round or after.is_terminal():
            lines.append(round_summary(round_start, after))
            round_start = after
        s = after
    if s.final is not None:
        lines += final_lines(s)
    return lines


# -- what happened in a round, told for the game page and the CLI --------------------------


@dataclass(frozen=True)
class ParkVisit:
    """One player's park phase: who came, where they went, who was eaten and why, and what
    it earned. `places` holds (place name, customers, hooligans) inside before the escapes;
    `line` the (customers, hooligans) left waiting at the entrance."""

    seat: int
    customers: int
    hooligans: int
    places: tuple[tuple[str, int, int], ...]
    line: tuple[int, int]
    threat: int
    held_pips: int
    rival_threat: int
    security: int
    eaten_customers: int
    eaten_hooligans: int
    scored: int
    food_as_money: int
    eaten_penalty: int
    vp_before: int
    vp_after: int
    money_fee: int
    money_food: int
    income: int

    @property
    def eaten(self) -> int:
        return self.eaten_customers + self.eaten_hooligans

    @property
    def vp_parts(self) -> dict[str, int]:
        """Why the VP changed, part by part; the parts add up to `vp_after - vp_before`."""
        return {
            "customers": self.scored,
            "food_money": -self.food_as_money,
            "eaten": -self.eaten * self.eaten_penalty,
        }


def park_visits(start: GameState, moves: Sequence[Move]) -> tuple[ParkVisit, ...]:
    """Replay a park phase with the phase's own rules: `start` is the game as the park
    begins (visitors still to draw), `moves` the park's moves in order (the visitor draws,
    the chaos roll, the placements, who is eaten, the food choices). One `ParkVisit` per
    seat."""
    s = chance.normalize(start)
    queue = list(moves)
    while s.pending:
        outcome = queue.pop(0)
        assert not isinstance(outcome, Action)
        s = chance.normalize(chance.apply(s, outcome))
    s = park.settle(s)
    while (seat := park.placing(s)) is not None:
        move = queue.pop(0)
        assert isinstance(move, Action)
        s = park.settle(park.apply(s, seat, move))
    placed = s
    s = park.settle_eating(park.start_escapes(s))
    while (seat := park.eating(s)) is not None:  # the owners' choices of who is eaten
        move = queue.pop(0)
        assert isinstance(move, Action)
        s = park.settle_eating(park.apply(s, seat, move))
    eaten_state = s
    food_choice: dict[int, int] = {}
    for seat in s.order:
        as_money = 0
        if park.food_customers(s, s.players[seat]) > 0:
            move = queue.pop(0)
            assert isinstance(move, Action)
            as_money = move.choice
        food_choice[seat] = as_money
        s = park.score(s, seat, as_money)
    c = start.components
    visits = []
    for seat, before in enumerate(start.players):
        p, e = placed.players[seat], eaten_state.players[seat]
        names = [c.name_of(x.recipe) for x in p.exhibits]
        names += [c.name_of(a) for a in p.attractions]
        inside = p.inside or tuple((0, 0) for _ in names)
        drawn_c = sum(x for x, _ in inside) + p.line[0]
        drawn_h = sum(h for _, h in inside) + p.line[1]
        after_c = sum(x for x, _ in e.inside) + e.line[0] if e.inside else e.line[0]
        after_h = sum(h for _, h in e.inside) + e.line[1] if e.inside else e.line[1]
        held_pips = park.threat_now(placed, p) - p.threat - placed.rival_threat
        visits.append(
            ParkVisit(
                seat=seat,
                customers=drawn_c,
                hooligans=drawn_h,
                places=tuple((n, x, h) for n, (x, h) in zip(names, inside)),
                line=p.line,
                threat=park.threat_now(placed, p),
                held_pips=held_pips,
                rival_threat=placed.rival_threat,
                security=abilities.security_total(placed, p),
                eaten_customers=drawn_c - after_c,
                eaten_hooligans=drawn_h - after_h,
                scored=sum(x for x, _ in e.inside),
                food_as_money=food_choice[seat],
                eaten_penalty=start.rules.eaten_penalty,
                vp_before=before.vp,
                vp_after=s.players[seat].vp,
                money_fee=drawn_c * start.rules.customer_fee,
                money_food=food_choice[seat] * start.rules.food_money,
                income=abilities.passive(s, s.players[seat], "income"),
            )
        )
    return tuple(visits)


def _count(n: int, key: str) -> str:
    return plural(key, n)


def park_lines(visit: ParkVisit, name: str) -> list[str]:
    """A player's park phase in sentences: visitors, places, escapes, VP and money."""
    v = visit
    lines = [
        message(
            "story.visitors",
            name=name,
            who=_who(v.customers, v.hooligans),
        )
    ]
    where = [
        message("story.place", place=place, who=_who(c, h)) for place, c, h in v.places if c + h
    ]
    if sum(v.line):
        where.append(message("story.line", who=_who(*v.line)))
    if where:
        lines.append("; ".join(where) + ".")
    parts = [message("story.track_threat", n=v.threat - v.held_pips - v.rival_threat)]
    if v.held_pips:
        parts.append(message("story.held_threat", n=v.held_pips))
    if v.rival_threat:
        parts.append(message("story.rival_threat", n=v.rival_threat))
    threat = message("story.threat", threat=v.threat, parts=" + ".join(parts), security=v.security)
    if v.eaten:
        lines.append(
            threat
            + " "
            + message(
                "story.eaten",
                gap=v.threat - v.security,
                who=_who(v.eaten_customers, v.eaten_hooligans),
                vp=v.eaten * v.eaten_penalty,
            )
        )
    else:
        lines.append(threat + " " + message("story.safe"))
    if v.scored:
        score = message("story.scored", n=_count(v.scored, "story.customers"), vp=v.scored)
    else:
        score = message("story.none_scored")
    if v.food_as_money:
        score += " " + message(
            "story.food_money", n=v.food_as_money, money=v.money_food, vp=v.food_as_money
        )
    lines.append(score)
    money = [message("story.fee", money=v.money_fee)] if v.money_fee else []
    if v.money_food:
        money.append(message("story.food_paid", money=v.money_food))
    if v.income:
        money.append(message("story.income", money=v.income))
    if money:
        total = v.money_fee + v.money_food + v.income
        lines.append(message("story.money", total=total, parts=", ".join(money)))
    return lines


def visitors_text(customers: int, hooligans: int) -> str:
    """Visitors in words: "3 customers and 1 hooligan", or "nobody"."""
    return _who(customers, hooligans)


def _who(customers: int, hooligans: int) -> str:
    parts = []
    if customers:
        parts.append(_count(customers, "story.customers"))
    if hooligans:
        parts.append(_count(hooligans, "story.hooligans"))
    return message("story.and").join(parts) or message("story.nobody")


def vp_change_line(visit: ParkVisit, name: str) -> str:
    """Why a player's VP changed this round, in one line that adds up."""
    v = visit
    words = {
        "customers": "story.part_customers",
        "food_money": "story.part_food_money",
        "eaten": "story.part_eaten",
    }
    parts = [message(words[key], n=signed(amount)) for key, amount in v.vp_parts.items() if amount]
    change = v.vp_after - v.vp_before
    return message(
        "story.vp_change",
        name=name,
        before=v.vp_before,
        after=v.vp_after,
        change=signed(change),
        parts=", ".join(parts) or message("story.no_change"),
    )


def signed(n: int) -> str:
    """A change with its sign: +2, −1 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else number_text(n)


def held_die_line(state: GameState) -> str:
    """After research: the die left unclaimed with the most threat, which every park adds to
    its threat this round (or that none is held)."""
    if state.held is None:
        return message("story.no_held")
    face = face_of(state, state.held)
    return plural("story.held_n", face.threat, slot=state.held + 1, face=face_label_of(face))


def face_label_of(face: Any) -> str:
    """A die face in words (amount and DNA, or its rare effect)."""
    if face.rare is not None:
        return message("story.rare_face", what=message("story.rare." + face.rare))
    return message("story.face", amount=face.amount, dna=dna_of(face.dna))


def cleanup_lines(before: GameState, after: GameState) -> list[str]:
    """The cleanup closing a round, in words: the money the plot twists pay (or take) at
    every round's end, the next round's turn order (fewest VP first) and the market's slide
    (the cheapest row discarded, the rest toward the cheap rows, the empty places refilled).
    `before`: the round's last state; `after`: the next round's first (its draws still to
    come). Nothing when the game ended at this cleanup."""
    if after.is_terminal():
        return []
    lines = []
    money = after.rules.round_end_money
    if money:  # a plot twist pays (or takes) money at every round's end
        twists = [after.components.plot_twist(ident) for ident in after.plot_twists]
        names = ", ".join(
            after.components.name_of(t) for t in twists if t.modifier.id == "round_end_money"
        )
        key = "story.round_end_money" if money > 0 else "story.round_end_money.less"
        lines.append(message(key, amount=abs(money), names=names))
    if after.num_players > 1:
        order = "; ".join(
            message("story.order_entry", name=after.names[seat], vp=after.players[seat].vp)
            for seat in after.order
        )
        lines.append(message("story.turn_order", round=after.round, order=order))
    c = after.components
    price = c.tables.market_rows[-1]
    gone = [c.name_of(column[-1]) for column in before.rows if column[-1] is not None]
    if gone:
        lines.append(plural("story.market_slide_n", len(gone), items=", ".join(gone), price=price))
    else:
        lines.append(message("story.market_slide_empty", price=price))
    return lines


def round_start_notice(state: GameState) -> str:
    """What a player should know as a round begins: whether it is the last one, or how
    close the end is (the game ends at a cleanup with at most one objective unclaimed)."""
    r = state.rules
    if r.solo:
        left = r.solo_rounds - state.round
        if left <= 0:
            return message("story.last_round_solo", round=state.round)
        return plural("story.solo_rounds_left_n", left + 1, round=state.round)
    if state.round >= r.max_rounds:
        return message("story.last_round_limit", round=state.round)
    unclaimed = len(state.unclaimed_objectives())
    if unclaimed <= 2:
        return plural("story.maybe_last_n", unclaimed, round=state.round)
    return message("story.round_starts", round=state.round, n=unclaimed)


def ending_lines(state: GameState) -> list[str]:
    """Why the game ended and who won, ties explained (money, then a shared victory)."""
    assert state.final is not None
    lines = []
    if state.rules.solo:
        lines.append(message("story.end_solo", round=state.round))
    elif not state.unclaimed_objectives():
        lines.append(message("story.end_all_claimed", round=state.round))
    elif len(state.unclaimed_objectives()) == 1:
        lines.append(
            plural("story.end_objectives_n", len(state.unclaimed_objectives()), round=state.round)
        )
    else:
        lines.append(message("story.end_limit", round=state.round))
    if state.rules.solo:
        key = "log.solo_won" if state.winners else "log.solo_lost"
        lines.append(message(key, name=state.names[0], rival=rival_score(state)))
        return lines
    best = max(state.final)
    top = [seat for seat, f in enumerate(state.final) if f == best]
    names = [state.names[s] for s in state.winners]
    if len(top) == 1:
        lines.append(message("story.winner", name=names[0], points=best))
    elif len(state.winners) == 1:
        money = ", ".join(f"{state.names[s]} ${state.players[s].money}" for s in top)
        lines.append(
            message("story.tie_money", n=len(top), points=best, money=money, name=names[0])
        )
    else:
        lines.append(
            message(
                "story.tie_shared",
                names=message("story.and").join(names),
                points=best,
                money=state.players[state.winners[0]].money,
            )
        )
    return lines


def round_reports(state: GameState) -> list[tuple[int, tuple[ParkVisit, ...]]]:
    """Every finished park phase of a game, replayed from its history: (round, visits)."""
    s = _replay_start(state)
    reports = []
    park_start: GameState | None = None
    park_moves: list[Move] = []
    for _, move in state.moves():
        if s.phase == Phase.PARK:
            if park_start is None:
                park_start = s
            park_moves.append(move)
        after = apply_action(s, move) if isinstance(move, Action) else apply_chance(s, move)
        if park_start is not None and after.phase != Phase.PARK:
            reports.append((park_start.round, park_visits(park_start, park_moves)))
            park_start, park_moves = None, []
        s = after
    return reports


def _replay_start(state: GameState) -> GameState:
    return new_game(
        list(state.names),
        state.components,
        objective_length=state.objective_length,
        predictable_systems=state.rules.predictable_systems,
        chaos_theory=state.rules.chaos_theory,
        first_player=state.first_player,
        max_rounds=state.rules.max_rounds,
        solo=state.rules.solo,
    )


# -- components in words, from their data ------------------------------------------------------


def effect_text(effect: Effect) -> str:
    """What one effect does, in a few words ("+2 security in the park", "take $3")."""
    values = dict(effect.params)
    if "dna" in values:
        values["dna"] = dna_of(str(values["dna"]))
    if "category" in values:
        values["category"] = message("category." + values["category"])
    return said("effect." + effect.id, values, count="amount")


def upgrade_text(upgrade: LabUpgrade) -> str:
    """A lab upgrade's worker slots and always-on abilities in words."""
    parts = []
    for i, slot in enumerate(upgrade.slots):
        repeated = any(other.action == slot.action for other in upgrade.slots[:i])
        # a second slot of the same action is said once, not word for word again
        text = message("effect.same_slot") if repeated else effect_text(slot.action)
        parts.append(
            message("effect.slot_workers", text=text, workers=slot.workers)
            if slot.workers > 1
            else text
        )
    parts += [message("effect.always", text=effect_text(e)) for e in upgrade.passives]
    return "; ".join(parts)


def specialist_text(specialist: Specialist) -> str:
    """What hiring a specialist brings, in words (what it gives once, on hiring, said so)."""
    parts = []
    for e in specialist.effects:
        text = effect_text(e)
        once = e.id in ("gain_money", "gain_dna")
        parts.append(message("effect.on_hiring", text=text) if once else text)
    return "; ".join(parts)


def objective_line(objective: Objective) -> str:
    """An objective by name, its condition in words and its VP."""
    cond = objective.condition
    values = dict(cond.params)
    if "category" in values:
        values["category"] = message("category." + values["category"])
    condition = said("objective." + cond.id, values, count="count")
    return message(
        "objective.line", condition=condition[:1].upper() + condition[1:], vp=objective.vp
    )


def twist_line(twist: PlotTwist, components: ComponentSet | None = None) -> str:
    """A plot twist by name and the rule it changes; the name in the current language when
    `components` (the twist's set) is given, else its English name."""
    values = dict(twist.modifier.params)
    key = "twist." + twist.modifier.id
    if values.get("amount", 0) < 0:  # "costs $1 less", not "$-1 more"
        key, values["amount"] = key + ".less", -values["amount"]
    name = components.name_of(twist) if components is not None else twist.name
    return message("twist.line", name=name, text=message(key, **values))


def twists_sentence(state: GameState) -> str:
    """The plot twists in force in `state`'s game, by name and rule, in one sentence: an
    example played from a game names the rules it plays under (a twist may change a base
    rule a page teaches, e.g. passing pays $3 under Generous Sponsors)."""
    c = state.components
    if not state.plot_twists:
        if state.rules.predictable_systems:
            return message("ui.twists_predictable")
        return message("ui.twists_sentence", names=message("ui.no_twists"))
    names = "; ".join(twist_line(c.plot_twist(t), c) for t in state.plot_twists)
    return message("ui.twists_sentence", names=names)


def _number(outcome: Outcome) -> int:
    assert isinstance(outcome, int), outcome  # the pending event gives a number
    return outcome


def _ident(outcome: Outcome) -> str:
    assert isinstance(outcome, str), outcome  # the pending event draws a component
    return outcome


def chance_line(state: GameState, outcome: Outcome) -> str:
    """What the pending chance event of `state` gave, in words ("Die 2 rolled: 2 blue DNA")."""
    event = state.pending[0]
    c = state.components
    if isinstance(event, DieRoll):
        face = c.die(state.pool[event.slot]).faces[_number(outcome)]
        return plural("chance.roll_n", face.threat, slot=event.slot + 1, face=face_label_of(face))
    if isinstance(event, ChaosRoll):
        held = state.held
        pips = c.die(state.pool[held]).faces[_number(outcome)].threat if held is not None else 0
        return plural("chance.chaos_n", pips)
    if isinstance(event, VisitorDraw):
        total = abilities.visitors_to_draw(state, state.players[event.seat])
        return message(
            "chance.visitors",
            name=state.names[event.seat],
            who=_who(_number(outcome), total - _number(outcome)),
        )
    if isinstance(event, MarketDraw):
        price = c.tables.market_rows[event.row]
        return message(
            "chance.market", name=c.name_of(_ident(outcome)), price=price,
            column=message("ui.column." + COLUMNS[event.column]),
        )  # fmt: skip
    if isinstance(event, RecipeDraw):
        return message("chance.recipe", name=c.name_of(_ident(outcome)))
    if isinstance(event, ObjectiveDraw):
        return message("chance.objective", text=objective_line(c.objective(_ident(outcome))))
    if isinstance(event, TwistDraw):
        return message("chance.twist", text=twist_line(c.plot_twist(_ident(outcome)), c))
    if isinstance(event, PoolDraw):
        return message("chance.pool", n=len(state.pool) + 1)
    return message("chance.rival", name=getattr(c.by_id.get(_ident(outcome)), "name", outcome))


def park_outcome_text(outcome: Any) -> str:
    """A worked park round (`odds.ParkOutcome`) in sentences."""
    o = outcome
    return message(
        "story.outcome",
        came=_who(o.customers, o.hooligans),
        inside=_who(o.inside_customers, o.inside_hooligans),
        line=_who(o.line_customers, o.line_hooligans),
        eaten=o.eaten,
        vp=signed(o.vp),
        money=o.money,
    )
