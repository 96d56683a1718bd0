package org.graalite.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * {@code graalite run SCRIPT.py|SCRIPT.js [ARGS]}: runs a Python or JavaScript program in a
 * context where the {@code sql} language is available ({@code polyglot.eval(language="sql",
 * string=...)}, {@code Polyglot.eval("sql", ...)}), with all access allowed and the polyglot
 * options of the command line ({@code --sql.Database=PATH} chooses the database). The script
 * arguments are Python's {@code sys.argv[1:]} ({@code sys.argv[0]} is the script) and
 * JavaScript's {@code arguments}. The exit status of {@code sys.exit(n)} or {@code quit(n)} is
 * the launcher's; an uncaught exception prints its message and stack and exits with 1.
 */
final class ScriptRunner {
    private ScriptRunner() {
    }

    static int run(String script, List<String> arguments, Map<String, String> options, InputStream in, OutputStream out, OutputStream err) {
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        Path file = Path.of(script);
        String language = languageOf(script);
        if (language == null) {
            errors.println("Error: cannot tell the language of " + script + ": use a .py (Python) or .js/.mjs (JavaScript) file");
            return 1;
        }
        if (!Files.isRegularFile(file)) {
            errors.println("Error: cannot open \"" + script + "\"");
            return 1;
        }
        List<String> argv = new ArrayList<>();
        argv.add(script);
        argv.addAll(arguments);
        Context.Builder builder = Context.newBuilder().allowAllAccess(true).allowExperimentalOptions(true).in(in).out(out).err(err);
        // GraalPy makes these sys.argv (and puts the script's directory first on sys.path);
        // GraalJS makes them the global `arguments`.
        builder.arguments("python", argv.toArray(String[]::new));
        builder.arguments("js", arguments.toArray(String[]::new));
        Source source;
        try {
            Source.Builder sb = Source.newBuilder(language, file.toFile());
            if (script.endsWith(".mjs")) {
                sb.mimeType("application/javascript+module");
            }
            source = sb.build();
        } catch (IOException e) {
            errors.println("Error: cannot read \"" + script + "\": " + e.getMessage());
            return 1;
        }
        Context context;
        try {
            context = builder.options(guestApis(options)).build();
        } catch (IllegalArgumentException e) {
            // An invalid option, or one of a language that is not there.
            errors.println("Error: " + e.getMessage());
            return 1;
        }
        try {
            context.eval(source);
            return 0;
        } catch (PolyglotException e) {
            if (e.isExit()) {
                return e.getExitStatus();
            }
            printGuestError(context, e, language, errors);
            return 1;
        } finally {
            errors.flush();
            try {
                context.close();
            } catch (PolyglotException e) {
                if (!e.isExit()) {
                    errors.println(e.getMessage());
                }
            }
        }
    }

    /**
     * The options that make Graalite's guest APIs reachable, merged into the command line's:
     * {@code guest/python} on GraalPy's path ({@code import graalite.sqlite3 as sqlite3}) and
     * {@code guest/js/graalite.js} as the CommonJS/ES module {@code graalite}
     * ({@code require('graalite')}, {@code import Database from 'graalite'}). The repository
     * is the system property {@code graalite.home} (bin/graalite sets it), else the directory
     * above this class's location that holds {@code guest/}; without one, nothing is added.
     */
    static Map<String, String> guestApis(Map<String, String> options) {
        Path guest = guestDirectory();
        if (guest == null) {
            return options;
        }
        Map<String, String> merged = new java.util.LinkedHashMap<>(options);
        merged.merge("python.PythonPath", guest.resolve("python").toString(), (mine, ours) -> mine + java.io.File.pathSeparator + ours);
        merged.putIfAbsent("js.commonjs-require", "true");
        merged.merge("js.commonjs-core-modules-replacements", "graalite:" + guest.resolve("js").resolve("graalite.js"), (mine, ours) -> ours + "," + mine);
        return merged;
    }

    private static Path guestDirectory() {
        String home = System.getProperty("graalite.home");
        try {
            Path start = home != null && !home.isEmpty() ? Path.of(home) : Path.of(ScriptRunner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve("guest/python/graalite/sqlite3.py")) && Files.isRegularFile(dir.resolve("guest/js/graalite.js"))) {
                    return dir.resolve("guest");
                }
                if (home != null && !home.isEmpty()) {
                    break;
                }
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // No code source (or not a file): no guest APIs.
        }
        return null;
    }

    static String languageOf(String script) {
        if (script.endsWith(".py")) {
            return "python";
        }
        if (script.endsWith(".js") || script.endsWith(".mjs")) {
            return "js";
        }
        return null;
    }

    /**
     * An uncaught guest exception: for Python, the traceback Python's own traceback module
     * formats; otherwise (and if that fails) the message and the {@code at <lang> name(file:line)}
     * lines GraalVM's launchers print.
     */
    private static void printGuestError(Context context, PolyglotException e, String language, PrintStream errors) {
        if (language.equals("python") && e.isGuestException() && !e.isInternalError()) {
            try {
                Value format = context.eval("python", "import traceback\ndef _graalite_format(e):\n    return ''.join(traceback.format_exception(e))\n_graalite_format");
                errors.print(format.execute(e.getGuestObject()).asString());
                return;
            } catch (PolyglotException | IllegalStateException | UnsupportedOperationException ignored) {
                // Not a Python exception object: the generic form below.
            }
        }
        errors.println(e.isInternalError() ? "Internal error: " + e : e.getMessage());
        for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
            // An internal error is a bug of Graalite or GraalVM: its Java frames tell where.
            if (frame.isGuestFrame() || e.isInternalError()) {
                errors.println("    at " + frame);
            }
        }
    }
}
