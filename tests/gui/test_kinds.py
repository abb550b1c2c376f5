"""The Qt side's table of kinds lists exactly the kinds the core registers."""

from __future__ import annotations

from studio.core.kinds import KINDS
from studio.gui.kinds import QT_KINDS


def test_every_registered_kind_has_a_look_and_an_editor_and_no_other() -> None:
    assert list(QT_KINDS) == [kind.name for kind in KINDS]
