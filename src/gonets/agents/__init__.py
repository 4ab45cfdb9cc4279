"""Agents: they see a seat's view and its legal actions, never the state."""

from gonets.agents.base import Agent
from gonets.agents.registry import agent_names, make_agent

__all__ = ["Agent", "agent_names", "make_agent"]
