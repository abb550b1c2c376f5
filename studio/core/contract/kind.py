"""What a kind declares: everything the studio knows of one kind of puzzle, in one place.

Simon Tatham's Portable Puzzle Collection describes each game by one ``struct game`` and lists
them once; so does the studio. A kind's package builds one :class:`Kind` (its ``KIND``) from its
modules, and :mod:`studio.core.kinds` lists the declarations: the formats, the document, the
generators, the repairs, the grid commands and the command line all find a kind there and
nowhere else. The Qt side has one table of its own (:mod:`studio.gui.kinds`: how a kind is drawn
and edited).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from studio.core.contract.format import Format, Payload
from studio.core.contract.generation import KindGenerator
from studio.core.contract.layers import LayerCodec
from studio.core.contract.repairs import KindRepairs
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.puzzle import KindSpec, Puzzle

Encoding = Callable[[Puzzle], Puzzle]
"""A puzzle that encodes itself in another CNF (for measuring encodings): the same puzzle,
analysed whole by SAT in that encoding."""


@dataclass(frozen=True)
class Kind:
    """One kind of puzzle, as the studio knows it.

    Attributes:
        spec: its identity, words and size limits (also every puzzle's ``spec``).
        payload: its part of the studio document.
        formats: the file formats that hold it, in the order they are listed and sniffed.
        typed_format: the name of the one of :attr:`formats` a person types or pastes a whole
            puzzle in by hand (the window's *Type Clues* and pasting, :mod:`studio.core.typed`):
            short, line by line, its errors naming the line and column.
        generator: how unique puzzles of it are made.
        repairs: how an ambiguous design of it is made unique.
        layers: how its puzzle is taken apart cell by cell and made again, so that the grid
            commands (:mod:`studio.core.grid_edit`) move, crop and clear every kind alike.
        example: a tiny puzzle of the kind (5×5 or so) with exactly one solution, which logic
            alone reaches, as a document whose picture is that solution: the worked example
            of the rules page that opens the kind's section of a printed book.
        colour_example: the same for a colour puzzle of the kind, its document's palette
            naming the colours, for the rules page of a book's colour section; declared by a
            kind with colours (``spec.max_colours`` above 1, with ``spec.colour_rules``), and
            by no other.
        from_picture: the puzzle whose intended solution is a picture (``(height, width)``:
            bool, or ``uint8`` colours for a kind whose ``spec.max_colours`` allows them), for
            a kind drawn from a picture (the capability :attr:`drawn`); ``None`` for the others.
        blank: an empty puzzle of a ``(height, width)``, for a kind not drawn from a picture.
        encodings: other CNF encodings of its puzzles, by name, for measurement (the fast one,
            after the kind's logic solver, is always there and not listed).
    """

    spec: KindSpec
    payload: Payload
    formats: tuple[Format, ...]
    typed_format: str
    generator: KindGenerator
    repairs: KindRepairs
    layers: LayerCodec
    example: Callable[[], Document]
    colour_example: Callable[[], Document] | None = None
    from_picture: Callable[[Picture], Puzzle] | None = None
    blank: Callable[[tuple[int, int]], Puzzle] | None = None
    encodings: Mapping[str, Encoding] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.from_picture is None) == (self.blank is None):
            raise ValueError(f"{self.spec.name}: declare exactly one of from_picture and blank")
        coloured = self.spec.has_colours
        if coloured != (self.colour_example is not None) or coloured != bool(
            self.spec.colour_rules
        ):
            raise ValueError(
                f"{self.spec.name}: a kind with colours declares a colour example and colour "
                "rules, and only such a kind"
            )
        names = [format.name for format in self.formats]
        if self.typed_format not in names:
            raise ValueError(
                f"{self.spec.name}: the typed format {self.typed_format!r} is not one of its "
                f"formats ({', '.join(names)})"
            )

    @property
    def name(self) -> str:
        """The kind's identifier, ``spec.name``."""
        return self.spec.name

    @property
    def game_id_format(self) -> Format | None:
        """The kind's game ID format (:attr:`Format.game_id`), if it has one."""
        return next((format for format in self.formats if format.game_id), None)

    @property
    def drawn(self) -> bool:
        """True for a kind drawn from a picture: the designer paints, the clues follow."""
        return self.from_picture is not None

    def new_document(self, shape: tuple[int, int], **metadata: Any) -> Document:
        """An empty puzzle of ``(height, width)``: an empty picture for a drawn kind."""
        if self.from_picture is not None:
            return self.document_of(np.zeros(shape, dtype=bool), **metadata)
        assert self.blank is not None
        return Document(self.blank(shape), None, **metadata)

    def document_of(self, picture: Picture, **metadata: Any) -> Document:
        """The document whose clues are made from ``picture`` (``(height, width)``, bool or
        ``uint8`` colours); ``metadata`` are the document's other fields (``title``, …, and
        ``palette`` for a colour picture).

        Raises:
            StudioError: for a kind not drawn from a picture, or a colour picture of a kind
                whose cells are only filled or empty.
        """
        noun = self.spec.noun or self.name
        if self.from_picture is None:
            raise StudioError(f"a {noun} is not drawn from a picture")
        colours = int(np.max(picture, initial=0)) if np.asarray(picture).dtype != bool else 1
        if colours > self.spec.max_colours:
            raise StudioError(
                f"a {noun} is black and white; this picture has {colours} colours"
                if not self.spec.has_colours
                else f"a {noun} has at most {self.spec.max_colours} colours, this picture {colours}"
            )
        return Document(self.from_picture(picture), picture, **metadata)

    def encoded(self, puzzle: Puzzle, encoding: str) -> Puzzle:
        """``puzzle`` to analyse in the CNF ``encoding``: as it is for ``"fast"``.

        Raises:
            StudioError: for an encoding this kind does not have.
        """
        if encoding == "fast":
            return puzzle
        if encoding not in self.encodings:
            known = ", ".join(["fast", *self.encodings])
            raise StudioError(
                f"a {self.spec.noun or self.name} has no {encoding!r} encoding; use {known}"
            )
        return self.encodings[encoding](puzzle)
