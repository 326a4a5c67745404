"""Solo mode — a solo mode of this kit's design, NOT the published solo rules.

The box's 17 solo cards are not public, so the kit plays one player against an automated
*rival* of its own invention, driven by a small deck in the component set (`rival.yaml`,
validated by the loader like every other component; the illustrative deck is invented too).

How a solo game goes (`new_game(1, solo=True)`):
- the board is set up as for 2 players (a pool of 5 dice, tiles marked "3+"/"4+" removed,
  3 objectives) and the player starts with $15; no turn order to keep;
- every round, after the dice are rolled, a rival card is revealed (a chance event, uniform
  over the deck; an empty deck is reshuffled from its discards). Its effects (the `rival`
  place of the effect vocabulary):
  - `rival_dice {count, prefer}`: the rival claims `count` unclaimed dice — those with the most
    DNA (`dna`; rare faces count 0) or the most threat pips (`threat`), ties to the lowest
    slot. Its dice are taken like a rival player's: the player cannot claim them and they are
    never held;
  - `rival_recipe {category}`: the face-up recipe of the category leaves the game (cleanup
    turns up the next one);
  - `rival_market {column, price}`: the item of that market column in that price's row goes to
    its stack's discards;
  - `rival_vp {amount}`: the rival scores `amount` VP;
  - `rival_objective`: the rival claims the first objective still unclaimed (its VP are the
    rival's; the player can no longer claim it);
  - `rival_threat {amount}`: +`amount` threat in the player's park this round.
- the game ends after the rival's `rounds` rounds (not when objectives run out); the player's
  final score is counted as usual and the player wins with MORE points than the rival's score
  (the rival's VP plus its objectives' VP) — a tie is the rival's.
"""

from __future__ import annotations

from dino_kit.effects import CATEGORIES, Effect
from dino_kit.messages import message
from dino_kit.state import COLUMNS, RIVAL, GameState, face_of
from dino_kit.state import evolve as replace

SOLO_LABEL = message("solo.label")
BOARD_PLAYERS = 2  # the solo board is set up as for this many players


def rival_score(state: GameState) -> int:
    """The rival's points so far: its VP track plus the VP of the objectives it claimed."""
    c = state.components
    taken = sum(
        c.objective(ident).vp
        for ident, who in zip(state.objectives, state.claims)
        if who == (RIVAL,)
    )
    return state.rival_vp + taken


def reveal(state: GameState, card_id: str) -> GameState:
    """The state after the rival card `card_id` is revealed and its effects applied."""
    card = state.components.rival_card(card_id)
    state = replace(state, rival_card=card_id)
    for e in card.effects:
        state = _EFFECTS[e.id](state, e)
    return state


def _dice(state: GameState, e: Effect) -> GameState:
    prefer = e.get("prefer")
    claimed = list(state.claimed)
    for _ in range(e.get("count")):
        best, best_key = None, -1
        for slot, owner in enumerate(claimed):
            if owner is not None:
                continue
            face = face_of(state, slot)
            key = face.threat if prefer == "threat" else (face.amount if face.rare is None else 0)
            if key > best_key:
                best, best_key = slot, key
        if best is None:
            break
        claimed[best] = RIVAL
    return replace(state, claimed=tuple(claimed))


def _recipe(state: GameState, e: Effect) -> GameState:
    i = CATEGORIES.index(e.get("category"))
    up = list(state.recipe_up)
    up[i] = None
    return replace(state, recipe_up=tuple(up))


def _market(state: GameState, e: Effect) -> GameState:
    col = COLUMNS.index(e.get("column"))
    row = state.components.tables.market_rows.index(e.get("price"))
    item = state.rows[col][row]
    if item is None:
        return state
    rows = [list(r) for r in state.rows]
    rows[col][row] = None
    discards = list(state.discards)
    discards[col] = (*discards[col], item)
    return replace(state, rows=tuple(tuple(r) for r in rows), discards=tuple(discards))


def _vp(state: GameState, e: Effect) -> GameState:
    return replace(state, rival_vp=state.rival_vp + e.get("amount"))


def _objective(state: GameState, e: Effect) -> GameState:
    claims = list(state.claims)
    for i, who in enumerate(claims):
        if not who:
            claims[i] = (RIVAL,)
            break
    return replace(state, claims=tuple(claims))


def _threat(state: GameState, e: Effect) -> GameState:
    return replace(state, rival_threat=state.rival_threat + e.get("amount"))


_EFFECTS = {
    "rival_dice": _dice,
    "rival_recipe": _recipe,
    "rival_market": _market,
    "rival_vp": _vp,
    "rival_objective": _objective,
    "rival_threat": _threat,
}
