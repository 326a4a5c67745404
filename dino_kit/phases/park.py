"""Phase 4, park: attract visitors, line them up, escapes, score.

- Attract (chance): in turn order each player draws visitors = excitement (+ bonuses, never
  above the cap nor the bag) and gets $1 per customer (plot twists may change the fee).
- Lines (`place`): places are the exhibits (each holds as many visitors as it has dinosaurs)
  then the attractions (their capacity), in park order. Hooligans are placed first, then
  customers; who does not fit waits in line.
- Escapes (`escapes`, simultaneous): threat = track + the held die's pips (re-rolled first
  under chaos theory). Security (track + bonuses) below it: the difference is eaten —
  customers inside first (those at non-food places before those at food attractions: the
  owner keeps the better ones, a decision of ours), then hooligans inside, then the line
  (customers, then hooligans). Each eaten visitor goes back to the bag and costs 1 VP.
  Security equal to threat is safe.
- Score (in turn order): +1 VP per surviving customer in an exhibit or attraction; each
  customer at a food attraction gives 1 VP or $2, the owner's choice:
  `Action("food", choice=k)` takes k of them as money (asked only when there is one). Passive
  income is paid here too.
"""

from __future__ import annotations

from dino_kit import abilities
from dino_kit.phases.common import Problem
from dino_kit.state import Action, ActionKind, GameState, PlayerState
from dino_kit.state import evolve as replace

KINDS = (ActionKind.FOOD,)


def capacities(state: GameState, p: PlayerState) -> list[tuple[int, bool]]:
    """(capacity, is food) of each place, exhibits first then attractions."""
    places = [(e.dinosaurs, False) for e in p.exhibits]
    for ident in p.attractions:
        a = state.components.attraction(ident)
        places.append((a.capacity, a.food))
    return places


def place(state: GameState, seat: int, customers: int, hooligans: int) -> GameState:
    """Put a player's drawn visitors in their park and take the admission fees."""
    p = state.players[seat]
    inside = []
    c_left, h_left = customers, hooligans
    places = capacities(state, p)
    h_in = []
    for cap, _ in places:
        h = min(cap, h_left)
        h_left -= h
        h_in.append(h)
    for (cap, _), h in zip(places, h_in):
        c = min(cap - h, c_left)
        c_left -= c
        inside.append((c, h))
    bag = (state.bag[0] - customers, state.bag[1] - hooligans)
    state = replace(state, bag=bag)
    return state.with_player(
        seat,
        inside=tuple(inside),
        line=(c_left, h_left),
        money=p.money + customers * state.rules.customer_fee,
    )


def threat_now(state: GameState, p: PlayerState) -> int:
    """This round's threat: the track plus the held die's pips (plus, in solo mode, the
    rival's threat this round)."""
    base = p.threat + state.rival_threat
    if state.held is None:
        return base
    die = state.components.die(state.pool[state.held])
    return base + die.faces[state.held_face].threat


def escapes(state: GameState) -> GameState:
    """Every player's escapes at once."""
    bag_c, bag_h = state.bag
    players = list(state.players)
    for seat, p in enumerate(players):
        eat = max(0, threat_now(state, p) - abilities.security_total(state, p))
        if eat == 0:
            continue
        places = capacities(state, p)
        inside = [list(x) for x in p.inside] or [[0, 0] for _ in places]  # drew nobody
        line = list(p.line)
        eaten_c = eaten_h = 0
        order = [i for i, (_, food) in enumerate(places) if not food]
        order += [i for i, (_, food) in enumerate(places) if food]
        for who in (0, 1):  # customers, then hooligans, inside
            for i in order:
                n = min(eat, inside[i][who])
                inside[i][who] -= n
                eat -= n
                eaten_c, eaten_h = (eaten_c + n, eaten_h) if who == 0 else (eaten_c, eaten_h + n)
        for who in (0, 1):  # then the line
            n = min(eat, line[who])
            line[who] -= n
            eat -= n
            eaten_c, eaten_h = (eaten_c + n, eaten_h) if who == 0 else (eaten_c, eaten_h + n)
        eaten = eaten_c + eaten_h
        bag_c, bag_h = bag_c + eaten_c, bag_h + eaten_h
        players[seat] = replace(
            p,
            inside=tuple(tuple(x) for x in inside),
            line=tuple(line),
            eaten=eaten,
            eaten_total=p.eaten_total + eaten,
            vp=p.vp - eaten * state.rules.eaten_penalty,
        )
    return replace(state, players=tuple(players), bag=(bag_c, bag_h))


def food_customers(state: GameState, p: PlayerState) -> int:
    return sum(c for (c, _), (_, food) in zip(p.inside, capacities(state, p)) if food)


def score(state: GameState, seat: int, as_money: int) -> GameState:
    """Score a player's surviving customers; `as_money` food customers pay instead."""
    p = state.players[seat]
    customers = sum(c for c, _ in p.inside)
    income = abilities.passive(state, p, "income")
    return state.with_player(
        seat,
        vp=p.vp + customers - as_money,
        money=p.money + as_money * state.rules.food_money + income,
    )


def candidates(state: GameState, seat: int) -> list[Action]:
    food = food_customers(state, state.players[seat])
    return [Action(ActionKind.FOOD, choice=k) for k in range(food + 1)]


def problem(state: GameState, seat: int, a: Action) -> Problem:
    food = food_customers(state, state.players[seat])
    if not isinstance(a.choice, int) or isinstance(a.choice, bool) or not 0 <= a.choice <= food:
        return "food_choice", {"n": food, "got": a.choice}
    return None


def apply(state: GameState, seat: int, a: Action) -> GameState:
    return replace(score(state, seat, a.choice), step=state.step + 1)
