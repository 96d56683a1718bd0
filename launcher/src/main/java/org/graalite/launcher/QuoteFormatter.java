package org.graalite.launcher;

/**
 * sqlite3's quote mode: each row's values as SQL literals ({@link Render#sqlLiteral}) separated
 * by commas, NULL as {@code NULL}; with column names, they come first as SQL strings.
 *
 * <pre>
 * 'a','b'
 * 1,'it''s'
 * 2.5,NULL
 * </pre>
 */
final class QuoteFormatter implements ResultFormatter {
    private final String[] columns;
    private final Output out;
    private final boolean titles;
    private long rows;

    QuoteFormatter(String[] columns, Output out, OutputSettings settings) {
        this.columns = columns;
        this.out = out;
        this.titles = settings.titles();
    }

    @Override
    public void row(Object[] values) {
        StringBuilder sb = new StringBuilder();
        if (rows++ == 0 && titles) {
            for (int i = 0; i < columns.length; i++) {
                sb.append(i > 0 ? "," : "").append(Render.sqlText(columns[i]));
            }
            sb.append('\n');
        }
        out.print(Render.sqlLiterals(sb, values).append('\n').toString());
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
