// Graalite's JavaScript API, in the style of better-sqlite3 (its docs/api.md):
//
//   const Database = require('graalite');        // better-sqlite3: require('better-sqlite3')
//   const db = new Database('foobar.db');
//   const row = db.prepare('SELECT * FROM users WHERE id = ?').get(userId);
//
// Database: new Database(path?, {readonly, fileMustExist, timeout, verbose}), prepare, exec,
// transaction (with .deferred/.immediate/.exclusive and nesting as savepoints), pragma,
// function, aggregate, table, close, and the properties name, open, inTransaction, readonly, memory.
// Statement: run, get, all, iterate, pluck, raw, expand, columns, bind, toString, and the
// properties database, source, reader, readonly, busy. Errors from SQLite are SqliteError
// objects whose code is the extended result code's name ('SQLITE_CONSTRAINT_UNIQUE').
//
// Each Database is a connection object of the sql language, opened through the polyglot
// binding `sql` (Polyglot.import('sql').open(path)): the context needs polyglot access.
// Numbers bind as REAL and BigInts as INTEGER, and so do the values functions and aggregates
// return, as in better-sqlite3 (`SELECT ? / 2` with 7 gives 3.5).
// Differences from better-sqlite3: BLOBs come back as Uint8Array (there is no Node.js Buffer
// here) and bind from any typed array or ArrayBuffer view; Statement#toString() does not
// expand bound parameters.
// Safe integers work as in better-sqlite3 for statements, functions, aggregates and virtual
// tables (the language tells which arguments are INTEGERs). table() defines virtual tables as better-sqlite3
// does (eponymous tables and factories for CREATE VIRTUAL TABLE; a Buffer argument reaches
// the generator as a Uint8Array). backup()
// copies at once and returns a settled promise; serialize() gives a Uint8Array, which
// new Database(bytes) opens as an in-memory copy. loadExtension() needs a context that
// allows native access.
//
// Loading: `require('graalite')` or `import Database from 'graalite'` where the context maps
// the module name to this file (bin/graalite run does: js.commonjs-require with
// js.commonjs-core-modules-replacements), or `load('.../graalite.js')`, which defines the
// global Database.
(function (exportModule) {
  'use strict';

  let root = null;

  /** The polyglot binding `sql` (the context's own connection object): it opens ours. */
  function sqlRoot() {
    if (root === null) {
      // Initializes the sql language in this context, which publishes the binding.
      Polyglot.eval('sql', '-- graalite.js');
      root = Polyglot.import('sql');
      if (root == null) {
        throw new Error("graalite: the polyglot binding 'sql' is missing");
      }
    }
    return root;
  }

  // -----------------------------------------------------------------------------------------
  // Errors

  class SqliteError extends Error {
    constructor(message, code) {
      if (typeof code !== 'string') {
        throw new TypeError('Expected second argument to be a string');
      }
      super('' + message);
      this.code = code;
    }
  }
  Object.defineProperty(SqliteError.prototype, 'name', {
    value: 'SqliteError', writable: true, enumerable: false, configurable: true,
  });

  /**
   * better-sqlite3 binds numbers, strings, bigints, byte arrays and null, and refuses the rest
   * with this error; the language would bind a boolean as 1 or 0 (what other guests want), so
   * the module refuses booleans itself.
   */
  function cannotBind() {
    return new TypeError('SQLite3 can only bind numbers, strings, bigints, buffers, and null');
  }

  /** The JavaScript error for an exception of the sql language (others unchanged). */
  function translate(e) {
    if (e !== null && typeof e === 'object' && !(e instanceof SqliteError)
        && typeof e.codeName === 'string' && typeof e.primaryCode === 'number') {
      const message = e.message;
      if (e.primaryCode === 21 && message === 'the database connection is closed') {
        return new TypeError('The database connection is not open');
      }
      if (e.primaryCode === 20 && /cannot bind a value of this type/.test(message)) {
        return cannotBind();
      }
      return new SqliteError(message, e.codeName);
    }
    return e;
  }

  // -----------------------------------------------------------------------------------------
  // Values

  /** A BLOB arrives as an array of its bytes: a Uint8Array copy of it. */
  function toBytes(value) {
    return Uint8Array.from(value);
  }

  /**
   * A value of a row or a function argument as JavaScript sees it in better-sqlite3: a BLOB as
   * a Uint8Array, an INTEGER as a number (an integer beyond 2^53 too, rounded: GraalJS would
   * keep it as an exact 64-bit value that JSON.stringify and === treat apart).
   */
  function jsValue(value) {
    return typeof value === 'object' && value !== null ? Uint8Array.from(value) : typeof value === 'number' ? +value : value;
  }

  // sqlite3_db_config's options for double-quoted string literals (sqlite3.h).
  const SQLITE_DBCONFIG_DQS_DML = 1013;
  const SQLITE_DBCONFIG_DQS_DDL = 1014;

  const MAX_INT64 = 2n ** 63n - 1n;
  const MIN_INT64 = -(2n ** 63n);

  /** better-sqlite3's check of a BigInt parameter: it must be a 64-bit integer. */
  function checkInt64(value) {
    if (value > MAX_INT64 || value < MIN_INT64) throw new RangeError('The bound string, buffer, or bigint is too big');
  }

  /**
   * Row {@code r} of a statement in safe-integers mode, as an array whose INTEGER values are
   * BigInts: the language tells which values are INTEGERs (a 3 and a 3.0 are the same
   * number to JavaScript), and BigInt of an integer the language handed over is exact.
   */
  function safeIntegerRow(handle, r) {
    const kinds = handle.integerColumns(r);
    const values = new Array(kinds.length);
    for (let i = 0; i < kinds.length; ++i) {
      values[i] = kinds.charCodeAt(i) === 49 ? BigInt(r[i]) : r[i];
    }
    return values;
  }

  function isBlob(value) {
    return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
  }

  function isPlainObject(value) {
    if (value === null || typeof value !== 'object') return false;
    const proto = Object.getPrototypeOf(value);
    return proto === null || Object.getPrototypeOf(proto) === null;
  }

  function boolOption(options, key) {
    let value = false;
    if (key in options && typeof (value = options[key]) !== 'boolean') {
      throw new TypeError(`Expected the "${key}" option to be a boolean`);
    }
    return value;
  }

  // Row builders: like better-sqlite3's rowFactory, one generated function per column list,
  // so that building a row is a plain object literal.
  function objectRow(columns) {
    if (columns.includes('__proto__')) {
      return (r) => {
        const row = {};
        for (let i = 0; i < columns.length; ++i) {
          Object.defineProperty(row, columns[i], { value: jsValue(r[i]), enumerable: true, writable: true, configurable: true });
        }
        return row;
      };
    }
    const properties = columns.map((name, i) => `${JSON.stringify(name)}: v(r[${i}])`).join(', ');
    return Function('v', `return (r) => ({${properties}});`)(jsValue);
  }

  function arrayRow(columns) {
    const elements = columns.map((_, i) => `v(r[${i}])`).join(', ');
    return Function('v', `return (r) => [${elements}];`)(jsValue);
  }

  function pluckRow() {
    return (r) => jsValue(r[0]);
  }

  function expandRow(columns, tables) {
    return (r) => {
      const row = {};
      for (let i = 0; i < columns.length; ++i) {
        const table = tables[i] == null ? '$' : tables[i];
        const part = row[table] || (row[table] = {});
        part[columns[i]] = jsValue(r[i]);
      }
      return row;
    };
  }

  // -----------------------------------------------------------------------------------------
  // Splitting SQL text into statements: SQLite's sqlite3_complete() state machine

  const SEMI = 0, WS = 1, OTHER = 2, EXPLAIN = 3, CREATE = 4, TEMP = 5, TRIGGER = 6, END = 7;
  const TRANS = [
    // SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END
    [1, 0, 2, 3, 4, 2, 2, 2], // 0 INVALID
    [1, 1, 2, 3, 4, 2, 2, 2], // 1 START
    [1, 2, 2, 2, 2, 2, 2, 2], // 2 NORMAL
    [1, 3, 3, 2, 4, 2, 2, 2], // 3 EXPLAIN
    [1, 4, 2, 2, 2, 4, 5, 2], // 4 CREATE
    [6, 5, 5, 5, 5, 5, 5, 5], // 5 TRIGGER
    [6, 6, 5, 5, 5, 5, 5, 7], // 6 SEMI
    [1, 7, 5, 5, 5, 5, 5, 5], // 7 END
  ];
  const KEYWORDS = { create: CREATE, trigger: TRIGGER, temp: TEMP, temporary: TEMP, end: END, explain: EXPLAIN };

  function isIdChar(c) {
    return /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;
  }

  /** The statements of a script, each with its semicolon; empty ones are skipped. */
  function splitStatements(sql) {
    const statements = [];
    let state = 0, start = 0, content = false, i = 0;
    const n = sql.length;
    while (i < n) {
      const c = sql[i];
      let token;
      if (c === ';') {
        token = SEMI; i += 1;
      } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
        token = WS; i += 1;
      } else if (c === '/' && sql[i + 1] === '*') {
        const j = sql.indexOf('*/', i + 2);
        if (j < 0) { i = n; break; }
        token = WS; i = j + 2;
      } else if (c === '-' && sql[i + 1] === '-') {
        const j = sql.indexOf('\n', i);
        token = WS; i = j < 0 ? n : j + 1;
      } else if (c === '[' || c === '`' || c === '"' || c === "'") {
        const j = sql.indexOf(c === '[' ? ']' : c, i + 1);
        if (j < 0) { i = n; content = true; break; }
        token = OTHER; i = j + 1;
      } else if (isIdChar(c)) {
        let j = i + 1;
        while (j < n && isIdChar(sql[j])) j += 1;
        token = KEYWORDS[sql.slice(i, j).toLowerCase()] || OTHER;
        i = j;
      } else {
        token = OTHER; i += 1;
      }
      if (token !== WS && token !== SEMI) content = true;
      state = TRANS[state][token];
      if (state === 1 && token === SEMI) {
        if (content) statements.push(sql.slice(start, i));
        start = i;
        content = false;
      }
    }
    if (content) statements.push(sql.slice(start));
    return statements;
  }

  // -----------------------------------------------------------------------------------------
  // Statement

  const NAMED = /^[:@$]/;

  function Statement(db, source, handle) {
    this._db = db;
    this._handle = handle;
    this._source = source;
    const columns = Array.from(handle.columns);
    this._columns = columns;
    this._reader = columns.length > 0;
    this._readonly = handle.readonly;
    const count = handle.parameterCount;
    this._count = count;
    const names = count > 0 ? Array.from(handle.parameters) : [];
    this._names = names.some((name) => name != null && NAMED.test(name)) ? names : null;
    this._mode = 'object';
    this._makeRow = null;
    this._bound = null;
    this._busy = false;
    this._safe = db._defaultSafe;
  }

  Object.defineProperties(Statement.prototype, {
    database: { get() { return this._db; }, enumerable: true },
    source: { get() { return this._source; }, enumerable: true },
    reader: { get() { return this._reader; }, enumerable: true },
    readonly: { get() { return this._readonly; }, enumerable: true },
    busy: { get() { return this._busy; }, enumerable: true },
  });

  /** The positional values of one execution (better-sqlite3's binding rules). */
  Statement.prototype._values = function (args) {
    if (this._bound !== null) {
      if (args.length > 0) throw new TypeError('This statement already has bound parameters');
      return this._bound;
    }
    const count = this._count;
    if (this._names === null) {
      let simple = true;
      for (let i = 0; i < args.length; ++i) {
        const a = args[i];
        if (typeof a === 'object' && a !== null && !isBlob(a)) { simple = false; break; }
        if (typeof a === 'bigint') checkInt64(a);
        else if (typeof a === 'boolean') throw cannotBind();
      }
      if (simple) {
        if (args.length !== count) {
          throw new RangeError(args.length < count ? 'Too few parameter values were provided' : 'Too many parameter values were provided');
        }
        return args;
      }
    }
    // In argument order, as better-sqlite3's Binder: anonymous values fill the anonymous
    // parameters, one plain object fills the named ones.
    const names = this._names;
    const values = new Array(count);
    let filled = 0;
    let next = 0;
    let named = null;
    const anonymous = (value) => {
      while (next < count && names !== null && names[next] != null && NAMED.test(names[next])) next += 1;
      if (next >= count) throw new RangeError('Too many parameter values were provided');
      values[next++] = value;
      filled += 1;
    };
    for (const a of args) {
      if (Array.isArray(a)) {
        for (const v of a) anonymous(v);
      } else if (typeof a === 'object' && a !== null && !isBlob(a) && isPlainObject(a)) {
        if (named !== null) throw new TypeError('You cannot specify named parameters in two different objects');
        named = a;
        for (let i = 0; i < count; ++i) {
          const name = names === null ? null : names[i];
          if (name != null && NAMED.test(name)) {
            const key = name.slice(1);
            if (!Object.prototype.hasOwnProperty.call(a, key)) {
              throw new RangeError(`Missing named parameter "${key}"`);
            }
            values[i] = a[key];
            filled += 1;
          }
        }
      } else if (typeof a === 'object' && a !== null && !isBlob(a) && names !== null) {
        throw new TypeError('Named parameters can only be passed within plain objects');
      } else {
        anonymous(a);
      }
    }
    if (filled < count) {
      if (named === null && names !== null) throw new TypeError('Missing named parameters');
      throw new RangeError('Too few parameter values were provided');
    }
    for (const v of values) {
      if (typeof v === 'bigint') checkInt64(v);
      else if (typeof v === 'boolean') throw cannotBind();
    }
    return values;
  };

  /** Runs the statement once: a QueryResult or the number of changed rows. */
  Statement.prototype._execute = function (args) {
    const db = this._db;
    if (!db._open) throw new TypeError('The database connection is not open');
    if (this._busy) throw new TypeError('This statement is busy executing a query');
    if (!this._readonly) db._checkIdle();
    const values = this._values(args);
    if (db._verbose !== null) db._verbose(this._source);
    db._callbackError = null;
    try {
      return callWith(this._handle, values);
    } catch (e) {
      throw db._failure(e);
    }
  };

  /**
   * Calls the prepared statement with {@code values} as its arguments. Up to four are passed
   * one by one: a spread call collects its arguments into a growing list on every call, which
   * was a tenth of the time of a loop of single-row INSERTs.
   */
  const callWith = (handle, values) => {
    switch (values.length) {
      case 0: return handle();
      case 1: return handle(values[0]);
      case 2: return handle(values[0], values[1]);
      case 3: return handle(values[0], values[1], values[2]);
      case 4: return handle(values[0], values[1], values[2], values[3]);
      default: return handle(...values);
    }
  };

  Statement.prototype._row = function () {
    let make = this._makeRow;
    if (make === null) {
      const columns = this._columns;
      switch (this._mode) {
        case 'raw': make = arrayRow(columns); break;
        case 'pluck': make = pluckRow(); break;
        case 'expand': make = expandRow(columns, Array.from(this._handle.tableNames)); break;
        default: make = objectRow(columns);
      }
      if (this._safe) {
        const plain = make;
        const handle = this._db._handle;
        make = (r) => plain(safeIntegerRow(handle, r));
      }
      this._makeRow = make;
    }
    return make;
  };

  /**
   * The row builder for the rows of an execution whose first row is {@code first}: a first row
   * of another width than the columns read at prepare means SQLite prepared the statement
   * again with other result columns (a SELECT * of a table another connection altered).
   */
  Statement.prototype._rowFor = function (first) {
    if (first.length !== this._columns.length) {
      this._columns = Array.from(this._handle.columns);
      this._makeRow = null;
    }
    return this._row();
  };

  Statement.prototype._requireReader = function () {
    if (!this._reader) throw new TypeError('This statement does not return data. Use run() instead');
  };

  Statement.prototype.run = function (...args) {
    const result = this._execute(args);
    const handle = this._db._handle;
    let changes;
    if (typeof result === 'number') {
      changes = result;
    } else {
      // A statement that returns rows (a SELECT, or DML with RETURNING) runs to its first row,
      // as in better-sqlite3 (RETURNING does all its changes in that first step).
      try {
        const iterator = result[Symbol.iterator]();
        iterator.next();
        result.close();
      } catch (e) {
        throw this._db._failure(e);
      }
      changes = this._readonly ? 0 : handle.changes;
    }
    const rowid = handle.lastInsertRowid;
    return { changes, lastInsertRowid: this._safe ? BigInt(rowid) : jsValue(rowid) };
  };

  Statement.prototype.get = function (...args) {
    this._requireReader();
    const result = this._execute(args);
    try {
      const first = result[Symbol.iterator]().next();
      const row = first.done ? undefined : this._rowFor(first.value)(first.value);
      result.close();
      return row;
    } catch (e) {
      throw this._db._failure(e);
    }
  };

  Statement.prototype.all = function (...args) {
    this._requireReader();
    const result = this._execute(args);
    let make = null;
    const rows = [];
    try {
      for (const r of result) {
        if (make === null) make = this._rowFor(r);
        rows.push(make(r));
      }
    } catch (e) {
      throw this._db._failure(e);
    }
    return rows;
  };

  Statement.prototype.iterate = function (...args) {
    this._requireReader();
    const result = this._execute(args);
    let make = null;
    const statement = this;
    statement._busy = true;
    statement._db._iterators++;
    const iterator = result[Symbol.iterator]();
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        statement._busy = false;
        statement._db._iterators--;
        try { result.close(); } catch (e) { /* the connection is closed: nothing to release */ }
      }
    };
    return {
      next() {
        if (done) return { value: undefined, done: true };
        let step;
        try {
          step = iterator.next();
        } catch (e) {
          finish();
          throw statement._db._failure(e);
        }
        if (step.done) {
          finish();
          return { value: undefined, done: true };
        }
        if (make === null) make = statement._rowFor(step.value);
        return { value: make(step.value), done: false };
      },
      return(value) {
        finish();
        return { value, done: true };
      },
      [Symbol.iterator]() {
        return this;
      },
    };
  };

  function toggle(statement, mode, state) {
    if (!statement._reader) {
      throw new TypeError(`The ${mode}() method is only for statements that return data`);
    }
    const on = state === undefined ? true : state;
    if (typeof on !== 'boolean') throw new TypeError('Expected first argument to be a boolean');
    if (on) {
      statement._mode = mode;
    } else if (statement._mode === mode) {
      statement._mode = 'object';
    }
    statement._makeRow = null;
    return statement;
  }

  Statement.prototype.pluck = function (state) { return toggle(this, 'pluck', state); };
  Statement.prototype.raw = function (state) { return toggle(this, 'raw', state); };
  Statement.prototype.expand = function (state) { return toggle(this, 'expand', state); };

  Statement.prototype.safeIntegers = function (state) {
    const on = state === undefined ? true : state;
    if (typeof on !== 'boolean') throw new TypeError('Expected first argument to be a boolean');
    if (on !== this._safe) {
      this._safe = on;
      this._makeRow = null;
    }
    return this;
  };

  Statement.prototype.columns = function () {
    this._requireReader();
    const handle = this._handle;
    const tables = Array.from(handle.tableNames);
    const origins = Array.from(handle.originNames);
    const types = Array.from(handle.declaredTypes);
    return this._columns.map((name, i) => ({
      name,
      column: origins[i] == null ? null : origins[i],
      table: tables[i] == null ? null : tables[i],
      // The language does not tell which database a column comes from: 'main' for table columns.
      database: tables[i] == null ? null : 'main',
      type: types[i] == null ? null : types[i],
    }));
  };

  Statement.prototype.bind = function (...args) {
    if (this._bound !== null) throw new TypeError('The bind() method can only be invoked once per statement object');
    this._bound = this._values(args).slice();
    return this;
  };

  Statement.prototype.toString = function () {
    return this._source;
  };

  // -----------------------------------------------------------------------------------------
  // Database

  function Database(filenameGiven, options) {
    if (new.target == null) {
      return new Database(filenameGiven, options);
    }
    if (filenameGiven == null) filenameGiven = '';
    if (options == null) options = {};
    // The bytes of a database (what serialize() gives): an in-memory copy of it.
    let serialized = null;
    if (isBlob(filenameGiven)) {
      serialized = filenameGiven;
      filenameGiven = ':memory:';
    }
    if (typeof filenameGiven !== 'string') throw new TypeError('Expected first argument to be a string');
    if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
    if ('readOnly' in options) throw new TypeError('Misspelled option "readOnly" should be "readonly"');
    if ('memory' in options) throw new TypeError('Option "memory" was removed in v7.0.0 (use ":memory:" filename instead)');

    const filename = filenameGiven.trim();
    const anonymous = filename === '' || filename === ':memory:';
    const readonly = boolOption(options, 'readonly');
    const fileMustExist = boolOption(options, 'fileMustExist');
    const timeout = 'timeout' in options ? options.timeout : 5000;
    const verbose = 'verbose' in options ? options.verbose : null;
    if (readonly && anonymous) throw new TypeError('In-memory/temporary databases cannot be readonly');
    if (!Number.isInteger(timeout) || timeout < 0) throw new TypeError('Expected the "timeout" option to be a positive integer');
    if (timeout > 0x7fffffff) throw new RangeError('Option "timeout" cannot be greater than 2147483647');
    if (verbose != null && typeof verbose !== 'function') throw new TypeError('Expected the "verbose" option to be a function');

    const sql = sqlRoot();
    let handle;
    try {
      if (fileMustExist && !anonymous && !readonly) {
        // Opening read-only fails when the file is missing, and creates nothing.
        sql.open(filename, true).close();
      }
      handle = readonly ? sql.open(filename, true) : sql.open(filename);
      // better-sqlite3 binds every number as REAL and stores every number a function or an
      // aggregate returns as REAL; BigInts are INTEGERs.
      handle.numbersAreReal(true);
    } catch (e) {
      throw translate(e);
    }
    this._handle = handle;
    this._name = filenameGiven;
    this._memory = anonymous;
    this._readonly = readonly;
    this._verbose = null;
    this._open = true;
    this._transactions = null;
    this._callbackError = null;
    // Open iterators: while there are any, better-sqlite3 refuses what could change the
    // database under them (writes, exec, pragma, close...) unless unsafeMode() is on.
    this._iterators = 0;
    this._unsafe = false;
    // defaultSafeIntegers(): new statements give INTEGERs as BigInt.
    this._defaultSafe = false;
    // Always: the language's own default is the context's sql.BusyTimeout option.
    this._run(`PRAGMA busy_timeout = ${timeout}`);
    // better-sqlite3 builds its SQLite with SQLITE_DEFAULT_FOREIGN_KEYS=1 and
    // SQLITE_DEFAULT_CACHE_SIZE=-16000: its programs count on foreign keys being enforced, and
    // run with a 16 MB page cache. Graalite's SQLite keeps SQLite's own defaults (off, 2 MB),
    // so this module sets both on each connection it opens.
    this._run('PRAGMA foreign_keys = ON');
    this._run('PRAGMA cache_size = -16000');
    // better-sqlite3 builds with SQLITE_DQS=0 too: a double-quoted word is always an
    // identifier ("no such column: "x" - should this be a string literal in single-quotes?"),
    // in statements and in the schema, never a string (SQLITE_DBCONFIG_DQS_DML and _DDL off).
    handle.flag(SQLITE_DBCONFIG_DQS_DML, false);
    handle.flag(SQLITE_DBCONFIG_DQS_DDL, false);
    // ... and with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1: a database in WAL mode commits with
    // synchronous=NORMAL (no fsync per commit) unless the program sets another level.
    handle.walSynchronous(1);
    if (serialized !== null) {
      try {
        handle.deserialize(serialized instanceof ArrayBuffer ? new Uint8Array(serialized) : serialized);
        // The database replaced has taken its page cache size along.
        this._run('PRAGMA cache_size = -16000');
      } catch (e) {
        // Bytes that are no database: as in better-sqlite3, the first statement reports it.
        const error = translate(e);
        if (!(error instanceof SqliteError) || error.code !== 'SQLITE_NOTADB') throw error;
      }
    }
    this._verbose = verbose || null;
  }

  Object.defineProperties(Database.prototype, {
    name: { get() { return this._name; }, enumerable: true },
    open: { get() { return this._open; }, enumerable: true },
    inTransaction: { get() { return this._open && !this._handle.autocommit; }, enumerable: true },
    readonly: { get() { return this._readonly; }, enumerable: true },
    memory: { get() { return this._memory; }, enumerable: true },
  });

  /**
   * The error to throw for one that came out of running a statement: the exception of a user
   * function or aggregate that failed during it, else the translation of the language's.
   */
  Database.prototype._failure = function (e) {
    const kept = this._callbackError;
    if (kept !== null) {
      this._callbackError = null;
      return kept;
    }
    return translate(e);
  };

  Database.prototype._check = function () {
    if (!this._open) throw new TypeError('The database connection is not open');
    return this._handle;
  };

  /** As _check, and no iterator is open (better-sqlite3's busy connection), unless in unsafe mode. */
  Database.prototype._checkIdle = function () {
    const handle = this._check();
    if (this._iterators > 0 && !this._unsafe) throw new TypeError('This database connection is busy executing a query');
    return handle;
  };

  /** Runs one statement of SQL text to its end. */
  Database.prototype._run = function (text) {
    const handle = this._check();
    if (this._verbose !== null) this._verbose(text);
    this._callbackError = null;
    try {
      const result = handle.execute(text);
      if (result != null && typeof result === 'object') {
        for (const _ of result) { /* runs it to its end */ }
      }
    } catch (e) {
      throw this._failure(e);
    }
  };

  Database.prototype.prepare = function (source) {
    if (typeof source !== 'string') throw new TypeError('Expected first argument to be a string');
    const handle = this._check();
    let statement;
    try {
      statement = handle.prepare(source);
    } catch (e) {
      if (e !== null && typeof e === 'object' && e.primaryCode === 21) {
        if (/^no SQL statement/.test(e.message)) throw new RangeError('The supplied SQL string contains no statements');
        if (/^more than one SQL statement/.test(e.message)) throw new RangeError('The supplied SQL string contains more than one statement');
      }
      throw translate(e);
    }
    return new Statement(this, source, statement);
  };

  Database.prototype.exec = function (source) {
    if (typeof source !== 'string') throw new TypeError('Expected first argument to be a string');
    this._checkIdle();
    for (const text of splitStatements(source)) {
      this._run(text);
    }
    return this;
  };

  Database.prototype.pragma = function (source, options) {
    if (options == null) options = {};
    if (typeof source !== 'string') throw new TypeError('Expected first argument to be a string');
    if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
    const simple = boolOption(options, 'simple');
    this._checkIdle();
    const statement = this.prepare(`PRAGMA ${source}`);
    if (!statement.reader) {
      statement.run();
      return simple ? undefined : [];
    }
    return simple ? statement.pluck().get() : statement.all();
  };

  Database.prototype.transaction = function (fn) {
    if (typeof fn !== 'function') throw new TypeError('Expected first argument to be a function');
    const db = this;
    let controller = this._transactions;
    if (controller === null) {
      const shared = {
        commit: this.prepare('COMMIT'),
        rollback: this.prepare('ROLLBACK'),
        savepoint: this.prepare('SAVEPOINT `\t_bs3.\t`'),
        release: this.prepare('RELEASE `\t_bs3.\t`'),
        rollbackTo: this.prepare('ROLLBACK TO `\t_bs3.\t`'),
      };
      controller = this._transactions = {
        default: Object.assign({ begin: this.prepare('BEGIN') }, shared),
        deferred: Object.assign({ begin: this.prepare('BEGIN DEFERRED') }, shared),
        immediate: Object.assign({ begin: this.prepare('BEGIN IMMEDIATE') }, shared),
        exclusive: Object.assign({ begin: this.prepare('BEGIN EXCLUSIVE') }, shared),
      };
    }
    const wrap = ({ begin, commit, rollback, savepoint, release, rollbackTo }) => function sqliteTransaction(...args) {
      let before, after, undo;
      if (db.inTransaction) {
        before = savepoint; after = release; undo = rollbackTo;
      } else {
        before = begin; after = commit; undo = rollback;
      }
      before.run();
      try {
        const result = fn.apply(this, args);
        if (result && typeof result.then === 'function') {
          throw new TypeError('Transaction function cannot return a promise');
        }
        after.run();
        return result;
      } catch (ex) {
        if (db.inTransaction) {
          undo.run();
          if (undo !== rollback) after.run();
        }
        throw ex;
      }
    };
    const properties = {
      default: { value: wrap(controller.default) },
      deferred: { value: wrap(controller.deferred) },
      immediate: { value: wrap(controller.immediate) },
      exclusive: { value: wrap(controller.exclusive) },
      database: { value: this, enumerable: true },
    };
    Object.defineProperties(properties.default.value, properties);
    Object.defineProperties(properties.deferred.value, properties);
    Object.defineProperties(properties.immediate.value, properties);
    Object.defineProperties(properties.exclusive.value, properties);
    return properties.default.value;
  };

  /**
   * A user function's or aggregate's result as a value the language takes, checked as
   * better-sqlite3 checks it (Data::ResultValueFromJS): numbers, strings, BigInts within 64
   * bits (INTEGER), byte arrays (any ArrayBuffer view), null and undefined (NULL); any other
   * value fails the call with better-sqlite3's error, which names the function.
   */
  function sqlResult(value, name) {
    switch (typeof value) {
      case 'number':
      case 'string':
        return value;
      case 'undefined':
        return null;
      case 'bigint':
        if (value <= MAX_INT64 && value >= MIN_INT64) return value;
        throw new RangeError(`User-defined function ${name}() returned a bigint that was too big`);
      case 'object':
        if (value === null || ArrayBuffer.isView(value)) return value;
      // fall through: any other object
      default:
        throw new TypeError(`User-defined function ${name}() returned an invalid value`);
    }
  }

  /**
   * The arguments of a call with better-sqlite3's safe integers, converted in place: the
   * language passes `kinds` first (the integer kinds of createFunction, createAggregate and
   * createWindowFunction: '1' for each INTEGER argument, '0' for the others), and an INTEGER
   * becomes the BigInt of its raw value, which is exact for every 64-bit integer (a REAL
   * stays a number even when it is integral, as 5.0 is); the others as jsValue gives them.
   */
  function safeArguments(kinds, args) {
    for (let i = 0; i < args.length; ++i) {
      args[i] = kinds.charCodeAt(i) === 49 ? BigInt(args[i]) : jsValue(args[i]);
    }
    return args;
  }

  /** Whether a function or aggregate defined with `options` gets safe integers: its own option, else the database's default now. */
  function safeIntegersOption(db, options) {
    return 'safeIntegers' in options ? boolOption(options, 'safeIntegers') : db._defaultSafe;
  }

  /** Leaves what a user function or aggregate threw with the database (see userFunction), and returns it. */
  function callbackFailed(db, e) {
    db._callbackError = e;
    return e;
  }

  /**
   * A user function as the language calls it: BLOB arguments as Uint8Array, undefined as
   * NULL. An exception it throws is also left with the database: on the native tier the
   * language turns it into an SQLite error of its own, and the database then throws the
   * original instead (Database#_failure), as better-sqlite3 does.
   */
  function userFunction(db, fn, argCount, name) {
    const fail = (e) => callbackFailed(db, e);
    switch (argCount) {
      case 0: return () => { try { return sqlResult(fn(), name); } catch (e) { throw fail(e); } };
      case 1: return (a) => { try { return sqlResult(fn(jsValue(a)), name); } catch (e) { throw fail(e); } };
      case 2: return (a, b) => { try { return sqlResult(fn(jsValue(a), jsValue(b)), name); } catch (e) { throw fail(e); } };
      case 3: return (a, b, c) => { try { return sqlResult(fn(jsValue(a), jsValue(b), jsValue(c)), name); } catch (e) { throw fail(e); } };
      default: return (...args) => { try { return sqlResult(fn(...args.map(jsValue)), name); } catch (e) { throw fail(e); } };
    }
  }

  /**
   * As userFunction, with safe integers: the language, told so at createFunction, calls it
   * with the integer kinds of the arguments first (see safeArguments).
   */
  function safeUserFunction(db, fn, name) {
    return (kinds, ...args) => {
      try {
        return sqlResult(fn(...safeArguments(kinds, args)), name);
      } catch (e) {
        throw callbackFailed(db, e);
      }
    };
  }

  /**
   * The same function without arguments, for the Truffle tier (UserFunction.ArgumentSlots in
   * the language): the statement puts the arguments into `slots` right before each call, and
   * the function reads them before anything else runs. An interop call with arguments makes
   * GraalJS copy them into a new array at every call; a call without arguments copies
   * nothing. For 1 to 3 arguments; null otherwise.
   */
  function slotFunction(call, argCount, slots) {
    switch (argCount) {
      case 1: return () => call(slots[0]);
      case 2: return () => call(slots[0], slots[1]);
      case 3: return () => call(slots[0], slots[1], slots[2]);
      default: return null;
    }
  }

  Database.prototype.function = function (name, options, fn) {
    if (options == null) options = {};
    if (typeof options === 'function') { fn = options; options = {}; }
    if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
    if (typeof fn !== 'function') throw new TypeError('Expected last argument to be a function');
    if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
    if (!name) throw new TypeError('User-defined function name cannot be an empty string');
    const safe = safeIntegersOption(this, options);
    const flags = functionFlags(options);
    const varargs = boolOption(options, 'varargs');
    let argCount = -1;
    if (!varargs) {
      argCount = fn.length;
      if (!Number.isInteger(argCount) || argCount < 0) throw new TypeError('Expected function.length to be a positive integer');
      if (argCount > 100) throw new RangeError('User-defined functions cannot have more than 100 arguments');
    }
    const handle = this._checkIdle();
    try {
      if (safe) {
        // No argument-less form: the language passes the integer kinds with the arguments.
        handle.createFunction(name, argCount, safeUserFunction(this, fn, name), flags, true);
        return this;
      }
      const call = userFunction(this, fn, argCount, name);
      const slots = new Array(Math.max(argCount, 0)).fill(null);
      const slotForm = slotFunction(call, argCount, slots);
      if (slotForm === null) {
        handle.createFunction(name, argCount, call, flags);
      } else {
        handle.createFunction(name, argCount, call, flags, slotForm, slots);
      }
    } catch (e) {
      throw translate(e);
    }
    return this;
  };

  // better-sqlite3's deterministic and directOnly as SQLite's function flags
  // (SQLITE_DETERMINISTIC, SQLITE_DIRECTONLY), which the language passes to SQLite: a
  // directOnly function cannot be used in views, triggers and the schema.
  function functionFlags(options) {
    return (boolOption(options, 'deterministic') ? 0x800 : 0) | (boolOption(options, 'directOnly') ? 0x80000 : 0);
  }

  function functionOption(options, key, required) {
    const value = key in options ? options[key] : null;
    if (typeof value === 'function') return value;
    if (value != null) throw new TypeError(`Expected the "${key}" option to be a function`);
    if (required) throw new TypeError(`Missing required option "${key}"`);
    return null;
  }

  function functionLength({ length }) {
    if (Number.isInteger(length) && length >= 0) return length;
    throw new TypeError('Expected function.length to be a positive integer');
  }

  Database.prototype.aggregate = function (name, options) {
    if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
    if (typeof options !== 'object' || options === null) throw new TypeError('Expected second argument to be an options object');
    if (!name) throw new TypeError('User-defined function name cannot be an empty string');
    const start = 'start' in options ? options.start : null;
    const step = functionOption(options, 'step', true);
    const inverse = functionOption(options, 'inverse', false);
    const result = functionOption(options, 'result', false);
    const safe = safeIntegersOption(this, options);
    const flags = functionFlags(options);
    const varargs = boolOption(options, 'varargs');
    let argCount = -1;
    if (!varargs) {
      // As better-sqlite3: the longer of step and inverse, less the state.
      argCount = Math.max(functionLength(step), inverse !== null ? functionLength(inverse) : 0);
      if (argCount > 0) argCount -= 1;
      if (argCount > 100) throw new RangeError('User-defined functions cannot have more than 100 arguments');
    }
    // better-sqlite3's {start, step, result} as the language's factory/step/finalize: one
    // accumulator per group, holding the aggregate value. With one or two arguments each
    // accumulator also has slotStep(), the same step without arguments for the Truffle tier,
    // which reads them from `slots` (UserAggregate#slots in the language; see slotFunction).
    // With safe integers, step and inverse get the integer kinds of their arguments first
    // (see safeArguments), and there are no slots.
    const db = this;
    const slots = !safe && (argCount === 1 || argCount === 2) ? new Array(argCount).fill(null) : null;
    const startValue = () => {
      try {
        return typeof start === 'function' ? start() : start;
      } catch (e) {
        throw callbackFailed(db, e);
      }
    };
    const factory = () => {
      // The aggregate value as a property, not a variable of the closures: GraalJS boxed each
      // number a captured variable took (one allocation per row), where an object's property
      // holds a number unboxed.
      const state = { value: startValue() };
      // One or two arguments, the common cases (and those of slotStep), without a rest
      // parameter and a spread per row: GraalJS allocates both at every call.
      const stepRow = safe ? (kinds, ...args) => {
        try {
          const next = step(state.value, ...safeArguments(kinds, args));
          if (next !== undefined) state.value = next;
        } catch (e) {
          throw callbackFailed(db, e);
        }
      } : argCount === 1 ? (a) => {
        try {
          const next = step(state.value, jsValue(a));
          if (next !== undefined) state.value = next;
        } catch (e) {
          throw callbackFailed(db, e);
        }
      } : argCount === 2 ? (a, b) => {
        try {
          const next = step(state.value, jsValue(a), jsValue(b));
          if (next !== undefined) state.value = next;
        } catch (e) {
          throw callbackFailed(db, e);
        }
      } : (...args) => {
        try {
          for (let i = 0; i < args.length; ++i) args[i] = jsValue(args[i]);
          const next = step(state.value, ...args);
          if (next !== undefined) state.value = next;
        } catch (e) {
          throw callbackFailed(db, e);
        }
      };
      const current = () => {
        try {
          return sqlResult(result === null ? state.value : result(state.value), name);
        } catch (e) {
          throw callbackFailed(db, e);
        }
      };
      return {
        step: stepRow,
        slotStep: slots === null ? undefined
          : argCount === 1 ? () => stepRow(slots[0]) : () => stepRow(slots[0], slots[1]),
        // A window function's: the rows leaving the frame, and the frame's result so far.
        inverse: inverse === null ? undefined : (...args) => {
          try {
            const next = inverse(state.value, ...(safe ? safeArguments(args[0], args.slice(1)) : args.map(jsValue)));
            if (next !== undefined) state.value = next;
          } catch (e) {
            throw callbackFailed(db, e);
          }
        },
        value: current,
        finalize: current,
      };
    };
    const handle = this._checkIdle();
    try {
      // The flags go last (the language takes an integer there, 0 for none).
      if (inverse !== null) {
        // An aggregate window function (SQLite calls it; as a plain aggregate it runs like the others).
        handle.createWindowFunction(name, argCount, factory, safe, flags);
      } else if (safe) {
        handle.createAggregate(name, argCount, factory, true, flags);
      } else if (slots === null) {
        handle.createAggregate(name, argCount, factory, flags);
      } else {
        handle.createAggregate(name, argCount, factory, slots, flags);
      }
    } catch (e) {
      throw translate(e);
    }
    return this;
  };

  Database.prototype.close = function () {
    if (this._open) {
      this._checkIdle();
      this._open = false;
      this._transactions = null;
      try {
        this._handle.close();
      } catch (e) {
        throw translate(e);
      }
    }
    return this;
  };

  Database.prototype.defaultSafeIntegers = function (state) {
    const on = state === undefined ? true : state;
    if (typeof on !== 'boolean') throw new TypeError('Expected first argument to be a boolean');
    this._check();
    this._defaultSafe = on;
    return this;
  };

  Database.prototype.unsafeMode = function (state) {
    const on = state === undefined ? true : state;
    if (typeof on !== 'boolean') throw new TypeError('Expected first argument to be a boolean');
    this._check();
    this._unsafe = on;
    return this;
  };

  /**
   * better-sqlite3's backup(filename, {attached, progress}): the database copied into the file
   * with SQLite's online backup, 100 pages per step unless progress({totalPages,
   * remainingPages}) returns another number. Done at once here (there is no event loop to
   * spread the steps over): the promise it returns is settled when it returns.
   */
  Database.prototype.backup = function (filename, options) {
    try {
      if (options == null) options = {};
      if (typeof filename !== 'string') throw new TypeError('Expected first argument to be a string');
      if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
      const target = filename.trim();
      const attached = 'attached' in options ? options.attached : 'main';
      const handler = 'progress' in options ? options.progress : null;
      if (!target) throw new TypeError('Backup filename cannot be an empty string');
      if (target === ':memory:') throw new TypeError('Invalid backup filename ":memory:"');
      if (typeof attached !== 'string') throw new TypeError('Expected the "attached" option to be a string');
      if (!attached) throw new TypeError('The "attached" option cannot be an empty string');
      if (handler != null && typeof handler !== 'function') throw new TypeError('Expected the "progress" option to be a function');
      const handle = this._check();
      let progress = { totalPages: 0, remainingPages: 0 };
      let first = true;
      let destination;
      try {
        destination = sqlRoot().open(target);
        // The first step copies nothing and tells the sizes; then 100 pages a step.
        handle.backup(destination, attached, 0, (status, remaining, total) => {
          progress = { totalPages: total, remainingPages: remaining };
          if (remaining === 0) return undefined;
          let rate = first ? 100 : undefined;
          first = false;
          if (handler != null) {
            const asked = handler(progress);
            if (asked !== undefined) {
              if (typeof asked !== 'number' || asked !== asked) throw new TypeError('Expected progress callback to return a number or undefined');
              rate = Math.max(0, Math.min(0x7fffffff, Math.round(asked)));
            }
          }
          return rate;
        }, 0);
      } catch (e) {
        throw translate(e);
      } finally {
        if (destination !== undefined) destination.close();
      }
      return Promise.resolve(progress);
    } catch (e) {
      return Promise.reject(e);
    }
  };
  /** better-sqlite3's serialize({attached}): the database's bytes, which new Database(bytes) opens again. */
  Database.prototype.serialize = function (options) {
    if (options == null) options = {};
    if (typeof options !== 'object') throw new TypeError('Expected first argument to be an options object');
    const attached = 'attached' in options ? options.attached : 'main';
    if (typeof attached !== 'string') throw new TypeError('Expected the "attached" option to be a string');
    if (!attached) throw new TypeError('The "attached" option cannot be an empty string');
    const handle = this._checkIdle();
    let data;
    try {
      data = handle.serialize(attached);
    } catch (e) {
      throw translate(e);
    }
    return data == null ? new Uint8Array(0) : jsValue(data);
  };
  // -----------------------------------------------------------------------------------------
  // Virtual tables: better-sqlite3's table(name, definition | factory), on the language's
  // createModule(name, factory, eponymous). The language calls the factory with SQLite's
  // xConnect arguments and gets back a definition: the declaration (parameters first, as
  // HIDDEN columns), the parameters' names, and rows(arguments), which runs the generator.

  const GeneratorFunctionPrototype = Object.getPrototypeOf(function* () {});
  const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const quoteIdentifier = (name) => `"${name.replace(/"/g, '""')}"`;
  /** better-sqlite3's safeIntegers when the definition has none: the database's default when a table is connected. */
  const SAFE_DEFAULT = 2;

  /** A copy of value when it is an array of strings, else null. */
  function stringArray(value) {
    if (!Array.isArray(value)) return null;
    const copy = [...value];
    return copy.every((x) => typeof x === 'string') ? copy : null;
  }

  /**
   * A table definition object checked as better-sqlite3 checks it, in its order and with its
   * messages (verb: 'used' for table(name, definition), 'returned' for a factory's).
   */
  function parseTableDefinition(def, verb, moduleName) {
    const problem = (what) => `Virtual table module "${moduleName}" ${verb} a table definition ${what}`;
    if (!hasOwn(def, 'rows')) throw new TypeError(problem('without a "rows" property'));
    if (!hasOwn(def, 'columns')) throw new TypeError(problem('without a "columns" property'));
    const rows = def.rows;
    if (typeof rows !== 'function' || Object.getPrototypeOf(rows) !== GeneratorFunctionPrototype) {
      throw new TypeError(problem('with an invalid "rows" property (should be a generator function)'));
    }
    const columns = stringArray(def.columns);
    if (columns === null) throw new TypeError(problem('with an invalid "columns" property (should be an array of strings)'));
    if (columns.length !== new Set(columns).size) throw new TypeError(problem('with duplicate column names'));
    if (!columns.length) throw new RangeError(problem('with zero columns'));
    let parameters;
    if (hasOwn(def, 'parameters')) {
      parameters = stringArray(def.parameters);
      if (parameters === null) throw new TypeError(problem('with an invalid "parameters" property (should be an array of strings)'));
    } else {
      // As many as the generator declares: $1, $2, ...
      const length = functionLength(rows);
      parameters = Array.from({ length }, (_, i) => `$${i + 1}`);
    }
    if (parameters.length !== new Set(parameters).size) throw new TypeError(problem('with duplicate parameter names'));
    if (parameters.length > 32) throw new RangeError(problem('with more than the maximum number of 32 parameters'));
    for (const parameter of parameters) {
      if (columns.includes(parameter)) {
        throw new TypeError(problem(`with column "${parameter}" which was ambiguously defined as both a column and parameter`));
      }
    }
    let safeIntegers = SAFE_DEFAULT;
    if (hasOwn(def, 'safeIntegers')) {
      if (typeof def.safeIntegers !== 'boolean') throw new TypeError(problem('with an invalid "safeIntegers" property (should be a boolean)'));
      safeIntegers = def.safeIntegers;
    }
    let directOnly = false;
    if (hasOwn(def, 'directOnly')) {
      directOnly = def.directOnly;
      if (typeof directOnly !== 'boolean') throw new TypeError(problem('with an invalid "directOnly" property (should be a boolean)'));
    }
    const declared = [...parameters.map((p) => `${quoteIdentifier(p)} HIDDEN`), ...columns.map(quoteIdentifier)];
    return { declaration: `CREATE TABLE x(${declared.join(', ')});`, generator: rows, parameters, columns, safeIntegers, directOnly };
  }

  /**
   * A value the generator yielded, for the language to read: as it is when better-sqlite3
   * takes it (numbers are REAL, the language told so; BigInts in 64 bits INTEGER; strings;
   * byte arrays; null and undefined), else a function that throws better-sqlite3's error,
   * which the language calls when SQLite reads that column (better-sqlite3 fails in xColumn,
   * so a column the query does not read cannot fail).
   */
  function tableValue(value, moduleName) {
    switch (typeof value) {
      case 'number':
      case 'string':
      case 'undefined':
        return value;
      case 'bigint':
        if (value <= MAX_INT64 && value >= MIN_INT64) return value;
        return () => { throw new RangeError(`Virtual table module "${moduleName}" yielded a bigint that was too big`); };
      case 'object':
        if (value === null || ArrayBuffer.isView(value)) return value;
      // fall through: any other object
      default:
        return () => { throw new TypeError(`Virtual table module "${moduleName}" yielded an invalid value`); };
    }
  }

  /**
   * The rows of one scan: the generator's rows in one array, reused from row to row (the
   * language reads a row before it asks for the next): the arguments (the HIDDEN parameter
   * columns) and then the columns, checked as better-sqlite3 checks them.
   */
  function* scanRows(definition, args, moduleName) {
    const { generator, columns } = definition;
    const offset = args.length;
    const output = args.map((a) => tableValue(a, moduleName));
    for (let i = 0; i < columns.length; ++i) output.push(null);
    for (const row of generator(...args)) {
      if (Array.isArray(row)) {
        if (row.length !== columns.length) {
          throw new TypeError(`Virtual table module "${moduleName}" yielded a row with an incorrect number of columns`);
        }
        for (let i = 0; i < columns.length; ++i) output[offset + i] = tableValue(row[i], moduleName);
      } else if (typeof row === 'object' && row !== null) {
        let count = 0;
        for (const key of Object.keys(row)) {
          const index = definition.columnIndex.get(key);
          if (index === undefined) {
            throw new TypeError(`Virtual table module "${moduleName}" yielded a row with an undeclared column "${key}"`);
          }
          output[offset + index] = tableValue(row[key], moduleName);
          count += 1;
        }
        if (count !== columns.length) throw new TypeError(`Virtual table module "${moduleName}" yielded a row with missing columns`);
      } else {
        throw new TypeError(`Virtual table module "${moduleName}" yielded something that isn't a valid row object`);
      }
      yield output;
    }
  }

  /**
   * The language's definition of one connected table: rows(given) runs the generator with
   * the query's arguments (null where the query gives none: undefined to the generator; as
   * BigInt where safe integers are on and the argument is an INTEGER).
   */
  function languageDefinition(db, definition, moduleName) {
    const safe = definition.safeIntegers === SAFE_DEFAULT ? db._defaultSafe : definition.safeIntegers;
    const count = definition.parameters.length;
    const handle = db._handle;
    if (definition.columnIndex === undefined) {
      definition.columnIndex = new Map(definition.columns.map((name, i) => [name, i]));
    }
    return {
      declaration: definition.declaration,
      parameters: definition.parameters,
      directOnly: definition.directOnly,
      realNumbers: true,
      rows(given) {
        const kinds = safe ? handle.integerColumns(given) : null;
        const args = new Array(count);
        for (let i = 0; i < count; ++i) {
          const value = given[i];
          args[i] = value == null ? undefined : kinds !== null && kinds.charCodeAt(i) === 49 ? BigInt(value) : jsValue(value);
        }
        return scanRows(definition, args, moduleName);
      },
    };
  }

  Database.prototype.table = function (name, factory) {
    if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
    if (!name) throw new TypeError('Virtual table module name cannot be an empty string');
    const db = this;
    let eponymous = false;
    let connect;
    if (typeof factory === 'object' && factory !== null) {
      eponymous = true;
      const definition = parseTableDefinition(factory, 'used', name);
      connect = () => languageDefinition(db, definition, name);
    } else {
      if (typeof factory !== 'function') throw new TypeError('Expected second argument to be a function or a table definition object');
      connect = (moduleName, database, table, ...args) => {
        const def = factory.apply({ module: moduleName, database, table }, args);
        if (typeof def !== 'object' || def === null) {
          throw new TypeError(`Virtual table module "${moduleName}" did not return a table definition object`);
        }
        return languageDefinition(db, parseTableDefinition(def, 'returned', moduleName), moduleName);
      };
    }
    // Busy with an open iterator even in unsafe mode, as better-sqlite3's table() is.
    const handle = this._check();
    if (this._iterators > 0) throw new TypeError('This database connection is busy executing a query');
    try {
      handle.createModule(name, connect, eponymous);
    } catch (e) {
      throw translate(e);
    }
    return this;
  };
  /**
   * better-sqlite3's loadExtension(path[, entryPoint]): SQLite's sqlite3_load_extension, with
   * loading allowed through the C API only (SQL's load_extension() stays refused), as
   * better-sqlite3 sets it; a relative path is relative to the context's working directory.
   */
  Database.prototype.loadExtension = function (path, entryPoint) {
    if (typeof path !== 'string') throw new TypeError('Expected first argument to be a string');
    if (arguments.length > 1 && typeof entryPoint !== 'string') throw new TypeError('Expected second argument to be a string');
    const handle = this._checkIdle();
    try {
      handle.enableLoadExtension(true, false);
      handle.loadExtension(path, arguments.length > 1 ? entryPoint : null);
    } catch (e) {
      throw translate(e);
    }
    return this;
  };
  Database.prototype.explain = function (source) {
    // Parameters may stay unbound: EXPLAIN only inspects the statement.
    const statement = this.prepare(`EXPLAIN ${source}`);
    statement._bound = new Array(statement._count).fill(null);
    return statement.all();
  };

  Database.SqliteError = SqliteError;
  Database.Database = Database;
  exportModule(Database);
})(function (Database) {
  if (typeof module === 'object' && module !== null && typeof module.exports === 'object') {
    module.exports = Database;
  } else {
    globalThis.Database = Database;
  }
});
