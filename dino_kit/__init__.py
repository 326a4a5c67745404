"""Dinosaur Island: rules engine, validated component data, bots and simulation (headless).

Unofficial: not affiliated with the publisher of Dinosaur Island. The shipped component set is
invented — "illustrative — not the published components"; point `load_components` at your
own folder to use another.
"""
