/*
 * Graalite's native shim: SQLite's amalgamation plus the few accessors Graalite needs
 * into SQLite's internal structures. It is compiled in the same translation unit as the
 * amalgamation so it sees Vdbe, Op, KeyInfo, FuncDef, CollSeq, Mem and SubProgram.
 *
 * The public sqlite3_* API is called directly from Java. Each accessor or operation is one
 * small function so that the Java side declares it once in its binding table
 * (org.graalite.nativeapi.NativeFunction). Where Java reads SQLite's structs itself it uses
 * the offsets this file reports (graalite_op_p4_offset, graalite_btree_layout); it writes
 * them in one place, the Next on a leaf page of runtime/LeafStep.java.
 */
#include "sqlite3.c"

#define GRAALITE_EXPORT __attribute__((visibility("default")))

/* ---- Layout checks: the Java program reader reads Op records directly. ---- */

GRAALITE_EXPORT int graalite_op_size(void) { return (int)sizeof(Op); }
GRAALITE_EXPORT int graalite_op_p4_offset(void) { return (int)offsetof(Op, p4); }

/* ---- A prepared statement's program. ---- */

GRAALITE_EXPORT Op *graalite_program_ops(sqlite3_stmt *stmt) { return ((Vdbe *)stmt)->aOp; }
GRAALITE_EXPORT int graalite_program_size(sqlite3_stmt *stmt) { return ((Vdbe *)stmt)->nOp; }
GRAALITE_EXPORT int graalite_program_mem_count(sqlite3_stmt *stmt) { return ((Vdbe *)stmt)->nMem; }
GRAALITE_EXPORT int graalite_program_cursor_count(sqlite3_stmt *stmt) { return ((Vdbe *)stmt)->nCursor; }

/* The opcode's name as SQLite spells it in EXPLAIN. */
GRAALITE_EXPORT const char *graalite_opcode_name(int opcode) { return sqlite3OpcodeName(opcode); }

/* ---- P4 operands, by p4type. ---- */

GRAALITE_EXPORT int graalite_keyinfo_key_fields(KeyInfo *k) { return k->nKeyField; }
GRAALITE_EXPORT int graalite_keyinfo_all_fields(KeyInfo *k) { return k->nAllField; }
GRAALITE_EXPORT int graalite_keyinfo_encoding(KeyInfo *k) { return k->enc; }
GRAALITE_EXPORT int graalite_keyinfo_sort_flags(KeyInfo *k, int i) { return k->aSortFlags[i]; }
/* NULL where the field has no collating sequence. */
GRAALITE_EXPORT const char *graalite_keyinfo_collation(KeyInfo *k, int i) {
  return k->aColl[i] ? k->aColl[i]->zName : 0;
}

GRAALITE_EXPORT const char *graalite_collseq_name(CollSeq *c) { return c->zName; }
GRAALITE_EXPORT int graalite_collseq_encoding(CollSeq *c) { return c->enc; }

GRAALITE_EXPORT FuncDef *graalite_funcctx_funcdef(sqlite3_context *ctx) { return ctx->pFunc; }
GRAALITE_EXPORT int graalite_funcctx_argc(sqlite3_context *ctx) { return ctx->argc; }
GRAALITE_EXPORT const char *graalite_funcdef_name(FuncDef *f) { return f->zName; }
GRAALITE_EXPORT int graalite_funcdef_nargs(FuncDef *f) { return f->nArg; }
GRAALITE_EXPORT unsigned graalite_funcdef_flags(FuncDef *f) { return f->funcFlags; }
/* Who defined a function: its user data and its C function (xSFunc, an aggregate's step). */
GRAALITE_EXPORT void *graalite_funcdef_user_data(FuncDef *f) { return f->pUserData; }
GRAALITE_EXPORT void *graalite_funcdef_implementation(FuncDef *f) { return (void *)f->xSFunc; }

/*
 * The kind of a P4_MEM constant, with EXPLAIN's precedence among its flags:
 * 1 text, 2 integer, 3 real, 4 null, 5 blob.
 */
GRAALITE_EXPORT int graalite_mem_kind(Mem *m) {
  if (m->flags & MEM_Str) return 1;
  if (m->flags & (MEM_Int | MEM_IntReal)) return 2;
  if (m->flags & MEM_Real) return 3;
  if (m->flags & MEM_Null) return 4;
  return 5;
}
GRAALITE_EXPORT sqlite3_int64 graalite_mem_int(Mem *m) { return m->u.i; }
GRAALITE_EXPORT double graalite_mem_real(Mem *m) { return m->u.r; }
GRAALITE_EXPORT const char *graalite_mem_bytes(Mem *m) { return m->z; }
GRAALITE_EXPORT int graalite_mem_length(Mem *m) { return m->n; }

GRAALITE_EXPORT Op *graalite_subprogram_ops(SubProgram *p) { return p->aOp; }
GRAALITE_EXPORT int graalite_subprogram_size(SubProgram *p) { return p->nOp; }
GRAALITE_EXPORT int graalite_subprogram_mem_count(SubProgram *p) { return p->nMem; }
GRAALITE_EXPORT int graalite_subprogram_cursor_count(SubProgram *p) { return p->nCsr; }

GRAALITE_EXPORT const char *graalite_table_name(Table *t) { return t->zName; }
GRAALITE_EXPORT int graalite_table_column_count(Table *t) { return t->nCol; }
GRAALITE_EXPORT const char *graalite_table_column_name(Table *t, int i) { return t->aCol[i].zCnName; }
/* Column i of table t for OP_TypeCheck: affinity | eCType << 8 | colFlags << 16. */
GRAALITE_EXPORT int graalite_table_column_type(Table *t, int i) {
  return (t->aCol[i].affinity & 0xff) | ((t->aCol[i].eCType & 0xff) << 8) | ((int)t->aCol[i].colFlags << 16);
}
GRAALITE_EXPORT const char *graalite_index_name(Index *i) { return i->zName; }
GRAALITE_EXPORT int graalite_subrtnsig_select_id(SubrtnSig *s) { return s->selId; }
GRAALITE_EXPORT const char *graalite_subrtnsig_affinity(SubrtnSig *s) { return s->zAff; }
GRAALITE_EXPORT void *graalite_vtable_vtab(VTable *v) { return v->pVtab; }

/* ---- Values as SQLite renders them. ---- */

/*
 * Writes the text SQLite gives a REAL value (CAST(r AS TEXT), sqlite3_column_text):
 * "%!.17g" with SQLite's own shortest-round-trip reduction, as vdbeMemRenderNum does with
 * the default of 17 significant digits. buf must hold at least 32 bytes. Returns the length.
 */
GRAALITE_EXPORT int graalite_real_to_text(double r, char *buf) {
  sqlite3_snprintf(32, buf, "%!.17g", r);
  return (int)strlen(buf);
}

/* ==== The Truffle tier's native half ====================================================
 *
 * When Graalite's interpreter runs a program, the registers and the control flow are in
 * Java, but the statement's bookkeeping stays SQLite's: the Vdbe's state machine (ready,
 * run, halt), its cursors (VdbeCursor in p->apCsr, allocated like OP_OpenRead does),
 * transactions, and how errors and halts end a statement (sqlite3VdbeHalt). Each function
 * below is the body of one opcode or one part of sqlite3_step, for the main program of a
 * statement (no trigger frames). sqlite3_reset and sqlite3_finalize then work as always.
 */

/*
 * The start of an execution, as sqlite3Step does it. SQLITE_SCHEMA if the statement expired;
 * GRAALITE_NOT_UTF8, with nothing started, when the database's text is not UTF-8 (the Truffle
 * tier decodes records as UTF-8). *pTotalChanges is the connection's total_changes() before the
 * execution (one call where the start and the count took two).
 */
#define GRAALITE_NOT_UTF8 0x10000
GRAALITE_EXPORT int graalite_exec_begin(sqlite3_stmt *stmt, sqlite3_int64 *pTotalChanges) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  if (ENC(db) != SQLITE_UTF8) return GRAALITE_NOT_UTF8;
  *pTotalChanges = sqlite3_total_changes64(db);
  if (p->eVdbeState == VDBE_HALT_STATE) sqlite3_reset(stmt);
  if (p->eVdbeState != VDBE_READY_STATE) return SQLITE_MISUSE;
  if (p->expired) return SQLITE_SCHEMA;
  if (db->nVdbeActive == 0) AtomicStore(&db->u1.isInterrupted, 0);
  db->nVdbeActive++;
  if (p->readOnly == 0) db->nVdbeWrite++;
  if (p->bIsReader) db->nVdbeRead++;
  p->pc = 0;
  p->eVdbeState = VDBE_RUN_STATE;
  return SQLITE_OK;
}

/*
 * The shape of a program as bytes: what the Truffle tier builds its nodes from (opcodes,
 * operands, P4 by content), so that two programs with equal shapes run as the same nodes.
 * Objects SQLite keeps across prepares (functions, collations, tables, indexes, virtual
 * tables) count by address, and so do P4 kinds not spelled out here: a shape may differ where
 * the Java reader's fingerprint would not, never the reverse.
 */
typedef struct GraaliteShape { u8 *z; i64 n, cap; int oom; SubProgram *aSeen[64]; int nSeen; } GraaliteShape;

static void graaliteShapeAdd(GraaliteShape *s, const void *data, i64 n) {
  if (s->oom) return;
  if (s->n + n > s->cap) {
    i64 cap = (s->cap ? s->cap * 2 : 4096) + n;
    u8 *z = sqlite3_realloc64(s->z, cap);
    if (z == 0) { s->oom = 1; return; }
    s->z = z;
    s->cap = cap;
  }
  memcpy(s->z + s->n, data, n);
  s->n += n;
}

static void graaliteShapeInt(GraaliteShape *s, i64 v) { graaliteShapeAdd(s, &v, sizeof(v)); }

static void graaliteShapeText(GraaliteShape *s, const char *z) {
  i64 n = z ? (i64)strlen(z) : -1;
  graaliteShapeInt(s, n);
  if (z) graaliteShapeAdd(s, z, n);
}

static void graaliteShapeOps(GraaliteShape *s, const Op *aOp, int nOp);

static void graaliteShapeP4(GraaliteShape *s, const Op *op) {
  const union p4union *p4 = &op->p4;
  switch (op->p4type) {
    case P4_INT32:
      graaliteShapeInt(s, p4->i);
      return;
    case P4_NOTUSED:
    case P4_STATIC:
    case P4_DYNAMIC:
      if (op->opcode == OP_Blob && p4->z && op->p1 > 0) {
        graaliteShapeInt(s, op->p1);
        graaliteShapeAdd(s, p4->z, op->p1);
      } else {
        graaliteShapeText(s, p4->z);
      }
      return;
    case P4_KEYINFO: {
      const KeyInfo *k = p4->pKeyInfo;
      int i;
      graaliteShapeInt(s, k->enc);
      graaliteShapeInt(s, k->nKeyField);
      graaliteShapeInt(s, k->nAllField);
      for (i = 0; i < k->nKeyField; i++) {
        graaliteShapeInt(s, k->aSortFlags[i]);
        graaliteShapeText(s, k->aColl[i] ? k->aColl[i]->zName : 0);
      }
      return;
    }
    case P4_FUNCDEF:
      /* A function defined again may keep its FuncDef and change its flags. */
      graaliteShapeInt(s, (i64)(uptr)p4->pFunc);
      graaliteShapeInt(s, ((i64)p4->pFunc->funcFlags << 16) | (u16)p4->pFunc->nArg);
      return;
    case P4_FUNCCTX:
      graaliteShapeInt(s, (i64)(uptr)p4->pCtx->pFunc);
      graaliteShapeInt(s, ((i64)p4->pCtx->pFunc->funcFlags << 16) | (u16)p4->pCtx->pFunc->nArg);
      graaliteShapeInt(s, p4->pCtx->argc);
      return;
    case P4_MEM: {
      const Mem *m = p4->pMem;
      u16 kind = m->flags & (MEM_Null | MEM_Int | MEM_Real | MEM_IntReal | MEM_Str | MEM_Blob | MEM_Zero);
      graaliteShapeInt(s, kind);
      if (kind & (MEM_Int | MEM_IntReal)) graaliteShapeInt(s, m->u.i);
      else if (kind & MEM_Real) graaliteShapeAdd(s, &m->u.r, sizeof(m->u.r));
      if (kind & (MEM_Str | MEM_Blob)) {
        graaliteShapeInt(s, m->n);
        if (kind & MEM_Zero) graaliteShapeInt(s, m->u.nZero);
        if (m->n > 0) graaliteShapeAdd(s, m->z, m->n);
      }
      return;
    }
    case P4_INTARRAY:
      graaliteShapeAdd(s, p4->ai, (i64)sizeof(u32) * (1 + p4->ai[0]));
      return;
    case P4_SUBPROGRAM: {
      SubProgram *sub = p4->pProgram;
      int i;
      for (i = 0; i < s->nSeen; i++) {
        if (s->aSeen[i] == sub) { graaliteShapeInt(s, -1 - i); return; }
      }
      if (s->nSeen == (int)(sizeof(s->aSeen) / sizeof(s->aSeen[0]))) { s->oom = 1; return; }
      s->aSeen[s->nSeen++] = sub;
      graaliteShapeInt(s, sub->nOp);
      graaliteShapeInt(s, sub->nMem);
      graaliteShapeInt(s, sub->nCsr);
      graaliteShapeOps(s, sub->aOp, sub->nOp);
      return;
    }
    case P4_SUBRTNSIG:
      graaliteShapeInt(s, p4->pSubrtnSig->selId);
      graaliteShapeText(s, p4->pSubrtnSig->zAff);
      return;
    default:
      graaliteShapeInt(s, (i64)(uptr)p4->p);
      return;
  }
}

static void graaliteShapeOps(GraaliteShape *s, const Op *aOp, int nOp) {
  int i;
  for (i = 0; i < nOp; i++) {
    const Op *op = &aOp[i];
    i64 head[3] = { ((i64)op->opcode << 32) | ((i64)(u8)op->p4type << 16) | op->p5, op->p1, ((i64)op->p2 << 32) | (u32)op->p3 };
    graaliteShapeAdd(s, head, sizeof(head));
    graaliteShapeP4(s, op);
  }
}

static void graaliteShapeProgram(GraaliteShape *s, Vdbe *p) {
  graaliteShapeInt(s, p->nOp);
  graaliteShapeInt(s, p->nMem);
  graaliteShapeInt(s, p->nCursor);
  graaliteShapeOps(s, p->aOp, p->nOp);
}

static void graaliteShapeOf(GraaliteShape *s, Vdbe *p) {
  memset(s, 0, sizeof(*s));
  graaliteShapeProgram(s, p);
}

/* Set in graalite_exec_reprepare's result when the new program has the shape of the old one. */
#define GRAALITE_SAME_SHAPE 0x1000000

/*
 * Prepares an expired statement again, as sqlite3_step does before its first step (the same
 * Vdbe, its program replaced); returns rc, with GRAALITE_SAME_SHAPE set when the new program
 * has the old one's shape. Otherwise the caller compares the programs itself.
 */
GRAALITE_EXPORT int graalite_exec_reprepare(sqlite3_stmt *stmt) {
  Vdbe *p = (Vdbe *)stmt;
  GraaliteShape before, after;
  int rc, same;
  if (p->eVdbeState != VDBE_READY_STATE || !p->expired) return SQLITE_MISUSE;
  graaliteShapeOf(&before, p);
  rc = sqlite3Reprepare(p);
  if (rc != SQLITE_OK) {
    sqlite3_free(before.z);
    return rc;
  }
  graaliteShapeOf(&after, p);
  same = !before.oom && !after.oom && before.n == after.n && memcmp(before.z, after.z, before.n) == 0;
  sqlite3_free(before.z);
  sqlite3_free(after.z);
  return same ? rc | GRAALITE_SAME_SHAPE : rc;
}

/*
 * The shape of the statement's program (graaliteShapeOf), for the Truffle tier to recognise a
 * program SQLite made for the statement before: a plan made from bound values (STAT4) goes
 * back and forth between a few. Objects count by address in a shape, and a schema reset frees
 * them: so each schema's address and generation (counted up at each reset) come first, and no
 * shape taken before a reset equals one taken after it. In a buffer from sqlite3_malloc that
 * the caller frees: the length of what follows as an i64, then the shape. NULL when out of memory.
 */
GRAALITE_EXPORT void *graalite_stmt_shape(sqlite3_stmt *stmt) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  GraaliteShape s;
  int i;
  memset(&s, 0, sizeof(s));
  graaliteShapeInt(&s, 0); /* the length, filled in below */
  graaliteShapeInt(&s, db->nDb);
  for (i = 0; i < db->nDb; i++) {
    Schema *schema = db->aDb[i].pSchema;
    graaliteShapeInt(&s, (i64)(uptr)schema);
    graaliteShapeInt(&s, schema ? schema->iGeneration : 0);
  }
  graaliteShapeProgram(&s, p);
  if (s.oom) {
    sqlite3_free(s.z);
    return 0;
  }
  ((i64 *)s.z)[0] = s.n - (i64)sizeof(i64);
  return s.z;
}

/*
 * Whether the statement's plan was made from bound parameter values (SQLite's expmask: a LIKE
 * pattern, a value that decides whether a partial index applies...): binding such a parameter
 * expires the statement, and sqlite3_step prepares it again for the new value.
 */
GRAALITE_EXPORT int graalite_stmt_plan_uses_parameters(sqlite3_stmt *stmt) {
  return ((Vdbe *)stmt)->expmask != 0;
}

/*
 * Expires the statement, as a schema change does: its next start (sqlite3_step, or
 * graalite_exec_begin's SQLITE_SCHEMA) prepares it again. For a statement whose program the
 * Truffle tier read before SQLite prepared it again and ran it (while it was cold).
 */
GRAALITE_EXPORT void graalite_stmt_expire(sqlite3_stmt *stmt) {
  ((Vdbe *)stmt)->expired = 1;
}

/*
 * Where the connection keeps sqlite3_interrupt's flag. The Truffle tier reads it where vdbe.c
 * checks it (the start of every step; Goto, Gosub, Next and the other loop-closing opcodes):
 * a load of this address in compiled code instead of a call.
 */
GRAALITE_EXPORT const volatile int *graalite_interrupt_flag(sqlite3 *db) {
  return &db->u1.isInterrupted;
}

/*
 * Lets sqlite3_load_extension load extensions, the SQL function load_extension() staying
 * refused (what better-sqlite3 sets at open): sqlite3_db_config is variadic, this is not.
 */
GRAALITE_EXPORT int graalite_enable_load_extension_api(sqlite3 *db, int onoff) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, onoff, (int *)0);
}

/*
 * sqlite3_db_config for the options that take an int and answer an int (SQLITE_DBCONFIG_ENABLE_FKEY
 * to SQLITE_DBCONFIG_ENABLE_COMMENTS; value -1 only reads): the current value in *current.
 * The other options take other arguments, which a caller must not pass by mistake here.
 */
GRAALITE_EXPORT int graalite_db_config_flag(sqlite3 *db, int op, int value, int *current) {
  if (op < SQLITE_DBCONFIG_ENABLE_FKEY || op > SQLITE_DBCONFIG_ENABLE_COMMENTS) return SQLITE_MISUSE;
  return sqlite3_db_config(db, op, value, current);
}

/*
 * SQLITE_DEFAULT_WAL_SYNCHRONOUS as a connection's setting (better-sqlite3 builds SQLite with 1,
 * NORMAL; this library keeps SQLite's default, FULL, for every other binding): each database
 * of db whose synchronous level no PRAGMA synchronous has set takes walLevel while it is in WAL
 * mode and SQLite's default otherwise, as SQLite's setDefaultSyncFlag does when it reads a
 * database's first page. The schemas are read first (which puts a WAL database in WAL mode);
 * answers 1 when every database's mode was known, 0 when one could not be read yet. With
 * leavingOnly, databases in WAL mode are left as they are: SQLite applies its default at once
 * to a database that leaves WAL mode, but to one that enters it at its next transaction.
 */
GRAALITE_EXPORT int graalite_wal_synchronous_default(sqlite3 *db, int walLevel, int leavingOnly) {
  int i, known = 1;
  char *error = 0;
  sqlite3_mutex_enter(db->mutex);
  sqlite3BtreeEnterAll(db);
  if (sqlite3Init(db, &error) != SQLITE_OK) known = 0;
  sqlite3DbFree(db, error);
  for (i = 0; i < db->nDb; i++) {
    Db *pDb = &db->aDb[i];
    Pager *pPager;
    u8 level;
    if (i == 1 || pDb->pBt == 0) continue;
    if (!DbHasProperty(db, i, DB_SchemaLoaded)) {
      known = 0;
      continue;
    }
    if (pDb->bSyncSet) continue;
    pPager = sqlite3BtreePager(pDb->pBt);
    if (leavingOnly && sqlite3PagerGetJournalMode(pPager) == PAGER_JOURNALMODE_WAL) continue;
    level = (u8)((sqlite3PagerGetJournalMode(pPager) == PAGER_JOURNALMODE_WAL ? walLevel : SQLITE_DEFAULT_SYNCHRONOUS) + 1);
    if (pDb->safety_level != level) {
      pDb->safety_level = level;
      sqlite3PagerSetFlags(pPager, level | (db->flags & PAGER_FLAGS_MASK));
    }
  }
  sqlite3BtreeLeaveAll(db);
  sqlite3_mutex_leave(db->mutex);
  return known;
}

/* Hands the statement's error to the connection, as sqlite3_step does for prepare_v3. */
static int graalite_transfer(Vdbe *p, int rc) {
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
    rc = sqlite3VdbeTransferError(p);
  } else if (rc == SQLITE_DONE && p->db->autoCommit) {
    p->rc = doWalCallbacks(p->db);
    if (p->rc != SQLITE_OK) rc = sqlite3VdbeTransferError(p);
  }
  if (rc == SQLITE_DONE || rc == SQLITE_ROW) p->db->errCode = rc;
  return rc;
}

/*
 * Ends the execution with an error, as vdbe.c's abort_due_to_error does; returns the error
 * code the caller reports (SQLite's message is then sqlite3_errmsg).
 */
GRAALITE_EXPORT int graalite_exec_abort(sqlite3_stmt *stmt, int pc, int rc, const char *zMsg) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  if (zMsg) sqlite3VdbeError(p, "%s", zMsg);
  if (db->mallocFailed) {
    rc = SQLITE_NOMEM_BKPT;
  } else if (rc == SQLITE_IOERR_CORRUPTFS) {
    rc = SQLITE_CORRUPT_BKPT;
  }
  if (p->zErrMsg == 0 && rc != SQLITE_IOERR_NOMEM) sqlite3VdbeError(p, "%s", sqlite3ErrStr(rc));
  p->rc = rc;
  p->pc = pc;
  sqlite3SystemError(db, rc);
  if (p->eVdbeState == VDBE_RUN_STATE) sqlite3VdbeHalt(p);
  if (rc == SQLITE_IOERR_NOMEM) sqlite3OomFault(db);
  if (rc == SQLITE_CORRUPT && db->autoCommit == 0) db->flags |= SQLITE_CorruptRdOnly;
  return graalite_transfer(p, SQLITE_ERROR);
}

/*
 * OP_Halt of the main program at address pc: SQLITE_DONE, or the error code. After
 * SQLITE_DONE the statement is also reset, as the caller's sqlite3_reset right after it would
 * (one call where two were, on every execution), and *pChanged is the rows it changed if the
 * connection's total_changes() moved from `before` (graalite_changes_since), else 0.
 */
GRAALITE_EXPORT sqlite3_int64 graalite_changes_since(sqlite3 *db, sqlite3_int64 before);
GRAALITE_EXPORT int graalite_op_halt(sqlite3_stmt *stmt, int pc, sqlite3_int64 before, sqlite3_int64 *pChanged) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  int rc;
  p->pc = pc;
  p->rc = pOp->p1;
  p->errorAction = (u8)pOp->p2;
  if (p->rc) {
    if (pOp->p3 > 0 && pOp->p4type == P4_NOTUSED) {
      /* RAISE(ABORT|FAIL|ROLLBACK, message): the message is in register P3, which the Truffle
       * tier copied to SQLite's side first (graalite_register_set). */
      sqlite3VdbeError(p, "%s", pOp->p3 < p->nMem ? (const char *)sqlite3ValueText(&p->aMem[pOp->p3], SQLITE_UTF8) : "");
    } else if (pOp->p5) {
      static const char *const azType[] = {"NOT NULL", "UNIQUE", "CHECK", "FOREIGN KEY"};
      sqlite3VdbeError(p, "%s constraint failed", azType[pOp->p5 - 1]);
      if (pOp->p4.z) p->zErrMsg = sqlite3MPrintf(p->db, "%z: %s", p->zErrMsg, pOp->p4.z);
    } else {
      sqlite3VdbeError(p, "%s", pOp->p4.z);
    }
  }
  rc = sqlite3VdbeHalt(p);
  if (rc == SQLITE_BUSY) {
    p->rc = SQLITE_BUSY;
    return graalite_transfer(p, SQLITE_BUSY);
  }
  rc = graalite_transfer(p, p->rc ? SQLITE_ERROR : SQLITE_DONE);
  if (rc == SQLITE_DONE) {
    *pChanged = graalite_changes_since(p->db, before);
    sqlite3_reset(stmt);
  }
  return rc;
}

/* OP_Transaction at address pc: SQLITE_OK or an error code (the execution is not ended). */
GRAALITE_EXPORT int graalite_op_transaction(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  Db *pDb = &db->aDb[pOp->p1];
  Btree *pBt = pDb->pBt;
  int iMeta = 0;
  int rc = SQLITE_OK;
  if (pOp->p2 && (db->flags & (SQLITE_QueryOnly | SQLITE_CorruptRdOnly)) != 0) {
    return (db->flags & SQLITE_QueryOnly) ? SQLITE_READONLY : SQLITE_CORRUPT;
  }
  if (pBt) {
    rc = sqlite3BtreeBeginTrans(pBt, pOp->p2, &iMeta);
    if (rc != SQLITE_OK) return rc;
    if (p->usesStmtJournal && pOp->p2 && (db->autoCommit == 0 || db->nVdbeRead > 1)) {
      if (p->iStatement == 0) {
        db->nStatement++;
        p->iStatement = db->nSavepoint + db->nStatement;
      }
      rc = sqlite3VtabSavepoint(db, SAVEPOINT_BEGIN, p->iStatement - 1);
      if (rc == SQLITE_OK) rc = sqlite3BtreeBeginStmt(pBt, p->iStatement);
      p->nStmtDefCons = db->nDeferredCons;
      p->nStmtDefImmCons = db->nDeferredImmCons;
    }
  }
  if (rc == SQLITE_OK && pOp->p5 && (iMeta != pOp->p3 || pDb->pSchema->iGeneration != pOp->p4.i)) {
    sqlite3DbFree(db, p->zErrMsg);
    p->zErrMsg = sqlite3DbStrDup(db, "database schema has changed");
    if (db->aDb[pOp->p1].pSchema->schema_cookie != iMeta) sqlite3ResetOneSchema(db, pOp->p1);
    p->expired = 1;
    rc = SQLITE_SCHEMA;
    p->changeCntOn = 0;
  }
  return rc;
}

/*
 * OP_TableLock at address pc (connections in shared-cache mode): takes the read (P3 = 0) or
 * write lock on the table with root page P2 of database P1, as vdbe.c does; SQLITE_OK or the
 * error code, with "database table is locked: NAME" as the message of SQLITE_LOCKED.
 */
GRAALITE_EXPORT int graalite_op_table_lock(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp;
  u8 isWriteLock;
  int rc = SQLITE_OK;
  if (pc < 0 || pc >= p->nOp) return SQLITE_MISUSE;
  pOp = &p->aOp[pc];
  if (pOp->opcode != OP_TableLock || pOp->p1 < 0 || pOp->p1 >= db->nDb) return SQLITE_MISUSE;
  p->pc = pc;
  isWriteLock = (u8)pOp->p3;
  if (isWriteLock || 0 == (db->flags & SQLITE_ReadUncommit)) {
    rc = sqlite3BtreeLockTable(db->aDb[pOp->p1].pBt, pOp->p2, isWriteLock);
    if ((rc & 0xFF) == SQLITE_LOCKED) {
      sqlite3VdbeError(p, "database table is locked: %s", pOp->p4.z);
    }
  }
  return rc;
}

/* OP_OpenRead of the main program at address pc (a table or an index b-tree). */
GRAALITE_EXPORT int graalite_op_open_read(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  KeyInfo *pKeyInfo = 0;
  int nField = 0;
  VdbeCursor *pCur;
  int rc;
  if (p->expired == 1) return SQLITE_ABORT_ROLLBACK;
  if (pOp->p4type == P4_KEYINFO) {
    pKeyInfo = pOp->p4.pKeyInfo;
    nField = pKeyInfo->nAllField;
  } else if (pOp->p4type == P4_INT32) {
    nField = pOp->p4.i;
  }
  pCur = allocateCursor(p, pOp->p1, nField, CURTYPE_BTREE);
  if (pCur == 0) return SQLITE_NOMEM;
  pCur->iDb = pOp->p3;
  pCur->nullRow = 1;
  pCur->isOrdered = 1;
  pCur->pgnoRoot = (u32)pOp->p2;
  rc = sqlite3BtreeCursor(db->aDb[pOp->p3].pBt, (u32)pOp->p2, 0, pKeyInfo, pCur->uc.pCursor);
  pCur->pKeyInfo = pKeyInfo;
  pCur->isTable = pOp->p4type != P4_KEYINFO;
  sqlite3BtreeCursorHintFlags(pCur->uc.pCursor, (pOp->p5 & (OPFLAG_BULKCSR | OPFLAG_SEEKEQ)));
  return rc;
}

/*
 * The cursor iCur of a statement if it is open with the given type, else NULL. Every cursor
 * function checks this first, so that a wrong cursor number is an error, never a crash.
 */
static VdbeCursor *graalite_cursor(sqlite3_stmt *stmt, int iCur, u8 type) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC;
  if (iCur < 0 || iCur >= p->nCursor) return 0;
  pC = p->apCsr[iCur];
  if (pC == 0 || pC->eCurType != type) return 0;
  if (type == CURTYPE_BTREE && pC->uc.pCursor == 0) return 0;
  return pC;
}

/*
 * Whether cursor pC has no row to read. A write through another cursor on the same b-tree
 * (an OpenDup cursor of a window program, a second cursor of an UPDATE) saves this cursor's
 * position (CURSOR_REQUIRESEEK): it is restored first, as OP_Column and OP_Rowid do through
 * sqlite3VdbeCursorMoveto; a cursor whose row went away has no row (nullRow, like SQLite).
 */
static int graalite_no_row(VdbeCursor *pC) {
  BtCursor *pCrsr = pC->uc.pCursor;
  if (pCrsr->eState >= CURSOR_REQUIRESEEK) {
    int different = 0;
    int rc = sqlite3BtreeCursorRestore(pCrsr, &different);
    pC->cacheStatus = CACHE_STALE;
    if (rc != SQLITE_OK || different) {
      pC->nullRow = 1;
      return 1;
    }
  }
  return sqlite3BtreeEof(pCrsr);
}

/* OP_Close. */
GRAALITE_EXPORT void graalite_cursor_close(sqlite3_stmt *stmt, int iCur) {
  Vdbe *p = (Vdbe *)stmt;
  if (iCur >= 0 && iCur < p->nCursor && p->apCsr[iCur]) {
    sqlite3VdbeFreeCursor(p, p->apCsr[iCur]);
    p->apCsr[iCur] = 0;
  }
}

/*
 * Cursor moves. Each returns (rc << 8) | atEnd: atEnd is 1 when the cursor has no row
 * (an empty b-tree for first/last, past the end for next/prev); rc is 0 or an error code.
 */
GRAALITE_EXPORT int graalite_cursor_first(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 1;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  int rc = sqlite3BtreeFirst(pC->uc.pCursor, &res);
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->nullRow = (u8)res;
  return (rc << 8) | (res != 0);
}

GRAALITE_EXPORT int graalite_cursor_last(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 1;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  int rc = sqlite3BtreeLast(pC->uc.pCursor, &res);
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->nullRow = (u8)res;
  pC->seekResult = 0;
  return (rc << 8) | (res != 0);
}

/*
 * What OP_Next, OP_Prev and OP_SorterNext do after moving cursor pC, whose move returned rc:
 * the row cache goes stale and the cursor is on a row unless the move ended or failed.
 * Returns (rc << 8) | atEnd, SQLITE_DONE counting as the end without an error.
 */
static int graalite_cursor_moved(VdbeCursor *pC, int rc) {
  pC->cacheStatus = CACHE_STALE;
  if (rc == SQLITE_OK) {
    pC->nullRow = 0;
    return 0;
  }
  pC->nullRow = 1;
  return rc == SQLITE_DONE ? 1 : (rc << 8) | 1;
}

GRAALITE_EXPORT int graalite_cursor_next(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int rc;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3BtreeNext(pC->uc.pCursor, 0);
  return graalite_cursor_moved(pC, rc);
}

GRAALITE_EXPORT int graalite_cursor_prev(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int rc;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3BtreePrevious(pC->uc.pCursor, 0);
  return graalite_cursor_moved(pC, rc);
}

/* The rowid of a table cursor's current row. */
GRAALITE_EXPORT sqlite3_int64 graalite_cursor_rowid(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC == 0 || graalite_no_row(pC)) return 0;
  return sqlite3BtreeIntegerKey(pC->uc.pCursor);
}

/*
 * The current row's record into out: out[0] its size, out[1] how many bytes are at the pointer
 * (less than the size when the record continues on overflow pages; then use
 * graalite_cursor_payload_copy), out[2..3] the pointer to its first bytes.
 */
static void graalite_payload_out(VdbeCursor *pC, unsigned *out) {
  u32 avail = 0;
  const void *z;
  out[0] = sqlite3BtreePayloadSize(pC->uc.pCursor); /* must come first: it fills the cell info */
  z = sqlite3BtreePayloadFetch(pC->uc.pCursor, &avail);
  out[1] = avail;
  memcpy(&out[2], &z, sizeof(z));
}

/* graalite_payload_out, and out[4..7]: the cursor's structs, for the Java steps and seeks on a leaf page (graalite_btree_layout). */
static void graalite_payload_out_structs(VdbeCursor *pC, unsigned *out) {
  graalite_payload_out(pC, out);
  memcpy(&out[4], &pC, sizeof(pC));
  memcpy(&out[6], &pC->uc.pCursor, sizeof(pC->uc.pCursor));
}

/* The current row's record as graalite_payload_out gives it (out has 4 slots); returns the pointer. */
GRAALITE_EXPORT const void *graalite_cursor_payload(sqlite3_stmt *stmt, int iCur, unsigned *out) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  const void *z = 0;
  if (pC == 0 || graalite_no_row(pC)) {
    /* No row: an empty record. */
    memset(out, 0, 2 * sizeof(unsigned) + sizeof(z));
    return 0;
  }
  graalite_payload_out(pC, out);
  memcpy(&z, &out[2], sizeof(z));
  return z;
}

/*
 * Next (forward) or Prev, and on a row its record located as graalite_payload_out does: one
 * call where a scan would make two per row. Returns as graalite_cursor_next.
 */
GRAALITE_EXPORT int graalite_cursor_step_located(sqlite3_stmt *stmt, int iCur, int forward, unsigned *out) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int r;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  r = graalite_cursor_moved(pC, forward ? sqlite3BtreeNext(pC->uc.pCursor, 0) : sqlite3BtreePrevious(pC->uc.pCursor, 0));
  if (r == 0) {
    graalite_payload_out_structs(pC, out);
    /* out[8..9]: a table row's rowid (its cell is parsed now), out[10]: whether there is one. */
    out[10] = pC->uc.pCursor->curIntKey != 0;
    if (out[10]) {
      i64 rowid = sqlite3BtreeIntegerKey(pC->uc.pCursor);
      memcpy(&out[8], &rowid, sizeof(rowid));
    }
  }
  return r;
}

/*
 * Where the fields that sqlite3BtreeNext and OP_Next read and write when the next entry is on
 * the same leaf page lie in SQLite's structs (byte offsets), and the constants they use: the
 * Truffle tier takes that step in Java (runtime/LeafStep.java) and calls
 * graalite_cursor_step_located for every other one. Entry `which` of the table below.
 */
_Static_assert(sizeof(((BtCursor *)0)->ix) == 2, "BtCursor.ix is a u16");
_Static_assert(sizeof(((BtCursor *)0)->info.nSize) == 2, "CellInfo.nSize is a u16");
_Static_assert(sizeof(((MemPage *)0)->nCell) == 2, "MemPage.nCell is a u16");
_Static_assert(sizeof(((MemPage *)0)->maskPage) == 2, "MemPage.maskPage is a u16");
_Static_assert(sizeof(((MemPage *)0)->maxLocal) == 2, "MemPage.maxLocal is a u16");
_Static_assert(sizeof(((VdbeCursor *)0)->cacheStatus) == 4, "VdbeCursor.cacheStatus is a u32");
_Static_assert(sizeof(((BtCursor *)0)->info.nKey) == 8, "CellInfo.nKey is an i64");
_Static_assert(sizeof(((VdbeCursor *)0)->movetoTarget) == 8, "VdbeCursor.movetoTarget is an i64");
_Static_assert(sizeof(((VdbeCursor *)0)->deferredMoveto) == 1, "VdbeCursor.deferredMoveto is a u8");
_Static_assert(sizeof(((VdbeCursor *)0)->seekResult) == 4, "VdbeCursor.seekResult is an int");
GRAALITE_EXPORT int graalite_btree_layout(int which) {
  switch (which) {
    case 0: return (int)offsetof(BtCursor, eState);
    case 1: return (int)offsetof(BtCursor, curFlags);
    case 2: return (int)(offsetof(BtCursor, info) + offsetof(CellInfo, nSize));
    case 3: return (int)offsetof(BtCursor, ix);
    case 4: return (int)offsetof(BtCursor, pPage);
    case 5: return (int)offsetof(MemPage, leaf);
    case 6: return (int)offsetof(MemPage, intKeyLeaf);
    case 7: return (int)offsetof(MemPage, maxLocal);
    case 8: return (int)offsetof(MemPage, nCell);
    case 9: return (int)offsetof(MemPage, maskPage);
    case 10: return (int)offsetof(MemPage, aData);
    case 11: return (int)offsetof(MemPage, aDataEnd);
    case 12: return (int)offsetof(MemPage, aCellIdx);
    case 13: return (int)offsetof(VdbeCursor, nullRow);
    case 14: return (int)offsetof(VdbeCursor, cacheStatus);
    case 15: return CURSOR_VALID;
    case 16: return BTCF_ValidNKey | BTCF_ValidOvfl;
    case 17: return CACHE_STALE;
    /* Seeks on the leaf page a cursor is on: by rowid (the cursor's cached key, as
     * sqlite3BtreeTableMoveto's own shortcut reads it, then OP_SeekRowid's and
     * sqlite3VdbeFinishMoveto's stores) and in an index (OP_SeekGE's stores). */
    case 18: return (int)(offsetof(BtCursor, info) + offsetof(CellInfo, nKey));
    case 19: return BTCF_ValidNKey;
    case 20: return (int)offsetof(VdbeCursor, movetoTarget);
    case 21: return (int)offsetof(VdbeCursor, deferredMoveto);
    case 22: return (int)offsetof(VdbeCursor, seekResult);
    default: return -1;
  }
}

/*
 * A deferred seek carried out (sqlite3VdbeFinishMoveto): table cursor iCur moves to the row
 * with rowid iKey, which must exist (SQLITE_CORRUPT otherwise), and its record is located as
 * graalite_payload_out does. Returns rc.
 */
GRAALITE_EXPORT int graalite_cursor_seek_rowid(sqlite3_stmt *stmt, int iCur, sqlite3_int64 iKey);

GRAALITE_EXPORT int graalite_cursor_seek_located(sqlite3_stmt *stmt, int iCur, sqlite3_int64 iKey, unsigned *out) {
  int r = graalite_cursor_seek_rowid(stmt, iCur, iKey);
  if ((r >> 8) != SQLITE_OK) return r >> 8;
  if (r & 1) return SQLITE_CORRUPT_BKPT;
  graalite_payload_out_structs(graalite_cursor(stmt, iCur, CURTYPE_BTREE), out);
  return SQLITE_OK;
}

/*
 * SeekRowid: graalite_cursor_seek_rowid, and when the row exists its record located as
 * graalite_payload_out does (the Column after the seek reads it without another call).
 * Returns as graalite_cursor_seek_rowid.
 */
GRAALITE_EXPORT int graalite_cursor_seek_rowid_located(sqlite3_stmt *stmt, int iCur, sqlite3_int64 iKey, unsigned *out) {
  int r = graalite_cursor_seek_rowid(stmt, iCur, iKey);
  if (r == 0) graalite_payload_out_structs(graalite_cursor(stmt, iCur, CURTYPE_BTREE), out);
  return r;
}

/* Copies amt bytes of the current record from offset into buf (overflow pages included). */
GRAALITE_EXPORT int graalite_cursor_payload_copy(sqlite3_stmt *stmt, int iCur, unsigned offset, unsigned amt, void *buf) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC == 0 || graalite_no_row(pC)) return SQLITE_MISUSE;
  return sqlite3BtreePayload(pC->uc.pCursor, offset, amt, buf);
}

/*
 * Text as a number, exactly as SQLite's arithmetic sees it: returns 1 if the text counts as
 * an integer, 2 if as a real (numericType), and writes the integer and real values
 * (sqlite3VdbeIntValue, sqlite3VdbeRealValue) of the text.
 */
GRAALITE_EXPORT int graalite_text_numeric(const char *z, int n, sqlite3_int64 *pI, double *pR) {
  Mem m;
  u16 t;
  memset(&m, 0, sizeof(m));
  m.flags = MEM_Str | MEM_Term | MEM_Ephem; /* NUL-terminated: SQLite parses it in place, with no db to allocate from */
  m.z = (char *)z;
  m.n = n;
  m.enc = SQLITE_UTF8;
  *pI = sqlite3VdbeIntValue(&m);
  *pR = sqlite3VdbeRealValue(&m);
  t = numericType(&m);
  return (t & MEM_Int) ? 1 : 2;
}

/*
 * Numeric affinity applied to text (applyNumericAffinity): 0 if the text stays text,
 * 1 if it becomes the integer *pI, 2 if it becomes the real *pR.
 */
GRAALITE_EXPORT int graalite_text_affinity_numeric(const char *z, int n, sqlite3_int64 *pI, double *pR) {
  Mem m;
  memset(&m, 0, sizeof(m));
  m.flags = MEM_Str | MEM_Term | MEM_Ephem; /* NUL-terminated: SQLite parses it in place, with no db to allocate from */
  m.z = (char *)z;
  m.n = n;
  m.enc = SQLITE_UTF8;
  applyNumericAffinity(&m, 0);
  if (m.flags & MEM_Int) { *pI = m.u.i; return 1; }
  if (m.flags & MEM_Real) { *pR = m.u.r; return 2; }
  if (m.flags & MEM_IntReal) { *pR = (double)m.u.i; return 2; }
  return 0;
}

/* OP_Count: the number of entries in the cursor's b-tree (*pOut); returns rc. */
GRAALITE_EXPORT int graalite_cursor_count(sqlite3_stmt *stmt, int iCur, sqlite3_int64 *pOut) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  i64 n = 0;
  int rc;
  if (pC == 0) return SQLITE_MISUSE;
  rc = sqlite3BtreeCount(p->db, pC->uc.pCursor, &n);
  *pOut = n;
  return rc;
}

/*
 * SeekRowid / NotExists: moves a table cursor to the row with rowid iKey. Returns
 * (rc << 8) | notFound.
 */
GRAALITE_EXPORT int graalite_cursor_seek_rowid(sqlite3_stmt *stmt, int iCur, sqlite3_int64 iKey) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 0;
  int rc;
  if (pC == 0 || !pC->isTable) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, iKey, 0, &res);
  pC->movetoTarget = iKey;
  pC->nullRow = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->deferredMoveto = 0;
  pC->seekResult = res;
  return (rc << 8) | (res != 0);
}

/*
 * A value crossing between Java and a native function call: type is SQLITE_INTEGER,
 * SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL in its low 8 bits, and the value's
 * subtype (sqlite3_result_subtype: JSON text carries 'J') in bits 8 to 15, 0 for none; text and
 * blobs are n bytes at p.
 */
typedef struct GraaliteValue {
  sqlite3_int64 i; /* offset 0 */
  double r;        /* offset 8 */
  const void *p;   /* offset 16 */
  int n;           /* offset 24 */
  int type;        /* offset 28 */
} GraaliteValue;

GRAALITE_EXPORT int graalite_value_size(void) { return (int)sizeof(GraaliteValue); }

static void graalite_value_to_mem(const GraaliteValue *v, Mem *m) {
  int subtype = (v->type >> 8) & 0xff;
  switch (v->type & 0xff) {
    case SQLITE_INTEGER: sqlite3VdbeMemSetInt64(m, v->i); break;
    case SQLITE_FLOAT: sqlite3VdbeMemSetDouble(m, v->r); break;
    case SQLITE_TEXT: sqlite3VdbeMemSetStr(m, v->p, v->n, SQLITE_UTF8, SQLITE_TRANSIENT); break;
    case SQLITE_BLOB: sqlite3VdbeMemSetStr(m, v->p, v->n, 0, SQLITE_TRANSIENT); break;
    default: sqlite3VdbeMemSetNull(m); break;
  }
  /* Every setter above cleared MEM_Subtype; a value that had one gets it back. */
  if (subtype != 0) {
    m->eSubtype = (u8)subtype;
    m->flags |= MEM_Subtype;
  }
}

/*
 * A function's argument: as graalite_value_to_mem, but text and blobs stay where Java put them
 * (MEM_Ephem, as an OP_Column value on a page: SQLite copies one only to keep it, as
 * sqlite3_result_value does), instead of a copy SQLite allocates for every call. Java puts a
 * NUL after each text, so sqlite3_value_text needs no copy either. Valid during the call only.
 */
/* A function argument that is already in its register on SQLite's side: the result of the call before (left there). */
#define GRAALITE_IN_REGISTER 0xff

static void graalite_value_to_arg(const GraaliteValue *v, Mem *m) {
  int type = v->type & 0xff;
  int subtype = (v->type >> 8) & 0xff;
  if (type == GRAALITE_IN_REGISTER) return;
  if (type != SQLITE_TEXT && type != SQLITE_BLOB) {
    graalite_value_to_mem(v, m);
    return;
  }
  sqlite3VdbeMemSetNull(m);
  m->flags = type == SQLITE_TEXT ? (MEM_Str | MEM_Term | MEM_Ephem) : (MEM_Blob | MEM_Ephem);
  m->z = (char *)v->p;
  m->n = v->n;
  m->enc = SQLITE_UTF8;
  if (subtype != 0) {
    m->eSubtype = (u8)subtype;
    m->flags |= MEM_Subtype;
  }
}

static void graalite_mem_to_value(Mem *m, GraaliteValue *v) {
  int type = sqlite3_value_type(m);
  switch (type) {
    case SQLITE_INTEGER: v->i = sqlite3_value_int64(m); break;
    case SQLITE_FLOAT: v->r = sqlite3_value_double(m); break;
    case SQLITE_TEXT:
      if ((m->flags & MEM_Str) != 0 && m->enc == SQLITE_UTF8) {
        /* Java reads the text by its length: no NUL need be added (sqlite3_value_text grows
         * and copies a function's result to add one, as replace's and printf's are built). */
        v->p = m->z;
        v->n = m->n;
      } else {
        v->p = sqlite3_value_text(m);
        v->n = sqlite3_value_bytes(m);
      }
      break;
    case SQLITE_BLOB: v->p = sqlite3_value_blob(m); v->n = sqlite3_value_bytes(m); break;
    default: break;
  }
  v->type = type | ((int)sqlite3_value_subtype(m) << 8);
}

/*
 * OP_Function / OP_PureFunc of the main program at pc, for the Truffle tier: the arguments
 * come from Java (args[0..argc-1]) into the instruction's own argument registers, SQLite's
 * function runs with the instruction's own context, and the result (left in the result
 * register, which SQLite releases on reset) is described in *out. Returns 0, or the
 * function's error code with the statement's error message set.
 */
GRAALITE_EXPORT int graalite_call_function(sqlite3_stmt *stmt, int pc, const GraaliteValue *args, GraaliteValue *out) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  sqlite3_context *pCtx = pOp->p4.pCtx;
  Mem *pOut = &p->aMem[pOp->p3];
  int i;
  int rc = SQLITE_OK;
  pCtx->pVdbe = p;
  pCtx->pOut = pOut;
  pCtx->enc = ENC(p->db);
  for (i = 0; i < pCtx->argc; i++) {
    Mem *arg = &p->aMem[pOp->p2 + i];
    graalite_value_to_arg(&args[i], arg);
    pCtx->argv[i] = arg;
  }
  sqlite3VdbeMemSetNull(pOut);
  (*pCtx->pFunc->xSFunc)(pCtx, pCtx->argc, pCtx->argv);
  /* The arguments pointed into Java's memory, which the next call reuses: nothing may read them after.
   * An argument that was in its register on SQLite's side stays (ANALYZE's accumulator is read
   * again by the next stat_push). */
  for (i = 0; i < pCtx->argc; i++) {
    if ((args[i].type & 0xff) != GRAALITE_IN_REGISTER) sqlite3VdbeMemSetNull(&p->aMem[pOp->p2 + i]);
  }
  if (pCtx->isError) {
    /* Negative: no error, but the function kept auxiliary data (sqlite3_set_auxdata: JSON's
     * parse cache, a compiled regular expression); as in vdbe.c, the instruction's data for
     * arguments that are not constants (P1's mask) is dropped, and the result stands. */
    if (pCtx->isError > 0) {
      sqlite3VdbeError(p, "%s", sqlite3_value_text(pOut));
      rc = pCtx->isError;
    }
    sqlite3VdbeDeleteAuxData(p->db, &p->pAuxData, pCtx->iOp, pOp->p1);
    pCtx->isError = 0;
    if (rc) return rc;
  }
  memset(out, 0, sizeof(*out));
  graalite_mem_to_value(pOut, out);
  return SQLITE_OK;
}

/* ---- Sorters (ORDER BY, GROUP BY) for the Truffle tier. ---- */

/* OP_SorterOpen at pc. */
GRAALITE_EXPORT int graalite_op_sorter_open(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pCx = allocateCursor(p, pOp->p1, pOp->p2, CURTYPE_SORTER);
  if (pCx == 0) return SQLITE_NOMEM;
  pCx->pKeyInfo = pOp->p4.pKeyInfo;
  return sqlite3VdbeSorterInit(p->db, pOp->p3, pCx);
}

/* OP_SorterInsert: adds the record of n bytes at z (the instruction's P2 register carries it). */
GRAALITE_EXPORT int graalite_op_sorter_insert(sqlite3_stmt *stmt, int pc, const void *z, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  Mem *pIn = &p->aMem[pOp->p2];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_SORTER);
  int rc;
  if (pC == 0) return SQLITE_MISUSE;
  rc = sqlite3VdbeMemSetStr(pIn, z, n, 0, SQLITE_TRANSIENT);
  if (rc) return rc;
  return sqlite3VdbeSorterWrite(pC, pIn);
}

/*
 * OP_SorterSort / OP_Sort: (rc << 8) | empty. Sort may also name a b-tree (an ephemeral
 * index that is already in order): then it moves to the first entry, like Rewind.
 */
GRAALITE_EXPORT int graalite_sorter_sort(sqlite3_stmt *stmt, int iCur) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC;
  int res = 1;
  int rc;
  p->aCounter[SQLITE_STMTSTATUS_SORT]++;
  if (graalite_cursor(stmt, iCur, CURTYPE_BTREE) != 0) return graalite_cursor_first(stmt, iCur);
  pC = graalite_cursor(stmt, iCur, CURTYPE_SORTER);
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3VdbeSorterRewind(pC, &res);
  pC->nullRow = (u8)res;
  return (rc << 8) | (res != 0);
}

/* OP_SorterNext: (rc << 8) | atEnd. */
GRAALITE_EXPORT int graalite_sorter_next(sqlite3_stmt *stmt, int iCur) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_SORTER);
  int rc;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3VdbeSorterNext(p->db, pC);
  return graalite_cursor_moved(pC, rc);
}

/*
 * OP_SorterData at pc: the sorter's current record, left in the instruction's P2 register;
 * *pN gets its size. Returns a pointer to its bytes, or NULL with *pN the error code negated.
 */
GRAALITE_EXPORT const void *graalite_op_sorter_data(sqlite3_stmt *stmt, int pc, int *pN) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  Mem *pOut = &p->aMem[pOp->p2];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_SORTER);
  int rc = pC == 0 ? SQLITE_MISUSE : sqlite3VdbeSorterRowkey(pC, pOut);
  if (rc) {
    *pN = -rc;
    return 0;
  }
  *pN = pOut->n;
  return pOut->z;
}

/* ---- Ephemeral b-trees and index keys for the Truffle tier. ----
 *
 * Keys come from Java as records (the registers encoded as MakeRecord does); they are
 * unpacked here with the cursor's KeyInfo, so comparisons use SQLite's collations. Results
 * pack the b-tree's answer as (rc << 8) | flags, with a comparison's sign as 0 (less),
 * 1 (equal) or 2 (greater).
 */

static int graalite_sign(int res) { return res < 0 ? 0 : (res == 0 ? 1 : 2); }

/* OpenEphemeral / OpenAutoindex at pc: a temporary table (no KeyInfo) or index b-tree. */
GRAALITE_EXPORT int graalite_op_open_ephemeral(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pCx = p->apCsr[pOp->p1];
  int rc;
  if (pCx && pCx->isEphemeral && !pCx->noReuse && pOp->p2 <= pCx->nField) {
    /* Opened before in this execution: start empty again. */
    pCx->seqCount = 0;
    pCx->cacheStatus = CACHE_STALE;
    return sqlite3BtreeClearTable(pCx->ub.pBtx, pCx->pgnoRoot, 0);
  }
  pCx = allocateCursor(p, pOp->p1, pOp->p2, CURTYPE_BTREE);
  if (pCx == 0) return SQLITE_NOMEM;
  pCx->isEphemeral = 1;
  rc = sqlite3BtreeOpen(db->pVfs, 0, db, &pCx->ub.pBtx, BTREE_OMIT_JOURNAL | BTREE_SINGLE | pOp->p5,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_DELETEONCLOSE | SQLITE_OPEN_TRANSIENT_DB);
  if (rc == SQLITE_OK) rc = sqlite3BtreeBeginTrans(pCx->ub.pBtx, 1, 0);
  if (rc == SQLITE_OK) {
    if (pOp->p4type == P4_KEYINFO) {
      pCx->pKeyInfo = pOp->p4.pKeyInfo;
      rc = sqlite3BtreeCreateTable(pCx->ub.pBtx, &pCx->pgnoRoot, BTREE_BLOBKEY | pOp->p5);
      if (rc == SQLITE_OK) rc = sqlite3BtreeCursor(pCx->ub.pBtx, pCx->pgnoRoot, BTREE_WRCSR, pCx->pKeyInfo, pCx->uc.pCursor);
      pCx->isTable = 0;
    } else {
      /* allocateCursor leaves pKeyInfo as the cursor memory's last user left it (vdbe.c sets
       * it in both branches): a stale KeyInfo made OpenDup's cursor on this table an index
       * cursor, and its first move failed with SQLITE_CORRUPT. */
      pCx->pKeyInfo = 0;
      pCx->pgnoRoot = SCHEMA_ROOT;
      rc = sqlite3BtreeCursor(pCx->ub.pBtx, SCHEMA_ROOT, BTREE_WRCSR, 0, pCx->uc.pCursor);
      pCx->isTable = 1;
    }
  }
  pCx->isOrdered = (pOp->p5 != BTREE_UNORDERED);
  if (rc && pCx->ub.pBtx) {
    sqlite3BtreeClose(pCx->ub.pBtx);
    pCx->ub.pBtx = 0;
    p->apCsr[pOp->p1] = 0;
  }
  return rc;
}

/* The key record z (n bytes) unpacked for cursor pC; only its first nField fields count if nField > 0. */
static UnpackedRecord *graalite_unpack(VdbeCursor *pC, const void *z, int n, int nField, int defaultRc) {
  UnpackedRecord *r = sqlite3VdbeAllocUnpackedRecord(pC->pKeyInfo);
  if (r == 0) return 0;
  sqlite3VdbeRecordUnpack(n, z, r);
  if (nField > 0 && nField < r->nField) r->nField = (u16)nField;
  r->default_rc = (i8)defaultRc;
  r->eqSeen = 0;
  return r;
}

/* After an index seek: the cursor's state as OP_SeekGE leaves it, and the packed result. */
static int graalite_index_sought(VdbeCursor *pC, int rc, int eqSeen, int res) {
  pC->nullRow = 0;
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->seekResult = res;
  return (rc << 8) | (eqSeen ? 4 : 0) | graalite_sign(res);
}

/* Positions an index cursor near a key: (rc << 8) | (eqSeen << 2) | sign of (entry - key). */
GRAALITE_EXPORT int graalite_index_moveto(sqlite3_stmt *stmt, int iCur, const void *z, int n, int nField, int defaultRc) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 0, rc, eq;
  UnpackedRecord *r;
  if (pC == 0 || pC->pKeyInfo == 0) return SQLITE_MISUSE << 8;
  r = graalite_unpack(pC, z, n, nField, defaultRc);
  if (r == 0) return SQLITE_NOMEM << 8;
  rc = sqlite3BtreeIndexMoveto(pC->uc.pCursor, r, &res);
  eq = r->eqSeen;
  sqlite3DbFreeNN(p->db, r);
  return graalite_index_sought(pC, rc, eq, res);
}

/* The most key fields graalite_index_moveto_values takes; longer keys go through a record. */
#define GRAALITE_MAX_KEY_FIELDS 16

/* One key field as OP_SeekGE finds it in a register: the value in place, nothing copied. */
static void graalite_key_mem(const GraaliteValue *v, Mem *m, sqlite3 *db) {
  memset(m, 0, sizeof(*m));
  m->db = db;
  m->enc = SQLITE_UTF8;
  switch (v->type) {
    case SQLITE_INTEGER: m->flags = MEM_Int; m->u.i = v->i; break;
    case SQLITE_FLOAT: m->flags = MEM_Real; m->u.r = v->r; break;
    case SQLITE_TEXT: m->flags = MEM_Str | MEM_Ephem; m->z = (char *)v->p; m->n = v->n; break;
    case SQLITE_BLOB: m->flags = MEM_Blob | MEM_Ephem; m->z = (char *)v->p; m->n = v->n; break;
    default: m->flags = MEM_Null; break;
  }
}

/*
 * Two texts (UTF-8, na and nb bytes) as the collation of the instruction at pc orders them:
 * its P4 CollSeq (Eq, Lt, ...), or that of key field `field` of its P4 KeyInfo (Compare).
 * For a collation that is not SQLite's own (a guest's, through its upcall, or an extension's),
 * which the Truffle tier does not implement. Negative, zero or positive.
 */
GRAALITE_EXPORT int graalite_collate(sqlite3_stmt *stmt, int pc, int field, const char *a, int na, const char *b, int nb) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  CollSeq *pColl = 0;
  GraaliteValue va, vb;
  Mem ma, mb;
  if (pOp->p4type == P4_COLLSEQ) {
    pColl = pOp->p4.pColl;
  } else if (pOp->p4type == P4_KEYINFO && field >= 0 && field < pOp->p4.pKeyInfo->nAllField) {
    pColl = pOp->p4.pKeyInfo->aColl[field];
  }
  memset(&va, 0, sizeof(va));
  memset(&vb, 0, sizeof(vb));
  va.type = vb.type = SQLITE_TEXT;
  va.p = a;
  va.n = na;
  vb.p = b;
  vb.n = nb;
  graalite_key_mem(&va, &ma, p->db);
  graalite_key_mem(&vb, &mb, p->db);
  return sqlite3MemCompare(&ma, &mb, pColl);
}

/* The key of nField values as SQLite's unpacked record for cursor pC's index, in aMem (room for nField). */
static void graalite_key_record(VdbeCursor *pC, const GraaliteValue *key, int nField, Mem *aMem, sqlite3 *db, UnpackedRecord *r) {
  int i;
  for (i = 0; i < nField; i++) graalite_key_mem(&key[i], &aMem[i], db);
  memset(r, 0, sizeof(*r));
  r->pKeyInfo = pC->pKeyInfo;
  r->nField = (u16)nField;
  r->aMem = aMem;
}

/*
 * graalite_index_moveto with the key as values (key[0..nField-1]) rather than a record: the
 * UnpackedRecord points at Mems on this stack frame, as OP_SeekGE's points at its registers,
 * so a seek neither encodes a record in Java nor unpacks and allocates one here.
 */
GRAALITE_EXPORT int graalite_index_moveto_values(sqlite3_stmt *stmt, int iCur, const GraaliteValue *key, int nField, int defaultRc) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  Mem aMem[GRAALITE_MAX_KEY_FIELDS];
  UnpackedRecord r;
  int res = 0, rc;
  if (pC == 0 || pC->pKeyInfo == 0 || nField <= 0 || nField > GRAALITE_MAX_KEY_FIELDS) return SQLITE_MISUSE << 8;
  graalite_key_record(pC, key, nField, aMem, p->db, &r);
  r.default_rc = (i8)defaultRc;
  rc = sqlite3BtreeIndexMoveto(pC->uc.pCursor, &r, &res);
  return graalite_index_sought(pC, rc, r.eqSeen, res);
}

/*
 * OP_IFindKey at pc (PRAGMA integrity_check), after the OP_Found with the same cursor and key:
 * looks around the cursor for the entry of key r[P3..] (nField values, the index's nColumn), as
 * sqlite3VdbeFindIndexKey does (fields of expressions skipped, reals within 2 ULPs). 0 when it
 * is there (the cursor on it), 1 to jump to P2 (not found, or an error, which the check
 * reports as a missing entry, as vdbe.c), (SQLITE_MISUSE << 8) for another instruction.
 */
GRAALITE_EXPORT int graalite_op_ifindkey(sqlite3_stmt *stmt, int pc, const GraaliteValue *key, int nField) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  Mem aMem[GRAALITE_MAX_KEY_FIELDS];
  UnpackedRecord r;
  int res = 0, rc;
  if (pC == 0 || pC->isTable || pOp->opcode != OP_IFindKey || pOp->p4type != P4_INDEX || nField != pOp->p4.pIdx->nColumn || nField > GRAALITE_MAX_KEY_FIELDS) {
    return SQLITE_MISUSE << 8;
  }
  graalite_key_record(pC, key, nField, aMem, p->db, &r);
  rc = sqlite3VdbeFindIndexKey(pC->uc.pCursor, pOp->p4.pIdx, &r, &res, 1);
  if (rc || res != 0) return 1;
  pC->nullRow = 0;
  return 0;
}

/*
 * OP_IntegrityCk at pc: checks the b-trees whose roots P4 lists, of database P5, reporting at
 * most budget + 1 errors (r[P1] is the budget). *pnErr is the number found and *pzErr their
 * report (sqlite3_malloc'd, for the caller to free; NULL when none); aCount[i] is the number
 * of entries of tree i where aSet[i] is 1 (the trees the check reached: their registers
 * P3 + i take the counts). Returns SQLITE_OK or the error that ends the execution.
 */
GRAALITE_EXPORT int graalite_op_integrity_ck(sqlite3_stmt *stmt, int pc, sqlite3_int64 budget, sqlite3_int64 *aCount, unsigned char *aSet, int *pnErr, char **pzErr) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  int nRoot = pOp->p2, nErr = 0, rc, i;
  Mem *aCnt;
  char *z = 0;
  *pnErr = 0;
  *pzErr = 0;
  if (pOp->opcode != OP_IntegrityCk || pOp->p4type != P4_INTARRAY || nRoot <= 0 || pOp->p5 >= db->nDb) return SQLITE_MISUSE;
  aCnt = sqlite3DbMallocZero(db, sizeof(Mem) * nRoot);
  if (aCnt == 0) return SQLITE_NOMEM;
  for (i = 0; i < nRoot; i++) {
    aCnt[i].flags = MEM_Null;
    aCnt[i].db = db;
  }
  rc = sqlite3BtreeIntegrityCheck(db, db->aDb[pOp->p5].pBt, (Pgno *)&pOp->p4.ai[1], aCnt, nRoot, (int)budget + 1, &nErr, &z);
  for (i = 0; i < nRoot; i++) {
    aSet[i] = (aCnt[i].flags & MEM_Int) != 0;
    aCount[i] = aSet[i] ? aCnt[i].u.i : 0;
    sqlite3VdbeMemRelease(&aCnt[i]);
  }
  sqlite3DbFree(db, aCnt);
  *pnErr = nErr;
  if (nErr != 0 && rc) {
    sqlite3_free(z);
    return rc;
  }
  *pzErr = z;
  return nErr == 0 ? rc : SQLITE_OK;
}

/* Compares an index cursor's current entry with a key (sqlite3VdbeIdxKeyCompare): (rc << 8) | sign. */
GRAALITE_EXPORT int graalite_index_compare(sqlite3_stmt *stmt, int iCur, const void *z, int n, int nField, int defaultRc) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 0, rc;
  UnpackedRecord *r;
  if (pC == 0 || pC->pKeyInfo == 0) return SQLITE_MISUSE << 8;
  r = graalite_unpack(pC, z, n, nField, defaultRc);
  if (r == 0) return SQLITE_NOMEM << 8;
  rc = sqlite3VdbeIdxKeyCompare(p->db, pC, r, &res);
  sqlite3DbFreeNN(p->db, r);
  return (rc << 8) | graalite_sign(res);
}

/* The rowid stored at the end of an index cursor's current entry. */
GRAALITE_EXPORT int graalite_index_rowid(sqlite3_stmt *stmt, int iCur, sqlite3_int64 *pRowid) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  i64 rowid = 0;
  int rc;
  if (pC == 0 || graalite_no_row(pC)) return SQLITE_MISUSE;
  rc = sqlite3VdbeIdxRowid(p->db, pC->uc.pCursor, &rowid);
  *pRowid = rowid;
  return rc;
}

/* Positions a table cursor near rowid iKey: (rc << 8) | sign of (entry - key). */
GRAALITE_EXPORT int graalite_table_moveto(sqlite3_stmt *stmt, int iCur, sqlite3_int64 iKey) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 0;
  int rc;
  if (pC == 0 || !pC->isTable) return SQLITE_MISUSE << 8;
  rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, iKey, 0, &res);
  pC->movetoTarget = iKey;
  pC->nullRow = 0;
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->seekResult = res;
  return (rc << 8) | graalite_sign(res);
}

/* Whether the cursor points past the last entry (or its b-tree is empty). */
GRAALITE_EXPORT int graalite_cursor_eof(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  return pC == 0 || graalite_no_row(pC);
}

/* How many opcodes SQLite 3.54.1 has (OP_Abortable is the last). */
GRAALITE_EXPORT int graalite_opcode_count(void) { return OP_Abortable + 1; }

/* ---- Writes for the Truffle tier: table and index changes of INSERT, UPDATE, DELETE. ----
 *
 * Each takes the instruction's address and applies the instruction's own flags (P5), so the
 * change counting (p->nChange), last-insert rowid and statement journal stay SQLite's. Records
 * and keys are built in Java. The update hooks are not offered by Graalite's API, so they are
 * never set on its connections.
 */

/* OP_OpenWrite at pc on root page `root` (P2, or the register P2 names with OPFLAG_P2ISREG). */
GRAALITE_EXPORT int graalite_op_open_write(sqlite3_stmt *stmt, int pc, int root) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  Db *pDb = &db->aDb[pOp->p3];
  KeyInfo *pKeyInfo = 0;
  int nField = 0;
  VdbeCursor *pCur;
  int rc;
  if (p->expired == 1) return SQLITE_ABORT_ROLLBACK;
  if (pDb->pSchema->file_format < p->minWriteFileFormat) p->minWriteFileFormat = pDb->pSchema->file_format;
  if (pOp->p4type == P4_KEYINFO) {
    pKeyInfo = pOp->p4.pKeyInfo;
    nField = pKeyInfo->nAllField;
  } else if (pOp->p4type == P4_INT32) {
    nField = pOp->p4.i;
  }
  pCur = allocateCursor(p, pOp->p1, nField, CURTYPE_BTREE);
  if (pCur == 0) return SQLITE_NOMEM;
  pCur->iDb = pOp->p3;
  pCur->nullRow = 1;
  pCur->isOrdered = 1;
  pCur->pgnoRoot = (u32)root;
  rc = sqlite3BtreeCursor(pDb->pBt, (u32)root, BTREE_WRCSR | (pOp->p5 & OPFLAG_FORDELETE), pKeyInfo, pCur->uc.pCursor);
  pCur->pKeyInfo = pKeyInfo;
  pCur->isTable = pOp->p4type != P4_KEYINFO;
  sqlite3BtreeCursorHintFlags(pCur->uc.pCursor, (pOp->p5 & (OPFLAG_BULKCSR | OPFLAG_SEEKEQ)));
  /* On success, the smallest file format among the databases this statement writes (records
   * may use serial types 8 and 9 from format 4), above the result code's 16 bits. */
  return rc != SQLITE_OK ? rc : p->minWriteFileFormat << 16;
}

/* The rows the last statement changed (sqlite3_changes64) if the connection's total_changes() moved from `before`, else 0. */
GRAALITE_EXPORT sqlite3_int64 graalite_changes_since(sqlite3 *db, sqlite3_int64 before) {
  return sqlite3_total_changes64(db) != before ? sqlite3_changes64(db) : 0;
}

/*
 * OP_NewRowid at pc: *pRowid = one more than the largest rowid of the table, or, once the
 * largest possible rowid is taken, a random unused one. With AUTOINCREMENT, *pLargest (in and
 * out) is the largest rowid ever used, kept in the instruction's P3 register by the program.
 */
GRAALITE_EXPORT int graalite_op_new_rowid(sqlite3_stmt *stmt, int pc, sqlite3_int64 *pRowid, sqlite3_int64 *pLargest) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  const i64 maxRowid = LARGEST_INT64;
  i64 v = 0;
  int res = 0, rc, tries;
  if (pC == 0 || !pC->isTable) return SQLITE_MISUSE;
  if (!pC->useRandomRowid) {
    rc = sqlite3BtreeLast(pC->uc.pCursor, &res);
    if (rc != SQLITE_OK) return rc;
    if (res) {
      v = 1;
    } else {
      v = sqlite3BtreeIntegerKey(pC->uc.pCursor);
      if (v >= maxRowid) pC->useRandomRowid = 1; else v++;
    }
  }
  if (pOp->p3) {
    if (*pLargest == maxRowid || pC->useRandomRowid) return SQLITE_FULL;
    if (v < *pLargest + 1) v = *pLargest + 1;
    *pLargest = v;
  }
  if (pC->useRandomRowid) {
    for (tries = 0; tries < 100; tries++) {
      sqlite3_randomness(sizeof(v), &v);
      v &= (maxRowid >> 1);
      v++;
      rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, (u64)v, 0, &res);
      if (rc != SQLITE_OK) return rc;
      if (res != 0) break;
    }
    if (res == 0) return SQLITE_FULL;
  }
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  *pRowid = v;
  return SQLITE_OK;
}

/* OP_Insert at pc: the record (n bytes at z) as row `key` of the P1 table, with P5's flags. */
GRAALITE_EXPORT int graalite_op_insert(sqlite3_stmt *stmt, int pc, sqlite3_int64 key, const void *z, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  BtreePayload x;
  int rc;
  if (pC == 0 || !pC->isTable) return SQLITE_MISUSE;
  if (pOp->p5 & OPFLAG_NCHANGE) {
    p->nChange++;
    if (pOp->p5 & OPFLAG_LASTROWID) p->db->lastRowid = key;
  }
  memset(&x, 0, sizeof(x));
  x.nKey = key;
  x.pData = z;
  x.nData = n;
  /* OPFLAG_PREFORMAT: the cell is the one a RowCell just copied (graalite_op_row_cell); z is unused. */
  rc = sqlite3BtreeInsert(pC->uc.pCursor, &x, (pOp->p5 & (OPFLAG_APPEND | OPFLAG_SAVEPOSITION | OPFLAG_PREFORMAT)), (pOp->p5 & OPFLAG_USESEEKRESULT) ? pC->seekResult : 0);
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  return rc;
}

/*
 * OP_RowCell at pc (INSERT INTO t SELECT * FROM s of tables alike, SQLite's transfer
 * optimization): the P2 cursor's current cell, copied as it is into the P1 b-tree's cell
 * buffer under rowid key (P3's register, read by the caller; 0 for an index), for the Insert
 * with OPFLAG_PREFORMAT that follows.
 */
GRAALITE_EXPORT int graalite_op_row_cell(sqlite3_stmt *stmt, int pc, sqlite3_int64 key) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pDest = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  VdbeCursor *pSrc = graalite_cursor(stmt, pOp->p2, CURTYPE_BTREE);
  if (pDest == 0 || pSrc == 0) return SQLITE_MISUSE;
  return sqlite3BtreeTransferRow(pDest->uc.pCursor, pSrc->uc.pCursor, key);
}

/* OP_Delete at pc: deletes the P1 cursor's current entry (P2 OPFLAG_NCHANGE counts it; P5 flags for the b-tree). */
GRAALITE_EXPORT int graalite_op_delete(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  int rc;
  /* A position saved by a write through another cursor is restored by sqlite3BtreeDelete. */
  if (pC == 0 || (pC->uc.pCursor->eState != CURSOR_VALID && pC->uc.pCursor->eState < CURSOR_REQUIRESEEK)) return SQLITE_MISUSE;
  rc = sqlite3BtreeDelete(pC->uc.pCursor, (u8)pOp->p5);
  pC->cacheStatus = CACHE_STALE;
  pC->seekResult = 0;
  if (rc == SQLITE_OK && (pOp->p2 & OPFLAG_NCHANGE)) p->nChange++;
  return rc;
}

/* OP_IdxInsert at pc: the key record (n bytes at z) into the P1 index, with P5's flags. */
GRAALITE_EXPORT int graalite_op_idx_insert(sqlite3_stmt *stmt, int pc, const void *z, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  UnpackedRecord *r = 0;
  BtreePayload x;
  int rc;
  if (pC == 0 || pC->isTable) return SQLITE_MISUSE;
  if (pOp->p5 & OPFLAG_NCHANGE) p->nChange++;
  memset(&x, 0, sizeof(x));
  x.nKey = n;
  x.pKey = z;
  if (pOp->p4type == P4_INT32 && pOp->p4.i > 0 && pC->pKeyInfo) {
    /* The entry's position is found by its first P4 fields (a WITHOUT ROWID table's primary
     * key): an equal key replaces the entry, as REPLACE needs. */
    r = graalite_unpack(pC, z, n, pOp->p4.i, 0);
    if (r == 0) return SQLITE_NOMEM;
    x.aMem = r->aMem;
    x.nMem = r->nField;
  }
  rc = sqlite3BtreeInsert(pC->uc.pCursor, &x, (pOp->p5 & (OPFLAG_APPEND | OPFLAG_SAVEPOSITION)), (pOp->p5 & OPFLAG_USESEEKRESULT) ? pC->seekResult : 0);
  if (r) sqlite3DbFreeNN(p->db, r);
  pC->cacheStatus = CACHE_STALE;
  return rc;
}

/*
 * OP_IdxDelete at pc: deletes the P1 index entry whose first P5 fields are the key record
 * (n bytes at z). An entry that cannot be found is index corruption, unless the schema is
 * writable.
 */
GRAALITE_EXPORT int graalite_op_idx_delete(sqlite3_stmt *stmt, int pc, const void *z, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  UnpackedRecord *r;
  int res = 0, rc;
  if (pC == 0 || pC->isTable || pC->pKeyInfo == 0) return SQLITE_MISUSE;
  r = graalite_unpack(pC, z, n, pOp->p5, 0);
  if (r == 0) return SQLITE_NOMEM;
  rc = sqlite3BtreeIndexMoveto(pC->uc.pCursor, r, &res);
  if (rc == SQLITE_OK && res != 0) {
    rc = sqlite3VdbeFindIndexKey(pC->uc.pCursor, pOp->p4.pIdx, r, &res, 0);
    if (rc == SQLITE_OK && res != 0) {
      sqlite3DbFreeNN(p->db, r);
      pC->cacheStatus = CACHE_STALE;
      pC->seekResult = 0;
      if (!sqlite3WritableSchema(p->db)) {
        sqlite3VdbeError(p, "index corruption");
        return SQLITE_CORRUPT_INDEX;
      }
      return SQLITE_OK;
    }
  }
  sqlite3DbFreeNN(p->db, r);
  if (rc == SQLITE_OK) rc = sqlite3BtreeDelete(pC->uc.pCursor, BTREE_AUXDELETE);
  pC->cacheStatus = CACHE_STALE;
  pC->seekResult = 0;
  return rc;
}

/* OP_ResetCount: hands the statement's change count to the connection and starts again from zero. */
GRAALITE_EXPORT void graalite_op_reset_count(sqlite3_stmt *stmt) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3VdbeSetChanges(p->db, p->nChange);
  p->nChange = 0;
}

/*
 * OP_Cast at pc: CAST of the value *in to affinity P2, as SQLite's own sqlite3VdbeMemCast does it
 * (in the instruction's P1 register, which SQLite releases on reset); the result is described
 * in *out (valid until that register changes).
 */
GRAALITE_EXPORT int graalite_op_cast(sqlite3_stmt *stmt, int pc, const GraaliteValue *in, GraaliteValue *out) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  Mem *pMem = &p->aMem[pOp->p1];
  int rc;
  graalite_value_to_mem(in, pMem);
  rc = sqlite3VdbeMemCast(pMem, (u8)pOp->p2, ENC(p->db));
  if (rc) return rc;
  memset(out, 0, sizeof(*out));
  graalite_mem_to_value(pMem, out);
  return SQLITE_OK;
}

/* The b-tree hints of a cursor reused by ReopenIdx: that instruction's P5 (OPFLAG_BULKCSR, OPFLAG_SEEKEQ). */
GRAALITE_EXPORT void graalite_cursor_hints(sqlite3_stmt *stmt, int iCur, int flags) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC) {
    sqlite3BtreeClearCursor(pC->uc.pCursor);
    sqlite3BtreeCursorHintFlags(pC->uc.pCursor, (unsigned)(flags & (OPFLAG_BULKCSR | OPFLAG_SEEKEQ)));
  }
}

/*
 * OP_CursorLock (pin 1) and OP_CursorUnlock (pin 0): while an UPDATE OR REPLACE deletes the
 * conflicting row, whose triggers may write the table, the P1 cursor's b-tree refuses writes
 * through other cursors.
 */
GRAALITE_EXPORT void graalite_cursor_pin(sqlite3_stmt *stmt, int iCur, int pin) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC == 0) return;
  if (pin) {
    sqlite3BtreeCursorPin(pC->uc.pCursor);
  } else {
    sqlite3BtreeCursorUnpin(pC->uc.pCursor);
  }
}

/*
 * Forgets where the last seek left the P1 cursor (its seekResult): an IdxInsert with
 * OPFLAG_USESEEKRESULT then finds the entry's place itself. For entries the Truffle tier kept
 * in Java and writes to the b-tree later, after probes that SQLite did not make.
 */
GRAALITE_EXPORT void graalite_cursor_forget_seek(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC) pC->seekResult = 0;
}

/* OP_IfEmpty: (rc << 8) | empty, for the P1 b-tree. */
GRAALITE_EXPORT int graalite_cursor_is_empty(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 1;
  int rc;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  rc = sqlite3BtreeIsEmpty(pC->uc.pCursor, &res);
  return (rc << 8) | (res != 0);
}

/* OP_ResetSorter: empties the P1 sorter or temporary b-tree. */
GRAALITE_EXPORT int graalite_cursor_reset(sqlite3_stmt *stmt, int iCur) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_SORTER);
  if (pC) {
    sqlite3VdbeSorterReset(p->db, pC->uc.pSorter);
    return SQLITE_OK;
  }
  pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  if (pC == 0) return SQLITE_MISUSE;
  return sqlite3BtreeClearTableOfCursor(pC->uc.pCursor);
}

/* OP_OpenDup at pc: cursor P1, a second cursor on the temporary b-tree of cursor P2. */
GRAALITE_EXPORT int graalite_op_open_dup(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pOrig = graalite_cursor(stmt, pOp->p2, CURTYPE_BTREE);
  VdbeCursor *pCx;
  if (pOrig == 0 || !pOrig->isEphemeral) return SQLITE_MISUSE;
  pCx = allocateCursor(p, pOp->p1, pOrig->nField, CURTYPE_BTREE);
  if (pCx == 0) return SQLITE_NOMEM;
  pCx->nullRow = 1;
  pCx->isEphemeral = 1;
  pCx->pKeyInfo = pOrig->pKeyInfo;
  pCx->isTable = pOrig->isTable;
  pCx->pgnoRoot = pOrig->pgnoRoot;
  pCx->isOrdered = pOrig->isOrdered;
  /* The b-tree belongs to the original cursor; neither may be reused as another table. */
  pCx->ub.pBtx = pOrig->ub.pBtx;
  pCx->noReuse = 1;
  pOrig->noReuse = 1;
  return sqlite3BtreeCursor(pCx->ub.pBtx, pCx->pgnoRoot, BTREE_WRCSR, pCx->pKeyInfo, pCx->uc.pCursor);
}

/* ---- SQLite's own aggregates and window functions for the Truffle tier. ----
 *
 * The aggregate's state stays where SQLite keeps it, in the instruction's accumulator register
 * (aMem[P3] of AggStep, aMem[P1] of AggFinal/AggValue), which SQLite releases on reset; only
 * the arguments come from Java, into the instruction's argument registers.
 */

/* The context of one aggregate step, on the caller's stack: argc argument slots after it. */
static int graalite_agg_call(Vdbe *p, int pc, Op *pOp, FuncDef *pFunc, const GraaliteValue *args, int inverse, int *skipped) {
  int argc = pOp->p5;
  u64 space[(SZ_CONTEXT(argc > 0 ? argc : 1) + 7) / 8 + 1];
  sqlite3_context *pCtx = (sqlite3_context *)space;
  Mem out;
  Mem *pMem = &p->aMem[pOp->p3];
  int i, rc = SQLITE_OK;
  memset(pCtx, 0, sizeof(sqlite3_context));
  sqlite3VdbeMemInit(&out, p->db, MEM_Null);
  pCtx->pOut = &out;
  pCtx->pMem = pMem;
  pCtx->pFunc = pFunc;
  pCtx->iOp = pc;
  pCtx->pVdbe = p;
  pCtx->argc = (u16)argc;
  pCtx->enc = ENC(p->db);
  for (i = 0; i < argc; i++) {
    Mem *arg = &p->aMem[pOp->p2 + i];
    /* An argument in its register on SQLite's side: the result a function call left there
     * (json_group_array(json_object(...)): the object never becomes a Java String). */
    if ((args[i].type & 0xff) != GRAALITE_IN_REGISTER) graalite_value_to_mem(&args[i], arg);
    pCtx->argv[i] = arg;
  }
  if (!inverse) pMem->uTemp = 0x1122e0e3;
  pMem->n++;
  if (inverse) {
    pFunc->xInverse(pCtx, argc, pCtx->argv);
  } else {
    pFunc->xSFunc(pCtx, argc, pCtx->argv);
  }
  if (pCtx->isError > 0) {
    sqlite3VdbeError(p, "%s", sqlite3_value_text(&out));
    rc = pCtx->isError;
  }
  /* skipFlag (min/max): tell the program through the flag register of the CollSeq before. */
  if (pCtx->skipFlag && pc > 0 && p->aOp[pc - 1].opcode == OP_CollSeq && p->aOp[pc - 1].p1) {
    sqlite3VdbeMemSetInt64(&p->aMem[p->aOp[pc - 1].p1], 1);
  }
  *skipped = pCtx->skipFlag;
  sqlite3VdbeMemRelease(&out);
  return rc;
}

/*
 * The aggregate of an AggStep, AggInverse, AggValue or AggFinal: P4_FUNCDEF, or P4_FUNCCTX once
 * SQLite's own VDBE has run an AggStep (it becomes AggStep1 with a context); NULL otherwise.
 */
static FuncDef *graalite_agg_funcdef(Op *pOp) {
  if (pOp->p4type == P4_FUNCDEF) return pOp->p4.pFunc;
  if (pOp->p4type == P4_FUNCCTX) return pOp->p4.pCtx->pFunc;
  return 0;
}

/*
 * OP_AggStep, OP_AggStep1 / OP_AggInverse at pc with arguments from Java. *out is the integer 1
 * when the step set its skip flag (min and max keeping their value: the program's CollSeq flag
 * register, which lives in Java, tells the program to leave the row's other columns), else 0.
 */
GRAALITE_EXPORT int graalite_op_agg_step(sqlite3_stmt *stmt, int pc, const GraaliteValue *args, GraaliteValue *out) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  int skipped = 0;
  int rc;
  FuncDef *pFunc = graalite_agg_funcdef(pOp);
  if (pFunc == 0) return SQLITE_MISUSE;
  rc = graalite_agg_call(p, pc, pOp, pFunc, args, pOp->opcode == OP_AggInverse || pOp->p1 != 0, &skipped);
  memset(out, 0, sizeof(*out));
  out->type = SQLITE_INTEGER;
  out->i = skipped != 0;
  return rc;
}

/*
 * OP_AggFinal (the accumulator becomes the result) and OP_AggValue (the current value into
 * register P3) at pc; the result is described in *out.
 */
GRAALITE_EXPORT int graalite_op_agg_final(sqlite3_stmt *stmt, int pc, const GraaliteValue *unused, GraaliteValue *out) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  Mem *pMem = &p->aMem[pOp->p1];
  int rc;
  (void)unused;
  if (pOp->p4type != P4_FUNCDEF) return SQLITE_MISUSE;
  if (pOp->opcode == OP_AggValue) {
    rc = sqlite3VdbeMemAggValue(pMem, &p->aMem[pOp->p3], pOp->p4.pFunc);
    pMem = &p->aMem[pOp->p3];
  } else {
    rc = sqlite3VdbeMemFinalize(pMem, pOp->p4.pFunc);
  }
  if (rc) {
    sqlite3VdbeError(p, "%s", sqlite3_value_text(pMem));
    return rc;
  }
  memset(out, 0, sizeof(*out));
  graalite_mem_to_value(pMem, out);
  return SQLITE_OK;
}

/* Sets register `reg` to NULL on SQLite's side too (a native accumulator that a group reset clears). */
GRAALITE_EXPORT void graalite_register_set_null(sqlite3_stmt *stmt, int reg) {
  Vdbe *p = (Vdbe *)stmt;
  if (reg > 0 && reg < p->nMem) sqlite3VdbeMemSetNull(&p->aMem[reg]);
}

/* ---- Transaction control for the Truffle tier: BEGIN, COMMIT, ROLLBACK, SAVEPOINT. ----
 *
 * The bodies of OP_AutoCommit and OP_Savepoint, with the three ways vdbe.c leaves them:
 * "abort_due_to_error" (the execution is halted with the error: graalite_exec_abort),
 * "vdbe_return" with an error (the statement stays running, as after SQLITE_BUSY on COMMIT;
 * sqlite3_reset then halts it, which leaves the transaction open so that COMMIT can be tried
 * again) and a plain halt. Commit, rollback and the savepoint journals are SQLite's own.
 */

/* The result of a "goto vdbe_return" with rc, as sqlite3_step reports it. */
static int graalite_vdbe_return(Vdbe *p, int rc) {
  return graalite_transfer(p, rc);
}

/* OP_AutoCommit at pc: SQLITE_DONE (the statement halted) or the error code it reports. */
GRAALITE_EXPORT int graalite_op_auto_commit(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  int desiredAutoCommit = pOp->p1;
  int iRollback = pOp->p2;
  int rc;
  if (pOp->opcode != OP_AutoCommit || p->eVdbeState != VDBE_RUN_STATE) return SQLITE_MISUSE;
  p->pc = pc;
  if (desiredAutoCommit != db->autoCommit) {
    if (iRollback) {
      sqlite3RollbackAll(db, SQLITE_ABORT_ROLLBACK);
      db->autoCommit = 1;
    } else if (desiredAutoCommit && db->nVdbeWrite > 0) {
      sqlite3VdbeError(p, "cannot commit transaction - SQL statements in progress");
      return graalite_exec_abort(stmt, pc, SQLITE_BUSY, 0);
    } else if ((rc = sqlite3VdbeCheckFkDeferred(p)) != SQLITE_OK) {
      return graalite_vdbe_return(p, rc);
    } else {
      db->autoCommit = (u8)desiredAutoCommit;
    }
    if (sqlite3VdbeHalt(p) == SQLITE_BUSY) {
      db->autoCommit = (u8)(1 - desiredAutoCommit);
      p->rc = SQLITE_BUSY;
      return graalite_vdbe_return(p, SQLITE_BUSY);
    }
    sqlite3CloseSavepoints(db);
    return graalite_vdbe_return(p, p->rc == SQLITE_OK ? SQLITE_DONE : SQLITE_ERROR);
  }
  sqlite3VdbeError(p, "%s", !desiredAutoCommit ? "cannot start a transaction within a transaction"
                          : iRollback ? "cannot rollback - no transaction is active"
                                      : "cannot commit - no transaction is active");
  return graalite_exec_abort(stmt, pc, SQLITE_ERROR, 0);
}

/*
 * OP_Savepoint at pc: SQLITE_OK (the program goes on), SQLITE_DONE (RELEASE of the
 * transaction's own savepoint committed and halted the statement) or the error code it reports.
 */
GRAALITE_EXPORT int graalite_op_savepoint(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  int p1 = pOp->p1;
  const char *zName = pOp->p4.z;
  int rc = SQLITE_OK;
  if (pOp->opcode != OP_Savepoint || p->eVdbeState != VDBE_RUN_STATE || zName == 0) return SQLITE_MISUSE;
  p->pc = pc;
  if (p1 == SAVEPOINT_BEGIN) {
    if (db->nVdbeWrite > 0) {
      sqlite3VdbeError(p, "cannot open savepoint - SQL statements in progress");
      rc = SQLITE_BUSY;
    } else {
      int nName = sqlite3Strlen30(zName);
      Savepoint *pNew;
      rc = sqlite3VtabSavepoint(db, SAVEPOINT_BEGIN, db->nStatement + db->nSavepoint);
      if (rc != SQLITE_OK) return graalite_exec_abort(stmt, pc, rc, 0);
      pNew = sqlite3DbMallocRawNN(db, sizeof(Savepoint) + nName + 1);
      if (pNew) {
        pNew->zName = (char *)&pNew[1];
        memcpy(pNew->zName, zName, nName + 1);
        if (db->autoCommit) {
          db->autoCommit = 0;
          db->isTransactionSavepoint = 1;
        } else {
          db->nSavepoint++;
        }
        pNew->pNext = db->pSavepoint;
        db->pSavepoint = pNew;
        pNew->nDeferredCons = db->nDeferredCons;
        pNew->nDeferredImmCons = db->nDeferredImmCons;
      }
    }
  } else {
    Savepoint *pSavepoint;
    int iSavepoint = 0;
    for (pSavepoint = db->pSavepoint; pSavepoint && sqlite3StrICmp(pSavepoint->zName, zName); pSavepoint = pSavepoint->pNext) {
      iSavepoint++;
    }
    if (!pSavepoint) {
      sqlite3VdbeError(p, "no such savepoint: %s", zName);
      rc = SQLITE_ERROR;
    } else if (db->nVdbeWrite > 0 && p1 == SAVEPOINT_RELEASE) {
      sqlite3VdbeError(p, "cannot release savepoint - SQL statements in progress");
      rc = SQLITE_BUSY;
    } else {
      int isTransaction = pSavepoint->pNext == 0 && db->isTransactionSavepoint;
      int ii;
      if (isTransaction && p1 == SAVEPOINT_RELEASE) {
        if ((rc = sqlite3VdbeCheckFkDeferred(p)) != SQLITE_OK) return graalite_vdbe_return(p, rc);
        db->autoCommit = 1;
        if (sqlite3VdbeHalt(p) == SQLITE_BUSY) {
          db->autoCommit = 0;
          p->rc = SQLITE_BUSY;
          return graalite_vdbe_return(p, SQLITE_BUSY);
        }
        rc = p->rc;
        if (rc) {
          db->autoCommit = 0;
        } else {
          db->isTransactionSavepoint = 0;
        }
      } else {
        int isSchemaChange;
        iSavepoint = db->nSavepoint - iSavepoint - 1;
        if (p1 == SAVEPOINT_ROLLBACK) {
          isSchemaChange = (db->mDbFlags & DBFLAG_SchemaChange) != 0;
          for (ii = 0; ii < db->nDb; ii++) {
            rc = sqlite3BtreeTripAllCursors(db->aDb[ii].pBt, SQLITE_ABORT_ROLLBACK, isSchemaChange == 0);
            if (rc != SQLITE_OK) return graalite_exec_abort(stmt, pc, rc, 0);
          }
        } else {
          isSchemaChange = 0;
        }
        for (ii = 0; ii < db->nDb; ii++) {
          rc = sqlite3BtreeSavepoint(db->aDb[ii].pBt, p1, iSavepoint);
          if (rc != SQLITE_OK) return graalite_exec_abort(stmt, pc, rc, 0);
        }
        if (isSchemaChange) {
          sqlite3ExpirePreparedStatements(db, 0);
          sqlite3ResetAllSchemasOfConnection(db);
          db->mDbFlags |= DBFLAG_SchemaChange;
        }
      }
      if (rc) return graalite_exec_abort(stmt, pc, rc, 0);
      while (db->pSavepoint != pSavepoint) {
        Savepoint *pTmp = db->pSavepoint;
        db->pSavepoint = pTmp->pNext;
        sqlite3DbFree(db, pTmp);
        db->nSavepoint--;
      }
      if (p1 == SAVEPOINT_RELEASE) {
        db->pSavepoint = pSavepoint->pNext;
        sqlite3DbFree(db, pSavepoint);
        if (!isTransaction) db->nSavepoint--;
      } else {
        db->nDeferredCons = pSavepoint->nDeferredCons;
        db->nDeferredImmCons = pSavepoint->nDeferredImmCons;
      }
      if (!isTransaction || p1 == SAVEPOINT_ROLLBACK) {
        rc = sqlite3VtabSavepoint(db, p1, iSavepoint);
        if (rc != SQLITE_OK) return graalite_exec_abort(stmt, pc, rc, 0);
      }
    }
  }
  if (rc) return graalite_exec_abort(stmt, pc, rc, 0);
  if (p->eVdbeState == VDBE_HALT_STATE) return graalite_vdbe_return(p, SQLITE_DONE);
  return SQLITE_OK;
}

/* ---- Trigger programs and foreign keys for the Truffle tier. ----
 *
 * A trigger body (or a foreign-key action) runs as a sub-program in a frame of its own, with
 * its own registers and cursors. SQLite's Vdbe switches aOp, aMem and apCsr to the frame, and
 * so does OP_Program here: every other function of this file then addresses the
 * sub-program's instructions and cursors by the sub-program's own addresses, as the Truffle
 * tier does. Registers stay in Java; the frame's aMem holds only what SQLite keeps there
 * (aggregate states, a halt message).
 */

/* Register reg of the current frame takes the value *v (for what SQLite reads there itself). */
GRAALITE_EXPORT int graalite_register_set(sqlite3_stmt *stmt, int reg, const GraaliteValue *v) {
  Vdbe *p = (Vdbe *)stmt;
  if (reg <= 0 || reg >= p->nMem) return SQLITE_MISUSE;
  graalite_value_to_mem(v, &p->aMem[reg]);
  return sqlite3VdbeMemMakeWriteable(&p->aMem[reg]);
}

/*
 * OP_Program at pc: SQLITE_OK when the sub-program's frame is entered (the caller runs it,
 * then calls graalite_frame_return), GRAALITE_SKIPPED when a recursive invocation is not
 * enabled (the program goes on after the instruction), or the error that ended the execution
 * ("triggers nested too deep").
 */
#define GRAALITE_SKIPPED (-1)
GRAALITE_EXPORT int graalite_op_program(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  SubProgram *pProgram;
  Mem *pRt;
  VdbeFrame *pFrame;
  Mem *aMem;
  int nMem;
  if (pc < 0 || pc >= p->nOp || pOp->opcode != OP_Program || pOp->p4type != P4_SUBPROGRAM || pOp->p3 <= 0 || pOp->p3 >= p->nMem) return SQLITE_MISUSE;
  pProgram = pOp->p4.pProgram;
  pRt = &p->aMem[pOp->p3];
  if (pOp->p5) {
    void *t = pProgram->token;
    for (pFrame = p->pFrame; pFrame && pFrame->token != t; pFrame = pFrame->pParent);
    if (pFrame) return GRAALITE_SKIPPED;
  }
  if (p->nFrame >= db->aLimit[SQLITE_LIMIT_TRIGGER_DEPTH]) {
    sqlite3VdbeError(p, "triggers nested too deep");
    return graalite_exec_abort(stmt, pc, SQLITE_ERROR, 0);
  }
  if ((pRt->flags & MEM_Blob) == 0) {
    i64 nByte;
    Mem *pMem, *pEnd;
    nMem = pProgram->nMem + pProgram->nCsr;
    if (pProgram->nCsr == 0) nMem++;
    nByte = ROUND8(sizeof(VdbeFrame)) + nMem * sizeof(Mem) + pProgram->nCsr * sizeof(VdbeCursor *) + (7 + (i64)pProgram->nOp) / 8;
    pFrame = sqlite3DbMallocZero(db, nByte);
    if (!pFrame) {
      sqlite3OomFault(db);
      return graalite_exec_abort(stmt, pc, SQLITE_NOMEM, 0);
    }
    sqlite3VdbeMemRelease(pRt);
    pRt->flags = MEM_Blob | MEM_Dyn;
    pRt->z = (char *)pFrame;
    pRt->n = (int)nByte;
    pRt->xDel = sqlite3VdbeFrameMemDel;
    pFrame->v = p;
    pFrame->nChildMem = nMem;
    pFrame->nChildCsr = pProgram->nCsr;
    pFrame->pc = pc;
    pFrame->aMem = p->aMem;
    pFrame->nMem = p->nMem;
    pFrame->apCsr = p->apCsr;
    pFrame->nCursor = p->nCursor;
    pFrame->aOp = p->aOp;
    pFrame->nOp = p->nOp;
    pFrame->token = pProgram->token;
    pEnd = &VdbeFrameMem(pFrame)[pFrame->nChildMem];
    for (pMem = VdbeFrameMem(pFrame); pMem != pEnd; pMem++) {
      pMem->flags = MEM_Undefined;
      pMem->db = db;
    }
  } else {
    pFrame = (VdbeFrame *)pRt->z;
  }
  p->nFrame++;
  pFrame->pParent = p->pFrame;
  pFrame->lastRowid = db->lastRowid;
  pFrame->nChange = p->nChange;
  pFrame->nDbChange = p->db->nChange;
  pFrame->pAuxData = p->pAuxData;
  p->pAuxData = 0;
  p->nChange = 0;
  p->pFrame = pFrame;
  p->aMem = aMem = VdbeFrameMem(pFrame);
  p->nMem = pFrame->nChildMem;
  p->nCursor = (u16)pFrame->nChildCsr;
  p->apCsr = (VdbeCursor **)&aMem[p->nMem];
  pFrame->aOnce = (u8 *)&p->apCsr[pProgram->nCsr];
  memset(pFrame->aOnce, 0, (pProgram->nOp + 7) / 8);
  p->aOp = pProgram->aOp;
  p->nOp = pProgram->nOp;
  return SQLITE_OK;
}

/*
 * OP_Halt with P1 = SQLITE_OK at pc of a sub-program: back to the calling frame (its
 * cursors close, the change count and last rowid are the caller's again). 1 when P2 is
 * OE_Ignore (RAISE(IGNORE): the caller continues at its Program's P2), 0 otherwise,
 * negative when no sub-program is running.
 */
GRAALITE_EXPORT int graalite_frame_return(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeFrame *pFrame = p->pFrame;
  int ignore;
  if (pFrame == 0 || pc < 0 || pc >= p->nOp) return -1;
  ignore = p->aOp[pc].p2 == OE_Ignore;
  p->pFrame = pFrame->pParent;
  p->nFrame--;
  sqlite3VdbeSetChanges(p->db, p->nChange);
  sqlite3VdbeFrameRestore(pFrame);
  return ignore;
}

/* OP_FkCounter at pc: adds P2 to the deferred (P1 != 0) or the statement's immediate counter. */
GRAALITE_EXPORT void graalite_op_fk_counter(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  if (pc < 0 || pc >= p->nOp || pOp->opcode != OP_FkCounter) return;
  if (pOp->p1) {
    db->nDeferredCons += pOp->p2;
  } else if (db->flags & SQLITE_DeferFKs) {
    db->nDeferredImmCons += pOp->p2;
  } else {
    p->nFkConstraint += pOp->p2;
  }
}

/* OP_FkIfZero's condition: whether the deferred (deferred != 0) or the immediate counters are zero. */
GRAALITE_EXPORT int graalite_fk_is_zero(sqlite3_stmt *stmt, int deferred) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  if (deferred) return db->nDeferredCons == 0 && db->nDeferredImmCons == 0;
  return p->nFkConstraint == 0 && db->nDeferredImmCons == 0;
}

/* OP_FkCheck at pc: SQLITE_OK, or the immediate foreign-key violation that ended the execution. */
GRAALITE_EXPORT int graalite_op_fk_check(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  int rc = sqlite3VdbeCheckFkImmediate(p);
  if (rc != SQLITE_OK) return graalite_exec_abort(stmt, pc, rc, 0);
  return SQLITE_OK;
}

/* ---- Schema changes for the Truffle tier (CREATE, DROP, ALTER, PRAGMAs that expire). ----
 *
 * The bodies of the opcodes that change the schema or read its cookies, one function for
 * all of them: SQLite's b-tree, schema parser and statement expiry do the work. Returns
 * SQLITE_OK (with the instruction's integer result in pOut[0]: ReadCookie's cookie,
 * CreateBtree's root page, Destroy's moved root page, Clear's deleted rows, Pagecount's and
 * MaxPgcnt's page counts, IncrVacuum's 1 when no free page was left; Checkpoint's three
 * results in pOut[0..2]) or the error that ended the execution.
 */
GRAALITE_EXPORT int graalite_op_schema(sqlite3_stmt *stmt, int pc, sqlite3_int64 *pOut) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp;
  int rc = SQLITE_OK;
  if (pc < 0 || pc >= p->nOp) return SQLITE_MISUSE;
  pOp = &p->aOp[pc];
  p->pc = pc;
  pOut[0] = pOut[1] = pOut[2] = 0;
  switch (pOp->opcode) {
    case OP_Pagecount:
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      pOut[0] = sqlite3BtreeLastPage(db->aDb[pOp->p1].pBt);
      return SQLITE_OK;
    case OP_MaxPgcnt: {
      unsigned int newMax = 0;
      Btree *pBt;
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      pBt = db->aDb[pOp->p1].pBt;
      if (pOp->p3) {
        newMax = sqlite3BtreeLastPage(pBt);
        if (newMax < (unsigned)pOp->p3) newMax = (unsigned)pOp->p3;
      }
      pOut[0] = sqlite3BtreeMaxPageCount(pBt, newMax);
      return SQLITE_OK;
    }
    case OP_Checkpoint: {
      int aRes[3];
      aRes[0] = 0;
      aRes[1] = aRes[2] = -1;
      rc = sqlite3Checkpoint(db, pOp->p1, pOp->p2, &aRes[1], &aRes[2]);
      if (rc) {
        if (rc != SQLITE_BUSY) break;
        rc = SQLITE_OK;
        aRes[0] = 1;
      }
      pOut[0] = aRes[0];
      pOut[1] = aRes[1];
      pOut[2] = aRes[2];
      return SQLITE_OK;
    }
    case OP_ReadCookie: {
      int iMeta = 0;
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      sqlite3BtreeGetMeta(db->aDb[pOp->p1].pBt, pOp->p3, (u32 *)&iMeta);
      *pOut = iMeta;
      return SQLITE_OK;
    }
    case OP_SetCookie: {
      Db *pDb;
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      pDb = &db->aDb[pOp->p1];
      rc = sqlite3BtreeUpdateMeta(pDb->pBt, pOp->p2, pOp->p3);
      if (pOp->p2 == BTREE_SCHEMA_VERSION) {
        *(u32 *)&pDb->pSchema->schema_cookie = *(u32 *)&pOp->p3 - pOp->p5;
        db->mDbFlags |= DBFLAG_SchemaChange;
        sqlite3FkClearTriggerCache(db, pOp->p1);
      } else if (pOp->p2 == BTREE_FILE_FORMAT) {
        pDb->pSchema->file_format = pOp->p3;
      }
      if (pOp->p1 == 1) {
        sqlite3ExpirePreparedStatements(db, 0);
        p->expired = 0;
      }
      break;
    }
    case OP_CreateBtree: {
      Pgno pgno = 0;
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      rc = sqlite3BtreeCreateTable(db->aDb[pOp->p1].pBt, &pgno, pOp->p3);
      *pOut = pgno;
      break;
    }
    case OP_Destroy: {
      int iMoved = 0;
      if (pOp->p3 < 0 || pOp->p3 >= db->nDb || db->aDb[pOp->p3].pBt == 0) return SQLITE_MISUSE;
      if (db->nVdbeRead > db->nVDestroy + 1) {
        p->errorAction = OE_Abort;
        return graalite_exec_abort(stmt, pc, SQLITE_LOCKED, 0);
      }
      rc = sqlite3BtreeDropTable(db->aDb[pOp->p3].pBt, pOp->p1, &iMoved);
      *pOut = iMoved;
#ifndef SQLITE_OMIT_AUTOVACUUM
      if (rc == SQLITE_OK && iMoved != 0) sqlite3RootPageMoved(db, pOp->p3, iMoved, pOp->p1);
#endif
      break;
    }
    case OP_Clear: {
      i64 nChange = 0;
      if (pOp->p2 < 0 || pOp->p2 >= db->nDb || db->aDb[pOp->p2].pBt == 0) return SQLITE_MISUSE;
      rc = sqlite3BtreeClearTable(db->aDb[pOp->p2].pBt, (u32)pOp->p1, &nChange);
      if (pOp->p3) p->nChange += nChange;
      *pOut = nChange;
      break;
    }
    case OP_SqlExec: {
      char *zErr = 0;
#ifndef SQLITE_OMIT_AUTHORIZATION
      sqlite3_xauth xAuth = db->xAuth;
#endif
      u8 mTrace = db->mTrace;
      int savedAnalysisLimit = db->nAnalysisLimit;
      db->nSqlExec++;
      if (pOp->p1 & 0x0001) {
#ifndef SQLITE_OMIT_AUTHORIZATION
        db->xAuth = 0;
#endif
        db->mTrace = 0;
      }
      if (pOp->p1 & 0x0002) db->nAnalysisLimit = pOp->p2;
      rc = sqlite3_exec(db, pOp->p4.z, 0, 0, &zErr);
      db->nSqlExec--;
#ifndef SQLITE_OMIT_AUTHORIZATION
      db->xAuth = xAuth;
#endif
      db->mTrace = mTrace;
      db->nAnalysisLimit = savedAnalysisLimit;
      if (zErr || rc) {
        sqlite3VdbeError(p, "%s", zErr);
        sqlite3_free(zErr);
        if (rc == SQLITE_NOMEM) sqlite3OomFault(db);
        return graalite_exec_abort(stmt, pc, rc ? rc : SQLITE_ERROR, 0);
      }
      return SQLITE_OK;
    }
    case OP_ParseSchema: {
      int iDb = pOp->p1;
      if (iDb < 0 || iDb >= db->nDb) return SQLITE_MISUSE;
#ifndef SQLITE_OMIT_ALTERTABLE
      if (pOp->p4.z == 0) {
        sqlite3SchemaClear(db->aDb[iDb].pSchema);
        db->mDbFlags &= ~DBFLAG_SchemaKnownOk;
        rc = sqlite3InitOne(db, iDb, &p->zErrMsg, pOp->p5);
        db->mDbFlags |= DBFLAG_SchemaChange;
        p->expired = 0;
      } else
#endif
      {
        InitData initData;
        char *zSql;
        initData.db = db;
        initData.iDb = iDb;
        initData.pzErrMsg = &p->zErrMsg;
        initData.mInitFlags = 0;
        initData.mxPage = sqlite3BtreeLastPage(db->aDb[iDb].pBt);
        zSql = sqlite3MPrintf(db, "SELECT*FROM\"%w\".%s WHERE %s ORDER BY rowid", db->aDb[iDb].zDbSName, LEGACY_SCHEMA_TABLE, pOp->p4.z);
        if (zSql == 0) {
          rc = SQLITE_NOMEM_BKPT;
        } else {
          db->init.busy = 1;
          initData.rc = SQLITE_OK;
          initData.nInitRow = 0;
          rc = sqlite3_exec(db, zSql, sqlite3InitCallback, &initData, 0);
          if (rc == SQLITE_OK) rc = initData.rc;
          if (rc == SQLITE_OK && initData.nInitRow == 0) rc = SQLITE_CORRUPT_BKPT;
          sqlite3DbFreeNN(db, zSql);
          db->init.busy = 0;
        }
      }
      if (rc) {
        sqlite3ResetAllSchemasOfConnection(db);
        if (rc == SQLITE_NOMEM) sqlite3OomFault(db);
      }
      break;
    }
    case OP_DropTable:
      sqlite3UnlinkAndDeleteTable(db, pOp->p1, pOp->p4.z);
      return SQLITE_OK;
    case OP_DropIndex:
      sqlite3UnlinkAndDeleteIndex(db, pOp->p1, pOp->p4.z);
      return SQLITE_OK;
    case OP_DropTrigger:
      sqlite3UnlinkAndDeleteTrigger(db, pOp->p1, pOp->p4.z);
      return SQLITE_OK;
    case OP_IncrVacuum:
      /* PRAGMA incremental_vacuum: one free page given back; pOut[0] = 1 when none was left
       * (the jump to P2 that ends the loop). */
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return SQLITE_MISUSE;
      rc = sqlite3BtreeIncrVacuum(db->aDb[pOp->p1].pBt);
      if (rc == SQLITE_DONE) {
        pOut[0] = 1;
        rc = SQLITE_OK;
      }
      break;
    case OP_LoadAnalysis:
      /* After ANALYZE: the statistics it wrote are read into the schema, as vdbe.c does. */
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb) return SQLITE_MISUSE;
      rc = sqlite3AnalysisLoad(db, pOp->p1);
      break;
    case OP_Vacuum:
      /* VACUUM [INTO r[P2]] of database P1: SQLite rebuilds the file through statements of its
       * own (an ATTACH of the target, copies, the b-tree copy back), as vdbe.c does. */
      if (pOp->p1 < 0 || pOp->p1 >= db->nDb || (pOp->p2 != 0 && (pOp->p2 < 0 || pOp->p2 >= p->nMem))) return SQLITE_MISUSE;
      rc = sqlite3RunVacuum(&p->zErrMsg, db, pOp->p1, pOp->p2 ? &p->aMem[pOp->p2] : 0);
      break;
    case OP_Expire:
      if (!pOp->p1) {
        sqlite3ExpirePreparedStatements(db, pOp->p2);
      } else {
        p->expired = pOp->p2 + 1;
      }
      return SQLITE_OK;
    default:
      return SQLITE_MISUSE;
  }
  if (rc) return graalite_exec_abort(stmt, pc, rc, 0);
  return SQLITE_OK;
}

/* What vdbe.c does after an error once OP_Destroy has moved a root page (auto-vacuum): the schema of database iDb is read again. */
GRAALITE_EXPORT void graalite_reset_one_schema(sqlite3_stmt *stmt, int iDb) {
  Vdbe *p = (Vdbe *)stmt;
  if (iDb >= 0 && iDb < p->db->nDb) sqlite3ResetOneSchema(p->db, iDb);
}

/*
 * OP_SeekEnd: the cursor goes to the end of its b-tree for appends (seekResult -1), unless it
 * is already on an entry. Returns (rc << 8) | (stayed << 1) | atEnd.
 */
GRAALITE_EXPORT int graalite_cursor_seek_end(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_BTREE);
  int res = 0, rc;
  if (pC == 0) return (SQLITE_MISUSE << 8) | 1;
  pC->seekResult = -1;
  if (sqlite3BtreeCursorIsValidNN(pC->uc.pCursor)) return 2;
  rc = sqlite3BtreeLast(pC->uc.pCursor, &res);
  pC->nullRow = (u8)res;
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;
  return (rc << 8) | (res != 0);
}

/*
 * OP_SorterCompare at pc: whether the sorter's current record differs from the record (n
 * bytes at z, the instruction's r[P3]) in its first P4 fields: 1 differs, 0 equal (a NULL
 * compares equal), or -rc on an error.
 */
GRAALITE_EXPORT int graalite_op_sorter_compare(sqlite3_stmt *stmt, int pc, const void *z, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp;
  VdbeCursor *pC;
  Mem key;
  int res = 0, rc;
  if (pc < 0 || pc >= p->nOp) return -SQLITE_MISUSE;
  pOp = &p->aOp[pc];
  pC = graalite_cursor(stmt, pOp->p1, CURTYPE_SORTER);
  if (pC == 0 || pOp->opcode != OP_SorterCompare || pOp->p4type != P4_INT32) return -SQLITE_MISUSE;
  sqlite3VdbeMemInit(&key, p->db, MEM_Blob);
  key.z = (char *)z;
  key.n = n;
  rc = sqlite3VdbeSorterCompare(pC, &key, pOp->p4.i, &res);
  if (rc) return -rc;
  return res != 0;
}

/*
 * OP_JournalMode at pc, as vdbe.c's: the journal mode after the instruction (P3, or the mode
 * unchanged for PAGER_JOURNALMODE_QUERY, or when the pager cannot change it now), its name
 * returned; *pRc is SQLITE_OK or the error that ends the execution (into or out of WAL inside a
 * transaction, with SQLite's message; an error closing the WAL or setting the file's version).
 * NULL with SQLITE_MISUSE when pc is not a JournalMode.
 */
GRAALITE_EXPORT const char *graalite_op_journal_mode(sqlite3_stmt *stmt, int pc, int *pRc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp;
  Btree *pBt;
  Pager *pPager;
  int eNew, eOld, rc = SQLITE_OK;
  *pRc = SQLITE_MISUSE;
  if (pc < 0 || pc >= p->nOp) return 0;
  pOp = &p->aOp[pc];
  if (pOp->opcode != OP_JournalMode || pOp->p1 < 0 || pOp->p1 >= db->nDb || db->aDb[pOp->p1].pBt == 0) return 0;
  pBt = db->aDb[pOp->p1].pBt;
  pPager = sqlite3BtreePager(pBt);
  eNew = pOp->p3;
  eOld = sqlite3PagerGetJournalMode(pPager);
  if (eNew == PAGER_JOURNALMODE_QUERY) eNew = eOld;
  if (!sqlite3PagerOkToChangeJournalMode(pPager)) eNew = eOld;
#ifndef SQLITE_OMIT_WAL
  /* No WAL for a database in temporary storage, or on a VFS without shared memory. */
  if (eNew == PAGER_JOURNALMODE_WAL && (sqlite3Strlen30(sqlite3PagerFilename(pPager, 1)) == 0 || !sqlite3PagerWalSupported(pPager))) {
    eNew = eOld;
  }
  if (eNew != eOld && (eOld == PAGER_JOURNALMODE_WAL || eNew == PAGER_JOURNALMODE_WAL)) {
    if (!db->autoCommit || db->nVdbeRead > 1) {
      sqlite3VdbeError(p, "cannot change %s wal mode from within a transaction", (eNew == PAGER_JOURNALMODE_WAL ? "into" : "out of"));
      *pRc = SQLITE_ERROR;
      return sqlite3JournalModename(eOld);
    }
    if (eOld == PAGER_JOURNALMODE_WAL) {
      /* Leaving WAL: closing the log checkpoints it and deletes it. */
      rc = sqlite3PagerCloseWal(pPager, db);
      if (rc == SQLITE_OK) sqlite3PagerSetJournalMode(pPager, eNew);
    } else if (eOld == PAGER_JOURNALMODE_MEMORY) {
      /* No direct way from MEMORY to WAL: through OFF. */
      sqlite3PagerSetJournalMode(pPager, PAGER_JOURNALMODE_OFF);
    }
    /* A transaction on the file, always with a rollback journal, writes its version bytes. */
    if (rc == SQLITE_OK) rc = sqlite3BtreeSetVersion(pBt, (eNew == PAGER_JOURNALMODE_WAL ? 2 : 1));
  }
#endif
  if (rc) eNew = eOld;
  eNew = sqlite3PagerSetJournalMode(pPager, eNew);
  *pRc = rc;
  return sqlite3JournalModename(eNew);
}

/* OP_IfSizeBetween at pc: (rc << 8) | 1 when 10*log2 of the estimated row count (-1 when empty) is within P3..P4. */
GRAALITE_EXPORT int graalite_op_if_size_between(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  int res = 0, rc;
  i64 sz;
  if (pC == 0 || pOp->p4type != P4_INT32) return SQLITE_MISUSE << 8;
  rc = sqlite3BtreeFirst(pC->uc.pCursor, &res);
  if (rc) return rc << 8;
  if (res != 0) {
    sz = -1;
  } else {
    sz = sqlite3LogEst((u64)sqlite3BtreeRowCountEst(pC->uc.pCursor));
  }
  return sz >= pOp->p3 && sz <= pOp->p4.i;
}

/*
 * OP_Offset at pc (sqlite_offset()): 1 and *pOut = the file offset of the P1 cursor's record,
 * 0 for NULL (no b-tree cursor, or no row), or rc << 8.
 */
GRAALITE_EXPORT int graalite_op_offset(sqlite3_stmt *stmt, int pc, sqlite3_int64 *pOut) {
#ifdef SQLITE_ENABLE_OFFSET_SQL_FUNC
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = &p->aOp[pc];
  VdbeCursor *pC;
  if (pOp->p1 < 0 || pOp->p1 >= p->nCursor) return SQLITE_MISUSE << 8;
  pC = p->apCsr[pOp->p1];
  if (pC == 0 || pC->eCurType != CURTYPE_BTREE || pC->uc.pCursor == 0) return 0;
  if (graalite_no_row(pC)) return 0;
  *pOut = sqlite3BtreeOffset(pC->uc.pCursor);
  return 1;
#else
  (void)stmt; (void)pc; (void)pOut;
  return SQLITE_MISUSE << 8;
#endif
}

/* ---- Virtual tables for the Truffle tier (FTS5, rtree, json_each, pragma functions, dbstat). ----
 *
 * Each function is the body of its vdbe.c case. A module's methods may run SQL of their own,
 * do I/O and call user functions, so none of these calls is critical on the Java side. Errors
 * come back as an rc, with the module's message already moved into the statement
 * (sqlite3VtabImportErrmsg) for Java's graalite_exec_abort. Whether a cursor is on no row
 * (NullRow, a LEFT JOIN's empty side) is tracked by the Java cursor, which does not call
 * VColumn, VNext or the rowid for such a cursor; so these leave pCur->nullRow alone except
 * where vdbe.c sets it.
 */

/* The instruction at pc if it has the given opcode; NULL for a wrong address. */
static Op *graalite_op_at(Vdbe *p, int pc, int opcode) {
  if (pc < 0 || pc >= p->nOp || p->aOp[pc].opcode != opcode) return 0;
  return &p->aOp[pc];
}

/* The virtual-table cursor iCur, or NULL when that cursor is not one. */
static VdbeCursor *graalite_vtab_cursor(sqlite3_stmt *stmt, int iCur) {
  VdbeCursor *pC = graalite_cursor(stmt, iCur, CURTYPE_VTAB);
  return pC != 0 && pC->uc.pVCur != 0 ? pC : 0;
}

/* Whether registers first..first+n-1 exist in the current frame (register 0 is never one). */
static int graalite_registers_exist(Vdbe *p, int first, int n) {
  return first > 0 && n >= 0 && first + n <= p->nMem;
}

/* Type of a GraaliteValue that VFilter and VUpdate leave as the register holds it (SQLite's types are 1..5). */
#define GRAALITE_VALUE_KEPT 0

/* OP_VBegin at pc: the xBegin of the P4 table, if any; fails inside a module's xSync. */
GRAALITE_EXPORT int graalite_op_vbegin(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = graalite_op_at(p, pc, OP_VBegin);
  VTable *pVTab;
  int rc;
  if (pOp == 0) return SQLITE_MISUSE;
  pVTab = pOp->p4type == P4_VTAB ? pOp->p4.pVtab : 0;
  rc = sqlite3VtabBegin(p->db, pVTab);
  if (pVTab) sqlite3VtabImportErrmsg(p, pVTab->pVtab);
  return rc;
}

/*
 * OP_VCreate at pc: xCreate of the table named *name (register P2, which Java holds) in
 * database P1. vdbe.c copies the register first because xCreate may run SQL; so does this.
 */
GRAALITE_EXPORT int graalite_op_vcreate(sqlite3_stmt *stmt, int pc, const GraaliteValue *name) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = graalite_op_at(p, pc, OP_VCreate);
  char *zTab;
  int rc;
  if (pOp == 0 || pOp->p1 < 0 || pOp->p1 >= db->nDb || (name->type & 0xff) != SQLITE_TEXT) return SQLITE_MISUSE;
  zTab = sqlite3DbStrNDup(db, (const char *)name->p, (u64)name->n);
  if (zTab == 0) return SQLITE_NOMEM;
  rc = sqlite3VtabCallCreate(db, pOp->p1, zTab, &p->zErrMsg);
  sqlite3DbFree(db, zTab);
  return rc;
}

/* OP_VDestroy at pc: xDestroy of table P4 of database P1. */
GRAALITE_EXPORT int graalite_op_vdestroy(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = graalite_op_at(p, pc, OP_VDestroy);
  int rc;
  if (pOp == 0 || pOp->p1 < 0 || pOp->p1 >= db->nDb || (pOp->p4type != P4_DYNAMIC && pOp->p4type != P4_STATIC) || pOp->p4.z == 0) return SQLITE_MISUSE;
  db->nVDestroy++;
  rc = sqlite3VtabCallDestroy(db, pOp->p1, pOp->p4.z);
  db->nVDestroy--;
  return rc;
}

/*
 * OP_VOpen at pc: opens cursor P1 on table P4. 0 when it opened it, 1 when the cursor was
 * already open on that table (a subquery run again: vdbe.c keeps the cursor as it is), or
 * rc << 8.
 */
GRAALITE_EXPORT int graalite_op_vopen(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = graalite_op_at(p, pc, OP_VOpen);
  VdbeCursor *pCur;
  sqlite3_vtab_cursor *pVCur = 0;
  sqlite3_vtab *pVtab;
  const sqlite3_module *pModule;
  int rc;
  if (pOp == 0 || pOp->p4type != P4_VTAB || pOp->p1 < 0 || pOp->p1 >= p->nCursor) return SQLITE_MISUSE << 8;
  pVtab = pOp->p4.pVtab->pVtab;
  pCur = graalite_vtab_cursor(stmt, pOp->p1);
  if (pCur != 0 && pCur->uc.pVCur->pVtab == pVtab) return 1;
  if (pVtab == 0 || pVtab->pModule == 0) return SQLITE_LOCKED << 8;
  pModule = pVtab->pModule;
  rc = pModule->xOpen(pVtab, &pVCur);
  sqlite3VtabImportErrmsg(p, pVtab);
  if (rc) return rc << 8;
  pVCur->pVtab = pVtab;
  pCur = allocateCursor(p, pOp->p1, 0, CURTYPE_VTAB);
  if (pCur == 0) {
    pModule->xClose(pVCur);
    return SQLITE_NOMEM << 8;
  }
  pCur->uc.pVCur = pVCur;
  pVtab->nRef++;
  return 0;
}

/*
 * OP_VInitIn at pc: register P2 becomes a ValueList over the keys of ephemeral index P1 (the
 * right side of an IN that the module handles, read with sqlite3_vtab_in_first/next into
 * register P3). The pointer stays in SQLite's register; VFilter passes it on from there.
 */
GRAALITE_EXPORT int graalite_op_vinitin(sqlite3_stmt *stmt, int pc) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = graalite_op_at(p, pc, OP_VInitIn);
  VdbeCursor *pC;
  ValueList *pRhs;
  Mem *pOut;
  if (pOp == 0 || !graalite_registers_exist(p, pOp->p2, 1) || !graalite_registers_exist(p, pOp->p3, 1)) return SQLITE_MISUSE;
  pC = graalite_cursor(stmt, pOp->p1, CURTYPE_BTREE);
  if (pC == 0) return SQLITE_MISUSE;
  pRhs = sqlite3_malloc64(sizeof(*pRhs));
  if (pRhs == 0) return SQLITE_NOMEM;
  pRhs->pCsr = pC->uc.pCursor;
  pRhs->pOut = &p->aMem[pOp->p3];
  pOut = &p->aMem[pOp->p2];
  sqlite3VdbeMemSetNull(pOut);
  sqlite3VdbeMemSetPointer(pOut, pRhs, "ValueList", sqlite3VdbeValueListFree);
  return SQLITE_OK;
}

/*
 * OP_VFilter at pc: xFilter of cursor P1 with plan number r[P3], plan string P4 and the
 * r[P3+1] arguments from r[P3+2]. The n values from Java are r[P3..P3+n-1]; they go into
 * SQLite's registers, where they stay during the scan (json_each reads its argument's bytes
 * in place until the next xFilter); an argument of type GRAALITE_VALUE_KEPT is VInitIn's
 * ValueList, left in its register. Returns (rc << 8) | empty.
 */
GRAALITE_EXPORT int graalite_op_vfilter(sqlite3_stmt *stmt, int pc, const GraaliteValue *args, int n) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = graalite_op_at(p, pc, OP_VFilter);
  VdbeCursor *pCur;
  sqlite3_vtab_cursor *pVCur;
  sqlite3_vtab *pVtab;
  Mem *pArgc;
  int nArg, i, rc, res;
  if (pOp == 0 || n < 2 || !graalite_registers_exist(p, pOp->p3, n)) return SQLITE_MISUSE << 8;
  pCur = graalite_vtab_cursor(stmt, pOp->p1);
  /* p->apArg has room for the argument count of the Integer right before each VFilter
   * (vdbe.c's resolveP2Values sizes it so): the count from Java must be that one. */
  if (pCur == 0 || pc == 0 || p->aOp[pc - 1].opcode != OP_Integer || p->aOp[pc - 1].p2 != pOp->p3 + 1 || p->aOp[pc - 1].p1 != n - 2 ||
      (args[0].type & 0xff) != SQLITE_INTEGER || (args[1].type & 0xff) != SQLITE_INTEGER || args[1].i != n - 2) {
    return SQLITE_MISUSE << 8;
  }
  for (i = 0; i < n; i++) {
    /* A kept argument is the ValueList VInitIn left in the register (IN handled by the module). */
    if ((args[i].type & 0xff) != GRAALITE_VALUE_KEPT || i < 2) graalite_value_to_mem(&args[i], &p->aMem[pOp->p3 + i]);
  }
  pArgc = &p->aMem[pOp->p3 + 1];
  nArg = n - 2;
  for (i = 0; i < nArg; i++) p->apArg[i] = &pArgc[i + 1];
  pVCur = pCur->uc.pVCur;
  pVtab = pVCur->pVtab;
  rc = pVtab->pModule->xFilter(pVCur, (int)args[0].i, pOp->p4.z, nArg, p->apArg);
  sqlite3VtabImportErrmsg(p, pVtab);
  if (rc) return rc << 8;
  res = pVtab->pModule->xEof(pVCur);
  pCur->nullRow = 0;
  return res != 0;
}

/*
 * OP_VColumn at pc: column P2 of cursor P1's row into register P3, described in *out. With
 * P5 OPFLAG_NOCHNG (an UPDATE's unchanged column) the module may leave SQLite's "no change"
 * NULL there, which Java sees as NULL and VUpdate takes from the register as it is.
 */
GRAALITE_EXPORT int graalite_op_vcolumn(sqlite3_stmt *stmt, int pc, const GraaliteValue *unused, GraaliteValue *out) {
  Vdbe *p = (Vdbe *)stmt;
  Op *pOp = graalite_op_at(p, pc, OP_VColumn);
  VdbeCursor *pCur;
  sqlite3_vtab *pVtab;
  sqlite3_context sContext;
  FuncDef nullFunc;
  Mem *pDest;
  u8 encoding = ENC(p->db);
  int rc;
  (void)unused;
  if (pOp == 0 || !graalite_registers_exist(p, pOp->p3, 1)) return SQLITE_MISUSE;
  pCur = graalite_vtab_cursor(stmt, pOp->p1);
  if (pCur == 0) return SQLITE_MISUSE;
  pDest = &p->aMem[pOp->p3];
  pVtab = pCur->uc.pVCur->pVtab;
  memset(&sContext, 0, sizeof(sContext));
  sContext.pOut = pDest;
  sContext.enc = encoding;
  nullFunc.pUserData = 0;
  nullFunc.funcFlags = SQLITE_RESULT_SUBTYPE;
  sContext.pFunc = &nullFunc;
  if (pOp->p5 & OPFLAG_NOCHNG) {
    sqlite3VdbeMemSetNull(pDest);
    pDest->flags = MEM_Null | MEM_Zero;
    pDest->u.nZero = 0;
  } else {
    MemSetTypeFlag(pDest, MEM_Null);
  }
  rc = pVtab->pModule->xColumn(pCur->uc.pVCur, &sContext, pOp->p2);
  sqlite3VtabImportErrmsg(p, pVtab);
  if (sContext.isError > 0) {
    sqlite3VdbeError(p, "%s", sqlite3_value_text(pDest));
    rc = sContext.isError;
  }
  sqlite3VdbeChangeEncoding(pDest, encoding);
  if (rc) return rc;
  memset(out, 0, sizeof(*out));
  graalite_mem_to_value(pDest, out);
  return SQLITE_OK;
}

/* OP_VNext on cursor iCur: (rc << 8) | atEnd. */
GRAALITE_EXPORT int graalite_op_vnext(sqlite3_stmt *stmt, int iCur) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pCur = graalite_vtab_cursor(stmt, iCur);
  sqlite3_vtab *pVtab;
  int rc;
  if (pCur == 0) return (SQLITE_MISUSE << 8) | 1;
  pVtab = pCur->uc.pVCur->pVtab;
  rc = pVtab->pModule->xNext(pCur->uc.pVCur);
  sqlite3VtabImportErrmsg(p, pVtab);
  if (rc) return (rc << 8) | 1;
  return pVtab->pModule->xEof(pCur->uc.pVCur) != 0;
}

/* OP_Rowid on virtual-table cursor iCur: the row's rowid (xRowid) in *pRowid; 0 or an rc. */
GRAALITE_EXPORT int graalite_vtab_rowid(sqlite3_stmt *stmt, int iCur, sqlite3_int64 *pRowid) {
  Vdbe *p = (Vdbe *)stmt;
  VdbeCursor *pCur = graalite_vtab_cursor(stmt, iCur);
  sqlite3_vtab *pVtab;
  sqlite3_int64 v = 0;
  int rc;
  if (pCur == 0) return SQLITE_MISUSE;
  pVtab = pCur->uc.pVCur->pVtab;
  rc = pVtab->pModule->xRowid(pCur->uc.pVCur, &v);
  sqlite3VtabImportErrmsg(p, pVtab);
  *pRowid = v;
  return rc;
}

/*
 * OP_VRename at pc: xRename of table P4 to the name *name (register P1, which Java holds), as
 * ALTER TABLE ... RENAME does it: with legacy ALTER TABLE on during the call, and the statement
 * not expired afterwards (the module's own SQL may have expired it).
 */
GRAALITE_EXPORT int graalite_op_vrename(sqlite3_stmt *stmt, int pc, const GraaliteValue *name) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = graalite_op_at(p, pc, OP_VRename);
  sqlite3_vtab *pVtab;
  u64 isLegacy;
  char *zNew;
  int rc;
  if (pOp == 0 || pOp->p4type != P4_VTAB || (name->type & 0xff) != SQLITE_TEXT) return SQLITE_MISUSE;
  pVtab = pOp->p4.pVtab->pVtab;
  if (pVtab == 0 || pVtab->pModule == 0 || pVtab->pModule->xRename == 0) return SQLITE_MISUSE;
  zNew = sqlite3DbStrNDup(db, (const char *)name->p, (u64)name->n);
  if (zNew == 0) return SQLITE_NOMEM;
  isLegacy = (db->flags & SQLITE_LegacyAlter);
  db->flags |= SQLITE_LegacyAlter;
  rc = pVtab->pModule->xRename(pVtab, zNew);
  if (isLegacy == 0) db->flags &= ~(u64)SQLITE_LegacyAlter;
  sqlite3DbFree(db, zNew);
  sqlite3VtabImportErrmsg(p, pVtab);
  p->expired = 0;
  return rc;
}

/*
 * OP_VCheck at pc (PRAGMA integrity_check of a virtual table): the module's xIntegrity on the
 * table P4 of database P1 with P3; *pzErr its report (sqlite3_malloc'd, for the caller to free;
 * NULL when sound, or when the table is not connected). SQLITE_OK or the module's error.
 */
GRAALITE_EXPORT int graalite_op_vcheck(sqlite3_stmt *stmt, int pc, char **pzErr) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = &p->aOp[pc];
  Table *pTab;
  sqlite3_vtab *pVtab;
  char *zErr = 0;
  int rc;
  *pzErr = 0;
  if (pOp->opcode != OP_VCheck || pOp->p4type != P4_TABLEREF || pOp->p1 < 0 || pOp->p1 >= db->nDb) return SQLITE_MISUSE;
  pTab = pOp->p4.pTab;
  if (pTab->u.vtab.p == 0) return SQLITE_OK;
  pVtab = pTab->u.vtab.p->pVtab;
  sqlite3VtabLock(pTab->u.vtab.p);
  rc = pVtab->pModule->xIntegrity(pVtab, db->aDb[pOp->p1].zDbSName, pTab->zName, pOp->p3, &zErr);
  sqlite3VtabUnlock(pTab->u.vtab.p);
  if (rc) {
    sqlite3_free(zErr);
    return rc;
  }
  *pzErr = zErr;
  return SQLITE_OK;
}

/*
 * OP_VUpdate at pc: xUpdate of table P4 with the P2 registers from P3 (the old rowid, the new
 * rowid, the columns), whose values come from Java; a value of type GRAALITE_VALUE_KEPT
 * leaves its register as it is (an unchanged column's "no change" NULL, set by VColumn).
 * P1: the new rowid becomes the last insert rowid. P5: the conflict resolution. 0 or an rc.
 */
GRAALITE_EXPORT int graalite_op_vupdate(sqlite3_stmt *stmt, int pc, const GraaliteValue *args) {
  Vdbe *p = (Vdbe *)stmt;
  sqlite3 *db = p->db;
  Op *pOp = graalite_op_at(p, pc, OP_VUpdate);
  sqlite3_vtab *pVtab;
  sqlite3_int64 rowid = 0;
  u8 vtabOnConflict;
  int nArg, i, rc;
  /* p->apArg has room for every VUpdate's P2 arguments (resolveP2Values, sub-programs' too). */
  if (pOp == 0 || pOp->p4type != P4_VTAB || !graalite_registers_exist(p, pOp->p3, pOp->p2)) return SQLITE_MISUSE;
  if (db->mallocFailed) return SQLITE_NOMEM;
  sqlite3VdbeIncrWriteCounter(p, 0);
  pVtab = pOp->p4.pVtab->pVtab;
  if (pVtab == 0 || pVtab->pModule == 0) return SQLITE_LOCKED;
  if (pVtab->pModule->xUpdate == 0) return SQLITE_OK;
  nArg = pOp->p2;
  for (i = 0; i < nArg; i++) {
    Mem *pX = &p->aMem[pOp->p3 + i];
    if ((args[i].type & 0xff) != GRAALITE_VALUE_KEPT) graalite_value_to_mem(&args[i], pX);
    p->apArg[i] = pX;
  }
  vtabOnConflict = db->vtabOnConflict;
  db->vtabOnConflict = pOp->p5;
  rc = pVtab->pModule->xUpdate(pVtab, nArg, p->apArg, &rowid);
  db->vtabOnConflict = vtabOnConflict;
  sqlite3VtabImportErrmsg(p, pVtab);
  if (rc == SQLITE_OK && pOp->p1) db->lastRowid = rowid;
  if ((rc & 0xff) == SQLITE_CONSTRAINT && pOp->p4.pVtab->bConstraint) {
    if (pOp->p5 == OE_Ignore) {
      rc = SQLITE_OK;
    } else {
      p->errorAction = (pOp->p5 == OE_Replace) ? OE_Abort : pOp->p5;
    }
  } else {
    p->nChange++;
  }
  return rc;
}

/* ---- Virtual-table modules written in a guest language. ---- */
#include "graalite_guest_module.c"

/* ---- sqlite-jdbc's extension functions, for the JDBC driver's connections. ---- */
#include "graalite_extension_functions.c"

/*
 * Sandboxed connections: a context without file access may open in-memory databases only
 * (SqlContext), and SQL must not reach files either. SQLite attaches every database it opens
 * for a statement (ATTACH, and VACUUM's own "ATTACH %Q", the target of VACUUM INTO) through a
 * statement that its authorizer is asked about, so a sandboxed connection's authorizer denies
 * SQLITE_ATTACH of any name but an in-memory database's or "" (a private temporary database,
 * SQLite's own like its sort files), and of a name that is not a plain string (an expression);
 * and it denies setting temp_store_directory or data_store_directory (process-wide places
 * where SQLite writes files). A guest's authorizer, set later, is asked after that rule: graalite_set_authorizer.
 */
typedef int (*GraaliteAuthorizer)(void *, int, const char *, const char *, const char *, const char *);
typedef struct GraaliteSandbox {
  GraaliteAuthorizer xGuest;
  void *pGuestArg;
} GraaliteSandbox;

static const char *const GRAALITE_SANDBOX = "graalite.sandbox";

/* Whether the URI query `query` (the text after '?') has parameter `name` with value `value`. */
static int graalite_uri_has(const char *query, const char *name, const char *value) {
  size_t nName = strlen(name), nValue = strlen(value);
  const char *p = query;
  while (p && *p) {
    const char *end = strchr(p, '&');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == nName + 1 + nValue && strncmp(p, name, nName) == 0 && p[nName] == '=' && strncmp(p + nName + 1, value, nValue) == 0) return 1;
    p = end ? end + 1 : 0;
  }
  return 0;
}

/* Whether `name` opens an in-memory database (or SQLite's private temporary one, ""): the sandbox's rule for ATTACH, and SqlContext's for opening. */
GRAALITE_EXPORT int graalite_is_memory_name(const char *name) {
  const char *query;
  if (name == 0) return 0;
  if (name[0] == 0 || strcmp(name, ":memory:") == 0) return 1;
  if (strncmp(name, "file:", 5) != 0) return 0;
  query = strchr(name, '?');
  if (query && graalite_uri_has(query + 1, "mode", "memory")) return 1;
  /* file::memory: with or without parameters */
  return strncmp(name + 5, ":memory:", 8) == 0 && (name[13] == 0 || name[13] == '?');
}

static int graalite_sandbox_authorize(void *pArg, int action, const char *z1, const char *z2, const char *zDb, const char *zTrigger) {
  GraaliteSandbox *box = (GraaliteSandbox *)pArg;
  if (action == SQLITE_ATTACH && !graalite_is_memory_name(z1)) return SQLITE_DENY;
  /* The deprecated pragmas that set where SQLite writes files, for every connection of the process. */
  if (action == SQLITE_PRAGMA && z2 != 0 && z1 != 0 && (sqlite3_stricmp(z1, "temp_store_directory") == 0 || sqlite3_stricmp(z1, "data_store_directory") == 0)) return SQLITE_DENY;
  return box->xGuest ? box->xGuest(box->pGuestArg, action, z1, z2, zDb, zTrigger) : SQLITE_OK;
}

/* Makes `db` a sandboxed connection (see above); freed with the connection. */
GRAALITE_EXPORT int graalite_sandbox(sqlite3 *db) {
  GraaliteSandbox *box = (GraaliteSandbox *)sqlite3_malloc(sizeof(GraaliteSandbox));
  int rc;
  if (box == 0) return SQLITE_NOMEM;
  box->xGuest = 0;
  box->pGuestArg = 0;
  rc = sqlite3_set_clientdata(db, GRAALITE_SANDBOX, box, sqlite3_free);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_set_authorizer(db, graalite_sandbox_authorize, box);
}

/* sqlite3_set_authorizer, keeping a sandboxed connection's rule in front of the guest's authorizer. */
GRAALITE_EXPORT int graalite_set_authorizer(sqlite3 *db, GraaliteAuthorizer xAuth, void *pArg) {
  GraaliteSandbox *box = (GraaliteSandbox *)sqlite3_get_clientdata(db, GRAALITE_SANDBOX);
  if (box == 0) return sqlite3_set_authorizer(db, xAuth, pArg);
  box->xGuest = xAuth;
  box->pGuestArg = xAuth ? pArg : 0;
  /* Set again, so that SQLite expires the prepared statements as a new authorizer does. */
  return sqlite3_set_authorizer(db, graalite_sandbox_authorize, box);
}
