"""One test per line of the rules page (shared/rules/martian-dice.md), named after it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from martian_kit.dice import FACE_PROBABILITY, FACES, NUM_DICE, Face, roll_distribution
from martian_kit.errors import RuleError
from martian_kit.game import CHANCE, TERMINAL, new_game, tiebreak_distribution
from martian_kit.scoring import MAX_SCORE, explain_score, score
from martian_kit.turn import Action, Phase, TurnEnd, TurnState

from .helpers import counts, play_turn, turn_after

# -- Components -------------------------------------------------------------------------


def test_thirteen_dice_each_showing_tank_two_death_rays_human_cow_chicken():
    assert NUM_DICE == 13
    assert {
        Face.TANK: Fraction(1, 6),
        Face.RAY: Fraction(2, 6),
        Face.HUMAN: Fraction(1, 6),
        Face.COW: Fraction(1, 6),
        Face.CHICKEN: Fraction(1, 6),
    } == FACE_PROBABILITY
    one_die = dict((c.index(1), p) for c, p in roll_distribution(1))
    assert [one_die[FACES.index(f)] for f in FACES] == [FACE_PROBABILITY[f] for f in FACES]


@pytest.mark.parametrize("n", [2, 3, 10])
def test_two_to_ten_players(n):
    assert new_game(n).num_players == n


@pytest.mark.parametrize("n", [0, 11])
def test_fewer_than_one_or_more_than_ten_players_is_refused(n):
    with pytest.raises(RuleError, match="2 to 10 players") as err:
        new_game(n)
    assert err.value.rule == "players"


def test_one_player_practice_mode_reaches_25_in_as_few_turns_as_possible():
    game = new_game(["Solo"])
    assert game.practice
    full = counts(ray=1, human=4, cow=4, chicken=4)  # a turn worth 16 without Tanks
    steps = (full, "human", "roll", counts(ray=1, cow=4, chicken=4), "cow", "roll")
    steps += (counts(ray=1, chicken=4), "chicken", "stop")  # 12 earthlings + 3 bonus
    game = play_turn(game, *steps)
    assert not game.is_terminal() and game.totals == (15,)
    game = play_turn(game, *steps)
    assert game.is_terminal() and game.totals == (30,) and game.turns_taken(0) == 2


# -- A turn -----------------------------------------------------------------------------


def test_1_roll_every_die_not_set_aside():
    fresh = TurnState()
    assert fresh.is_chance_node() and fresh.dice_left == 13
    assert {c.total for c, _ in fresh.chance_outcomes()} == {13}
    later = turn_after(counts(tank=2, ray=3, human=4, cow=2, chicken=2), "human", "roll")
    assert later.dice_left == 7
    assert {c.total for c, _ in later.chance_outcomes()} == {7}


def test_1_with_no_die_left_the_turn_goes_to_scoring():
    t = turn_after(counts(ray=5, human=8), "human", "roll", counts(ray=5), "ray")
    assert t.is_terminal() and t.end is TurnEnd.NO_DICE and t.score() == 8


def test_2_tanks_are_set_aside_at_once_and_add_to_earlier_tanks():
    t = turn_after(counts(tank=3, ray=4, human=2, cow=2, chicken=2))
    assert t.set_aside.tank == 3 and t.rolled.tank == 0
    assert Action.ROLL not in t.legal_actions()  # no choice was asked about Tanks
    t = turn_after(
        counts(tank=3, ray=4, human=2, cow=2, chicken=2), "ray", "roll", counts(tank=2, human=4)
    )
    assert t.set_aside.tank == 5


def test_2_tanks_are_never_a_choice():
    t = turn_after(counts(tank=3, ray=4, human=2, cow=2, chicken=2))
    with pytest.raises(RuleError) as err:
        t.apply_action("tank")
    assert err.value.rule == "not_a_choice"


def test_3_the_player_must_set_aside_all_dice_of_one_chosen_type():
    t = turn_after(counts(tank=1, ray=4, human=3, cow=3, chicken=2), "cow")
    assert t.set_aside == counts(tank=1, cow=3)
    assert t.dice_left == 9


def test_3_an_earthling_type_only_if_not_yet_set_aside_this_turn():
    t = turn_after(counts(ray=4, human=3, cow=3, chicken=3), "cow", "roll")
    t = t.apply_roll(counts(ray=2, human=2, cow=4, chicken=2))
    assert Action.TAKE_COW not in t.legal_actions()
    with pytest.raises(RuleError, match="Cows were already set aside this turn") as err:
        t.apply_action("cow")
    assert err.value.rule == "earthling_once"


def test_3_death_rays_can_always_be_chosen_and_add_to_earlier_rays():
    t = turn_after(counts(ray=4, human=3, cow=3, chicken=3), "ray", "roll")
    t = t.apply_roll(counts(ray=3, human=3, cow=2, chicken=1))
    assert Action.TAKE_RAY in t.legal_actions()
    t = t.apply_action("ray")
    assert t.set_aside.ray == 7


def test_3_only_a_type_that_was_rolled_can_be_chosen():
    t = turn_after(counts(ray=4, human=5, cow=4))
    with pytest.raises(RuleError, match="no Chickens were rolled") as err:
        t.apply_action("chicken")
    assert err.value.rule == "not_rolled"


def test_4_no_legal_choice_ends_the_turn_and_it_is_scored_normally():
    t = turn_after(counts(ray=2, human=6, cow=5), "human", "roll", counts(ray=4, cow=3), "cow")
    t = t.apply_action("roll").apply_roll(counts(human=4))
    assert t.is_terminal() and t.end is TurnEnd.NO_CHOICE
    # not an automatic zero: what was set aside scores as usual
    assert t.set_aside == counts(human=6, cow=3) and t.score() == 9


def test_4_a_roll_of_only_tanks_leaves_no_legal_choice():
    t = turn_after(counts(ray=4, human=5, cow=4), "human", "roll", counts(tank=8))
    assert t.end is TurnEnd.NO_CHOICE and t.score() == 0


def test_5_the_player_either_stops_or_rolls_the_dice_not_set_aside_again():
    t = turn_after(counts(tank=1, ray=4, human=3, cow=3, chicken=2), "ray")
    assert set(t.legal_actions()) == {Action.ROLL, Action.STOP}
    assert t.apply_action("roll").is_chance_node()
    stopped = t.apply_action("stop")
    assert stopped.is_terminal() and stopped.end is TurnEnd.STOPPED


def test_5_stopping_is_allowed_while_tanks_outnumber_death_rays_and_scores_0():
    t = turn_after(counts(tank=4, ray=1, human=3, cow=3, chicken=2), "human", "stop")
    assert t.end is TurnEnd.STOPPED and t.score() == 0


# -- Scoring a turn ---------------------------------------------------------------------


def test_more_tanks_than_death_rays_scores_0_whatever_else_was_set_aside():
    set_aside = counts(tank=3, ray=2, human=3, cow=3, chicken=2)
    assert score(set_aside) == 0
    assert explain_score(set_aside) == "0 points: the Tanks win (3 Tanks against 2 Death Rays)"


def test_the_tanks_sentence_reads_for_one_tank_too():
    # "{tanks} beat {rays}" read "1 Tank beat 0 Death Rays": the verb must not follow the count
    assert explain_score(counts(tank=1, human=2)) == (
        "0 points: the Tanks win (1 Tank against 0 Death Rays)"
    )


def test_one_point_per_earthling_plus_3_bonus_for_all_three_kinds():
    assert score(counts(tank=2, ray=2, human=2, cow=1, chicken=1)) == 7
    assert (
        explain_score(counts(tank=2, ray=2, human=2, cow=1, chicken=1))
        == "7 points: 4 earthlings + 3 bonus for all three kinds"
    )
    assert score(counts(tank=1, ray=5, human=3, cow=2)) == 5
    assert explain_score(counts(tank=1, ray=5, human=3, cow=2)) == "5 points: 5 earthlings"


def test_equal_tanks_and_death_rays_do_score():
    assert score(counts(tank=3, ray=3, chicken=6)) == 6


def test_with_no_tank_no_death_ray_is_needed():
    assert score(counts(human=1, cow=1, chicken=1)) == 6


def test_highest_possible_turn_score_is_16():
    assert MAX_SCORE == 16
    assert score(counts(human=5, cow=4, chicken=4)) == 16
    best = max(score(c) for c, _ in roll_distribution(13) if c.tank == 0 and c.ray == 0)
    assert best == 16


# -- End of the game --------------------------------------------------------------------


def test_turns_go_in_seat_order():
    game = new_game(3)
    seats = []
    for _ in range(4):
        seats.append(game.seat)
        game = play_turn(game, counts(tank=13))
    assert seats == [0, 1, 2, 0] and game.round == 2


def test_reaching_25_finishes_the_round_for_every_seat_after():
    game = _with_totals(new_game(3), (20, 10, 10))
    game = play_turn(game, counts(ray=1, human=4, cow=4, chicken=4), "human", "stop")  # 24
    assert not game.is_terminal()
    game = _with_totals(game, (25, 10, 10))
    game = play_turn(game, counts(tank=13))  # seat 1 still plays
    assert game.seat == 2 and not game.is_terminal()
    game = play_turn(game, counts(tank=13))
    assert game.is_terminal() and game.winner == 0


def test_the_last_seat_reaching_25_ends_the_game_at_once():
    game = _with_totals(new_game(2), (10, 20))
    game = play_turn(game, counts(tank=13))
    game = play_turn(game, counts(ray=1, human=12), "human", "stop")  # seat 1: 12 + 20 = 32
    assert game.is_terminal() and game.winner == 1 and game.totals == (10, 32)


def test_the_first_seat_reaching_25_lets_the_others_finish_the_round():
    game = _with_totals(new_game(2), (20, 24))
    game = play_turn(game, counts(ray=1, human=12), "human", "stop")  # seat 0 reaches 32
    assert game.current_player() == CHANCE and game.seat == 1
    game = play_turn(game, counts(ray=1, human=12), "human", "stop")  # seat 1 reaches 36
    assert game.winner == 1


def test_the_highest_total_wins():
    game = _with_totals(new_game(3), (26, 27, 3))
    game = _end_round(game)
    assert game.winner == 1 and game.current_player() == TERMINAL
    assert game.returns() == (0.0, 1.0, 0.0)


def test_tie_every_tied_player_rolls_6_dice_and_most_death_rays_wins():
    game = _end_round(_with_totals(new_game(3), (26, 3, 26)))
    assert game.in_tiebreak() and game.tied == (0, 2)
    assert [k for k, _ in game.chance_outcomes()] == list(range(7))
    game = game.apply_chance(2).apply_chance(4)
    assert game.winner == 2 and game.rolloffs == (((0, 2), (2, 4)),)


def test_tie_break_odds_are_those_of_death_rays_among_6_dice():
    dist = dict(tiebreak_distribution())
    assert sum(dist.values()) == 1
    assert dist[0] == Fraction(2, 3) ** 6 and dist[6] == Fraction(1, 3) ** 6


def test_decision_players_still_tied_roll_again_until_one_is_ahead():
    game = _end_round(_with_totals(new_game(4), (30, 30, 30, 1)))
    game = game.apply_chance(3).apply_chance(3).apply_chance(1)
    assert game.tied == (0, 1) and not game.is_terminal()
    game = game.apply_chance(2).apply_chance(2)
    assert game.tied == (0, 1)
    game = game.apply_chance(0).apply_chance(5)
    assert game.winner == 1 and len(game.rolloffs) == 3


# -- Decisions on points the texts leave open -------------------------------------------


def test_decision_no_stop_before_the_first_roll():
    fresh = TurnState()
    assert fresh.legal_actions() == ()
    with pytest.raises(RuleError, match="a turn begins with a roll of all 13 dice") as err:
        fresh.apply_action("stop")
    assert err.value.rule == "first_roll"


def test_decision_the_first_set_aside_after_a_roll_is_mandatory():
    t = turn_after(counts(tank=1, ray=4, human=3, cow=3, chicken=2))
    assert t.phase is Phase.MUST_CHOOSE
    for action in ("stop", "roll"):
        with pytest.raises(RuleError, match="must set aside") as err:
            t.apply_action(action)
        assert err.value.rule == "must_choose"


def test_a_finished_turn_refuses_every_action_naming_why_it_ended():
    t = turn_after(counts(ray=4, human=5, cow=4), "human", "roll", counts(tank=8))
    with pytest.raises(RuleError, match="the turn is over: it ended because no legal choice"):
        t.apply_action("roll")


# -- helpers ----------------------------------------------------------------------------


def _with_totals(game, totals):
    from dataclasses import replace

    return replace(game, totals=tuple(totals))


def _end_round(game):
    """Every remaining seat of the round scores nothing."""
    first_round = game.round
    while game.round == first_round and not game.is_terminal() and not game.in_tiebreak():
        game = play_turn(game, counts(tank=13))
    return game
