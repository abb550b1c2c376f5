"""Mosaic logic solver: one-clue deductions, then clue pairs, iterated to a fixpoint.

Two rules, the ones a person uses (docs/algorithms.md, "Mosaic"):

- **One clue** (Simon Tatham's ``mosaic.c`` solver, ``solve_cell``): a clue whose filled
  neighbours already reach its count makes its unknown neighbours empty; a clue that needs all
  its unknown neighbours makes them filled.
- **Clue pairs** (subset reasoning): take two clues A and B whose neighbourhoods overlap, each
  still needing ``r`` filled cells among its ``u`` unknown neighbours, and ``I`` the unknown
  cells they share. The overlap holds ``x`` of the filled cells, with
  ``max(0, r_A - |A \\ I|, r_B - |B \\ I|) <= x <= min(|I|, r_A, r_B)``; when the bounds force
  a part (``A \\ I``, ``B \\ I`` or ``I``) to be all filled or all empty, it is decided, and
  when they cross there is no solution. With A's unknown cells inside B's this is the classic
  subset rule.

The solver applies the one-clue rule to every clue at once, round after round; only when it
stalls does it look at the pairs (the 12 offsets within two cells), then goes back to single
clues. A clue that can no longer be met (more filled neighbours than its count, or too few
left) is a contradiction naming its cell; a pair whose bounds cross names both.

Speed matters: the generator runs this solver for most clues it tries to remove
(:mod:`.minimal`; :class:`Trace` tells which it can skip). Cells are the bits of Python
ints (:class:`BitBoard`), and neighbourhood counts are 4-bit numbers held in four such ints,
summed with bitwise adders: a one-clue round over a 30×30 grid is about 150 big-integer
operations (some 10 µs; a numpy round takes ten times as long). The pair rule works on numpy
grids, all clues of one offset at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from studio.core.cancel import CancelToken
from studio.core.grid import EMPTY, FILLED, UNKNOWN, PartialGrid, cell_name
from studio.core.puzzle import Cell, Deduction, Violation

T = TypeVar("T", bound=np.generic)

ClueGrid = npt.NDArray[np.int8]
"""``int8`` grid ``(height, width)``: a clue 0–9 per cell, ``NO_CLUE`` (-1) where none."""
NO_CLUE = -1

_Counts = npt.NDArray[np.int16]
_Mask = npt.NDArray[np.bool_]
_Planes = tuple[int, ...]
"""A number per cell in bit-planes: bit ``i`` of every cell's number in the ``i``-th int."""

_NEAR = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
#: Offsets from a clue to the clues whose neighbourhoods overlap its own, one of each pair.
PAIR_OFFSETS = tuple((dr, dc) for dr in range(3) for dc in range(-2, 3) if (dr, dc) > (0, 0))
#: How far a pair's cells lie from its first clue: its partner is two cells away at most,
#: and the partner's neighbourhood one more.
_REACH = 3


def neighbourhood(cell: Cell, shape: tuple[int, int]) -> tuple[Cell, ...]:
    """The cells of ``cell``'s 3×3 neighbourhood inside a grid of ``shape``, the cell included,
    row-major."""
    height, width = shape
    r, c = cell
    return tuple(
        (r + dr, c + dc) for dr, dc in _NEAR if 0 <= r + dr < height and 0 <= c + dc < width
    )


@dataclass(frozen=True)
class MosaicDeduction(Deduction):
    """A :class:`Deduction` that also says how much of it needed clue pairs.

    Attributes:
        pair_steps: pair deductions made (0 when single clues solved it all); ``steps`` counts
            both kinds.
    """

    pair_steps: int = 0


@dataclass(frozen=True)
class Step:
    """One deduction: the clue cells it comes from and the cells it decides.

    Attributes:
        clues: one clue cell (a one-clue step) or two (a pair step).
        cells: ``(row, col, filled)`` of each cell decided.
    """

    clues: tuple[Cell, ...]
    cells: tuple[tuple[int, int, bool], ...]


def _add(a: _Planes, b: _Planes) -> _Planes:
    """Per-cell sum of two numbers of as many bit-planes (ripple carry; the caller makes sure
    it does not overflow)."""
    carry = 0
    out = []
    for x, y in zip(a, b, strict=True):
        out.append(x ^ y ^ carry)
        carry = (x & y) | (carry & (x ^ y))
    return tuple(out)


@dataclass(frozen=True)
class _Round:
    """The one-clue rule on one state: which clues are broken, empty or fill their unknown
    neighbours, and the neighbourhood counts it took (4 bit-planes each)."""

    broken: int
    empties: int
    fills: int
    filled_counts: _Planes
    unknown_counts: _Planes


class BitBoard:
    """A grid of ``shape`` as the bits of Python ints, and the one-clue rule on it.

    Cell ``(r, c)`` is bit ``r * stride + c`` with ``stride = width + 3``: the zero guard
    columns between rows keep a shift by up to three columns (a pair's farthest cell) from
    wrapping into the next row, and a shift by ``stride`` moves a row up or down.

    Args:
        clues: the clue grid the rule applies.
    """

    def __init__(self, clues: ClueGrid) -> None:
        self.shape: tuple[int, int] = clues.shape
        self.clues = clues
        self.stride = self.shape[1] + _REACH
        self.cells = self.pack(np.ones(self.shape, dtype=bool))
        has = clues >= 0
        self.clued = self.pack(has)
        values = np.where(has, clues, 0)
        self.clue_planes: _Planes = tuple(self.pack(values >> bit & 1 == 1) for bit in range(4))

    def pack(self, mask: _Mask) -> int:
        """The bits of a bool grid of :attr:`shape`."""
        height, width = self.shape
        rows = np.zeros((height, self.stride), dtype=bool)
        rows[:, :width] = mask
        return int.from_bytes(np.packbits(rows.ravel(), bitorder="little").tobytes(), "little")

    def unpack(self, bits: int) -> _Mask:
        """The bool grid of :attr:`shape` of ``bits``."""
        height, width = self.shape
        size = height * self.stride
        raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
        grid: _Mask = np.unpackbits(raw, count=size, bitorder="little").astype(bool)
        return grid.reshape(height, self.stride)[:, :width]

    def numbers(self, planes: _Planes) -> _Counts:
        """The ``int16`` grid of the numbers in ``planes``."""
        numbers: _Counts = sum(
            (self.unpack(plane).astype(np.int16) << bit for bit, plane in enumerate(planes)),
            np.zeros(self.shape, dtype=np.int16),
        )
        return numbers

    def cell(self, bits: int) -> Cell:
        """The first cell (row-major) of a non-empty set of ``bits``."""
        return divmod((bits & -bits).bit_length() - 1, self.stride)

    def moved(self, bits: int, dr: int, dc: int) -> int:
        """``bits`` moved by ``dr`` rows and ``dc`` columns (``|dc| <= 3``), clipped to the
        grid."""
        offset = dr * self.stride + dc
        return (bits << offset if offset >= 0 else bits >> -offset) & self.cells

    def count(self, bits: int) -> _Planes:
        """How many cells of ``bits`` each cell's 3×3 neighbourhood holds, as 4 bit-planes."""
        left, right = bits << 1, bits >> 1
        # Three cells of a row: a full adder gives a 2-bit count.
        low = left ^ bits ^ right
        high = (left & bits) | (right & (left ^ bits))
        stride = self.stride
        total = _add(
            _add((low << stride, high << stride, 0, 0), (low >> stride, high >> stride, 0, 0)),
            (low, high, 0, 0),
        )
        return tuple(plane & self.cells for plane in total)

    def spread(self, bits: int) -> int:
        """Every cell whose neighbourhood holds a cell of ``bits``."""
        row = bits | bits << 1 | bits >> 1
        return (row | row << self.stride | row >> self.stride) & self.cells

    def _equal(self, a: _Planes, b: _Planes) -> int:
        differ = 0
        for x, y in zip(a, b, strict=True):
            differ |= x ^ y
        return self.cells & ~differ

    def _less(self, a: _Planes, b: _Planes) -> int:
        """Cells where ``a < b`` (compared from the top bit down)."""
        less, equal = 0, self.cells
        for x, y in zip(reversed(a), reversed(b), strict=True):
            less |= equal & ~x & y
            equal &= ~(x ^ y)
        return less

    def rule(self, filled: int, unknown: int) -> _Round:
        """The one-clue rule on the cells known ``filled`` and still ``unknown``: clues broken
        (more filled neighbours than the clue, or too few left to reach it), clues that empty
        their unknown neighbours, clues that fill them."""
        has_filled, has_unknown = self.count(filled), self.count(unknown)
        reachable = _add(has_filled, has_unknown)
        broken = self.clued & (
            self._less(self.clue_planes, has_filled) | self._less(reachable, self.clue_planes)
        )
        some_unknown = has_unknown[0] | has_unknown[1] | has_unknown[2] | has_unknown[3]
        active = self.clued & ~broken & some_unknown
        return _Round(
            broken,
            active & self._equal(has_filled, self.clue_planes),
            active & self._equal(reachable, self.clue_planes),
            has_filled,
            has_unknown,
        )


def _parts(offset: Cell) -> tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]:
    """A's cells outside B, B's cells outside A and the cells they share, as offsets from A."""
    dr, dc = offset
    own = set(_NEAR)
    other = {(r + dr, c + dc) for r, c in _NEAR}
    return tuple(sorted(own - other)), tuple(sorted(other - own)), tuple(sorted(own & other))


_PARTS = {offset: _parts(offset) for offset in PAIR_OFFSETS}


@dataclass(frozen=True)
class _PairFinding:
    """The pair rule at one offset ``d``, for every clue A (at ``p``) and B (at ``p + d``).

    Attributes:
        offset: ``d``.
        crossed: the A positions of pairs that cannot both be met.
        decisions: ``(A positions, part as offsets from A, filled)`` for each part decided.
    """

    offset: Cell
    crossed: _Mask
    decisions: tuple[tuple[_Mask, tuple[Cell, ...], bool], ...]


def _pairs(board: BitBoard, state: _Round, unknown: int) -> Iterator[_PairFinding]:
    """The pair rule at each offset where it decides something or finds a contradiction.

    Only called at a fixpoint of the one-clue rule (``state`` found nothing), where every clue
    with unknown neighbours still needs some of them but not all (``0 < r < u``). There the
    bounds decide something in two cases only: ``r_A - r_B == |A \\ I|`` (A needs all its
    unknown cells outside B: they are filled, and B's outside A empty) and the same with A and
    B swapped; a larger difference is a contradiction.
    """
    height, width = board.shape

    def padded(values: npt.NDArray[T]) -> npt.NDArray[T]:
        out = np.zeros((height + 2 * _REACH, width + 2 * _REACH), dtype=values.dtype)
        out[_REACH : _REACH + height, _REACH : _REACH + width] = values
        return out

    def at(values: npt.NDArray[T], dr: int, dc: int) -> npt.NDArray[T]:
        return values[_REACH + dr : _REACH + dr + height, _REACH + dc : _REACH + dc + width]

    has = padded(board.clues >= 0)
    open_cells = padded(board.unpack(unknown).astype(np.int16))
    unknown_counts = padded(board.numbers(state.unknown_counts))
    remaining = padded(board.clues.astype(np.int16) - board.numbers(state.filled_counts))
    has_a, needs_a, unknown_a = at(has, 0, 0), at(remaining, 0, 0), at(unknown_counts, 0, 0)
    for offset in PAIR_OFFSETS:
        valid = has_a & at(has, *offset)
        if not valid.any():
            continue
        only_a, only_b, shared = _PARTS[offset]
        in_shared = sum(at(open_cells, *q) for q in shared)
        outside_a = unknown_a - in_shared
        outside_b = at(unknown_counts, *offset) - in_shared
        excess = needs_a - at(remaining, *offset)
        crossed = valid & ((excess > outside_a) | (-excess > outside_b))
        deciding = valid & ((outside_a > 0) | (outside_b > 0))
        a_heavy = deciding & (excess == outside_a)
        b_heavy = deciding & (-excess == outside_b)
        decisions = tuple(
            decision
            for decision in (
                (a_heavy, only_a, True),
                (a_heavy, only_b, False),
                (b_heavy, only_b, True),
                (b_heavy, only_a, False),
            )
            if decision[0].any()
        )
        if decisions or crossed.any():
            yield _PairFinding(offset, crossed, decisions)


def clue_violation(clues: ClueGrid, cell: Cell) -> Violation:
    """The contradiction of a clue that cannot be met, with its neighbourhood."""
    return Violation(
        f"{cell_name(cell)}: clue {int(clues[cell])} cannot be met",
        neighbourhood(cell, clues.shape),
    )


def _pair_violation(clues: ClueGrid, finding: _PairFinding) -> Violation:
    r, c = np.argwhere(finding.crossed)[0]
    a = (int(r), int(c))
    b = (a[0] + finding.offset[0], a[1] + finding.offset[1])
    shape: tuple[int, int] = clues.shape
    return Violation(
        f"{cell_name(a)}: clue {int(clues[a])} cannot be met together with clue "
        f"{int(clues[b])} at {cell_name(b)}",
        tuple(sorted({*neighbourhood(a, shape), *neighbourhood(b, shape)})),
    )


class Trace:
    """The rounds of one :func:`traced_solve`: which clues decided cells in each, so as to
    tell the clues it could not do without.

    A clue that in every round it fired in had, for each open cell it decided, another clue
    deciding that cell too, can go: without it every round decides the same cells, so the
    solve ends the same (same cells, rounds and pair deductions). Clues in pair deductions
    always count as needed.
    """

    def __init__(self, board: BitBoard) -> None:
        self._board = board
        #: Per one-clue round: the clues that fired and the cells still open.
        self.rounds: list[tuple[int, int]] = []
        self.pair_clues = 0

    def _bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self._board.stride + cell[1])

    def needs(self, cell: Cell) -> bool:
        """True unless the solve makes the same rounds without the clue at ``cell``."""
        bit = self._bit(cell)
        if self.pair_clues & bit:
            return True
        board = self._board
        around = board.spread(bit)
        for fired, unknown in self.rounds:
            if fired & bit and around & unknown & ~board.spread(fired & ~bit):
                return True
        return False

    def drop(self, cell: Cell) -> None:
        """Forget the clue at ``cell`` (one :meth:`needs` said can go): later answers of
        :meth:`needs` are about the clues left."""
        keep = ~self._bit(cell)
        self.rounds = [(fired & keep, unknown) for fired, unknown in self.rounds]


def solve(
    clues: ClueGrid,
    start: PartialGrid,
    *,
    pairs: bool = True,
    cancel: CancelToken | None = None,
) -> MosaicDeduction:
    """Deduce from ``start`` to a fixpoint of the one-clue rule and, with ``pairs``, the pair
    rule: :func:`traced_solve` without the trace."""
    return traced_solve(clues, start, pairs=pairs, cancel=cancel)[0]


def traced_solve(
    clues: ClueGrid,
    start: PartialGrid,
    *,
    pairs: bool = True,
    cancel: CancelToken | None = None,
) -> tuple[MosaicDeduction, Trace]:
    """Deduce from ``start`` to a fixpoint of the one-clue rule and, with ``pairs``, the pair
    rule.

    Args:
        clues: ``int8`` clue grid ``(height, width)``, ``NO_CLUE`` where none; every clue 0–9.
        start: ``int8`` partial grid of the same shape: the cells known to begin with.
        pairs: also use clue pairs (False: Tatham's one-clue solver alone).
        cancel: checked every round.

    Returns:
        The cells decided (``steps`` counts clue deductions: a clue, or a pair, deciding cells
        in a round; ``pair_steps`` those of pairs; ``passes`` the rounds), and the
        :class:`Trace` of the rounds.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    token = cancel or CancelToken()
    board = BitBoard(clues)
    filled, empty = board.pack(start == FILLED), board.pack(start == EMPTY)
    steps = pair_steps = passes = 0
    trace = Trace(board)

    def result(contradiction: Violation | None = None) -> tuple[MosaicDeduction, Trace]:
        grid = np.full(board.shape, UNKNOWN, dtype=np.int8)
        grid[board.unpack(filled)] = FILLED
        grid[board.unpack(empty)] = EMPTY
        return MosaicDeduction(grid, contradiction, steps, passes, 0, pair_steps), trace

    while True:
        token.check()
        passes += 1
        unknown = board.cells & ~(filled | empty)
        state = board.rule(filled, unknown)
        if state.broken:
            return result(clue_violation(clues, board.cell(state.broken)))
        to_fill, to_empty = board.spread(state.fills), board.spread(state.empties)
        trace.rounds.append((state.fills | state.empties, unknown))
        decided = (state.fills | state.empties).bit_count()
        if not decided:
            if not pairs or not unknown:
                return result()
            for finding in _pairs(board, state, unknown):
                if finding.crossed.any():
                    return result(_pair_violation(clues, finding))
                deciding = 0
                for mask, part, value in finding.decisions:
                    bits = board.pack(mask)
                    deciding |= bits
                    for dr, dc in part:
                        if value:
                            to_fill |= board.moved(bits, dr, dc)
                        else:
                            to_empty |= board.moved(bits, dr, dc)
                decided += deciding.bit_count()
                trace.pair_clues |= deciding | board.moved(deciding, *finding.offset)
            if not decided:
                return result()
            pair_steps += decided
        steps += decided
        # A cell both ways means there is no solution: fill it, and the next round names the
        # clue that breaks.
        to_fill &= unknown
        filled |= to_fill
        empty |= to_empty & unknown & ~to_fill


def next_step(clues: ClueGrid, known: PartialGrid) -> Step | None:
    """The most fruitful single deduction from ``known``: the clue that decides the most cells
    (the first such in row-major order), else the pair that does; ``None`` if nothing follows
    or a clue can no longer be met. This is the studio's hint."""
    board = BitBoard(clues)
    open_cells = known == UNKNOWN
    unknown = board.pack(open_cells)
    state = board.rule(board.pack(known == FILLED), unknown)
    if state.broken:
        return None
    if state.empties | state.fills:
        gain = np.where(
            board.unpack(state.empties | state.fills), board.numbers(state.unknown_counts), -1
        )
        r, c = np.argwhere(gain == gain.max())[0]
        cell = (int(r), int(c))
        filled = bool(board.unpack(state.fills)[cell])
        return Step(
            (cell,),
            tuple((r, c, filled) for r, c in neighbourhood(cell, board.shape) if open_cells[r, c]),
        )
    best: Step | None = None
    for finding in _pairs(board, state, unknown):
        if finding.crossed.any():
            return None
        for step in _pair_steps(open_cells, finding):
            if best is None or len(step.cells) > len(best.cells):
                best = step
    return best


def _pair_steps(open_cells: _Mask, finding: _PairFinding) -> Iterator[Step]:
    """Each pair of ``finding`` that decides cells, with the cells it decides."""
    height, width = open_cells.shape
    decided: dict[Cell, dict[Cell, bool]] = {}
    for mask, part, value in finding.decisions:
        for r, c in np.argwhere(mask).tolist():
            cells = decided.setdefault((r, c), {})
            for dr, dc in part:
                if 0 <= r + dr < height and 0 <= c + dc < width and open_cells[r + dr, c + dc]:
                    cells[(r + dr, c + dc)] = value
    dr, dc = finding.offset
    for (r, c), cells in sorted(decided.items()):
        yield Step(
            ((r, c), (r + dr, c + dc)),
            tuple((cr, cc, value) for (cr, cc), value in sorted(cells.items())),
        )
