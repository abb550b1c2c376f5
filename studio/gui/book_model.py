"""The open book: its puzzles, its file, and its undo history (apart from the puzzle's)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject

from studio.core.book import Book
from studio.core.formats.book_json import EXTENSION
from studio.core.recovery import Unsaved
from studio.gui.edited import EditedFile


class BookModel(EditedFile):
    """The book being assembled (see :class:`EditedFile` for the signals)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(Book(), parent)

    @property
    def book(self) -> Book:
        assert isinstance(self._value, Book)
        return self._value

    @property
    def name(self) -> str:
        """What the Book panel calls the book: its file's name, else "Untitled"."""
        return self.path.name.removesuffix(EXTENSION) if self.path else "Untitled"

    def unsaved(self) -> Unsaved:
        return Unsaved(self.book, self.name, self.path)

    def load(self, book: Book, path: Path | None = None) -> None:
        """Start on another book; its undo history starts afresh."""
        self._load(book, path)

    def replace(self, book: Book, text: str) -> None:
        """Change the book as one undoable step called ``text``."""
        self._replace(book, text)
