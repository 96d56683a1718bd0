package org.graalite.jdbc;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Runs a scenario of JDBC calls, written as a data file of steps, against one or more drivers
 * and records a transcript: what each call returned or threw, rows with the Java types of their
 * values, metadata. The differential test runs each scenario on sqlite-jdbc and on Graalite and
 * compares the transcripts.
 *
 * <p>One step a line; {@code #} starts a comment. A line ending in {@code \} continues on the
 * next. Steps (SQL is the rest of the line):
 * <pre>
 * exec SQL | update SQL | query SQL | rows SQL     Statement.execute / executeUpdate / executeQuery
 *                                                   (query dumps every getter, rows only getObject)
 * sbatch SQL | sbatchrun | keys | updatecount | sclose | moreresults | maxrows N
 * cursor NAME SQL | fetch NAME | cclose NAME      a result set read row by row, on its own statement
 * prepare NAME SQL                                 Connection.prepareStatement
 * set NAME INDEX TYPE VALUE                        TYPE: null int long short byte double float
 *                                                   string bytes(hex) boolean bigdecimal date time
 *                                                   timestamp (millis) obj-int obj-long obj-double
 *                                                   obj-string obj-bigdecimal obj-date obj-boolean
 * pquery NAME | prows NAME | pupdate NAME | pexec NAME | addbatch NAME | pbatch NAME
 * clearparams NAME | pkeys NAME | pclose NAME | pmeta NAME
 * autocommit on|off | getautocommit | commit | rollback
 * savepoint LABEL [NAME] | release LABEL | rollbackto LABEL
 * meta tables PATTERN | meta columns TABLE COLUMN | meta pk TABLE | meta index TABLE
 * meta imported TABLE | meta exported TABLE | meta cross PARENT CHILD
 * meta typeinfo | meta tabletypes | meta facts     (null for a null argument)
 * reopen                                           close the connection, open the same database
 *                                                   with the next driver of the run
 * closeconn | valid
 * </pre>
 * A step written {@code ~ step} runs but its output is left out of the transcript: Graalite
 * differs there from sqlite-jdbc on purpose, and a unit test says how.
 */
final class Scenario {
    static final String SQLITE = "jdbc:sqlite:";
    static final String GRAALITE = "jdbc:graalite:";

    final String name;
    final List<String> steps;
    /** Connection properties, from {@code !property name=value} lines. */
    final Properties properties = new Properties();
    /** From a {@code !memory} line: the scenario runs on an in-memory database. */
    boolean memory;

    Scenario(String name, List<String> lines) {
        this.name = name;
        this.steps = new ArrayList<>();
        StringBuilder pending = null;
        for (String raw : lines) {
            String line = raw.strip();
            if (pending != null) {
                pending.append(' ').append(line);
                line = pending.toString();
                pending = null;
            }
            if (line.endsWith("\\")) {
                pending = new StringBuilder(line.substring(0, line.length() - 1).strip());
                continue;
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("!property ")) {
                String assignment = line.substring("!property ".length()).strip();
                int eq = assignment.indexOf('=');
                properties.setProperty(assignment.substring(0, eq), assignment.substring(eq + 1));
                continue;
            }
            if (line.equals("!memory")) {
                memory = true;
                continue;
            }
            steps.add(line);
        }
    }

    /** How many times the scenario reopens its database. */
    int reopens() {
        return (int) steps.stream().filter(s -> s.equals("reopen")).count();
    }

    /**
     * Runs the steps; the connection opens {@code drivers[0]} on {@code path}, and each
     * {@code reopen} moves on to the next driver.
     */
    List<String> run(String path, String... drivers) {
        Run run = new Run(memory ? ":memory:" : path, properties, drivers);
        try {
            run.open();
            for (String step : steps) {
                run.out.add("> " + step);
                // A step marked ~ differs from sqlite-jdbc on purpose: it runs, its output is
                // not compared (a unit test states what Graalite does instead).
                boolean deviation = step.startsWith("~ ");
                int mark = run.out.size();
                try {
                    run.step(deviation ? step.substring(2) : step);
                } catch (SQLException e) {
                    run.out.add("  " + Transcript.error(e));
                } catch (RuntimeException e) {
                    run.out.add("  !! " + e);
                }
                if (deviation) {
                    run.out.subList(mark, run.out.size()).clear();
                }
            }
        } catch (SQLException e) {
            run.out.add("open failed: " + Transcript.error(e));
        } finally {
            run.closeQuietly();
        }
        return run.out;
    }

    private static final class Run {
        final String path;
        final Properties properties;
        final String[] drivers;
        final List<String> out = new ArrayList<>();
        int driverIndex;
        Connection connection;
        Statement statement;
        final Map<String, PreparedStatement> prepared = new HashMap<>();
        final Map<String, Savepoint> savepoints = new HashMap<>();
        final Map<String, ResultSet> cursors = new HashMap<>();

        Run(String path, Properties properties, String[] drivers) {
            this.path = path;
            this.properties = properties;
            this.drivers = drivers;
        }

        void open() throws SQLException {
            Properties p = new Properties();
            p.putAll(properties);
            if (drivers[driverIndex].equals(GRAALITE)) {
                p.putAll(TestSupport.graaliteProperties());
            }
            connection = DriverManager.getConnection(drivers[driverIndex] + path, p);
            statement = connection.createStatement();
            prepared.clear();
        }

        void closeQuietly() {
            try {
                if (connection != null) {
                    connection.close();
                }
            } catch (SQLException e) {
                // ignore
            }
        }

        private static String rest(String line, int words) {
            String s = line;
            for (int i = 0; i < words; i++) {
                int space = s.indexOf(' ');
                s = space < 0 ? "" : s.substring(space + 1).stripLeading();
            }
            return s;
        }

        private static String word(String line, int index) {
            String[] parts = line.split("\\s+");
            return index < parts.length ? parts[index] : null;
        }

        private static String nullable(String s) {
            return s == null || s.equals("null") ? null : s;
        }

        void step(String line) throws SQLException {
            String command = word(line, 0);
            switch (command) {
                case "exec": {
                    boolean isQuery = statement.execute(rest(line, 1));
                    out.add("  -> " + isQuery + " updateCount=" + statement.getUpdateCount());
                    if (isQuery) {
                        Transcript.rows(statement.getResultSet(), out);
                    }
                    break;
                }
                case "update":
                    // getUpdateCount after executeUpdate(String) throws a NullPointerException in sqlite-jdbc.
                    out.add("  -> " + statement.executeUpdate(rest(line, 1)));
                    break;
                case "query":
                    Transcript.getters(statement.executeQuery(rest(line, 1)), out);
                    break;
                case "rows":
                    Transcript.rows(statement.executeQuery(rest(line, 1)), out);
                    break;
                case "sbatch":
                    statement.addBatch(rest(line, 1));
                    break;
                case "sbatchrun":
                    out.add("  -> " + Transcript.counts(statement.executeBatch()));
                    break;
                case "keys":
                    Transcript.rows(statement.getGeneratedKeys(), out);
                    break;
                case "updatecount":
                    out.add("  -> " + statement.getUpdateCount());
                    break;
                case "moreresults":
                    out.add("  -> " + statement.getMoreResults() + " updateCount=" + statement.getUpdateCount());
                    break;
                case "sclose":
                    statement.close();
                    break;
                case "cursor":
                    cursors.put(word(line, 1), connection.createStatement().executeQuery(rest(line, 2)));
                    break;
                case "fetchsize": {
                    // fetchsize N NAME SQL: a cursor whose statement has fetch size N
                    java.sql.Statement s = connection.createStatement();
                    s.setFetchSize(Integer.parseInt(word(line, 1)));
                    cursors.put(word(line, 2), s.executeQuery(rest(line, 3)));
                    break;
                }
                case "fetch": {
                    ResultSet rs = cursors.get(word(line, 1));
                    boolean more = rs.next();
                    StringBuilder sb = new StringBuilder("  -> " + more);
                    if (more) {
                        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                            sb.append(' ').append(Transcript.value(rs.getObject(i)));
                        }
                    }
                    out.add(sb.toString());
                    break;
                }
                case "cclose":
                    cursors.get(word(line, 1)).close();
                    break;
                case "maxrows":
                    statement.setMaxRows(Integer.parseInt(word(line, 1)));
                    break;
                case "prepare":
                    prepared.put(word(line, 1), connection.prepareStatement(rest(line, 2)));
                    break;
                case "set":
                    set(prepared.get(word(line, 1)), Integer.parseInt(word(line, 2)), word(line, 3), rest(line, 4));
                    break;
                case "pquery":
                    Transcript.getters(prepared.get(word(line, 1)).executeQuery(), out);
                    break;
                case "prows":
                    Transcript.rows(prepared.get(word(line, 1)).executeQuery(), out);
                    break;
                case "pupdate": {
                    PreparedStatement ps = prepared.get(word(line, 1));
                    out.add("  -> " + ps.executeUpdate() + " updateCount=" + ps.getUpdateCount());
                    break;
                }
                case "pexec": {
                    PreparedStatement ps = prepared.get(word(line, 1));
                    boolean isQuery = ps.execute();
                    out.add("  -> " + isQuery + " updateCount=" + ps.getUpdateCount());
                    if (isQuery) {
                        Transcript.rows(ps.getResultSet(), out);
                    }
                    break;
                }
                case "addbatch":
                    prepared.get(word(line, 1)).addBatch();
                    break;
                case "pbatch":
                    out.add("  -> " + Transcript.counts(prepared.get(word(line, 1)).executeBatch()));
                    break;
                case "clearparams":
                    prepared.get(word(line, 1)).clearParameters();
                    break;
                case "pkeys":
                    Transcript.rows(prepared.get(word(line, 1)).getGeneratedKeys(), out);
                    break;
                case "pclose":
                    prepared.get(word(line, 1)).close();
                    break;
                case "pmeta": {
                    PreparedStatement ps = prepared.get(word(line, 1));
                    Transcript.metaData(ps.getMetaData(), out);
                    ParameterMetaData pm = ps.getParameterMetaData();
                    out.add("  parameters=" + pm.getParameterCount());
                    break;
                }
                case "autocommit":
                    connection.setAutoCommit(word(line, 1).equals("on"));
                    break;
                case "getautocommit":
                    out.add("  -> " + connection.getAutoCommit());
                    break;
                case "commit":
                    connection.commit();
                    break;
                case "rollback":
                    connection.rollback();
                    break;
                case "savepoint": {
                    String spName = word(line, 2);
                    Savepoint sp = spName == null ? connection.setSavepoint() : connection.setSavepoint(spName);
                    savepoints.put(word(line, 1), sp);
                    out.add("  -> id=" + sp.getSavepointId() + " name=" + sp.getSavepointName());
                    break;
                }
                case "release":
                    connection.releaseSavepoint(savepoints.get(word(line, 1)));
                    break;
                case "rollbackto":
                    connection.rollback(savepoints.get(word(line, 1)));
                    break;
                case "meta":
                    meta(line);
                    break;
                case "reopen":
                    connection.close();
                    driverIndex++;
                    open();
                    break;
                case "closeconn":
                    connection.close();
                    out.add("  -> closed=" + connection.isClosed());
                    break;
                case "valid":
                    out.add("  -> " + connection.isValid(1));
                    break;
                default:
                    throw new IllegalArgumentException("unknown step: " + line);
            }
        }

        private void meta(String line) throws SQLException {
            DatabaseMetaData md = connection.getMetaData();
            String what = word(line, 1);
            switch (what) {
                case "tables":
                    Transcript.rows(md.getTables(null, null, nullable(word(line, 2)), null), out);
                    break;
                case "columns":
                    Transcript.rows(md.getColumns(null, null, nullable(word(line, 2)), nullable(word(line, 3))), out);
                    break;
                case "pk":
                    Transcript.rows(md.getPrimaryKeys(null, null, nullable(word(line, 2))), out);
                    break;
                case "index":
                    Transcript.rows(md.getIndexInfo(null, null, nullable(word(line, 2)), false, false), out);
                    break;
                case "imported":
                    Transcript.rows(md.getImportedKeys(null, null, nullable(word(line, 2))), out);
                    break;
                case "exported":
                    Transcript.rows(md.getExportedKeys(null, null, nullable(word(line, 2))), out);
                    break;
                case "cross":
                    Transcript.rows(md.getCrossReference(null, null, nullable(word(line, 2)), null, null, nullable(word(line, 3))), out);
                    break;
                case "typeinfo":
                    Transcript.rows(md.getTypeInfo(), out);
                    break;
                case "tabletypes":
                    Transcript.rows(md.getTableTypes(), out);
                    break;
                case "facts":
                    Transcript.metaFacts(md, out);
                    break;
                default:
                    throw new IllegalArgumentException("unknown meta step: " + line);
            }
        }

        private static void set(PreparedStatement ps, int index, String type, String value) throws SQLException {
            switch (type) {
                case "null" -> ps.setNull(index, java.sql.Types.NULL);
                case "int" -> ps.setInt(index, Integer.parseInt(value));
                case "long" -> ps.setLong(index, Long.parseLong(value));
                case "short" -> ps.setShort(index, Short.parseShort(value));
                case "byte" -> ps.setByte(index, Byte.parseByte(value));
                case "double" -> ps.setDouble(index, Double.parseDouble(value));
                case "float" -> ps.setFloat(index, Float.parseFloat(value));
                case "string" -> ps.setString(index, value);
                case "bytes" -> ps.setBytes(index, HexFormat.of().parseHex(value));
                case "boolean" -> ps.setBoolean(index, Boolean.parseBoolean(value));
                case "bigdecimal" -> ps.setBigDecimal(index, new BigDecimal(value));
                case "date" -> ps.setDate(index, new Date(Long.parseLong(value)));
                case "time" -> ps.setTime(index, new Time(Long.parseLong(value)));
                case "timestamp" -> ps.setTimestamp(index, new Timestamp(Long.parseLong(value)));
                case "obj-int" -> ps.setObject(index, Integer.parseInt(value));
                case "obj-long" -> ps.setObject(index, Long.parseLong(value));
                case "obj-double" -> ps.setObject(index, Double.parseDouble(value));
                case "obj-string" -> ps.setObject(index, value);
                case "obj-bigdecimal" -> ps.setObject(index, new BigDecimal(value));
                case "obj-date" -> ps.setObject(index, new Date(Long.parseLong(value)));
                case "obj-boolean" -> ps.setObject(index, Boolean.parseBoolean(value));
                case "obj-localdate" -> ps.setObject(index, java.time.LocalDate.parse(value));
                case "obj-bytes" -> ps.setObject(index, value.getBytes(StandardCharsets.UTF_8));
                default -> throw new IllegalArgumentException("unknown parameter type " + type);
            }
        }
    }
}
