"""The size limits every kind states (KindSpec.check_shape), checked first by validate."""

from __future__ import annotations

import pytest

from studio.core.errors import PuzzleError
from studio.core.kinds import KINDS, new_document
from studio.core.puzzle import KindSpec


@pytest.mark.parametrize("spec", [kind.spec for kind in KINDS], ids=lambda spec: spec.name)
def test_the_largest_allowed_size_validates_and_one_more_is_refused(spec: KindSpec) -> None:
    most = spec.max_side
    new_document(spec.name, (most, most)).puzzle.validate()
    noun = spec.noun or spec.name
    for shape in ((most + 1, most), (most, most + 1)):
        height, width = shape
        with pytest.raises(PuzzleError) as caught:
            new_document(spec.name, shape).puzzle.validate()
        assert str(caught.value) == (
            f"{width}×{height} is more than the {most}×{most} cells a {noun} may have"
        )


@pytest.mark.parametrize("spec", [kind.spec for kind in KINDS], ids=lambda spec: spec.name)
def test_below_the_smallest_size_is_refused(spec: KindSpec) -> None:
    least = spec.min_side
    with pytest.raises(PuzzleError, match="needs at least"):
        spec.check_shape((least - 1, least))
    spec.check_shape((least, least))
