"""Helpers shared by the text formats of every kind: metadata lines in the notes."""

from __future__ import annotations

from studio.core.contract import text


def test_notes_lines_find_the_formats_keys_and_leave_the_rest() -> None:
    notes = "copyright: me\nlicense:x\n\nsource: a: b\nCopyright: you"
    assert text.notes_lines(notes, ("copyright", "source")) == [
        ("copyright", "me"),
        (None, "license:x"),
        (None, ""),
        ("source", "a: b"),
        (None, "Copyright: you"),
    ]
    assert text.notes_lines("", ("copyright",)) == []
    assert text.note_line("copyright", "me") == "copyright: me"
