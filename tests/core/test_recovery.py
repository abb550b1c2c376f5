"""Copies of unsaved work: kept and dropped by a running studio, found again only once the
studio that kept them is gone (a killed process), and read back exactly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.book import Book, BookEntry
from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.formats import book_json
from studio.core.grid import grid_from_text
from studio.core.kinds import KINDS, document_of_picture
from studio.core.recovery import LOCK, Session, Unsaved, left_behind, read_copy
from tests.core.documents import documents

HEART = document_of_picture("nonogram", grid_from_text([".#.#.", "#####", ".###.", "..#.."]))


def gone(session: Session) -> None:
    """As if the studio holding ``session`` had been killed: its lock let go, its copies left."""
    assert session._lock is not None
    session._lock.close()


def killed(root: Path, *names: str, unreadable: str | None = None) -> Session:
    """A studio under ``root`` that kept a copy of HEART under each of ``names`` (and, given
    ``unreadable``, a file of that text beside them) and was then killed."""
    session = Session(root)
    for number, name in enumerate(names, 1):
        session.keep(f"unsaved-{number}", Unsaved(HEART, name))
    if unreadable is not None:
        (session.folder / f"unsaved-{len(names) + 1}.json").write_text(unreadable)
    gone(session)
    return session


def test_a_running_studio_keeps_its_copies_to_itself(tmp_path: Path) -> None:
    session = Session(tmp_path)
    session.keep("unsaved-1", Unsaved(HEART, "heart"))
    assert [file.name for file in session.folder.glob("*.json")] == ["unsaved-1.json"]
    left = left_behind(tmp_path)
    assert left.copies == [], "its folder is locked while it runs"
    assert left.unreadable == []
    left.release()
    session.end()
    assert list(tmp_path.iterdir()) == [], "a clean exit leaves nothing"


def test_a_copy_is_replaced_and_dropped_by_slot(tmp_path: Path) -> None:
    session = Session(tmp_path)
    session.keep("unsaved-1", Unsaved(HEART, "first"))
    session.keep("unsaved-1", Unsaved(HEART, "second"))
    session.keep("unsaved-2", Unsaved(HEART, "other"))
    session.drop("unsaved-2")
    session.drop("unsaved-9")  # never kept: nothing to do
    gone(session)
    left = left_behind(tmp_path)
    assert [copy.unsaved.name for copy in left.copies] == ["second"]


def test_the_copies_of_a_killed_studio_are_found_and_read_back(tmp_path: Path) -> None:
    """A real process, killed with SIGKILL: nothing of it runs to let go of its lock; the
    kernel does."""
    script = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from studio.core.kinds import document_of_picture
        from studio.core.grid import grid_from_text
        from studio.core.recovery import Session, Unsaved
        session = Session(Path({str(tmp_path)!r}))
        document = document_of_picture("nonogram", grid_from_text(["#.", ".#"]))
        session.keep("unsaved-1", Unsaved(document, "killed", Path("/x/killed.json")))
        print("kept", flush=True)
        sys.stdin.read()
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "kept\n"
        assert left_behind(tmp_path).copies == [], "still running: not left behind"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=60)
    left = left_behind(tmp_path)
    [copy] = left.copies
    assert copy.unsaved.name == "killed"
    assert copy.unsaved.path == Path("/x/killed.json")
    assert isinstance(copy.unsaved.value, Document)
    assert copy.unsaved.value.picture.tolist() == [[True, False], [False, True]]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_kind_of_document_comes_back_as_it_was(kind, data, tmp_path_factory) -> None:
    root = tmp_path_factory.mktemp("recovery")
    document = data.draw(documents(kind))
    session = Session(root)
    unsaved = Unsaved(document, "Untitled 2", None, Path("/in/heart.non"))
    session.keep("unsaved-1", unsaved)
    assert read_copy(session.folder / "unsaved-1.json") == unsaved
    session.end()


def test_a_book_comes_back_as_it_was(tmp_path: Path) -> None:
    book = Book("Valentines", "Ann", entries=(BookEntry(HEART, title="Heart"),))
    session = Session(tmp_path)
    session.keep("unsaved-1", Unsaved(book, "valentines", tmp_path / "v.book.json"))
    gone(session)
    [copy] = left_behind(tmp_path).copies
    assert copy.unsaved.name == "valentines"
    assert copy.unsaved.path == tmp_path / "v.book.json"
    assert isinstance(copy.unsaved.value, Book)
    assert book_json.write(copy.unsaved.value) == book_json.write(book), "as Save writes it"


def test_copies_come_in_the_order_their_studio_opened_the_work(tmp_path: Path) -> None:
    """Recovered tabs once came back in the order of their last change, not as they were."""
    first = Session(tmp_path)
    os.utime(first.folder / LOCK, (0, 100))
    later = Session(tmp_path)
    os.utime(later.folder / LOCK, (0, 200))
    later.keep("unsaved-1", Unsaved(HEART, "later"))
    for number, name in [(10, "ten"), (2, "two"), (9, "nine")]:
        first.keep(f"unsaved-{number}", Unsaved(HEART, name))
    os.utime(first.folder / "unsaved-2.json", (0, 300))  # changed last
    gone(first)
    gone(later)
    left = left_behind(tmp_path)
    assert [copy.unsaved.name for copy in left.copies] == ["two", "nine", "ten", "later"]


def test_a_relative_path_is_kept_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``studio gui work/heart.json``: the next start, run elsewhere, saves where it was."""
    monkeypatch.chdir(tmp_path)
    session = Session(tmp_path / "state")
    session.keep("unsaved-1", Unsaved(HEART, "heart", Path("work/heart.json"), Path("h.non")))
    copy = read_copy(session.folder / "unsaved-1.json")
    assert copy.path == tmp_path / "work" / "heart.json"
    assert copy.source == tmp_path / "h.non"


def test_a_copy_that_cannot_be_read_is_named_and_kept(tmp_path: Path) -> None:
    session = killed(tmp_path, "good", unreadable='{"format": "something else"}')
    left = left_behind(tmp_path)
    assert [copy.unsaved.name for copy in left.copies] == ["good"]
    [line] = left.unreadable
    assert line.startswith(str(session.folder / "unsaved-2.json"))
    assert "a copy of unsaved work" in line
    left.remove(left.copies[0])
    left.release()
    assert sorted(file.name for file in session.folder.iterdir()) == [LOCK, "unsaved-2.json"]


def test_recovered_copies_go_and_an_emptied_folder_with_them(tmp_path: Path) -> None:
    killed(tmp_path, "one", "two")
    left = left_behind(tmp_path)
    left.remove(left.copies[0])
    left.release()
    later = left_behind(tmp_path)
    assert [copy.unsaved.name for copy in later.copies] == ["two"], "the rest is offered again"
    later.remove(later.copies[0])
    later.release()
    assert list(tmp_path.iterdir()) == []


def test_discard_removes_everything_left_behind(tmp_path: Path) -> None:
    killed(tmp_path, "one", unreadable="not JSON")
    left = left_behind(tmp_path)
    left.discard()
    assert list(tmp_path.iterdir()) == []


def test_two_studios_starting_at_once_do_not_both_take_the_copies(tmp_path: Path) -> None:
    killed(tmp_path, "one")
    first = left_behind(tmp_path)
    second = left_behind(tmp_path)
    assert len(first.copies) == 1
    assert second.copies == [], "held by the first"
    first.release()
    second.release()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "invalid JSON"),
        ('{"format": "puzzle-studio-unsaved", "version": 2}', "version 1"),
        (
            '{"format": "puzzle-studio-unsaved", "version": 1, "name": "x", "book": "no",'
            ' "content": "{}"}',
            "book: expected true or false",
        ),
        (
            '{"format": "puzzle-studio-unsaved", "version": 1, "name": "x", "book": false,'
            ' "content": "{}"}',
            "a Puzzle Studio document",
        ),
    ],
)
def test_a_damaged_copy_says_what_is_wrong(tmp_path: Path, text: str, expected: str) -> None:
    file = tmp_path / "unsaved-1.json"
    file.write_text(text)
    with pytest.raises(FormatError, match=expected) as caught:
        read_copy(file)
    assert caught.value.source == str(file)


def test_no_copies_can_be_kept_where_no_folder_can_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StudioError, match="cannot keep copies of unsaved work"):
        Session(tmp_path / "file" / "unsaved")


def test_a_folder_that_cannot_be_locked_is_named_and_the_rest_still_found(tmp_path: Path) -> None:
    """A start never fails on the copies: a folder it cannot open is one line, and kept."""
    killed(tmp_path, "good")
    stuck = tmp_path / "0-stuck"
    (stuck / LOCK).mkdir(parents=True)  # a lock that cannot be opened as a file
    left = left_behind(tmp_path)
    assert [copy.unsaved.name for copy in left.copies] == ["good"]
    [line] = left.unreadable
    assert line.startswith(f"{stuck}: cannot take its unsaved work: ")
    left.release()
    assert stuck.is_dir()
