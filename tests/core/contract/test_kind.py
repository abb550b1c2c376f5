"""A kind's declaration: the typed format is checked at registration."""

from __future__ import annotations

from dataclasses import replace

import pytest

from studio.core.kinds import KINDS, get_kind


def test_each_kind_types_in_one_of_its_own_formats() -> None:
    assert {kind.name: kind.typed_format for kind in KINDS} == {
        "nonogram": "clue-lines",
        "mosaic": "mosaic-grid",
        "fobidoshi": "janko",
    }


def test_a_typed_format_the_kind_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^mosaic: the typed format 'runs' is not one of its "):
        replace(get_kind("mosaic"), typed_format="runs")
