"""Settings kept between sessions (recent files, zoom), in the platform's config folder.

The folder comes from platformdirs (``~/.config/puzzle-studio`` on Linux) unless the
environment variable ``PUZZLE_STUDIO_CONFIG_DIR`` names another, as the tests do.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from PySide6.QtCore import QSettings

MAX_RECENT = 8


def config_dir() -> Path:
    override = os.environ.get("PUZZLE_STUDIO_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("puzzle-studio"))


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
