"""Phase 4, park: attract visitors, line them up, escapes, score.

- Attract (chance): in turn order each player draws visitors = excitement (+ bonuses, never
  above the cap nor the bag) and gets $1 per customer (plot twists may change the fee).
- Lines (the player's choice, issue 15 defect 2): places are the exhibits (each holds as many
  visitors as it has dinosaurs) then the attractions (their capacity), in park order. When
  every player has drawn, each player in turn order places their visitors one at a time,
  hooligans first (as the rule says), then customers: `Action("place", target=i)` puts the
  next visitor into place i (0-based, exhibits then attractions), which must have room.
  `Action("place")` ("place for me") places all the visitors still to place by the kit's
  default, the automatic placement of before: hooligans fill the places in park order, then
  customers take the room left, in park order. Who does not fit waits in line — and only
  they: a visitor goes in line only when every place is full (the rule's "who does not
  fit"). The placement is asked only when it is a choice: with room in one place or none,
  the visitors go where they must (`settle`).
- Escapes (`start_escapes`, simultaneous): threat = track + the held die's pips (re-rolled
  first under chaos theory). Security (track + bonuses) below it: the difference is eaten
  (`to_eat`), customers inside always before hooligans inside, then the line. Which
  customers inside is the owner's choice (issue 28 item 7): `Action("eat", target=i)` eats a
  customer at place i, asked one at a time in turn order, only while it is a choice
  (`state.chooses_eaten`: fewer to eat than customers inside, in more than one place);
  `Action("eat")` ("eat for me", what the bots play, `escapes` for every park at once) eats
  the rest in the kit's order: customers at non-food places before those at food
  attractions (the owner keeps the better ones), then hooligans inside, then the line
  (customers, then hooligans). Hooligans inside and the line are never asked about: where
  they were changes nothing afterwards. Each eaten visitor goes back to the bag and costs
  1 VP. Security equal to threat is safe.
- Score (in turn order): +1 VP per surviving customer in an exhibit or attraction; each
  customer at a food attraction gives 1 VP or $2, the owner's choice:
  `Action("food", choice=k)` takes k of them as money (asked only when there is one). Passive
  income is paid here too.

Decisions of ours where the rules are silent (also in RULES_NOTES.md): a customer may go to any
place with room, a non-food one too while food places are free (the rules forbid nothing; it
only gives away the VP-or-$2 choice); the chaos-theory re-roll stays where it was, after the
draws and before the placement: placement cannot change how many visitors are eaten, nor which
placement is best (food customers are eaten last), so knowing the die first tells a player
nothing that matters, and the chance draws keep their order.
"""

from __future__ import annotations

from typing import Final

from dino_kit import abilities
from dino_kit.phases.common import Problem
from dino_kit.state import Action, ActionKind, GameState, PlayerState, chooses_eaten
from dino_kit.state import evolve as replace

KINDS: Final = (ActionKind.PLACE, ActionKind.EAT, ActionKind.FOOD)
PLACE_FOR_ME: Final = Action(ActionKind.PLACE)
EAT_FOR_ME: Final = Action(ActionKind.EAT)


def capacities(state: GameState, p: PlayerState) -> list[tuple[int, bool]]:
    """(capacity, is food) of each place, exhibits first then attractions."""
    places = [(e.dinosaurs, False) for e in p.exhibits]
    for ident in p.attractions:
        a = state.components.attraction(ident)
        places.append((a.capacity, a.food))
    return places


def place(state: GameState, seat: int, customers: int, hooligans: int) -> GameState:
    """A player's drawn visitors arrive: they wait to be placed (`to_place`), the places and
    the line start empty, and the admission fees are taken."""
    p = state.players[seat]
    empty = tuple((0, 0) for _ in capacities(state, p))
    bag = (state.bag[0] - customers, state.bag[1] - hooligans)
    state = replace(state, bag=bag)
    return state.with_player(
        seat,
        to_place=(customers, hooligans),
        inside=empty,
        line=(0, 0),
        money=p.money + customers * state.rules.customer_fee,
    )


def room(state: GameState, p: PlayerState) -> list[int]:
    """The room left in each place (exhibits first, then attractions)."""
    inside = p.inside or ((0, 0),) * len(capacities(state, p))
    return [cap - c - h for (cap, _), (c, h) in zip(capacities(state, p), inside)]


def open_places(state: GameState, p: PlayerState) -> list[int]:
    """The places with room left: where the next visitor may go."""
    return [i for i, r in enumerate(room(state, p)) if r > 0]


def placing(state: GameState) -> int | None:
    """The seat placing visitors now: the first of the turn order with visitors still to
    place (None when everybody is done)."""
    players = state.players
    for seat in state.order:
        if players[seat].to_place != (0, 0):
            return seat
    return None


def next_is_hooligan(p: PlayerState) -> bool:
    """True when the next visitor to place is a hooligan (hooligans go in first)."""
    return p.to_place[1] > 0


def put(state: GameState, seat: int, where: int) -> GameState:
    """The next visitor of `seat` (a hooligan while any is left) into place `where`."""
    p = state.players[seat]
    c, h = p.to_place
    inside = list(p.inside)
    ic, ih = inside[where]
    if h > 0:
        inside[where], to_place = (ic, ih + 1), (c, h - 1)
    else:
        inside[where], to_place = (ic + 1, ih), (c - 1, h)
    return state.with_player(seat, inside=tuple(inside), to_place=to_place)


def place_for_me(state: GameState, seat: int) -> GameState:
    """ "Place for me": every visitor `seat` still has to place, by the default (the automatic
    placement of before): hooligans fill the room in park order, then customers; who does not
    fit waits in line."""
    p = state.players[seat]
    c_left, h_left = p.to_place
    inside = []
    for (c, h), r in zip(p.inside, room(state, p)):
        dh = min(r, h_left)
        h_left -= dh
        dc = min(r - dh, c_left)
        c_left -= dc
        inside.append((c + dc, h + dh))
    line = (p.line[0] + c_left, p.line[1] + h_left)
    return state.with_player(seat, inside=tuple(inside), line=line, to_place=(0, 0))


def settle(state: GameState) -> GameState:
    """Place, in turn order, the visitors who have only one way to go (room in one place, or
    none: the line), up to the first player with a real choice."""
    while True:
        seat = placing(state)
        if seat is None or len(open_places(state, state.players[seat])) > 1:
            return state
        state = place_for_me(state, seat)


def threat_now(state: GameState, p: PlayerState) -> int:
    """This round's threat: the track plus the held die's pips (plus, in solo mode, the
    rival's threat this round)."""
    base = p.threat + state.rival_threat
    if state.held is None:
        return base
    die = state.components.die(state.pool[state.held])
    assert state.held_face is not None  # a held die has its face
    return base + die.faces[state.held_face].threat


def start_escapes(state: GameState) -> GameState:
    """The escapes begin in every park at once: each player's `to_eat` is threat − security
    (0 when security is at least the threat). Who is eaten comes next, one at a time
    (`eat_one`), by the owner's choice where there is one (`eating`, `settle_eating`)."""
    players = list(state.players)
    for seat, p in enumerate(players):
        eat = max(0, threat_now(state, p) - abilities.security_total(state, p))
        if eat:
            inside = p.inside or tuple((0, 0) for _ in capacities(state, p))  # drew nobody
            players[seat] = replace(p, to_eat=eat, inside=inside)
    return replace(state, players=tuple(players))


def eat_order(state: GameState, p: PlayerState) -> list[int]:
    """The places in the order "eat for me" empties them: the non-food places, then the food
    attractions (worth VP or $2: the owner keeps them longest), each in park order."""
    places = capacities(state, p)
    return [i for i, (_, food) in enumerate(places) if not food] + [
        i for i, (_, food) in enumerate(places) if food
    ]


def customers_inside(p: PlayerState) -> int:
    return sum(c for c, _ in p.inside)


def edible_places(p: PlayerState) -> list[int]:
    """The places whose customers the owner may choose to be eaten now: those holding a
    customer (customers inside are always eaten before hooligans)."""
    return [i for i, (c, _) in enumerate(p.inside) if c > 0]


def eating(state: GameState) -> int | None:
    """The seat choosing who is eaten now: the first of the turn order with a choice left
    (None when nobody has one)."""
    players = state.players
    for seat in state.order:
        if chooses_eaten(players[seat]):
            return seat
    return None


def _eaten(state: GameState, seat: int, customers: int, hooligans: int) -> GameState:
    """`seat` loses `customers` + `hooligans` visitors to the dinosaurs: back to the bag,
    1 VP each (a plot twist may change it)."""
    p = state.players[seat]
    n = customers + hooligans
    state = replace(state, bag=(state.bag[0] + customers, state.bag[1] + hooligans))
    return state.with_player(
        seat,
        to_eat=p.to_eat - n,
        eaten=p.eaten + n,
        eaten_total=p.eaten_total + n,
        vp=p.vp - n * state.rules.eaten_penalty,
    )


def eat_one(state: GameState, seat: int, where: int) -> GameState:
    """The owner's choice: a customer at place `where` is eaten."""
    p = state.players[seat]
    inside = list(p.inside)
    c, h = inside[where]
    inside[where] = (c - 1, h)
    return _eaten(state.with_player(seat, inside=tuple(inside)), seat, 1, 0)


def eat_for_me(state: GameState, seat: int) -> GameState:
    """ "Eat for me": the visitors `seat` still has to lose, in the kit's order (the order of
    every escape before the choice was the owner's): customers inside (`eat_order`), then
    hooligans inside (same order), then customers in line, then hooligans in line."""
    p = state.players[seat]
    eat = p.to_eat
    if eat == 0:
        return state
    inside = [list(x) for x in p.inside]
    line = list(p.line)
    eaten = [0, 0]
    order = eat_order(state, p)
    for who in (0, 1):  # customers, then hooligans, inside
        for i in order:
            n = min(eat, inside[i][who])
            inside[i][who] -= n
            eat -= n
            eaten[who] += n
    for who in (0, 1):  # then the line
        n = min(eat, line[who])
        line[who] -= n
        eat -= n
        eaten[who] += n
    state = state.with_player(
        seat, inside=tuple((c, h) for c, h in inside), line=(line[0], line[1])
    )
    state = _eaten(state, seat, eaten[0], eaten[1])
    # more to eat than visitors: nobody is left to eat (the rest is not eaten)
    return state.with_player(seat, to_eat=0)


def settle_eating(state: GameState) -> GameState:
    """Eat, in every park, the visitors the owner has no choice about (`chooses_eaten`),
    by the kit's order; the parks with a choice wait for their owner."""
    for seat, p in enumerate(state.players):
        if p.to_eat and not chooses_eaten(p):
            state = eat_for_me(state, seat)
    return state


def escapes(state: GameState) -> GameState:
    """Every player's escapes at once, each eaten visitor chosen by "eat for me" (the kit's
    order): what a park loses when its owner lets the kit choose (the odds use it)."""
    state = start_escapes(state)
    for seat in range(state.num_players):
        state = eat_for_me(state, seat)
    return state


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


def place_name(state: GameState, p: PlayerState, where: int) -> str:
    """A place by name: the exhibit's recipe or the attraction."""
    c = state.components
    if where < len(p.exhibits):
        return c.name_of(p.exhibits[where].recipe)
    return c.name_of(p.attractions[where - len(p.exhibits)])


def for_me(state: GameState) -> Action | None:
    """The "for me" action of the park's decision now: "place for me" while the player to act
    places visitors, "eat for me" while they choose who is eaten (None otherwise). The bots
    play it, so that their games stay what they were before these choices were the
    player's."""
    if state.phase != "park" or state.step >= 0 or state.pending:
        return None
    p = state.players[state.seat_to_act()]
    if p.to_place != (0, 0):
        return PLACE_FOR_ME
    if chooses_eaten(p):
        return EAT_FOR_ME
    return None


def candidates(state: GameState, seat: int) -> list[Action]:
    p = state.players[seat]
    if p.to_place != (0, 0):
        return [PLACE_FOR_ME] + [Action(ActionKind.PLACE, target=i) for i in open_places(state, p)]
    if state.step < 0:  # the escapes: who is eaten next
        return [EAT_FOR_ME] + [Action(ActionKind.EAT, target=i) for i in edible_places(p)]
    food = food_customers(state, p)
    return [Action(ActionKind.FOOD, choice=k) for k in range(food + 1)]


def problem(state: GameState, seat: int, a: Action) -> Problem:
    p = state.players[seat]
    if a.kind == ActionKind.PLACE:
        if p.to_place == (0, 0):
            return "place_none", {}
        if a.target is None:
            return None
        places = capacities(state, p)
        if type(a.target) is not int or not 0 <= a.target < len(places):
            return "place_unknown", {"last": len(places) - 1, "got": a.target}
        if room(state, p)[a.target] <= 0:
            return "place_full", {
                "place": place_name(state, p, a.target),
                "capacity": places[a.target][0],
            }
        return None
    if p.to_place != (0, 0):
        return "place_first", {}
    if a.kind == ActionKind.EAT:
        if state.step >= 0 or not chooses_eaten(p):
            return "eat_none", {}
        if a.target is None:
            return None
        places = capacities(state, p)
        if type(a.target) is not int or not 0 <= a.target < len(places):
            return "place_unknown", {"last": len(places) - 1, "got": a.target}
        if p.inside[a.target][0] == 0:
            return "eat_customers_first", {"place": place_name(state, p, a.target)}
        return None
    if state.step < 0:
        return "eat_first", {"n": p.to_eat}
    food = food_customers(state, p)
    if not isinstance(a.choice, int) or isinstance(a.choice, bool) or not 0 <= a.choice <= food:
        return "food_choice", {"n": food, "got": a.choice}
    return None


def apply(state: GameState, seat: int, a: Action) -> GameState:
    if a.kind == ActionKind.PLACE:
        if a.target is None:
            return place_for_me(state, seat)
        return put(state, seat, a.target)
    if a.kind == ActionKind.EAT:
        if a.target is None:
            return eat_for_me(state, seat)
        return eat_one(state, seat, a.target)
    return replace(score(state, seat, a.choice), step=state.step + 1)
