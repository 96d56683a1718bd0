/*
 * Virtual-table modules written in a guest language (better-sqlite3's Database#table): a
 * table's rows come from a guest generator, its columns are those the guest declares, its
 * parameters (HIDDEN columns first in the declaration) are the generator's arguments.
 *
 * Included by graalite_shim.c, so it is in the amalgamation's translation unit. The module
 * structs below are SQLite's; each method that runs guest code calls one of the Java upcalls
 * that org.graalite.nativeapi.VirtualTables sets once (graalite_guest_module_callbacks). The
 * guest's objects stay in Java, named here by ids: the module's id is SQLite's pAux, a
 * table's and a cursor's ids are kept in the structs below. What needs no guest code stays
 * here: the plan (xBestIndex), end-of-rows and rowids.
 */

/* The Java side; all null until VirtualTables has set them. */
static struct {
  /* The table's id (non-zero), or 0 with *pzErr set. Declares the table itself (graalite_guest_table_declare). */
  sqlite3_int64 (*xConnect)(sqlite3_int64 module, sqlite3 *db, void *table, int argc, const char *const *argv, char **pzErr);
  void (*xDisconnect)(sqlite3_int64 table);
  /* A new cursor's id, or 0 when Java could not make one. */
  sqlite3_int64 (*xOpen)(sqlite3_int64 table);
  /* xFilter and xNext: 0 at a row, 1 past the last row, or minus an SQLite error code with *pzErr set. */
  int (*xFilter)(sqlite3_int64 cursor, int idxNum, int argc, sqlite3_value **argv, char **pzErr);
  int (*xNext)(sqlite3_int64 cursor, char **pzErr);
  /* Sets the result (or error) of ctx to the column's value in the current row. */
  void (*xColumn)(sqlite3_int64 cursor, sqlite3_context *ctx, int column);
  void (*xClose)(sqlite3_int64 cursor);
  /* SQLite drops the module (replaced, or its connection closed). */
  void (*xDestroyModule)(sqlite3_int64 module);
} graaliteGuest;

/* One table of a guest module (an eponymous one, or one CREATE VIRTUAL TABLE made). */
typedef struct GraaliteGuestTable {
  sqlite3_vtab base;
  sqlite3_int64 id;    /* the Java table's id; 0 until xConnect returned */
  int nParam;          /* parameters: the first nParam columns, HIDDEN */
  char **azParam;      /* their names, for xBestIndex's error (one allocation with the texts) */
} GraaliteGuestTable;

/* One scan of a guest table. */
typedef struct GraaliteGuestCursor {
  sqlite3_vtab_cursor base;
  sqlite3_int64 id;    /* the Java cursor's id */
  int done;            /* past the last row */
  sqlite3_int64 rowid; /* rows are numbered from 1 in each scan, as better-sqlite3 does */
} GraaliteGuestCursor;

/* Sets the Java upcalls; called once, before any guest module is created. */
GRAALITE_EXPORT void graalite_guest_module_callbacks(
    sqlite3_int64 (*xConnect)(sqlite3_int64, sqlite3 *, void *, int, const char *const *, char **),
    void (*xDisconnect)(sqlite3_int64), sqlite3_int64 (*xOpen)(sqlite3_int64),
    int (*xFilter)(sqlite3_int64, int, int, sqlite3_value **, char **), int (*xNext)(sqlite3_int64, char **),
    void (*xColumn)(sqlite3_int64, sqlite3_context *, int), void (*xClose)(sqlite3_int64), void (*xDestroyModule)(sqlite3_int64)) {
  graaliteGuest.xConnect = xConnect;
  graaliteGuest.xDisconnect = xDisconnect;
  graaliteGuest.xOpen = xOpen;
  graaliteGuest.xFilter = xFilter;
  graaliteGuest.xNext = xNext;
  graaliteGuest.xColumn = xColumn;
  graaliteGuest.xClose = xClose;
  graaliteGuest.xDestroyModule = xDestroyModule;
}

/* Replaces the error message *pzErr (a module's zErrMsg, xConnect's *pzErr) by a copy of zMsg. */
GRAALITE_EXPORT void graalite_guest_error(char **pzErr, const char *zMsg) {
  if (pzErr == 0) return;
  sqlite3_free(*pzErr);
  *pzErr = sqlite3_mprintf("%s", zMsg == 0 ? "virtual table module failed" : zMsg);
}

/*
 * From Java inside xConnect: declares table t (named zTab) as zSql (a CREATE TABLE whose first
 * nParam columns are the parameters, named one after another in zNames, each ending with a
 * NUL), with SQLITE_VTAB_DIRECTONLY when directOnly. 0, or an error code with *pzErr set.
 */
GRAALITE_EXPORT int graalite_guest_table_declare(sqlite3 *db, GraaliteGuestTable *t, const char *zTab, const char *zSql, int directOnly,
                                                 int nParam, const char *zNames, int nNames, char **pzErr) {
  char **az;
  char *z;
  int i;
  if (db == 0 || t == 0 || zSql == 0 || nParam < 0 || nNames < 0 || (nParam > 0 && zNames == 0)) return SQLITE_MISUSE;
  if (sqlite3_declare_vtab(db, zSql) != SQLITE_OK) {
    sqlite3_free(*pzErr);
    *pzErr = sqlite3_mprintf("failed to declare virtual table \"%s\"", zTab);
    return SQLITE_ERROR;
  }
  if (directOnly && sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY) != SQLITE_OK) {
    sqlite3_free(*pzErr);
    *pzErr = sqlite3_mprintf("failed to configure virtual table \"%s\"", zTab);
    return SQLITE_ERROR;
  }
  /* One byte more: sqlite3_malloc64(0) is NULL, and a table may have no parameters. */
  az = (char **)sqlite3_malloc64(sizeof(char *) * (u64)nParam + (u64)nNames + 1);
  if (az == 0) return SQLITE_NOMEM;
  z = (char *)&az[nParam];
  memcpy(z, zNames, (size_t)nNames);
  for (i = 0; i < nParam; i++) {
    /* Each name must end inside the copied texts: a wrong count is refused, never read past. */
    char *end = memchr(z, 0, (size_t)(((char *)&az[nParam] + nNames) - z));
    if (end == 0) {
      sqlite3_free(az);
      return SQLITE_MISUSE;
    }
    az[i] = z;
    z = end + 1;
  }
  sqlite3_free(t->azParam);
  t->azParam = az;
  t->nParam = nParam;
  return SQLITE_OK;
}

static void graaliteGuestTableFree(GraaliteGuestTable *t) {
  sqlite3_free(t->azParam);
  sqlite3_free(t);
}

static int graaliteGuestConnect(sqlite3 *db, void *pAux, int argc, const char *const *argv, sqlite3_vtab **ppVtab, char **pzErr) {
  GraaliteGuestTable *t;
  if (graaliteGuest.xConnect == 0) return SQLITE_MISUSE;
  t = (GraaliteGuestTable *)sqlite3_malloc(sizeof(*t));
  if (t == 0) return SQLITE_NOMEM;
  memset(t, 0, sizeof(*t));
  t->id = graaliteGuest.xConnect((sqlite3_int64)(intptr_t)pAux, db, t, argc, argv, pzErr);
  if (t->id == 0) {
    graaliteGuestTableFree(t);
    if (*pzErr == 0) *pzErr = sqlite3_mprintf("virtual table module failed");
    return SQLITE_ERROR;
  }
  *ppVtab = &t->base;
  return SQLITE_OK;
}

/*
 * A distinct xCreate, which does what xConnect does: with xCreate == xConnect SQLite would also
 * make the module an eponymous table, which a table factory's module is not.
 */
static int graaliteGuestCreate(sqlite3 *db, void *pAux, int argc, const char *const *argv, sqlite3_vtab **ppVtab, char **pzErr) {
  return graaliteGuestConnect(db, pAux, argc, argv, ppVtab, pzErr);
}

static int graaliteGuestDisconnect(sqlite3_vtab *pVtab) {
  GraaliteGuestTable *t = (GraaliteGuestTable *)pVtab;
  if (graaliteGuest.xDisconnect != 0) graaliteGuest.xDisconnect(t->id);
  graaliteGuestTableFree(t);
  return SQLITE_OK;
}

/*
 * The plan: every '=' constraint on a parameter becomes an argument of the generator, in the
 * parameters' order, and idxNum tells which parameters have one (bit i for parameter i).
 * Other operators on a parameter are an error; an unusable '=' constraint on a parameter makes
 * SQLite look for another plan (SQLITE_CONSTRAINT), so the generator never misses an argument
 * the query gives. Constraints on the other columns are SQLite's to check. The cost is very
 * high, and lower with more arguments, so SQLite does not run the generator in a loop when it
 * can avoid it. This is better-sqlite3's plan (its custom-table.cpp).
 */
static int graaliteGuestBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  GraaliteGuestTable *t = (GraaliteGuestTable *)pVtab;
  int constraintOf[32]; /* the constraint that gives parameter i, or -1 */
  int i, arguments = 0;
  for (i = 0; i < 32; i++) constraintOf[i] = -1;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    /* LIMIT and OFFSET have no column. */
    if (c->op == SQLITE_INDEX_CONSTRAINT_LIMIT || c->op == SQLITE_INDEX_CONSTRAINT_OFFSET) continue;
    if (c->iColumn < 0 || c->iColumn >= t->nParam) continue;
    if (c->op != SQLITE_INDEX_CONSTRAINT_EQ) {
      sqlite3_free(pVtab->zErrMsg);
      pVtab->zErrMsg = sqlite3_mprintf("virtual table parameter \"%s\" can only be constrained by the '=' operator", t->azParam[c->iColumn]);
      return SQLITE_ERROR;
    }
    if (!c->usable) return SQLITE_CONSTRAINT;
    /* The first constraint on a parameter gives it; a later one SQLite checks itself. */
    if (c->iColumn < 32 && constraintOf[c->iColumn] < 0) constraintOf[c->iColumn] = i;
  }
  for (i = 0; i < t->nParam && i < 32; i++) {
    if (constraintOf[i] >= 0) {
      info->idxNum |= 1 << i;
      info->aConstraintUsage[constraintOf[i]].argvIndex = ++arguments;
      info->aConstraintUsage[constraintOf[i]].omit = 1;
    }
  }
  info->estimatedRows = 1000000000 / (arguments + 1);
  info->estimatedCost = (double)info->estimatedRows;
  return SQLITE_OK;
}

static int graaliteGuestOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  GraaliteGuestTable *t = (GraaliteGuestTable *)pVtab;
  GraaliteGuestCursor *c;
  if (graaliteGuest.xOpen == 0) return SQLITE_MISUSE;
  c = (GraaliteGuestCursor *)sqlite3_malloc(sizeof(*c));
  if (c == 0) return SQLITE_NOMEM;
  memset(c, 0, sizeof(*c));
  c->done = 1;
  c->id = graaliteGuest.xOpen(t->id);
  if (c->id == 0) {
    sqlite3_free(c);
    return SQLITE_NOMEM;
  }
  *ppCursor = &c->base;
  return SQLITE_OK;
}

static int graaliteGuestClose(sqlite3_vtab_cursor *pCursor) {
  GraaliteGuestCursor *c = (GraaliteGuestCursor *)pCursor;
  if (graaliteGuest.xClose != 0) graaliteGuest.xClose(c->id);
  sqlite3_free(c);
  return SQLITE_OK;
}

static int graaliteGuestFilter(sqlite3_vtab_cursor *pCursor, int idxNum, const char *idxStr, int argc, sqlite3_value **argv) {
  GraaliteGuestCursor *c = (GraaliteGuestCursor *)pCursor;
  int r;
  (void)idxStr;
  c->done = 1;
  r = graaliteGuest.xFilter(c->id, idxNum, argc, argv, &pCursor->pVtab->zErrMsg);
  if (r < 0) return -r;
  c->done = r != 0;
  c->rowid = 1;
  return SQLITE_OK;
}

static int graaliteGuestNext(sqlite3_vtab_cursor *pCursor) {
  GraaliteGuestCursor *c = (GraaliteGuestCursor *)pCursor;
  int r = graaliteGuest.xNext(c->id, &pCursor->pVtab->zErrMsg);
  if (r < 0) {
    c->done = 1;
    return -r;
  }
  c->done = r != 0;
  c->rowid++;
  return SQLITE_OK;
}

static int graaliteGuestEof(sqlite3_vtab_cursor *pCursor) {
  return ((GraaliteGuestCursor *)pCursor)->done;
}

static int graaliteGuestColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx, int column) {
  GraaliteGuestCursor *c = (GraaliteGuestCursor *)pCursor;
  /* Java sets the result, or the error with sqlite3_result_error (which the VDBE reports). */
  graaliteGuest.xColumn(c->id, ctx, column);
  return SQLITE_OK;
}

static int graaliteGuestRowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid) {
  *pRowid = ((GraaliteGuestCursor *)pCursor)->rowid;
  return SQLITE_OK;
}

/* A table factory's module: tables made by CREATE VIRTUAL TABLE ... USING name(arguments). */
static sqlite3_module graaliteGuestModule = {
  0, graaliteGuestCreate, graaliteGuestConnect, graaliteGuestBestIndex, graaliteGuestDisconnect, graaliteGuestDisconnect,
  graaliteGuestOpen, graaliteGuestClose, graaliteGuestFilter, graaliteGuestNext, graaliteGuestEof, graaliteGuestColumn,
  graaliteGuestRowid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};

/* An eponymous-only module (no xCreate): the table is the module's name, usable at once. */
static sqlite3_module graaliteGuestEponymousModule = {
  0, 0, graaliteGuestConnect, graaliteGuestBestIndex, graaliteGuestDisconnect, graaliteGuestDisconnect,
  graaliteGuestOpen, graaliteGuestClose, graaliteGuestFilter, graaliteGuestNext, graaliteGuestEof, graaliteGuestColumn,
  graaliteGuestRowid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};

static void graaliteGuestModuleDestroy(void *pAux) {
  if (graaliteGuest.xDestroyModule != 0) graaliteGuest.xDestroyModule((sqlite3_int64)(intptr_t)pAux);
}

/*
 * Registers (or replaces) the guest module zName of id `module` on db: eponymous-only, or a
 * table factory. SQLite calls the module's destroy upcall when it drops it, also when this
 * fails.
 */
GRAALITE_EXPORT int graalite_guest_module_create(sqlite3 *db, const char *zName, sqlite3_int64 module, int eponymous) {
  if (db == 0 || zName == 0 || module == 0 || graaliteGuest.xConnect == 0) return SQLITE_MISUSE;
  return sqlite3_create_module_v2(db, zName, eponymous ? &graaliteGuestEponymousModule : &graaliteGuestModule, (void *)(intptr_t)module,
                                  graaliteGuestModuleDestroy);
}
