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

/* The compile-time options of this library, as SQLite reports them (for the report). */
BENCH_EXPORT const char *graalite_bench_compile_option(int i) {
  return sqlite3_compileoption_get(i);
}
