/*
 * Graalite's native shim: SQLite's amalgamation plus the few accessors Graalite needs
 * into SQLite's internal structures. It is compiled in the same translation unit as the
 * amalgamation so it sees Vdbe, Op, KeyInfo, FuncDef, CollSeq, Mem and SubProgram.
 *
 * Everything here only reads. The public sqlite3_* API is called directly from Java.
 * Each accessor is one small function so that the Java side declares it once in its
 * binding table (org.graalite.nativeapi.NativeFunction).
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
