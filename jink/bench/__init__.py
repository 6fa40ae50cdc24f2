"""The benchmark: full-table analysis of random deals, fixed seeds (``python -m jink.bench``)."""
