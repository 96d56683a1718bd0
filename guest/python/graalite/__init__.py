"""Graalite's Python API: SQLite's bytecode on GraalVM, reached through the APIs Python
programs already use.

``graalite.sqlite3`` is a DB-API 2.0 (PEP 249) module with the interface of CPython's
``sqlite3``: a program written for ``sqlite3`` runs on Graalite when its import becomes
``import graalite.sqlite3 as sqlite3``. It needs GraalPy in a context where the ``sql``
language is installed and polyglot access is allowed (``bin/graalite run`` and the project's
tests give both).
"""
