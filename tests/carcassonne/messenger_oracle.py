"""A plain re-statement of the Messengers' figure and trigger rules, checked against a log.

It knows nothing of the engine's state machine: it reads the public log event by event, keeps
every player's two figure totals itself and, at every check point (after the figure entries of
a round, after a message's own figure entry), decides from rules 3.2, M2, M5, M8-M12 and M23
whether a message must follow, then asserts that the log did exactly that.
"""

from __future__ import annotations

FIG = {"meeple": 0, "messenger": 1}
ASIDE = ("score", "figure")          # entries that belong to the round being checked


class MessengerOracle:
    def __init__(self, players: int, rules) -> None:
        self.n = players
        self.rules = rules
        self.figs = [[0, 0] for _ in range(players)]
        self.active = 0
        self.lock = [-1] * players
        self.mode = None                 # "round" or "message" while a check is pending
        self.moved: set[int] = set()
        self.last = -1
        self.order = -1                  # offset of the last answering player in this round
        self.expect_message = False

    def follow(self, event: dict) -> None:
        kind = event["type"]
        if self.expect_message:
            assert kind == "message", ("a trigger or chain draw must draw a message", event)
            self.expect_message = False
        if self.mode and kind not in ASIDE:
            self._check(event)
        if kind == "draw" and event["part"] == "main":
            self.active, self.lock = event["player"], [-1] * self.n
        elif kind in ("follower", "no_follower"):
            self._open("round")
        elif kind == "message_result":
            self._open("message" if event["points"] else None)
        elif kind == "figure":
            self._figure(event)
        elif kind == "merge":
            assert event["totals"] == [sum(pair) for pair in self.figs], event
            self.figs = [[sum(pair), 0] for pair in self.figs]

    def _open(self, mode: str | None) -> None:
        self.mode, self.moved, self.last, self.order = mode, set(), -1, -1

    def _figure(self, event: dict) -> None:
        player, fig = event["player"], FIG[event["figure"]]
        before = self.figs[player]
        if self.mode == "round":
            offset = (player - self.active) % self.n
            assert offset >= self.order, ("questions go active player first, then clockwise",
                                          event)
            self.order = offset
        else:
            assert player == self.active, ("message points belong to the active player", event)
        if self.rules.single_figure and self.lock[player] >= 0:
            assert event.get("forced") and fig == self.lock[player], ("C3.1 lock", event)
        elif before[0] == before[1]:
            assert event.get("forced") and fig == 0, ("equal totals: meeple, forced", event)
        else:
            assert not event.get("forced"), ("a real choice was not asked", event)
        if self.rules.single_figure and self.lock[player] < 0:
            self.lock[player] = fig
        assert event["points"] > 0, ("0 points make no figure entry", event)
        before[fig] += event["points"]
        assert event["total"] == before[fig], event
        if player == self.active:
            self.moved.add(fig)
            self.last = fig

    def _free_dark(self, fig: int) -> bool:
        total = self.figs[self.active][fig]
        if total % 5:
            return False
        if not self.rules.require_alone:
            return True
        return not any(t % 50 == total % 50 for p in range(self.n) if p != self.active
                       for t in self.figs[p])

    def _check(self, event: dict) -> None:
        mode, self.mode = self.mode, None
        kind = event["type"]
        if mode == "round":
            looked_at = ({self.last} if self.last >= 0 else set()) if self.rules.last_moved \
                else self.moved
            dark = sorted(f for f in looked_at if self._free_dark(f))
            if dark:
                assert kind == "trigger", ("a round ending on a dark space draws", event)
                assert event["player"] == self.active
                assert event["figures"] == [("meeple", "messenger")[f] for f in dark], event
                self.expect_message = True
            else:
                assert kind != "trigger", ("no figure moved onto a free dark space", event)
            return
        if self.last >= 0 and self._free_dark(self.last):
            if self.rules.chain_optional:
                assert kind == "chain", ("a chain is offered", event)
                self.expect_message = event["draw"]
            else:
                assert kind == "message", ("a compulsory chain draws at once", event)
        else:
            assert kind not in ("chain", "message", "trigger"), ("no chain here", event)
