"""The window's drawing colours, from the desktop's palette: light or dark, the grid, the clues,
the tints and the keyboard's cell read on either. Printing and exported images keep their own
fixed black-on-white colours (:data:`studio.render.grid.DEFAULT_PALETTE`)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from studio.render.grid import DEFAULT_PALETTE, Palette


def _mix(a: QColor, b: QColor, share_of_b: float) -> str:
    """``a`` and ``b`` mixed, ``share_of_b`` of the way to ``b``, as ``#rrggbb``."""
    mixed = QColor(
        round(a.red() + (b.red() - a.red()) * share_of_b),
        round(a.green() + (b.green() - a.green()) * share_of_b),
        round(a.blue() + (b.blue() - a.blue()) * share_of_b),
    )
    return mixed.name()


def _translucent(color: QColor, alpha: int) -> str:
    see_through = QColor(color)
    see_through.setAlpha(alpha)
    return see_through.name(QColor.NameFormat.HexArgb)


def is_dark(palette: QPalette) -> bool:
    """True when the desktop draws light text on a dark ground."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def screen_palette(palette: QPalette) -> Palette:
    """The drawing colours for a widget with the desktop's ``palette``: the grid's paper is the
    text fields' ground (Base), ink is their text, rules are mixed between the two, the clues
    are the window's text, tints and the keyboard's cell take the desktop's highlight."""
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    window_text = palette.color(QPalette.ColorRole.WindowText)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    dark = is_dark(palette)
    return Palette(
        paper=base.name(),
        background=palette.color(QPalette.ColorRole.Window).name(),
        cursor=highlight.name(),
        ink=text.name(),
        solution_ink=_mix(base, text, 0.6),
        minor_rule=_mix(base, text, 0.3),
        major_rule=text.name(),
        # Orange tints read on light and dark cells alike; stronger on a dark ground.
        variable="#b4ff8c00" if dark else DEFAULT_PALETTE.variable,
        conflict="#66ff5a4f" if dark else DEFAULT_PALETTE.conflict,
        conflict_text="#ff8a80" if dark else DEFAULT_PALETTE.conflict_text,
        highlight=_translucent(highlight, 64 if dark else 28),
        changed="#b434a853" if dark else DEFAULT_PALETTE.changed,
        clue_text=window_text.name(),
    )


def warning_text(palette: QPalette) -> QColor:
    """The colour of text that warns (a book's puzzle to fix before printing) on a widget with
    the desktop's ``palette``: the red of a clue that cannot be met
    (:attr:`~studio.render.grid.Palette.conflict_text`), which reads on a light ground and on
    a dark one."""
    return QColor(screen_palette(palette).conflict_text)
