"""The web platform: lobby, online tables with bots and spectators, persistence, replays.

Start it with ``gonets serve`` (or ``python -m gonets.server``); see :func:`app.serve`.
"""
