package org.graalite.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Database facts as sqlite-jdbc reports them. The result-set methods run SQL on
 * {@code sqlite_schema} and the schema pragmas and return the columns (labels, order, values)
 * sqlite-jdbc returns; the driver's name and version are Graalite's.
 */
final class GraaliteDatabaseMetaData implements DatabaseMetaData {
    private static final Pattern TYPE_INTEGER = Pattern.compile(".*(INT|BOOL).*");
    private static final Pattern TYPE_VARCHAR = Pattern.compile(".*(CHAR|CLOB|TEXT|BLOB).*");
    private static final Pattern TYPE_FLOAT = Pattern.compile(".*(REAL|FLOA|DOUB|DEC|NUM).*");
    /** How sqlite-jdbc finds a primary key in a CREATE TABLE text. */
    private static final Pattern PK_UNNAMED = Pattern.compile("\\A.*PRIMARY\\s+KEY\\s*\\((.*?)\\).*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern PK_NAMED = Pattern.compile("\\A.*CONSTRAINT\\s*((?:(?!CONSTRAINT).)*?)\\s*PRIMARY\\s+KEY\\s*\\((.*?)\\).*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** How sqlite-jdbc finds the names of foreign keys in a CREATE TABLE text. */
    private static final Pattern FK_NAMED = Pattern.compile("CONSTRAINT\\s*\"?([A-Za-z_][A-Za-z\\d_]*)?\"?\\s*FOREIGN\\s+KEY\\s*\\((.*?)\\)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private final GraaliteConnection connection;

    GraaliteDatabaseMetaData(GraaliteConnection connection) {
        this.connection = connection;
    }

    // ---- helpers

    private void checkOpen() throws SQLException {
        if (connection.isClosed()) {
            throw new SQLException("connection closed");
        }
    }

    /** A result set of {@code sql} whose statement closes with it. */
    private ResultSet query(String sql) throws SQLException {
        Statement statement = connection.createStatement();
        statement.closeOnCompletion();
        return statement.executeQuery(sql);
    }

    /** Doubles single quotes, for text inside an SQL string literal. */
    static String escape(String s) {
        return s.replace("'", "''");
    }

    private static String quote(String s) {
        return s == null ? "null" : "'" + s + "'";
    }

    private static String unquoteIdentifier(String name) {
        if (name == null) {
            return null;
        }
        String n = name.trim();
        if (n.length() > 2 && ((n.startsWith("`") && n.endsWith("`")) || (n.startsWith("\"") && n.endsWith("\"")) || (n.startsWith("[") && n.endsWith("]")))) {
            n = n.substring(1, n.length() - 1);
        }
        return n;
    }

    /** Runs a query of the driver's own and collects its rows as strings. */
    private List<String[]> rows(String sql, int columnCount) throws SQLException {
        List<String[]> result = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                String[] row = new String[columnCount];
                for (int i = 0; i < columnCount; i++) {
                    row[i] = rs.getString(i + 1);
                }
                result.add(row);
            }
        }
        return result;
    }

    // ---- result sets

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types) throws SQLException {
        checkOpen();
        String pattern = tableNamePattern == null || tableNamePattern.isEmpty() ? "%" : escape(tableNamePattern);
        StringBuilder sql = new StringBuilder();
        sql.append("SELECT NULL AS TABLE_CAT, NULL AS TABLE_SCHEM, NAME AS TABLE_NAME, TYPE AS TABLE_TYPE, NULL AS REMARKS, NULL AS TYPE_CAT, NULL AS TYPE_SCHEM, ");
        sql.append("NULL AS TYPE_NAME, NULL AS SELF_REFERENCING_COL_NAME, NULL AS REF_GENERATION FROM (");
        sql.append("SELECT 'sqlite_schema' AS NAME, 'SYSTEM TABLE' AS TYPE");
        sql.append(" UNION ALL SELECT NAME, UPPER(TYPE) AS TYPE FROM sqlite_schema WHERE NAME NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND UPPER(TYPE) IN ('TABLE', 'VIEW')");
        sql.append(" UNION ALL SELECT NAME, 'GLOBAL TEMPORARY' AS TYPE FROM sqlite_temp_master");
        sql.append(" UNION ALL SELECT NAME, 'SYSTEM TABLE' AS TYPE FROM sqlite_schema WHERE NAME LIKE 'sqlite\\_%' ESCAPE '\\'");
        sql.append(") WHERE TABLE_NAME LIKE '").append(pattern).append("' ESCAPE '\\'");
        if (types != null && types.length != 0) {
            sql.append(" AND TABLE_TYPE IN (");
            for (int i = 0; i < types.length; i++) {
                sql.append(i > 0 ? "," : "").append('\'').append(types[i].toUpperCase(Locale.ROOT)).append('\'');
            }
            sql.append(')');
        }
        sql.append(" ORDER BY TABLE_TYPE, TABLE_NAME;");
        return query(sql.toString());
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) throws SQLException {
        checkOpen();
        StringBuilder sql = new StringBuilder();
        sql.append("select null as TABLE_CAT, null as TABLE_SCHEM, tblname as TABLE_NAME, cn as COLUMN_NAME, ct as DATA_TYPE, tn as TYPE_NAME, colSize as COLUMN_SIZE, ");
        sql.append("2000000000 as BUFFER_LENGTH, colDecimalDigits as DECIMAL_DIGITS, 10 as NUM_PREC_RADIX, colnullable as NULLABLE, null as REMARKS, colDefault as COLUMN_DEF, ");
        sql.append("0 as SQL_DATA_TYPE, 0 as SQL_DATETIME_SUB, 2000000000 as CHAR_OCTET_LENGTH, ordpos as ORDINAL_POSITION, ");
        sql.append("(case colnullable when 0 then 'NO' when 1 then 'YES' else '' end) as IS_NULLABLE, null as SCOPE_CATALOG, null as SCOPE_SCHEMA, ");
        sql.append("null as SCOPE_TABLE, null as SOURCE_DATA_TYPE, (case colautoincrement when 0 then 'NO' when 1 then 'YES' else '' end) as IS_AUTOINCREMENT, ");
        sql.append("(case colgenerated when 0 then 'NO' when 1 then 'YES' else '' end) as IS_GENERATEDCOLUMN from (");
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = getTables(catalog, schemaPattern, tableNamePattern, null)) {
            while (rs.next()) {
                tables.add(rs.getString(3));
            }
        }
        boolean found = false;
        for (String table : tables) {
            List<String[]> autoincrement = rows("SELECT LIKE('%autoincrement%', LOWER(sql)) FROM sqlite_schema WHERE LOWER(name) = LOWER('" + escape(table) + "') AND TYPE IN ('table', 'view')", 1);
            boolean isAutoIncrement = !autoincrement.isEmpty() && "1".equals(autoincrement.get(0)[0]);
            List<String[]> columns = rows("PRAGMA table_xinfo('" + escape(table) + "')", 7);
            for (int i = 0; i < columns.size(); i++) {
                String[] c = columns.get(i);
                String name = c[1];
                String type = c[2] == null ? "TEXT" : c[2].toUpperCase(Locale.ROOT);
                int nullable = c[3] == null ? 2 : c[3].equals("0") ? 1 : 0;
                boolean primaryKey = "1".equals(c[5]);
                int javaType;
                int size = 2000000000;
                int decimals = 10;
                if (TYPE_INTEGER.matcher(type).find()) {
                    javaType = Types.INTEGER;
                    decimals = 0;
                } else if (TYPE_VARCHAR.matcher(type).find()) {
                    javaType = Types.VARCHAR;
                    decimals = 0;
                } else if (TYPE_FLOAT.matcher(type).find()) {
                    javaType = Types.FLOAT;
                } else {
                    javaType = Types.VARCHAR;
                }
                int open = type.indexOf('(');
                if (open > 0) {
                    int close = type.indexOf(')', open);
                    if (close > 0) {
                        int comma = type.indexOf(',', open);
                        String integerPart = comma > 0 ? type.substring(open + 1, comma) : type.substring(open + 1, close);
                        String decimalPart = comma > 0 ? type.substring(comma + 1, close) : null;
                        try {
                            int digits = Integer.parseUnsignedInt(integerPart);
                            if (decimalPart != null) {
                                decimals = Integer.parseUnsignedInt(decimalPart);
                                size = digits + decimals;
                            } else {
                                decimals = 0;
                                size = digits;
                            }
                        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                            // a dimension that is not a number: keep the defaults
                        }
                    }
                    type = type.substring(0, open).trim();
                }
                int generated = "2".equals(c[6]) || "3".equals(c[6]) ? 1 : 0;
                if (found) {
                    sql.append(" union all ");
                }
                found = true;
                sql.append("select ").append(i + 1).append(" as ordpos, ").append(nullable).append(" as colnullable, ").append(javaType).append(" as ct, ");
                sql.append(size).append(" as colSize, ").append(decimals).append(" as colDecimalDigits, '").append(escape(table)).append("' as tblname, '");
                sql.append(escape(name)).append("' as cn, '").append(escape(type)).append("' as tn, ").append(quote(c[4] == null ? null : escape(c[4]))).append(" as colDefault, ");
                sql.append(primaryKey && isAutoIncrement ? 1 : 0).append(" as colautoincrement, ").append(generated).append(" as colgenerated");
                if (columnNamePattern != null) {
                    sql.append(" where upper(cn) like upper('").append(escape(columnNamePattern)).append("') ESCAPE '\\'");
                }
            }
        }
        if (found) {
            sql.append(") order by TABLE_SCHEM, TABLE_NAME, ORDINAL_POSITION;");
        } else {
            sql.append("select null as ordpos, null as colnullable, null as ct, null as colsize, null as colDecimalDigits, null as tblname, null as cn, null as tn, ");
            sql.append("null as colDefault, null as colautoincrement, null as colgenerated) limit 0;");
        }
        return query(sql.toString());
    }

    /** A table's primary key as sqlite-jdbc reads it from the CREATE TABLE text: name and columns (null for none). */
    private record PrimaryKey(String name, String[] columns) {
    }

    private PrimaryKey primaryKey(String table) throws SQLException {
        if ("sqlite_schema".equals(table) || "sqlite_master".equals(table)) {
            return new PrimaryKey(null, null);
        }
        if (table == null || table.trim().isEmpty()) {
            throw new SQLException("Invalid table name: '" + table + "'");
        }
        List<String[]> definition = rows("select sql from sqlite_schema where lower(name) = lower('" + escape(table) + "') and type in ('table', 'view')", 1);
        if (definition.isEmpty()) {
            throw new SQLException("Table not found: '" + table + "'");
        }
        String create = definition.get(0)[0] == null ? "" : definition.get(0)[0];
        // Only the text up to the last parenthesis (drops WITHOUT ROWID, STRICT).
        create = create.substring(0, create.lastIndexOf(')') + 1);
        String name = null;
        String[] columns = null;
        Matcher named = PK_NAMED.matcher(create);
        if (named.find()) {
            name = unquoteIdentifier(escape(named.group(1)));
            columns = named.group(2).split(",");
        } else {
            Matcher unnamed = PK_UNNAMED.matcher(create);
            if (unnamed.find()) {
                columns = unnamed.group(1).split(",");
            }
        }
        if (columns == null) {
            for (String[] column : rows("pragma table_info('" + escape(table) + "');", 6)) {
                if (SqliteValues.parseLong(column[5]) != 0) {
                    columns = new String[]{column[1]};
                }
            }
        }
        if (columns != null) {
            for (int i = 0; i < columns.length; i++) {
                columns[i] = unquoteIdentifier(columns[i]);
            }
        }
        return new PrimaryKey(name, columns);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        checkOpen();
        PrimaryKey key = primaryKey(table);
        String[] keyColumns = key.columns();
        StringBuilder sql = new StringBuilder();
        sql.append("select null as TABLE_CAT, null as TABLE_SCHEM, '").append(escape(String.valueOf(table)));
        sql.append("' as TABLE_NAME, cn as COLUMN_NAME, ks as KEY_SEQ, pk as PK_NAME from (");
        if (keyColumns == null) {
            sql.append("select null as cn, null as pk, 0 as ks) limit 0;");
            return query(sql.toString());
        }
        String name = key.name() == null ? "null" : "'" + key.name() + "'";
        for (int i = 0; i < keyColumns.length; i++) {
            if (i > 0) {
                sql.append(" union ");
            }
            sql.append("select ").append(name).append(" as pk, '").append(escape(keyColumns[i])).append("' as cn, ").append(i + 1).append(" as ks");
        }
        sql.append(") order by cn;");
        return query(sql.toString());
    }

    /** One foreign key of a table: its constraint name (if sqlite-jdbc finds one), target and column pairs. */
    private record ForeignKey(String name, String parentTable, String onUpdate, String onDelete, List<String[]> columns) {
    }

    /** The foreign keys of a table, as pragma foreign_key_list lists them, with sqlite-jdbc's names. */
    private List<ForeignKey> foreignKeys(String table) throws SQLException {
        if (table == null || table.trim().isEmpty()) {
            throw new SQLException("Invalid table name: '" + table + "'");
        }
        List<String> names = new ArrayList<>();
        List<String[]> definition = rows("select sql from sqlite_schema where lower(name) = lower('" + escape(table) + "')", 1);
        if (!definition.isEmpty() && definition.get(0)[0] != null) {
            Matcher m = FK_NAMED.matcher(definition.get(0)[0]);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        List<ForeignKey> keys = new ArrayList<>();
        long previous = -1;
        ForeignKey current = null;
        for (String[] row : rows("pragma foreign_key_list('" + escape(table.toLowerCase(Locale.ROOT)) + "')", 8)) {
            long id = SqliteValues.parseLong(row[0]);
            if (id != previous) {
                String name = names.size() > keys.size() ? names.get(keys.size()) : null;
                current = new ForeignKey(name, row[2], row[5], row[6], new ArrayList<>());
                keys.add(current);
                previous = id;
            }
            current.columns().add(new String[]{row[3], row[4]});
        }
        return keys;
    }

    private static final String[] RULES = {"CASCADE", "RESTRICT", "SET NULL", "NO ACTION", "SET DEFAULT"};

    /** The JDBC constant of a foreign key action (importedKeyCascade...), or null. */
    private static Integer rule(String action) {
        for (int i = 0; i < RULES.length; i++) {
            if (RULES[i].equals(action)) {
                return i;
            }
        }
        return null;
    }

    private static String ruleCase(String action, String label) {
        StringBuilder sb = new StringBuilder("case '").append(action == null ? "null" : escape(action)).append('\'');
        for (String r : new String[]{"NO ACTION", "CASCADE", "RESTRICT", "SET NULL", "SET DEFAULT"}) {
            sb.append(" when '").append(r).append("' then ").append(rule(r));
        }
        return sb.append(" end as ").append(label).toString();
    }

    private static String quoteEscaped(String s) {
        return s == null ? "null" : "'" + escape(s) + "'";
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        checkOpen();
        StringBuilder sql = new StringBuilder("select ");
        sql.append(quoteEscaped(catalog)).append(" as PKTABLE_CAT, ").append(quoteEscaped(schema)).append(" as PKTABLE_SCHEM, ptn as PKTABLE_NAME, pcn as PKCOLUMN_NAME, ");
        sql.append(quoteEscaped(catalog)).append(" as FKTABLE_CAT, ").append(quoteEscaped(schema)).append(" as FKTABLE_SCHEM, ").append(quoteEscaped(table));
        sql.append(" as FKTABLE_NAME, fcn as FKCOLUMN_NAME, ks as KEY_SEQ, ur as UPDATE_RULE, dr as DELETE_RULE, fkn as FK_NAME, pkn as PK_NAME, ");
        sql.append(importedKeyInitiallyDeferred).append(" as DEFERRABILITY from (");
        List<String[]> rows = rows("pragma foreign_key_list('" + escape(String.valueOf(table)) + "');", 8);
        List<ForeignKey> keys = rows.isEmpty() ? List.of() : foreignKeys(table);
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            int id = (int) SqliteValues.parseLong(row[0]);
            String parentTable = row[2];
            String parentColumn = row[4];
            String keyName = null;
            try {
                PrimaryKey parentKey = primaryKey(parentTable);
                keyName = parentKey.name();
                if (parentColumn == null && parentKey.columns() != null) {
                    parentColumn = parentKey.columns()[0];
                }
            } catch (SQLException e) {
                // a parent table that does not exist: no key name
            }
            String foreignKeyName = keys.size() > id ? keys.get(id).name() : null;
            if (i > 0) {
                sql.append(" union all ");
            }
            sql.append("select ").append(SqliteValues.parseLong(row[1]) + 1).append(" as ks, '").append(escape(String.valueOf(parentTable))).append("' as ptn, '");
            sql.append(escape(String.valueOf(row[3]))).append("' as fcn, '").append(escape(String.valueOf(parentColumn))).append("' as pcn, ");
            sql.append(ruleCase(row[5], "ur")).append(", ").append(ruleCase(row[6], "dr")).append(", ");
            sql.append(foreignKeyName == null ? "''" : quote(foreignKeyName)).append(" as fkn, ").append(keyName == null ? "''" : quote(keyName)).append(" as pkn");
        }
        if (rows.isEmpty()) {
            sql.append("select -1 as ks, '' as ptn, '' as fcn, '' as pcn, ").append(importedKeyNoAction).append(" as ur, ").append(importedKeyNoAction);
            sql.append(" as dr, '' as fkn, '' as pkn) limit 0;");
        } else {
            sql.append(") ORDER BY PKTABLE_CAT, PKTABLE_SCHEM, PKTABLE_NAME, KEY_SEQ;");
        }
        return query(sql.toString());
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        checkOpen();
        PrimaryKey key = primaryKey(table);
        String quotedCatalog = catalog == null ? null : quote(catalog);
        String quotedSchema = schema == null ? null : quote(schema);
        StringBuilder exported = new StringBuilder();
        String target = null;
        int count = 0;
        if (key.columns() != null) {
            List<String> tables = new ArrayList<>();
            for (String[] row : rows("select name from sqlite_schema where type = 'table'", 1)) {
                tables.add(row[0]);
                if (row[0].equalsIgnoreCase(table)) {
                    target = row[0];
                }
            }
            for (String child : tables) {
                for (ForeignKey fk : foreignKeys(child)) {
                    if (fk.parentTable() == null || !fk.parentTable().equalsIgnoreCase(target)) {
                        continue;
                    }
                    for (int j = 0; j < fk.columns().size(); j++) {
                        String childColumn = fk.columns().get(j)[0] == null ? "" : fk.columns().get(j)[0];
                        String parentColumn = fk.columns().get(j)[1] == null ? "" : fk.columns().get(j)[1];
                        boolean inKey = false;
                        for (String k : key.columns()) {
                            inKey |= k != null && k.equalsIgnoreCase(parentColumn);
                        }
                        String keyName = inKey && key.name() != null ? key.name() : "";
                        exported.append(count > 0 ? " union all select " : "select ").append(j + 1).append(" as ks, '").append(escape(child)).append("' as fkt, '");
                        exported.append(escape(childColumn)).append("' as fcn, '").append(escape(parentColumn)).append("' as pcn, '").append(escape(keyName)).append("' as pkn, ");
                        exported.append(rule(fk.onUpdate())).append(" as ur, ").append(rule(fk.onDelete())).append(" as dr, ");
                        exported.append(fk.name() == null ? "'' as fkn" : "'" + escape(fk.name()) + "' as fkn");
                        count++;
                    }
                }
            }
        }
        boolean found = count > 0;
        StringBuilder sql = new StringBuilder("select ");
        sql.append(quotedCatalog).append(" as PKTABLE_CAT, ").append(quotedSchema).append(" as PKTABLE_SCHEM, ").append(quote(target)).append(" as PKTABLE_NAME, ");
        sql.append(found ? "pcn" : "''").append(" as PKCOLUMN_NAME, ").append(quotedCatalog).append(" as FKTABLE_CAT, ").append(quotedSchema).append(" as FKTABLE_SCHEM, ");
        sql.append(found ? "fkt" : "''").append(" as FKTABLE_NAME, ").append(found ? "fcn" : "''").append(" as FKCOLUMN_NAME, ").append(found ? "ks" : "-1").append(" as KEY_SEQ, ");
        sql.append(found ? "ur" : "3").append(" as UPDATE_RULE, ").append(found ? "dr" : "3").append(" as DELETE_RULE, ").append(found ? "fkn" : "''").append(" as FK_NAME, ");
        sql.append(found ? "pkn" : "''").append(" as PK_NAME, ").append(importedKeyInitiallyDeferred).append(" as DEFERRABILITY ");
        if (found) {
            sql.append("from (").append(exported).append(") ORDER BY FKTABLE_CAT, FKTABLE_SCHEM, FKTABLE_NAME, KEY_SEQ");
        } else {
            sql.append("limit 0");
        }
        return query(sql.toString());
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog, String foreignSchema, String foreignTable)
                    throws SQLException {
        if (parentTable == null) {
            return getExportedKeys(foreignCatalog, foreignSchema, foreignTable);
        }
        if (foreignTable == null) {
            return getImportedKeys(parentCatalog, parentSchema, parentTable);
        }
        return query("select " + quote(parentCatalog) + " as PKTABLE_CAT, " + quote(parentSchema) + " as PKTABLE_SCHEM, " + quote(parentTable) + " as PKTABLE_NAME, " +
                        "'' as PKCOLUMN_NAME, " + quote(foreignCatalog) + " as FKTABLE_CAT, " + quote(foreignSchema) + " as FKTABLE_SCHEM, " + quote(foreignTable) +
                        " as FKTABLE_NAME, '' as FKCOLUMN_NAME, -1 as KEY_SEQ, 3 as UPDATE_RULE, 3 as DELETE_RULE, '' as FK_NAME, '' as PK_NAME, " + importedKeyInitiallyDeferred +
                        " as DEFERRABILITY limit 0 ");
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate) throws SQLException {
        checkOpen();
        StringBuilder sql = new StringBuilder();
        sql.append("select null as TABLE_CAT, null as TABLE_SCHEM, '").append(escape(String.valueOf(table)));
        sql.append("' as TABLE_NAME, un as NON_UNIQUE, null as INDEX_QUALIFIER, n as INDEX_NAME, ").append(tableIndexOther);
        sql.append(" as TYPE, op as ORDINAL_POSITION, cn as COLUMN_NAME, null as ASC_OR_DESC, 0 as CARDINALITY, 0 as PAGES, null as FILTER_CONDITION from (");
        List<String[]> indexes = rows("pragma index_list('" + escape(String.valueOf(table)) + "');", 3);
        if (indexes.isEmpty()) {
            sql.append("select null as un, null as n, null as op, null as cn) limit 0;");
            return query(sql.toString());
        }
        List<String> arms = new ArrayList<>();
        for (String[] index : indexes) {
            String indexName = index[1];
            long isUnique = SqliteValues.parseLong(index[2]);
            for (String[] column : rows("pragma index_info('" + escape(indexName) + "');", 3)) {
                StringBuilder arm = new StringBuilder("select ");
                arm.append(1 - (int) isUnique).append(" as un,'").append(escape(indexName)).append("' as n,").append(SqliteValues.parseLong(column[0]) + 1).append(" as op,");
                arm.append(column[2] == null ? "null" : "'" + escape(column[2]) + "'").append(" as cn");
                arms.add(arm.toString());
            }
        }
        sql.append(String.join(" union all ", arms)).append(");");
        return query(sql.toString());
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        checkOpen();
        return query("SELECT 'TABLE' AS TABLE_TYPE UNION SELECT 'VIEW' AS TABLE_TYPE UNION SELECT 'SYSTEM TABLE' AS TABLE_TYPE UNION SELECT 'GLOBAL TEMPORARY' AS TABLE_TYPE;");
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        String columns = "TYPE_NAME, DATA_TYPE, PRECISION, LITERAL_PREFIX, LITERAL_SUFFIX, CREATE_PARAMS, NULLABLE, CASE_SENSITIVE, SEARCHABLE, UNSIGNED_ATTRIBUTE, " +
                        "FIXED_PREC_SCALE, AUTO_INCREMENT, LOCAL_TYPE_NAME, MINIMUM_SCALE, MAXIMUM_SCALE, SQL_DATA_TYPE, SQL_DATETIME_SUB, NUM_PREC_RADIX";
        String[] names = columns.split(", ");
        Object[][] values = {
                        {"'BLOB'", Types.BLOB, 0, null, null, null, typeNullable, 0, typeSearchable, 1, 0, 0, null, 0, 0, 0, 0, 10},
                        {"'INTEGER'", Types.INTEGER, 0, null, null, null, typeNullable, 0, typeSearchable, 0, 0, 1, null, 0, 0, 0, 0, 10},
                        {"'NULL'", Types.NULL, 0, null, null, null, typeNullable, 0, typeSearchable, 1, 0, 0, null, 0, 0, 0, 0, 10},
                        {"'REAL'", Types.REAL, 0, null, null, null, typeNullable, 0, typeSearchable, 0, 0, 0, null, 0, 0, 0, 0, 10},
                        {"'TEXT'", Types.VARCHAR, 0, null, null, null, typeNullable, 1, typeSearchable, 1, 0, 0, null, 0, 0, 0, 0, 10},
        };
        StringBuilder sql = new StringBuilder("select * from (");
        for (int r = 0; r < values.length; r++) {
            sql.append(r > 0 ? " union all select " : "select ");
            for (int c = 0; c < names.length; c++) {
                sql.append(c > 0 ? ", " : "").append(values[r][c]).append(" as ").append(names[c]);
            }
        }
        sql.append(") order by DATA_TYPE");
        return query(sql.toString());
    }

    private ResultSet empty(String... labels) throws SQLException {
        StringBuilder sql = new StringBuilder("select ");
        for (int i = 0; i < labels.length; i++) {
            sql.append(i > 0 ? ", " : "").append("null as ").append(labels[i]);
        }
        return query(sql.append(" limit 0;").toString());
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern) throws SQLException {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "UNDEF1", "UNDEF2", "UNDEF3", "REMARKS", "PROCEDURE_TYPE");
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern) throws SQLException {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX",
                        "NULLABLE", "REMARKS");
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return empty("TABLE_SCHEM", "TABLE_CATALOG");
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        return getSchemas();
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return empty("TABLE_CAT");
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern) throws SQLException {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable) throws SQLException {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) throws SQLException {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE", "REMARKS", "BASE_TYPE");
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern) throws SQLException {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE", "ATTR_TYPE_NAME", "ATTR_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS",
                        "ATTR_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE",
                        "SOURCE_DATA_TYPE");
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) throws SQLException {
        return empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) throws SQLException {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "COLUMN_USAGE", "REMARKS",
                        "CHAR_OCTET_LENGTH", "IS_NULLABLE");
    }

    // ---- product and driver

    @Override
    public String getDatabaseProductName() {
        return "SQLite";
    }

    @Override
    public String getDatabaseProductVersion() throws SQLException {
        checkOpen();
        synchronized (connection) {
            return connection.db().getMember("sqliteVersion").asString();
        }
    }

    private int[] versionNumbers() throws SQLException {
        String[] parts = getDatabaseProductVersion().split("\\.");
        return new int[]{Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
    }

    @Override
    public int getDatabaseMajorVersion() throws SQLException {
        return versionNumbers()[0];
    }

    @Override
    public int getDatabaseMinorVersion() throws SQLException {
        return versionNumbers()[1];
    }

    @Override
    public String getDriverName() {
        return "Graalite";
    }

    @Override
    public String getDriverVersion() {
        return GraaliteDriver.VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
        return GraaliteDriver.MAJOR_VERSION;
    }

    @Override
    public int getDriverMinorVersion() {
        return GraaliteDriver.MINOR_VERSION;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 2;
    }

    @Override
    public String getURL() {
        return connection.url();
    }

    @Override
    public String getUserName() {
        return null;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public boolean isReadOnly() {
        return connection.isReadOnly();
    }

    // ---- constant facts, as sqlite-jdbc gives them

    @Override
    public boolean allProceduresAreCallable() {
        return false;
    }

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    @Override
    public boolean nullsAreSortedHigh() {
        return true;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean usesLocalFiles() {
        return true;
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public String getSQLKeywords() {
        return "ABORT,ACTION,AFTER,ANALYZE,ATTACH,AUTOINCREMENT,BEFORE,CASCADE,CONFLICT,DATABASE,DEFERRABLE,DEFERRED,DESC,DETACH,EXCLUSIVE,EXPLAIN,FAIL,GLOB,IGNORE,INDEX," +
                        "INDEXED,INITIALLY,INSTEAD,ISNULL,KEY,LIMIT,NOTNULL,OFFSET,PLAN,PRAGMA,QUERY,RAISE,REGEXP,REINDEX,RENAME,REPLACE,RESTRICT,TEMP,TEMPORARY,TRANSACTION," +
                        "VACUUM,VIEW,VIRTUAL";
    }

    @Override
    public String getNumericFunctions() {
        return "";
    }

    @Override
    public String getStringFunctions() {
        return "";
    }

    @Override
    public String getSystemFunctions() {
        return "";
    }

    @Override
    public String getTimeDateFunctions() {
        return "DATE,TIME,DATETIME,JULIANDAY,STRFTIME";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getExtraNameCharacters() {
        return "";
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return true;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return false;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return false;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return false;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return false;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return false;
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return "not_implemented";
    }

    @Override
    public String getCatalogTerm() {
        return "catalog";
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return false;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return false;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return false;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return false;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return false;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return false;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return false;
    }

    @Override
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxColumnNameLength() {
        return 0;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return 0;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return 0;
    }

    @Override
    public int getMaxColumnsInTable() {
        return 0;
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public int getMaxCursorNameLength() {
        return 0;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return 0;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return 0;
    }

    @Override
    public int getMaxRowSize() {
        return 0;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return 0;
    }

    @Override
    public int getMaxTablesInSelect() {
        return 0;
    }

    @Override
    public int getMaxUserNameLength() {
        return 0;
    }

    @Override
    public long getMaxLogicalLobSize() {
        return 0;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return true;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return false;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return false;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    @Override
    public boolean supportsBatchUpdates() {
        return true;
    }

    @Override
    public boolean supportsSavepoints() {
        return true;
    }

    @Override
    public boolean supportsNamedParameters() {
        return true;
    }

    @Override
    public boolean supportsMultipleOpenResults() {
        return false;
    }

    @Override
    public boolean supportsGetGeneratedKeys() {
        return true;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL99;
    }

    @Override
    public boolean locatorsUpdateCopy() {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() {
        return false;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public boolean generatedKeyAlwaysReturned() throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public boolean supportsSharding() {
        return false;
    }

    @Override
    public boolean supportsRefCursors() {
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException(getClass().getName() + " does not wrap " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
