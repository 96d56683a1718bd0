package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code graalite run} reaches the guest APIs of {@code guest/}: Python's
 * {@code import graalite.sqlite3 as sqlite3}, JavaScript's {@code require('graalite')} and
 * {@code import Database from 'graalite'}. In-process (the repository found from this
 * class's location) and through {@code bin/graalite} (the repository from
 * {@code -Dgraalite.home}).
 */
class GuestApisScriptTest {
    @TempDir
    Path dir;

    private static final String PYTHON = """
                    import sys
                    import graalite.sqlite3 as sqlite3
                    con = sqlite3.connect(sys.argv[1])
                    with con:
                        con.execute("CREATE TABLE movie(title, year)")
                        con.executemany("INSERT INTO movie VALUES (?, ?)", [("Holy Grail", 1975), ("Life of Brian", 1979)])
                    for title, year in con.execute("SELECT title, year FROM movie ORDER BY year"):
                        print(year, title)
                    try:
                        con.execute("SELECT * FROM nowhere")
                    except sqlite3.OperationalError as e:
                        print("OperationalError:", e)
                    """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void pythonSqlite3Module() throws IOException {
        String db = dir.resolve("movies.db").toString();
        Launch r = Launch.run("run", write("movies.py", PYTHON).toString(), db);
        assertEquals("1975 Holy Grail\n1979 Life of Brian\nOperationalError: no such table: nowhere\n", r.out(), r.err());
        assertEquals(0, r.code());
        assertEquals("2\n", Launch.run(db, "select count(*) from movie").out(), "the with block committed to the file");
    }

    @Test
    void javaScriptModuleByRequireAndImport() throws IOException {
        Path cjs = write("cats.js", """
                        const Database = require('graalite');
                        const db = new Database(':memory:');
                        db.exec('CREATE TABLE cats (name TEXT, age INTEGER)');
                        const insertMany = db.transaction((cats) => { for (const c of cats) db.prepare('INSERT INTO cats VALUES (@name, @age)').run(c); });
                        insertMany([{ name: 'Joey', age: 2 }, { name: 'Sally', age: 4 }]);
                        console.log(JSON.stringify(db.prepare('SELECT * FROM cats ORDER BY age').all()));
                        """);
        Launch r = Launch.run("run", cjs.toString());
        assertEquals("[{\"name\":\"Joey\",\"age\":2},{\"name\":\"Sally\",\"age\":4}]\n", r.out(), r.err());
        assertEquals(0, r.code());

        Path esm = write("cats.mjs", """
                        import Database, { SqliteError } from 'graalite';
                        const db = new Database();
                        try {
                          db.prepare('SELECT * FROM cats');
                        } catch (e) {
                          console.log(e instanceof SqliteError, e.code, e.message);
                        }
                        """);
        Launch m = Launch.run("run", esm.toString());
        assertEquals("true SQLITE_ERROR no such table: cats\n", m.out(), m.err());
    }

    @Test
    void pythonThroughBinGraalite() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path launcher = root.resolve("bin/graalite");
        Assumptions.assumeTrue(Files.isExecutable(launcher), "bin/graalite not found next to " + System.getProperty("user.dir"));
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "run", write("movies.py", PYTHON).toString(), dir.resolve("b.db").toString());
        pb.environment().put("GRAALITE_NO_BUILD", "1");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(p.waitFor(180, TimeUnit.SECONDS), "bin/graalite did not finish");
        Assumptions.assumeFalse(err.contains("Graalite needs JDK 25"), "skipped: bin/jdk.sh found no JDK 25: " + err);
        assertEquals("1975 Holy Grail\n1979 Life of Brian\nOperationalError: no such table: nowhere\n", out, err);
        assertEquals(0, p.exitValue());
    }
}
