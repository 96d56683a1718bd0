package org.graalite.launcher;

/** Thrown by {@code .quit} and {@code .exit}: ends the shell, from any depth of {@code .read}. */
final class ShellExit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int code;

    ShellExit(int code) {
        super(null, null, false, false);
        this.code = code;
    }
}
