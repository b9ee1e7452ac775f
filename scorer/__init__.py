"""scorer: a scoring assistant for physical card and tile games."""

__version__ = "0.1.0"
