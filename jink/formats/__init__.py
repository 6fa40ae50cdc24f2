"""Positions written down and read back: position files (TOML, and JSON lines
holding many), deal strings (a position on one line), the built-in examples,
and the careful reading of any file a user names (``inputs``: size, encoding,
nesting, errors that name the file and line). Everything here turns text into
:class:`~jink.position.Position` objects and back; it knows the games and
positions below it and nothing of the search, so every command and library
call above reads and writes positions the same way (docs/files.md).
"""
