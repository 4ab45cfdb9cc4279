"""Research interfaces: every gonets game as a PettingZoo AEC environment
(:mod:`gonets.rl.pettingzoo`), a single-agent Gymnasium environment (:mod:`gonets.rl.gymnasium`)
and an OpenSpiel game (:mod:`gonets.rl.openspiel`), with observations encoded from a seat's
view only (:mod:`gonets.rl.encoders`). See docs/rl.md.
"""
