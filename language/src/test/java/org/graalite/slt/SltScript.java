package org.graalite.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The records of one sqllogictest file.
 *
 * <p>The format (SQLite's sqllogictest): records are separated by blank lines; a line that starts
 * with {@code #} before a record's directive is a comment. A record may start with conditions,
 * {@code skipif <db>} and {@code onlyif <db>}, followed by one directive:
 * <ul>
 * <li>{@code statement ok} or {@code statement error}, then the SQL text;</li>
 * <li>{@code query <types> <sort-mode> [label]}, then the SQL text, a line {@code ----} and the
 * expected values, one a line, or the single line {@code N values hashing to <md5>}; without the
 * {@code ----} line the result is not checked. Types: one letter per column, {@code I}
 * integer, {@code R} real, {@code T} text. Sort modes: {@code nosort}, {@code rowsort},
 * {@code valuesort};</li>
 * <li>{@code hash-threshold N}: results with more than N values are given as a hash;</li>
 * <li>{@code halt}: the rest of the file is not run.</li>
 * </ul>
 */
final class SltScript {
    /** The database name this runner answers to in {@code skipif} and {@code onlyif}. */
    static final String DATABASE = "sqlite";

    private static final Pattern HASHED = Pattern.compile("(\\d+) values hashing to ([0-9a-f]{32})");

    enum SortMode {
        NOSORT,
        ROWSORT,
        VALUESORT
    }

    /** {@code skipif db} (onlyIf false) or {@code onlyif db} (onlyIf true). */
    record Condition(boolean onlyIf, String database) {
        boolean allows(String us) {
            return onlyIf == database.equalsIgnoreCase(us);
        }
    }

    /** One record, at its directive's line (1-based). */
    sealed interface Record {
        int line();

        List<Condition> conditions();

        /** True if the conditions let {@link SltScript#DATABASE} run this record. */
        default boolean runs() {
            for (Condition c : conditions()) {
                if (!c.allows(DATABASE)) {
                    return false;
                }
            }
            return true;
        }
    }

    record Statement(int line, List<Condition> conditions, boolean expectError, String sql) implements Record {
    }

    /** What a query must return: the values, or their count and MD5 hash, or anything (unchecked). */
    sealed interface Expected {
    }

    record Values(List<String> values) implements Expected {
    }

    record Hash(int count, String md5) implements Expected {
    }

    record Unchecked() implements Expected {
    }

    record Query(int line, List<Condition> conditions, String types, SortMode sortMode, String label, String sql, Expected expected) implements Record {
    }

    record HashThreshold(int line, List<Condition> conditions, int threshold) implements Record {
    }

    record Halt(int line, List<Condition> conditions) implements Record {
    }

    private SltScript() {
    }

    /** Parses a whole file; {@code name} only appears in error messages. */
    static List<Record> parse(String name, String text) {
        List<Record> records = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        int i = 0;
        while (i < lines.length) {
            if (lines[i].isBlank()) {
                i++;
                continue;
            }
            // One block: the lines up to the next blank line.
            int start = i;
            int end = i;
            while (end < lines.length && !lines[end].isBlank()) {
                end++;
            }
            Record r = parseBlock(name, lines, start, end);
            if (r != null) {
                records.add(r);
            }
            i = end;
        }
        return records;
    }

    private static Record parseBlock(String name, String[] lines, int start, int end) {
        List<Condition> conditions = new ArrayList<>();
        int i = start;
        while (i < end) {
            String line = lines[i];
            if (line.startsWith("#")) {
                i++;
                continue;
            }
            String[] words = words(line);
            if (words[0].equals("skipif") || words[0].equals("onlyif")) {
                conditions.add(new Condition(words[0].equals("onlyif"), word(words, 1, name, i)));
                i++;
                continue;
            }
            break;
        }
        if (i == end) {
            return null; // only comments
        }
        int line = i + 1;
        String[] words = words(lines[i]);
        List<Condition> conds = List.copyOf(conditions);
        switch (words[0]) {
            case "statement": {
                String mode = word(words, 1, name, i);
                if (!mode.equals("ok") && !mode.equals("error")) {
                    throw new IllegalArgumentException(name + ":" + line + ": statement must be ok or error: " + lines[i]);
                }
                return new Statement(line, conds, mode.equals("error"), join(lines, i + 1, end));
            }
            case "query": {
                String types = word(words, 1, name, i);
                SortMode sort = words.length > 2 ? SortMode.valueOf(words[2].toUpperCase(java.util.Locale.ROOT)) : SortMode.NOSORT;
                String label = words.length > 3 ? words[3] : null;
                int separator = i + 1;
                while (separator < end && !lines[separator].equals("----")) {
                    separator++;
                }
                String sql = join(lines, i + 1, separator);
                Expected expected;
                if (separator == end) {
                    expected = new Unchecked();
                } else {
                    List<String> values = new ArrayList<>();
                    for (int k = separator + 1; k < end; k++) {
                        values.add(lines[k]);
                    }
                    Matcher m = values.size() == 1 ? HASHED.matcher(values.get(0)) : null;
                    expected = m != null && m.matches() ? new Hash(Integer.parseInt(m.group(1)), m.group(2)) : new Values(List.copyOf(values));
                }
                return new Query(line, conds, types, sort, label, sql, expected);
            }
            case "hash-threshold":
                return new HashThreshold(line, conds, Integer.parseInt(word(words, 1, name, i)));
            case "halt":
                return new Halt(line, conds);
            default:
                throw new IllegalArgumentException(name + ":" + line + ": unknown record: " + lines[i]);
        }
    }

    private static String[] words(String line) {
        return line.strip().split("\\s+");
    }

    private static String word(String[] words, int index, String name, int lineIndex) {
        if (index >= words.length) {
            throw new IllegalArgumentException(name + ":" + (lineIndex + 1) + ": missing word " + (index + 1) + " in: " + String.join(" ", words));
        }
        return words[index];
    }

    private static String join(String[] lines, int from, int to) {
        return String.join("\n", java.util.Arrays.asList(lines).subList(from, to));
    }
}
