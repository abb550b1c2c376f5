"""Nonogram pictures from the clue statistics of published puzzles (van Oers 2024, §5.1.2).

The thesis counted, per puzzle size, how many lines have k runs and how many runs have length n
(its Table 5.1, shipped as ``studio/resources/clue_statistics.json``). A row's clue is drawn
from those counts by *cumulative sampling* (Algorithm 2): turn the counts into running totals,
draw an integer ``i`` uniformly from 1 to the last total, take the first key whose total is
``>= i``. The runs are then placed left to right at random (Figure 5.1); the columns' clues
follow from the picture.

Inferred where the thesis is vague or its pseudocode does not do what its text says:

- Algorithm 2's ``getClueSize`` never stops its loop after a hit, so read literally it returns
  the largest allowed size or retries. Implemented as the text says: "similarly to the length of
  the list, but the total size of the clues can not exceed the size of the row", i.e. a sample
  from the counts of the sizes ``<= maxClueSize``. Drawing from the truncated running totals is
  the same distribution as drawing from all of them and retrying until the size fits.
- A list length longer than the line can hold (more than ``(length + 1) // 2`` runs) is never
  drawn (same truncation); it only arises for lines shorter than the tabulated size.
- The table covers square puzzles of side 5, 10, ..., 40. A row of another length uses the
  statistics of the nearest tabulated size (below 5: size 5; above 40: size 40, whose clues fill
  less of a longer row, so such pictures are sparser than 0.5).
- Figure 5.1 places each run uniformly among the positions that still leave room for the runs
  after it; placements are therefore not uniform over all arrangements of the clue (the thesis
  does it this way).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from studio.core.grid import BoolGrid

#: The statistics file inside the installed package (``studio/resources``).
RESOURCE = ("studio", "resources/clue_statistics.json")

Clue = tuple[int, ...]
Counts = npt.NDArray[np.int64]


@dataclass(frozen=True)
class CumulativeCounts:
    """Keys (ascending) with the running totals of their counts: the thesis's processed
    dictionary, e.g. size 5 list lengths ``{1: 7760, 2: 9855, 3: 10000}``."""

    keys: Counts
    totals: Counts

    @classmethod
    def from_counts(cls, counts: dict[int, int]) -> CumulativeCounts:
        keys = np.array(sorted(counts), dtype=np.int64)
        return cls(keys, np.cumsum([counts[int(key)] for key in keys]).astype(np.int64))

    def sample(self, limit: int, rng: np.random.Generator) -> int:
        """A key ``<= limit`` with probability proportional to its count (Algorithm 2: a uniform
        integer in ``1 .. total``, then the first key whose running total reaches it).

        Raises:
            ValueError: if no key is ``<= limit``.
        """
        allowed = int(np.searchsorted(self.keys, limit, side="right"))
        if allowed == 0:
            raise ValueError(f"no key <= {limit} in the clue statistics")
        index = rng.integers(1, self.totals[allowed - 1], endpoint=True)
        return int(self.keys[np.searchsorted(self.totals, index, side="left")])


@dataclass(frozen=True)
class ClueStatistics:
    """The statistics of one tabulated size: how often lines have k runs, and runs length n.

    Attributes:
        size: the side of the square puzzles counted (a column of thesis Table 5.1).
        list_lengths: running totals over the number of runs per line.
        run_lengths: running totals over the length of each run.
    """

    size: int
    list_lengths: CumulativeCounts
    run_lengths: CumulativeCounts

    def sample_clue(self, length: int, rng: np.random.Generator) -> Clue:
        """A clue for a line of ``length`` cells, drawn as in thesis Algorithm 2.

        The number of runs first, then each run in turn, each at most what leaves one cell
        for every run still to come and one gap between runs; the clue always fits the line.
        """
        runs = self.list_lengths.sample((length + 1) // 2, rng)
        free = length - (runs - 1)  # cells for the runs themselves, gaps set aside
        clue = []
        for i in range(runs):
            run = self.run_lengths.sample(free - (runs - i - 1), rng)
            free -= run
            clue.append(run)
        return tuple(clue)


@cache
def load_statistics() -> dict[int, ClueStatistics]:
    """Thesis Table 5.1 by tabulated size, read once from the package's resources.

    Raises:
        FileNotFoundError: if the package was installed without its resources.
    """
    package, name = RESOURCE
    data: dict[str, Any] = json.loads(resources.files(package).joinpath(name).read_text("utf-8"))

    def counts(table: dict[str, int]) -> CumulativeCounts:
        return CumulativeCounts.from_counts({int(key): int(n) for key, n in table.items()})

    return {
        int(size): ClueStatistics(
            int(size),
            counts(data["clue_list_length"][str(size)]),
            counts(data["clue_size"][str(size)]),
        )
        for size in data["sizes"]
    }


def statistics_for(length: int) -> ClueStatistics:
    """The statistics of the tabulated size nearest to ``length`` (ties cannot occur: the
    sizes are multiples of 5)."""
    table = load_statistics()
    return table[min(table, key=lambda size: abs(size - length))]


def place_runs(clue: Clue, length: int, rng: np.random.Generator) -> npt.NDArray[np.bool_]:
    """A line of ``length`` cells holding ``clue``, runs placed left to right (thesis Fig. 5.1):
    each run starts uniformly at random where the runs after it (and a gap before each) still
    fit.

    Returns:
        bool array of shape ``(length,)``.
    """
    line = np.zeros(length, dtype=bool)
    start = 0
    for j, run in enumerate(clue):
        after = sum(clue[j + 1 :]) + len(clue) - j - 1  # later runs, one gap before each
        first = int(rng.integers(start, length - after - run, endpoint=True))
        line[first : first + run] = True
        start = first + run + 1
    return line


def clue_stats_picture(shape: tuple[int, int], rng: np.random.Generator) -> BoolGrid:
    """A picture whose row clues are drawn from thesis Table 5.1 (§5.1.2): per row, a clue by
    :meth:`ClueStatistics.sample_clue` for the row's length, its runs placed by
    :func:`place_runs`.

    Returns:
        bool grid of shape ``shape`` = ``(height, width)``; every row holds at least one run.
    """
    height, width = shape
    statistics = statistics_for(width)
    return np.array(
        [place_runs(statistics.sample_clue(width, rng), width, rng) for _ in range(height)],
        dtype=bool,
    ).reshape(height, width)
