"""The pure core: puzzles, SAT encodings, analysis, formats and image import. Never imports Qt."""
