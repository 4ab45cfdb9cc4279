"""gonets: play, study and train AI on four tabletop games about messages and couriers."""

__version__ = "0.1.0"
