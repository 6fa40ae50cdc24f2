"""Words for counts in messages and pictures: "1 card", "2 cards".

One helper, so no message says "1 cards" or "1 nodes" again.
"""

from __future__ import annotations


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one (``nouns``: an irregular plural).

    >>> plural(1, "card"), plural(0, "card"), plural(2, "entry", "entries")
    ('1 card', '0 cards', '2 entries')
    """
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"
