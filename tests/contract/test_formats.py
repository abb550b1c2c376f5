"""Every format of every kind round-trips what it writes: the studio document exactly, the
others the puzzle (and the picture, where they hold one); what a format writes is read back by
sniffing as that format, among the kind's formats and among all; and each format writes some
of the kind's samples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.contract.format import Format
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.formats import read_text, studio_json
from studio.core.kinds import KINDS
from studio.core.puzzle import Puzzle
from tests.contract import CONTRACT, data_of
from tests.contract.kinds import KindData

FORMATS = [
    pytest.param(kind.name, spec, id=f"{kind.name}:{spec.name}")
    for kind in KINDS
    for spec in (studio_json.FORMAT, *kind.formats)
]
each_format = pytest.mark.parametrize(("name", "spec"), FORMATS)
"""Run a test once for each format of each kind (the studio document for every kind)."""


def document(kind_data: KindData, puzzle: Puzzle, with_picture: bool, **metadata: str) -> Document:
    """The puzzle, with one of its solutions as the picture if asked and it has one."""
    solutions = kind_data.solutions(puzzle)
    picture = solutions[0] if with_picture and solutions else None
    return Document(puzzle, picture, **metadata)


def written(spec: Format, original: Document) -> str | None:
    """What ``spec`` writes of ``original``, or ``None`` if it cannot hold it."""
    try:
        return spec.write(original)
    except FormatError:
        return None


def assert_round_trip(spec: Format, original: Document) -> bool:
    """Checks the round trip of ``original`` through ``spec``; False if the format cannot
    hold it."""
    text = written(spec, original)
    if text is None:
        return False
    back = spec.read(text)
    assert back.puzzle == original.puzzle
    assert back.picture is None or (
        original.picture is not None and (back.picture == original.picture).all()
    ), "a format keeps the picture or none"
    assert spec.write(back) == text
    assert read_text(text, format=spec.name) == back
    assert read_text(text, kind=original.kind) == back, "sniffed among the kind's formats"
    if spec is studio_json.FORMAT:
        assert back == original
    return True


@each_format
def test_the_format_round_trips_the_samples_and_holds_some(name: str, spec: Format) -> None:
    kind_data = data_of(name)
    held = [
        assert_round_trip(spec, document(kind_data, puzzle, with_picture, title=label))
        for label, puzzle in kind_data.samples.items()
        for with_picture in (True, False)
    ]
    assert any(held), f"{spec.name} holds none of the {name} samples"


@each_format
@CONTRACT
@given(st.data())
def test_the_format_round_trips_what_it_writes(
    name: str, spec: Format, data: st.DataObject
) -> None:
    kind_data = data_of(name)
    metadata = {key: data.draw(st.text(max_size=6)) for key in ("title", "author", "notes")}
    original = document(
        kind_data, data.draw(kind_data.puzzles), data.draw(st.booleans()), **metadata
    )
    assert_round_trip(spec, original)


@pytest.mark.parametrize(("name", "spec"), FORMATS)
def test_what_a_format_writes_is_sniffed_as_that_format(name: str, spec: Format) -> None:
    """Among every kind's formats, the samples of the kind as the format writes them."""
    kind_data = data_of(name)
    for label, puzzle in kind_data.samples.items():
        for with_picture in (True, False):
            text = written(spec, document(kind_data, puzzle, with_picture, title=label))
            if text is not None:
                assert read_text(text) == spec.read(text), label
