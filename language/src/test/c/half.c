/*
 * A loadable SQLite extension for the tests of extension loading: half(x) = x / 2.0 and the
 * aggregate product(x) through the default entry point (sqlite3_half_init, from the file
 * name), twice(x) = 2 * x through the entry point sqlite3_twice_init, which must be named.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

static void half(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(context);
  } else {
    sqlite3_result_double(context, sqlite3_value_double(argv[0]) / 2.0);
  }
}

static void twice(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  sqlite3_result_int64(context, 2 * sqlite3_value_int64(argv[0]));
}

static void product_step(sqlite3_context *context, int argc, sqlite3_value **argv) {
  double *p;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    return;
  }
  p = sqlite3_aggregate_context(context, sizeof(double) + sizeof(int));
  if (p == 0) {
    sqlite3_result_error_nomem(context);
    return;
  }
  if (!*(int *)(p + 1)) {
    *p = 1.0;
    *(int *)(p + 1) = 1;
  }
  *p *= sqlite3_value_double(argv[0]);
}

static void product_final(sqlite3_context *context) {
  double *p = sqlite3_aggregate_context(context, 0);
  if (p == 0) {
    sqlite3_result_null(context);
  } else {
    sqlite3_result_double(context, *p);
  }
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_half_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  int rc = sqlite3_create_function(db, "half", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, half, 0, 0);
  if (rc != SQLITE_OK) {
    return rc;
  }
  return sqlite3_create_function(db, "product", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, 0, product_step, product_final);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_twice_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  return sqlite3_create_function(db, "twice", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, twice, 0, 0);
}
