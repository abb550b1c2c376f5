# The C extension _placements.c: the line solver's placement DP.

def placements(
    runs: tuple[tuple[int, int], ...], length: int, possible: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None: ...
