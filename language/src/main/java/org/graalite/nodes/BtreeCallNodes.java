package org.graalite.nodes;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.nativeapi.NfiBinding;
import org.graalite.runtime.RecordCursor;

/**
 * The hot B-tree calls of the instruction nodes, through the binding of option
 * {@code sql.NativeBinding}: a cursor step (Next, Prev), a seek by rowid (SeekRowid,
 * NotExists, DeferredSeek) and the payload lookup before a row's first Column.
 *
 * <p>The binding is chosen when the node is made: a language instance serves contexts of one
 * binding only (SqlLanguage.areOptionsCompatible), so the cached statements it builds never
 * need the other one, and compiled code holds no test of the option.
 * <ul>
 * <li>FFM: {@link NativeVdbe}'s methods, each behind a boundary around its downcall.
 * <li>NFI: the language's {@link NfiBinding} function, a constant of the node, called through
 * a cached {@link InteropLibrary}, which partial evaluation inlines into the statement.
 * </ul>
 */
final class BtreeCallNodes {
    private BtreeCallNodes() {
    }

    /** Moves a cursor one row forward or backward, and tells the record cursor: (rc << 8) | atEnd. */
    abstract static class Step extends Node {
        abstract int execute(NativeVdbe vdbe, RecordCursor c);

        /** Through {@code nfi}'s functions, or FFM downcalls if it is null. */
        static Step create(NfiBinding nfi, boolean forward) {
            return nfi != null ? new NfiStep(forward ? nfi.cursorNext : nfi.cursorPrev) : new FfmStep(forward);
        }
    }

    private static final class FfmStep extends Step {
        private final boolean forward;

        FfmStep(boolean forward) {
            this.forward = forward;
        }

        /**
         * The step also locates the new row's record: a scan reads it next. Forward steps
         * within a leaf page are taken in Java (RecordCursor.nextOnLeaf), once a native step
         * has told the cursor where its structs are.
         */
        @Override
        int execute(NativeVdbe vdbe, RecordCursor c) {
            if (forward && c.nextOnLeaf()) {
                return 0;
            }
            return stepInSqlite(vdbe, c, forward);
        }

        /**
         * SQLite's step, once a page (or every row, backwards): out of line in compiled code,
         * where inlined at every Next and Prev it was about 5% of a join's statement.
         */
        @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
        private static int stepInSqlite(NativeVdbe vdbe, RecordCursor c, boolean forward) {
            int result = vdbe.stepLocated(c.index, forward);
            c.moved(result != 0);
            if (result == 0) {
                c.locateReported(vdbe);
                if (vdbe.steppedToRowid()) {
                    c.steppedTo(vdbe.steppedRowid());
                }
            }
            return result;
        }
    }

    private static final class NfiStep extends Step {
        /** graalite_cursor_next or graalite_cursor_prev. */
        private final Object function;
        /** One receiver class (NFI's bound function) at every call site. */
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        NfiStep(Object function) {
            this.function = function;
        }

        @Override
        int execute(NativeVdbe vdbe, RecordCursor c) {
            int result = NfiBinding.call(interop, function, vdbe.address(), c.index);
            c.moved((result & 1) != 0);
            return result;
        }
    }

    /** Moves a table cursor to the row with rowid {@code key}: (rc << 8) | notFound. */
    abstract static class SeekRowid extends Node {
        abstract int execute(NativeVdbe vdbe, int cursor, long key);

        /** After a seek that found its row: takes the record's location if the seek found it too. */
        void found(NativeVdbe vdbe, RecordCursor c) {
        }

        /** The seek taken in Java, on a leaf page SQLite's cursor is already on (the FFM binding only); false: {@link #execute}. */
        boolean seekInJava(RecordCursor c, long key) {
            return false;
        }

        /**
         * @param locate whether the seek locates the row's record too: SeekRowid, which a
         *            Column follows; not NotExists, whose row is often only deleted or replaced
         */
        static SeekRowid create(NfiBinding nfi, boolean locate) {
            return nfi != null ? new NfiSeekRowid(nfi.cursorSeekRowid) : new FfmSeekRowid(locate);
        }
    }

    private static final class FfmSeekRowid extends SeekRowid {
        private final boolean locate;

        FfmSeekRowid(boolean locate) {
            this.locate = locate;
        }

        @Override
        int execute(NativeVdbe vdbe, int cursor, long key) {
            return locate ? vdbe.seekRowidLocated(cursor, key) : vdbe.seekRowid(cursor, key);
        }

        @Override
        void found(NativeVdbe vdbe, RecordCursor c) {
            if (locate) {
                c.locateReported(vdbe);
            }
        }

        @Override
        boolean seekInJava(RecordCursor c, long key) {
            return c.seekOnLeaf(key);
        }
    }

    private static final class NfiSeekRowid extends SeekRowid {
        private final Object function;
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        NfiSeekRowid(Object function) {
            this.function = function;
        }

        @Override
        int execute(NativeVdbe vdbe, int cursor, long key) {
            return NfiBinding.call(interop, function, vdbe.address(), cursor, key);
        }
    }

    /** Before a Column: makes sure the cursor's current record is located. */
    abstract static class Payload extends Node {
        abstract void locate(RecordCursor c, NativeVdbe vdbe);

        static Payload create(NfiBinding nfi) {
            return nfi != null ? new NfiPayload(nfi.cursorPayload) : new FfmPayload();
        }
    }

    /**
     * Nothing to do ahead: the record cursor makes the FFM payload call itself, inside the
     * boundary where it parses the record's header.
     */
    private static final class FfmPayload extends Payload {
        @Override
        void locate(RecordCursor c, NativeVdbe vdbe) {
        }
    }

    /** The NFI payload call in compiled code, then the record cursor takes the address. */
    private static final class NfiPayload extends Payload {
        private final Object function;
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        NfiPayload(Object function) {
            this.function = function;
        }

        @Override
        void locate(RecordCursor c, NativeVdbe vdbe) {
            if (c.needsNativeRecord()) {
                long p = NfiBinding.callLong(interop, function, vdbe.address(), c.index, vdbe.outAddress());
                c.locateAt(vdbe, p);
            }
        }
    }
}
