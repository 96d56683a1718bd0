package org.graalite.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * {@code .import ?OPTIONS? FILE TABLE}: reads rows of text from FILE into TABLE, as sqlite3
 * does.
 *
 * <ul>
 * <li>Fields are separated by one character and rows by another: {@code , \n} with
 * {@code --csv}, the ASCII unit and record separators with {@code --ascii}, else the current
 * mode's separators ({@code .separator}; csv mode's CR LF reads as {@code \n}).</li>
 * <li>Fields are read as RFC 4180 says (except with {@code --ascii}): a field in double quotes
 * may hold separators and line breaks, {@code ""} in it is one quote; a CR before the row
 * separator is dropped; a UTF-8 byte-order mark at the start is skipped. sqlite3's warnings
 * about stray quotes are printed the same way.</li>
 * <li>When TABLE does not exist, the first row names its columns (all TEXT; names that repeat
 * get {@code _N} suffixes, N the column's position); otherwise every row is data.</li>
 * <li>A row with too few fields is filled with NULLs, extra fields are dropped, each with a
 * warning naming the file and line; a row the INSERT refuses is reported and skipped. All rows
 * go in one transaction unless one is open.</li>
 * <li>{@code --skip N} skips N rows first, {@code --schema S} imports into S.TABLE, {@code -v}
 * reports what was done. A FILE that starts with {@code |} is a shell command whose output is
 * read.</li>
 * </ul>
 */
final class CsvImport {
    static final String USAGE = """
                    .import FILE TABLE       Import data from FILE into TABLE
                       Options:
                         --ascii               Use \\037 and \\036 as column and row separators
                         --csv                 Use , and \\n as column and row separators
                         --skip N              Skip the first N rows of input
                         --schema S            Target table to be S.TABLE
                         -v                    "Verbose" - increase auxiliary output
                       Notes:
                         *  If TABLE does not exist, it is created.  The first row of input
                            determines the column names.
                         *  If neither --csv or --ascii are used, the input mode is derived
                            from the ".mode" output mode
                         *  If FILE begins with "|" then it is a command that generates the
                            input text.
                    """;

    private final Session session;
    private final String file;
    private final byte[] data;
    private int position;
    private final int columnSeparator;
    private final int rowSeparator;
    private final boolean quotes;
    /** The input line the reader is on, from 1. */
    private int line = 1;
    /** What ended the last field: a separator or -1 (the end of the input). */
    private int terminator;
    private boolean started;

    private CsvImport(Session session, String file, byte[] data, int columnSeparator, int rowSeparator, boolean quotes) {
        this.session = session;
        this.file = file;
        this.data = data;
        this.columnSeparator = columnSeparator;
        this.rowSeparator = rowSeparator;
        this.quotes = quotes;
    }

    /** Runs {@code .import} with the words after the command name; returns whether it succeeded. */
    static boolean run(Session session, List<String> args) {
        String file = null;
        String table = null;
        String schema = null;
        int skip = 0;
        int verbose = 0;
        Boolean csv = null; // null: the output mode decides; false: --ascii
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String z = arg.startsWith("--") ? arg.substring(1) : arg;
            if (!z.startsWith("-")) {
                if (file == null) {
                    file = z;
                } else if (table == null) {
                    table = z;
                } else {
                    return usage(session, "extra argument: \"" + z + "\".");
                }
            } else if (z.equals("-v")) {
                verbose++;
            } else if (z.equals("-schema") && i < args.size() - 1) {
                schema = args.get(++i);
            } else if (z.equals("-skip") && i < args.size() - 1) {
                skip = leadingInteger(args.get(++i));
            } else if (z.equals("-ascii")) {
                csv = false;
            } else if (z.equals("-csv")) {
                csv = true;
            } else {
                return usage(session, "unknown option: \"" + z + "\".");
            }
        }
        if (table == null) {
            return usage(session, "missing " + (file == null ? "FILE" : "TABLE") + " argument.");
        }
        int columnSeparator;
        int rowSeparator;
        OutputSettings settings = session.settings;
        if (csv == null) {
            String col = settings.columnSeparator;
            String row = settings.rowSeparator;
            if (col.isEmpty()) {
                return error(session, "non-null column separator required for import");
            }
            if (col.getBytes(StandardCharsets.UTF_8).length > 1) {
                return error(session, "multi-character column separators not allowed for import");
            }
            if (row.isEmpty()) {
                return error(session, "non-null row separator required for import");
            }
            if (settings.mode == OutputSettings.Mode.CSV && row.equals("\r\n")) {
                // csv mode writes CR LF; reading, the CR is dropped before the LF anyway.
                row = "\n";
            }
            if (row.getBytes(StandardCharsets.UTF_8).length > 1) {
                return error(session, "multi-character row separators not allowed for import");
            }
            columnSeparator = col.charAt(0);
            rowSeparator = row.charAt(0);
        } else if (csv) {
            columnSeparator = ',';
            rowSeparator = '\n';
        } else {
            columnSeparator = 0x1f;
            rowSeparator = 0x1e;
        }
        byte[] data;
        try {
            data = read(file);
        } catch (IOException e) {
            return error(session, "cannot open \"" + file + "\"");
        }
        if (verbose >= 2 || (verbose >= 1 && csv == null)) {
            session.out.print("Column separator " + cString((char) columnSeparator) + ", row separator " + cString((char) rowSeparator) + "\n");
        }
        // Only --ascii reads fields without quotes: sqlite3 reads CSV whatever the separators.
        boolean quotes = csv == null || csv;
        CsvImport reader = new CsvImport(session, file, data, columnSeparator, rowSeparator, quotes);
        return reader.load(table, schema, skip, verbose);
    }

    private boolean load(String table, String schema, int skip, int verbose) {
        while (skip-- > 0) {
            while (readField() != null && terminator == columnSeparator) {
                // the rest of the skipped row
            }
        }
        String fullName = (schema != null ? SqlText.quoteIdentifier(schema) + "." : "") + SqlText.quoteIdentifier(table);
        String[] columns;
        try {
            columns = session.query("SELECT * FROM " + fullName + " LIMIT 0", v -> {
            });
        } catch (PolyglotException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("no such table: ")) {
                return error(session, e.getMessage());
            }
            String create = createTable(fullName);
            if (create == null) {
                return false;
            }
            if (verbose >= 1) {
                session.out.print(create + "\n");
            }
            try {
                session.run(create);
                columns = session.query("SELECT * FROM " + fullName + " LIMIT 0", v -> {
                });
            } catch (PolyglotException e2) {
                session.out.flush();
                session.err.println(create + " failed:\n" + e2.getMessage());
                session.err.flush();
                return false;
            }
        }
        int n = columns.length;
        if (n == 0) {
            return true;
        }
        StringBuilder insert = new StringBuilder("INSERT INTO ").append(fullName).append(" VALUES(?");
        insert.append(",?".repeat(n - 1)).append(')');
        if (verbose >= 2) {
            session.out.print("Insert using: " + insert + "\n");
        }
        Value statement = session.context().eval(Source.newBuilder("sql", insert.toString(), "<import>").cached(false).buildLiteral());
        boolean commit = session.connection().getMember("autocommit").asBoolean();
        int rows = 0;
        int errors = 0;
        try {
            if (commit) {
                session.run("BEGIN");
            }
            do {
                int startLine = line;
                Object[] values = new Object[n];
                int i;
                for (i = 0; i < n; i++) {
                    String z = readField();
                    if (z == null && i == 0) {
                        break;
                    }
                    if (!quotes && (z == null || z.isEmpty()) && i == 0) {
                        break;
                    }
                    values[i] = z;
                    if (i < n - 1 && terminator != columnSeparator) {
                        warn(file + ":" + startLine + ": expected " + n + " columns but found " + (i + 1) + " - filling the rest with NULL");
                        i = n + 1;
                    }
                }
                if (terminator == columnSeparator) {
                    do {
                        readField();
                        i++;
                    } while (terminator == columnSeparator);
                    warn(file + ":" + startLine + ": expected " + n + " columns but found " + i + " - extras ignored");
                }
                if (i >= n) {
                    try {
                        statement.execute(values);
                        rows++;
                    } catch (PolyglotException e) {
                        warn(file + ":" + startLine + ": INSERT failed: " + e.getMessage());
                        errors++;
                    }
                }
            } while (terminator != -1);
        } finally {
            statement.invokeMember("close");
            if (commit) {
                session.run("COMMIT");
            }
        }
        if (verbose > 0) {
            session.out.print("Added " + rows + " rows with " + errors + " errors using " + (line - 1) + " lines of input\n");
        }
        session.out.flush();
        return true;
    }

    /**
     * The CREATE TABLE for a new table, its columns named by the first row, as sqlite3 writes
     * it: {@code CREATE TABLE "t"(} and a line break, then {@code "name" TEXT} for each column,
     * four to a line. Null (after saying so) for an empty file.
     */
    private String createTable(String fullName) {
        List<String> names = new ArrayList<>();
        String field;
        while ((field = readField()) != null) {
            names.add(field.isEmpty() ? "?" : field);
            if (terminator != columnSeparator) {
                break;
            }
        }
        if (names.isEmpty()) {
            warn(file + ": empty file");
            return null;
        }
        List<String> finalNames = uniqueNames(names);
        StringBuilder renames = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if (!names.get(i).equals(finalNames.get(i))) {
                renames.append(renames.isEmpty() ? "" : ",\n").append(SqlText.quoteIdentifier(names.get(i))).append(" to ")
                                .append(SqlText.quoteIdentifier(finalNames.get(i)));
            }
        }
        if (!renames.isEmpty()) {
            warn("Columns renamed during .import " + file + " due to duplicates:\n" + renames);
        }
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(fullName).append("(\n");
        for (int i = 0; i < finalNames.size(); i++) {
            if (i > 0) {
                sql.append(i % 4 == 0 ? ",\n " : ", ");
            }
            sql.append(SqlText.quoteIdentifier(finalNames.get(i))).append(" TEXT");
        }
        return sql.append(")\n").toString();
    }

    /**
     * Column names made distinct as sqlite3 does: each name that occurs more than once (case
     * ignored) gets {@code _} and its position, zero-padded as little as keeps all names
     * distinct.
     */
    static List<String> uniqueNames(List<String> names) {
        Set<String> repeated = new LinkedHashSet<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String name : names) {
            String key = name.toLowerCase(Locale.ROOT);
            if (!seen.add(key)) {
                repeated.add(key);
            }
        }
        if (repeated.isEmpty()) {
            return names;
        }
        for (int digits = 1;; digits++) {
            List<String> result = new ArrayList<>();
            Set<String> keys = new LinkedHashSet<>();
            boolean distinct = true;
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                String renamed = repeated.contains(name.toLowerCase(Locale.ROOT)) ? name + "_" + String.format("%0" + digits + "d", i + 1) : name;
                result.add(renamed);
                distinct &= keys.add(renamed.toLowerCase(Locale.ROOT));
            }
            if (distinct || digits > 10) {
                return result;
            }
        }
    }

    /**
     * The next field, or null at the end of the input; sets {@link #terminator} to what ended
     * it. Bytes are read as sqlite3 reads them and the field decoded from UTF-8.
     */
    private String readField() {
        java.io.ByteArrayOutputStream z = new java.io.ByteArrayOutputStream();
        int c = next();
        if (c == -1) {
            terminator = -1;
            return null;
        }
        if (!quotes) {
            while (c != -1 && c != columnSeparator && c != rowSeparator) {
                z.write(c);
                c = next();
            }
            if (c == rowSeparator) {
                line++;
            }
            terminator = c;
            return text(z.toByteArray(), z.size());
        }
        if (c == '"') {
            int pc = 0;
            int ppc = 0;
            int startLine = line;
            while (true) {
                c = next();
                if (c == rowSeparator) {
                    line++;
                }
                if (c == '"' && pc == '"') {
                    // The second quote of "" stands for one, already kept.
                    pc = 0;
                    continue;
                }
                if ((c == columnSeparator && pc == '"') || (c == rowSeparator && pc == '"') || (c == rowSeparator && pc == '\r' && ppc == '"') ||
                                (c == -1 && pc == '"')) {
                    // Drop the closing quote and what followed it.
                    byte[] b = z.toByteArray();
                    int n = b.length;
                    do {
                        n--;
                    } while (b[n] != '"');
                    terminator = c;
                    started = true;
                    return text(b, n);
                }
                if (pc == '"' && c != '\r') {
                    warn(file + ":" + line + ": unescaped \" character");
                }
                if (c == -1) {
                    warn(file + ":" + startLine + ": unterminated \"-quoted field");
                    terminator = c;
                    break;
                }
                z.write(c);
                ppc = pc;
                pc = c;
            }
        } else {
            if (c == 0xef && !started && position + 1 < data.length && (data[position] & 0xff) == 0xbb && (data[position + 1] & 0xff) == 0xbf) {
                // A UTF-8 byte-order mark before the first field.
                position += 2;
                started = true;
                return readField();
            }
            while (c != -1 && c != columnSeparator && c != rowSeparator) {
                z.write(c);
                c = next();
            }
            if (c == rowSeparator) {
                line++;
                if (z.size() > 0 && z.toByteArray()[z.size() - 1] == '\r') {
                    byte[] b = z.toByteArray();
                    started = true;
                    terminator = c;
                    return text(b, b.length - 1);
                }
            }
            terminator = c;
        }
        started = true;
        return text(z.toByteArray(), z.size());
    }

    private int next() {
        return position < data.length ? data[position++] & 0xff : -1;
    }

    /** The bytes as text, up to a NUL as sqlite3 binds them (as a C string). */
    private static String text(byte[] b, int length) {
        for (int i = 0; i < length; i++) {
            if (b[i] == 0) {
                length = i;
                break;
            }
        }
        return new String(b, 0, length, StandardCharsets.UTF_8);
    }

    private void warn(String message) {
        session.out.flush();
        session.err.println(message);
        session.err.flush();
    }

    /** The whole input: the file, or the output of a command for {@code |COMMAND}. */
    private static byte[] read(String file) throws IOException {
        if (!file.startsWith("|")) {
            return Files.readAllBytes(Path.of(file));
        }
        Process process = new ProcessBuilder("/bin/sh", "-c", file.substring(1)).redirectErrorStream(false)
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        process.getOutputStream().close();
        try (InputStream in = process.getInputStream()) {
            byte[] bytes = in.readAllBytes();
            process.waitFor();
            return bytes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** sqlite3's atoi-like reading of {@code --skip N}: the leading digits, 0 if none. */
    private static int leadingInteger(String s) {
        int i = 0;
        String t = s.strip();
        boolean negative = t.startsWith("-");
        if (negative || t.startsWith("+")) {
            i++;
        }
        long value = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i)) && value < Integer.MAX_VALUE) {
            value = value * 10 + (t.charAt(i++) - '0');
        }
        return (int) (negative ? -value : Math.min(value, Integer.MAX_VALUE));
    }

    /** A separator as a C string literal, as {@code -v} shows it: {@code "|"}, {@code "\n"}. */
    private static String cString(char c) {
        return switch (c) {
            case '\n' -> "\"\\n\"";
            case '\t' -> "\"\\t\"";
            case '\r' -> "\"\\r\"";
            case '"' -> "\"\\\"\"";
            case '\\' -> "\"\\\\\"";
            default -> c < 0x20 || c == 0x7f ? String.format("\"\\%03o\"", (int) c) : "\"" + c + "\"";
        };
    }

    private static boolean usage(Session session, String problem) {
        // sqlite3 prints these, and the help of .import, where results go.
        session.out.print("ERROR: " + problem + (problem.startsWith("missing") ? " Usage:\n" : "  Usage:\n") + USAGE);
        session.out.flush();
        return false;
    }

    private static boolean error(Session session, String message) {
        session.out.flush();
        session.err.println("Error: " + message);
        session.err.flush();
        return false;
    }
}
