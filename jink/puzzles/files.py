"""The former place of :mod:`jink.formats.files` (position files), kept so
that code importing ``jink.puzzles.files`` goes on working; new code imports
:mod:`jink.formats.files`."""

from jink.formats.files import (
    JsonlEntry,
    PositionFile,
    dump,
    dumps,
    dumps_jsonl,
    file_from_dict,
    load,
    load_jsonl,
    loads,
    loads_jsonl,
    parse,
    parse_jsonl,
    position_from_dict,
    position_to_dict,
    read,
)

__all__ = ["JsonlEntry", "PositionFile", "dump", "dumps", "dumps_jsonl", "file_from_dict",
           "load", "load_jsonl", "loads", "loads_jsonl", "parse", "parse_jsonl",
           "position_from_dict", "position_to_dict", "read"]
