"""The five phases of a round, one module each: `candidates(state, seat)` lists the legal
actions, `problem(state, seat, action)` says which rule an action breaks (None when legal),
`apply(state, seat, action)` returns the state after it (the engine advances turns)."""
