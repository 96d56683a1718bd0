/*
 * The native C baseline of Graalite's benchmarks: SQLite's own API loop (prepare, step,
 * column), compiled in one translation unit with the same amalgamation and the same
 * compile options as Graalite's native library (build-baseline.sh), and called from a JMH
 * benchmark through one FFM downcall per operation, so the call's cost is negligible next
 * to the loop it runs.
 *
 * Errors: functions that return a count return -1 and leave SQLite's message in the
 * caller's buffer (errbuf, errlen), so the Java side can report it.
 */
#include "sqlite3.c"

#include <math.h>
#include <stdio.h>

#define BENCH_EXPORT __attribute__((visibility("default")))

static void bench_error(char *errbuf, int errlen, sqlite3 *db, const char *what) {
  if (errbuf != NULL && errlen > 0) {
    snprintf(errbuf, (size_t)errlen, "%s: %s", what, db != NULL ? sqlite3_errmsg(db) : "out of memory");
  }
}

/* An open database and one prepared statement, kept across benchmark operations. */
typedef struct BenchQuery {
  sqlite3 *db;
  sqlite3_stmt *stmt;
} BenchQuery;

/* Opens `path` read-only and prepares `sql`; NULL on failure (message in errbuf). */
BENCH_EXPORT BenchQuery *graalite_bench_open(const char *path, const char *sql, char *errbuf, int errlen) {
  BenchQuery *q = sqlite3_malloc(sizeof(BenchQuery));
  if (q == NULL) {
    bench_error(errbuf, errlen, NULL, "malloc");
    return NULL;
  }
  q->db = NULL;
  q->stmt = NULL;
  if (sqlite3_open_v2(path, &q->db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    bench_error(errbuf, errlen, q->db, "open");
  } else if (sqlite3_prepare_v3(q->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &q->stmt, NULL) != SQLITE_OK) {
    bench_error(errbuf, errlen, q->db, "prepare");
  } else {
    return q;
  }
  sqlite3_finalize(q->stmt);
  sqlite3_close(q->db);
  sqlite3_free(q);
  return NULL;
}

/* Runs the prepared query once and sums its first column as 64-bit integers. */
BENCH_EXPORT long long graalite_bench_sum(BenchQuery *q, char *errbuf, int errlen) {
  long long sum = 0;
  int rc;
  while ((rc = sqlite3_step(q->stmt)) == SQLITE_ROW) {
    sum += sqlite3_column_int64(q->stmt, 0);
  }
  if (rc != SQLITE_DONE) {
    bench_error(errbuf, errlen, q->db, "step");
    sqlite3_reset(q->stmt);
    return -1;
  }
  sqlite3_reset(q->stmt);
  return sum;
}

BENCH_EXPORT void graalite_bench_close(BenchQuery *q) {
  if (q != NULL) {
    sqlite3_finalize(q->stmt);
    sqlite3_close(q->db);
    sqlite3_free(q);
  }
}

/* The whole cycle in one call: open, prepare, step and sum column 0, finalize, close. */
BENCH_EXPORT long long graalite_bench_sum_ids(const char *path, const char *sql) {
  BenchQuery *q = graalite_bench_open(path, sql, NULL, 0);
  if (q == NULL) {
    return -1;
  }
  long long sum = graalite_bench_sum(q, NULL, 0);
  graalite_bench_close(q);
  return sum;
}

/*
 * The digest of a result, computed exactly as the Java side's Digest: the number of rows, the
 * sum of every numeric value times its column number (1-based), and the sum of the 64-bit
 * FNV-1a hashes of every text or BLOB value times (2 x column + 1), NULL hashing to a constant.
 */
typedef struct BenchDigest {
  long long rows;
  double sum;
  unsigned long long hash;
} BenchDigest;

#define BENCH_NULL_HASH 0x6E756C6C6E756C6CULL
#define BENCH_FAILURE_HASH 0x6661696C75726521ULL

static unsigned long long bench_fnv(const unsigned char *p, int n) {
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (int i = 0; i < n; i++) {
    h = (h ^ p[i]) * 0x100000001b3ULL;
  }
  return h;
}

static void bench_digest_row(sqlite3_stmt *stmt, BenchDigest *d) {
  int n = sqlite3_column_count(stmt);
  d->rows++;
  for (int i = 0; i < n; i++) {
    switch (sqlite3_column_type(stmt, i)) {
      case SQLITE_INTEGER:
        d->sum += (double)sqlite3_column_int64(stmt, i) * (double)(i + 1);
        break;
      case SQLITE_FLOAT:
        d->sum += sqlite3_column_double(stmt, i) * (double)(i + 1);
        break;
      case SQLITE_NULL:
        d->hash += BENCH_NULL_HASH * (unsigned long long)(2 * i + 1);
        break;
      case SQLITE_TEXT: {
        const unsigned char *t = sqlite3_column_text(stmt, i);
        d->hash += bench_fnv(t, sqlite3_column_bytes(stmt, i)) * (unsigned long long)(2 * i + 1);
        break;
      }
      default: {
        const unsigned char *b = sqlite3_column_blob(stmt, i);
        d->hash += bench_fnv(b, sqlite3_column_bytes(stmt, i)) * (unsigned long long)(2 * i + 1);
        break;
      }
    }
  }
}

/* Runs the prepared query once, reading every column of every row into the digest; 0, or -1 on error. */
BENCH_EXPORT int graalite_bench_digest(BenchQuery *q, BenchDigest *out, char *errbuf, int errlen) {
  int rc;
  out->rows = 0;
  out->sum = 0;
  out->hash = 0;
  while ((rc = sqlite3_step(q->stmt)) == SQLITE_ROW) {
    bench_digest_row(q->stmt, out);
  }
  sqlite3_reset(q->stmt);
  if (rc != SQLITE_DONE) {
    bench_error(errbuf, errlen, q->db, "step");
    return -1;
  }
  return 0;
}

/*
 * TATP: the seven transactions of the TATP specification on prepared statements, driven by an
 * array of transactions (6 integers each: type, s_id, then the type's parameters) that the
 * Java side draws from a seeded generator, so every system runs the same mix. Write
 * transactions run between BEGIN and COMMIT; a failed INSERT rolls back and counts as a
 * failure in the digest. Statements in TATP_SQL's order.
 */
enum {
  TATP_GET_SUBSCRIBER, TATP_GET_NEW_DESTINATION, TATP_GET_ACCESS, TATP_UPDATE_BIT, TATP_UPDATE_FACILITY, TATP_UPDATE_LOCATION,
  TATP_SUBSCRIBER_BY_NBR, TATP_FACILITY_TYPES, TATP_INSERT_FORWARDING, TATP_DELETE_FORWARDING, TATP_BEGIN, TATP_COMMIT, TATP_ROLLBACK, TATP_STATEMENTS
};

static const char *const TATP_SQL[TATP_STATEMENTS] = {
  "SELECT s_id, sub_nbr, bit_1, bit_2, bit_3, bit_4, bit_5, bit_6, bit_7, bit_8, bit_9, bit_10, hex_1, hex_2, hex_3, hex_4, hex_5, hex_6, hex_7, hex_8, hex_9, hex_10, "
  "byte2_1, byte2_2, byte2_3, byte2_4, byte2_5, byte2_6, byte2_7, byte2_8, byte2_9, byte2_10, msc_location, vlr_location FROM subscriber WHERE s_id = ?",
  "SELECT cf.numberx FROM special_facility AS sf, call_forwarding AS cf WHERE sf.s_id = ? AND sf.sf_type = ? AND sf.is_active = 1 AND cf.s_id = sf.s_id "
  "AND cf.sf_type = sf.sf_type AND cf.start_time <= ? AND cf.end_time > ?",
  "SELECT data1, data2, data3, data4 FROM access_info WHERE s_id = ? AND ai_type = ?",
  "UPDATE subscriber SET bit_1 = ? WHERE s_id = ?",
  "UPDATE special_facility SET data_a = ? WHERE s_id = ? AND sf_type = ?",
  "UPDATE subscriber SET vlr_location = ? WHERE sub_nbr = ?",
  "SELECT s_id FROM subscriber WHERE sub_nbr = ?",
  "SELECT sf_type FROM special_facility WHERE s_id = ?",
  "INSERT INTO call_forwarding VALUES (?, ?, ?, ?, ?)",
  "DELETE FROM call_forwarding WHERE s_id = ? AND sf_type = ? AND start_time = ?",
  "BEGIN",
  "COMMIT",
  "ROLLBACK",
};

typedef struct BenchTatp {
  sqlite3 *db;
  sqlite3_stmt *stmt[TATP_STATEMENTS];
} BenchTatp;

/* Prepares the n statements sql[] of db into stmt[]; 0, or -1 with the failing one's message in errbuf. */
static int bench_prepare_all(sqlite3 *db, const char *const *sql, sqlite3_stmt **stmt, int n, char *errbuf, int errlen) {
  for (int i = 0; i < n; i++) {
    if (sqlite3_prepare_v3(db, sql[i], -1, SQLITE_PREPARE_PERSISTENT, &stmt[i], NULL) != SQLITE_OK) {
      bench_error(errbuf, errlen, db, sql[i]);
      return -1;
    }
  }
  return 0;
}

/* Finalizes the n statements stmt[] (NULL ones too) and closes db. */
static void bench_close_all(sqlite3 *db, sqlite3_stmt **stmt, int n) {
  for (int i = 0; i < n; i++) {
    sqlite3_finalize(stmt[i]);
  }
  sqlite3_close(db);
}

BENCH_EXPORT void graalite_bench_tatp_close(BenchTatp *t) {
  if (t != NULL) {
    bench_close_all(t->db, t->stmt, TATP_STATEMENTS);
    sqlite3_free(t);
  }
}

/* Opens `path` read-write, runs `setup` (pragmas) and prepares the statements; NULL on failure. */
BENCH_EXPORT BenchTatp *graalite_bench_tatp_open(const char *path, const char *setup, char *errbuf, int errlen) {
  BenchTatp *t = sqlite3_malloc(sizeof(BenchTatp));
  if (t == NULL) {
    bench_error(errbuf, errlen, NULL, "malloc");
    return NULL;
  }
  memset(t, 0, sizeof(BenchTatp));
  if (sqlite3_open_v2(path, &t->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    bench_error(errbuf, errlen, t->db, "open");
    graalite_bench_tatp_close(t);
    return NULL;
  }
  if (sqlite3_exec(t->db, setup, NULL, NULL, NULL) != SQLITE_OK) {
    bench_error(errbuf, errlen, t->db, "setup");
    graalite_bench_tatp_close(t);
    return NULL;
  }
  if (bench_prepare_all(t->db, TATP_SQL, t->stmt, TATP_STATEMENTS, errbuf, errlen) != 0) {
    graalite_bench_tatp_close(t);
    return NULL;
  }
  return t;
}

/* Steps a statement to its end, digesting its rows; SQLite's result code (SQLITE_DONE on success). */
static int tatp_run(BenchTatp *t, int which, BenchDigest *d) {
  sqlite3_stmt *s = t->stmt[which];
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    bench_digest_row(s, d);
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

/* A write: steps it and counts its changed rows as rows of the digest. */
static int tatp_write(BenchTatp *t, int which, BenchDigest *d) {
  int rc = tatp_run(t, which, d);
  if (rc == SQLITE_DONE) {
    d->rows += sqlite3_changes(t->db);
  }
  return rc;
}

static void tatp_nbr(char *buf, long long v) {
  snprintf(buf, 16, "%015lld", v);
}

/* Runs n transactions of txns (6 integers each) and adds what they read and changed to out; 0, or -1 on an unexpected error. */
BENCH_EXPORT int graalite_bench_tatp_run(BenchTatp *t, const long long *txns, int n, BenchDigest *out, char *errbuf, int errlen) {
  char nbr[16];
  char numberx[16];
  for (int i = 0; i < n; i++) {
    const long long *x = txns + 6 * i;
    long long sid = x[1];
    int rc = SQLITE_DONE;
    sqlite3_stmt *s;
    switch ((int)x[0]) {
      case 0:
        sqlite3_bind_int64(t->stmt[TATP_GET_SUBSCRIBER], 1, sid);
        rc = tatp_run(t, TATP_GET_SUBSCRIBER, out);
        break;
      case 1:
        s = t->stmt[TATP_GET_NEW_DESTINATION];
        sqlite3_bind_int64(s, 1, sid);
        sqlite3_bind_int64(s, 2, x[2]);
        sqlite3_bind_int64(s, 3, x[3]);
        sqlite3_bind_int64(s, 4, x[4]);
        rc = tatp_run(t, TATP_GET_NEW_DESTINATION, out);
        break;
      case 2:
        s = t->stmt[TATP_GET_ACCESS];
        sqlite3_bind_int64(s, 1, sid);
        sqlite3_bind_int64(s, 2, x[2]);
        rc = tatp_run(t, TATP_GET_ACCESS, out);
        break;
      case 3:
        tatp_run(t, TATP_BEGIN, out);
        sqlite3_bind_int64(t->stmt[TATP_UPDATE_BIT], 1, x[2]);
        sqlite3_bind_int64(t->stmt[TATP_UPDATE_BIT], 2, sid);
        rc = tatp_write(t, TATP_UPDATE_BIT, out);
        if (rc == SQLITE_DONE) {
          s = t->stmt[TATP_UPDATE_FACILITY];
          sqlite3_bind_int64(s, 1, x[3]);
          sqlite3_bind_int64(s, 2, sid);
          sqlite3_bind_int64(s, 3, x[4]);
          rc = tatp_write(t, TATP_UPDATE_FACILITY, out);
        }
        if (rc == SQLITE_DONE) {
          rc = tatp_run(t, TATP_COMMIT, out);
        }
        break;
      case 4:
        tatp_run(t, TATP_BEGIN, out);
        tatp_nbr(nbr, sid);
        sqlite3_bind_int64(t->stmt[TATP_UPDATE_LOCATION], 1, x[2]);
        sqlite3_bind_text(t->stmt[TATP_UPDATE_LOCATION], 2, nbr, -1, SQLITE_TRANSIENT);
        rc = tatp_write(t, TATP_UPDATE_LOCATION, out);
        if (rc == SQLITE_DONE) {
          rc = tatp_run(t, TATP_COMMIT, out);
        }
        break;
      case 5:
      case 6: {
        tatp_run(t, TATP_BEGIN, out);
        tatp_nbr(nbr, sid);
        s = t->stmt[TATP_SUBSCRIBER_BY_NBR];
        sqlite3_bind_text(s, 1, nbr, -1, SQLITE_TRANSIENT);
        long long found = 0;
        while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
          found = sqlite3_column_int64(s, 0);
          bench_digest_row(s, out);
        }
        sqlite3_reset(s);
        if (rc != SQLITE_DONE) {
          break;
        }
        if (x[0] == 5) {
          sqlite3_bind_int64(t->stmt[TATP_FACILITY_TYPES], 1, found);
          rc = tatp_run(t, TATP_FACILITY_TYPES, out);
          if (rc != SQLITE_DONE) {
            break;
          }
          s = t->stmt[TATP_INSERT_FORWARDING];
          tatp_nbr(numberx, x[5]);
          sqlite3_bind_int64(s, 1, found);
          sqlite3_bind_int64(s, 2, x[2]);
          sqlite3_bind_int64(s, 3, x[3]);
          sqlite3_bind_int64(s, 4, x[4]);
          sqlite3_bind_text(s, 5, numberx, -1, SQLITE_TRANSIENT);
          rc = tatp_write(t, TATP_INSERT_FORWARDING, out);
        } else {
          s = t->stmt[TATP_DELETE_FORWARDING];
          sqlite3_bind_int64(s, 1, found);
          sqlite3_bind_int64(s, 2, x[2]);
          sqlite3_bind_int64(s, 3, x[3]);
          rc = tatp_write(t, TATP_DELETE_FORWARDING, out);
        }
        if (rc == SQLITE_DONE) {
          rc = tatp_run(t, TATP_COMMIT, out);
        } else if ((rc & 0xff) == SQLITE_CONSTRAINT) {
          /* An insert on an existing key: expected in TATP, rolled back and counted. */
          out->hash += BENCH_FAILURE_HASH;
          rc = tatp_run(t, TATP_ROLLBACK, out);
        }
        break;
      }
      default:
        bench_error(errbuf, errlen, NULL, "unknown TATP transaction type");
        return -1;
    }
    if (rc != SQLITE_DONE) {
      bench_error(errbuf, errlen, t->db, "TATP transaction");
      if (!sqlite3_get_autocommit(t->db)) {
        tatp_run(t, TATP_ROLLBACK, out);
      }
      return -1;
    }
  }
  return 0;
}

/*
 * filltable, the boundary workload that writes: `rows` single-row inserts (a = i, b = i / 4,
 * c = "row" i) through one prepared statement in one transaction into an in-memory database,
 * then the table read back, as the Java systems do it over JDBC (Boundary.java, Sql.java).
 * The checksum is theirs: the sum of a + cents(b) + length(c) over the rows read.
 */
enum { FILL_DELETE, FILL_INSERT, FILL_READ, FILL_BEGIN, FILL_COMMIT, FILL_STATEMENTS };

typedef struct BenchFill {
  sqlite3 *db;
  sqlite3_stmt *stmt[FILL_STATEMENTS];
} BenchFill;

BENCH_EXPORT void graalite_bench_fill_close(BenchFill *f) {
  if (f != NULL) {
    bench_close_all(f->db, f->stmt, FILL_STATEMENTS);
    sqlite3_free(f);
  }
}

/* Opens an in-memory database, creates the table (`create`) and prepares the delete, insert and read statements; NULL on failure. */
BENCH_EXPORT BenchFill *graalite_bench_fill_open(const char *create, const char *del, const char *insert, const char *read, char *errbuf, int errlen) {
  const char *sql[FILL_STATEMENTS] = {del, insert, read, "BEGIN", "COMMIT"};
  BenchFill *f = sqlite3_malloc(sizeof(BenchFill));
  if (f == NULL) {
    bench_error(errbuf, errlen, NULL, "malloc");
    return NULL;
  }
  memset(f, 0, sizeof(BenchFill));
  if (sqlite3_open_v2(":memory:", &f->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
      sqlite3_exec(f->db, create, NULL, NULL, NULL) != SQLITE_OK) {
    bench_error(errbuf, errlen, f->db, "create");
    graalite_bench_fill_close(f);
    return NULL;
  }
  if (bench_prepare_all(f->db, sql, f->stmt, FILL_STATEMENTS, errbuf, errlen) != 0) {
    graalite_bench_fill_close(f);
    return NULL;
  }
  return f;
}

/* Steps a statement without rows to its end; SQLite's result code (SQLITE_DONE on success). */
static int fill_step(BenchFill *f, int which) {
  int rc = sqlite3_step(f->stmt[which]);
  sqlite3_reset(f->stmt[which]);
  return rc;
}

/* One filltable run; its checksum goes to *checksum. 0, or -1 on an error (message in errbuf). */
BENCH_EXPORT int graalite_bench_fill_run(BenchFill *f, long long rows, long long *checksum, char *errbuf, int errlen) {
  char c[32];
  sqlite3_stmt *insert = f->stmt[FILL_INSERT];
  sqlite3_stmt *read = f->stmt[FILL_READ];
  int rc = fill_step(f, FILL_BEGIN);
  if (rc == SQLITE_DONE) {
    rc = fill_step(f, FILL_DELETE);
  }
  for (long long i = 0; i < rows && rc == SQLITE_DONE; i++) {
    int n = snprintf(c, sizeof(c), "row%lld", i);
    sqlite3_bind_int64(insert, 1, i);
    sqlite3_bind_double(insert, 2, i * 0.25);
    sqlite3_bind_text(insert, 3, c, n, SQLITE_TRANSIENT);
    rc = fill_step(f, FILL_INSERT);
  }
  if (rc == SQLITE_DONE) {
    rc = fill_step(f, FILL_COMMIT);
  }
  long long sum = 0;
  if (rc == SQLITE_DONE) {
    while ((rc = sqlite3_step(read)) == SQLITE_ROW) {
      /* Java's Math.round of a non-negative double. */
      sum += sqlite3_column_int64(read, 0) + (long long)floor(sqlite3_column_double(read, 1) * 100 + 0.5) + sqlite3_column_bytes(read, 2);
    }
    sqlite3_reset(read);
  }
  if (rc != SQLITE_DONE) {
    bench_error(errbuf, errlen, f->db, "filltable");
    if (!sqlite3_get_autocommit(f->db)) {
      sqlite3_exec(f->db, "ROLLBACK", NULL, NULL, NULL);
    }
    return -1;
  }
  *checksum = sum;
  return 0;
}

/* The compile-time options of this library, as SQLite reports them (for the report). */
BENCH_EXPORT const char *graalite_bench_compile_option(int i) {
  return sqlite3_compileoption_get(i);
}
