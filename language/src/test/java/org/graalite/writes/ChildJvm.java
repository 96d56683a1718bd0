package org.graalite.writes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM started the way this test JVM was started: the same java executable, the same
 * JVM arguments (the Graal compiler on the upgrade module path, the Truffle runtime on the
 * module path: the optimizing runtime, never the fallback) and the same class path, with a
 * main class from the test sources.
 *
 * <p>Its standard output is read line by line on a daemon thread into a queue (so a test can
 * wait for a line, and knows the last line printed before it killed the child); its standard
 * error goes to a file for failure messages.
 */
final class ChildJvm implements AutoCloseable {
    final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> all = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Path stderr;
    private final Thread reader;

    private ChildJvm(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    all.add(line);
                    lines.add(line);
                }
            } catch (IOException e) {
                // the child was killed: its pipe broke
            }
        }, "child-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** The command that starts {@code main} with the test JVM's executable, arguments and class path. */
    static List<String> command(Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow(() -> new IllegalStateException("cannot tell which java runs this test")));
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // A debugger agent's port would clash with the parent's.
            if (!argument.startsWith("-agentlib:jdwp")) {
                command.add(argument);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }

    static ChildJvm start(Path stderr, Class<?> main, String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(main, args));
        pb.redirectError(ProcessBuilder.Redirect.to(stderr.toFile()));
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        return new ChildJvm(pb.start(), stderr);
    }

    /** The next line the child printed, or null if none came within the timeout. */
    String poll(long millis) throws InterruptedException {
        return lines.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Waits for a line with this prefix; fails with the child's stderr when the child dies or times out. */
    String await(String prefix, long millis) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                throw new AssertionError("no line starting with '" + prefix + "' within " + millis + " ms; " + describe());
            }
            String line = lines.poll(Math.min(left, 200), TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
            if (line == null && !process.isAlive() && lines.isEmpty()) {
                // give the reader a moment to drain what the child printed last
                line = lines.poll(200, TimeUnit.MILLISECONDS);
                if (line == null) {
                    throw new AssertionError("the child exited (" + process.exitValue() + ") before printing '" + prefix + "'; " + describe());
                } else if (line.startsWith(prefix)) {
                    return line;
                }
            }
        }
    }

    /** Every line printed so far (after the child is dead and its pipe drained: all of them). */
    List<String> lines() {
        synchronized (all) {
            return new ArrayList<>(all);
        }
    }

    void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** SIGKILL, then wait until the process is gone and its output is drained. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
        drain();
    }

    /** Waits for the child's normal end; returns its exit code. */
    int waitFor(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor();
            drain();
            throw new AssertionError("the child did not end within " + millis + " ms; " + describe());
        }
        drain();
        return process.exitValue();
    }

    private void drain() throws InterruptedException {
        // the pipe ends when the process is gone: the reader then has everything
        reader.join(60_000);
        if (reader.isAlive()) {
            throw new AssertionError("the child's output did not end within 60 s after it ended");
        }
    }

    String describe() {
        String err;
        try {
            err = java.nio.file.Files.readString(stderr);
        } catch (IOException e) {
            err = "(stderr unreadable: " + e + ")";
        }
        List<String> out = lines();
        return "last stdout lines " + out.subList(Math.max(0, out.size() - 5), out.size()) + "; stderr:\n" + (err.length() > 4000 ? err.substring(0, 4000) + "..." : err);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}
