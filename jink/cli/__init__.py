"""The ``jink`` command line (Typer, Rich): each command in its own module
parses its options, calls the library below and renders the result, for
people (Rich) or machines (``--json``). It holds no game logic and nothing
below imports it; ``app.py`` registers the commands, ``common.py`` holds
what they share (the position and limit options, errors, output).
"""
