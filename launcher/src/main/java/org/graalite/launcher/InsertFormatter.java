package org.graalite.launcher;

/**
 * sqlite3's insert mode ({@code .mode insert TABLE}): each row as
 * {@code INSERT INTO TABLE VALUES(...);} with the values as SQL literals
 * ({@link Render#sqlLiteral}); with column names on, they follow the table name:
 * {@code INSERT INTO t(a,b) VALUES(1,'x');}. Names are quoted where SQL needs it.
 */
final class InsertFormatter implements ResultFormatter {
    private final String prefix;
    private final Output out;

    InsertFormatter(String[] columns, Output out, OutputSettings settings) {
        this.out = out;
        StringBuilder sb = new StringBuilder("INSERT INTO ").append(SqlText.identifier(settings.insertTable));
        if (settings.titles()) {
            for (int i = 0; i < columns.length; i++) {
                sb.append(i == 0 ? '(' : ',').append(SqlText.identifier(columns[i]));
            }
            sb.append(')');
        }
        this.prefix = sb.append(" VALUES(").toString();
    }

    @Override
    public void row(Object[] values) {
        out.print(Render.sqlLiterals(new StringBuilder(prefix), values).append(");\n").toString());
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
