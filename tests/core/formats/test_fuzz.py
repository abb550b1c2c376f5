"""Fuzzing every parser: any text gives a FormatError/PuzzleError or a document that is safe.

"Safe" is Tatham's rule (docs/architecture.md, "The Puzzle protocol"): what passes validation
never crashes later. So a document read without error must pass ``validate()``, be analysed
without raising, and write and read back unchanged; an error must point inside the text it
complains about. The valid texts that the mutations start from hold givens where the format does
(game IDs with a ``,`` suffix, studio documents with a ``givens`` field).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.document import METADATA, Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import FORMATS, get_format, read_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze
from tests.core.formats.strategies import given_cells, pictures

NAMES = [spec.name for spec in FORMATS]
# The mutations start from nonograms; the other kinds' formats start from their own puzzles in
# their own tests (test_mosaic_formats.py), and get random text here.
NONOGRAM_NAMES = [spec.name for spec in FORMATS if "nonogram" in spec.kinds]
FUZZ = settings(max_examples=200, deadline=None)

# Characters each parser gives meaning to, plus a few it should reject.
ALPHABETS = {
    "tatham": "0123456789./x:#,\n \t-aAbBzZ",
    "runs": "0123456789[](),\n \t-x",
    "clue-lines": "0123456789, \t\n\r-rowsROWScolumn#;x",
    "ascii": "#.;\n\r \tX",
    "studio": '{}[]",:0123456789.-\n tfnaeulr#',
    "non": '0123456789,"\n \t\rabcdeghilnorstuwy&;#=',
    "webpbn": '<>/="?! \n\r|.X0123456789aceilnoprstuyz&;#',
    "mosaic-grid": "0123456789.;\n\r \t#X",
    "tatham-mosaic": "0123456789x:abyzA.\n ",
    "janko": "-ox0123456789\n\r \tO#",
}
# The formats that hold givens, and those that hold the clues only (no picture, no metadata).
HOLD_GIVENS = ("studio", "tatham")
CLUES_ONLY = ("tatham", "runs", "clue-lines")
# XML 1.0 cannot hold most control characters (the webpbn writer refuses them).
XML_TEXT = st.text(
    st.characters(exclude_categories=("Cs", "Cc"), exclude_characters="\ufffe\uffff")
    | st.sampled_from("\n\t\r"),
    max_size=8,
)


@st.composite
def valid_texts(draw: st.DrawFn, name: str) -> str:
    """A small document written in format ``name``: what a real file of that format holds."""
    picture = draw(pictures())
    text = XML_TEXT if name == "webpbn" else st.text(max_size=8)
    metadata = {key: draw(text) for key in METADATA}
    givens = draw(given_cells(picture.shape)) if name in HOLD_GIVENS else []
    document = Document(Nonogram.from_picture(picture, givens), picture, **metadata)
    if name in CLUES_ONLY or (name != "ascii" and draw(st.booleans())):
        document = Document(document.puzzle, title=metadata["title"])
    return get_format(name).write(document)


NUMBER = re.compile(r"\d+")


@st.composite
def mutated(draw: st.DrawFn, name: str) -> str:
    """A valid text of ``name`` with one to four edits.

    Edits: insert, delete or replace a character; replace a number by a troublesome one (0, a
    leading zero, 10 digits); copy a slice elsewhere (a duplicated clue, bracket or field).
    """
    text = draw(valid_texts(name))
    character = st.one_of(st.sampled_from(ALPHABETS[name]), st.characters())
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(("insert", "delete", "replace", "number", "copy")))
        at = draw(st.integers(0, len(text)))
        end = draw(st.integers(at, min(len(text), at + 6)))
        if operation == "insert":
            text = text[:at] + draw(character) + text[at:]
        elif operation == "delete":
            text = text[:at] + text[at + 1 :]
        elif operation == "replace":
            text = text[:at] + draw(character) + text[at + 1 :]
        elif operation == "copy":
            to = draw(st.integers(0, len(text)))
            text = text[:to] + text[at:end] + text[to:]
        else:
            numbers = list(NUMBER.finditer(text))
            if numbers:
                match = draw(st.sampled_from(numbers))
                number = draw(st.sampled_from(["0", "00", "01", "7", "10", "1234567890"]))
                text = text[: match.start()] + number + text[match.end() :]
    return text


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2, 8)
    | st.sampled_from(["", "#", "..", "#.#", "#..#.#", ".x", "nonogram"]),
    lambda children: st.lists(children, max_size=4),
    max_leaves=12,
)


@st.composite
def edited_studio_json(draw: st.DrawFn) -> str:
    """A valid studio document with one to three of its values set, deleted or duplicated."""
    data = json.loads(draw(valid_texts("studio")))
    for _ in range(draw(st.integers(1, 3))):
        node = data
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, dict | list) and child and draw(st.booleans()):
                node = child
                continue
            action = draw(st.sampled_from(("set", "delete", "duplicate")))
            if action == "set":
                node[key] = draw(JSON_VALUES)
            elif action == "delete":
                del node[key]
            elif isinstance(node, list):
                node.insert(key, child)
            break
    return json.dumps(data)


def read_or_error(text: str, name: str | None) -> Document | FormatError | PuzzleError:
    """The document ``text`` holds, or the error it gives; any other exception propagates."""
    try:
        return read_text(text, format=name)
    except (FormatError, PuzzleError) as error:
        return error


def check(text: str, name: str | None) -> None:
    """The fuzzing property, for ``text`` read as format ``name`` (``None``: sniffed)."""
    result = read_or_error(text, name)
    if isinstance(result, FormatError | PuzzleError):
        assert str(result)
        if isinstance(result, FormatError) and result.line is not None:
            assert 1 <= result.line <= text.count("\n") + 1, result
        if isinstance(result, FormatError) and result.column is not None:
            assert result.column >= 1, result
        return
    document = result
    document.puzzle.validate()
    analysis = analyze(document.puzzle)
    assert analysis.complete
    if name == "ascii":
        # A grid's clues are made from its picture, so the picture solves them.
        assert document.picture is not None
        assert document.puzzle.check(document.picture) == []
        assert analysis.status is not Status.NONE
    if document.picture is not None and name in ("non", "webpbn"):
        # A goal that does not solve its clues is refused.
        assert document.puzzle.check(document.picture) == []
    for spec in FORMATS:
        if spec.name in (name, "studio"):
            assert spec.read(spec.write(document)) == document, spec.name


@pytest.mark.parametrize("name", [*NAMES, None])
@FUZZ
@given(text=st.text(max_size=200))
def test_random_text(name: str | None, text: str) -> None:
    check(text, name)


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(data=st.data())
def test_random_text_from_the_format_alphabet(name: str, data: st.DataObject) -> None:
    check(data.draw(st.text(alphabet=ALPHABETS[name], max_size=120)), name)


@pytest.mark.parametrize("name", NONOGRAM_NAMES)
@FUZZ
@given(data=st.data())
def test_mutations_of_valid_text(name: str, data: st.DataObject) -> None:
    text = data.draw(mutated(name))
    check(text, name)
    check(text, None)


@pytest.mark.parametrize("name", NONOGRAM_NAMES)
@FUZZ
@given(data=st.data())
def test_valid_text_reads_back_exactly(name: str, data: st.DataObject) -> None:
    """The unmutated inputs of the mutation test are themselves read without error."""
    text = data.draw(valid_texts(name))
    document = read_text(text, format=name)
    assert get_format(name).write(document) == text
    assert read_text(text) == document


@FUZZ
@given(text=edited_studio_json())
def test_edited_studio_documents(text: str) -> None:
    check(text, "studio")
