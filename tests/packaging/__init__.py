"""A plain `pip install .` (a wheel): what it installs and that the installed bot runs."""
