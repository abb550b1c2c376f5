"""The desktop integration files in packaging/ and the icons in studio/resources/icons agree with
each other and with the studio: the desktop entry, the AppStream metadata, the icon sizes.

The freedesktop validators (desktop-file-validate from desktop-file-utils, appstreamcli from
appstream) run when installed; their tests are skipped otherwise.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import studio

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
ICONS = REPO / "studio" / "resources" / "icons"
NAME = "puzzle-studio"
DESKTOP = PACKAGING / f"{NAME}.desktop"
METAINFO = next(PACKAGING.glob("*.metainfo.xml"))
# The icon theme specification: an application installs at least a 48x48 icon in hicolor.
REQUIRED_SIZES = {16, 32, 48, 64, 128, 256}


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def icon_sizes() -> dict[int, Path]:
    """The PNGs ``puzzle-studio-N.png`` by N."""
    found = {}
    for png in ICONS.glob(f"{NAME}-*.png"):
        match = re.fullmatch(rf"{NAME}-(\d+)\.png", png.name)
        assert match, f"{png.name}: not named {NAME}-N.png"
        found[int(match[1])] = png
    return found


def test_icon_pngs_are_square_at_their_size_with_a_transparent_margin() -> None:
    sizes = icon_sizes()
    assert set(sizes) == REQUIRED_SIZES
    for size, png in sizes.items():
        with Image.open(png) as image:
            assert image.mode == "RGBA", png.name
            alpha = np.asarray(image)[..., 3]
        assert alpha.shape == (size, size), png.name
        assert alpha[0, 0] < 128, f"{png.name}: the corner is not transparent"
        assert alpha[size // 2, size // 2] == 255, f"{png.name}: the centre is not opaque"
    assert (ICONS / f"{NAME}.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_desktop_entry_runs_the_window_with_the_icon() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split() == [NAME, "gui", "%f"]
    assert entry["TryExec"] == NAME
    assert entry["Icon"] == NAME
    assert entry["Terminal"] == "false"
    assert entry["Name"] == studio.APP_NAME


def test_metainfo_names_the_desktop_entry_binary_and_this_version() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == METAINFO.name.removesuffix(".metainfo.xml")
    assert root.findtext("name") == desktop_entry()["Name"]
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP.name
    assert root.findtext("provides/binary") == NAME
    newest = root.find("releases/release")
    assert newest is not None
    assert newest.get("version") == studio.__version__, "add a <release> for the new version"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_desktop_file_validate_accepts_the_entry() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == ""  # no warnings or hints either


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream (appstreamcli)")
def test_appstreamcli_validates_the_metainfo() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Warnings and errors fail; infos pass (AppStream before 1.0 does not know <developer>).
    assert not re.search(r"^\s*[WE]: ", done.stdout, re.MULTILINE), done.stdout
