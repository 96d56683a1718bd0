package org.graalite.launcher;

/**
 * sqlite3's html mode (3.53 and later): rows of an HTML table, one cell per line, text with
 * {@code < > & " '} as entities, NULL as {@code null}; with column names on, a first row of
 * {@code <TH>} cells.
 *
 * <pre>
 * &lt;TR&gt;
 * &lt;TD&gt;1
 * &lt;TD&gt;x &amp;amp; y
 * &lt;/TR&gt;
 * </pre>
 */
final class HtmlFormatter implements ResultFormatter {
    private final String[] columns;
    private final Output out;
    private final boolean titles;
    private long rows;

    HtmlFormatter(String[] columns, Output out, OutputSettings settings) {
        this.columns = columns;
        this.out = out;
        this.titles = settings.titles();
    }

    @Override
    public void row(Object[] values) {
        if (rows++ == 0 && titles) {
            out.print("<TR>");
            for (String c : columns) {
                out.print("\n<TH>");
                out.write(html(Render.utf8(c)));
            }
            out.print("\n</TR>\n");
        }
        out.print("<TR>");
        for (Object v : values) {
            out.print("\n<TD>");
            // The formatter sets NULL's text to "null" in this mode, whatever .nullvalue says.
            out.write(v == null ? Render.ascii("null") : Render.isNumeric(v) ? Render.text(v) : html(Render.text(v)));
        }
        out.print("\n</TR>\n");
    }

    /** Text (UTF-8, possibly a BLOB's bytes) with entities, then control characters as ^X. */
    private static byte[] html(byte[] text) {
        return Render.escapeControls(Render.htmlText(text));
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
