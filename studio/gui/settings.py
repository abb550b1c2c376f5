"""Settings kept between sessions (recent files, the folder file dialogs start in, zoom, how
images are imported, puzzles generated, books filled and puzzles exported, whether an exported
book is opened), in the platform's config folder.

The folder comes from platformdirs (``~/.config/puzzle-studio`` on Linux) unless the
environment variable ``PUZZLE_STUDIO_CONFIG_DIR`` names another, as the tests do.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from dataclasses import field as dataclass_field
from pathlib import Path

import platformdirs
from PySide6.QtCore import QSettings

from studio.core.generate import MAX_SIDE as MAX_GENERATED_SIDE
from studio.core.generate import MIN_SIDE as MIN_GENERATED_SIDE
from studio.core.palette import MAX_INKS
from studio.core.pixelart import DEFAULT_THRESHOLD, FIT_SIDE, MAX_SIDE

MAX_RECENT = 8


@dataclass(frozen=True)
class ImportSettings:
    """How the last image was imported, offered again for the next one (the Import Image
    dialog).

    Attributes:
        automatic_threshold: the threshold is Otsu's of each image.
        threshold: the last threshold set by hand, luminance 0-255.
        invert: fill the light pixels.
        keep_aspect: the target size follows the image's aspect ratio.
        fit: the longer side, in cells (1 to the import limit), that an image larger than
            it is scaled down to: the last target size chosen.
        kind: the name of the kind of puzzle made.
        colours: the most ink colours, 1 (black and white, by the threshold) to
            :data:`~studio.core.palette.MAX_INKS`: the last number chosen.
    """

    automatic_threshold: bool = True
    threshold: int = DEFAULT_THRESHOLD
    invert: bool = False
    keep_aspect: bool = True
    fit: int = FIT_SIDE
    kind: str = "nonogram"
    colours: int = 1


@dataclass(frozen=True)
class GenerateSettings:
    """The choices of the last run of the Generate dialog, offered again the next time it
    opens; not the seed, drawn afresh, so that a new run makes new puzzles.

    Attributes:
        kind: the name of the kind of puzzle made.
        strategy: the name of the kind's strategy; one the kind has not: its first.
        width, height: the size, in cells.
        density: the share of filled cells, for the strategies that read it.
        colours: the ink colours, for the strategies that draw in colour.
        logic_solvable: only puzzles that logic alone solves.
        easiest, hardest: the difficulty asked for, from and to (1 to 5).
        count: the puzzles a run makes.
        into_book: they go into the book rather than into tabs.
    """

    kind: str = "nonogram"
    strategy: str = ""
    width: int = 15
    height: int = 15
    density: float = 0.5
    colours: int = 1
    logic_solvable: bool = True
    easiest: int = 1
    hardest: int = 5
    count: int = 1
    into_book: bool = False


@dataclass(frozen=True)
class FillKind:
    """One kind's row of the last run of Fill the Book: ticked or not, its size and its ink
    colours (1 where its generator draws in black and white)."""

    chosen: bool
    width: int
    height: int
    colours: int = 1


@dataclass(frozen=True)
class FillBookSettings:
    """The choices of the last run of Fill the Book, offered again the next time it opens; not
    the seed, drawn afresh, so that a new run makes new puzzles.

    Attributes:
        kinds: each kind's row, by the kind's name (a kind never run: not there).
        count: the puzzles of each kind.
        easiest, hardest: the difficulty levels, from and to (1 to 5).
    """

    kinds: Mapping[str, FillKind] = dataclass_field(default_factory=dict)
    count: int = 6
    easiest: int = 1
    hardest: int = 3


@dataclass(frozen=True)
class ExportSettings:
    """How the last puzzle was exported (the Export dialog).

    Attributes:
        suffix: the format, by extension: ``.png``, ``.svg`` or ``.pdf``.
        cell: the cell size, in ``unit``.
        unit: ``mm``, or the format's own unit (``px`` for PNG and SVG, ``pt`` for PDF).
        dpi: a PNG's resolution, pixels per inch.
    """

    suffix: str = ".png"
    cell: float = 6.0
    unit: str = "mm"
    dpi: float = 300.0


def config_dir() -> Path:
    override = os.environ.get("PUZZLE_STUDIO_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("puzzle-studio"))


def state_dir() -> Path:
    """Where the studio keeps what is not a setting: the error log, copies of unsaved work
    (platformdirs: ``~/.local/state/puzzle-studio`` on Linux) unless the environment variable
    ``PUZZLE_STUDIO_STATE_DIR`` names another, as the tests do."""
    override = os.environ.get("PUZZLE_STUDIO_STATE_DIR")
    return Path(override) if override else platformdirs.user_state_path("puzzle-studio")


def recovery_dir() -> Path:
    """Where copies of unsaved work are kept (:mod:`studio.core.recovery`)."""
    return state_dir() / "unsaved"


class Settings:
    """Typed access to the settings file."""

    def __init__(self) -> None:
        self._store = QSettings(str(config_dir() / "settings.ini"), QSettings.Format.IniFormat)

    def recent_files(self) -> list[Path]:
        """Recently opened or saved files, newest first, those that still exist."""
        value = self._store.value("recent_files", [])
        # QSettings' ini format gives back a one-item list as a plain string.
        names = (
            [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
        )
        return [Path(name) for name in names if Path(name).is_file()]

    def add_recent_file(self, path: Path) -> None:
        path = path.resolve()
        recent = [path, *(p for p in self.recent_files() if p != path)][:MAX_RECENT]
        self._store.setValue("recent_files", [str(p) for p in recent])
        self._store.sync()

    def cell_size(self, default: int) -> int:
        value = self._store.value("cell_size", default)
        return int(value) if isinstance(value, (int, str)) and str(value).isdigit() else default

    def set_cell_size(self, cell: int) -> None:
        self._store.setValue("cell_size", cell)

    def import_settings(self) -> ImportSettings:
        """The import settings saved last; the defaults for any missing or unreadable."""
        default = ImportSettings()
        return ImportSettings(
            automatic_threshold=self._bool(
                "import/automatic_threshold", default.automatic_threshold
            ),
            threshold=self._int("import/threshold", default.threshold, 0, 255),
            invert=self._bool("import/invert", default.invert),
            keep_aspect=self._bool("import/keep_aspect", default.keep_aspect),
            fit=self._int("import/fit", default.fit, 1, MAX_SIDE),
            kind=self._str("import/kind", default.kind),
            colours=self._int("import/colours", default.colours, 1, MAX_INKS),
        )

    def set_import_settings(self, settings: ImportSettings) -> None:
        self._save("import", settings)

    def generate_settings(self) -> GenerateSettings:
        """The Generate dialog's choices saved last; the defaults for any missing or
        unreadable (the dialog keeps each within what the kind chosen allows)."""
        default = GenerateSettings()
        sides = MIN_GENERATED_SIDE, MAX_GENERATED_SIDE
        return GenerateSettings(
            kind=self._str("generate/kind", default.kind),
            strategy=self._str("generate/strategy", default.strategy),
            width=self._int("generate/width", default.width, *sides),
            height=self._int("generate/height", default.height, *sides),
            density=self._float("generate/density", default.density),
            colours=self._int("generate/colours", default.colours, 1, MAX_INKS),
            logic_solvable=self._bool("generate/logic_solvable", default.logic_solvable),
            easiest=self._int("generate/easiest", default.easiest, 1, 5),
            hardest=self._int("generate/hardest", default.hardest, 1, 5),
            count=self._int("generate/count", default.count, 1, 2**31 - 1),
            into_book=self._bool("generate/into_book", default.into_book),
        )

    def set_generate_settings(self, settings: GenerateSettings) -> None:
        self._save("generate", settings)

    def fill_book_settings(self, kinds: Iterable[str]) -> FillBookSettings:
        """Fill the Book's choices saved last, for the rows of ``kinds`` (names); the defaults
        for any missing or unreadable (the dialog keeps each within what its kind allows)."""
        default = FillBookSettings()
        rows = {}
        for name in kinds:
            key = f"fill_book/{name}"
            if self._store.contains(f"{key}/chosen"):
                sides = MIN_GENERATED_SIDE, MAX_GENERATED_SIDE
                rows[name] = FillKind(
                    chosen=self._bool(f"{key}/chosen", True),
                    width=self._int(f"{key}/width", 10, *sides),
                    height=self._int(f"{key}/height", 10, *sides),
                    colours=self._int(f"{key}/colours", 1, 1, MAX_INKS),
                )
        return FillBookSettings(
            kinds=rows,
            count=self._int("fill_book/count", default.count, 1, 2**31 - 1),
            easiest=self._int("fill_book/easiest", default.easiest, 1, 5),
            hardest=self._int("fill_book/hardest", default.hardest, 1, 5),
        )

    def set_fill_book_settings(self, settings: FillBookSettings) -> None:
        for name, row in settings.kinds.items():
            self._save(f"fill_book/{name}", row)
        for key in ("count", "easiest", "hardest"):
            self._store.setValue(f"fill_book/{key}", getattr(settings, key))
        self._store.sync()

    def export_settings(self) -> ExportSettings:
        """The export settings saved last; the defaults for any missing or unreadable."""
        default = ExportSettings()
        return ExportSettings(
            suffix=self._str("export/suffix", default.suffix),
            cell=self._float("export/cell", default.cell),
            unit=self._str("export/unit", default.unit),
            dpi=self._float("export/dpi", default.dpi),
        )

    def set_export_settings(self, settings: ExportSettings) -> None:
        self._save("export", settings)

    def open_pdf(self) -> bool:
        """Whether a book exported as PDF is opened when done (the export dialog's choice)."""
        return self._bool("book/open_pdf", False)

    def set_open_pdf(self, on: bool) -> None:
        self._store.setValue("book/open_pdf", on)
        self._store.sync()

    def work_folder(self) -> Path:
        """The folder of the last file chosen in a file dialog, where the next one starts;
        the working directory before the first, or once that folder is gone."""
        folder = Path(self._str("files/work_folder", ""))
        return folder if folder.is_absolute() and folder.is_dir() else Path.cwd()

    def set_work_folder(self, folder: Path) -> None:
        self._store.setValue("files/work_folder", str(folder.resolve()))
        self._store.sync()

    def colours_panel(self) -> bool:
        """Whether the Colours panel is shown (for the puzzles that have colours)."""
        return self._bool("view/colours_panel", True)

    def set_colours_panel(self, on: bool) -> None:
        self._store.setValue("view/colours_panel", on)
        self._store.sync()

    def _save(
        self, group: str, settings: ImportSettings | GenerateSettings | ExportSettings | FillKind
    ) -> None:
        for field in fields(settings):
            self._store.setValue(f"{group}/{field.name}", getattr(settings, field.name))
        self._store.sync()

    # The ini format gives every value back as a string: "true", "160", "6.5".

    def _str(self, key: str, default: str) -> str:
        value = self._store.value(key, default)
        return value if isinstance(value, str) else default

    def _bool(self, key: str, default: bool) -> bool:
        value = self._store.value(key, default)
        if isinstance(value, bool):
            return value
        return {"true": True, "false": False}.get(str(value).lower(), default)

    def _int(self, key: str, default: int, least: int, most: int) -> int:
        value = str(self._store.value(key, default))
        return int(value) if value.isdecimal() and least <= int(value) <= most else default

    def _float(self, key: str, default: float) -> float:
        try:
            value = float(str(self._store.value(key, default)))
        except ValueError:
            return default
        return value if math.isfinite(value) and value > 0 else default
