"""Grid commands for any kind: resize and crop, shift, mirror, rotate, invert, clear, clear the
givens: what any good picture editor offers, for every kind.

Each command takes a document and returns a new one, its title, author and notes kept; the window
applies it as one undo step. A command splits the document into layers cell by cell (the picture
and the marks its kind declares, :class:`~studio.core.contract.layers.LayerCodec`), edits every
layer alike with numpy, and has the kind make its puzzle again: clues are never moved, they are
made again from the edited picture, so they always match it.

What a kind declares decides the rest, never its name (:func:`commands`):

- A kind drawn from a picture (:attr:`Kind.drawn`) needs one: a document known only by its clues
  is edited through the solution the window shows (the ``picture`` argument). Invert and Clear
  act on the picture.
- For another kind a document's picture is a reference solution: it moves with the givens, Clear
  leaves it (a puzzle without givens rules nothing out), and it is dropped when it no longer
  solves the edited puzzle (a crop that cuts its circles apart, say). Invert is refused.
- Clear Givens puts the marks declared as givens (:attr:`Mark.givens`) back to blank.

An edit may not make an invalid puzzle of a valid one (a wrap that joins runs of given circles,
say): it is refused, naming what would break. An invalid document stays editable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

import numpy as np

from studio.core.contract.kind import Kind
from studio.core.contract.layers import CellLayers, Mark, MarkGrid
from studio.core.document import Document
from studio.core.errors import PuzzleError, StudioError
from studio.core.grid import Picture, picture_of
from studio.core.kinds import kind_of
from studio.core.puzzle import DrawnPuzzle, Puzzle

Command = Literal["resize", "shift", "mirror", "rotate", "invert", "clear", "clear-givens"]
"""A grid command's name, as :func:`commands` lists it."""

MirrorAxis = Literal["left-right", "top-bottom"]
"""``"left-right"`` swaps the left and right sides (each row reversed), ``"top-bottom"`` the top
and bottom (each column reversed)."""

LayerEdit = Callable[[MarkGrid, Mark], MarkGrid]
"""One layer ``(height, width)`` and its declaration -> the edited layer (any shape, the same for
every layer of a document)."""

_PICTURE = Mark("picture", (False, True), blank=False)
"""The picture as a layer: empty where nothing is drawn."""


def commands(kind: Kind) -> tuple[Command, ...]:
    """The grid commands to offer for ``kind``, in menu order.

    Resize, shift, mirror and rotate move any kind's cells. Invert needs a picture the puzzle is
    drawn from. Clear Givens needs a givens layer, and is offered only where Clear would take
    more (a drawn picture, or other marks): for a kind that is nothing but its givens the two
    are the same command.
    """
    marks = kind.layers.marks
    clears_more = kind.drawn or any(not mark.givens for mark in marks)
    return (
        "resize",
        "shift",
        "mirror",
        "rotate",
        *(("invert",) if kind.drawn else ()),
        "clear",
        *(("clear-givens",) if kind.layers.has_givens and clears_more else ()),
    )


def resized(
    document: Document,
    top: int,
    bottom: int,
    left: int,
    right: int,
    *,
    picture: Picture | None = None,
) -> Document:
    """``document`` with rows and columns added or taken away on each side: a positive number
    adds that many blank rows (columns) on its side, a negative one crops that many. Each cell
    ``(r, c)`` becomes ``(r + top, c + left)``, so a side may crop what the other adds.

    Args:
        picture: the solution shown, bool ``(height, width)``, for a document without a picture
            (see :func:`mirrored`).

    Raises:
        StudioError: when the crop leaves no row or no column; a
            :class:`~studio.core.errors.PuzzleError` for a size outside the kind's
            ``min_side`` to ``max_side`` (checked before any work); as :func:`mirrored`.
    """
    height, width = document.puzzle.shape
    shape = (height + top + bottom, width + left + right)
    if min(shape) < 1:
        lines = "row" if shape[0] < 1 else "column"
        raise StudioError(f"cannot crop every {lines} of the {width}×{height} grid")
    document.puzzle.spec.check_shape(shape)
    return _edited(
        document,
        picture,
        "resize",
        lambda layer, mark: _reframed(layer, mark.blank, (top, bottom), (left, right)),
    )


def shifted(
    document: Document, rows: int, cols: int, *, wrap: bool, picture: Picture | None = None
) -> Document:
    """``document`` with every cell moved ``rows`` down (negative: up) and ``cols`` right
    (negative: left). With ``wrap`` the cells pushed over one edge come back at the other;
    without, they are lost and blank cells come in.

    Raises:
        StudioError: as :func:`mirrored`.
    """
    if wrap:
        return _edited(
            document, picture, "shift", lambda layer, _: np.roll(layer, (rows, cols), axis=(0, 1))
        )
    # A shift without wrap adds rows and columns on one side and crops as many on the other.
    return _edited(
        document,
        picture,
        "shift",
        lambda layer, mark: _reframed(layer, mark.blank, (rows, -rows), (cols, -cols)),
    )


def mirrored(document: Document, axis: MirrorAxis, *, picture: Picture | None = None) -> Document:
    """``document`` mirrored: ``"left-right"`` swaps its left and right, ``"top-bottom"`` its top
    and bottom.

    Args:
        picture: the solution shown, bool ``(height, width)``, for a document without a picture
            (a puzzle known only by its clues): edited as the document's picture would be and
            kept as the result's. Ignored when the document has a picture.

    Raises:
        StudioError: for a document of a kind drawn from a picture that has none and no
            ``picture``; a :class:`~studio.core.errors.PuzzleError` when the edit would make
            an invalid puzzle of a valid one.
        ValueError: for a ``picture`` of another shape than the document.
    """
    dimension = 1 if axis == "left-right" else 0
    return _edited(document, picture, "mirror", lambda layer, _: np.flip(layer, dimension))


def rotated(document: Document, quarter_turns: int, *, picture: Picture | None = None) -> Document:
    """``document`` turned ``quarter_turns`` times 90° clockwise (negative: anticlockwise); an
    odd number swaps its height and width.

    Raises:
        StudioError: as :func:`mirrored`.
    """
    return _edited(document, picture, "rotate", lambda layer, _: np.rot90(layer, -quarter_turns))


def inverted(document: Document, *, picture: Picture | None = None) -> Document:
    """``document`` with its picture's filled and empty cells swapped; givens and shown clues
    stay where they are (their values follow the picture).

    Raises:
        StudioError: for a kind not drawn from a picture, or a colour picture (which colour
            would the background's cells take?); as :func:`mirrored`.
    """
    kind = kind_of(document.puzzle)
    if not kind.drawn:
        raise StudioError(f"a {_noun(document.puzzle)} has no picture to invert")
    if document.puzzle.colours > 1:
        raise StudioError(
            "a colour picture cannot be inverted: no one colour takes the background's cells "
            "(Make Background swaps a colour with the background)"
        )
    return _edited(
        document,
        picture,
        "invert",
        lambda layer, mark: np.logical_not(layer) if mark is _PICTURE else layer,
    )


def cleared(document: Document, *, picture: Picture | None = None) -> Document:
    """``document`` as a new one of its size would be: an empty picture for a kind drawn from
    one, every mark blank. The reference solution of another kind stays (nothing rules it out).

    Raises:
        StudioError: as :func:`mirrored`.
    """
    drawn = kind_of(document.puzzle).drawn
    if drawn and picture is None:
        # Cleared whatever it holds: a document known only by its clues needs no solution.
        # A colour one keeps its colours, to paint with again.
        blank = np.zeros(document.puzzle.shape, dtype=np.uint8)
        picture = picture_of(blank, document.puzzle.colours)

    def clear(layer: MarkGrid, mark: Mark) -> MarkGrid:
        if mark is _PICTURE and not drawn:
            return layer
        return np.full_like(layer, mark.blank)

    return _edited(document, picture, "clear", clear)


def without_givens(document: Document, *, picture: Picture | None = None) -> Document:
    """``document`` without its givens: every layer its kind declares as givens blank; the
    picture and other marks stay.

    Raises:
        StudioError: for a kind without givens; as :func:`mirrored`.
    """
    if not kind_of(document.puzzle).layers.has_givens:
        raise StudioError(f"a {_noun(document.puzzle)} has no givens to clear")
    return _edited(
        document,
        picture,
        "clear the givens",
        lambda layer, mark: np.full_like(layer, mark.blank) if mark.givens else layer,
    )


def _edited(document: Document, picture: Picture | None, verb: str, edit: LayerEdit) -> Document:
    """``document`` with ``edit`` applied to each of its layers and its puzzle made again."""
    kind = kind_of(document.puzzle)
    source = _picture(kind, document, picture, verb)
    marks = kind.layers.split(document.puzzle)
    layers = CellLayers(
        None if source is None else edit(source, _PICTURE),
        {mark.name: edit(marks[mark.name], mark) for mark in kind.layers.marks},
    )
    puzzle = kind.layers.join(layers)
    kept = layers.picture
    colours = document.puzzle.colours
    if puzzle.colours != colours and kept is not None and isinstance(puzzle, DrawnPuzzle):
        # The layers tell the colours only by those the picture holds: a cleared or shifted
        # colour picture keeps its palette's colours, to paint with again.
        puzzle = puzzle.with_picture(kept, colours)
    if not kind.drawn and kept is not None and puzzle.check(kept):
        kept = None  # a reference that no longer solves the puzzle is no longer its solution
    _refuse_breaking(document.puzzle, puzzle, verb)
    return replace(document, puzzle=puzzle, picture=kept)


def _picture(kind: Kind, document: Document, picture: Picture | None, verb: str) -> Picture | None:
    """The picture to edit: the document's, else the solution shown (``None`` when neither
    is there and the kind does without)."""
    if document.picture is not None:
        return document.picture
    if picture is None:
        if kind.drawn:
            raise StudioError(
                f"a {_noun(document.puzzle)} known only by its clues needs a solution to {verb}"
            )
        return None
    shown = picture_of(picture, document.puzzle.colours)
    if shown.shape != document.puzzle.shape:
        raise ValueError(f"the picture is {shown.shape}, the puzzle {document.puzzle.shape}")
    return shown


def _reframed(
    layer: MarkGrid, blank: bool | int, rows: tuple[int, int], cols: tuple[int, int]
) -> MarkGrid:
    """``layer`` with ``(top, bottom)`` rows and ``(left, right)`` columns added (positive,
    ``blank`` cells) or cropped (negative) on each side: its cell ``(r, c)`` is the result's
    ``(r + top, c + left)`` where that lies inside, the result ``top + bottom`` rows and
    ``left + right`` columns larger (at least empty)."""
    (top, bottom), (left, right) = rows, cols
    height, width = layer.shape
    shape = (max(0, height + top + bottom), max(0, width + left + right))
    framed = np.full(shape, blank, dtype=layer.dtype)
    # The rows and columns of layer that land inside the frame.
    r0, r1 = max(0, -top), min(height, height + bottom)
    c0, c1 = max(0, -left), min(width, width + right)
    if r0 < r1 and c0 < c1:
        framed[r0 + top : r1 + top, c0 + left : c1 + left] = layer[r0:r1, c0:c1]
    return framed


def _refuse_breaking(before: Puzzle, after: Puzzle, verb: str) -> None:
    """Refuse an edit that makes an invalid puzzle of a valid one.

    Raises:
        PuzzleError: ``cannot <verb>: <what breaks>``.
    """
    try:
        after.validate()
    except PuzzleError as error:
        try:
            before.validate()
        except PuzzleError:
            return  # invalid before: the window says what is wrong, as after any edit
        raise PuzzleError(f"cannot {verb}: {error}") from None


def _noun(puzzle: Puzzle) -> str:
    return puzzle.spec.noun or puzzle.spec.name
