"""The rule switches of a configuration: The Messengers' editions (M24) and the legacy
options, resolved once into plain attributes."""

from __future__ import annotations

from typing import Any

from gonets.games.carcassonne.rules.phases import MESSAGES

FIELD_VALUE = {"field": 3, "city_4": 4, "city_3": 3}
"""Points per completed city at final farm scoring, by ``farm_scoring`` option (2.4)."""

VARIANTS = {
    # rule M24
    "hig_c2": {"require_alone": False, "msg8_requires_majority": True,
               "single_figure_per_turn": False, "chain_is_optional": True,
               "final_keep_figure": "choice"},
    "zmg_c2": {"require_alone": True, "msg8_requires_majority": False,
               "single_figure_per_turn": False, "chain_is_optional": True,
               "final_keep_figure": "meeple"},
    "c3": {"require_alone": False, "msg8_requires_majority": True,
           "single_figure_per_turn": False, "chain_is_optional": True,
           "final_keep_figure": "choice"},
    "c3_1": {"require_alone": False, "msg8_requires_majority": True,
             "single_figure_per_turn": True, "chain_is_optional": True,
             "final_keep_figure": "choice"},
}



class Rules:
    """The option values of one configuration, resolved into plain attributes."""

    __slots__ = (
        "chain_optional",
        "farm_scoring",
        "final_keep",
        "last_moved",
        "messages",
        "messengers",
        "msg8_majority",
        "removed_message",
        "require_alone",
        "single_figure",
        "tiny_city",
        "unplaceable_bottom",
        "variant",
    )

    def __init__(self, options: dict[str, Any]):
        self.messengers = bool(options.get("messengers", True))
        self.variant = options.get("messengers.variant", "c3")
        switches = dict(VARIANTS[self.variant])
        for name in switches:
            value = options.get(f"messengers.{name}")
            if value is not None:
                switches[name] = value
        self.require_alone = switches["require_alone"]
        self.msg8_majority = switches["msg8_requires_majority"]
        self.single_figure = switches["single_figure_per_turn"]
        self.chain_optional = switches["chain_is_optional"]
        self.final_keep = switches["final_keep_figure"]
        self.last_moved = options.get("messengers.trigger_figures", "moved") == "last_moved"
        self.tiny_city = options.get("tiny_city_scoring", False)
        self.farm_scoring = options.get("farm_scoring", "field")
        self.unplaceable_bottom = options.get("unplaceable", "discard") == "bottom"
        # the study option takes one message tile out of the stack (7 tiles cycle then)
        self.removed_message = options.get("messengers.remove_message")
        self.messages = tuple(m for m in MESSAGES if m != self.removed_message)

