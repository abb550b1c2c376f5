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
            answer = window.ask_recover([describe(copy) for copy in left.copies])
            if answer == Recovery.DISCARD:
                left.discard()
            elif answer == Recovery.RECOVER:
                _recover(window, left)
        if left.unreadable and window.ask_discard_unreadable(left.unreadable):
            left.discard_unreadable()
    finally:
        left.release()


def describe(copy: Copy) -> str:
    """One line about the work in ``copy``, e.g. "“heart” (nonogram 15×15), kept 24 Nov 12:03"."""
    unsaved = copy.unsaved
    value = unsaved.value
    if isinstance(value, Book):
        count = len(value.entries)
        title = f" “{value.title}”" if value.title else ""
        what = f"the book{title} ({count} puzzle{'s' if count != 1 else ''})"
    else:
        height, width = value.puzzle.shape
        what = f"“{unsaved.name}” ({value.puzzle.spec.title.lower()} {width}×{height})"
    return f"{what}, kept {datetime.fromtimestamp(copy.kept_at):%d %b %H:%M}"


def _recover(window: MainWindow, left: LeftBehind) -> None:
    book_shown = False
    recovered: list[Copy] = []
    for copy in left.copies:
        unsaved = copy.unsaved
        if isinstance(unsaved.value, Book):
            if book_shown or window.book.model.modified:
                continue  # one book at a time: another is kept for the next start
            window.book.recover(unsaved.value, unsaved.path)
            book_shown = True
        else:
            window.add_tab(
                unsaved.value,
                path=unsaved.path,
                source=unsaved.source,
                name=unsaved.name,
                unsaved=True,
            )
        recovered.append(copy)
    # The old copies go only once this studio has copies of its own: a crash now loses nothing.
    if not window.autosave.keep_all():
        window.show_message("The recovered work's old copies are kept until new ones can be")
        return
    for copy in recovered:
        left.remove(copy)
    if left.copies:
        window.show_message("Another book's unsaved work is kept: the next start offers it")
