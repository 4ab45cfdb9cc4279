import pytest

from gonets.core import OptionError
from gonets.core.options import Option, parse_assignments


def test_parse_assignments_reads_json_values_and_text():
    assert parse_assignments(["a=3", "b=true", 'c={"2": 7}', "d=names"]) == \
        {"a": 3, "b": True, "c": {"2": 7}, "d": "names"}


@pytest.mark.parametrize("item", ["novalue", "=3", ""])
def test_parse_assignments_rejects_malformed_items(item):
    with pytest.raises(OptionError, match="name=value"):
        parse_assignments([item])


def test_option_choices_and_check():
    choice = Option("tiebreak", "discard_sum", "how ties break", choices=("discard_sum", "none"))
    assert choice.validate("none") == "none"
    with pytest.raises(OptionError, match="tiebreak.*choose one of"):
        choice.validate("coin")
    positive = Option("n", 1, "a count", check=lambda v: None if isinstance(v, int) and v > 0
                      else "must be a positive whole number")
    with pytest.raises(OptionError, match="positive"):
        positive.validate(0)


@pytest.mark.parametrize("value", [1, 0, 1.0, "true"])
def test_a_boolean_choice_is_not_a_number_or_a_string(value):
    flag = Option("flag", False, "a switch", choices=(False, True))
    assert flag.validate(True) is True
    with pytest.raises(OptionError, match="'flag': must be true or false, not"):
        flag.validate(value)


def test_a_number_choice_is_not_a_float_or_a_boolean():
    pool = Option("pool", 30, "coins", choices=(30, 27))
    assert pool.validate(27) == 27
    for value in (30.0, True):
        with pytest.raises(OptionError, match="'pool'"):
            pool.validate(value)
