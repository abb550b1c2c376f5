"""What every generator shares: the name of a generated puzzle, and telling such a name from a
title a designer gave."""

from __future__ import annotations

import pytest

from studio.core.contract.generation import generated_name, is_generated_name
from studio.core.kinds import get_kind

MOSAIC = get_kind("mosaic").spec


def test_a_generated_name_gives_kind_size_and_seed() -> None:
    assert generated_name(MOSAIC, (10, 12), 42) == "Mosaic 12×10 #42"


@pytest.mark.parametrize(
    ("title", "generated"),
    [
        ("Mosaic 12×10 #42", True),
        ("Mosaic 12×10 #1378448770", True),
        ("Mosaic 10×12 #42", False),  # another size: a designer's title
        ("Nonogram 12×10 #42", False),  # another kind
        ("Mosaic 12×10 #42b", False),
        ("Mosaic 12×10 #", False),
        ("Mosaic 12×10 #٤٢", False),  # digits of another script are no seed
        ("Winter Mosaic", False),
        ("", False),
    ],
)
def test_a_generated_name_is_told_from_a_title(title: str, generated: bool) -> None:
    assert is_generated_name(title, MOSAIC, (10, 12)) is generated
