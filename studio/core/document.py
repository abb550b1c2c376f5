"""A puzzle document: the puzzle, the designer's picture, and the metadata saved with it.

A document of a kind is made by the kind: :func:`studio.core.kinds.new_document` and
:func:`studio.core.kinds.document_of_picture` find it by name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from studio.core.grid import BoolGrid
from studio.core.puzzle import DrawnPuzzle, Puzzle

METADATA = ("title", "author", "notes", "license")
"""The names of a document's free-text fields (:meth:`Document.metadata`)."""


@dataclass(frozen=True, eq=False)
class Document:
    """What a file holds and the studio edits.

    Attributes:
        puzzle: the clues (and, for some kinds, givens).
        picture: the designer's picture, bool ``(height, width)``, from which the clues were
            made; ``None`` for a puzzle known only by its clues (e.g. a game ID).
        title, author, notes: free text for the designer and the book.
        license: the terms the puzzle may be used under, free text: typically an SPDX
            identifier (``"CC-BY-4.0"``) or a notice (``"© 2026 Ann Smith, all rights
            reserved"``); empty when none is stated.
    """

    puzzle: Puzzle
    picture: BoolGrid | None = None
    title: str = ""
    author: str = ""
    notes: str = ""
    license: str = ""

    def __post_init__(self) -> None:
        if self.picture is not None:
            picture = np.array(self.picture, dtype=bool)
            if picture.shape != self.puzzle.shape:
                raise ValueError(
                    f"picture is {picture.shape[1]}×{picture.shape[0]}, "
                    f"the puzzle {self.puzzle.shape[1]}×{self.puzzle.shape[0]}"
                )
            picture.setflags(write=False)
            object.__setattr__(self, "picture", picture)

    @property
    def kind(self) -> str:
        return self.puzzle.kind

    def metadata(self) -> dict[str, str]:
        """The free-text fields by name, in the order files list them: ``title``, ``author``,
        ``notes``, ``license``."""
        return {name: getattr(self, name) for name in METADATA}

    def with_picture(self, picture: BoolGrid) -> Document:
        """The same document with a new picture and the clues made from it.

        Raises:
            TypeError: for a kind that is not drawn from a picture.
        """
        if not isinstance(self.puzzle, DrawnPuzzle):
            raise TypeError(f"a {self.kind} is not drawn from a picture")
        return replace(self, puzzle=self.puzzle.with_picture(picture), picture=picture)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Document):
            return NotImplemented
        same_picture = (self.picture is None and other.picture is None) or (
            self.picture is not None
            and other.picture is not None
            and np.array_equal(self.picture, other.picture)
        )
        return same_picture and self.puzzle == other.puzzle and self.metadata() == other.metadata()

    __hash__ = None  # type: ignore[assignment]
