"""The teachers' page (notebook 8) computed: a class experiment with real dice, analysed
exactly (students roll all 13 dice, count the Death Rays in each roll and keep a tally sheet, a
frequency table with one row per count, 0 to 13; the page takes the same table, and compares it
with the exact distribution of the number of Death Rays: a chi-square test, its p-value, an
interval for the mean, group by group or pooled), and the exact answers of the page's exercises
(`lesson_numbers`) with the fractions of their working (`likeliest_working`, `two_dice_tree`,
`last_die_outcomes`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from kit_common.checks import is_whole
from kit_common.statistics import ChiSquare, Interval, chi_square_test, mean_interval
from martian_kit.dice import FACE_PROBABILITY, FACES, NUM_DICE, Face, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.messages import counted, message
from martian_kit.odds import face_count_distribution
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.game import FIRST, GameDistributions, evaluate_game, win_probability
from martian_kit.solver.misreadings import misread_turn_value
from martian_kit.solver.model import N_SCORES
from martian_kit.solver.turn import at_least_solution, expected_score_solution
from martian_kit.strategies import named_table_policies
from martian_kit.turn import Action, Phase, TurnState

COUNTS = tuple(range(NUM_DICE + 1))  # a roll of 13 dice shows 0 to 13 Death Rays
#: The rows of the class's tally sheet, and of the page's table that takes it: one per number
#: of Death Rays a roll can show.
TALLY_ROWS = COUNTS

#: A class without Martian dice rolls ordinary six-sided dice: the number on top read as a
#: Martian face (1 or 2 a Death Ray, 3 a Tank, 4 a Human, 5 a Cow, 6 a Chicken). Each face
#: keeps its chance (a Death Ray on 2 sides of 6, every other face on 1), so every number the
#: kit gives holds unchanged for them.
ORDINARY_DIE: tuple[Face, ...] = (Face.RAY, Face.RAY, Face.TANK, Face.HUMAN, Face.COW, Face.CHICKEN)


def two_dice_tree() -> dict[str, Fraction]:
    """The tree-diagram exercise of the teachers' page: two dice, each a Death Ray (chance 1/3)
    or not (2/3). The chances of its branches and the conditional chance that both dice show a
    Death Ray given that at least one does, P(both) / P(at least one)."""
    ray = Fraction(1, 3)
    both, one_first, one_second, none = ray * ray, ray * (1 - ray), (1 - ray) * ray, (1 - ray) ** 2
    at_least_one = both + one_first + one_second
    return {
        "both": both,
        "first_only": one_first,
        "second_only": one_second,
        "none": none,
        "at_least_one": at_least_one,
        "both_given_one": both / at_least_one,
    }


def exact_ray_distribution() -> tuple[Fraction, ...]:
    """P(k Death Rays) for k = 0..13 when rolling the 13 dice."""
    return face_count_distribution(NUM_DICE, Face.RAY)


def exact_ray_mean() -> Fraction:
    """The expected number of Death Rays in a roll of 13 dice: 13 × 1/3."""
    return sum((k * p for k, p in enumerate(exact_ray_distribution())), Fraction(0))


def tally_row_label(k: int) -> str:
    """The label of the tally sheet's row `k` (and of the page's field for it): "4 Death Rays"."""
    return counted(Face.RAY, k)


def rolls_from_tally(counts: Sequence[int]) -> list[int]:
    """The rolls a group's tally stands for (`counts[k]` rolls showed k Death Rays, one count
    per row of the tally sheet, 0 to 13), in the order of the rows; a `RuleError` names a
    missing row or the first count that is not a whole number of rolls."""
    if len(counts) != len(TALLY_ROWS):
        raise RuleError(
            "class_tally", message("class.tally_rows", rows=len(TALLY_ROWS), n=len(counts))
        )
    for k, n in zip(TALLY_ROWS, counts):
        if not is_whole(n) or n < 0:
            raise RuleError(
                "class_tally", message("class.bad_tally", row=tally_row_label(k), value=str(n))
            )
    return [k for k, n in zip(TALLY_ROWS, counts) for _ in range(n)]


def tally(rolls: Sequence[int]) -> list[int]:
    """How many rolls showed k Death Rays, for k = 0..13."""
    counts = [0] * len(COUNTS)
    for k in rolls:
        counts[k] += 1
    return counts


@dataclass(frozen=True)
class ExperimentReport:
    """What the rolls say: their tally, the chi-square test against the exact distribution,
    and the 95% interval of the mean number of Death Rays (None below two rolls)."""

    rolls: int
    counts: tuple[int, ...]
    test: ChiSquare | None
    mean: Interval | None

    @property
    def mean_agrees(self) -> bool | None:
        """Whether the interval of the mean holds the exact mean 13/3."""
        if self.mean is None:
            return None
        return self.mean.low <= float(exact_ray_mean()) <= self.mean.high


def analyse(rolls: Sequence[int]) -> ExperimentReport:
    """The report of one group's rolls, or of several groups pooled."""
    counts = tally(rolls)
    probabilities = [float(p) for p in exact_ray_distribution()]
    try:
        test = chi_square_test(counts, probabilities, [str(k) for k in COUNTS])
    except ValueError:
        test = None  # too few rolls to group into at least two categories
    mean = mean_interval([float(k) for k in rolls]) if len(rolls) >= 2 else None
    return ExperimentReport(len(rolls), tuple(counts), test, mean)


def p_value_words(p: float) -> str:
    """The p-value in plain words for a class."""
    share = message("class.p.share", share=100 * p) if p >= 0.01 else message("class.p.below")
    lead = message("class.p.lead", share=share, p=p)
    if p >= 0.05:
        return lead + " " + message("class.p.agree")
    if p >= 0.001:
        return lead + " " + message("class.p.unusual")
    return lead + " " + message("class.p.rare")


def at_least_chances() -> list[float]:
    """The best chance of scoring at least k points in one turn, for k = 1..16 (each k its
    own best play)."""
    return [at_least_solution(k).fresh_turn_value for k in range(1, N_SCORES)]


def score_blind_first_wins(name: str = "cautious") -> float:
    """P(first player wins) when both players use the same score-blind strategy `name`,
    computed exactly over the game's positions (no simulation)."""
    probs = score_distribution(named_table_policies()[name]).probs
    first, _ = evaluate_game(GameDistributions.score_blind([float(p) for p in probs]))
    return float(first[0, 0])


@dataclass(frozen=True)
class LessonNumbers:
    """The exact answers of the teachers' page's exercises: the distribution of the Death Rays
    among 13 dice and its likeliest count; the expected score of a turn played well, and under
    two misreadings of the rules; the best chance of scoring at least 10 in a turn; the second
    player's chance of winning a 2-player game both play well; the first player's when both
    play the same score-blind strategy. `ten_for_points`: the chance of scoring at least 10
    when the turn is played for the most points instead (the working of the "10 points"
    exercise compares the two)."""

    rays: tuple[Fraction, ...]
    likeliest: int
    turn: float
    stuck_zero: float
    rays_once: float
    ten: float
    ten_for_points: float
    second: float
    same: float


def lesson_numbers() -> LessonNumbers:
    """The exercises' answers, each from the kit's exact solvers (no simulation)."""
    rays = exact_ray_distribution()
    return LessonNumbers(
        rays=rays,
        likeliest=max(range(len(rays)), key=lambda k: rays[k]),
        turn=expected_score_solution().fresh_turn_value,
        stuck_zero=misread_turn_value("stuck_scores_zero"),
        rays_once=misread_turn_value("rays_once"),
        ten=at_least_solution(10).fresh_turn_value,
        ten_for_points=float(sum(score_distribution(named_table_policies()["optimal"]).probs[10:])),
        second=1 - win_probability(0, 0, FIRST),
        same=score_blind_first_wins(),
    )


#: The last-die exercise's turn: 12 dice set aside, 6 points if the player stops now.
LAST_DIE_SPOT = FaceCounts(tank=3, ray=3, human=3, cow=3)


def last_die_outcomes(set_aside: FaceCounts) -> list[tuple[Face, Fraction, int]]:
    """Backward induction on the board: the turn of `set_aside` (12 dice set aside, one left)
    rolls its last die. For each face it can show, its chance and the score the turn ends
    with, played through the rules engine (a face that can be taken is taken: it can only add
    to the turn, and with no die left the turn ends). Rolling is worth the chance-weighted sum
    of these scores."""
    if set_aside.total != NUM_DICE - 1:
        raise RuleError("last_die", message("lesson.last_die", n=set_aside.total))
    out = []
    for face in FACES:
        turn = TurnState(set_aside, None, Phase.MAY_ROLL_OR_STOP).apply_action(Action.ROLL)
        turn = turn.apply_roll(FaceCounts().add(face, 1))
        if not turn.is_terminal():
            turn = turn.apply_action(turn.legal_actions()[0])
        out.append((face, FACE_PROBABILITY[face], turn.score()))
    return out


def likeliest_working() -> dict[str, Fraction]:
    """The fractions of the likeliest-count exercise's working: P(3), P(4) and P(5) Death Rays
    among 13 dice, and the count below which P(k + 1) ÷ P(k) = (13 − k) ÷ (2(k + 1)) exceeds 1
    (the chances rise while k is below it, and fall after)."""
    rays = exact_ray_distribution()
    ray = FACE_PROBABILITY[Face.RAY]
    # P(k + 1) / P(k) = (13 − k) / (k + 1) × r / (1 − r) > 1  ⇔  k < 13·r − (1 − r)
    rise_below = NUM_DICE * ray - (1 - ray)
    return {"p3": rays[3], "p4": rays[4], "p5": rays[5], "rise_below": rise_below}
