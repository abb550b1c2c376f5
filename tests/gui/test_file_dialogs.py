"""File dialogs start where the designer last worked (studio.gui.file_dialogs): Qt's dialogs
are answered here as a person would, and the folder each one is opened in is recorded."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from studio.gui.file_dialogs import (
    MAX_STEM_BYTES,
    ask_open,
    ask_open_many,
    ask_save,
    file_stem,
    with_extension,
    work_folder,
)
from studio.gui.settings import Settings


class Person:
    """Answers Qt's static file dialogs with the next of ``answers`` ("" cancels) and records
    the folder or file each was opened on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
        self.answers = answers
        self.opened_on: list[str] = []
        for name in ("getOpenFileName", "getSaveFileName"):
            monkeypatch.setattr(QFileDialog, name, self._one)
        monkeypatch.setattr(QFileDialog, "getOpenFileNames", self._many)

    def _one(
        self, _parent: QWidget, _title: str, start: str, _filter: str, **_options: object
    ) -> tuple[str, str]:
        self.opened_on.append(start)
        return self.answers.pop(0), ""

    def _many(
        self, _parent: QWidget, _title: str, start: str, _filter: str
    ) -> tuple[list[str], str]:
        self.opened_on.append(start)
        answer = self.answers.pop(0)
        return ([answer] if answer else []), ""


def test_each_dialog_starts_in_the_folder_of_the_last_file_chosen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    puzzles, images = tmp_path / "puzzles", tmp_path / "images"
    puzzles.mkdir()
    images.mkdir()
    person = Person(
        monkeypatch,
        [str(puzzles / "heart.json"), "", str(images / "icon.png"), str(puzzles / "a.json")],
    )
    assert ask_open(parent, "Open puzzle", "*") == puzzles / "heart.json"
    assert person.opened_on == [os.getcwd()], "the working directory before any choice"
    cancelled = ask_save(parent, "Save puzzle", Path("Untitled.json"), "*", (".json",))
    assert cancelled is None
    assert person.opened_on[1] == str(puzzles / "Untitled.json")
    assert ask_open(parent, "Import image", "*") == images / "icon.png"
    assert person.opened_on[2] == str(puzzles), "a cancelled dialog changed nothing"
    assert ask_open_many(parent, "Add puzzle files", "*") == [puzzles / "a.json"]
    assert person.opened_on[3] == str(images)
    assert Settings().work_folder() == puzzles, "kept for the next session"


def test_a_file_with_a_path_of_its_own_is_suggested_where_it_is(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    Settings().set_work_folder(tmp_path)
    own = tmp_path / "elsewhere" / "heart.json"
    person = Person(monkeypatch, [""])
    ask_save(parent, "Save puzzle", own, "*", (".json",))
    assert person.opened_on == [str(own)]


def test_a_work_folder_that_is_gone_falls_back_to_the_working_directory(
    tmp_path: Path,
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    Settings().set_work_folder(gone)
    assert work_folder() == gone
    gone.rmdir()
    assert work_folder() == Path.cwd()


@pytest.mark.parametrize(
    ("title", "stem"),
    [
        ("Logic Garden: Volume One", "Logic Garden_ Volume One"),
        ("Mosaic 10×10 #728367604", "Mosaic 10x10 #728367604"),
        ('a<b>c"d/e\\f|g?h*i', "a_b_c_d_e_f_g_h_i"),
        ("tab\there\nnew", "tab_here_new"),
        (" ..hidden. ", "hidden"),
        ("con", "con_"),
        ("LPT1.notes", "LPT1_.notes"),
        ("Conifers", "Conifers"),
        ("...", "Untitled"),
        ("", "Untitled"),
    ],
)
def test_a_title_becomes_a_file_stem_every_system_takes(title: str, stem: str) -> None:
    assert file_stem(title) == stem


def test_a_long_title_is_cut_to_a_name_file_systems_take() -> None:
    assert file_stem("é" * 300) == "é" * (MAX_STEM_BYTES // 2)
    assert file_stem("a" * 199 + "é") == "a" * 199, "never half a character"


def test_names_suggested_from_titles_are_portable(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, open_window
) -> None:
    """Save Book As and Export Book as PDF (through :func:`ask_save`) as well as a puzzle's
    Save As: "Logic Garden: Volume One" has a colon, which Windows refuses."""
    Settings().set_work_folder(tmp_path)
    window = open_window()
    book = window.book.model
    book.replace(replace(book.book, title="Logic Garden: Volume One"), "Print settings")
    person = Person(monkeypatch, ["", "", ""])
    window.book.save_as_action.trigger()
    assert window.book.ask_pdf_path() is None
    window.add_tab(replace(window.model.document, title="Fern / Frond?"))
    window.save_as_action.trigger()
    assert person.opened_on == [
        str(tmp_path / "Logic Garden_ Volume One.book.json"),
        str(tmp_path / "Logic Garden_ Volume One.pdf"),
        str(tmp_path / "Fern _ Frond_.json"),
    ]


@pytest.mark.parametrize(
    ("typed", "extensions", "path"),
    [
        ("heart", (".json",), "heart.json"),
        ("heart.json", (".json",), "heart.json"),
        ("HEART.JSON", (".json",), "HEART.JSON"),
        ("notes.txt", (".json",), "notes.txt.json"),
        ("v", (".book.json",), "v.book.json"),
        ("v.json", (".book.json",), "v.book.json"),
        ("v.book", (".book.json",), "v.book.json"),
        ("v.book.json", (".book.json",), "v.book.json"),
        ("icon", (".png", ".svg", ".pdf"), "icon.png"),
        ("icon.svg", (".png", ".svg", ".pdf"), "icon.svg"),
    ],
)
def test_a_name_typed_gets_its_extension(typed: str, extensions: tuple[str], path: str) -> None:
    assert with_extension(Path("/in") / typed, extensions) == Path("/in") / path


def test_a_file_named_only_by_the_extension_added_is_replaced_only_when_the_user_says(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "heart" typed beside heart.json: Qt's dialog saw no such file and did not ask; saving
    would have overwritten heart.json in silence."""
    (tmp_path / "heart.json").write_text("the designer's other puzzle")
    parent = QWidget()
    qtbot.addWidget(parent)
    asked: list[str] = []
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]

    def question(_parent: QWidget, _title: str, text: str, *_buttons: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    typed = str(tmp_path / "heart")
    person = Person(monkeypatch, [typed, ""])
    assert ask_save(parent, "Save puzzle", Path("Untitled.json"), "*", (".json",)) is None
    assert asked == ["heart.json already exists.\nDo you want to replace it?"]
    assert person.opened_on[1] == str(tmp_path / "heart.json"), "No: the dialog opens again"
    person.answers = [typed]
    chosen = ask_save(parent, "Save puzzle", Path("Untitled.json"), "*", (".json",))
    assert chosen == tmp_path / "heart.json"
    new = str(tmp_path / "new")
    person.answers = [new]
    assert ask_save(parent, "Save", Path("x.json"), "*", (".json",)) == tmp_path / "new.json"
    assert len(asked) == 2, "no file of that name: nothing to ask"


def test_the_file_asked_about_is_the_file_written(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "boat.json" typed in Save Book As: Qt asked about boat.json (there), then the book went
    to boat.book.json (not there, and not asked about)."""
    (tmp_path / "boat.json").write_text("a puzzle")
    parent = QWidget()
    qtbot.addWidget(parent)
    options: list[object] = []

    def dialog(*_args: object, **given: object) -> tuple[str, str]:
        options.append(given.get("options"))
        return str(tmp_path / "boat.json"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    monkeypatch.setattr(QMessageBox, "question", lambda *_: pytest.fail("asked of boat.json"))
    chosen = ask_save(parent, "Save book", Path("b.book.json"), "*", (".book.json",))
    assert chosen == tmp_path / "boat.book.json"
    assert options == [QFileDialog.Option.DontConfirmOverwrite], "Qt's dialog does not ask"
