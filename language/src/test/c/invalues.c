/*
 * A loadable SQLite extension for the tests of virtual tables: the eponymous table in_values
 * has the columns value and plan. A constraint value = X or value IN (...) gives the rows of
 * those values; the module takes an IN list whole, through sqlite3_vtab_in() (which makes
 * SQLite code OP_VInitIn), and plan says how it was given (1: an IN list, 2: one value, 0: none,
 * the rows 1 to 5). No built-in module of SQLite uses sqlite3_vtab_in().
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

#include <string.h>

typedef struct InValuesCursor {
  sqlite3_vtab_cursor base;
  sqlite3_value **rows;
  int count;
  int at;
  int plan;
} InValuesCursor;

static int inValuesConnect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **error) {
  sqlite3_vtab *vtab;
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(value, plan)");
  (void)aux; (void)argc; (void)argv; (void)error;
  if (rc != SQLITE_OK) return rc;
  vtab = sqlite3_malloc(sizeof(*vtab));
  if (vtab == 0) return SQLITE_NOMEM;
  memset(vtab, 0, sizeof(*vtab));
  *out = vtab;
  return SQLITE_OK;
}

static int inValuesDisconnect(sqlite3_vtab *vtab) {
  sqlite3_free(vtab);
  return SQLITE_OK;
}

static int inValuesBestIndex(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  int i;
  (void)vtab;
  info->idxNum = 0;
  info->estimatedCost = 1000;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->usable && c->iColumn == 0 && c->op == SQLITE_INDEX_CONSTRAINT_EQ) {
      if (sqlite3_vtab_in(info, i, -1)) {
        sqlite3_vtab_in(info, i, 1);
        info->idxNum = 1;
      } else {
        info->idxNum = 2;
      }
      info->aConstraintUsage[i].argvIndex = 1;
      info->aConstraintUsage[i].omit = 1;
      info->estimatedCost = 1;
      break;
    }
  }
  return SQLITE_OK;
}

static void inValuesClear(InValuesCursor *cursor) {
  int i;
  if (cursor->rows) {
    for (i = 0; i < cursor->count; i++) sqlite3_value_free(cursor->rows[i]);
  }
  sqlite3_free(cursor->rows);
  cursor->rows = 0;
  cursor->count = 0;
  cursor->at = 0;
}

static int inValuesAdd(InValuesCursor *cursor, sqlite3_value *value) {
  sqlite3_value **rows = sqlite3_realloc(cursor->rows, (cursor->count + 1) * (int)sizeof(*rows));
  if (rows == 0) return SQLITE_NOMEM;
  cursor->rows = rows;
  rows[cursor->count] = sqlite3_value_dup(value);
  if (rows[cursor->count] == 0) return SQLITE_NOMEM;
  cursor->count++;
  return SQLITE_OK;
}

static int inValuesOpen(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out) {
  InValuesCursor *cursor = sqlite3_malloc(sizeof(*cursor));
  (void)vtab;
  if (cursor == 0) return SQLITE_NOMEM;
  memset(cursor, 0, sizeof(*cursor));
  *out = &cursor->base;
  return SQLITE_OK;
}

static int inValuesClose(sqlite3_vtab_cursor *base) {
  inValuesClear((InValuesCursor *)base);
  sqlite3_free(base);
  return SQLITE_OK;
}

static int inValuesFilter(sqlite3_vtab_cursor *base, int idxNum, const char *idxStr, int argc, sqlite3_value **argv) {
  InValuesCursor *cursor = (InValuesCursor *)base;
  sqlite3_value *value;
  int rc;
  (void)idxStr; (void)argc;
  inValuesClear(cursor);
  cursor->plan = idxNum;
  if (idxNum == 1) {
    for (rc = sqlite3_vtab_in_first(argv[0], &value); rc == SQLITE_OK; rc = sqlite3_vtab_in_next(argv[0], &value)) {
      rc = inValuesAdd(cursor, value);
      if (rc != SQLITE_OK) return rc;
    }
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
  } else if (idxNum == 2) {
    return inValuesAdd(cursor, argv[0]);
  }
  /* No constraint: the rows 1 to 5, made by xColumn. */
  cursor->count = 5;
  return SQLITE_OK;
}

static int inValuesNext(sqlite3_vtab_cursor *base) {
  ((InValuesCursor *)base)->at++;
  return SQLITE_OK;
}

static int inValuesEof(sqlite3_vtab_cursor *base) {
  InValuesCursor *cursor = (InValuesCursor *)base;
  return cursor->at >= cursor->count;
}

static int inValuesColumn(sqlite3_vtab_cursor *base, sqlite3_context *context, int column) {
  InValuesCursor *cursor = (InValuesCursor *)base;
  if (column == 1) {
    sqlite3_result_int(context, cursor->plan);
  } else if (cursor->rows == 0) {
    sqlite3_result_int(context, cursor->at + 1);
  } else {
    sqlite3_result_value(context, cursor->rows[cursor->at]);
  }
  return SQLITE_OK;
}

static int inValuesRowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid) {
  *rowid = ((InValuesCursor *)base)->at + 1;
  return SQLITE_OK;
}

static sqlite3_module inValuesModule = {
  0, 0, inValuesConnect, inValuesBestIndex, inValuesDisconnect, 0, inValuesOpen, inValuesClose,
  inValuesFilter, inValuesNext, inValuesEof, inValuesColumn, inValuesRowid,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_invalues_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  return sqlite3_create_module(db, "in_values", &inValuesModule, 0);
}
