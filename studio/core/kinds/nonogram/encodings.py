"""The nonogram encodings side by side: the product's order encoding and the thesis's two.

* ``"fast"``: the order encoding of run starts, O(n·k) clauses per line, run ranges narrowed by
  the cells already known (:meth:`Nonogram.encode`, :mod:`.cnf`; docs/algorithms.md,
  "Nonogram encodings").
* ``"thesis"``: van Oers 2024 Ch. 4, start and part-of-block variables, rules 1–11, O(n²·k)
  clauses per line (:mod:`.thesis_cnf`).
* ``"naive"``: van Oers 2024 Ch. 3, every placement of every line joined by the Tseytin
  transformation; refuses puzzles with too many placements (:mod:`.naive_cnf`).

Contract for the command line (``studio solve|analyze --encoding fast|thesis|naive``)::

    analyze(with_encoding(puzzle, name), logic_first=(name == "fast"))

and the same ``logic_first`` for ``solve`` and ``count_solutions``. The thesis's encodings take
the puzzle from scratch, as published (the line solver's findings would fix most cells before
SAT and hide what is measured); only the givens are constants. With ``naive``, ``analyze``,
``solve`` and ``count_solutions`` raise :class:`.naive_cnf.EncodingTooLarge` (a
:class:`StudioError`, message naming the line) when the puzzle has too many placements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from studio.core.cancel import CancelToken
from studio.core.errors import StudioError
from studio.core.grid import PartialGrid, Picture
from studio.core.kinds.nonogram import naive_cnf as nonogram_naive
from studio.core.kinds.nonogram import thesis_cnf as nonogram_thesis
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Deduction, Difficulty, Hint, KindSpec, Puzzle, Violation
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.symmetry import Symmetry

PuzzleT = TypeVar("PuzzleT", bound=Puzzle)

#: ``encode(cnf, puzzle, known) -> cell literals``, the contract of :meth:`Puzzle.encode`.
EncodeFunction = Callable[[CnfBuilder, Nonogram, PartialGrid], LiteralGrid]

ENCODINGS: dict[str, EncodeFunction] = {
    "fast": lambda cnf, puzzle, known: puzzle.encode(cnf, known),
    "thesis": nonogram_thesis.encode,
    "naive": nonogram_naive.encode,
}


@dataclass(frozen=True)
class EncodedPuzzle(Generic[PuzzleT]):
    """``puzzle`` behind the :class:`Puzzle` protocol, encoded by ``encoder`` instead of its own
    :meth:`~Puzzle.encode`; everything else is the puzzle's. ``encoding`` names the encoder."""

    # The protocol wants class variables; one wrapper class serves every kind, so each
    # instance carries its puzzle's kind (set in __post_init__).
    kind: ClassVar[str]
    spec: ClassVar[KindSpec]

    puzzle: PuzzleT
    encoder: Callable[[CnfBuilder, PuzzleT, PartialGrid], LiteralGrid]
    encoding: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", self.puzzle.kind)
        object.__setattr__(self, "spec", self.puzzle.spec)

    @property
    def colours(self) -> int:
        return self.puzzle.colours

    @property
    def shape(self) -> tuple[int, int]:
        return self.puzzle.shape

    def validate(self) -> None:
        self.puzzle.validate()

    def check(self, grid: Picture) -> list[Violation]:
        return self.puzzle.check(grid)

    def deduce(self, cancel: CancelToken | None = None) -> Deduction:
        return self.puzzle.deduce(cancel)

    def givens_grid(self) -> PartialGrid:
        return self.puzzle.givens_grid()

    def hint(self, known: PartialGrid) -> Hint | None:
        return self.puzzle.hint(known)

    def rate(self, deduction: Deduction, cancel: CancelToken | None = None) -> Difficulty:
        return self.puzzle.rate(deduction, cancel)

    def lazy_clauses(self, cells: LiteralGrid, grid: Picture) -> list[list[int]]:
        return self.puzzle.lazy_clauses(cells, grid)

    def symmetries(self) -> tuple[Symmetry, ...]:
        return self.puzzle.symmetries()

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        return self.puzzle.probe(known, cancel)

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        return self.encoder(cnf, self.puzzle, known)


def with_encoding(puzzle: Nonogram, name: str) -> Puzzle:
    """``puzzle`` encoded with the encoding called ``name`` (a key of :data:`ENCODINGS`).

    Raises:
        StudioError: for an unknown name (the message lists the known ones), or a thesis
            encoding of a colour nonogram (the thesis's encodings are black and white).
    """
    if name != "fast" and puzzle.colours > 1:
        raise StudioError(
            f"the {name!r} encoding is for black-and-white nonograms; this one has "
            f"{puzzle.colours} colours (use 'fast')"
        )
    try:
        encoder = ENCODINGS[name]
    except KeyError:
        known = ", ".join(ENCODINGS)
        raise StudioError(f"unknown encoding {name!r}; known: {known}") from None
    return EncodedPuzzle(puzzle, encoder, name)
