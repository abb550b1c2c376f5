"""The registry of puzzle kinds: every kind's declaration
(:class:`~studio.core.contract.kind.Kind`), listed once.

Adding a kind is a package beside these (its rules, formats, generator, repairs, its layers cell
by cell for the grid commands, and a ``KIND`` that declares them), one entry in :data:`KINDS`,
and one in the Qt side's table (:mod:`studio.gui.kinds`); the contract tests (``tests/contract``)
then cover it. See docs/adding-a-kind.md.
"""

from typing import Any

from studio.core.contract.kind import Kind
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.kinds import fobidoshi, mosaic, nonogram
from studio.core.puzzle import Puzzle

KINDS: tuple[Kind, ...] = (nonogram.KIND, mosaic.KIND, fobidoshi.KIND)
"""Every kind, in the order they are offered to people."""

_BY_NAME = {key.lower(): kind for kind in KINDS for key in (kind.name, *kind.spec.aliases)}


def get_kind(name: str) -> Kind:
    """The kind registered under ``name`` or one of its aliases (case-insensitive).

    Raises:
        StudioError: for an unknown name; the message lists the known kinds.
    """
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        known = ", ".join(kind.name for kind in KINDS)
        raise StudioError(f"unknown puzzle kind {name!r}; known: {known}") from None


def kind_of(puzzle: Puzzle) -> Kind:
    """The kind ``puzzle`` is of."""
    return _BY_NAME[puzzle.kind]


def new_document(kind: str, shape: tuple[int, int], **metadata: str) -> Document:
    """An empty puzzle of ``kind`` and ``(height, width)``: an empty picture for a drawn kind.

    Raises:
        StudioError: for an unknown kind.
    """
    return get_kind(kind).new_document(shape, **metadata)


def document_of_picture(kind: str, picture: Picture, **metadata: Any) -> Document:
    """A document of ``kind`` whose clues are made from ``picture`` (``(height, width)``, bool
    or ``uint8`` colours); ``metadata`` as :meth:`Kind.document_of`.

    Raises:
        StudioError: for an unknown kind, one not drawn from a picture, or colours for a kind
            without them.
    """
    return get_kind(kind).document_of(picture, **metadata)
