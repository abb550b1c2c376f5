"""The nonogram (Pattern, Griddlers, Picross): row and column clues give the runs of filled
cells. Its declaration, :data:`KIND`, lists everything the studio knows of it.

Modules: :mod:`.puzzle` (the rules), :mod:`.linesolve` (the line solver), :mod:`.cnf` (the order
encoding) beside the thesis's :mod:`.thesis_cnf` and :mod:`.naive_cnf` (:mod:`.encodings`),
:mod:`.formats` (text grid, Tatham Pattern IDs, runs lists, clue lines, ``.non``, webpbn XML,
its part of the studio document), :mod:`.generate` with :mod:`.clue_stats`, :mod:`.repair`,
:mod:`.layers` (the picture and the given cells, for the grid commands), :mod:`.example` (the
worked examples of a book's rules pages, in black and white and in colour).
"""

from functools import partial

from studio.core.contract.kind import Kind
from studio.core.kinds.nonogram.encodings import with_encoding
from studio.core.kinds.nonogram.example import colour_example, example
from studio.core.kinds.nonogram.formats import (
    clue_lines,
    grid,
    non,
    payload,
    runs,
    tatham,
    webpbn,
)
from studio.core.kinds.nonogram.generate import GENERATOR
from studio.core.kinds.nonogram.layers import LAYERS
from studio.core.kinds.nonogram.puzzle import SPEC, Nonogram
from studio.core.kinds.nonogram.repair import REPAIRS

KIND: Kind = Kind(
    spec=SPEC,
    payload=payload.PAYLOAD,
    formats=(grid.FORMAT, tatham.FORMAT, runs.FORMAT, clue_lines.FORMAT, non.FORMAT, webpbn.FORMAT),
    typed_format=clue_lines.FORMAT.name,
    generator=GENERATOR,
    repairs=REPAIRS,
    layers=LAYERS,
    example=example,
    colour_example=colour_example,
    from_picture=Nonogram.from_picture,
    encodings={name: partial(with_encoding, name=name) for name in ("thesis", "naive")},
)
"""The nonogram, as the registry (:mod:`studio.core.kinds`) lists it."""
