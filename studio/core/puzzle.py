"""The Puzzle protocol: what every puzzle kind supplies.

Modelled on Simon Tatham's ``struct game``: one package per kind behind one small interface;
each kind declares itself once (:class:`studio.core.contract.kind.Kind`) and the registry
:mod:`studio.core.kinds` lists the declarations. Analysis, uniqueness and variable fields are
generic; they see a kind only through :class:`Puzzle`, and its words and limits through its
:class:`KindSpec` (``puzzle.spec``). Rule for implementers: anything that passes
:meth:`Puzzle.validate` must never make another method raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import UNKNOWN, PartialGrid, Picture
from studio.core.palette import name_colours
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.symmetry import Symmetry

Cell = tuple[int, int]


@dataclass(frozen=True)
class Violation:
    """A broken rule: a message naming the rule and the place, and the cells involved.

    Attributes:
        wording: the message; one that names colours holds ``{0}``, ``{1}``, … where it names
            them (:func:`~studio.core.palette.name_colours`), e.g. ``"row 3 cannot hold 2 in
            {0}"``.
        cells: the cells involved.
        colours: the values of the colours the wording names, in field order (0 the
            background); empty when it names none.
    """

    wording: str
    cells: tuple[Cell, ...] = ()
    colours: tuple[int, ...] = ()

    @property
    def message(self) -> str:
        """The message, colours named by number (``colour 2``)."""
        return self.text()

    def text(self, names: Sequence[str] | None = None) -> str:
        """The message with the colours named by ``names`` (a palette's
        :attr:`~studio.core.palette.Palette.names`; ``None``: by number)."""
        return name_colours(self.wording, self.colours, names)


@dataclass(frozen=True)
class Deduction:
    """What a kind's logic solver (the human-style deductions) concluded.

    Attributes:
        grid: ``int8`` partial grid of shape ``(height, width)``: the cells logic determined.
        contradiction: set when logic proved that no solution exists.
        steps: elementary deductions made (for nonograms: line solves).
        passes: rounds over the puzzle until nothing more followed.
        probes: "what if" trials that determined something (0 for plain logic).
    """

    grid: PartialGrid
    contradiction: Violation | None = None
    steps: int = 0
    passes: int = 0
    probes: int = 0

    @property
    def complete(self) -> bool:
        """True when logic alone determined every cell without contradiction."""
        return self.contradiction is None and not bool(np.any(self.grid == UNKNOWN))


@dataclass(frozen=True)
class Difficulty:
    """How hard a unique puzzle is for a person, from the logic a solver needs.

    Attributes:
        level: the kind's name for the kind of logic needed, e.g. ``"line"``, ``"probing"``,
            ``"search"``.
        score: 1 (easiest) to 5 (needs search).
        description: the level as shown to people, e.g. ``"line-solvable"``.
        steps: elementary deductions made by the logic solver.
        probes: "what if" trials that determined something.
    """

    level: str
    score: int
    description: str
    steps: int = 0
    probes: int = 0


@dataclass(frozen=True)
class Hint:
    """The next deduction a person could make: what follows and where it comes from.

    Attributes:
        wording: the clue it follows from, as people name it, e.g. ``"row 3 (3 1)"``; with
            ``{0}``, ``{1}``, … where it names colours, as :attr:`Violation.wording`.
        cells: ``(row, col, value)`` of each cell it decides: ``filled`` (a bool) in a
            black-and-white puzzle, the colour (0 the background) in a colour puzzle.
        source: the cells of the clue's region (a line, a neighbourhood), to show it.
        colours: the values of the colours the wording names, in field order.
    """

    wording: str
    cells: tuple[tuple[int, int, int], ...]
    source: tuple[Cell, ...]
    colours: tuple[int, ...] = ()

    @property
    def reason(self) -> str:
        """The clue it follows from, colours named by number (``colour 2``)."""
        return self.text()

    def text(self, names: Sequence[str] | None = None) -> str:
        """The clue it follows from, colours named by ``names`` (a palette's
        :attr:`~studio.core.palette.Palette.names`; ``None``: by number)."""
        return name_colours(self.wording, self.colours, names)


class Puzzle(Protocol):
    """One puzzle instance of some kind: clues and givens, no solving state."""

    kind: ClassVar[str]
    """The kind's name, ``spec.name``."""
    spec: ClassVar[KindSpec]
    """The kind's identity, words and size limits."""

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)`` of the grid."""
        ...

    @property
    def colours(self) -> int:
        """How many ink colours a cell may take besides the background: 1 for a
        black-and-white puzzle (its pictures and solutions are ``bool``), *k* > 1 for a colour
        puzzle (``uint8`` grids, 0 the background, 1 to *k* the colours; only kinds whose
        ``spec.max_colours`` allows it)."""
        ...

    def validate(self) -> None:
        """Raise :class:`~studio.core.errors.PuzzleError` naming what is wrong, if anything."""
        ...

    def check(self, grid: Picture) -> list[Violation]:
        """The rules ``grid`` (a picture of the puzzle's shape) breaks; empty when it is a
        solution."""
        ...

    def deduce(self, cancel: CancelToken | None = None) -> Deduction:
        """Run the kind's logic solver from scratch."""
        ...

    def givens_grid(self) -> PartialGrid:
        """``int8`` partial grid ``(height, width)``: the cells shown from the start (givens),
        UNKNOWN elsewhere; where a solver starts."""
        ...

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """Logic stronger than :meth:`deduce`, from the cells in ``known`` (``int8``, e.g.
        :meth:`deduce`'s grid): what follows from trying open cells both ways. Slower: analysis
        calls it only on puzzles the search finds hard. A kind without it returns ``known``.
        """
        ...

    def hint(self, known: PartialGrid) -> Hint | None:
        """The next simple deduction from the cells in ``known`` (``int8``), or ``None``."""
        ...

    def lazy_clauses(self, cells: LiteralGrid, grid: Picture) -> list[list[int]]:
        """Clauses that rule out ``grid``, a model of :meth:`encode` over the cell literals
        ``cells``, if it breaks a rule the encoding leaves out; ``[]`` if it is a solution.

        The hook for rules too big to encode up front (Fobidoshi's connectivity, added as cuts
        when a model breaks it: docs/algorithms.md, "Fobidoshi"); analysis never needs to know
        which rule it is.
        """
        ...

    def symmetries(self) -> tuple[Symmetry, ...]:
        """Cell permutations that map every solution to a solution, e.g. the rotations that
        leave the clues as they are; with the identity (left out) they form a group. ``()``
        when none are known. Analysis looks for a symmetric solution first and closes the
        variable fields under the maps that fix the solution found (:mod:`.symmetry`).
        """
        ...

    def rate(self, deduction: Deduction, cancel: CancelToken | None = None) -> Difficulty:
        """The difficulty of this puzzle, known to be unique; ``deduction`` is :meth:`deduce`'s."""
        ...

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """Add the puzzle's constraints to ``cnf``; return the literals of the cells.

        A black-and-white puzzle returns one literal per cell, ``(height, width)``, true when
        the cell is filled. A colour puzzle returns them one-hot, ``(height, width, colours +
        1)``: ``[r, c, v]`` is true when cell ``(r, c)`` has value ``v`` (0 the background),
        exactly one per cell. ``known`` holds cells already determined (by :meth:`deduce`);
        the encoding may use them to leave out what they decide. A known cell's literals may
        be constants.
        """
        ...


@runtime_checkable
class DrawnPuzzle(Puzzle, Protocol):
    """A puzzle made from a picture (nonogram, mosaic): the designer paints, the clues follow."""

    def with_picture(self, picture: Picture, colours: int | None = None) -> DrawnPuzzle:
        """The same design (givens, which clues are shown, ...) for a new picture, of
        ``colours`` ink colours (``None``: as many as now, or the picture's highest colour if
        more; only a kind whose ``spec.max_colours`` allows more takes more than 1).

        Raises:
            PuzzleError: for more colours than the kind allows.
        """
        ...


@dataclass(frozen=True)
class KindSpec:
    """What a kind is called and how large its puzzles may be: its puzzle class's ``spec``.

    Attributes:
        name: the identifier used in files and on the command line, e.g. ``"nonogram"``.
        title: the name shown to people.
        rules: the rules for people, in a few plain sentences: what a clue means, what a
            solution is, and one hint on how to start (the window's Help and the rules page
            of each section of a printed book show it).
        aliases: other names people use for it (accepted by :func:`get_kind`).
        noun: the kind's name inside a sentence, e.g. ``"nonogram"``, ``"Fobidoshi"``.
        min_side: the fewest rows or columns a puzzle of this kind may have.
        max_side: the most rows or columns a puzzle of this kind may have, chosen so that
            peak memory stays under about 1 GB and a time limit or Esc stops any analysis
            within 0.5 s on a 2-core machine (``benchmarks/limits.py`` measures both;
            docs/figures.md, "Limits", gives the cases measured beyond them).
        logic: the kind's logic solver in a phrase, e.g. ``"line logic"``.
        logic_solvable: the word for a puzzle that logic solves alone, e.g. ``"line-solvable"``.
        given: the word for a cell shown to the solver, e.g. ``"given"``, a mosaic's ``"clue"``.
        max_colours: the most ink colours one of its puzzles may have (:attr:`Puzzle.colours`):
            1 for a kind whose cells are only filled or empty (mosaic, Fobidoshi), more for one
            that also has colour puzzles (the nonogram).
        colour_rules: the rules of its colour puzzles, as :attr:`rules` (what the colours
            change): the rules page of a printed book's colour section shows them; required
            of a kind with colours (:attr:`max_colours` above 1), empty for the others.
    """

    name: str
    title: str
    rules: str
    aliases: tuple[str, ...] = field(default=())
    noun: str = ""
    min_side: int = 1
    max_side: int = 200
    logic: str = "logic"
    logic_solvable: str = "logic-solvable"
    given: str = "given"
    max_colours: int = 1
    colour_rules: str = ""

    @property
    def has_colours(self) -> bool:
        """True for a kind with colour puzzles (:attr:`max_colours` above 1): the studio
        offers the palette and the eyedropper, a book gives them a section of their own."""
        return self.max_colours > 1

    def check_shape(self, shape: tuple[int, int]) -> None:
        """Refuse a ``(height, width)`` outside :attr:`min_side` to :attr:`max_side`; every
        kind's ``validate`` starts here, so that nothing larger reaches the work.

        Raises:
            PuzzleError: e.g. ``400×400 is more than the 200×200 cells a nonogram may have``.
        """
        height, width = shape
        noun = self.noun or self.name
        if height < self.min_side or width < self.min_side:
            least = self.min_side
            lines = "one row and one column" if least == 1 else f"{least} rows and {least} columns"
            raise PuzzleError(f"a {noun} needs at least {lines}, this one is {width}×{height}")
        if height > self.max_side or width > self.max_side:
            most = self.max_side
            raise PuzzleError(
                f"{width}×{height} is more than the {most}×{most} cells a {noun} may have"
            )
