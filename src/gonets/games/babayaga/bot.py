from gonets.agents.base import RandomAgent as HeuristicAgent
