"""Every kind's layers (Kind.layers): a puzzle taken apart cell by cell and made again is the same
puzzle, and a new document's marks are all blank (what Clear and new cells put back)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.contract.kind import Kind
from studio.core.contract.layers import CellLayers, Mark
from studio.core.kinds import KINDS
from tests.core.documents import documents, layers

EVERY_KIND = pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)


@EVERY_KIND
@given(data=st.data())
def test_marks_split_from_a_joined_puzzle_are_the_marks_it_was_made_of(
    kind: Kind, data: st.DataObject
) -> None:
    drawn = data.draw(layers(kind))
    split = kind.layers.split(kind.layers.join(drawn))
    assert set(split) == {mark.name for mark in kind.layers.marks}
    for name, cells in drawn.marks.items():
        assert np.array_equal(split[name], cells), name


@EVERY_KIND
@given(data=st.data())
def test_a_puzzle_joined_from_its_own_layers_is_the_same_puzzle(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    again = kind.layers.join(CellLayers(document.picture, kind.layers.split(document.puzzle)))
    assert again == document.puzzle


@EVERY_KIND
def test_a_new_document_holds_only_blank_marks(kind: Kind) -> None:
    least = kind.spec.min_side
    document = kind.new_document((least, least + 2))
    marks = kind.layers.split(document.puzzle)
    for mark in kind.layers.marks:
        assert np.all(marks[mark.name] == mark.blank), mark.name


def test_a_blank_outside_the_values_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of"):
        Mark("codes", (0, 1, 2), blank=3)
