"""The errors the core raises for bad input.

Every message is one line a designer can act on: it names the line of the puzzle or the line of
the file, and says what was expected.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.palette import name_colours


class StudioError(Exception):
    """Base of every error the core raises on purpose; ``str(error)`` is the message to show."""


class PuzzleError(StudioError, ValueError):
    """A puzzle that cannot be valid, e.g. a clue wider than its line.

    A message that names colours of the puzzle holds ``{0}``, ``{1}``, … where it names them,
    and ``colours`` gives their values (:func:`~studio.core.palette.name_colours`):
    ``str(error)`` names them by number (``colour 2``), :meth:`text` by a palette's names.
    """

    def __init__(self, message: str, *, colours: Sequence[int] = ()) -> None:
        self.wording = message
        self.colours = tuple(colours)
        super().__init__(name_colours(message, self.colours))

    def text(self, names: Sequence[str] | None = None) -> str:
        """The message with the colours named by ``names`` (a palette's
        :attr:`~studio.core.palette.Palette.names`; ``None``: by number)."""
        return name_colours(self.wording, self.colours, names)


class FormatError(StudioError, ValueError):
    """Malformed input: a file or text that is not what its format expects.

    Args:
        message: what was expected and what was found.
        source: a file name or a short description of the input (``"game ID"``).
        line: 1-based line of the input, when the format is line-oriented.
        column: 1-based column within that line.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.reason = message
        self.source = source
        self.line = line
        self.column = column
        where = [part for part in (source,) if part]
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)

    def located(self, source: str) -> FormatError:
        """The same error, attributed to ``source`` (e.g. the file the text came from)."""
        return FormatError(self.reason, source=source, line=self.line, column=self.column)
