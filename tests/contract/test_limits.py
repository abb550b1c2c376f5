"""What every kind states in its KindSpec: the size limits (check_shape, checked first by
validate) and the rules for people."""

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


@pytest.mark.parametrize("spec", [kind.spec for kind in KINDS], ids=lambda spec: spec.name)
def test_every_kind_states_its_rules_in_a_few_sentences(spec: KindSpec) -> None:
    """Help and the books show them: a few whole sentences, not a placeholder."""
    sentences = [s for s in spec.rules.split(". ") if s.strip()]
    assert 3 <= len(sentences) <= 8
    assert spec.rules.endswith(".")
    assert "start" in spec.rules  # one hint on how to begin
