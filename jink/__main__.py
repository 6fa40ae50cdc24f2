"""``python -m jink``: the same as the ``jink`` command."""

from jink.cli.app import main

main()
