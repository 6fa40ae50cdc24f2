"""The SQLite database of a research run: a ``run`` table and a ``results`` table.

``run`` holds the run's arguments (:meth:`Run.arguments`) as JSON, one
key a row; ``results`` holds one row per deal solved, keyed by the deal's
index: ``deal``, ``position`` and ``verdicts`` (JSON text), ``nodes``,
``seconds`` and ``engine``. Rows are written with ``INSERT OR IGNORE`` in
one transaction per chunk, so a deal is never stored twice and a chunk
committed is never lost, whatever kills the run (the journal is SQLite's
write-ahead log). The file is marked as jink's with SQLite's
``application_id``; a database made by anything else is refused, as is a
rerun whose arguments differ from those stored.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jink.batch.work import Row
from jink.errors import JinkError

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "Store", "StoreError"]

#: SQLite's application_id for a jink batch database: "jInk" in ASCII.
APPLICATION_ID = 0x6A496E6B
SCHEMA_VERSION = 1
#: SQLite's result code for a file that is not a database.
_NOT_A_DATABASE = 26

_SCHEMA = """
CREATE TABLE run (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE results (
    deal INTEGER PRIMARY KEY,
    position TEXT NOT NULL,
    verdicts TEXT NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    engine TEXT NOT NULL
);
"""


class StoreError(JinkError, ValueError):
    """A database that is not a jink batch database, or holds another run."""


def _describe(key: str, value: Any) -> str:
    if key == "constraints" and isinstance(value, dict):
        return "the constraints " + json.dumps(value, separators=(",", ":"))
    shown = "every seat" if key == "seats" and value is None else \
        "none" if value is None else json.dumps(value)
    return f"{key} {shown}"


class Store:
    """One run's database, open for reading (``jink stats``) or writing."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.db = connection

    # -- opening -------------------------------------------------------------------

    @classmethod
    def _connect(cls, path: Path, *, read_only: bool = False) -> sqlite3.Connection:
        """A connection to ``path``, which must be a regular file or not yet be
        (a device such as /dev/null would take SQLite's journal beside it).
        ``read_only``: opened for reading alone, so a database in a folder or
        file the user cannot write is still read."""
        try:
            mode = path.stat().st_mode
        except OSError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise StoreError(f"{path}: not a regular file (give a database file)")
        try:
            if read_only:
                db = cls._read_only(path)
            else:
                db = sqlite3.connect(path, isolation_level=None, timeout=30)
            db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the database: {error}") from None
        return db

    @staticmethod
    def _read_only(path: Path) -> sqlite3.Connection:
        """``path`` opened read-only, leaving nothing beside it. A database at
        rest (no write-ahead log beside it) is read as immutable: SQLite would
        otherwise make the log's files to read it, and, read-only, could not
        remove them; in a folder the user cannot write it could not make them
        at all. A database being written (its log there) is read through the log."""
        uri = "file:" + quote(str(path.absolute())) + "?mode=ro"
        if not Path(f"{path}-wal").exists():
            uri += "&immutable=1"
        return sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)

    @classmethod
    def _check(cls, path: Path, db: sqlite3.Connection, doing: str = "read") -> bool:
        """Whether ``path`` already holds jink's tables (False: a new, empty file).
        ``doing``: what the database was opened to do, for an error."""
        try:
            app = db.execute("PRAGMA application_id").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError as error:
            db.close()
            if getattr(error, "sqlite_errorcode", None) != _NOT_A_DATABASE:
                raise StoreError(f"{path}: cannot {doing} the database: {error}") from None
            raise StoreError(f"{path} is not an SQLite database: give a new file to --db, "
                             "or a database made by jink batch") from None
        if app == 0 and tables == 0:
            return False
        if app != APPLICATION_ID:
            db.close()
            raise StoreError(f"{path} is a database made by something else, not jink "
                             "batch: give a new file to --db")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master "
                                                 "WHERE type = 'table'")}
        missing = sorted({"run", "results"} - tables)
        if missing and version == SCHEMA_VERSION:
            db.close()
            raise StoreError(f"{path}: its {' and '.join(missing)} table is missing: not a "
                             "database as jink batch wrote it")
        if version != SCHEMA_VERSION:
            db.close()
            raise StoreError(f"{path} is a jink batch database of format {version}; this "
                             f"jink reads format {SCHEMA_VERSION}")
        return True

    @classmethod
    def open(cls, path: Path) -> Store:
        """An existing database, to read."""
        if not path.exists():
            raise StoreError(f"cannot read {path}: no such file")
        db = cls._connect(path, read_only=True)
        if not cls._check(path, db):
            db.close()
            raise StoreError(f"{path} holds no jink batch run (an empty database)")
        return cls(path, db)

    @classmethod
    def create_or_resume(cls, path: Path, arguments: dict[str, Any]) -> tuple[Store, bool]:
        """The database for a run with ``arguments``: made if new; if it holds
        the same run, opened to resume (``True``). ``deals`` may grow (deal
        ``k`` depends only on the seed and ``k``); any other difference is
        refused. A database refused, or that cannot be written, is left as it
        was found: closed, without the journal files opening it made."""
        if path.exists() and not (os.access(path, os.W_OK)
                                  and os.access(path.absolute().parent, os.W_OK)):
            # (SQLite would open it, then fail on the first write, or say it
            # cannot open a write-ahead log it may not make.)
            raise StoreError(f"{path}: cannot write the database: permission denied (a run "
                             "is resumed in a file and folder it can write)")
        before = _sidecars(path)
        db = cls._connect(path)
        store = cls(path, db)
        try:
            with store._writing():
                return store._create_or_resume(arguments)
        except BaseException:
            db.close()
            for made in _sidecars(path) - before:
                with contextlib.suppress(OSError):
                    made.unlink()
            raise

    def _create_or_resume(self, arguments: dict[str, Any]) -> tuple[Store, bool]:
        path, db, store = self.path, self.db, self
        old = self._check(path, db, "write")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        if not old:
            with store.transaction():
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                for statement in _SCHEMA.strip().split(";"):
                    if statement.strip():
                        db.execute(statement)
                store._write_arguments({"command": "jink batch", **arguments})
            return store, False
        stored = store.arguments()
        wanted = {"command": "jink batch", **arguments}
        for key in sorted(set(stored) | set(wanted)):
            if key == "deals" and "deals" in stored and wanted.get("deals", 0) >= stored[key]:
                continue
            if stored.get(key) != wanted.get(key):
                raise StoreError(
                    f"{path} holds a run with {_describe(key, stored.get(key))}, not "
                    f"{_describe(key, wanted.get(key))}: a rerun must give the same "
                    "arguments (give another --db for a new run)")
        if wanted["deals"] != stored["deals"]:
            with store.transaction():
                store._write_arguments({"deals": wanted["deals"]})
        return store, True

    def _write_arguments(self, arguments: dict[str, Any]) -> None:
        with self._writing():
            self.db.executemany("INSERT OR REPLACE INTO run (key, value) VALUES (?, ?)",
                                [(k, json.dumps(v, sort_keys=True))
                                 for k, v in arguments.items()])

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write the database refuses (read-only, full, damaged) is one error."""
        try:
            yield
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot write the database: {error}") from None

    # -- reading and writing -------------------------------------------------------

    def transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def arguments(self) -> dict[str, Any]:
        """The run's arguments, as stored."""
        try:
            return {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM run")}
        except (ValueError, TypeError, sqlite3.Error) as error:
            raise StoreError(f"{self.path}: its run table is not one jink batch wrote "
                             f"({error})") from None

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """A read the database refuses (damaged, a table altered) is one error."""
        try:
            yield
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot read the database: {error}") from None

    def done(self) -> set[int]:
        """The deals already solved."""
        with self._reading():
            return {k for (k,) in self.db.execute("SELECT deal FROM results")}

    def count(self) -> int:
        with self._reading():
            return int(self.db.execute("SELECT count(*) FROM results").fetchone()[0])

    def add(self, rows: Iterable[Row]) -> int:
        """Store ``rows`` in one transaction; a deal already stored is kept as
        it is. Returns how many rows were new."""
        with self._writing(), self.transaction():
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO results (deal, position, verdicts, nodes, seconds, "
                "engine) VALUES (?, ?, ?, ?, ?, ?)",
                [(r.deal, r.position, r.verdicts, r.nodes, r.seconds, r.engine) for r in rows])
            return self.db.total_changes - before

    def rows(self) -> Iterator[Row]:
        """Every row, by deal."""
        with self._reading():
            for values in self.db.execute("SELECT deal, position, verdicts, nodes, seconds, "
                                          "engine FROM results ORDER BY deal"):
                yield Row(*values)

    def close(self) -> None:
        self.db.close()


def _sidecars(path: Path) -> set[Path]:
    """The journal files SQLite keeps beside the database at ``path`` now."""
    return {found for suffix in ("-journal", "-wal", "-shm")
            if (found := Path(f"{path}{suffix}")).exists()}


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
