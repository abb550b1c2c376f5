"""A book's print layout: trim and bleed in millimetres, mirrored margins, and what it refuses."""

from __future__ import annotations

import pytest

from studio.core.book.layout import FOLIO_MM, TRIM_SIZES, BookLayout, is_recto
from studio.core.errors import StudioError

INCH = 25.4


def test_trim_sizes_are_the_published_ones() -> None:
    sizes = {name: (size.width_mm, size.height_mm) for name, size in TRIM_SIZES.items()}
    assert sizes == {
        "A4": pytest.approx((210, 297)),
        "letter": pytest.approx((8.5 * INCH, 11 * INCH)),
        "6x9": pytest.approx((6 * INCH, 9 * INCH)),
        "8.5x11": pytest.approx((8.5 * INCH, 11 * INCH)),
    }
    assert TRIM_SIZES["6x9"].least_cell_mm == 4
    assert {TRIM_SIZES[name].least_cell_mm for name in ("A4", "letter", "8.5x11")} == {5}


def test_a_page_is_the_trim_with_the_bleed_around_it() -> None:
    layout = BookLayout(page_size="6x9", bleed_mm=0.125 * INCH)
    width, height = layout.page_mm
    assert (width, height) == pytest.approx((6.25 * INCH, 9.25 * INCH))
    trim = layout.trim_area()
    assert (trim.left, trim.top) == pytest.approx((3.175, 3.175))
    assert (trim.right, trim.bottom) == pytest.approx((width - 3.175, height - 3.175))


def test_margins_are_mirrored_the_gutter_on_the_binding_side() -> None:
    layout = BookLayout(page_size="A4", margin_mm=12, gutter_mm=5, bleed_mm=3)
    right_hand, left_hand = layout.live_area(1), layout.live_area(2)
    assert is_recto(1)
    assert not is_recto(2)
    # A right-hand page is bound on its left: the gutter is there.
    assert right_hand.left == pytest.approx(3 + 12 + 5)
    assert right_hand.right == pytest.approx(3 + 210 - 12)
    # A left-hand page is bound on its right.
    assert left_hand.left == pytest.approx(3 + 12)
    assert left_hand.right == pytest.approx(3 + 210 - 12 - 5)
    assert right_hand.width == left_hand.width
    assert (right_hand.top, right_hand.bottom) == pytest.approx((3 + 12, 3 + 297 - 12))


def test_the_page_number_is_printed_inside_the_margins_below_the_body() -> None:
    layout = BookLayout(page_size="letter")
    live, body, folio = layout.live_area(3), layout.body_area(3), layout.folio_area(3)
    assert folio.bottom == pytest.approx(live.bottom)
    assert folio.height == FOLIO_MM
    assert body.bottom == pytest.approx(folio.top)
    assert (body.left, body.width) == (live.left, live.width)


def test_the_default_margins_are_those_a_print_on_demand_press_asks_for() -> None:
    """At least 0.375 in outside with bleed, at least 0.5 in inside up to 300 pages."""
    layout = BookLayout(page_size="6x9", bleed_mm=3.175)
    trim, live = layout.trim_area(), layout.live_area(1)
    assert live.top - trim.top >= 0.375 * INCH
    assert trim.right - live.right >= 0.375 * INCH
    assert live.left - trim.left >= 0.5 * INCH


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"page_size": "A5"}, "unknown page size 'A5'"),
        ({"per_page": 3}, "not 3"),
        ({"margin_mm": -1.0}, "negative"),
        ({"bleed_mm": -0.5}, "a bleed of -0.5 mm; it must be 0 to 12.7 mm"),
        ({"bleed_mm": 20.0}, "a bleed of 20 mm"),
        ({"page_size": "6x9", "margin_mm": 45.0}, r"leave 59 × 139 mm of a Trade 6 × 9 in page"),
    ],
)
def test_layout_refuses_what_cannot_be_printed(changes: dict, message: str) -> None:
    with pytest.raises(StudioError, match=message):
        BookLayout(**changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"least_cell_mm": 1.0}, "the least cell of 1 mm; it must be 2 to 8 mm"),
        ({"least_cell_mm": float("nan")}, "the least cell of nan mm"),
        ({"most_cell_mm": 30.0}, "the largest cell of 30 mm; it must be 3 to 20 mm"),
        (
            {"least_cell_mm": 6.0, "most_cell_mm": 5.0},
            r"the largest cell \(5 mm\) is smaller than the least cell \(6 mm\)",
        ),
        ({"page_size": "6x9", "most_cell_mm": 3.5}, r"\(3.5 mm\) is smaller .* \(4 mm\)"),
        ({"thin_rule_pt": 0.1}, "thin rules of 0.1 pt; they must be 0.25 to 4 pt"),
        ({"thick_rule_pt": 5.0}, "thick rules of 5 pt; they must be 0.25 to 4 pt"),
        (
            {"thin_rule_pt": 1.0, "thick_rule_pt": 0.5},
            r"thick rules of 0.5 pt are thinner than the thin rules \(1 pt\)",
        ),
        ({"font_family": "Serif\nBold"}, "a font family is a name of at most 100 characters"),
        ({"font_family": " Serif"}, "without spaces around it"),
        ({"font_family": "x" * 101}, "at most 100 characters"),
        ({"solutions_per_page": 5}, "a page of solutions holds 1, 2, 4, 6, 9, 12, 20 .*not 5"),
    ],
)
def test_the_new_settings_are_refused_out_of_range_in_one_line(changes: dict, message: str) -> None:
    with pytest.raises(StudioError, match=message) as caught:
        BookLayout(**changes)
    assert "\n" not in str(caught.value)


def test_the_least_cell_is_the_trims_unless_asked() -> None:
    assert BookLayout(page_size="6x9").least_cell == 4.0
    assert BookLayout(page_size="A4").least_cell == 5.0
    assert BookLayout(page_size="6x9", least_cell_mm=6.5).least_cell == 6.5
    # The settings' edges are allowed.
    BookLayout(least_cell_mm=2.0, most_cell_mm=20.0, thin_rule_pt=0.25, thick_rule_pt=4.0)


def test_without_bleed_keeps_everything_but_the_bleed() -> None:
    layout = BookLayout(page_size="6x9", bleed_mm=3.175, gutter_mm=5, thin_rule_pt=0.5)
    home = layout.without_bleed()
    assert home.page_mm == pytest.approx((6 * INCH, 9 * INCH))
    assert home.bleed_mm == 0
    assert (home.gutter_mm, home.thin_rule_pt, home.page_size) == (5, 0.5, "6x9")
    # The live area sits as far from the trim's corner as before.
    assert home.live_area(1).left == pytest.approx(layout.live_area(1).left - 3.175)
