package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code graalite run}: Python and JavaScript programs that use sql, in-process. */
class ScriptRunnerTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void pythonScriptWithArgumentsDatabaseAndExitCode() throws IOException {
        String db = dir.resolve("py.db").toString();
        Path script = write("t.py", """
                        import sys, polyglot
                        polyglot.eval(language="sql", string="create table t(a, b)")
                        ins = polyglot.eval(language="sql", string="insert into t values (?, ?)")
                        for i, arg in enumerate(sys.argv[1:]):
                            ins(i, arg)
                        for row in polyglot.eval(language="sql", string="select a, b from t order by a"):
                            print(row.a, row.b)
                        try:
                            polyglot.eval(language="sql", string="selec 1")
                        except polyglot.ForeignException as e:
                            print("caught:", e.message)
                        sys.exit(7)
                        """);
        Launch r = Launch.run("--sql.Database=" + db, "run", script.toString(), "x", "y");
        assertEquals("0 x\n1 y\ncaught: near \"selec\": syntax error\n", r.out(), r.err());
        assertEquals(7, r.code(), "sys.exit(7) is the launcher's exit code");
        assertEquals("0|x\n1|y\n", Launch.run(db, "select * from t").out(), "the script wrote the --sql.Database file");
    }

    @Test
    void javaScriptScriptWithDestructuring() throws IOException {
        Path script = write("t.js", """
                        const rows = Polyglot.eval("sql", "select 1 as a, 'one' as b union all select 2, 'two'");
                        for (const [a, b] of rows) console.log(a, b);
                        console.log(arguments.join(","));
                        """);
        Launch r = Launch.run("run", script.toString(), "p", "q");
        assertEquals("1 one\n2 two\np,q\n", r.out(), r.err());
        assertEquals(0, r.code());
    }

    @Test
    void uncaughtErrorsExitWithOne() throws IOException {
        Launch js = Launch.run("run", write("bad.js", "Polyglot.eval('sql', 'select * from nowhere');\n").toString());
        assertEquals(1, js.code());
        assertTrue(js.err().contains("no such table: nowhere"), js.err());

        Launch py = Launch.run("run", write("bad.py", "def f():\n    return 1 / 0\nf()\n").toString());
        assertEquals(1, py.code());
        assertTrue(py.err().startsWith("Traceback (most recent call last):") && py.err().contains("line 2, in f") && py.err().contains("ZeroDivisionError"), py.err());
    }

    @Test
    void unknownExtensionAndMissingFile() {
        Launch r = Launch.run("run", dir.resolve("x.rb").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("use a .py (Python) or .js/.mjs (JavaScript) file"), r.err());
        Launch missing = Launch.run("run", dir.resolve("missing.py").toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().startsWith("Error: cannot open"), missing.err());
    }
}
