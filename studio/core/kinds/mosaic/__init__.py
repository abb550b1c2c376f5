"""Mosaic (Fill-a-Pix): a digit in a cell counts the filled cells of its 3×3 neighbourhood. Its
declaration, :data:`KIND`, lists everything the studio knows of it.

Modules: :mod:`.puzzle` (the rules), :mod:`.logic` (the clue-by-clue and clue-pair solver),
:mod:`.cnf` (one cardinality constraint a clue), :mod:`.minimal` (minimal clue sets),
:mod:`.formats` (digit grid, Tatham Mosaic IDs, its part of the studio document),
:mod:`.generate`, :mod:`.repair`, :mod:`.layers` (the picture and the shown clues, for the grid
commands), :mod:`.example` (the worked example of a book's rules page).
"""

from studio.core.contract.kind import Kind
from studio.core.kinds.mosaic.example import example
from studio.core.kinds.mosaic.formats import grid, payload, tatham
from studio.core.kinds.mosaic.generate import GENERATOR
from studio.core.kinds.mosaic.layers import LAYERS
from studio.core.kinds.mosaic.puzzle import SPEC, Mosaic
from studio.core.kinds.mosaic.repair import REPAIRS

KIND: Kind = Kind(
    spec=SPEC,
    payload=payload.PAYLOAD,
    formats=(grid.FORMAT, tatham.FORMAT),
    typed_format=grid.FORMAT.name,
    generator=GENERATOR,
    repairs=REPAIRS,
    layers=LAYERS,
    example=example,
    from_picture=Mosaic.from_picture,
)
"""The mosaic, as the registry (:mod:`studio.core.kinds`) lists it."""
