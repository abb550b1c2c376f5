"""Small formulas with a known answer, for the tests of solver calls."""

from __future__ import annotations

from studio.core.sat.cnf import CnfBuilder


def pigeonhole(holes: int) -> CnfBuilder:
    """``holes + 1`` pigeons in ``holes`` holes: unsatisfiable, and exponentially hard for
    resolution, so a solver takes long from about a dozen holes on."""
    cnf = CnfBuilder()
    sits = [[cnf.new_var() for _ in range(holes)] for _ in range(holes + 1)]
    for pigeon in sits:
        cnf.add(pigeon)
    for hole in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                cnf.add((-sits[a][hole], -sits[b][hole]))
    return cnf
