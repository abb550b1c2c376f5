"""Jan Wolter's XML format for paint-by-number puzzles: webpbn.com's export and pbnsolve's own
format (the shared ``survey`` puzzles came from there), black and white or in colour.

::

    <?xml version="1.0"?>
    <!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
    <puzzleset>
    <puzzle type="grid" defaultcolor="black">
    <source>webpbn.com</source>
    <title>Demo Puzzle from Front Page</title>
    <author>Jan Wolter</author>
    <copyright>(c) Copyright 2004 by Jan Wolter</copyright>
    <color name="white" char=".">FFFFFF</color>
    <color name="black" char="X">000000</color>
    <clues type="columns">
    <line><count>2</count><count>1</count></line>
    ...
    </clues>
    <clues type="rows">
    <line><count>2</count></line>
    ...
    </clues>
    <solution type="goal">
    <image>
    |.XX..|
    ...
    </image>
    </solution>
    </puzzle>
    </puzzleset>

Sources: Wolter's *XML Format for Paint-by-Number Puzzles*, version 0.3
(``webpbn.com/pbn_fmt.html``), and his own reader, pbnsolve's ``read_xml.c`` (repository
``avi-levy/pbnsolve``), whose rules decide where the description is silent.

Reading:
    - The root is ``<puzzleset>`` holding one ``<puzzle>`` (a set of several is refused: one
      puzzle per file). Element names are compared case-insensitively, as pbnsolve does.
    - ``type`` is ``grid`` (the default); triddlers are refused.
    - Colours: ``backgroundcolor`` (default ``white``) is the empty cell. Every other colour
      is a colour of the puzzle: each ``<color>`` in file order (``<color name="red"
      char="r">FF0000</color>``, RGB as 6 or 3 hex digits), then any colour a ``<count
      color=...>`` names without a ``<color>``; a ``<count>`` without ``color`` is of the
      ``defaultcolor`` (default ``black``), which is a colour of the puzzle only when some
      count uses it or a ``<color>`` defines it. A ``<color>``'s ``char`` is its character in
      images; white and black are ``.`` and ``X``, ``FFFFFF`` and ``000000``, when no
      ``<color>`` says otherwise (pbnsolve); another colour without a ``<color>`` is refused,
      as is one without a char when there is an image to draw. One colour besides the
      background makes a black-and-white nonogram (whatever its name), more a colour
      nonogram of that palette, the background first.
    - ``<clues type="rows">`` and ``<clues type="columns">``: one ``<line>`` per row (top to
      bottom) or column (left to right) holding one ``<count>`` per run; an empty ``<line/>``
      is an empty line. A puzzle without clues gets them from its goal (pbnsolve).
    - ``<solution type="goal">`` (the default type) holds the ``<image>``: the rows top to
      bottom, each between ``|`` characters, a cell as its colour's character, whitespace
      ignored. It becomes the picture and must solve the clues. Solutions of type
      ``solution`` and ``saved`` (a solver's or a player's grid) are ignored.
    - Metadata: ``<title>`` is the title, ``<author>`` the author (the puzzleset's, when the
      puzzle has none); ``<source>``, ``<id>``, ``<copyright>`` (the puzzleset's too, as for the
      author) and ``<description>`` become notes lines in file order, ``source: webpbn.com``
      and so on, and each ``<note>`` a line as it is. Whitespace around each text and each of
      its lines is layout and is dropped. Other elements (``<authorid>``...) are ignored.
    - The format has no licence: ``<copyright>`` is a copyright notice, not the terms of use,
      and stays in the notes. The document's licence is empty.
    - The XML is parsed by ``defusedxml``: entity declarations are refused (a few hundred bytes
      of them can expand to gigabytes) and nothing outside the text is fetched: the DOCTYPE
      webpbn writes is read, its DTD never loaded.

Writing: webpbn's layout without the optional DOCTYPE: title, author, the notes lines (a
``source: ...``, ``id: ...``, ``copyright: ...`` or ``description: ...`` line to its element,
any other line as a ``<note>``), the licence as one more notes line ``license: ...`` (so that
the file keeps it; it reads back as that notes line), white ``.`` and black ``X``, the column
clues, the row clues, and the goal when the document has a picture. A colour nonogram writes
its palette's ``<color>``s instead, ``backgroundcolor`` when the background is not named
``white`` and ``defaultcolor`` its first colour, and ``color`` on every count of another
colour. A text holding a character XML 1.0 cannot hold (most control characters) is refused.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import NoReturn
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, feature_external_ges, feature_external_pes
from xml.sax.saxutils import escape
from xml.sax.xmlreader import AttributesImpl, InputSource, Locator

import numpy as np
from defusedxml import DefusedXmlException, EntitiesForbidden
from defusedxml.expatreader import DefusedExpatParser

from studio.core.contract.format import Format
from studio.core.contract.text import (
    DIGITS,
    MAX_DIGITS,
    note_line,
    notes_lines,
    position,
    show_value,
)
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import Picture, picture_of
from studio.core.kinds.nonogram.formats.clues import (
    ClueError,
    clue_from_values,
    nonogram_of,
    picture_mismatch,
)
from studio.core.kinds.nonogram.linesolve import Runs
from studio.core.kinds.nonogram.puzzle import MAX_COLOURS, SPEC, Nonogram
from studio.core.palette import MAX_INKS, Colour, Palette, ink_char

TITLE = "webpbn XML"

_NOTE_ELEMENTS = ("source", "id", "copyright", "description")
_NOTE = "note"
_CLUE_TYPES = ("rows", "columns")
_SOLUTION_TYPES = ("goal", "solution", "saved")
_DEFAULT_CHARS = {"white": ".", "black": "X"}
_WRITTEN_COLOURS = (("white", "fff"), ("black", "000"))
_DEFAULT_RGB = {"white": (255, 255, 255), "black": (0, 0, 0)}
_HEX = re.compile(r"[0-9a-fA-F]{6}")
# A raw carriage return would be read back as a line feed (XML's end-of-line handling).
_CARRIAGE_RETURN = {"\r": "&#13;"}
_ROW_EDGE = "|"
_LINE_BREAK = re.compile(r"\r\n?|\n")
# XML 1.0 (section 2.2): the characters a document may hold.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def sniff(text: str) -> bool:
    """True if ``text`` starts (after whitespace) with ``<``: an XML declaration, a DOCTYPE or
    the ``<puzzleset>`` itself."""
    return text.lstrip().startswith("<")


def read(text: str) -> Document:
    """Parse a webpbn XML puzzle set of one puzzle into a document; its picture is the goal,
    if any.

    Raises:
        FormatError: for XML syntax (with the parser's line and column), entity declarations,
            or naming the line and element at fault, e.g. ``line 14: <count>: expected a run
            length (a number), found "x"``, ``line 3: <count>: the colour "red" has no
            <color> to say what it looks like``.
    """
    return _Reader(text).document()


def write(document: Document) -> str:
    """The document as a webpbn XML puzzle set (UTF-8, ending in a newline).

    Raises:
        FormatError: if the document is not a nonogram, has givens (the format has none), or
            its metadata holds a character XML cannot hold.
    """
    puzzle = nonogram_of(document, TITLE, colours=True)
    palette = document.palette
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<puzzleset>"]
    if palette is None:
        lines.append('<puzzle type="grid" defaultcolor="black">')
    else:
        background, first = palette.colours[0].name, palette.colours[1].name
        named = "" if background == "white" else f' backgroundcolor="{_attribute(background)}"'
        lines.append(f'<puzzle type="grid"{named} defaultcolor="{_attribute(first)}">')
    if document.title.strip():
        lines.append(_text_element("title", document.title, "the title"))
    if document.author.strip():
        lines.append(_text_element("author", document.author, "the author"))
    # The format has no licence: it follows the notes as a notes line of its own.
    texts = [document.notes] if document.notes else []
    if document.license.strip():
        texts.append(note_line("license", document.license))
    # Each notes line is stripped before its key is looked for, as reading strips them.
    notes = "\n".join(line.strip() for line in "\n".join(texts).split("\n"))
    for key, value in notes_lines(notes, _NOTE_ELEMENTS):
        lines.append(_text_element(key or _NOTE, value, "the notes"))
    if palette is None:
        lines += [
            f'<color name="{name}" char="{_DEFAULT_CHARS[name]}">{rgb}</color>'
            for name, rgb in _WRITTEN_COLOURS
        ]
    else:
        lines += [
            f'<color name="{_attribute(c.name)}" char="{_attribute(c.char)}">'
            f"{c.hex[1:].upper()}</color>"
            for c in palette.colours
        ]
    for kind, axis in (("columns", "column"), ("rows", "row")):
        lines.append(f'<clues type="{kind}">')
        lines += [
            "<line>" + "".join(_count_text(run, palette) for run in puzzle.runs(line)) + "</line>"
            for line, _ in puzzle.lines()
            if line.axis == axis
        ]
        lines.append("</clues>")
    if document.picture is not None:
        chars = _DEFAULT_CHARS["white"] + _DEFAULT_CHARS["black"]
        chars = chars if palette is None else palette.chars
        lines += ['<solution type="goal">', "<image>"]
        lines += [
            _ROW_EDGE + "".join(chars[int(cell)] for cell in row) + _ROW_EDGE
            for row in np.asarray(document.picture, dtype=np.uint8)
        ]
        lines += ["</image>", "</solution>"]
    lines += ["</puzzle>", "</puzzleset>"]
    return "\n".join(lines) + "\n"


def _count_text(run: tuple[int, int], palette: Palette | None) -> str:
    """One run: ``<count>3</count>``, with ``color`` unless of the default (first) colour."""
    length, colour = run
    if palette is None or colour == 1:
        return f"<count>{length}</count>"
    return f'<count color="{_attribute(palette.colours[colour].name)}">{length}</count>'


def _attribute(value: str) -> str:
    """``value`` escaped for a double-quoted XML attribute.

    Raises:
        FormatError: for a character XML cannot hold.
    """
    bad = _NOT_XML.search(value)
    if bad is not None:
        raise FormatError(
            f"the colour {value!r} holds the character U+{ord(bad.group()):04X}, which XML "
            "cannot hold"
        )
    return escape(value, {'"': "&quot;", **_CARRIAGE_RETURN})


def _text_element(name: str, value: str, what: str) -> str:
    text = value.strip()
    bad = _NOT_XML.search(text)
    if bad is not None:
        raise FormatError(
            f"{what} holds the character U+{ord(bad.group()):04X}, which XML cannot hold"
        )
    return f"<{name}>{escape(text, _CARRIAGE_RETURN)}</{name}>"


# --- Reading: the XML into a small tree of elements that know their line ---------------------


@dataclass
class _Element:
    """An XML element: ``name`` lower case, ``line`` as the XML parser counts (see
    :meth:`_Reader.place`), ``text`` its own character data in pieces."""

    name: str
    attributes: dict[str, str]
    line: int
    children: list[_Element] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    text_line: int = 0

    def content(self) -> str:
        return "".join(self.text)

    def all(self, name: str) -> list[_Element]:
        return [child for child in self.children if child.name == name]


class _TreeBuilder(ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.locator: Locator | None = None
        self.root: _Element | None = None
        self.open: list[_Element] = []

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        element = _Element(name.lower(), dict(attrs.items()), self._line())
        if self.open:
            self.open[-1].children.append(element)
        else:
            self.root = element
        self.open.append(element)

    def endElement(self, name: str) -> None:
        self.open.pop()

    def characters(self, content: str) -> None:
        element = self.open[-1]
        if not element.text:
            element.text_line = self._line()
        element.text.append(content)

    def _line(self) -> int:
        # The expat reader sets the locator before the first event and always knows the line.
        assert self.locator is not None
        return self.locator.getLineNumber() or 1


@dataclass(frozen=True)
class _Colours:
    """The colours of a puzzle, the background first: names, characters in images (``None``
    when the file gives none) and RGB values."""

    names: tuple[str, ...]
    chars: tuple[str | None, ...]
    rgb: tuple[tuple[int, int, int], ...]
    default: str

    @property
    def inks(self) -> int:
        return len(self.names) - 1

    def palette(self) -> Palette | None:
        """The document's palette: ``None`` for one colour (black and white)."""
        if self.inks == 1:
            return None
        taken = {char for char in self.chars if char}
        spare = (char for index in range(MAX_INKS) if (char := ink_char(index)) not in taken)
        chars = [char or next(spare) for char in self.chars]
        return Palette(
            tuple(
                Colour(name, char, rgb)
                for name, char, rgb in zip(self.names, chars, self.rgb, strict=True)
            )
        )


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        # Whitespace before the XML declaration is not XML, but it is what a paste often adds.
        self.start = len(text) - len(text.lstrip())

    def document(self) -> Document:
        root = self._parse()
        if root.name != "puzzleset":
            self.fail(root.line, f"expected <puzzleset> as the root element, found <{root.name}>")
        puzzles = root.all("puzzle")
        if not puzzles:
            self.fail(root.line, "the <puzzleset> holds no <puzzle>")
        if len(puzzles) > 1:
            self.fail(
                puzzles[1].line,
                f"a second <puzzle>: a set of {len(puzzles)} puzzles is not read, "
                "only one puzzle per file",
            )
        return self._puzzle(puzzles[0], root)

    def _parse(self) -> _Element:
        builder = _TreeBuilder()
        # Entity declarations are refused (billion laughs, quadratic blow-up); external entities
        # and the external DTD are not loaded at all (the features below), so the DOCTYPE line
        # of every webpbn export is harmless and need not be refused as an external reference.
        parser = DefusedExpatParser(forbid_dtd=False, forbid_entities=True, forbid_external=False)
        parser.setFeature(feature_external_ges, False)
        parser.setFeature(feature_external_pes, False)
        parser.setContentHandler(builder)
        source = InputSource()
        source.setCharacterStream(io.StringIO(self.text[self.start :]))
        try:
            parser.parse(source)
        except SAXParseException as error:
            line, column = self.place(error.getLineNumber() or 1, error.getColumnNumber() or 0)
            raise FormatError(
                f"invalid XML: {error.getMessage()}", line=line, column=column
            ) from None
        except EntitiesForbidden:
            raise FormatError(
                "XML entity declarations are not read (a few of them can fill the memory)"
            ) from None
        except DefusedXmlException as error:
            raise FormatError(f"a forbidden XML construct: {error}") from None
        except UnicodeError:
            raise FormatError("not valid Unicode text (it holds a lone surrogate)") from None
        assert builder.root is not None  # expat reports a document without an element
        return builder.root

    def place(self, line: int, column: int = 0) -> tuple[int, int]:
        """The 1-based ``(line, column)`` in the text for the XML parser's line (1-based) and
        column (0-based) in what it parsed: lines are counted at ``\\n`` only, where the parser
        also breaks them at a lone ``\\r``, and it did not see the leading whitespace."""
        parsed = self.text[self.start :]
        starts = [0, *(match.end() for match in _LINE_BREAK.finditer(parsed))]
        offset = self.start + starts[min(max(line, 1), len(starts)) - 1] + column
        return position(self.text, min(offset, len(self.text)))

    def fail(self, line: int, message: str) -> NoReturn:
        raise FormatError(message, line=self.place(line)[0])

    def fail_at(self, element: _Element, message: str) -> NoReturn:
        self.fail(element.line, f"<{element.name}>: {message}")

    # --- The puzzle ---------------------------------------------------------------------------

    def _puzzle(self, puzzle: _Element, puzzleset: _Element) -> Document:
        kind = puzzle.attributes.get("type", "grid")
        if kind.lower() == "triddler":
            self.fail_at(puzzle, 'triddlers are not read, only rectangular grids (type="grid")')
        if kind.lower() != "grid":
            self.fail_at(puzzle, f'unknown puzzle type {show_value(kind)}; expected "grid"')
        colours = self._colours(puzzle)
        clues: dict[str, list[Runs]] = {}
        goal: tuple[_Element, Picture] | None = None
        for child in puzzle.children:
            if child.name == "clues":
                clue_type = self._clue_type(child, clues)
                clues[clue_type] = self._clue_lines(child, colours)
            elif child.name == "solution" and self._is_goal(child):
                if goal is not None:
                    first = self.place(goal[0].line)[0]
                    self.fail_at(child, f"a second goal (the first is on line {first})")
                image = self._image_element(child)
                goal = (image, self._image(image, colours))
        nonogram = self._nonogram(puzzle, clues, goal, colours.inks)
        title, author, notes = self._metadata(puzzle, puzzleset)
        picture = None if goal is None else goal[1]
        try:
            palette = colours.palette()
        except ValueError as error:  # e.g. two colours drawn with one character
            self.fail_at(puzzle, str(error))
        return Document(nonogram, picture, title=title, author=author, notes=notes, palette=palette)

    def _nonogram(
        self,
        puzzle: _Element,
        clues: dict[str, list[Runs]],
        goal: tuple[_Element, Picture] | None,
        inks: int,
    ) -> Nonogram:
        if not clues:
            if goal is None:
                self.fail_at(puzzle, "expected clues or a goal; the puzzle has neither")
            return Nonogram.from_picture(goal[1], colours=inks)
        missing = [kind for kind in _CLUE_TYPES if kind not in clues]
        if missing:
            self.fail_at(puzzle, f'expected <clues type="{missing[0]}"> too')
        nonogram = Nonogram.of_runs(clues["rows"], clues["columns"], inks)
        if goal is not None:
            image, picture = goal
            if picture.shape != nonogram.shape:
                (height, width), (rows, cols) = picture.shape, nonogram.shape
                self.fail_at(
                    image, f"the goal is {width}×{height} cells, the clues are {cols}×{rows}"
                )
            mismatch = picture_mismatch(nonogram, picture)
            if mismatch is not None:
                self.fail_at(image, f"the goal does not solve the clues: {mismatch}")
        return nonogram

    def _colours(self, puzzle: _Element) -> _Colours:
        empty = puzzle.attributes.get("backgroundcolor", "white")
        default = puzzle.attributes.get("defaultcolor", "black")
        defined: dict[str, _Element] = {}
        for colour in puzzle.all("color"):
            name = colour.attributes.get("name")
            if name is None:
                self.fail_at(colour, "expected a name attribute")
            if name in defined:
                self.fail_at(colour, f"the colour {show_value(name)} is defined twice")
            defined[name] = colour
        names = [name for name in defined if name != empty]
        for clues in puzzle.all("clues"):
            for line in clues.all("line"):
                for count in line.all("count"):
                    name = count.attributes.get("color", default)
                    if name not in names and name != empty:
                        if name not in defined and name not in _DEFAULT_RGB:
                            self.fail_at(
                                count,
                                f"the colour {show_value(name)} has no <color> to say what it "
                                "looks like",
                            )
                        names.append(name)
        if not names:
            names = ["black" if default == empty else default]
        names.insert(0, empty)
        if len(names) - 1 > MAX_COLOURS:
            self.fail_at(puzzle, f"{len(names) - 1} colours; a nonogram may have {MAX_COLOURS}")
        chars = tuple(
            (defined[name].attributes.get("char", "")[:1] if name in defined else "")
            or _DEFAULT_CHARS.get(name)
            for name in names
        )
        return _Colours(
            tuple(names), chars, tuple(self._rgb(name, defined) for name in names), default
        )

    def _rgb(self, name: str, defined: dict[str, _Element]) -> tuple[int, int, int]:
        if name not in defined:
            return _DEFAULT_RGB.get(name, (0, 0, 0))
        element = defined[name]
        text = element.content().strip().lstrip("#")
        if not text:  # a colour only named, as in a black-and-white file: its usual look
            return _DEFAULT_RGB.get(name, (128, 128, 128))
        if len(text) == 3:
            text = "".join(digit * 2 for digit in text)
        if not _HEX.fullmatch(text):
            self.fail_at(
                element, f"expected the colour as RGB hex digits, found {show_value(text)}"
            )
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))

    def _clue_type(self, element: _Element, clues: dict[str, list[Runs]]) -> str:
        kind = element.attributes.get("type")
        if kind is None or kind.lower() not in _CLUE_TYPES:
            found = "nothing" if kind is None else show_value(kind)
            self.fail_at(element, f'expected type="rows" or type="columns", found {found}')
        if kind.lower() in clues:
            self.fail_at(element, f'a second <clues type="{kind.lower()}">')
        return kind.lower()

    def _clue_lines(self, element: _Element, colours: _Colours) -> list[Runs]:
        self._no_text(element)
        lines: list[Runs] = []
        for line in element.children:
            if line.name != "line":
                self.fail_at(line, "expected <line> in <clues>")
            self._no_text(line)
            values: list[int] = []
            inks: list[int] = []
            for count in line.children:
                if count.name != "count":
                    self.fail_at(count, "expected <count> in <line>")
                values.append(self._count(count, colours))
                inks.append(colours.names.index(count.attributes.get("color", colours.default)))
            try:
                lengths = clue_from_values(values)
            except ClueError as error:
                self.fail_at(line.children[error.index], error.message)
            lines.append(tuple(zip(lengths, inks if lengths else (), strict=True)))
        return lines

    def _count(self, count: _Element, colours: _Colours) -> int:
        if count.attributes.get("color", colours.default) == colours.names[0]:
            self.fail_at(count, f"a run of the background colour {show_value(colours.names[0])}")
        text = count.content().strip()
        if not text or not set(text) <= DIGITS:
            self.fail_at(count, f"expected a run length (a number), found {show_value(text)}")
        if len(text) > MAX_DIGITS:
            self.fail_at(count, f"expected a number of at most {MAX_DIGITS} digits")
        return int(text)

    def _no_text(self, element: _Element) -> None:
        text = element.content().strip()
        if text:
            self.fail_at(element, f"text outside the elements it holds: {show_value(text)}")

    def _is_goal(self, solution: _Element) -> bool:
        kind = solution.attributes.get("type", "goal").lower()
        if kind not in _SOLUTION_TYPES:
            self.fail_at(
                solution,
                f"unknown solution type {show_value(kind)}; expected {', '.join(_SOLUTION_TYPES)}",
            )
        return kind == "goal"

    def _image_element(self, solution: _Element) -> _Element:
        images = solution.all("image")
        if not images:
            self.fail_at(solution, "expected an <image>")
        if len(images) > 1:
            self.fail_at(images[1], "a second <image> in one <solution>")
        return images[0]

    def _image(self, image: _Element, colours: _Colours) -> Picture:
        """The goal: rows between ``|``, one character per cell, whitespace ignored."""
        cells: dict[str, int] = {}
        for value, (name, char) in enumerate(zip(colours.names, colours.chars, strict=True)):
            if char is None:
                self.fail_at(image, f"the colour {show_value(name)} has no char to draw it with")
            if char in cells:
                both = (
                    "both colours"
                    if colours.inks == 1
                    else f"{colours.names[cells[char]]} and {name}"
                )
                self.fail_at(image, f"{both} are drawn with {char!r}")
            cells[char] = value
        expected = " or ".join(
            f"{char!r} ({name})" for char, name in zip(cells, colours.names, strict=True)
        )
        line = image.text_line or image.line
        rows: list[list[int]] = []
        row: list[int] | None = None
        for char in image.content():
            if char == "\n":
                line += 1
            elif char.isspace():
                continue
            elif row is None:
                if char != _ROW_EDGE:
                    self.fail(line, f"<image>: expected '|' to start a row, found {char!r}")
                row = []
            elif char == _ROW_EDGE:
                if rows and len(row) != len(rows[0]):
                    self.fail(
                        line,
                        f"<image>: row {len(rows) + 1} has {len(row)} cells, "
                        f"row 1 has {len(rows[0])}",
                    )
                rows.append(row)
                row = None
            elif char in cells:
                row.append(cells[char])
            else:
                self.fail(line, f"<image>: expected {expected}, found {char!r}")
        if row is not None:
            self.fail(line, "<image>: the last row does not end with '|'")
        if not rows or not rows[0]:
            self.fail_at(image, "no cells")
        return picture_of(np.array(rows, dtype=np.uint8), colours.inks)

    def _metadata(self, puzzle: _Element, puzzleset: _Element) -> tuple[str, str, str]:
        title = self._single_text(puzzle, "title")
        author = self._single_text(puzzle, "author") or self._single_text(puzzleset, "author")
        inherited = [] if puzzle.all("copyright") else puzzleset.all("copyright")
        notes = [
            line
            for child in (*puzzle.children, *inherited)
            if child.name in (*_NOTE_ELEMENTS, _NOTE)
            for line in _notes_of(child)
        ]
        return title, author, "\n".join(notes)

    def _single_text(self, parent: _Element, name: str) -> str:
        elements = parent.all(name)
        if len(elements) > 1:
            first = self.place(elements[0].line)[0]
            self.fail_at(elements[1], f"a second <{name}> (the first is on line {first})")
        return elements[0].content().strip() if elements else ""


def _notes_of(element: _Element) -> list[str]:
    """The notes lines of a metadata element, each stripped: ``key: text`` for the first line
    of the text, then its further lines; a ``<note>``'s lines as they are."""
    lines = [line.strip() for line in element.content().strip().split("\n")]
    if element.name == _NOTE:
        return lines
    return [note_line(element.name, lines[0]).strip(), *lines[1:]]


FORMAT = Format("webpbn", TITLE, (".xml",), (SPEC.name,), sniff, read, write)
"""This format, as the nonogram's declaration lists it."""
