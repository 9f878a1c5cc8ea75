"""rookery: what changed in the rules, section by section."""

__version__ = "0.1.0"
