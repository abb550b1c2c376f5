"""Simpson's .non format (nonogram-db): real files read, the shared corpus round-trips, the
layout is nonogram-db's, and bad lines are named."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.formats import non
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_record, shared_records

# db/webpbn/1.non of mikix/nonogram-db, byte for byte (Jan Wolter's "Dancer", CC-BY-3.0).
DANCER = """\
catalogue "webpbn.com #1"
title "Dancer"
by "Jan Wolter"
copyright "&copy; Copyright 2004 by Jan Wolter"
license CC-BY-3.0
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal "01100011010010101110101001010000110010100101111000"
"""

# 3 columns, 2 rows:  #.#  /  #..
PICTURE = grid_from_text(["#.#", "#.."])
SMALL = """\
title "Two &amp; three"
by "Ann"
catalogue "sample #1"
note "drawn on a train"
license CC0-1.0
width 3
height 2

rows
1,1
1

columns
2
0
1

goal "101100"
"""


def test_the_nonogram_db_file_reads_as_the_shared_record() -> None:
    record = shared_record("nonogram", "mikix:webpbn/1")
    document = non.read(DANCER)
    assert document.puzzle == Nonogram(record["rows"], record["cols"])
    assert document.picture is not None
    assert np.array_equal(document.picture, grid_from_text(record["solution"]))
    assert (document.title, document.author) == (record["title"], record["author"])
    assert document.license == record["license"] == "CC-BY-3.0"


def test_metadata_keys_become_notes_lines_with_html_references_replaced() -> None:
    assert non.read(DANCER).notes == (
        "catalogue: webpbn.com #1\ncopyright: © Copyright 2004 by Jan Wolter"
    )


def test_writing_gives_the_nonogram_db_layout() -> None:
    document = document_of_picture(
        "nonogram",
        PICTURE,
        title="Two & three",
        author="Ann",
        notes="catalogue: sample #1\ndrawn on a train",
        license="CC0-1.0",
    )
    assert non.write(document) == SMALL
    assert non.read(SMALL) == document


def test_a_written_file_reads_back_unchanged() -> None:
    assert non.write(non.read(DANCER)).splitlines()[5:] == DANCER.splitlines()[5:]
    document = non.read(DANCER)
    assert non.read(non.write(document)) == document


def test_every_shared_puzzle_round_trips_with_its_metadata() -> None:
    for record in shared_records("nonogram"):
        picture = grid_from_text(record["solution"]) if "solution" in record else None
        notes = "\n".join(
            f"{key}: {record[key]}" for key in ("catalogue", "copyright") if key in record
        )
        document = Document(
            Nonogram(record["rows"], record["cols"]),
            picture,
            title=record.get("title", ""),
            author=record.get("author", ""),
            notes=notes,
            license=record.get("license", ""),
        )
        assert non.read(non.write(document)) == document, record["id"]


def test_empty_lines_are_0_or_blank_and_are_written_as_0() -> None:
    blank = SMALL.replace("\n0\n", "\n\n")
    assert non.read(blank) == non.read(SMALL)
    assert non.read(SMALL.replace("\n0\n", "\n   \n")) == non.read(SMALL)
    assert "\n0\n" in non.write(non.read(blank))


def test_simpsons_spellings_are_read() -> None:
    """Simpson's page: ``columns W`` and ``rows H`` give the size; values may be unquoted."""
    text = "columns 3\nrows 2\nrows\n1, 1\n1\ncolumns\n2\n0\n1\ntitle Two\ngoal 101100\n"
    document = non.read(text)
    assert document.puzzle == Nonogram([(1, 1), (1,)], [(2,), (), (1,)])
    assert document.title == "Two"
    assert document.picture is not None
    assert np.array_equal(document.picture, PICTURE)


def test_unknown_keys_blank_lines_and_crlf_are_ignored() -> None:
    text = (
        "maxrule 2\r\n# made by hand\r\n\r\ncolor a #ff0000\r\nwidth 3\r\n\r\n\r\nheight 2\r\n"
        "rows\r\n1,1\r\n1\r\ncolumns\r\n2\r\n0\r\n1\r\n\r\nsaved 1?1???\r\n"
    )
    assert non.read(text).puzzle == Nonogram([(1, 1), (1,)], [(2,), (), (1,)])


def test_notes_lines_go_back_to_their_keys() -> None:
    document = Document(
        Nonogram([(1,)], [(1,)]),
        notes="license: x\ncopyright: © me\n\nnote: x\ncatalogue: two\nlines",
    )
    text = non.write(document)
    assert 'note "license: x"\ncopyright "© me"' in text
    assert 'note ""\nnote "note: x"\ncatalogue "two"\nnote "lines"' in text
    assert non.read(text) == document


@pytest.mark.parametrize(
    ("license", "line"),
    [
        ("CC-BY-SA-4.0", "license CC-BY-SA-4.0"),
        ('CC BY "a"', 'license "CC BY &quot;a&quot;"'),
        ("© 2026 Ann, all rights reserved", 'license "© 2026 Ann, all rights reserved"'),
    ],
)
def test_the_licence_is_its_own_key_bare_when_an_spdx_identifier(license: str, line: str) -> None:
    document = Document(Nonogram([(1,)], [(1,)]), notes="drawn on a train", license=license)
    text = non.write(document)
    assert text.startswith(f'note "drawn on a train"\n{line}\nwidth 1\n')
    assert non.read(text) == document


def test_a_second_licence_is_refused() -> None:
    text = "license CC0-1.0\nlicense MIT\n" + SMALL
    with pytest.raises(FormatError) as caught:
        non.read(text)
    assert str(caught.value) == (
        "line 2, column 1: the licence given a second time (first on line 1)"
    )


def test_line_breaks_and_quotes_in_strings_survive() -> None:
    document = Document(Nonogram([(1,)], [(1,)]), title='a\nb\r"c" <d> &e', author=" x ")
    text = non.write(document)
    assert text.splitlines()[:2] == [
        'title "a&#10;b&#13;&quot;c&quot; &lt;d&gt; &amp;e"',
        'by " x "',
    ]
    assert non.read(text) == document


def test_givens_are_refused_not_dropped() -> None:
    document = Document(Nonogram([(1,)], [(1,)], givens=[(0, 0, True)]))
    with pytest.raises(FormatError, match="cannot hold given cells, and this puzzle has 1"):
        non.write(document)


SIZE = "width 3\nheight 2\n"
CLUES = "rows\n1,1\n1\ncolumns\n2\n0\n1\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "missing the width: a 'width N' line"),
        ("width 3\n" + CLUES, "line 2, column 1: the row clues need the height first: ..."),
        (SIZE + "rows\n1,1\n1\n", "missing the column clues: a 'columns' line, then one ..."),
        ("width x\n", "line 1, column 7: expected the width, a number, found 'x'"),
        ("width\n", "line 1, column 6: expected the width, a number, found the end of the line"),
        ("width 3 4\n", "line 1, column 8: expected the end of the line after the width, ..."),
        ("width 0\n", "line 1, column 7: the width must be at least 1, found 0"),
        (SIZE + "columns 3\n", "line 3, column 1: the width given a second time (first on ..."),
        (SIZE + CLUES + "rows\n", "line 10, column 1: the row clues given a second time ..."),
        (SIZE + "rows\n1,1\n", "line 5, column 1: expected 2 row clues after 'rows' (the ..."),
        (SIZE + "rows\n1;1\n", "line 4, column 2: expected ',' between runs or the end of ..."),
        (SIZE + "rows\n1,\n", "line 4, column 3: expected a run length (a number) after ..."),
        (SIZE + "rows\n1,,1\n", "line 4, column 3: expected a run length (a number), found ','"),
        (SIZE + "rows\n1,0\n", "line 4, column 3: expected a positive integer, found 0"),
        (SIZE + "rows\n3b\n", "line 4, column 2: a run of colour 'b': colour puzzles are ..."),
        (SIZE + "rows\n1\n1\n1\n", "line 6, column 1: expected a key such as 'columns' or ..."),
        (SIZE + CLUES + 'goal "1011"\n', "line 10, column 7: the goal holds 4 cells, 3x2 ..."),
        (SIZE + CLUES + 'goal "1a1100"\n', "line 10, column 8: a cell of colour 'a': ..."),
        (SIZE + CLUES + 'goal "1 1100"\n', "line 10, column 8: expected '1' (filled) or ..."),
        (SIZE + CLUES + 'goal "101100\n', "line 10, column 13: expected a closing '\"' ..."),
        (SIZE + CLUES + "goal\n", "line 10, column 5: expected the goal's 6 cells on its ..."),
        (SIZE + CLUES + 'goal "111100"\n', "line 10: the goal does not solve the clues: row ..."),
        ('goal "1"\n', "line 1, column 1: the goal needs the width and height first: ..."),
        ('title "a"\ntitle "b"\n', "line 2, column 1: the title given a second time (first ..."),
        ('title "a\n', "line 1, column 9: expected a closing '\"'"),
        (SIZE + CLUES + "====\n" + SIZE, "line 10, column 1: a bundle of several puzzles ..."),
    ],
)
def test_malformed_files_name_the_line_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        non.read(text)
    expected = message.removesuffix("...")
    assert str(caught.value).startswith(expected), str(caught.value)


def test_a_goal_that_contradicts_the_clues_names_the_line_it_breaks() -> None:
    with pytest.raises(FormatError) as caught:
        non.read(SIZE + CLUES + 'goal "111100"\n')
    assert caught.value.reason == (
        "the goal does not solve the clues: row 1 has runs 3, its clue is 1 1"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (DANCER, True),
        ("\n  width 5\nheight 5\n", True),
        ("title\n", True),
        ("title", False),  # one line is not a file: a command-line word stays a file name
        ("widths 5\n", False),
        ("Title x\n", False),
        ("5x5:1/1\n", False),
        ("#.#\n", False),
    ],
)
def test_sniff(text: str, expected: bool) -> None:
    assert non.sniff(text) is expected
