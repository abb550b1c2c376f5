"""The registry of puzzle kinds (see :class:`studio.core.puzzle.KindSpec`)."""

from studio.core.errors import StudioError
from studio.core.kinds.fobidoshi import puzzle as fobidoshi
from studio.core.kinds.mosaic import puzzle as mosaic
from studio.core.kinds.nonogram import puzzle as nonogram
from studio.core.puzzle import KindSpec

KINDS: tuple[KindSpec, ...] = (nonogram.SPEC, mosaic.SPEC, fobidoshi.SPEC)

_BY_NAME = {key.lower(): spec for spec in KINDS for key in (spec.name, *spec.aliases)}


def get_kind(name: str) -> KindSpec:
    """The kind registered under ``name`` or one of its aliases (case-insensitive).

    Raises:
        StudioError: for an unknown name; the message lists the known kinds.
    """
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        known = ", ".join(spec.name for spec in KINDS)
        raise StudioError(f"unknown puzzle kind {name!r}; known: {known}") from None
