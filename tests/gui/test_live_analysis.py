"""The live analysis: one staleness rule for every step — a result is announced only for the
very document shown now."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status
from studio.gui.live_analysis import LiveAnalysis

HEART = grid_from_text([".#.#.", "#####", "#####", ".###.", "..#.."])
DIAGONAL = grid_from_text(["#.", ".#"])


def test_a_newer_document_drops_the_older_ones_results(qtbot: QtBot) -> None:
    live = LiveAnalysis()
    first = document_of_picture("nonogram", HEART)
    second = document_of_picture("nonogram", np.zeros((3, 4), dtype=bool))
    announced = []
    live.analysed.connect(announced.append)
    with qtbot.waitSignal(live.analysed, timeout=10_000):
        live.show(first, immediately=True)
        live.show(second, immediately=True)
    qtbot.waitUntil(lambda: not live.working, timeout=10_000)
    assert [a.solution.shape for a in announced] == [(3, 4)]
    assert live.analysis is announced[0]
    live.shutdown()


def test_the_same_puzzle_in_another_document_is_analysed_for_that_document(qtbot: QtBot) -> None:
    """Staleness is by document, not by puzzle: a retitled document gets its own analysis."""
    live = LiveAnalysis()
    document = document_of_picture("nonogram", HEART)
    with qtbot.waitSignal(live.analysed, timeout=10_000):
        live.show(document, immediately=True)
    retitled = replace(document, title="Heart")
    with qtbot.waitSignal(live.analysed, timeout=10_000) as blocker:
        live.show(retitled, immediately=True)
    assert live.document is retitled
    assert blocker.args[0].status == Status.UNIQUE
    live.shutdown()


def test_an_ambiguous_design_gets_suggestions_for_itself(qtbot: QtBot) -> None:
    live = LiveAnalysis()
    document = document_of_picture("nonogram", DIAGONAL)
    searching: list[int] = []
    live.searching.connect(searching.append)
    with qtbot.waitSignal(live.suggested, timeout=20_000) as blocker:
        live.show(document, immediately=True)
    assert searching == [4]
    assert blocker.args[0], "a repair is suggested"
    live.shutdown()


def test_an_invalid_document_says_why_and_starts_nothing(qtbot: QtBot) -> None:
    live = LiveAnalysis()
    with qtbot.waitSignal(live.invalid, timeout=1_000) as blocker:
        live.show(Document(Nonogram([(3,)], [(1,)])))
    assert "needs 3 cells" in blocker.args[0]
    assert not live.working
    live.shutdown()
