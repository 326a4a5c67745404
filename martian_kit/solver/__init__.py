"""Solvers of Martian Dice: the turn (any payoff of the turn score), the exact turn-score
distribution under a policy, and the 2-player game (win probability).

Nothing is computed at import: the turn graph, solutions and the game table are built or
loaded on first use and cached.
"""
