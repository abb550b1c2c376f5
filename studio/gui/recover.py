"""Opening again the unsaved work that a studio which ended without closing left behind
(copies kept by :mod:`studio.gui.autosave`, found by :mod:`studio.core.recovery`)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from studio.core.book import Book
from studio.core.recovery import Copy, LeftBehind, left_behind
from studio.gui.edited import Recovery
from studio.gui.settings import recovery_dir

if TYPE_CHECKING:
    from studio.gui.main_window import MainWindow


def recover_left_behind(window: MainWindow) -> None:
    """Offer back the work left behind by studios that ended without closing, if any: each
    document in a tab of its own and the book, as unsaved work; or discard it; or leave it for
    the next start. Copies that cannot be read back are named, then kept or discarded as the
    user says."""
    left = left_behind(recovery_dir())
    try:
        if left.copies:
            opened = _opened_by_recover(window, left.copies)
            lines = [describe(copy, kept=copy not in opened) for copy in left.copies]
            answer = window.ask_recover(lines)
            if answer == Recovery.DISCARD:
                left.discard()
            elif answer == Recovery.RECOVER:
                _recover(window, left, opened)
        if left.unreadable and window.ask_discard_unreadable(left.unreadable):
            left.discard_unreadable()
    finally:
        left.release()


def describe(copy: Copy, *, kept: bool = False) -> str:
    """One line about the work in ``copy``, e.g. "“heart” (nonogram 15×15), kept 24 Nov 12:03";
    ``kept``: Recover leaves it for the next start, which the line says."""
    unsaved = copy.unsaved
    value = unsaved.value
    if isinstance(value, Book):
        count = len(value.entries)
        title = f" “{value.title}”" if value.title else ""
        file = f"{unsaved.path.name}, " if unsaved.path is not None else ""  # books of one title
        what = f"the book{title} ({file}{count} puzzle{'s' if count != 1 else ''})"
    else:
        height, width = value.puzzle.shape
        colours = value.puzzle.colours
        shown = f"{value.puzzle.spec.title.lower()} {width}×{height}"
        what = f"“{unsaved.name}” ({shown}{f', {colours} colours' if colours > 1 else ''})"
    line = f"{what}, kept {datetime.fromtimestamp(copy.kept_at):%d %b %H:%M}"
    return f"{line} (one book at a time: Recover leaves it for the next start)" if kept else line


def _opened_by_recover(window: MainWindow, copies: list[Copy]) -> list[Copy]:
    """The copies Recover opens: every document, and the first book unless the window's book
    has unsaved changes (the window holds one book; the others wait for the next start)."""
    books = [copy for copy in copies if isinstance(copy.unsaved.value, Book)]
    left_for_later = books if window.book.model.modified else books[1:]
    return [copy for copy in copies if copy not in left_for_later]


def _recover(window: MainWindow, left: LeftBehind, opened: list[Copy]) -> None:
    for copy in opened:
        unsaved = copy.unsaved
        if isinstance(unsaved.value, Book):
            window.book.recover(unsaved.value, unsaved.path)
        else:
            window.add_tab(
                unsaved.value,
                path=unsaved.path,
                source=unsaved.source,
                name=unsaved.name,
                unsaved=True,
            )
    # The old copies go only once this studio has copies of its own: a crash now loses nothing.
    if not window.autosave.keep_all():
        window.show_message("The recovered work's old copies are kept until new ones can be")
        return
    for copy in opened:
        left.remove(copy)
