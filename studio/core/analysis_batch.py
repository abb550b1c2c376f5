"""Many puzzles analysed at once, on several processes or machines, in input order.

A folder or corpus goes through :func:`studio.core.parallel.in_order`, as a batch of generated
puzzles does: in this process, then on a process pool once the batch proves long, or on a Dask
cluster. The inputs are read here (the files need not exist where the work runs) and travel as
puzzles; an input that cannot be read keeps its place in the output as its error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import closing

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.kinds import kind_of
from studio.core.parallel import POOL_AFTER_SECONDS, Ready, in_order, require_dask
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Analysis, analyze

Analysed = tuple[Document, Analysis]
"""An input's document and its analysis."""


def encoded(puzzle: Puzzle, encoding: str) -> Puzzle:
    """``puzzle`` to analyse in the CNF ``encoding``: as it is for ``"fast"`` (ours, after the
    kind's logic solver), else the whole puzzle in that encoding, one of its kind's
    (:attr:`~studio.core.contract.kind.Kind.encodings`).

    Raises:
        StudioError: for an encoding the puzzle's kind does not have.
    """
    return kind_of(puzzle).encoded(puzzle, encoding)


def analysed(
    puzzle: Puzzle,
    encoding: str = "fast",
    timeout: float | None = None,
    cancel: CancelToken | None = None,
) -> Analysis:
    """The analysis ``studio analyze`` prints: of the puzzle :func:`encoded` in ``encoding``
    (the kind's logic solver rates it in any encoding), within ``timeout`` seconds.

    Raises:
        StudioError: as :func:`encoded`.
        Stopped: when ``cancel`` fired (the time limit only cuts the analysis short).
    """
    puzzle = encoded(puzzle, encoding)
    token = CancelToken(timeout)
    unregister = cancel.on_cancel(token.cancel) if cancel is not None else None
    try:
        analysis = analyze(puzzle, cancel=token, logic_first=encoding == "fast")
    finally:
        if unregister is not None:
            unregister()
    if cancel is not None:
        cancel.check()  # a cancelled batch yields no analysis cut short
    return analysis


def analysed_document(
    document: Document,
    encoding: str,
    timeout: float | None,
    cancel: CancelToken | None = None,
) -> Analysed:
    """``document`` and its :func:`analysed` analysis: a batch's work unit, sent to other
    processes by name."""
    return document, analysed(document.puzzle, encoding, timeout, cancel)


def analyze_batch(
    inputs: Sequence[Callable[[], Document]],
    *,
    encoding: str = "fast",
    timeout: float | None = None,
    jobs: int = 1,
    pool_after: float = POOL_AFTER_SECONDS,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Analysed | StudioError]:
    """The :func:`analysed` analysis of each input, in input order, each as soon as it and
    those before it are done; an input that cannot be read (or analysed in ``encoding``) as its
    error, in its place.

    Args:
        inputs: one reader a puzzle, called here in order as the batch goes (a file name bound
            to a format reader, say); a :class:`StudioError` it raises is that input's result.
        encoding: the CNF encoding, as :func:`encoded`.
        timeout: seconds for each puzzle, after which its analysis is cut short.
        jobs: the most processes to analyse on (1: this process only).
        pool_after: seconds the rest of the batch must be expected to take in this process
            before it goes to a pool of ``jobs`` processes (0: a pool after the first input).
        scheduler: the address of a Dask scheduler (``tcp://host:port``): every puzzle is
            analysed on its cluster, and ``jobs`` and ``pool_after`` do not apply.
        cancel: checked between puzzles; cancels the analyses not yet done on a pool.
        progress: ``progress(done, len(inputs))`` after each result yielded.

    Raises:
        StudioError: at once for ``jobs`` < 1.
        DaskMissing: at once, for a ``scheduler`` without Dask installed.
        ClusterError: while iterating, when the scheduler cannot be reached or the cluster
            fails.
        Stopped: when ``cancel`` fires.
    """
    if jobs < 1:
        raise StudioError(f"jobs must be at least 1, got {jobs}")
    if scheduler is not None:
        require_dask()
    token = cancel or CancelToken()
    return _batch(inputs, encoding, timeout, jobs, pool_after, scheduler, token, progress)


def _batch(
    inputs: Sequence[Callable[[], Document]],
    encoding: str,
    timeout: float | None,
    jobs: int,
    pool_after: float,
    scheduler: str | None,
    cancel: CancelToken,
    progress: Callable[[int, int], None] | None,
) -> Iterator[Analysed | StudioError]:
    items = (_item(read, encoding, timeout) for read in inputs)
    batch = in_order(
        analysed_document,
        items,
        wanted=len(inputs),
        jobs=jobs,
        pool_after=pool_after,
        scheduler=scheduler,
        cancel=cancel,
    )
    with closing(batch):
        for done, result in enumerate(batch, start=1):
            if progress is not None:
                progress(done, len(inputs))
            yield result


def _item(
    read: Callable[[], Document], encoding: str, timeout: float | None
) -> tuple[Document, str, float | None] | Ready[Analysed | StudioError]:
    """The arguments of :func:`analysed_document` for one input, or its error."""
    try:
        document = read()
        encoded(document.puzzle, encoding)  # a puzzle of the wrong kind is a bad input too
    except StudioError as error:
        return Ready(error)
    return document, encoding, timeout
