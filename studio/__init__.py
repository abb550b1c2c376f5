"""Puzzle Studio: design, analyse and publish grid logic puzzles."""

__version__ = "0.1.0"
