"""Everything that talks to the SAT solver: clause building, the solver session, analysis."""
