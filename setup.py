"""The studio's C extension, which pyproject.toml cannot declare yet but as an experiment: the
line solver's placement DP (studio/core/kinds/nonogram/_placements.c). Installing the studio
compiles it, with a C compiler and Python's headers (tools/system-deps.sh installs them)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "studio.core.kinds.nonogram._placements",
            ["studio/core/kinds/nonogram/_placements.c"],
        )
    ]
)
