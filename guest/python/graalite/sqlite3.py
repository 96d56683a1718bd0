"""DB-API 2.0 interface for Graalite, with the interface and behaviour of CPython's sqlite3.

Programs written for ``sqlite3`` run unchanged but for their import::

    import graalite.sqlite3 as sqlite3

    con = sqlite3.connect("tutorial.db")
    cur = con.cursor()
    cur.execute("CREATE TABLE movie(title, year, score)")

Each connection is a connection object of the ``sql`` language (the polyglot binding ``sql``
opens it: ``polyglot.import_value("sql").open(path)``), so statements run on Graalite's
engine, and SQLite's own file format, locking and journals apply. What follows CPython 3.12's
``sqlite3`` (module documentation and ``Modules/_sqlite``):

- ``connect()``, ``Connection`` (cursor, execute, executemany, executescript, commit,
  rollback, close, create_function, create_aggregate, row_factory, text_factory,
  isolation_level, autocommit, in_transaction, total_changes, set_trace_callback, the context
  manager protocol), ``Cursor`` (execute with ``?`` and named parameters, executemany,
  executescript, fetchone, fetchmany, fetchall, iteration, description, rowcount, lastrowid,
  arraysize, close), ``Row``, the exception classes, adapters and converters
  (``register_adapter``, ``register_converter``, ``detect_types`` with ``PARSE_DECLTYPES`` and
  ``PARSE_COLNAMES``), ``complete_statement``.
- Transactions: with the default ``isolation_level=""`` a ``BEGIN`` runs before an INSERT,
  UPDATE, DELETE or REPLACE when no transaction is open; ``commit()`` and ``rollback()`` end
  it; ``with connection:`` commits on success and rolls back on an exception.
- Errors: SQLite's errors become the exception class CPython chooses for their primary
  result code (``IntegrityError`` for constraints, ``OperationalError`` for most runtime
  errors and ``no such table``...), with ``sqlite_errorcode`` and ``sqlite_errorname``.
- Values: INTEGER -> int, REAL -> float, TEXT -> str, BLOB -> bytes, NULL -> None; int,
  float, str, bytes-like and None bind as the matching storage class.

Python 3.12's ``getconfig`` and ``setconfig`` are there too.
Extensions load as with a CPython built with loadable extensions (``enable_load_extension``,
``load_extension``, and Python 3.12's ``entrypoint``), in contexts that allow native access.
``interrupt()`` works from any thread, as in sqlite3.

Threads: as in sqlite3, a connection refuses other threads than the one that made it unless
made with ``check_same_thread=False``; then threads may share it, and the language keeps all
but one out of it at a time (its connection lock, the part of SQLite's serialized mode that
Graalite's multi-thread build leaves out).

Speed: rows are read with GraalPy's GIL held during the interop calls of the loop
(``polyglot.gil_locked_during_interop``), which saves two lock hand-overs per value read; only
while the program has one thread (see _one_thread), and never on connections made with
``check_same_thread=False``, where a thread that waits for the connection must let the one
inside have the GIL (for the Python functions its statement calls).
"""

# Imports are few and cheap: on GraalPy, datetime takes about 0.6 s to import, weakref 0.5 s and
# urllib.parse 1 s, a second or two before a program's first query; each is imported where it is
# first needed (_datetime, blobopen, _open) instead.
import _thread
import _weakref
import operator as _operator
import sys as _sys
import time as _time
from types import MethodType as _MethodType

import polyglot as _polyglot

__all__ = [
    "connect", "complete_statement", "register_adapter", "register_converter", "adapt",
    "enable_callback_tracebacks", "Connection", "Cursor", "Row", "PrepareProtocol", "Blob",
    "Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError",
    "IntegrityError", "InternalError", "ProgrammingError", "NotSupportedError",
    "PARSE_DECLTYPES", "PARSE_COLNAMES", "LEGACY_TRANSACTION_CONTROL", "Binary", "Date",
    "Time", "Timestamp", "DateFromTicks", "TimeFromTicks", "TimestampFromTicks",
    "apilevel", "threadsafety", "paramstyle", "version", "version_info", "sqlite_version",
    "sqlite_version_info", "converters", "adapters",
]

_ForeignException = _polyglot.ForeignException
_ForeignList = _polyglot.ForeignList
# SQL NULL reaches a user function as polyglot.ForeignNone, which equals None but is not it;
# CPython's sqlite3 passes None, and functions test `x is None`.
_ForeignNone = _polyglot.ForeignNone
# The argument types a user function or aggregate must not see as they are (see _py_value).
_FOREIGN_ARGUMENTS = frozenset((_ForeignList, _ForeignNone))
_gil_locked_during_interop = _polyglot.gil_locked_during_interop
# The function behind that context manager: sets the flag, returns the one before.
_set_gil_locked_during_interop = _polyglot.__set_gil_locked_during_foreign_calls__

# ---------------------------------------------------------------------------------------
# Module constants (PEP 249 and sqlite3's)

apilevel = "2.0"
# As sqlite3 says of SQLite in serialized mode, which CPython's builds use: threads may share
# the module, connections and cursors (connections made with check_same_thread=False; the
# language keeps all threads but one out of a connection at a time, see ConnectionLock).
threadsafety = 3
paramstyle = "qmark"
version = "2.6.0"
version_info = (2, 6, 0)

PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2
LEGACY_TRANSACTION_CONTROL = -1

SQLITE_OK = 0
SQLITE_DENY = 1
SQLITE_IGNORE = 2

# SQLite's result codes, primary and extended (Python 3.11's sqlite3 has them: a program
# compares an error's sqlite_errorcode with them; sqlite3.h).
SQLITE_ERROR = 1
SQLITE_INTERNAL = 2
SQLITE_PERM = 3
SQLITE_ABORT = 4
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_NOMEM = 7
SQLITE_READONLY = 8
SQLITE_INTERRUPT = 9
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_NOTFOUND = 12
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_PROTOCOL = 15
SQLITE_EMPTY = 16
SQLITE_SCHEMA = 17
SQLITE_TOOBIG = 18
SQLITE_CONSTRAINT = 19
SQLITE_MISMATCH = 20
SQLITE_MISUSE = 21
SQLITE_NOLFS = 22
SQLITE_AUTH = 23
SQLITE_FORMAT = 24
SQLITE_RANGE = 25
SQLITE_NOTADB = 26
SQLITE_NOTICE = 27
SQLITE_WARNING = 28
SQLITE_ROW = 100
SQLITE_DONE = 101
SQLITE_OK_LOAD_PERMANENTLY = 256
SQLITE_OK_SYMLINK = 512
SQLITE_ERROR_MISSING_COLLSEQ = 257
SQLITE_ERROR_RETRY = 513
SQLITE_ERROR_SNAPSHOT = 769
SQLITE_ABORT_ROLLBACK = 516
SQLITE_BUSY_RECOVERY = 261
SQLITE_BUSY_SNAPSHOT = 517
SQLITE_BUSY_TIMEOUT = 773
SQLITE_LOCKED_SHAREDCACHE = 262
SQLITE_LOCKED_VTAB = 518
SQLITE_READONLY_RECOVERY = 264
SQLITE_READONLY_CANTLOCK = 520
SQLITE_READONLY_ROLLBACK = 776
SQLITE_READONLY_DBMOVED = 1032
SQLITE_READONLY_CANTINIT = 1288
SQLITE_READONLY_DIRECTORY = 1544
SQLITE_IOERR_READ = 266
SQLITE_IOERR_SHORT_READ = 522
SQLITE_IOERR_WRITE = 778
SQLITE_IOERR_FSYNC = 1034
SQLITE_IOERR_DIR_FSYNC = 1290
SQLITE_IOERR_TRUNCATE = 1546
SQLITE_IOERR_FSTAT = 1802
SQLITE_IOERR_UNLOCK = 2058
SQLITE_IOERR_RDLOCK = 2314
SQLITE_IOERR_DELETE = 2570
SQLITE_IOERR_BLOCKED = 2826
SQLITE_IOERR_NOMEM = 3082
SQLITE_IOERR_ACCESS = 3338
SQLITE_IOERR_CHECKRESERVEDLOCK = 3594
SQLITE_IOERR_LOCK = 3850
SQLITE_IOERR_CLOSE = 4106
SQLITE_IOERR_DIR_CLOSE = 4362
SQLITE_IOERR_SHMOPEN = 4618
SQLITE_IOERR_SHMSIZE = 4874
SQLITE_IOERR_SHMLOCK = 5130
SQLITE_IOERR_SHMMAP = 5386
SQLITE_IOERR_SEEK = 5642
SQLITE_IOERR_DELETE_NOENT = 5898
SQLITE_IOERR_MMAP = 6154
SQLITE_IOERR_GETTEMPPATH = 6410
SQLITE_IOERR_CONVPATH = 6666
SQLITE_IOERR_VNODE = 6922
SQLITE_IOERR_AUTH = 7178
SQLITE_IOERR_BEGIN_ATOMIC = 7434
SQLITE_IOERR_COMMIT_ATOMIC = 7690
SQLITE_IOERR_ROLLBACK_ATOMIC = 7946
SQLITE_IOERR_DATA = 8202
SQLITE_IOERR_CORRUPTFS = 8458
SQLITE_CORRUPT_VTAB = 267
SQLITE_CORRUPT_SEQUENCE = 523
SQLITE_CORRUPT_INDEX = 779
SQLITE_CANTOPEN_NOTEMPDIR = 270
SQLITE_CANTOPEN_ISDIR = 526
SQLITE_CANTOPEN_FULLPATH = 782
SQLITE_CANTOPEN_CONVPATH = 1038
SQLITE_CANTOPEN_DIRTYWAL = 1294
SQLITE_CANTOPEN_SYMLINK = 1550
SQLITE_CONSTRAINT_CHECK = 275
SQLITE_CONSTRAINT_COMMITHOOK = 531
SQLITE_CONSTRAINT_FOREIGNKEY = 787
SQLITE_CONSTRAINT_FUNCTION = 1043
SQLITE_CONSTRAINT_NOTNULL = 1299
SQLITE_CONSTRAINT_PRIMARYKEY = 1555
SQLITE_CONSTRAINT_TRIGGER = 1811
SQLITE_CONSTRAINT_UNIQUE = 2067
SQLITE_CONSTRAINT_VTAB = 2323
SQLITE_CONSTRAINT_ROWID = 2579
SQLITE_CONSTRAINT_PINNED = 2835
SQLITE_AUTH_USER = 279
SQLITE_NOTICE_RECOVER_WAL = 283
SQLITE_NOTICE_RECOVER_ROLLBACK = 539
SQLITE_WARNING_AUTOINDEX = 284

# The limits of getlimit and setlimit (sqlite3.h).
SQLITE_LIMIT_LENGTH = 0
SQLITE_LIMIT_SQL_LENGTH = 1
SQLITE_LIMIT_COLUMN = 2
SQLITE_LIMIT_EXPR_DEPTH = 3
SQLITE_LIMIT_COMPOUND_SELECT = 4
SQLITE_LIMIT_VDBE_OP = 5
SQLITE_LIMIT_FUNCTION_ARG = 6
SQLITE_LIMIT_ATTACHED = 7
SQLITE_LIMIT_LIKE_PATTERN_LENGTH = 8
SQLITE_LIMIT_VARIABLE_NUMBER = 9
SQLITE_LIMIT_TRIGGER_DEPTH = 10
SQLITE_LIMIT_WORKER_THREADS = 11

# The connection options of getconfig and setconfig (Python 3.12; sqlite3.h).
SQLITE_DBCONFIG_ENABLE_FKEY = 1002
SQLITE_DBCONFIG_ENABLE_TRIGGER = 1003
SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER = 1004
SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION = 1005
SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE = 1006
SQLITE_DBCONFIG_ENABLE_QPSG = 1007
SQLITE_DBCONFIG_TRIGGER_EQP = 1008
SQLITE_DBCONFIG_RESET_DATABASE = 1009
SQLITE_DBCONFIG_DEFENSIVE = 1010
SQLITE_DBCONFIG_WRITABLE_SCHEMA = 1011
SQLITE_DBCONFIG_LEGACY_ALTER_TABLE = 1012
SQLITE_DBCONFIG_DQS_DML = 1013
SQLITE_DBCONFIG_DQS_DDL = 1014
SQLITE_DBCONFIG_ENABLE_VIEW = 1015
SQLITE_DBCONFIG_LEGACY_FILE_FORMAT = 1016
SQLITE_DBCONFIG_TRUSTED_SCHEMA = 1017

# The action codes an authorizer is called with (sqlite3.h).
SQLITE_CREATE_INDEX = 1
SQLITE_CREATE_TABLE = 2
SQLITE_CREATE_TEMP_INDEX = 3
SQLITE_CREATE_TEMP_TABLE = 4
SQLITE_CREATE_TEMP_TRIGGER = 5
SQLITE_CREATE_TEMP_VIEW = 6
SQLITE_CREATE_TRIGGER = 7
SQLITE_CREATE_VIEW = 8
SQLITE_DELETE = 9
SQLITE_DROP_INDEX = 10
SQLITE_DROP_TABLE = 11
SQLITE_DROP_TEMP_INDEX = 12
SQLITE_DROP_TEMP_TABLE = 13
SQLITE_DROP_TEMP_TRIGGER = 14
SQLITE_DROP_TEMP_VIEW = 15
SQLITE_DROP_TRIGGER = 16
SQLITE_DROP_VIEW = 17
SQLITE_INSERT = 18
SQLITE_PRAGMA = 19
SQLITE_READ = 20
SQLITE_SELECT = 21
SQLITE_TRANSACTION = 22
SQLITE_UPDATE = 23
SQLITE_ATTACH = 24
SQLITE_DETACH = 25
SQLITE_ALTER_TABLE = 26
SQLITE_REINDEX = 27
SQLITE_ANALYZE = 28
SQLITE_CREATE_VTABLE = 29
SQLITE_DROP_VTABLE = 30
SQLITE_FUNCTION = 31
SQLITE_SAVEPOINT = 32
SQLITE_RECURSIVE = 33

Binary = memoryview


def _datetime():
    """The datetime module, imported on first use (see the imports)."""
    import datetime
    return datetime


# Date, Time and Timestamp are datetime's classes, given by __getattr__.
_DATETIME_CLASSES = {"Date": "date", "Time": "time", "Timestamp": "datetime"}


def DateFromTicks(ticks):
    return _datetime().date(*_time.localtime(ticks)[:3])


def TimeFromTicks(ticks):
    return _datetime().time(*_time.localtime(ticks)[3:6])


def TimestampFromTicks(ticks):
    return _datetime().datetime(*_time.localtime(ticks)[:6])


def __getattr__(name):
    if name in _DATETIME_CLASSES:
        return getattr(_datetime(), _DATETIME_CLASSES[name])
    # sqlite_version needs the sql language: computed on first use, not at import.
    if name == "sqlite_version":
        return _root().sqliteVersion
    if name == "sqlite_version_info":
        return tuple(int(part) for part in _root().sqliteVersion.split("."))
    if name == "dbapi2":
        # `from sqlite3 import dbapi2`: in sqlite3 the package's module that holds it all.
        return _sys.modules[__name__]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------------------------------
# Exceptions (PEP 249's hierarchy, as sqlite3 has it)


class Warning(Exception):
    pass


class Error(Exception):
    pass


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


for _cls in (Warning, Error, InterfaceError, DatabaseError, DataError, OperationalError,
             IntegrityError, InternalError, ProgrammingError, NotSupportedError):
    _cls.__module__ = "sqlite3"
del _cls

# The exception class of each primary result code, as CPython's sqlite3 chooses it
# (Modules/_sqlite/util.c). SQLITE_MISUSE and SQLITE_RANGE are the language's own checks
# (wrong parameter counts, a closed connection...), which sqlite3 reports as
# ProgrammingError.
_ERROR_CLASSES = {
    1: OperationalError,   # SQLITE_ERROR (no such table, syntax errors...)
    2: InternalError,      # SQLITE_INTERNAL
    3: OperationalError,   # SQLITE_PERM
    4: OperationalError,   # SQLITE_ABORT
    5: OperationalError,   # SQLITE_BUSY
    6: OperationalError,   # SQLITE_LOCKED
    7: MemoryError,        # SQLITE_NOMEM
    8: OperationalError,   # SQLITE_READONLY
    9: OperationalError,   # SQLITE_INTERRUPT
    10: OperationalError,  # SQLITE_IOERR
    11: DatabaseError,     # SQLITE_CORRUPT
    12: InternalError,     # SQLITE_NOTFOUND
    13: OperationalError,  # SQLITE_FULL
    14: OperationalError,  # SQLITE_CANTOPEN
    15: OperationalError,  # SQLITE_PROTOCOL
    16: OperationalError,  # SQLITE_EMPTY
    17: OperationalError,  # SQLITE_SCHEMA
    18: DataError,         # SQLITE_TOOBIG
    19: IntegrityError,    # SQLITE_CONSTRAINT
    20: IntegrityError,    # SQLITE_MISMATCH
    21: ProgrammingError,  # SQLITE_MISUSE
    25: ProgrammingError,  # SQLITE_RANGE
}


def _translate(e):
    """The sqlite3 exception for a ForeignException of the sql language (others unchanged)."""
    try:
        primary = e.primaryCode
        code = e.code
        name = e.codeName
        message = e.message
    except (AttributeError, TypeError):
        return e
    if primary == 21 and message.startswith("more than one SQL statement"):
        message = "You can only execute one statement at a time."
    elif primary == 21 and message == "the database connection is closed":
        message = "Cannot operate on a closed database."
    cls = _ERROR_CLASSES.get(primary, DatabaseError)
    if cls is MemoryError:
        return MemoryError(message)
    return _sqlite_error(cls, message, code, name)


def _sqlite_error(cls, message, code, name):
    err = cls(message)
    if _from_sqlite(code):
        # Like sqlite3: errors that come from SQLite carry its result code; the module's own
        # checks (the language's SQLITE_MISUSE and SQLITE_RANGE) do not.
        err.sqlite_errorcode = code
        err.sqlite_errorname = name
    return err


def _from_sqlite(code):
    return (code & 0xFF) not in (21, 25)


class _CallbackError(Exception):
    """Raised through SQL by a user function or aggregate that failed. It carries the
    sqlite3 exception that the statement raises (``args[0]``), as CPython's sqlite3 reports
    such failures: an OverflowError as SQLITE_TOOBIG (DataError), a MemoryError as
    SQLITE_NOMEM, anything else as SQLITE_ERROR with the message given."""


def _callback_failed(connection, message):
    """The exception to raise from a user function or aggregate that failed (in an except
    block). The sqlite3 exception it carries is also left with the connection: on the native
    tier the language turns the exception into an SQLite error of its own, and the
    connection then raises the kept one instead (Connection._failure)."""
    failure = _sys.exc_info()[1]
    _print_callback_traceback()
    if isinstance(failure, OverflowError):
        error = _sqlite_error(DataError, "string or blob too big", 18, "SQLITE_TOOBIG")
    elif isinstance(failure, MemoryError):
        error = MemoryError()
    else:
        error = _sqlite_error(OperationalError, message, 1, "SQLITE_ERROR")
    connection._callback_error = error
    return _CallbackError(error)


_callback_tracebacks = False


def _print_callback_traceback():
    """Prints the exception being handled, when enable_callback_tracebacks asked for it."""
    if _callback_tracebacks:
        import traceback
        traceback.print_exc()


def enable_callback_tracebacks(flag, /):
    """Print the tracebacks of exceptions raised in user functions and aggregates."""
    global _callback_tracebacks
    _callback_tracebacks = bool(flag)


# ---------------------------------------------------------------------------------------
# The sql language's connection objects


_root_connection = None


def _root():
    """The polyglot binding ``sql`` (the context's own connection object): it opens ours."""
    global _root_connection
    if _root_connection is None:
        try:
            # Initializes the sql language in this context, which publishes the binding.
            _polyglot.eval(language="sql", string="-- graalite.sqlite3")
            _root_connection = _polyglot.import_value("sql")
        except Exception as e:
            raise InterfaceError(
                "graalite.sqlite3 needs the sql language and polyglot access in this context: " + str(e)) from None
        if _root_connection is None:
            raise InterfaceError("graalite.sqlite3: the polyglot binding 'sql' is missing")
    return _root_connection


def _open(database, uri):
    """A connection object of the language for ``database``. The language opens files with
    SQLite's URI support on, so a URI goes through as it is; a plain path is made absolute
    against Python's current directory (the context's, which need not be the process's)."""
    import os
    path = database
    if uri:
        if path.startswith("file:") and not path.startswith(("file:/", "file::memory:")) and "mode=memory" not in path:
            from urllib.parse import quote, unquote
            name, sep, query = path[5:].partition("?")
            if name:
                path = "file:" + quote(os.path.abspath(unquote(name))) + sep + query
    elif path not in ("", ":memory:"):
        # An absolute path is never taken for a URI (a relative "file:x" would be).
        path = os.path.abspath(path)
    try:
        return _root().open(path)
    except _ForeignException as e:
        raise _translate(e) from None


# ---------------------------------------------------------------------------------------
# Adapters and converters


class PrepareProtocol:
    """The protocol argument of adapters (PEP 246 style), as in sqlite3."""


adapters = {}
converters = {}


def register_adapter(type, adapter, /):
    """Calls ``adapter(value)`` to turn values of ``type`` into int, float, str or bytes."""
    adapters[(type, PrepareProtocol)] = adapter


def register_converter(typename, converter, /):
    """Calls ``converter(bytes)`` for columns of declared type ``typename`` (``PARSE_DECLTYPES``)
    or named ``"name [typename]"`` (``PARSE_COLNAMES``); case-insensitive."""
    converters[typename.upper()] = converter


def adapt(obj, proto=PrepareProtocol, alt=None, /):
    if _default_adapters_pending:
        _register_default_adapters()
    adapter = adapters.get((type(obj), proto))
    if adapter is not None:
        return adapter(obj)
    conform = getattr(obj, "__conform__", None)
    if conform is not None:
        adapted = conform(proto)
        if adapted is not None:
            return adapted
    if alt is not None:
        return alt
    raise ProgrammingError("can't adapt")


# sqlite3's default adapters and converters (deprecated in Python 3.12, still registered).
# The adapters are for datetime's date and datetime, whose values exist only once datetime is
# imported: they are registered at this module's import if it is, else before the first value
# that is not an int, float, str, bytes or None is adapted (datetime may be imported by then).
# An adapter the program registered for those types first stays.
_default_adapters_pending = True


def _register_default_adapters():
    global _default_adapters_pending
    datetime = _sys.modules.get("datetime")
    if datetime is None:
        return
    _default_adapters_pending = False
    adapters.setdefault((datetime.date, PrepareProtocol), lambda value: value.isoformat())
    adapters.setdefault((datetime.datetime, PrepareProtocol), lambda value: value.isoformat(" "))


_register_default_adapters()


def _convert_date(value):
    return _datetime().date(*map(int, value.split(b"-")))


def _convert_timestamp(value):
    datepart, timepart = value.split(b" ")
    year, month, day = map(int, datepart.split(b"-"))
    timepart_full = timepart.split(b".")
    hours, minutes, seconds = map(int, timepart_full[0].split(b":"))
    microseconds = int("{:0<6.6}".format(timepart_full[1].decode())) if len(timepart_full) == 2 else 0
    return _datetime().datetime(year, month, day, hours, minutes, seconds, microseconds)


register_converter("date", _convert_date)
register_converter("timestamp", _convert_timestamp)

# Written so that GraalPy holds them as 64-bit integers: -(1 << 63) and (1 << 63) - 1 are
# computed through a big integer and stay one, and every comparison of a bound int with them
# then took the big-integer path (a sixth of a loop of single-row INSERTs).
_INT64_MAX = 9223372036854775807
_INT64_MIN = -_INT64_MAX - 1
_BINDABLE = (str, float, bytes, type(None), bytearray, memoryview)


def _encodable(text):
    """Raises sqlite3's UnicodeEncodeError for text that UTF-8 cannot hold (surrogates), as
    sqlite3 does when it binds or prepares it (Java's encoder would store '?' instead). The
    error is made here: GraalPy's encoder gives another reason than CPython's, whose error
    covers the whole run of surrogates."""
    for start, c in enumerate(text):
        if "\ud800" <= c <= "\udfff":
            end = start + 1
            while end < len(text) and "\ud800" <= text[end] <= "\udfff":
                end += 1
            raise UnicodeEncodeError("utf-8", text, start, end, "surrogates not allowed")


def _bind_value(value, index):
    """A value that binds (the parameter ``index`` counts from 1), after adaptation."""
    t = type(value)
    if t is int or t is bool:
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise OverflowError("Python int too large to convert to SQLite INTEGER")
        return value
    if t in _BINDABLE:
        if t is str and not value.isascii():
            _encodable(value)
        return value
    if _default_adapters_pending:
        _register_default_adapters()
    if adapters or hasattr(value, "__conform__"):
        adapter = adapters.get((t, PrepareProtocol))
        if adapter is not None:
            value = adapter(value)
        else:
            conform = getattr(value, "__conform__", None)
            if conform is not None:
                adapted = conform(PrepareProtocol)
                if adapted is not None:
                    value = adapted
        t = type(value)
        if t in _BINDABLE:
            return value
        if t is int or t is bool:
            return _bind_value(value, index)
    if isinstance(value, (int, float, str, bytes)):
        # Subclasses (an IntEnum, a str subclass...) bind as their base type.
        for base in (int, float, str, bytes):
            if isinstance(value, base):
                return _bind_value(base(value), index)
    raise ProgrammingError(f"Error binding parameter {index}: type '{t.__name__}' is not supported")


def _sql_result(value):
    """A user function's result, checked like sqlite3 does (int range, supported types)."""
    t = type(value)
    if t is int:
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise OverflowError("Python int too large to convert to SQLite INTEGER")
        return value
    if t is str:
        if not value.isascii():
            _encodable(value)
        return value
    if value is None or t is float or t is bytes:
        return value
    if t is bool:
        return int(value)
    if t is bytearray or t is memoryview:
        return bytes(value)
    if isinstance(value, (int, float, str, bytes)):
        for base in (int, float, str, bytes):
            if isinstance(value, base):
                return _sql_result(base(value))
    raise TypeError(f"user-defined function returned an unsupported type: {t.__name__}")


def _collation_order(result):
    """What a collation's result that is not an int orders by, as in sqlite3: its index (bool,
    int subclasses, objects with __index__), else 0 (equal)."""
    try:
        return _operator.index(result)
    except TypeError:
        return 0


def _py_value(value):
    # A BLOB arrives as an array of its bytes: bytes() copies it. NULL arrives as ForeignNone.
    t = type(value)
    if t is _ForeignList:
        return bytes(value)
    return None if t is _ForeignNone else value


class _LookedUpMethod:
    """A method (``step``, ``inverse``, ``value``) of an aggregate object that is not a method
    of its class (missing, an attribute of the object, ...): each call looks it up, so a
    missing one fails when a row calls it, as in sqlite3. ``__self__`` is the object."""

    __slots__ = ("__self__", "_name", "_connection")

    def __init__(self, instance, name, connection):
        self.__self__ = instance
        self._name = name
        self._connection = connection

    def __call__(self, *args):
        method = getattr(self.__self__, self._name, None)
        if method is None:
            try:
                raise AttributeError(self._name)
            except AttributeError:
                raise _callback_failed(self._connection, "user-defined aggregate's '%s' method not defined" % self._name) from None
        return method(*args)


def _method_stepper(instance, name, connection):
    """``instance``'s method ``name`` as the engine calls it (UserAggregate.Stepper in the
    language): [function, instance] for a method of its class, which the engine calls as
    function(instance, args...) with no function of this module between; else [None, a
    _LookedUpMethod], which it calls with the arguments. Not the bound method itself: GraalPy
    calls a bound method from another language through a stack walk, 200 times slower."""
    try:
        method = getattr(instance, name)
    except BaseException:
        method = None
    if type(method) is _MethodType and method.__self__ is instance:
        return [method.__func__, instance]
    return [None, _LookedUpMethod(instance, name, connection)]


def _aggregate_method_failed(connection, name):
    """The failure hook (see create_function) of an aggregate's method ``name``: what it raised
    becomes sqlite3's error for it; an error this module raised already stays as it is. As in
    CPython's sqlite3, an AttributeError out of ``value`` (which sqlite3 looks up and calls in
    one call) reports the method as not defined, out of ``step`` and ``inverse`` as raised."""
    missing = "not defined" if name == "value" else "raised error"

    def failed(rethrow):
        try:
            rethrow()
        except _CallbackError:
            raise
        except AttributeError:
            raise _callback_failed(connection, "user-defined aggregate's '%s' method %s" % (name, missing)) from None
        except BaseException:
            raise _callback_failed(connection, "user-defined aggregate's '%s' method raised error" % name) from None
    return failed


def _aggregate_finalize(connection):
    """finalize(receiver) of an aggregate or window function registered as steppers: the
    object's finalize(), its result checked, the errors as CPython's sqlite3 reports them."""

    def finalize(receiver):
        if type(receiver) is _LookedUpMethod:
            receiver = receiver.__self__
        try:
            return _sql_result(receiver.finalize())
        except AttributeError:
            raise _callback_failed(connection, "user-defined aggregate's 'finalize' method not defined") from None
        except BaseException:
            raise _callback_failed(connection, "user-defined aggregate's 'finalize' method raised error") from None
    return finalize


# ---------------------------------------------------------------------------------------
# Statements


def _is_dml(sql):
    """Whether a statement opens sqlite3's implicit transaction: INSERT, UPDATE, DELETE or
    REPLACE as its first keyword, after whitespace and comments (as CPython decides)."""
    i = 0
    n = len(sql)
    while i < n:
        c = sql[i]
        if c in " \t\r\n\f":
            i += 1
        elif sql.startswith("--", i):
            j = sql.find("\n", i)
            if j < 0:
                return False
            i = j + 1
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            if j < 0:
                return False
            i = j + 2
        else:
            break
    head = sql[i:i + 7].lower()
    return head.startswith(("insert", "update", "delete", "replace"))


# Whether the program may run more than one Python thread: it imported the threading module.
# Read where the module decides to hold the GIL during calls into the language (see
# _one_thread); a global read there, because the test of the threads themselves, a call, made
# execute() too large for GraalPy to inline into a caller's loop (a loop of lookups 15% slower).
_threads_possible = "threading" in _sys.modules


class _ThreadingImportWatch:
    """A finder of sys.meta_path that finds nothing: it notes the first import of threading
    (the module is not imported here: that takes seconds on GraalPy)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        global _threads_possible
        if name == "threading":
            _threads_possible = True
        return None


if not _threads_possible:
    _sys.meta_path.insert(0, _ThreadingImportWatch)


def _one_thread():
    """Whether the program runs one Python thread, so that the GIL may stay held during calls
    into the language: held, it keeps every other thread waiting until the call returns (a
    long query, or a batch of rows), where sqlite3 lets them run while SQLite works; and
    another thread could not interrupt() the statement. Called once threading is imported."""
    threading = _sys.modules.get("threading")
    return threading is None or (len(threading._active) <= 1 and not threading._limbo)


def _running():
    """_Statement.in_use while an execute() runs the statement: busy, like a live cursor."""
    return True


class _Statement:
    """A prepared statement of the language with what the module needs of it, read once."""

    __slots__ = ("handle", "sql", "nparams", "names", "columns", "readonly", "is_dml", "in_use", "result", "_description")

    def __init__(self, handle, sql):
        self.handle = handle
        self.sql = sql
        self.nparams = handle.parameterCount
        names = handle.parameters
        self.names = tuple(names) if self.nparams and any(name is not None for name in names) else None
        self.columns = tuple(handle.columns)
        self.readonly = handle.readonly
        self.is_dml = _is_dml(sql)
        # False, or a weak reference to the cursor that reads this statement's rows: a cursor
        # dropped before its last row leaves a dead reference, and the statement is free again.
        self.in_use = False
        # The language's result whose rows that cursor reads, while it has rows left: closing
        # it resets the statement (sqlite3_reset), which releases its locks.
        self.result = None
        self._description = None

    def close_result(self):
        """Ends the execution whose rows a cursor left unread, as sqlite3 resets a statement
        when its cursor is closed or executes again: its read lock goes (a writer on another
        connection is no longer kept out) and it no longer counts as running (a later
        interrupt() stops only what runs then)."""
        result = self.result
        if result is not None:
            self.result = None
            try:
                result.close()
            except _ForeignException:
                pass

    def busy(self):
        """Whether a live cursor still reads this statement's rows, or an execute() runs it."""
        holder = self.in_use
        return holder is not False and holder() is not None

    def description(self, detect_types, width):
        """Cursor.description for this statement's columns (made once per detect_types).
        ``width``: the number of values of the first row (-1 without rows); another number than
        the columns read at prepare means SQLite prepared the statement again with other
        result columns (a SELECT * of a table another connection altered)."""
        if width != len(self.columns) and width >= 0:
            self.columns = tuple(self.handle.columns)
            self._description = None
        cached = self._description
        if cached is None or cached[0] != detect_types:
            cached = self._description = (detect_types, _description(self.columns, detect_types))
        return cached[1]

    def arguments(self, parameters):
        """The positional values to execute with, from a sequence or a mapping."""
        nparams = self.nparams
        if type(parameters) is tuple or type(parameters) is list:
            values = parameters
        elif isinstance(parameters, dict) or (hasattr(parameters, "keys") and hasattr(parameters, "__getitem__")):
            return self._named(parameters)
        else:
            try:
                values = [parameters[i] for i in range(len(parameters))]
            except TypeError:
                raise ProgrammingError("parameters are of unsupported type") from None
        if len(values) != nparams:
            raise ProgrammingError(
                f"Incorrect number of bindings supplied. The current statement uses {nparams}, "
                f"and there are {len(values)} supplied.")
        converted = None
        for i in range(nparams):
            value = values[i]
            t = type(value)
            if t is str:
                if not value.isascii():
                    _encodable(value)
                continue
            if t is float or value is None or t is bytes:
                continue
            if t is int and _INT64_MIN <= value <= _INT64_MAX:
                continue
            if converted is None:
                converted = list(values)
            converted[i] = _bind_value(value, i + 1)
        return values if converted is None else converted

    def _named(self, mapping):
        names = self.names
        values = []
        for i in range(self.nparams):
            name = names[i] if names is not None else None
            if name is None or name[0] == "?":
                raise ProgrammingError(
                    f"Binding {i + 1} has no name, but you supplied a dictionary (which has only names).")
            try:
                value = mapping[name[1:]]
            except KeyError:
                raise ProgrammingError(f"You did not supply a value for binding parameter {name}.") from None
            values.append(_bind_value(value, i + 1))
        return values


class _RawText:
    """TEXT whose bytes are not valid UTF-8, in a row until the text_factory or a converter takes it."""

    __slots__ = ("raw",)

    def __init__(self, raw):
        self.raw = raw


class _UndecodableRow(Exception):
    """Raised while rows are read: a row has TEXT that the default text_factory cannot decode."""

    def __init__(self, error):
        self.error = error


def _undecodable(statement, i, raw):
    """sqlite3's error for TEXT that is not valid UTF-8 with the default text_factory: it
    names the column and shows the text up to its first NUL, decoded with replacement. The
    cursor stays on that row: every later fetch raises it again."""
    shown = raw.split(b"\0", 1)[0].decode("utf-8", "replace")
    error = OperationalError(f"Could not decode to UTF-8 column '{statement.columns[i]}' with text '{shown}'")
    error._stays_on_row = True
    return error


def _decoded(values, statement):
    """``values``, raising _UndecodableRow for the first _RawText left in them (text that the
    default text_factory cannot make a str, with no converter for its column)."""
    for i, v in enumerate(values):
        if type(v) is _RawText:
            raise _UndecodableRow(_undecodable(statement, i, v.raw))
    return values


def _stays_on_row(error):
    return getattr(error, "_stays_on_row", False)


def _description(columns, detect_types):
    if not columns:
        return None
    if detect_types & PARSE_COLNAMES:
        columns = [name.split(" [", 1)[0] if " [" in name else name for name in columns]
    return tuple((name, None, None, None, None, None, None) for name in columns)


# ---------------------------------------------------------------------------------------
# Splitting scripts into statements: SQLite's sqlite3_complete() state machine

_TK_SEMI, _TK_WS, _TK_OTHER, _TK_EXPLAIN, _TK_CREATE, _TK_TEMP, _TK_TRIGGER, _TK_END = range(8)
_TRANS = (
    # SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END
    (1, 0, 2, 3, 4, 2, 2, 2),  # 0 INVALID
    (1, 1, 2, 3, 4, 2, 2, 2),  # 1 START
    (1, 2, 2, 2, 2, 2, 2, 2),  # 2 NORMAL
    (1, 3, 3, 2, 4, 2, 2, 2),  # 3 EXPLAIN
    (1, 4, 2, 2, 2, 4, 5, 2),  # 4 CREATE
    (6, 5, 5, 5, 5, 5, 5, 5),  # 5 TRIGGER
    (6, 6, 5, 5, 5, 5, 5, 7),  # 6 SEMI
    (1, 7, 5, 5, 5, 5, 5, 5),  # 7 END
)
_KEYWORDS = {"create": _TK_CREATE, "trigger": _TK_TRIGGER, "temp": _TK_TEMP, "temporary": _TK_TEMP,
             "end": _TK_END, "explain": _TK_EXPLAIN}


def _id_char(c):
    return c.isalnum() or c == "_" or c == "$" or ord(c) >= 0x80


def _tokens(sql):
    """(token, end index) pairs; an unterminated quote or comment ends with (None, len)."""
    i = 0
    n = len(sql)
    while i < n:
        c = sql[i]
        if c == ";":
            i += 1
            yield _TK_SEMI, i
        elif c in " \t\r\n\f":
            i += 1
            yield _TK_WS, i
        elif c == "/" and sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            if j < 0:
                yield None, n
                return
            i = j + 2
            yield _TK_WS, i
        elif c == "-" and sql.startswith("--", i):
            j = sql.find("\n", i)
            i = n if j < 0 else j + 1
            yield _TK_WS, i
        elif c in "[`\"'":
            j = sql.find("]" if c == "[" else c, i + 1)
            if j < 0:
                yield None, n
                return
            i = j + 1
            yield _TK_OTHER, i
        elif _id_char(c):
            j = i + 1
            while j < n and _id_char(sql[j]):
                j += 1
            yield _KEYWORDS.get(sql[i:j].lower(), _TK_OTHER), j
            i = j
        else:
            i += 1
            yield _TK_OTHER, i


def _split(script):
    """The statements of a script, each with its terminating semicolon (the last one may have
    none, or be incomplete: preparing it reports the error); empty ones are skipped."""
    state = 0
    start = 0
    content = False
    for token, end in _tokens(script):
        if token is None:
            break
        if token != _TK_WS and token != _TK_SEMI:
            content = True
        state = _TRANS[state][token]
        if state == 1 and token == _TK_SEMI:
            if content:
                yield script[start:end]
            start = end
            content = False
    rest = script[start:]
    if content or (rest.strip() and not complete_statement(rest + ";")):
        yield rest


def complete_statement(statement):
    """Whether the text ends with a complete SQL statement (SQLite's sqlite3_complete)."""
    if not isinstance(statement, str):
        raise TypeError("complete_statement() argument must be str")
    state = 0
    for token, _ in _tokens(statement):
        if token is None:
            return False
        state = _TRANS[state][token]
    return state == 1


# ---------------------------------------------------------------------------------------
# Connection


_ISOLATION_LEVELS = ("", "DEFERRED", "IMMEDIATE", "EXCLUSIVE")


def connect(database, timeout=5.0, detect_types=0, isolation_level="", check_same_thread=True,
            factory=None, cached_statements=128, uri=False, *, autocommit=LEGACY_TRANSACTION_CONTROL):
    """Opens a connection to the SQLite database file ``database`` (``":memory:"`` for a
    private in-memory database), as ``sqlite3.connect`` does."""
    if factory is None:
        factory = Connection
    return factory(database, timeout=timeout, detect_types=detect_types, isolation_level=isolation_level,
                   check_same_thread=check_same_thread, cached_statements=cached_statements, uri=uri,
                   autocommit=autocommit)


class Connection:
    """A database connection (sqlite3.Connection)."""

    Warning = Warning
    Error = Error
    InterfaceError = InterfaceError
    DatabaseError = DatabaseError
    DataError = DataError
    OperationalError = OperationalError
    IntegrityError = IntegrityError
    InternalError = InternalError
    ProgrammingError = ProgrammingError
    NotSupportedError = NotSupportedError

    def __init__(self, database, timeout=5.0, detect_types=0, isolation_level="", check_same_thread=True,
                 factory=None, cached_statements=128, uri=False, *, autocommit=LEGACY_TRANSACTION_CONTROL):
        import os
        database = os.fsdecode(database) if isinstance(database, bytes) else os.fspath(database)
        if autocommit is not True and autocommit is not False and autocommit != LEGACY_TRANSACTION_CONTROL:
            raise ValueError("autocommit must be True, False, or sqlite3.LEGACY_TRANSACTION_CONTROL")
        self._closed = True
        # The thread that made the connection, the only one that may use it unless
        # check_same_thread is false (then None); _creator is kept either way, for interrupt().
        self._creator = _thread.get_ident()
        self._thread = self._creator if check_same_thread else None
        self._callback_error = None
        self._handle = _open(database, uri)
        # TEXT that is not valid UTF-8 reaches rows as its bytes: sqlite3 raises for it, or
        # gives those bytes to the text_factory or a converter (see Cursor._foreign_values).
        self._handle.invalidTextAsBytes(True)
        self._closed = False
        self._cache = {}
        self._cache_size = cached_statements
        # SQLITE_LIMIT_SQL_LENGTH once setlimit changed it (None: SQLite's default, unchecked here).
        self._sql_length_limit = None
        # The blobs blobopen() opened: closing the connection closes them, as in sqlite3 (a
        # WeakSet, made at the first).
        self._blobs = None
        self._lastrowid = 0
        self._begin = None
        self._trace = None
        self._isolation_level = None
        self.isolation_level = isolation_level
        self.detect_types = detect_types
        self.row_factory = None
        self.text_factory = str
        self._autocommit = autocommit if autocommit is True or autocommit is False else -1
        if timeout is not None:
            # Always: the language's own default is the context's sql.BusyTimeout option.
            self._execute_simple(f"PRAGMA busy_timeout = {max(0, int(timeout * 1000))}")
        if self._autocommit is False:
            self._execute_simple("BEGIN")

    # -- state

    def _check(self):
        self._check_thread()
        if self._closed:
            raise ProgrammingError("Cannot operate on a closed database.")
        return self._handle

    def _check_open(self):
        """_check for what sqlite3 lets any thread do (in_transaction, total_changes,
        interrupt(), entering a with block)."""
        if self._closed:
            raise ProgrammingError("Cannot operate on a closed database.")
        return self._handle

    def _check_thread(self):
        """sqlite3's ProgrammingError on another thread than the one that made the connection
        (unless check_same_thread was false). The hot paths (execute(), cursor(), next()) test
        inline and call this only to raise."""
        if self._thread is not None and self._thread != _thread.get_ident():
            raise ProgrammingError(
                "SQLite objects created in a thread can only be used in that same thread. "
                f"The object was created in thread id {self._thread} and this is thread id {_thread.get_ident()}.")

    def _failure(self, e):
        """The exception to raise for one that came out of running a statement: the sqlite3
        exception of a user function or aggregate that failed during it, else the
        translation of the language's error."""
        kept = self._callback_error
        self._callback_error = None
        if kept is not None:
            return kept
        if isinstance(e, _CallbackError):
            return e.args[0]
        return _translate(e)

    def _last_insert_rowid(self, readonly):
        """SQLite's last_insert_rowid() after a statement, asked of the connection only after
        one that may write: a read-only statement leaves it as it was (a function it calls
        that writes does so through this module, which asks then). None: not known (after a
        failed write or executemany), asked at the next statement."""
        if not readonly or self._lastrowid is None:
            self._lastrowid = self._handle.lastInsertRowid
        return self._lastrowid

    def _execute_simple(self, sql):
        try:
            result = self._check().execute(sql)
            if result is not None and type(result) is not int:
                for _ in result:
                    pass
        except (_ForeignException, _CallbackError) as e:
            raise self._failure(e) from None

    @property
    def isolation_level(self):
        return self._isolation_level

    @isolation_level.setter
    def isolation_level(self, level):
        if level is not None:
            if not isinstance(level, str):
                raise TypeError("isolation_level must be str or None")
            if level.upper() not in _ISOLATION_LEVELS:
                raise ValueError(
                    "isolation_level string must be '', 'DEFERRED', 'IMMEDIATE', or 'EXCLUSIVE'")
        elif self._isolation_level is not None and not self._closed and self.in_transaction:
            self.commit()
        self._isolation_level = level
        self._begin = None

    @property
    def autocommit(self):
        return LEGACY_TRANSACTION_CONTROL if self._autocommit == -1 else self._autocommit

    @autocommit.setter
    def autocommit(self, value):
        if value is not True and value is not False and value != LEGACY_TRANSACTION_CONTROL:
            raise ValueError("autocommit must be True, False, or sqlite3.LEGACY_TRANSACTION_CONTROL")
        if value is True and self.in_transaction:
            self._execute_simple("COMMIT")
        elif value is False and not self.in_transaction:
            self._execute_simple("BEGIN")
        self._autocommit = -1 if value is not True and value is not False else value

    @property
    def in_transaction(self):
        return not self._check_open().autocommit

    @property
    def total_changes(self):
        return self._check_open().totalChanges

    def _begin_if_needed(self, handle):
        # sqlite3's legacy transaction control: a BEGIN before DML outside a transaction.
        attempts = 0
        while handle.autocommit:
            begin = self._begin
            if begin is None:
                begin = self._begin = handle.prepare("BEGIN " + self._isolation_level)
            try:
                begin()
                return
            except _ForeignException:
                # Another thread of a shared connection began one since autocommit was read
                # (threads may run between two calls into the language): it serves both. If
                # that thread has committed it already, this one begins again (seen once in
                # PythonThreadsTest: "cannot start a transaction within a transaction").
                attempts += 1
                if handle.autocommit and (self._thread is not None or attempts > 100):
                    raise

    # -- statements

    def _statement(self, sql):
        """The cached prepared statement for ``sql`` (a fresh one while the cached one is busy
        with an unfinished cursor), or None for text without a statement."""
        if not isinstance(sql, str):
            raise TypeError(f"execute() argument 1 must be str, not {type(sql).__name__}")
        handle = self._check()
        statement = self._cache.get(sql)
        if statement is not None and not statement.busy():
            return statement
        if not sql.isascii():
            _encodable(sql)
        if self._sql_length_limit is not None and len(sql.encode("utf-8", "surrogatepass")) > self._sql_length_limit:
            # sqlite3's own check (SQLite's message would depend on how the text is passed).
            raise DataError("query string is too large")
        try:
            statement = _Statement(handle.prepare(sql), sql)
        except _ForeignException as e:
            if getattr(e, "primaryCode", None) == 21 and str(getattr(e, "message", "")).startswith("no SQL statement"):
                return None
            raise _translate(e) from None
        cache = self._cache
        if sql not in cache:
            if len(cache) >= self._cache_size > 0:
                del cache[next(iter(cache))]
            if self._cache_size > 0:
                cache[sql] = statement
        return statement

    # -- the DB-API

    def cursor(self, factory=None):
        if self._closed or (self._thread is not None and self._thread != _thread.get_ident()):
            self._check()
        if factory is None:
            cursor = Cursor(self)
        else:
            cursor = factory(self)
            if not isinstance(cursor, Cursor):
                raise TypeError("factory must return a cursor, not " + type(cursor).__name__)
        row_factory = self.row_factory
        if row_factory is not None and cursor.row_factory is None:
            cursor.row_factory = row_factory
        return cursor

    def execute(self, sql, parameters=(), /):
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql, parameters, /):
        return self.cursor().executemany(sql, parameters)

    def executescript(self, sql_script, /):
        return self.cursor().executescript(sql_script)

    def commit(self):
        handle = self._check()
        if self._autocommit is True:
            return
        if not handle.autocommit:
            self._end_transaction("COMMIT")
        if self._autocommit is False:
            self._execute_simple("BEGIN")

    def rollback(self):
        handle = self._check()
        if self._autocommit is True:
            return
        if not handle.autocommit:
            self._end_transaction("ROLLBACK")
        if self._autocommit is False:
            self._execute_simple("BEGIN")

    def _end_transaction(self, sql):
        """COMMIT or ROLLBACK of the open transaction. On a shared connection another thread
        may have ended it since autocommit was read (threads run between two calls into the
        language): then nothing is left to end, as when commit() finds no transaction."""
        try:
            self._execute_simple(sql)
        except OperationalError as e:
            # (A new transaction may have begun since, on another thread: it is not this one's.)
            if self._thread is not None or not str(e).endswith(" - no transaction is active"):
                raise

    def close(self):
        self._check_thread()
        if self._closed:
            return
        handle = self._handle
        if self._autocommit is False and not handle.autocommit:
            try:
                self._execute_simple("ROLLBACK")
            except Error:
                pass
        self._closed = True
        self._cache.clear()
        self._begin = None
        for blob in list(self._blobs or ()):
            blob.close()
        try:
            handle.close()
        except _ForeignException as e:
            raise _translate(e) from None

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self._closed:
            return False
        if exc_type is None:
            try:
                self.commit()
            except BaseException:
                self.rollback()
                raise
        else:
            self.rollback()
        return False

    # -- user functions

    def serialize(self, *, name="main"):
        """The database ``name`` as the bytes of its file (sqlite3_serialize)."""
        handle = self._check()
        try:
            data = handle.serialize(name)
        except _ForeignException as e:
            raise _translate(e) from None
        if data is None:
            raise OperationalError("unable to serialize '%s'" % name)
        return bytes(data)

    def deserialize(self, data, /, *, name="main"):
        """Replaces the database ``name`` by the one in ``data``, the bytes of a database file."""
        handle = self._check()
        try:
            # A str is taken as its UTF-8 bytes, as sqlite3 takes it.
            data = data.encode() if isinstance(data, str) else memoryview(data).tobytes()
        except TypeError:
            raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__) from None
        try:
            handle.deserialize(data, name)
        except _ForeignException as e:
            raise _translate(e) from None

    def iterdump(self):
        """The database as SQL text, one statement at a time, as sqlite3 writes it: a
        transaction with the tables and their rows, then indexes, triggers and views."""
        self._check()
        return _dump(self)

    def backup(self, target, *, pages=-1, progress=None, name="main", sleep=0.250):
        """Copies database ``name`` of this connection over ``target``'s main database with
        SQLite's online backup, ``pages`` at a time (0 or less: all at once), calling
        ``progress(status, remaining, total)`` after each step and waiting ``sleep`` seconds
        when a database is busy or locked."""
        handle = self._check()
        if not isinstance(target, Connection):
            raise TypeError("backup() argument 'target' must be sqlite3.Connection, not %s" % type(target).__name__)
        if target is self:
            raise ValueError("target cannot be the same connection instance")
        target_handle = target._check()
        if progress is not None and not callable(progress):
            raise TypeError("progress argument must be a callable")
        if not isinstance(name, str):
            raise TypeError("backup() argument 'name' must be str, not %s" % type(name).__name__)
        if progress is not None:
            told = progress

            def progress(status, remaining, total):
                told(status, remaining, total)  # what it returns changes nothing, as in sqlite3
        try:
            handle.backup(target_handle, name, pages if pages > 0 else -1, progress, int(sleep * 1000))
        except _ForeignException as e:
            raise _translate(e) from None

    def create_collation(self, name, callable_, /):
        """Registers ``callable_(a, b)`` as the collation ``name``: it orders two strings by
        the sign of the int it returns (anything else counts as equal, as in sqlite3); None
        removes the collation. What it raises comes out of the statement that used it."""
        handle = self._check()
        if not isinstance(name, str):
            raise TypeError("create_collation() argument 1 must be str, not %s" % type(name).__name__)
        if callable_ is not None and not callable(callable_):
            raise TypeError("parameter must be callable")
        try:
            if callable_ is None:
                handle.createCollation(name, None)
            else:
                # The engine calls callable_ itself (see create_function for why) and orders by
                # the sign of an int result, of _collation_order(result) for anything else; a
                # bound method as its function and object, as create_function passes one.
                if type(callable_) is _MethodType:
                    handle.createCollation(name, callable_.__func__, _collation_order, callable_.__self__)
                else:
                    handle.createCollation(name, callable_, _collation_order)
        except _ForeignException as e:
            raise _translate(e) from None

    def create_function(self, name, narg, func, *, deterministic=False):
        """Registers ``func`` as the SQL function ``name`` of ``narg`` arguments (-1: any)."""
        handle = self._check()
        connection = self
        if func is None:
            raise NotSupportedError("removing a user function is not supported by Graalite")
        if not callable(func):
            raise TypeError("parameter must be callable")

        def failed(rethrow):
            try:
                rethrow()
            except BaseException:
                raise _callback_failed(connection, "user-defined function raised exception") from None

        # The engine calls ``func`` itself, in these conventions (UserFunction.GuestConventions
        # in the language): None for NULL, bytes for a BLOB, results other than int, float,
        # str, bool and None checked by _sql_result, and what func or that check raises
        # handed to ``failed`` to raise as sqlite3 does. No function of this module runs
        # between the statement and ``func``: on GraalPy 25, once a finalizer has run inside
        # a Python function, each call of it from a Python function that foreign code called
        # (a wrapper here) walks the stack and deoptimizes, 70 times slower.
        # A bound method goes as its function and object: GraalPy calls a bound method from
        # another language through a stack walk, 200 times slower than its function.
        conventions = [None, bytes, _sql_result, failed]
        try:
            if type(func) is _MethodType:
                handle.createFunction(name, narg, func.__func__, bool(deterministic), conventions, func.__self__)
            else:
                handle.createFunction(name, narg, func, bool(deterministic), conventions)
        except _ForeignException as e:
            raise _translate(e) from None

    def create_aggregate(self, name, n_arg, aggregate_class):
        """Registers an aggregate: ``aggregate_class()`` makes one object per group, SQL calls its
        ``step(*args)`` for each row and ``finalize()`` for the result."""
        handle = self._check()
        connection = self
        if aggregate_class is None:
            raise NotSupportedError("removing a user aggregate is not supported by Graalite")
        if not callable(aggregate_class):
            raise TypeError("parameter must be callable")

        # Registered as steppers (UserAggregate.ofSteppers in the language): start() makes the
        # group's object and hands the engine the function and object of its bound method
        # step, which the engine calls for each row itself, in the conventions of
        # create_function, with no function of this module between (see create_function for
        # why); finalize(object) ends the group. Not the bound method itself: GraalPy calls a
        # bound method from another language through a stack walk, 200 times slower.
        def start():
            try:
                instance = aggregate_class()
            except BaseException:
                raise _callback_failed(connection, "user-defined aggregate's '__init__' method raised error") from None
            # A method of its class goes as its function and the object; anything else
            # (missing, an attribute of the object's own, ...) is looked up per row, as sqlite3 does.
            return _method_stepper(instance, "step", connection)

        try:
            handle.createAggregate(name, n_arg, start, None, _aggregate_finalize(connection), [None, bytes, _sql_result, _aggregate_method_failed(connection, "step")])
        except _ForeignException as e:
            raise _translate(e) from None

    def create_window_function(self, name, num_params, aggregate_class, /):
        """Registers an aggregate window function: ``aggregate_class()`` makes one object per
        frame, with ``step(*args)`` and ``inverse(*args)`` as rows enter and leave the frame,
        ``value()`` for the current result and ``finalize()``; None removes the function."""
        handle = self._check()
        if aggregate_class is None:
            try:
                handle.createWindowFunction(name, num_params, None)
            except _ForeignException as e:
                raise _translate(e) from None
            return
        connection = self

        # Registered as window steppers (UserAggregate.ofWindowSteppers in the language), for the
        # reasons of create_aggregate: start() makes the frame's object and hands the engine the
        # function and object of each of its methods step, inverse and value, which the engine
        # calls for each row itself, each in conventions whose failure hook names the method;
        # finalize(object) ends it. Before, a module class stood between whose bound methods
        # the engine called: 20 times slower than CPython's sqlite3 over 100,000 rows.
        def start():
            try:
                instance = aggregate_class()
            except BaseException:
                raise _callback_failed(connection, "user-defined aggregate's '__init__' method raised error") from None
            return (_method_stepper(instance, "step", connection) + _method_stepper(instance, "inverse", connection)
                    + _method_stepper(instance, "value", connection))

        def value_result(value):
            # sqlite3's error for a value() result it cannot take (an OverflowError stays one:
            # _callback_failed reports it as SQLITE_TOOBIG).
            try:
                return _sql_result(value)
            except BaseException:
                raise _callback_failed(connection, "unable to set result from user-defined aggregate's 'value' method") from None

        def conventions(method, result=_sql_result):
            return [None, bytes, result, _aggregate_method_failed(connection, method)]

        try:
            handle.createWindowFunction(name, num_params, start, _aggregate_finalize(connection), conventions("step"), conventions("inverse"),
                                        conventions("value", value_result))
        except _ForeignException as e:
            raise _translate(e) from None

    def set_trace_callback(self, trace_callback):
        """Calls ``trace_callback(sql)`` with the text of each statement the module executes."""
        self._check()
        self._trace = trace_callback

    def blobopen(self, table, column, row, /, *, readonly=False, name="main"):
        """The BLOB in ``column`` of row ``row`` of ``table``, for reading and writing it in
        place (its size stays)."""
        handle = self._check()
        try:
            blob = Blob(self, handle.blobOpen(table, column, row, bool(readonly), name))
        except _ForeignException as e:
            raise _translate(e) from None
        if self._blobs is None:
            from _weakrefset import WeakSet
            self._blobs = WeakSet()
        self._blobs.add(blob)
        return blob

    def getlimit(self, category, /):
        """The connection's limit ``category`` (one of the SQLITE_LIMIT_* constants)."""
        return self._limit(category, -1)

    def setlimit(self, category, limit, /):
        """Sets limit ``category`` to ``limit`` (negative: unchanged); returns the limit before.
        While the length limits are lowered, statements run on SQLite's own VM."""
        return self._limit(category, limit)

    def _limit(self, category, limit):
        handle = self._check()
        if not SQLITE_LIMIT_LENGTH <= category <= SQLITE_LIMIT_WORKER_THREADS:
            raise ProgrammingError("'category' is out of bounds")
        try:
            before = handle.limit(category, limit)
            if category == SQLITE_LIMIT_SQL_LENGTH and limit >= 0:
                self._sql_length_limit = handle.limit(category, -1)
            return before
        except _ForeignException as e:
            raise _translate(e) from None

    def set_authorizer(self, authorizer_callback):
        """Calls ``authorizer_callback(action, arg1, arg2, db_name, trigger_or_view)`` for each
        action of a statement being prepared; it answers SQLITE_OK, SQLITE_DENY or
        SQLITE_IGNORE (anything but an int, or an exception, denies). None removes it."""
        handle = self._check()
        authorizer = None
        if authorizer_callback is not None:
            def authorizer(action, first, second, database, trigger):
                try:
                    answer = authorizer_callback(action, _py_value(first), _py_value(second), _py_value(database), _py_value(trigger))
                except BaseException:
                    _print_callback_traceback()
                    return SQLITE_DENY
                return int(answer) if isinstance(answer, int) else SQLITE_DENY
        try:
            handle.setAuthorizer(authorizer)
        except _ForeignException as e:
            raise _translate(e) from None

    def set_progress_handler(self, progress_handler, n):
        """Calls ``progress_handler()`` every ``n`` SQLite VM instructions; a true result, or
        an exception, stops the statement with ``OperationalError: interrupted``. None (or
        ``n`` <= 0) removes it. While one is set, statements run on SQLite's own VM."""
        handle = self._check()
        handler = None
        if progress_handler is not None:
            def handler():
                try:
                    return bool(progress_handler())
                except BaseException:
                    _print_callback_traceback()
                    return True
        try:
            handle.setProgressHandler(handler, n)
        except _ForeignException as e:
            raise _translate(e) from None

    def interrupt(self):
        """Makes the statement running on this connection stop with ``OperationalError:
        interrupted`` (sqlite3_interrupt), from any thread, as in sqlite3."""
        handle = self._check_open()
        if self._creator == _thread.get_ident():
            # Statements whose cursors were dropped before their last row still run in SQLite
            # until the statement is next used (CPython resets them when the cursor is freed):
            # they would make SQLite's interrupt stay in force for every statement after it.
            # Not from another thread: resetting a statement waits for the connection, which
            # the statement to interrupt holds.
            for statement in list(self._cache.values()):
                if statement.in_use is not False and not statement.busy():
                    statement.in_use = False
                    statement.close_result()
        handle.interrupt()

    def enable_load_extension(self, enable, /):
        """Lets ``load_extension`` and SQL's load_extension() load SQLite extensions (native
        libraries), or stops them (sqlite3_enable_load_extension)."""
        handle = self._check()
        if not isinstance(enable, int):
            raise TypeError(f"'{type(enable).__name__}' object cannot be interpreted as an integer")
        _sys.audit("sqlite3.enable_load_extension", self, bool(enable))
        try:
            handle.enableLoadExtension(bool(enable))
        except _ForeignException:
            raise OperationalError("Error enabling load extension") from None

    def load_extension(self, name, /, *, entrypoint=None):
        """Loads the SQLite extension in the shared library ``name`` (sqlite3_load_extension),
        through ``entrypoint`` or the entry point SQLite derives from the file name."""
        handle = self._check()
        if not isinstance(name, str):
            raise TypeError(f"load_extension() argument must be str, not {type(name).__name__}")
        if entrypoint is not None and not isinstance(entrypoint, str):
            raise TypeError(f"load_extension() argument 'entrypoint' must be str or None, not {type(entrypoint).__name__}")
        _sys.audit("sqlite3.load_extension", self, name)
        # (The language resolves a relative path against the context's working directory.)
        try:
            handle.loadExtension(name, entrypoint)
        except _ForeignException as e:
            raise _translate(e) from None

    def setconfig(self, op, enable=True, /):
        """Sets the connection option ``op`` (one of the ``SQLITE_DBCONFIG_*`` codes) on or off
        (sqlite3_db_config), as Python 3.12's sqlite3."""
        handle = self._config_handle(op)
        enable = bool(enable)
        try:
            actual = handle.flag(op, enable)
        except _ForeignException as e:
            raise _translate(e) from None
        if actual != enable:
            raise OperationalError("Unable to set config")

    def getconfig(self, op, /):
        """Whether the connection option ``op`` (one of the ``SQLITE_DBCONFIG_*`` codes) is on."""
        handle = self._config_handle(op)
        try:
            return handle.flag(op)
        except _ForeignException as e:
            raise _translate(e) from None

    def _config_handle(self, op):
        handle = self._check()
        if not isinstance(op, int):
            raise TypeError(f"'{type(op).__name__}' object cannot be interpreted as an integer")
        if not SQLITE_DBCONFIG_ENABLE_FKEY <= op <= SQLITE_DBCONFIG_TRUSTED_SCHEMA:
            raise ValueError(f"unknown config 'op': {op}")
        return handle


def _dump(connection):
    """Yields the database of ``connection`` as SQL text (see Connection.iterdump)."""
    cursor = connection.cursor()
    yield "BEGIN TRANSACTION;"
    schema_writable = False
    sequence = []
    tables = cursor.execute("SELECT name, sql FROM sqlite_master WHERE sql NOT NULL AND type == 'table' ORDER BY name").fetchall()
    for name, sql in tables:
        if name == "sqlite_sequence":
            # Its rows go last, after the tables whose AUTOINCREMENT they describe.
            sequence = ['DELETE FROM "sqlite_sequence";'] + list(_dump_rows(cursor, name))
            continue
        if name == "sqlite_stat1":
            yield 'ANALYZE "sqlite_master";'
        elif name.startswith("sqlite_"):
            continue
        elif sql.startswith("CREATE VIRTUAL TABLE"):
            # A virtual table is a row of sqlite_master, written directly.
            if not schema_writable:
                yield "PRAGMA writable_schema=ON;"
                schema_writable = True
            yield "INSERT INTO sqlite_master(type,name,tbl_name,rootpage,sql)VALUES('table','{0}','{0}',0,'{1}');".format(
                name.replace("'", "''"), sql.replace("'", "''"))
        else:
            yield sql + ";"
        yield from _dump_rows(cursor, name)
    schema = cursor.execute("SELECT sql FROM sqlite_master WHERE sql NOT NULL AND type IN ('index', 'trigger', 'view')").fetchall()
    for (sql,) in schema:
        yield sql + ";"
    if schema_writable:
        yield "PRAGMA writable_schema=OFF;"
    yield from sequence
    yield "COMMIT;"


def _dump_rows(cursor, table):
    """The rows of ``table`` as INSERT statements, each value written by SQLite's quote()."""
    identifier = table.replace('"', '""')
    columns = [row[1] for row in cursor.execute('PRAGMA table_info("{0}")'.format(identifier)).fetchall()]
    values = " || ',' || ".join('quote("{0}")'.format(column.replace('"', '""')) for column in columns)
    query = "SELECT 'INSERT INTO \"{0}\" VALUES(' || {1} || ')' FROM \"{2}\"".format(identifier.replace("'", "''"), values, identifier)
    for (statement,) in cursor.execute(query).fetchall():
        yield statement + ";"


# ---------------------------------------------------------------------------------------
# Blob


class Blob:
    """An open BLOB (Connection.blobopen): a file-like object over its bytes, with a
    position, and indexing by byte or slice that leaves the position as it is."""

    def __init__(self, connection, handle):
        self._connection = connection
        self._handle = handle
        self._size = handle.size
        self._offset = 0
        self._closed = False

    def _check(self):
        self._connection._check()
        if self._closed:
            raise ProgrammingError("Cannot operate on a closed blob.")
        return self._handle

    def _read(self, offset, length):
        try:
            return bytes(self._check().read(offset, length))
        except _ForeignException as e:
            raise _translate(e) from None

    def _write(self, offset, data):
        try:
            self._check().write(offset, data)
        except _ForeignException as e:
            raise _translate(e) from None

    def close(self):
        self._connection._check_thread()
        if not self._closed:
            self._closed = True
            try:
                self._handle.close()
            except _ForeignException as e:
                raise _translate(e) from None

    def __len__(self):
        self._check()
        return self._size

    def read(self, length=-1, /):
        self._check()
        remaining = self._size - self._offset
        if length < 0 or length > remaining:
            length = remaining
        data = self._read(self._offset, length) if length > 0 else b""
        self._offset += length
        return data

    def write(self, data, /):
        self._check()
        data = memoryview(data).tobytes()
        if len(data) > self._size - self._offset:
            raise ValueError("data longer than blob length")
        self._write(self._offset, data)
        self._offset += len(data)

    def tell(self):
        self._check()
        return self._offset

    def seek(self, offset, origin=0, /):
        self._check()
        if origin == 0:
            base = 0
        elif origin == 1:
            base = self._offset
        elif origin == 2:
            base = self._size
        else:
            raise ValueError("'origin' should be os.SEEK_SET, os.SEEK_CUR, or os.SEEK_END")
        position = base + offset
        if not 0 <= position <= self._size:
            raise ValueError("offset out of blob range")
        self._offset = position

    def _index(self, index):
        index = _operator.index(index)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("Blob index out of range")
        return index

    def __getitem__(self, key):
        self._check()
        if isinstance(key, slice):
            start, stop, step = key.indices(self._size)
            if step == 1:
                return self._read(start, stop - start) if stop > start else b""
            return self._read(0, self._size)[start:stop:step] if self._size else b""
        if not hasattr(key, "__index__"):
            raise TypeError("Blob indices must be integers")
        return self._read(self._index(key), 1)[0]

    def __setitem__(self, key, value):
        self._check()
        if isinstance(key, slice):
            start, stop, step = key.indices(self._size)
            data = memoryview(value).tobytes()
            if len(data) != len(range(start, stop, step)):
                raise IndexError("Blob slice assignment is wrong size")
            if not data:
                return
            if step == 1:
                self._write(start, data)
            else:
                whole = bytearray(self._read(0, self._size))
                whole[start:stop:step] = data
                self._write(0, bytes(whole))
            return
        if not hasattr(key, "__index__"):
            raise TypeError("Blob indices must be integers")
        byte = _operator.index(value)
        if not 0 <= byte < 256:
            raise ValueError("byte must be in range(0, 256)")
        self._write(self._index(key), bytes((byte,)))

    def __delitem__(self, key):
        raise TypeError("Blob doesn't support item deletion")

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()
        return False


# ---------------------------------------------------------------------------------------
# Cursor


class Cursor:
    """A cursor (sqlite3.Cursor): executes statements and fetches their rows."""

    def __init__(self, connection):
        if not isinstance(connection, Connection):
            raise TypeError("Cursor needs a Connection")
        self.connection = connection
        self.arraysize = 1
        self.row_factory = None
        self.description = None
        self.rowcount = -1
        self.lastrowid = None
        self._closed = False
        self._statement = None
        self._iterator = None
        self._rows = []
        self._position = 0
        self._batch = 1
        self._error = None
        self._converters = None

    # -- state

    def _check(self):
        if self._closed:
            raise ProgrammingError("Cannot operate on a closed cursor.")
        return self.connection._check()

    def _release(self):
        """Forgets the current statement, whether or not its rows were all read."""
        statement = self._statement
        if statement is None and not self._rows and self._iterator is None and self._error is None:
            # Nothing held (after DML, or rows read to the end): reading is cheaper than
            # writing the same values again before every statement of a loop.
            return
        self._statement = None
        self._iterator = None
        self._rows = []
        self._position = 0
        self._error = None
        if statement is not None:
            statement.in_use = False
            statement.close_result()
            if self.connection._cache.get(statement.sql) is not statement:
                # A statement prepared because the cached one was busy: not needed again.
                try:
                    statement.handle.close()
                except _ForeignException:
                    pass

    def _done(self):
        """The statement ran to its end (or failed): its rows are all read."""
        statement = self._statement
        if statement is not None and statement.is_dml:
            try:
                self.rowcount = self.connection._handle.changes
            except _ForeignException:
                pass
        self._release()

    def close(self):
        self.connection._check_thread()
        self._release()
        self._closed = True

    # -- executing

    def execute(self, sql, parameters=(), /):
        # The hot path of a DB-API program (a lookup per row of an outer loop) is kept small:
        # GraalPy inlines it into the caller's compiled loop only while it fits the inlining
        # budget, and what does not fit is a call per statement. Rare cases (a statement not
        # in the cache, tracing, DML's transaction control) are calls to other methods.
        connection = self.connection
        if self._closed or connection._closed or (connection._thread is not None and connection._thread != _thread.get_ident()):
            self._check()
        self._release()
        connection._callback_error = None
        self.description = None
        self.rowcount = -1
        statement = connection._cache.get(sql) if type(sql) is str else None
        if statement is None or (statement.in_use is not False and statement.busy()):
            statement = connection._statement(sql)
            if statement is None:
                return self
        if connection._thread is None:
            # A shared connection's statement is taken until it ends or a cursor holds its
            # rows: an execute() of the same text on another thread prepares another. (Only
            # there: a slot that also holds a function made the lookups of one thread slower.)
            statement.in_use = _running
        dml = statement.is_dml
        rows = None
        iterator = None
        pending = None
        locked = _set_gil_locked_during_interop(connection._thread is not None and (not _threads_possible or _one_thread()))
        try:
            arguments = statement.arguments(parameters)
            if connection._trace is not None:
                connection._trace(sql)
            if dml:
                self._before_dml(connection)
            result = statement.handle(*arguments)
            if type(result) is not int:
                # Runs the statement to its first row now, as sqlite3 does (side effects
                # and errors happen in execute(), not at the first fetch), and one row
                # further, as sqlite3 steps ahead: a one-row result is then finished and
                # its statement free for the next execute() at once.
                iterator = iter(result)
                rows = []
                try:
                    for row in iterator:
                        rows.append(self._convert_row(row, statement))
                        if len(rows) == 2:
                            break
                    else:
                        iterator = None
                except _UndecodableRow as e:
                    # sqlite3 raises at the fetch of that row, not here.
                    pending = e.error
                except (_ForeignException, _CallbackError) as e:
                    if not rows:
                        raise
                    # The first row came and the step after it failed: sqlite3 raises that
                    # at the first fetch, in place of the row (see _read_batch).
                    rows = []
                    iterator = None
                    pending = connection._failure(e)
            self.lastrowid = connection._last_insert_rowid(statement.readonly)
        except BaseException as e:
            statement.in_use = False
            if not isinstance(e, (_ForeignException, _CallbackError)):
                raise
            if not statement.readonly:
                connection._lastrowid = None
            raise connection._failure(e) from None
        finally:
            _set_gil_locked_during_interop(locked)
        if rows is None:
            statement.in_use = False
            if dml:
                self.rowcount = result
            return self
        self.description = statement.description(connection.detect_types, len(rows[0]) if rows else -1)
        self._rows = rows
        if pending is not None:
            self._error = pending
        if iterator is None:
            statement.in_use = False
            if dml:
                self.rowcount = connection._handle.changes
            return self
        # A weak reference, not a finalizer: a cursor dropped before its last row frees its
        # statement for the cache when the statement is next asked for. (Cursor.__del__ did
        # this before; on GraalPy 25 a finalizer that runs inside a user function, which the
        # collector decides, makes every later call of the function walk the stack and
        # deoptimize: 70 times slower, see the issue notes.)
        statement.in_use = _weakref.ref(self)
        statement.result = result
        self._statement = statement
        self._iterator = iterator
        self._batch = 4
        return self

    def _before_dml(self, connection):
        """sqlite3's rowcount of DML starts at 0; legacy transaction control opens a transaction."""
        self.rowcount = 0
        if connection._isolation_level is not None and connection._autocommit == -1:
            try:
                connection._begin_if_needed(connection._handle)
            except _ForeignException as e:
                raise _translate(e) from None

    def executemany(self, sql, seq_of_parameters, /):
        handle = self._check()
        self._release()
        connection = self.connection
        connection._callback_error = None
        statement = connection._statement(sql)
        self.description = None
        self.rowcount = -1
        if statement is None:
            return self
        if statement.readonly:
            raise ProgrammingError("executemany() can only execute DML statements.")
        dml = statement.is_dml
        if dml:
            self.rowcount = 0
        execute = statement.handle
        begin = dml and connection._isolation_level is not None and connection._autocommit == -1
        if connection._trace is not None:
            connection._trace(sql)
        if connection._thread is None:
            statement.in_use = _running
        try:
            with _gil_locked_during_interop(connection._thread is not None and (not _threads_possible or _one_thread())):
                for parameters in seq_of_parameters:
                    arguments = statement.arguments(parameters)
                    if begin:
                        connection._begin_if_needed(handle)
                    result = execute(*arguments)
                    if type(result) is int:
                        if dml:
                            self.rowcount += result
                    elif result is not None:
                        for _ in result:
                            pass
                        if dml:
                            self.rowcount += handle.changes
        except BaseException as e:
            # As sqlite3: a failed executemany() counts no rows (-1), whatever failed.
            self.rowcount = -1
            if not isinstance(e, (_ForeignException, _CallbackError)):
                raise
            raise self.connection._failure(e) from None
        finally:
            statement.in_use = False
            connection._lastrowid = None
        return self

    def executescript(self, sql_script, /):
        handle = self._check()
        self._release()
        if not isinstance(sql_script, str):
            raise ValueError("script argument must be unicode.")
        if not sql_script.isascii():
            _encodable(sql_script)
        connection = self.connection
        connection._callback_error = None
        if connection._autocommit == -1 and not handle.autocommit:
            connection._execute_simple("COMMIT")
        self.description = None
        self.rowcount = -1
        connection._lastrowid = None
        for text in _split(sql_script):
            if connection._trace is not None:
                connection._trace(text)
            try:
                result = handle.execute(text)
                if result is not None and type(result) is not int:
                    for _ in result:
                        pass
            except (_ForeignException, _CallbackError) as e:
                raise self.connection._failure(e) from None
        self.lastrowid = connection._last_insert_rowid(False)
        return self

    # -- rows

    def _convert_row(self, row, statement):
        """A row of the language as the tuple sqlite3 gives (before the row factory)."""
        values = tuple(row)
        connection = self.connection
        if connection.text_factory is not str or connection.detect_types:
            if _ForeignList not in map(type, values):
                return self._slow_convert(values, statement)
            values = self._foreign_values(row, values)
            if _RawText not in map(type, values):
                return self._slow_convert(values, statement)
            # What the text_factory and converters did not take raises (the default text_factory).
            return _decoded(self._slow_convert(values, statement), statement)
        if _ForeignList in map(type, values):
            values = self._plain_values(row, values, statement)
        return values

    def _foreign_values(self, row, values):
        """The row's BLOB objects as bytes, and its TEXT that is not valid UTF-8 (which the
        language hands out as bytes too) as _RawText."""
        kinds = self.connection._handle.invalidTextColumns(row)
        if "1" not in kinds:
            return tuple([bytes(v) if type(v) is _ForeignList else v for v in values])
        return tuple([(_RawText(bytes(v)) if kinds[i] == "1" else bytes(v)) if type(v) is _ForeignList else v
                      for i, v in enumerate(values)])

    def _plain_values(self, row, values, statement):
        """_foreign_values with the default text_factory and no converters: text that is not
        valid UTF-8 cannot be a str, and sqlite3 raises (_UndecodableRow)."""
        return _decoded(self._foreign_values(row, values), statement)

    def _slow_convert(self, values, statement):
        connection = self.connection
        text_factory = connection.text_factory
        if text_factory is not str:
            values = tuple(text_factory(v.encode("utf-8")) if type(v) is str else text_factory(v.raw) if type(v) is _RawText else v
                           for v in values)
        if connection.detect_types and converters:
            if self._converters is None or self._converters[0] is not statement:
                self._converters = (statement, self._column_converters(statement))
            functions = self._converters[1]
            if any(f is not None for f in functions):
                out = []
                for value, function in zip(values, functions):
                    if function is not None and value is not None:
                        if type(value) is str:
                            value = value.encode("utf-8")
                        elif type(value) is _RawText:
                            value = value.raw
                        elif type(value) is float:
                            value = repr(value).encode("ascii")
                        elif type(value) is int:
                            value = str(value).encode("ascii")
                        value = function(value)
                    out.append(value)
                values = tuple(out)
        return values

    def _column_converters(self, statement):
        detect = self.connection.detect_types
        declared = None
        result = []
        for i, name in enumerate(statement.columns):
            function = None
            if detect & PARSE_COLNAMES and "[" in name:
                start = name.find("[")
                end = name.find("]", start)
                if end > start:
                    function = converters.get(name[start + 1:end].upper())
            if function is None and detect & PARSE_DECLTYPES:
                if declared is None:
                    declared = list(statement.handle.declaredTypes)
                decl = declared[i]
                if decl:
                    key = decl.split("(", 1)[0].strip().split(" ", 1)[0]
                    function = converters.get(key.upper())
            result.append(function)
        return result

    def __iter__(self):
        return self

    def __next__(self):
        rows = self._rows
        position = self._position
        owner = self.connection._thread
        if owner is not None and owner != _thread.get_ident():
            self.connection._check_thread()
        if position < len(rows):
            self._position = position + 1
            row = rows[position]
        elif self._iterator is None and self._error is None and not self._closed:
            # The statement ended and its rows are read: StopIteration is raised here, in
            # the method that GraalPy inlines into the caller's loop, where it costs a jump;
            # raised out of a method compiled apart it is a real exception through compiled
            # frames (microseconds, for each one-row lookup of a nested loop).
            if rows:
                self._rows = []
                self._position = 0
            raise StopIteration
        else:
            row = self._read_batch()
        factory = self.row_factory
        if factory is not None:
            return factory(self, row)
        return row

    def _read_batch(self):
        """Reads the next rows into the buffer and returns the first, or raises StopIteration.

        Rows are read ahead in batches (after the two rows of execute(): 4, 8, 16... up to
        256 rows) with the GIL held during the interop calls, so that a loop over many rows
        pays for neither a lock hand-over per value nor a context manager per row, while the
        GIL is never left held between two calls into the module. An error that stops the
        statement is raised in place of the last row read before it: sqlite3 steps one row
        ahead of the row it hands out, and drops that row when the step fails."""
        error = self._error
        if error is not None:
            if not _stays_on_row(error):
                self._error = None
            raise error
        iterator = self._iterator
        if iterator is None:
            if self._closed:
                self._check()
            self._rows = []
            self._position = 0
            raise StopIteration
        size = self._batch
        if size < 256:
            self._batch = size * 2
        rows = []
        finished = True
        try:
            with _gil_locked_during_interop(self.connection._thread is not None and (not _threads_possible or _one_thread())):
                connection = self.connection
                if connection.text_factory is str and not connection.detect_types:
                    for row in iterator:
                        values = tuple(row)
                        if _ForeignList in map(type, values):
                            values = self._plain_values(row, values, self._statement)
                        rows.append(values)
                        if len(rows) == size:
                            finished = False
                            break
                else:
                    statement = self._statement
                    for row in iterator:
                        rows.append(self._convert_row(row, statement))
                        if len(rows) == size:
                            finished = False
                            break
        except (_ForeignException, _CallbackError) as e:
            error = self.connection._failure(e)
            if rows:
                rows.pop()
        except _UndecodableRow as e:
            # The rows before it are fetched; the statement stays on that row (see _UndecodableRow).
            error = e.error
            finished = False
        if finished:
            self._done()
        self._rows = rows
        if not rows:
            self._position = 0
            if error is not None:
                raise error from None
            raise StopIteration
        self._error = error
        self._position = 1
        return rows[0]

    def fetchone(self):
        self._check()
        try:
            return self.__next__()
        except StopIteration:
            return None

    def fetchmany(self, size=None):
        self._check()
        if size is None:
            size = self.arraysize
        rows = []
        if size <= 0:
            return rows
        for row in self:
            rows.append(row)
            if len(rows) >= size:
                break
        return rows

    def fetchall(self):
        self._check()
        rows = self._rows[self._position:]
        self._rows = []
        self._position = 0
        error = self._error
        iterator = self._iterator
        if error is None and iterator is not None:
            try:
                with _gil_locked_during_interop(self.connection._thread is not None and (not _threads_possible or _one_thread())):
                    connection = self.connection
                    if connection.text_factory is str and not connection.detect_types:
                        for row in iterator:
                            values = tuple(row)
                            if _ForeignList in map(type, values):
                                values = self._plain_values(row, values, self._statement)
                            rows.append(values)
                    else:
                        statement = self._statement
                        for row in iterator:
                            rows.append(self._convert_row(row, statement))
            except (_ForeignException, _CallbackError) as e:
                error = self.connection._failure(e)
            except _UndecodableRow as e:
                error = e.error
        if _stays_on_row(error):
            # The statement stays on the row that cannot be decoded, as in sqlite3: this and
            # every later fetch raise the same error (the rows before it are not returned).
            self._error = error
        else:
            self._done()
        if error is not None:
            raise error from None
        factory = self.row_factory
        if factory is not None:
            rows = [factory(self, row) for row in rows]
        return rows

    # -- the rest of PEP 249

    def setinputsizes(self, sizes, /):
        pass

    def setoutputsize(self, size, column=None, /):
        pass


# ---------------------------------------------------------------------------------------
# Row


class Row:
    """sqlite3.Row: a row that reads by index and by column name (case-insensitive)."""

    __slots__ = ("_names", "_values")

    def __init__(self, cursor, data, /):
        if not isinstance(cursor, Cursor):
            raise TypeError("Row() argument 1 must be a Cursor")
        if type(data) is not tuple:
            raise TypeError("Row() argument 2 must be a tuple")
        description = cursor.description
        self._names = tuple(d[0] for d in description) if description else ()
        self._values = data

    def __getitem__(self, key):
        if type(key) is str:
            names = self._names
            for i in range(len(names)):
                if names[i] == key:
                    return self._values[i]
            lowered = key.lower()
            for i in range(len(names)):
                if names[i].lower() == lowered:
                    return self._values[i]
            raise IndexError("No item with that key")
        return self._values[key]

    def keys(self):
        return list(self._names)

    def __len__(self):
        return len(self._values)

    def __iter__(self):
        return iter(self._values)

    def __eq__(self, other):
        if not isinstance(other, Row):
            return NotImplemented
        return self._names == other._names and self._values == other._values

    def __ne__(self, other):
        if not isinstance(other, Row):
            return NotImplemented
        return not self == other

    def __hash__(self):
        return hash(self._names) ^ hash(self._values)

    def __repr__(self):
        return f"<sqlite3.Row object at {id(self):#x}>"

