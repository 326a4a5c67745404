"""Solvers of Martian Dice: the compressed turn graph (`model`), the turn (`turn`: any payoff
of the turn score), table policies over the compressed states (`table`), the exact
turn-score distribution under a policy (`distribution`), and the 2-player game (`game`: win
probability, and the game-aware `win` and `leader` policies).

Nothing is computed at import: the turn graph, solutions and the game table are built or
loaded on first use and cached.
"""
