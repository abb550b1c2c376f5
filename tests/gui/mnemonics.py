"""Mnemonics a person presses: the letter after a single ``&`` in a menu item's or a widget's
text. Two alike in one menu or one dialog make Alt+letter cycle between them instead of acting
(Qt's behaviour for an ambiguous mnemonic)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable


def mnemonic(text: str) -> str | None:
    """The letter ``&`` marks in ``text``, lower-cased (``"Save &As…"`` gives ``"a"``);
    ``None`` without one (``&&`` is a literal ampersand)."""
    found = re.search("&(.)", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def clashes(texts: Iterable[str]) -> list[list[str]]:
    """The texts that share a mnemonic, a list for each letter shared."""
    by_letter: defaultdict[str, list[str]] = defaultdict(list)
    for text in texts:
        letter = mnemonic(text)
        if letter is not None:
            by_letter[letter].append(text)
    return [same for same in by_letter.values() if len(same) > 1]
