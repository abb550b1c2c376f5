"""Wolter's webpbn XML: a webpbn export reads, the shared corpus round-trips, colours are
checked, hostile XML is refused, and errors name the line and the element."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.formats import webpbn
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_record, shared_records

# webpbn.com's export of puzzle #1 (Jan Wolter), as quoted in the test data of a PHP nonogram
# project; the goal is the one-line image of the format description (pbn_fmt.html).
EXPORT = """\
<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>webpbn.com</source>

<puzzle type="grid" defaultcolor="black">
<title>Demo Puzzle from Front Page</title>
<author>Jan Wolter</author>
<authorid>jan</authorid>
<copyright>(c) Copyright 2004 by Jan Wolter</copyright>
<id>#1 (v.1)</id>
<description>A stick figure man, dancing his stickly little heart out.</description>
<note>published,definitely unique,definitely line/color solvable</note>

<color name="white" char=".">FFFFFF</color>
<color name="black" char="X">000000</color>

<clues type="columns">
<line><count>2</count><count>1</count></line>
<line><count>2</count><count>1</count><count>3</count></line>
<line><count>7</count></line>
<line><count>1</count><count>3</count></line>
<line><count>2</count><count>1</count></line>
</clues>

<clues type="rows">
<line><count>2</count></line>
<line><count>2</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>3</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>2</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>2</count></line>
<line><count>2</count></line>
</clues>

<solution type="goal">
<image>
|.XX..||.XX.X||..X.X||.XXX.||X.X..||X.X..||..XX.||.X.X.||.X.XX||XX...|
</image>
</solution>

</puzzle>
</puzzleset>
"""

# 3 columns, 2 rows:  #.#  /  #..
PICTURE = grid_from_text(["#.#", "#.."])
SMALL = """\
<?xml version="1.0" encoding="UTF-8"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<title>Two &amp; three</title>
<author>Ann</author>
<copyright>© me</copyright>
<note>drawn on a train</note>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count></line>
<line></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count>1</count></line>
<line><count>1</count></line>
</clues>
<solution type="goal">
<image>
|X.X|
|X..|
</image>
</solution>
</puzzle>
</puzzleset>
"""
SMALL_DOC = document_of_picture(
    "nonogram",
    PICTURE,
    title="Two & three",
    author="Ann",
    notes="copyright: © me\ndrawn on a train",
)


def _puzzle(body: str, attributes: str = "") -> str:
    """A puzzle set holding one puzzle with ``body`` (lines 3 on)."""
    return f"<puzzleset>\n<puzzle{attributes}>\n{body}\n</puzzle>\n</puzzleset>\n"


CLUES = (
    '<clues type="columns"><line><count>2</count></line><line/><line><count>1</count></line>'
    '</clues>\n<clues type="rows"><line><count>1</count><count>1</count></line>'
    "<line><count>1</count></line></clues>"
)


def test_the_webpbn_export_reads_as_the_shared_record() -> None:
    record = shared_record("nonogram", "mikix:webpbn/1")
    document = webpbn.read(EXPORT)
    assert document.puzzle == Nonogram(record["rows"], record["cols"])
    assert document.picture is not None
    assert np.array_equal(document.picture, grid_from_text(record["solution"]))
    assert (document.title, document.author) == ("Demo Puzzle from Front Page", "Jan Wolter")
    assert document.notes == (
        "copyright: (c) Copyright 2004 by Jan Wolter\n"
        "id: #1 (v.1)\n"
        "description: A stick figure man, dancing his stickly little heart out.\n"
        "published,definitely unique,definitely line/color solvable"
    )


def test_writing_gives_the_webpbn_layout() -> None:
    assert webpbn.write(SMALL_DOC) == SMALL
    assert webpbn.read(SMALL) == SMALL_DOC


def test_every_shared_puzzle_round_trips_with_its_metadata() -> None:
    for record in shared_records("nonogram"):
        picture = grid_from_text(record["solution"]) if "solution" in record else None
        notes = "\n".join(f"copyright: {record[key]}" for key in ("copyright",) if key in record)
        document = Document(
            Nonogram(record["rows"], record["cols"]),
            picture,
            title=record.get("title", ""),
            author=record.get("author", ""),
            notes=notes,
        )
        assert webpbn.read(webpbn.write(document)) == document, record["id"]


def test_the_licence_is_kept_in_a_note_and_reads_back_as_one() -> None:
    """webpbn has no licence element (its <copyright> is a notice, kept in the notes)."""
    document = replace(SMALL_DOC, license="CC-BY-4.0")
    text = webpbn.write(document)
    assert "<note>drawn on a train</note>\n<note>license: CC-BY-4.0</note>\n<color" in text
    assert webpbn.read(text) == replace(SMALL_DOC, notes=SMALL_DOC.notes + "\nlicense: CC-BY-4.0")
    assert webpbn.read(EXPORT).license == ""


def test_a_puzzle_without_clues_gets_them_from_its_goal() -> None:
    document = webpbn.read(_puzzle("<solution><image>|X.X|\n|X..|</image></solution>"))
    assert document == document_of_picture("nonogram", PICTURE)


def test_a_black_and_white_puzzle_may_use_other_colour_names_and_chars() -> None:
    body = (
        '<color name="paper" char="o">fff</color><color name="ink" char="#">000</color>\n'
        + CLUES
        + '\n<solution type="goal"><image>|#o#|\n|#oo|</image></solution>'
    )
    document = webpbn.read(_puzzle(body, ' backgroundcolor="paper" defaultcolor="ink"'))
    assert document == document_of_picture("nonogram", PICTURE)


def test_counts_may_name_their_colour() -> None:
    """number-loom writes defaultcolor="white" and names the colour of every run."""
    body = CLUES.replace("<count>", '<count color="black">')
    assert webpbn.read(_puzzle(body, ' defaultcolor="white"')).puzzle == Nonogram.from_picture(
        PICTURE
    )


def test_saved_and_solver_solutions_are_ignored() -> None:
    body = (
        CLUES + '\n<solution type="saved"><image>|?[X.]X|\n|X..|</image></solution>'
        '\n<solution type="solution"><image>|XXX|</image></solution>'
    )
    assert webpbn.read(_puzzle(body)).picture is None


def test_puzzleset_author_and_copyright_stand_in_for_the_puzzles() -> None:
    text = "<puzzleset><author>Set</author><copyright>(c) set</copyright>" + _puzzle(CLUES)[11:]
    document = webpbn.read(text)
    assert (document.author, document.notes) == ("Set", "copyright: (c) set")


def test_metadata_whitespace_is_layout() -> None:
    body = CLUES + "\n<title>\n  Two\n</title>\n<description>\n  a\n  b\n</description>"
    document = webpbn.read(_puzzle(body))
    assert (document.title, document.notes) == ("Two", "description: a\nb")
    assert webpbn.read(webpbn.write(document)) == document


def test_line_breaks_and_markup_in_texts_survive() -> None:
    document = Document(Nonogram([(1,)], [(1,)]), title='a\r\nb <c> & "d"', notes="x\n\ny")
    text = webpbn.write(document)
    assert '<title>a&#13;\nb &lt;c&gt; &amp; "d"</title>' in text
    assert webpbn.read(text) == document


def test_characters_xml_cannot_hold_are_refused() -> None:
    with pytest.raises(FormatError, match="the title holds the character U\\+0001"):
        webpbn.write(Document(Nonogram([(1,)], [(1,)]), title="a\x01"))


def test_givens_are_refused_not_dropped() -> None:
    document = Document(Nonogram([(1,)], [(1,)], givens=[(0, 0, True)]))
    with pytest.raises(FormatError, match="cannot hold given cells"):
        webpbn.write(document)


def test_entity_declarations_are_refused_before_they_expand() -> None:
    laughs = '<!DOCTYPE l [<!ENTITY a "lollollollollollollollollollol">'
    for level in range(1, 10):
        laughs += f'<!ENTITY {"abcdefghij"[level]} "{("&" + "abcdefghij"[level - 1] + ";") * 10}">'
    laughs += "]><puzzleset>&j;</puzzleset>"  # 10**9 "lol"s: gigabytes if expanded
    with pytest.raises(FormatError, match="XML entity declarations are not read"):
        webpbn.read(laughs)


def test_an_external_dtd_is_never_loaded(tmp_path: Path) -> None:
    """The DOCTYPE of webpbn's export is read, but the DTD it names is not fetched: here a local
    DTD that would give every puzzle the type triddler and define an entity."""
    dtd = tmp_path / "pbn.dtd"
    dtd.write_text('<!ATTLIST puzzle type CDATA "triddler"><!ENTITY who "Mallory">')
    text = f'<!DOCTYPE pbn SYSTEM "{dtd.as_uri()}">\n' + _puzzle(CLUES + "<author>&who;</author>")
    document = webpbn.read(text)
    assert document.puzzle == Nonogram.from_picture(PICTURE)
    assert document.author == ""


def test_lines_are_counted_at_newlines_only() -> None:
    """The XML parser also breaks lines at a lone carriage return; errors count as editors do."""
    errors = []
    for text in ("<puzzleset>\r\r\n<a>\r<b></a>", "<puzzleset>  \n<a> <b></a>"):
        with pytest.raises(FormatError) as caught:
            webpbn.read(text)
        errors.append((caught.value.line, caught.value.column))
    assert errors == [(2, 10), (2, 10)]  # at the "a" of "</a>" (expat points after "</")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1, column 1: invalid XML: no element found"),
        ("<puzzleset>\n<puzzle>\n</puzzleset>", "line 3, column 3: invalid XML: mismatched tag"),
        ("<pbn/>", "line 1: expected <puzzleset> as the root element, found <pbn>"),
        ("<puzzleset>\n</puzzleset>", "line 1: the <puzzleset> holds no <puzzle>"),
        (
            "<puzzleset><puzzle/>\n<puzzle/></puzzleset>",
            "line 2: a second <puzzle>: a set of 2 puzzles is not read, only one puzzle per file",
        ),
        (_puzzle("", ' type="triddler"'), "line 2: <puzzle>: triddlers are not read, only ..."),
        (_puzzle("", ' type="hex"'), 'line 2: <puzzle>: unknown puzzle type "hex"; expected ...'),
        (_puzzle(""), "line 2: <puzzle>: expected clues or a goal; the puzzle has neither"),
        (
            _puzzle('<color name="red">12345</color>'),
            'line 3: <color>: expected the colour as RGB hex digits, found "12345"',
        ),
        (
            _puzzle(CLUES.replace("<count>2", '<count color="red">2')),
            'line 3: <count>: the colour "red" has no <color> to say what it looks like',
        ),
        (_puzzle("<color/>"), "line 3: <color>: expected a name attribute"),
        (_puzzle(CLUES.split("\n")[0]), 'line 2: <puzzle>: expected <clues type="rows"> too'),
        (_puzzle("<clues>\n</clues>"), 'line 3: <clues>: expected type="rows" or type="co...'),
        (_puzzle(CLUES + "\n" + CLUES), 'line 5: <clues>: a second <clues type="columns">'),
        (_puzzle('<clues type="rows"><x/></clues>'), "line 3: <x>: expected <line> in <clues>"),
        (
            _puzzle('<clues type="rows">\n<line>2 1</line></clues>'),
            'line 4: <line>: text outside the elements it holds: "2 1"',
        ),
        (
            _puzzle(CLUES.replace("<count>2</count>", "<count>\nx</count>")),
            'line 3: <count>: expected a run length (a number), found "x"',
        ),
        (
            _puzzle(CLUES.replace("<count>2</count>", "<count>1234567890</count>")),
            "line 3: <count>: expected a number of at most 9 digits",
        ),
        (
            _puzzle(
                CLUES.replace(
                    "<count>1</count></line></clues>",
                    "<count>1</count>\n<count>0</count></line></clues>",
                )
            ),
            "line 4: <count>: expected a positive integer, found 0",
        ),
        (
            _puzzle(CLUES.replace("<count>2", '<count color="white">2')),
            'line 3: <count>: a run of the background colour "white"',
        ),
        (_puzzle('<solution type="best"/>'), 'line 3: <solution>: unknown solution type "best"...'),
        (_puzzle("<solution/>"), "line 3: <solution>: expected an <image>"),
        (
            _puzzle("<solution><image>|X|</image>\n<image>|X|</image></solution>"),
            "line 4: <image>: a second <image> in one <solution>",
        ),
        (
            _puzzle("<solution><image>|X|</image></solution>\n<solution><image/></solution>"),
            "line 4: <solution>: a second goal (the first is on line 3)",
        ),
        (
            _puzzle("<solution><image>\n|X.|\n x|</image></solution>"),
            "line 5: <image>: expected '|' to start a row, found 'x'",
        ),
        (
            _puzzle("<solution><image>\n|X.|\n|X|</image></solution>"),
            "line 5: <image>: row 2 has 1 cells, row 1 has 2",
        ),
        (
            _puzzle("<solution><image>|Xo|</image></solution>"),
            "line 3: <image>: expected '.' (white) or 'X' (black), found 'o'",
        ),
        (
            _puzzle("<solution><image>|X?|</image></solution>"),
            "line 3: <image>: expected '.' (white) or 'X' (black), found '?'",
        ),
        (
            _puzzle("<solution><image>|X.|\n|X.</image></solution>"),
            "line 4: <image>: the last row does not end with '|'",
        ),
        (_puzzle("<solution><image>||</image></solution>"), "line 3: <image>: no cells"),
        (
            _puzzle(CLUES + "\n<solution><image>|X.X|</image></solution>"),
            "line 5: <image>: the goal is 3×1 cells, the clues are 3×2",
        ),
        (
            _puzzle(CLUES + "\n<solution><image>|XXX||X..|</image></solution>"),
            "line 5: <image>: the goal does not solve the clues: row 1 has runs 3, its clue ...",
        ),
        (
            _puzzle('<color name="blue"/>', ' defaultcolor="blue"').replace(
                "<color", "<solution><image>|X|</image></solution><color"
            ),
            'line 3: <image>: the colour "blue" has no char to draw it with',
        ),
        (
            _puzzle("<title>a</title>\n<title>b</title>" + CLUES),
            "line 4: <title>: a second <title> (the first is on line 3)",
        ),
    ],
)
def test_malformed_files_name_the_line_and_the_element(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        webpbn.read(text)
    assert str(caught.value).startswith(message.removesuffix("...")), str(caught.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (EXPORT, True),
        ("  \n<puzzleset/>", True),
        ("<!-- a comment -->", True),
        ("{}", False),
        ("title x\n", False),
    ],
)
def test_sniff(text: str, expected: bool) -> None:
    assert webpbn.sniff(text) is expected


def test_whitespace_before_the_xml_declaration_is_skipped_and_lines_still_count() -> None:
    assert webpbn.read("\n \n" + SMALL) == SMALL_DOC
    lines = SMALL.splitlines()
    assert lines[16] == "<line><count>1</count></line>"  # the last row, line 17
    lines[16] = "<line><count>x</count></line>"
    with pytest.raises(FormatError) as caught:
        webpbn.read("\n\n" + "\n".join(lines))
    assert (caught.value.line, caught.value.reason) == (
        19,
        '<count>: expected a run length (a number), found "x"',
    )


def test_two_colours_drawn_with_one_char_are_refused() -> None:
    body = '<color name="white" char="X"/>\n<solution><image>|X|</image></solution>'
    with pytest.raises(FormatError, match=r"^line 4: <image>: both colours are drawn with 'X'$"):
        webpbn.read(_puzzle(body))
