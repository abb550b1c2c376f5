"""Fobidoshi: circle cells so that the circles form one connected group and no row or column
holds four in a row. Its declaration, :data:`KIND`, lists everything the studio knows of it.

Modules: :mod:`.puzzle` (the rules and the lazy connectivity cuts), :mod:`.rules` (the thesis's
deduction rules), :mod:`.search` (the backtracking search of the thesis), :mod:`.formats` (Janko's
text, its part of the studio document), :mod:`.generate`, :mod:`.repair`, :mod:`.layers` (the
givens, for the grid commands), :mod:`.example` (the worked example of a book's rules page).
"""

from studio.core.contract.kind import Kind
from studio.core.kinds.fobidoshi.example import example
from studio.core.kinds.fobidoshi.formats import janko, payload
from studio.core.kinds.fobidoshi.generate import GENERATOR
from studio.core.kinds.fobidoshi.layers import LAYERS
from studio.core.kinds.fobidoshi.puzzle import SPEC, Fobidoshi
from studio.core.kinds.fobidoshi.repair import REPAIRS

KIND: Kind = Kind(
    spec=SPEC,
    payload=payload.PAYLOAD,
    formats=(janko.FORMAT,),
    typed_format=janko.FORMAT.name,
    generator=GENERATOR,
    repairs=REPAIRS,
    layers=LAYERS,
    example=example,
    blank=Fobidoshi.blank,
)
"""The Fobidoshi, as the registry (:mod:`studio.core.kinds`) lists it."""
