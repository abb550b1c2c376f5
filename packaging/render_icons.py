"""Render the application icon's PNG sizes from its SVG drawings, with Qt's SVG renderer.

Run after editing an SVG (the PNGs are committed, so building or installing needs no renderer)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py

Writes ``studio/resources/icons/puzzle-studio-N.png`` (N x N pixels, ARGB, transparent outside
the drawing) for N in :data:`SIZES`: 16 from ``puzzle-studio-small.svg``, drawn on the 16 px
grid, the others from the master ``puzzle-studio.svg``: the usual sizes of the hicolor icon
theme, of which the freedesktop icon theme specification requires 48 x 48.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "studio" / "resources" / "icons"
NAME = "puzzle-studio"
SIZES = (16, 32, 48, 64, 128, 256)
SMALL = 16  # at or below this size the hand-placed drawing is used


def render(svg: Path, size: int) -> QImage:
    """The drawing in ``svg`` scaled to ``size`` x ``size`` pixels, antialiased.

    Raises:
        ValueError: if Qt cannot read ``svg``.
    """
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not an SVG drawing Qt can render")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    """Write every PNG size; return the exit status."""
    _app = QGuiApplication(sys.argv[:1])  # QPainter needs a GUI application (fonts, formats)
    for size in SIZES:
        svg = ICONS / (f"{NAME}-small.svg" if size <= SMALL else f"{NAME}.svg")
        target = ICONS / f"{NAME}-{size}.png"
        if not render(svg, size).save(str(target)):
            print(f"render_icons: cannot write {target}", file=sys.stderr)
            return 1
        print(target.relative_to(ICONS.parent.parent.parent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
