package org.graalite.nativeapi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The one declaration of every native function Graalite calls: its symbol, its signature
 * and whether it is short enough to be a {@code critical} downcall. Call mechanisms are
 * derived from these declarations, never written beside them.
 *
 * <p>{@code critical} functions must neither block nor call back into Java (RUNTIME-NOTES.md):
 * value accessors qualify; {@code sqlite3_step} (busy waits, user functions) does not.
 */
public enum NativeFunction {
    // ---- connections
    OPEN_V2("sqlite3_open_v2", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS),
    CLOSE_V2("sqlite3_close_v2", false, JAVA_INT, ADDRESS),
    ERRMSG("sqlite3_errmsg", true, ADDRESS, ADDRESS),
    ERRSTR("sqlite3_errstr", true, ADDRESS, JAVA_INT),
    EXTENDED_ERRCODE("sqlite3_extended_errcode", true, JAVA_INT, ADDRESS),
    EXTENDED_RESULT_CODES("sqlite3_extended_result_codes", true, JAVA_INT, ADDRESS, JAVA_INT),
    ERROR_OFFSET("sqlite3_error_offset", true, JAVA_INT, ADDRESS),
    CHANGES64("sqlite3_changes64", true, JAVA_LONG, ADDRESS),
    TOTAL_CHANGES64("sqlite3_total_changes64", true, JAVA_LONG, ADDRESS),
    LAST_INSERT_ROWID("sqlite3_last_insert_rowid", true, JAVA_LONG, ADDRESS),
    GET_AUTOCOMMIT("sqlite3_get_autocommit", true, JAVA_INT, ADDRESS),
    BUSY_TIMEOUT("sqlite3_busy_timeout", false, JAVA_INT, ADDRESS, JAVA_INT),
    INTERRUPT("sqlite3_interrupt", false, null, ADDRESS),
    LIMIT("sqlite3_limit", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    INTERRUPT_FLAG("graalite_interrupt_flag", true, ADDRESS, ADDRESS),
    LIBVERSION("sqlite3_libversion", true, ADDRESS),
    COMPLETE("sqlite3_complete", true, JAVA_INT, ADDRESS),
    DB_READONLY("sqlite3_db_readonly", true, JAVA_INT, ADDRESS, ADDRESS),
    // ---- statements
    PREPARE_V3("sqlite3_prepare_v3", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS),
    STEP("sqlite3_step", false, JAVA_INT, ADDRESS),
    RESET("sqlite3_reset", false, JAVA_INT, ADDRESS),
    FINALIZE("sqlite3_finalize", false, JAVA_INT, ADDRESS),
    CLEAR_BINDINGS("sqlite3_clear_bindings", true, JAVA_INT, ADDRESS),
    SQL("sqlite3_sql", true, ADDRESS, ADDRESS),
    STMT_READONLY("sqlite3_stmt_readonly", true, JAVA_INT, ADDRESS),
    STMT_STATUS("sqlite3_stmt_status", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    STMT_PLAN_USES_PARAMETERS("graalite_stmt_plan_uses_parameters", true, JAVA_INT, ADDRESS),
    STMT_EXPIRE("graalite_stmt_expire", true, null, ADDRESS),
    STMT_SHAPE("graalite_stmt_shape", false, ADDRESS, ADDRESS),
    STMT_ISEXPLAIN("sqlite3_stmt_isexplain", true, JAVA_INT, ADDRESS),
    STMT_BUSY("sqlite3_stmt_busy", true, JAVA_INT, ADDRESS),
    BIND_PARAMETER_COUNT("sqlite3_bind_parameter_count", true, JAVA_INT, ADDRESS),
    BIND_PARAMETER_NAME("sqlite3_bind_parameter_name", true, ADDRESS, ADDRESS, JAVA_INT),
    BIND_PARAMETER_INDEX("sqlite3_bind_parameter_index", true, JAVA_INT, ADDRESS, ADDRESS),
    BIND_NULL("sqlite3_bind_null", true, JAVA_INT, ADDRESS, JAVA_INT),
    BIND_INT64("sqlite3_bind_int64", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    BIND_DOUBLE("sqlite3_bind_double", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_DOUBLE),
    /** The destructor argument is SQLITE_TRANSIENT (-1): SQLite copies the bytes. */
    BIND_TEXT("sqlite3_bind_text", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    BIND_BLOB("sqlite3_bind_blob", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    BIND_ZEROBLOB("sqlite3_bind_zeroblob", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    COLUMN_COUNT("sqlite3_column_count", true, JAVA_INT, ADDRESS),
    DATA_COUNT("sqlite3_data_count", true, JAVA_INT, ADDRESS),
    COLUMN_NAME("sqlite3_column_name", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_DECLTYPE("sqlite3_column_decltype", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_TABLE_NAME("sqlite3_column_table_name", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_ORIGIN_NAME("sqlite3_column_origin_name", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_DATABASE_NAME("sqlite3_column_database_name", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_TYPE("sqlite3_column_type", true, JAVA_INT, ADDRESS, JAVA_INT),
    COLUMN_INT64("sqlite3_column_int64", true, JAVA_LONG, ADDRESS, JAVA_INT),
    COLUMN_DOUBLE("sqlite3_column_double", true, JAVA_DOUBLE, ADDRESS, JAVA_INT),
    COLUMN_TEXT("sqlite3_column_text", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_BLOB("sqlite3_column_blob", true, ADDRESS, ADDRESS, JAVA_INT),
    COLUMN_BYTES("sqlite3_column_bytes", true, JAVA_INT, ADDRESS, JAVA_INT),
    TABLE_COLUMN_METADATA("sqlite3_table_column_metadata", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    // ---- user functions (sqlite3_create_function_v2 and the values of their calls)
    CREATE_FUNCTION_V2("sqlite3_create_function_v2", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    CREATE_WINDOW_FUNCTION("sqlite3_create_window_function", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    SERIALIZE("sqlite3_serialize", false, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT),
    DESERIALIZE("sqlite3_deserialize", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT),
    MALLOC64("sqlite3_malloc64", true, ADDRESS, JAVA_LONG),
    FREE("sqlite3_free", true, null, ADDRESS),
    ENABLE_LOAD_EXTENSION("sqlite3_enable_load_extension", false, JAVA_INT, ADDRESS, JAVA_INT),
    ENABLE_LOAD_EXTENSION_API("graalite_enable_load_extension_api", false, JAVA_INT, ADDRESS, JAVA_INT),
    LOAD_EXTENSION("sqlite3_load_extension", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    DB_CONFIG_FLAG("graalite_db_config_flag", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS),
    ADD_EXTENSION_FUNCTIONS("graalite_add_extension_functions", false, JAVA_INT, ADDRESS),
    WAL_SYNCHRONOUS_DEFAULT("graalite_wal_synchronous_default", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    BLOB_OPEN("sqlite3_blob_open", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS),
    BLOB_BYTES("sqlite3_blob_bytes", true, JAVA_INT, ADDRESS),
    BLOB_READ("sqlite3_blob_read", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT),
    BLOB_WRITE("sqlite3_blob_write", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT),
    BLOB_CLOSE("sqlite3_blob_close", false, JAVA_INT, ADDRESS),
    /* The shim's sqlite3_set_authorizer, which keeps a sandboxed connection's rule in front. */
    SET_AUTHORIZER("graalite_set_authorizer", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS),
    SANDBOX("graalite_sandbox", false, JAVA_INT, ADDRESS),
    IS_MEMORY_NAME("graalite_is_memory_name", true, JAVA_INT, ADDRESS),
    PROGRESS_HANDLER("sqlite3_progress_handler", false, null, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    BACKUP_INIT("sqlite3_backup_init", false, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    BACKUP_STEP("sqlite3_backup_step", false, JAVA_INT, ADDRESS, JAVA_INT),
    BACKUP_REMAINING("sqlite3_backup_remaining", true, JAVA_INT, ADDRESS),
    BACKUP_PAGECOUNT("sqlite3_backup_pagecount", true, JAVA_INT, ADDRESS),
    BACKUP_FINISH("sqlite3_backup_finish", false, JAVA_INT, ADDRESS),
    CREATE_COLLATION_V2("sqlite3_create_collation_v2", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS),
    USER_DATA("sqlite3_user_data", true, ADDRESS, ADDRESS),
    AGGREGATE_CONTEXT("sqlite3_aggregate_context", true, ADDRESS, ADDRESS, JAVA_INT),
    VALUE_TYPE("sqlite3_value_type", true, JAVA_INT, ADDRESS),
    VALUE_INT64("sqlite3_value_int64", true, JAVA_LONG, ADDRESS),
    VALUE_DOUBLE("sqlite3_value_double", true, JAVA_DOUBLE, ADDRESS),
    VALUE_TEXT("sqlite3_value_text", true, ADDRESS, ADDRESS),
    VALUE_BLOB("sqlite3_value_blob", true, ADDRESS, ADDRESS),
    VALUE_BYTES("sqlite3_value_bytes", true, JAVA_INT, ADDRESS),
    RESULT_NULL("sqlite3_result_null", true, null, ADDRESS),
    RESULT_INT64("sqlite3_result_int64", true, null, ADDRESS, JAVA_LONG),
    RESULT_DOUBLE("sqlite3_result_double", true, null, ADDRESS, JAVA_DOUBLE),
    RESULT_TEXT("sqlite3_result_text", true, null, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG),
    RESULT_BLOB("sqlite3_result_blob", true, null, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG),
    RESULT_ERROR("sqlite3_result_error", true, null, ADDRESS, ADDRESS, JAVA_INT),
    // ---- guest virtual-table modules (graalite_guest_module.c); creating one may call its destroy upcall
    GUEST_MODULE_CALLBACKS("graalite_guest_module_callbacks", false, null, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    GUEST_MODULE_CREATE("graalite_guest_module_create", false, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT),
    GUEST_TABLE_DECLARE("graalite_guest_table_declare", false, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    GUEST_ERROR("graalite_guest_error", true, null, ADDRESS, ADDRESS),
    // ---- the shim: reading a statement's program (graalite_shim.c)
    OP_SIZE("graalite_op_size", true, JAVA_INT),
    OP_P4_OFFSET("graalite_op_p4_offset", true, JAVA_INT),
    PROGRAM_OPS("graalite_program_ops", true, ADDRESS, ADDRESS),
    PROGRAM_SIZE("graalite_program_size", true, JAVA_INT, ADDRESS),
    PROGRAM_MEM_COUNT("graalite_program_mem_count", true, JAVA_INT, ADDRESS),
    PROGRAM_CURSOR_COUNT("graalite_program_cursor_count", true, JAVA_INT, ADDRESS),
    OPCODE_NAME("graalite_opcode_name", true, ADDRESS, JAVA_INT),
    OPCODE_COUNT("graalite_opcode_count", true, JAVA_INT),
    KEYINFO_KEY_FIELDS("graalite_keyinfo_key_fields", true, JAVA_INT, ADDRESS),
    KEYINFO_ALL_FIELDS("graalite_keyinfo_all_fields", true, JAVA_INT, ADDRESS),
    KEYINFO_ENCODING("graalite_keyinfo_encoding", true, JAVA_INT, ADDRESS),
    KEYINFO_SORT_FLAGS("graalite_keyinfo_sort_flags", true, JAVA_INT, ADDRESS, JAVA_INT),
    KEYINFO_COLLATION("graalite_keyinfo_collation", true, ADDRESS, ADDRESS, JAVA_INT),
    COLLSEQ_NAME("graalite_collseq_name", true, ADDRESS, ADDRESS),
    COLLSEQ_ENCODING("graalite_collseq_encoding", true, JAVA_INT, ADDRESS),
    FUNCCTX_FUNCDEF("graalite_funcctx_funcdef", true, ADDRESS, ADDRESS),
    FUNCCTX_ARGC("graalite_funcctx_argc", true, JAVA_INT, ADDRESS),
    FUNCDEF_NAME("graalite_funcdef_name", true, ADDRESS, ADDRESS),
    FUNCDEF_NARGS("graalite_funcdef_nargs", true, JAVA_INT, ADDRESS),
    FUNCDEF_FLAGS("graalite_funcdef_flags", true, JAVA_INT, ADDRESS),
    FUNCDEF_USER_DATA("graalite_funcdef_user_data", true, ADDRESS, ADDRESS),
    FUNCDEF_IMPLEMENTATION("graalite_funcdef_implementation", true, ADDRESS, ADDRESS),
    MEM_KIND("graalite_mem_kind", true, JAVA_INT, ADDRESS),
    MEM_INT("graalite_mem_int", true, JAVA_LONG, ADDRESS),
    MEM_REAL("graalite_mem_real", true, JAVA_DOUBLE, ADDRESS),
    MEM_BYTES("graalite_mem_bytes", true, ADDRESS, ADDRESS),
    MEM_LENGTH("graalite_mem_length", true, JAVA_INT, ADDRESS),
    SUBPROGRAM_OPS("graalite_subprogram_ops", true, ADDRESS, ADDRESS),
    SUBPROGRAM_SIZE("graalite_subprogram_size", true, JAVA_INT, ADDRESS),
    SUBPROGRAM_MEM_COUNT("graalite_subprogram_mem_count", true, JAVA_INT, ADDRESS),
    SUBPROGRAM_CURSOR_COUNT("graalite_subprogram_cursor_count", true, JAVA_INT, ADDRESS),
    TABLE_NAME("graalite_table_name", true, ADDRESS, ADDRESS),
    TABLE_COLUMN_COUNT("graalite_table_column_count", true, JAVA_INT, ADDRESS),
    TABLE_COLUMN_NAME("graalite_table_column_name", true, ADDRESS, ADDRESS, JAVA_INT),
    TABLE_COLUMN_TYPE("graalite_table_column_type", true, JAVA_INT, ADDRESS, JAVA_INT),
    INDEX_NAME("graalite_index_name", true, ADDRESS, ADDRESS),
    SUBRTNSIG_SELECT_ID("graalite_subrtnsig_select_id", true, JAVA_INT, ADDRESS),
    SUBRTNSIG_AFFINITY("graalite_subrtnsig_affinity", true, ADDRESS, ADDRESS),
    VTABLE_VTAB("graalite_vtable_vtab", true, ADDRESS, ADDRESS),
    REAL_TO_TEXT("graalite_real_to_text", true, JAVA_INT, JAVA_DOUBLE, ADDRESS),
    // ---- the shim: the Truffle tier's native half (graalite_shim.c)
    /* Begin: counters and, after a halt that did not reset, sqlite3_reset (no I/O, no callback into Java; Graalite registers no trace callback). */
    EXEC_BEGIN("graalite_exec_begin", true, JAVA_INT, ADDRESS, ADDRESS),
    CHANGES_SINCE("graalite_changes_since", true, JAVA_LONG, ADDRESS, JAVA_LONG),
    EXEC_REPREPARE("graalite_exec_reprepare", false, JAVA_INT, ADDRESS),
    EXEC_ABORT("graalite_exec_abort", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS),
    CURSOR_COUNT("graalite_cursor_count", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_HALT("graalite_op_halt", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS),
    OP_TRANSACTION("graalite_op_transaction", false, JAVA_INT, ADDRESS, JAVA_INT),
    /* Shared-cache table locks take the shared b-tree's mutex, which another thread may hold: not critical. */
    OP_TABLE_LOCK("graalite_op_table_lock", false, JAVA_INT, ADDRESS, JAVA_INT),
    /* Opening a cursor allocates it; b-tree cursors read no page until they move. */
    OP_OPEN_READ("graalite_op_open_read", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_CLOSE("graalite_cursor_close", false, null, ADDRESS, JAVA_INT),
    /* Cursor moves read pages: with a page-cache miss that is file I/O with GC held off, a cost accepted for the hot path. */
    CURSOR_FIRST("graalite_cursor_first", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_LAST("graalite_cursor_last", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_NEXT("graalite_cursor_next", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_PREV("graalite_cursor_prev", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_ROWID("graalite_cursor_rowid", true, JAVA_LONG, ADDRESS, JAVA_INT),
    CURSOR_SEEK_ROWID("graalite_cursor_seek_rowid", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    CURSOR_PAYLOAD("graalite_cursor_payload", true, ADDRESS, ADDRESS, JAVA_INT, ADDRESS),
    CURSOR_PAYLOAD_COPY("graalite_cursor_payload_copy", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS),
    /*
     * Sorters may spill to temporary files, and compare keys with a guest's collation (an
     * upcall): not critical, with a critical variant (withoutUpcalls) for connections that have
     * no guest collation; a spill then holds off garbage collection, as a cursor move's page read.
     */
    OP_SORTER_OPEN("graalite_op_sorter_open", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_SORTER_INSERT("graalite_op_sorter_insert", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    SORTER_SORT("graalite_sorter_sort", false, JAVA_INT, ADDRESS, JAVA_INT),
    SORTER_NEXT("graalite_sorter_next", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_SORTER_DATA("graalite_op_sorter_data", false, ADDRESS, ADDRESS, JAVA_INT, ADDRESS),
    /* Ephemeral b-trees and index keys: boundary calls from the interpreter, not critical (writes to temporary files). */
    OP_OPEN_EPHEMERAL("graalite_op_open_ephemeral", false, JAVA_INT, ADDRESS, JAVA_INT),
    INDEX_MOVETO("graalite_index_moveto", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT),
    INDEX_MOVETO_VALUES("graalite_index_moveto_values", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    INDEX_COMPARE("graalite_index_compare", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT),
    INDEX_ROWID("graalite_index_rowid", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    CURSOR_STEP_LOCATED("graalite_cursor_step_located", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS),
    BTREE_LAYOUT("graalite_btree_layout", true, JAVA_INT, JAVA_INT),
    CURSOR_SEEK_LOCATED("graalite_cursor_seek_located", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS),
    CURSOR_SEEK_ROWID_LOCATED("graalite_cursor_seek_rowid_located", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS),
    TABLE_MOVETO("graalite_table_moveto", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    /* Opening a write cursor and finding a new rowid (a move to the last row) read pages at most, as cursor moves do. */
    OP_OPEN_WRITE("graalite_op_open_write", true, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
    OP_NEW_ROWID("graalite_op_new_rowid", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    /* Writes (graalite_shim.c): table and index changes; they may do I/O (a cache spill syncs the journal), so not critical. */
    OP_INSERT("graalite_op_insert", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, JAVA_INT),
    OP_ROW_CELL("graalite_op_row_cell", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
    OP_DELETE("graalite_op_delete", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_IDX_INSERT("graalite_op_idx_insert", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    OP_IDX_DELETE("graalite_op_idx_delete", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    OP_RESET_COUNT("graalite_op_reset_count", false, null, ADDRESS),
    /* Transaction control: commits and rollbacks do I/O and may wait in the busy handler. */
    OP_AUTO_COMMIT("graalite_op_auto_commit", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_SAVEPOINT("graalite_op_savepoint", false, JAVA_INT, ADDRESS, JAVA_INT),
    /* Trigger frames and foreign-key counters: frame changes allocate and close cursors, not critical; the counters are plain field updates. */
    REGISTER_SET("graalite_register_set", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_PROGRAM("graalite_op_program", false, JAVA_INT, ADDRESS, JAVA_INT),
    FRAME_RETURN("graalite_frame_return", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_FK_COUNTER("graalite_op_fk_counter", true, null, ADDRESS, JAVA_INT),
    FK_IS_ZERO("graalite_fk_is_zero", true, JAVA_INT, ADDRESS, JAVA_INT),
    OP_FK_CHECK("graalite_op_fk_check", false, JAVA_INT, ADDRESS, JAVA_INT),
    /* Schema changes: b-tree creation and deletion, nested statements (SqlExec, ParseSchema). */
    OP_SCHEMA("graalite_op_schema", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    CURSOR_SEEK_END("graalite_cursor_seek_end", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_SORTER_COMPARE("graalite_op_sorter_compare", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    /* PRAGMA integrity_check: reads every page of the checked b-trees; IFindKey compares keys (a guest's collation). */
    OP_INTEGRITY_CK("graalite_op_integrity_ck", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS),
    OP_IFINDKEY("graalite_op_ifindkey", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    /* Changing the journal mode may checkpoint and delete the WAL, and write the file: not critical. */
    OP_JOURNAL_MODE("graalite_op_journal_mode", false, ADDRESS, ADDRESS, JAVA_INT, ADDRESS),
    RESET_ONE_SCHEMA("graalite_reset_one_schema", false, null, ADDRESS, JAVA_INT),
    CURSOR_EOF("graalite_cursor_eof", true, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_HINTS("graalite_cursor_hints", true, null, ADDRESS, JAVA_INT, JAVA_INT),
    CURSOR_PIN("graalite_cursor_pin", true, null, ADDRESS, JAVA_INT, JAVA_INT),
    /* Not critical: a guest's collation is an upcall. */
    COLLATE("graalite_collate", false, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_IS_EMPTY("graalite_cursor_is_empty", false, JAVA_INT, ADDRESS, JAVA_INT),
    CURSOR_FORGET_SEEK("graalite_cursor_forget_seek", true, null, ADDRESS, JAVA_INT),
    CURSOR_RESET("graalite_cursor_reset", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_OPEN_DUP("graalite_op_open_dup", false, JAVA_INT, ADDRESS, JAVA_INT),
    VALUE_SIZE("graalite_value_size", true, JAVA_INT),
    /* Not critical: a function may block or, if it is a user function, call back into Java. */
    CALL_FUNCTION("graalite_call_function", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    OP_CAST("graalite_op_cast", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    /* SQLite's own aggregates (group_concat, window functions, ...): state in SQLite's registers. */
    OP_AGG_STEP("graalite_op_agg_step", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    OP_AGG_FINAL("graalite_op_agg_final", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    /* Cursor instructions that need b-tree internals; they may read pages: not critical. */
    OP_IF_SIZE_BETWEEN("graalite_op_if_size_between", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_OFFSET("graalite_op_offset", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    /* Virtual tables: a module's methods run SQL, do I/O and may call user functions back in Java: never critical. */
    OP_VBEGIN("graalite_op_vbegin", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_VCREATE("graalite_op_vcreate", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_VDESTROY("graalite_op_vdestroy", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_VOPEN("graalite_op_vopen", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_VINITIN("graalite_op_vinitin", false, JAVA_INT, ADDRESS, JAVA_INT),
    OP_VFILTER("graalite_op_vfilter", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
    OP_VCOLUMN("graalite_op_vcolumn", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    OP_VNEXT("graalite_op_vnext", false, JAVA_INT, ADDRESS, JAVA_INT),
    VTAB_ROWID("graalite_vtab_rowid", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_VRENAME("graalite_op_vrename", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_VCHECK("graalite_op_vcheck", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    OP_VUPDATE("graalite_op_vupdate", false, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
    REGISTER_SET_NULL("graalite_register_set_null", true, null, ADDRESS, JAVA_INT),
    TEXT_NUMERIC("graalite_text_numeric", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS),
    TEXT_AFFINITY_NUMERIC("graalite_text_affinity_numeric", true, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);

    /** The native symbol. */
    public final String symbol;
    /** The C signature. A null result layout in the constructor declares a void function. */
    public final FunctionDescriptor descriptor;
    /** Whether the call is short and never blocks or calls back, so it may skip the thread-state transition. */
    public final boolean critical;
    /** The function's address in libgraalite.so, found when the declarations load (a missing symbol fails then). */
    private final MemorySegment address;
    /** The downcall, made at its first use: see {@link #ffm()}. */
    private MethodHandle ffm;

    NativeFunction(String symbol, boolean critical, MemoryLayout result, MemoryLayout... args) {
        this.symbol = symbol;
        this.critical = critical;
        this.descriptor = result == null ? FunctionDescriptor.ofVoid(args) : FunctionDescriptor.of(result, args);
        this.address = NativeLibrary.SYMBOLS.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError("libgraalite.so has no symbol " + symbol));
    }

    /**
     * The FFM downcall derived from this declaration. Callers copy it into a static final field
     * and call that: HotSpot does not take an enum's field for a constant, and a call through it
     * goes through the generic method-handle invoker every time. Made at the first use: linking
     * a downcall spins classes (about half a millisecond each), and making every declaration's
     * when the language loaded was a tenth of a new shell's {@code select 1}; a statement that runs on
     * SQLite's VDBE needs a quarter of them. A race makes two equal handles, either of which
     * serves (a method handle is immutable).
     */
    MethodHandle ffm() {
        MethodHandle h = ffm;
        if (h == null) {
            h = critical ? Linker.nativeLinker().downcallHandle(address, descriptor, Linker.Option.critical(false)) : Linker.nativeLinker().downcallHandle(address, descriptor);
            ffm = h;
        }
        return h;
    }

    /**
     * A critical downcall of this function, for callers that know this call cannot call back
     * into Java (a sorter of a connection without guest collations): it skips the thread-state
     * transition, whose cost was 15% of the time of TPC-H q10's sorter inserts in a profile.
     * Copy it into a static final field, as {@link #ffm()}.
     */
    MethodHandle withoutUpcalls() {
        return Linker.nativeLinker().downcallHandle(address, descriptor, Linker.Option.critical(false));
    }

}
