"""The clue-statistics generator (van Oers 2024, §5.1.2): Table 5.1 as shipped, Algorithm 2's
cumulative sampling, Figure 5.1's run placement."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.grid import run_lengths
from studio.core.kinds.nonogram.clue_stats import (
    CumulativeCounts,
    clue_stats_picture,
    load_statistics,
    place_runs,
    statistics_for,
)
from tests.conftest import shared_path

THESIS = ("references", "van-oers-2024-pattern-as-sat.txt")
SIZES = (5, 10, 15, 20, 25, 30, 35, 40)


def thesis_table() -> dict[str, dict[int, dict[int, int]]]:
    """Table 5.1 read from the thesis text (tab-separated: label, key, one column per size)."""
    lines = shared_path(*THESIS).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Size\t\t5\t10"))
    table: dict[str, dict[int, dict[int, int]]] = {}
    label = ""
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        fields = line.split("\t")
        label = fields[0] or label
        for size, value in zip(SIZES, fields[2:], strict=False):
            if value:
                table.setdefault(label, {}).setdefault(size, {})[int(fields[1])] = int(value)
    return table


def counts(cumulative: CumulativeCounts) -> dict[int, int]:
    return dict(
        zip(cumulative.keys.tolist(), np.diff(cumulative.totals, prepend=0).tolist(), strict=True)
    )


def test_shipped_statistics_are_thesis_table_5_1() -> None:
    table = thesis_table()
    shipped = load_statistics()
    assert sorted(shipped) == list(SIZES)
    for size in SIZES:
        assert counts(shipped[size].list_lengths) == table["Clue list length"][size]
        assert counts(shipped[size].run_lengths) == table["Clue size"][size]


def test_running_totals_are_the_thesis_processed_dictionary() -> None:
    """The dictionary printed in §5.1.2 for size 5."""
    size5 = load_statistics()[5]
    assert dict(zip(size5.list_lengths.keys, size5.list_lengths.totals, strict=True)) == {
        1: 7760,
        2: 9855,
        3: 10000,
    }
    assert dict(zip(size5.run_lengths.keys, size5.run_lengths.totals, strict=True)) == {
        1: 4544,
        2: 8531,
        3: 11429,
        4: 12385,
    }


def test_cumulative_sampling_takes_the_first_key_whose_total_reaches_the_draw() -> None:
    """Algorithm 2 with a stub generator: draws 1..3 give key 1, 4 gives 2, 5..10 give 5."""

    class Draw:
        def __init__(self, value: int) -> None:
            self.value = value

        def integers(self, low: int, high: int, endpoint: bool) -> int:
            assert (low, high, endpoint) == (1, 10, True)
            return self.value

    cumulative = CumulativeCounts.from_counts({1: 3, 2: 1, 5: 6})
    picks = [cumulative.sample(99, Draw(i)) for i in range(1, 11)]  # type: ignore[arg-type]
    assert picks == [1, 1, 1, 2, 5, 5, 5, 5, 5, 5]


@pytest.mark.parametrize("size", SIZES)
def test_sampled_list_lengths_follow_the_table(size: int) -> None:
    """Never truncated on a line of the tabulated length: the table's frequencies."""
    table = load_statistics()[size]
    rng = np.random.default_rng(51)
    clues = [table.sample_clue(size, rng) for _ in range(20_000)]
    expected = counts(table.list_lengths)
    total = sum(expected.values())
    for runs, count in expected.items():
        observed = sum(1 for clue in clues if len(clue) == runs) / len(clues)
        assert observed == pytest.approx(count / total, abs=0.012), runs


@pytest.mark.parametrize("size", SIZES)
def test_sampled_run_lengths_follow_the_table(size: int) -> None:
    runs = load_statistics()[size].run_lengths
    rng = np.random.default_rng(52)
    picks = [runs.sample(size, rng) for _ in range(20_000)]
    expected = counts(runs)
    total = sum(expected.values())
    for run, count in expected.items():
        assert picks.count(run) / len(picks) == pytest.approx(count / total, abs=0.012), run


@pytest.mark.parametrize("size", [5, 10])
def test_one_run_clues_have_the_tables_run_lengths(size: int) -> None:
    """A clue of one run is not truncated either (the table's runs are shorter than the line)."""
    table = load_statistics()[size]
    rng = np.random.default_rng(53)
    singles = [
        clue[0] for clue in (table.sample_clue(size, rng) for _ in range(10_000)) if len(clue) == 1
    ]
    expected = counts(table.run_lengths)
    total = sum(expected.values())
    for run, count in expected.items():
        assert singles.count(run) / len(singles) == pytest.approx(count / total, abs=0.02), run


def test_sampling_below_a_limit_keeps_the_proportions_of_the_allowed_keys() -> None:
    runs = load_statistics()[5].run_lengths
    rng = np.random.default_rng(7)
    picks = [runs.sample(2, rng) for _ in range(10_000)]
    assert set(picks) == {1, 2}
    assert picks.count(1) / len(picks) == pytest.approx(4544 / 8531, abs=0.015)


def test_sampling_below_every_key_is_an_error() -> None:
    with pytest.raises(ValueError, match="no key <= 0"):
        load_statistics()[5].run_lengths.sample(0, np.random.default_rng(0))


@pytest.mark.parametrize(
    ("length", "size"), [(2, 5), (7, 5), (8, 10), (22, 20), (23, 25), (40, 40), (100, 40)]
)
def test_other_lengths_use_the_nearest_tabulated_size(length: int, size: int) -> None:
    assert statistics_for(length).size == size


@settings(max_examples=60, deadline=None)
@given(length=st.integers(2, 100), seed=st.integers(0, 2**32 - 1))
def test_a_sampled_clue_fits_its_line_and_its_placement_has_exactly_its_runs(
    length: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    clue = statistics_for(length).sample_clue(length, rng)
    assert clue
    assert all(run >= 1 for run in clue)
    assert sum(clue) + len(clue) - 1 <= length
    line = place_runs(clue, length, rng)
    assert line.shape == (length,)
    assert run_lengths(line) == clue


def test_placement_reaches_every_start_the_first_run_can_take() -> None:
    """Clue 2 1 in 7 cells: the first run may start at 0..3 (Figure 5.1)."""
    rng = np.random.default_rng(3)
    starts = {int(np.argmax(place_runs((2, 1), 7, rng))) for _ in range(400)}
    assert starts == {0, 1, 2, 3}


def test_clue_stats_picture_is_reproducible_and_has_no_empty_row() -> None:
    first = clue_stats_picture((12, 17), np.random.default_rng(5))
    again = clue_stats_picture((12, 17), np.random.default_rng(5))
    other = clue_stats_picture((12, 17), np.random.default_rng(6))
    assert first.shape == (12, 17)
    assert first.dtype == bool
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)
    assert first.any(axis=1).all()


def test_clue_stats_pictures_have_about_the_tables_density() -> None:
    """The table's average density is 0.5; 40 pictures of 20×20 land near it."""
    rng = np.random.default_rng(11)
    density = np.mean([clue_stats_picture((20, 20), rng).mean() for _ in range(40)])
    assert 0.4 < density < 0.6
