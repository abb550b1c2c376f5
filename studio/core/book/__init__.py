"""A puzzle book: an ordered list of puzzles of any kind, and how to lay them out in print.

The puzzles are embedded (a book file needs no other file), each with its solution, its title in
the book and its difficulty, so that a book can be printed, reordered and shared on its own.
:mod:`.layout` holds the print settings (trim, bleed, margins, sections), :mod:`.plan` where
everything goes on the pages. The file format is :mod:`studio.core.formats.book_json`; drawing
the pages is :mod:`studio.render.book`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from studio.core.book.layout import (
    PAGE_SIZES,
    PER_PAGE,
    SOLUTIONS_PER_PAGE,
    TRIM_SIZES,
    BookLayout,
    TrimSize,
)
from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture, picture_of
from studio.core.kinds import KINDS
from studio.core.palette import greyscale_warning
from studio.core.sat.analysis import Analysis, Status, analyze


@dataclass(frozen=True, eq=False)
class BookEntry:
    """One puzzle in a book.

    Attributes:
        document: the puzzle (and its picture, if it has one).
        title: its title in the book, printed beside its number; empty for none (lists call
            it "Puzzle N").
        solution: ``(height, width)``, bool, or ``uint8`` colours for a colour puzzle: its
            solution, printed at the back; for a puzzle that is not unique, one of its
            solutions (the designer's picture, else one the analysis found;
            :attr:`solution_note` says so in print); ``None`` if none is known (then the book
            warns).
        status: the analysis verdict when the puzzle was added (``"unique"`` for a good one).
        difficulty: the difficulty score 1–5 of a unique puzzle, ``None`` otherwise.
    """

    document: Document
    title: str = ""
    solution: Picture | None = None
    status: str = Status.UNKNOWN.value
    difficulty: int | None = None

    def __post_init__(self) -> None:
        if self.solution is not None:
            solution = picture_of(self.solution, self.document.puzzle.colours)  # a new array
            if solution.shape != self.document.puzzle.shape:
                raise StudioError("the solution does not have the puzzle's shape")
            solution.setflags(write=False)
            object.__setattr__(self, "solution", solution)

    @property
    def warning(self) -> str | None:
        """What is wrong with this puzzle for print, if anything: it is not unique."""
        if self.status == Status.UNIQUE.value:
            return None
        return {
            Status.MULTIPLE.value: "has several solutions",
            Status.NONE.value: "has no solution",
        }.get(self.status, "was not shown to be unique")

    @property
    def solution_note(self) -> str | None:
        """What the solutions at the back say beside this puzzle's number when its solution
        is not simply the one: ``"one of several"`` beside one solution of an ambiguous
        puzzle, ``"not proven unique"`` beside one of a puzzle the analysis did not finish;
        without a solution, ``"several solutions"``, ``"no solution"`` or ``"no solution
        known"``. ``None`` for a unique puzzle's solution."""
        multiple, none = Status.MULTIPLE.value, Status.NONE.value
        if self.solution is None:
            return {multiple: "several solutions", none: "no solution"}.get(
                self.status, "no solution known"
            )
        if self.status == Status.UNIQUE.value:
            return None
        return "one of several" if self.status == multiple else "not proven unique"

    @property
    def stars(self) -> str:
        """The difficulty as five stars, e.g. ``"★★☆☆☆"``; ``""`` when not rated."""
        if self.difficulty is None:
            return ""
        return "★" * self.difficulty + "☆" * (5 - self.difficulty)


def entry_for(
    document: Document,
    title: str = "",
    *,
    analysis: Analysis | None = None,
    cancel: CancelToken | None = None,
) -> BookEntry:
    """A book entry for ``document``: analysed (unless ``analysis`` is given) for its solution,
    status and difficulty.

    Raises:
        PuzzleError: for a puzzle that is not valid.
        Stopped: when ``cancel`` fires.
    """
    if analysis is None:
        document.puzzle.validate()
        analysis = analyze(document.puzzle, cancel=cancel)
    unique = analysis.status == Status.UNIQUE
    # An ambiguous puzzle prints one solution, noted as one of several: the designer's
    # picture (what was meant) when there is one.
    picture = None if unique else document.picture
    solution = analysis.solution if picture is None else picture
    return BookEntry(
        document=document,
        title=title or document.title,
        solution=solution,
        status=analysis.status.value,
        difficulty=analysis.difficulty.score if unique and analysis.difficulty else None,
    )


def reference(number: int, entry: BookEntry) -> str:
    """How a message names puzzle ``number`` of a book: ``"#3 Diagonal"``, or ``"#3"`` when
    it has no title (none is made up)."""
    return f"#{number} {entry.title}" if entry.title else f"#{number}"


def greyscale_line(number: int, entry: BookEntry) -> str | None:
    """What a message says of puzzle ``number`` whose colours would print alike in greyscale
    (``"#3 Garden: red and green would print alike in greyscale"``), ``None`` if none would."""
    warning = greyscale_warning(entry.document.palette)
    return None if warning is None else f"{reference(number, entry)}: {warning}"


class SortKey(StrEnum):
    """What :meth:`Book.sorted_by` puts the puzzles in order of."""

    DIFFICULTY = "difficulty"
    """Easiest first (the difficulty score 1–5); puzzles not rated (not shown unique) last."""
    SIZE = "size"
    """Fewest cells first; as many cells: fewer rows first."""
    KIND = "kind"
    """In the order of the kinds' registry (:data:`studio.core.kinds.KINDS`: nonogram, mosaic,
    Fobidoshi), a kind's colour puzzles after its black-and-white ones, so that each makes one
    section."""


_KIND_ORDER = {kind.spec.name: index for index, kind in enumerate(KINDS)}

_SORT_KEYS: dict[SortKey, Callable[[BookEntry], tuple[int, ...]]] = {
    SortKey.DIFFICULTY: lambda entry: (
        (0, entry.difficulty) if entry.difficulty is not None else (1, 0)
    ),
    SortKey.SIZE: lambda entry: (
        entry.document.puzzle.shape[0] * entry.document.puzzle.shape[1],
        entry.document.puzzle.shape[0],
    ),
    SortKey.KIND: lambda entry: (
        _KIND_ORDER.get(entry.document.kind, len(_KIND_ORDER)),
        entry.document.puzzle.colours > 1,
    ),
}


@dataclass(frozen=True, eq=False)
class Book:
    """A puzzle book: its title and author (also the PDF's metadata), layout and puzzles."""

    title: str = "Puzzles"
    author: str = ""
    layout: BookLayout = field(default_factory=BookLayout)
    entries: tuple[BookEntry, ...] = ()

    def with_entries(self, entries: Iterable[BookEntry]) -> Book:
        return replace(self, entries=tuple(entries))

    def added(self, *entries: BookEntry) -> Book:
        """The book with ``entries`` at the end."""
        return self.with_entries((*self.entries, *entries))

    def moved(self, source: int, target: int) -> Book:
        """The book with the puzzle at ``source`` moved to position ``target``.

        Raises:
            IndexError: for a position outside the book.
        """
        entries = list(self.entries)
        entries.insert(target, entries.pop(source))
        return self.with_entries(entries)

    def removed(self, index: int) -> Book:
        """The book without the puzzle at ``index``.

        Raises:
            IndexError: for a position outside the book.
        """
        entries = list(self.entries)
        del entries[index]
        return self.with_entries(entries)

    def sorted_by(self, key: SortKey) -> Book:
        """The book with its puzzles in the order of ``key`` (:class:`SortKey`), and so
        renumbered: a puzzle's number is its position (:meth:`numbered`). The sort is stable:
        puzzles that tie keep their order, so sorting by kind after sorting by difficulty gives
        each kind's section from easy to hard."""
        return self.with_entries(sorted(self.entries, key=_SORT_KEYS[key]))

    def titles(self) -> list[str]:
        """Each puzzle's name in lists (the Book panel, messages): its title, or "Puzzle N".
        A printed book shows only the titles given (:mod:`.plan`)."""
        return [entry.title or f"Puzzle {number}" for number, entry in self.numbered()]

    def numbered(self) -> Sequence[tuple[int, BookEntry]]:
        """``(number, entry)`` with numbers from 1, as printed."""
        return list(enumerate(self.entries, start=1))

    def warnings(self) -> list[str]:
        """One line per puzzle that should not go to print as it is, e.g. ``"#3 Diagonal: has
        several solutions"``. How each prints (its size, its title) is
        :func:`studio.render.book.preflight.preflight`'s to say."""
        return [
            f"{reference(number, entry)}: {entry.warning}"
            for number, entry in self.numbered()
            if entry.warning is not None
        ]

    def greyscale_warnings(self) -> list[str]:
        """One line per colour puzzle whose colours would print alike in greyscale
        (:func:`~studio.core.palette.greyscale_warning`), named as every message names a
        puzzle (:func:`reference`), e.g. ``"#3 Garden: red and green would print alike in
        greyscale"``."""
        lines = (greyscale_line(number, entry) for number, entry in self.numbered())
        return [line for line in lines if line is not None]


__all__ = [
    "PAGE_SIZES",
    "PER_PAGE",
    "SOLUTIONS_PER_PAGE",
    "TRIM_SIZES",
    "Book",
    "BookEntry",
    "BookLayout",
    "SortKey",
    "TrimSize",
    "entry_for",
    "reference",
]
