"""Research runs: many deals solved, every result kept in SQLite as it completes.

:mod:`jink.batch.work` says what one run is (:class:`Run`: the deals, dealt
by index or read from a file, and the question) and how one chunk of deals
is solved; :mod:`jink.batch.store` is the SQLite database the results go
into, one row per deal, committed as each chunk comes back, so a run killed
at any moment resumes where it stopped; :mod:`jink.batch.local` runs the
chunks in this process or over local processes, :mod:`jink.batch.cluster`
on a Dask distributed cluster; :mod:`jink.batch.stats` summarises a
database. This package sits above :mod:`jink.analysis` and
:mod:`jink.dealing`, below :mod:`jink.cli`.
"""

from jink.batch.local import run_local
from jink.batch.stats import Table, summarise
from jink.batch.store import Store, StoreError
from jink.batch.work import Row, Run, engine_name, solve_chunk

__all__ = [
           "Row",
           "Run",
           "Store",
           "StoreError",
           "Table",
           "engine_name",
           "run_local",
           "solve_chunk",
           "summarise",
]
