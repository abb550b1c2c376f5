"""Batch analysis: every input in its place, the same here and on a pool, bad inputs as errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from studio.core import formats
from studio.core.analysis_batch import analysed, analyze_batch, encoded
from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status

HEART = "5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"  # Tatham's: unique, line-solvable
AMBIGUOUS = "2x2:1/1/1/1"


def reader(text: str) -> Callable[[], Document]:
    return lambda: formats.read_text(text, source="game ID")


def mosaic() -> Document:
    return document_of_picture("mosaic", grid_from_text(["#.", ".#"]))


def outline(results: list[object]) -> list[object]:
    """Each result as its status, or its error's message."""
    return [str(r) if isinstance(r, StudioError) else r[1].status for r in results]


def test_each_input_keeps_its_place_and_a_bad_one_is_its_error() -> None:
    inputs = [reader(HEART), reader("2x2:1/x"), reader(AMBIGUOUS), mosaic]
    results = list(analyze_batch(inputs))
    assert outline(results[:1] + results[2:]) == [Status.UNIQUE, Status.MULTIPLE, Status.MULTIPLE]
    assert isinstance(results[1], StudioError)
    assert "column 7" in str(results[1])
    document, _ = results[3]
    assert document.kind == "mosaic"


def test_a_pool_of_two_gives_the_same_results_in_the_same_order() -> None:
    inputs = [reader(HEART), reader("2x2:1/x"), reader(AMBIGUOUS), mosaic, reader(HEART)]
    progress: list[tuple[int, int]] = []
    here = list(analyze_batch(inputs))
    pooled = list(
        analyze_batch(inputs, jobs=2, pool_after=0, progress=lambda *p: progress.append(p))
    )
    assert outline(pooled) == outline(here)
    assert [r[1].solution.tolist() for r in pooled if isinstance(r, tuple)] == [
        r[1].solution.tolist() for r in here if isinstance(r, tuple)
    ]
    assert progress == [(done, 5) for done in range(1, 6)]


def test_another_encoding_of_a_mosaic_is_a_bad_input_in_its_place() -> None:
    results = list(analyze_batch([mosaic, reader(HEART)], encoding="thesis"))
    assert outline(results) == [
        "a mosaic has no 'thesis' encoding; use fast",
        Status.UNIQUE,
    ]


def test_every_encoding_analyses_a_nonogram_alike() -> None:
    puzzle = formats.read_text(HEART).puzzle
    assert isinstance(puzzle, Nonogram)
    for encoding in ("fast", "thesis", "naive"):
        assert analysed(puzzle, encoding).status == Status.UNIQUE
    assert encoded(puzzle, "fast") is puzzle
    with pytest.raises(StudioError, match="a nonogram has no 'clever' encoding"):
        encoded(puzzle, "clever")


def test_a_cancelled_batch_stops() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        next(analyze_batch([reader(HEART)], cancel=token))


def test_bad_jobs() -> None:
    with pytest.raises(StudioError, match="jobs"):
        analyze_batch([], jobs=0)
