"""Simulation, statistics and benchmarks over the game protocol."""
