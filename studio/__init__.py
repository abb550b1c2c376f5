"""Puzzle Studio: design, analyse and publish grid logic puzzles."""

__version__ = "0.1.0"

APP_NAME = "Puzzle Studio"
"""The product's name, as windows, dialogs and the files it writes show it."""
