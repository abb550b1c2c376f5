"""A puzzle document: the puzzle, the designer's picture, and the metadata saved with it.

A document of a kind is made by the kind: :func:`studio.core.kinds.new_document` and
:func:`studio.core.kinds.document_of_picture` find it by name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from studio.core.errors import PuzzleError
from studio.core.grid import Picture, colour_grid_to_text, grid_to_text, picture_of
from studio.core.palette import BACKGROUND_CHAR, Palette
from studio.core.puzzle import DrawnPuzzle, Puzzle

METADATA = ("title", "author", "notes", "license")
"""The names of a document's free-text fields (:meth:`Document.metadata`)."""


@dataclass(frozen=True, eq=False)
class Document:
    """What a file holds and the studio edits.

    Attributes:
        puzzle: the clues (and, for some kinds, givens).
        picture: the designer's picture, ``(height, width)``, from which the clues were
            made: bool, or ``uint8`` colours 0 to *k* for a colour puzzle; ``None`` for a
            puzzle known only by its clues (e.g. a game ID).
        title, author, notes: free text for the designer and the book.
        license: the terms the puzzle may be used under, free text: typically an SPDX
            identifier (``"CC-BY-4.0"``) or a notice (``"© 2026 Ann Smith, all rights
            reserved"``); empty when none is stated.
        palette: what the colours of a colour puzzle look like and how files spell them
            (:class:`~studio.core.palette.Palette`, *k* + 1 colours, background first);
            ``Palette.default(k)`` when not given; ``None`` for a black-and-white puzzle.

    Raises:
        ValueError: for a picture of another shape or with a colour the puzzle has not, or a
            palette whose colours are not the puzzle's.
    """

    puzzle: Puzzle
    picture: Picture | None = None
    title: str = ""
    author: str = ""
    notes: str = ""
    license: str = ""
    palette: Palette | None = None

    def __post_init__(self) -> None:
        colours = self.puzzle.colours
        if colours == 1 and self.palette is not None:
            raise ValueError("a black-and-white puzzle has no palette")
        if colours > 1:
            if self.palette is None:
                object.__setattr__(self, "palette", Palette.default(colours))
            elif self.palette.inks != colours:
                raise ValueError(
                    f"the palette has {self.palette.inks} colours, the puzzle {colours}"
                )
        if self.picture is not None:
            values = np.asarray(self.picture)
            if int(values.max(initial=0)) > colours and values.dtype != np.bool_:
                raise ValueError(f"the picture has colour {values.max()}, the puzzle {colours}")
            picture = np.array(picture_of(values, colours))
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

    def spell(self, grid: Picture) -> list[str]:
        """A picture of this document's puzzle as text rows, one character per cell: ``#`` and
        ``.`` in black and white; in colour ``.`` for the background and each colour's
        character in the palette (the file's own for a webpbn file, ``a``, ``b``, … for an
        imported image), unless ``.`` is some colour's character (then the palette's
        background character)."""
        if self.palette is None:
            return grid_to_text(np.asarray(grid, dtype=bool))
        return colour_grid_to_text(np.asarray(grid, dtype=np.uint8), self.spelling)

    def validate(self) -> None:
        """Check the puzzle (:meth:`~studio.core.puzzle.Puzzle.validate`), its error naming
        colours by the palette's names (``the row clues add up to 5 cells of red, …``).

        Raises:
            PuzzleError: for the first problem found.
        """
        try:
            self.puzzle.validate()
        except PuzzleError as error:
            if not error.colours:
                raise
            raise PuzzleError(error.text(self.colour_names)) from None

    @property
    def colour_names(self) -> tuple[str, ...] | None:
        """How messages name the colours of a colour puzzle (:attr:`Palette.names`, e.g. for
        :meth:`Violation.text <studio.core.puzzle.Violation.text>`); ``None`` in black and
        white, whose messages name no colour."""
        return None if self.palette is None else self.palette.names

    @property
    def spelling(self) -> str:
        """The characters :meth:`spell` writes a colour picture with, ``spelling[v]`` for value
        ``v``; empty for a black-and-white document (spelt ``#`` and ``.``)."""
        if self.palette is None:
            return ""
        chars = self.palette.chars
        return chars if BACKGROUND_CHAR in chars[1:] else BACKGROUND_CHAR + chars[1:]

    def with_picture(self, picture: Picture) -> Document:
        """The same document with a new picture and the clues made from it.

        Raises:
            TypeError: for a kind that is not drawn from a picture.
        """
        if not isinstance(self.puzzle, DrawnPuzzle):
            raise TypeError(f"a {self.kind} is not drawn from a picture")
        return replace(self, puzzle=self.puzzle.with_picture(picture), picture=picture)

    def with_palette(self, picture: Picture, palette: Palette | None) -> Document:
        """The same document with a new picture of ``palette``'s colours (``None``: black and
        white) and the clues made from it: what a palette edit
        (:mod:`studio.core.palette_edit`) makes.

        Raises:
            TypeError: for a kind that is not drawn from a picture.
            PuzzleError: for colours the kind has not.
        """
        if not isinstance(self.puzzle, DrawnPuzzle):
            raise TypeError(f"a {self.kind} is not drawn from a picture")
        colours = 1 if palette is None else palette.inks
        picture = picture_of(picture, colours)
        puzzle = self.puzzle.with_picture(picture, colours)
        return replace(self, puzzle=puzzle, picture=picture, palette=palette)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Document):
            return NotImplemented
        same_picture = (self.picture is None and other.picture is None) or (
            self.picture is not None
            and other.picture is not None
            and np.array_equal(self.picture, other.picture)
        )
        return (
            same_picture
            and self.puzzle == other.puzzle
            and self.metadata() == other.metadata()
            and self.palette == other.palette
        )

    __hash__ = None  # type: ignore[assignment]
