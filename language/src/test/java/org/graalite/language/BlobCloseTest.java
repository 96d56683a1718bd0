package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing a connection closes the BLOB handles still open on it (blobOpen): before, SQLite kept
 * the connection as a zombie, with its file lock, until each handle was closed, which an
 * abandoned one never was; the handles then say they are closed, and using one is an error.
 */
class BlobCloseTest {
    @Test
    void closingTheConnectionClosesItsBlobsAndReleasesTheFile(@TempDir Path dir) {
        String file = dir.resolve("blobs.db").toString();
        try (Context c = SqlContexts.create("auto", file)) {
            Value writer = c.getBindings("sql");
            writer.invokeMember("execute", "pragma busy_timeout = 0");
            writer.invokeMember("execute", "create table t(b blob)");
            writer.invokeMember("execute", "insert into t values (x'01020304')");
            Value reader = writer.invokeMember("open", file);
            Value blob = reader.invokeMember("blobOpen", "t", "b", 1);
            // The open handle holds a read transaction: the other connection cannot commit.
            PolyglotException locked = assertThrows(PolyglotException.class, () -> writer.invokeMember("execute", "insert into t values (x'05')"));
            assertEquals("database is locked", locked.getMessage());
            reader.invokeMember("close");
            writer.invokeMember("execute", "insert into t values (x'05')");
            assertEquals(List.of(List.of(2L)), SqlContexts.rows(writer.invokeMember("execute", "select count(*) from t")));
            PolyglotException closed = assertThrows(PolyglotException.class, () -> blob.invokeMember("read", 0, 2));
            assertEquals("the blob is closed", closed.getMessage());
            blob.invokeMember("close");
        }
    }
}
