"""The policy registry and the policy protocols: every name builds a policy of the kind the
analysis commands expect, and nothing registers itself on import."""

from __future__ import annotations

import numpy as np
import pytest

from martian_kit.policies import POLICIES, policy_by_name, policy_names
from martian_kit.policy import ExactPolicy, GameAwarePolicy, random_policy
from martian_kit.solver.game import GamePolicy
from martian_kit.solver.model import N_SLOTS, decode, slot, slot_grid
from martian_kit.solver.table import TablePolicy, as_table_policy, random_table_policy

SCORE_BLIND = {"random", "random-table", "greedy", "cautious", "optimal"}
GAME_AWARE = {"win", "leader"}


def test_the_registry_lists_every_named_policy_explicitly():
    cautious = {f"cautious-{n}" for n in range(3, 9)}
    assert set(policy_names()) == SCORE_BLIND | GAME_AWARE | cautious
    assert policy_names() == sorted(POLICIES)


@pytest.mark.parametrize("name", sorted(SCORE_BLIND))
def test_score_blind_policies_have_a_table_form(name):
    policy = policy_by_name(name)
    assert isinstance(as_table_policy(policy), TablePolicy)
    assert not isinstance(policy, GameAwarePolicy)


@pytest.mark.parametrize("name", sorted(GAME_AWARE))
def test_game_aware_policies_give_score_distributions_by_position(name):
    policy = policy_by_name(name)
    assert isinstance(policy, GameAwarePolicy) and as_table_policy(policy) is None
    cdfs = policy.score_cdfs(np.array([[0, 0], [20, 24]]), 1)
    assert cdfs.shape == (2, 17) and np.all(cdfs[:, -1] == 1.0)


def test_protocols_tell_the_kinds_of_policy_apart():
    assert isinstance(random_table_policy(), ExactPolicy)
    assert not isinstance(random_policy, ExactPolicy)
    assert not isinstance(GamePolicy("win"), ExactPolicy)
    assert as_table_policy(random_policy) is random_table_policy()


def test_unknown_names_list_the_known_ones():
    with pytest.raises(ValueError, match="known policies: cautious"):
        policy_by_name("nope")


def test_slot_grid_decodes_every_slot():
    d, diff, k, e = slot_grid()
    assert np.array_equal(slot(d, diff, k, e), np.arange(N_SLOTS))
    some = np.array([0, 17, N_SLOTS - 1])
    assert all(np.array_equal(a[some], b) for a, b in zip(slot_grid(), decode(some)))
