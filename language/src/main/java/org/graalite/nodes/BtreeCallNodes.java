package org.graalite.nodes;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.language.SqlContext;
import org.graalite.nativeapi.NativeBinding;
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
 * <li>NFI: the context's {@link NfiBinding} functions called through a cached
 * {@link InteropLibrary}, which partial evaluation inlines into the statement.
 * </ul>
 */
final class BtreeCallNodes {
    private BtreeCallNodes() {
    }

    /** Moves a cursor one row forward or backward: (rc << 8) | atEnd. */
    abstract static class Step extends Node {
        abstract int execute(NativeVdbe vdbe, int cursor);

        static Step create(NativeBinding binding, boolean forward) {
            return binding == NativeBinding.NFI ? new NfiStep(forward) : new FfmStep(forward);
        }
    }

    private static final class FfmStep extends Step {
        private final boolean forward;

        FfmStep(boolean forward) {
            this.forward = forward;
        }

        @Override
        int execute(NativeVdbe vdbe, int cursor) {
            return forward ? vdbe.next(cursor) : vdbe.prev(cursor);
        }
    }

    private static final class NfiStep extends Step {
        private final boolean forward;
        /** One receiver class (NFI's bound function) at every call site. */
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        NfiStep(boolean forward) {
            this.forward = forward;
        }

        @Override
        int execute(NativeVdbe vdbe, int cursor) {
            NfiBinding nfi = SqlContext.get(this).nfi();
            return NfiBinding.call(interop, forward ? nfi.cursorNext : nfi.cursorPrev, vdbe.address(), cursor);
        }
    }

    /** Moves a table cursor to the row with rowid {@code key}: (rc << 8) | notFound. */
    abstract static class SeekRowid extends Node {
        abstract int execute(NativeVdbe vdbe, int cursor, long key);

        static SeekRowid create(NativeBinding binding) {
            return binding == NativeBinding.NFI ? new NfiSeekRowid() : new FfmSeekRowid();
        }
    }

    private static final class FfmSeekRowid extends SeekRowid {
        @Override
        int execute(NativeVdbe vdbe, int cursor, long key) {
            return vdbe.seekRowid(cursor, key);
        }
    }

    private static final class NfiSeekRowid extends SeekRowid {
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        @Override
        int execute(NativeVdbe vdbe, int cursor, long key) {
            return NfiBinding.call(interop, SqlContext.get(this).nfi().cursorSeekRowid, vdbe.address(), cursor, key);
        }
    }

    /** Before a Column: makes sure the cursor's current record is located. */
    abstract static class Payload extends Node {
        abstract void locate(RecordCursor c, NativeVdbe vdbe);

        static Payload create(NativeBinding binding) {
            return binding == NativeBinding.NFI ? new NfiPayload() : new FfmPayload();
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
        @Child private InteropLibrary interop = InteropLibrary.getFactory().createDispatched(1);

        @Override
        void locate(RecordCursor c, NativeVdbe vdbe) {
            if (c.needsNativeRecord()) {
                long p = NfiBinding.callLong(interop, SqlContext.get(this).nfi().cursorPayload, vdbe.address(), c.index, vdbe.outAddress());
                c.locateAt(vdbe, p);
            }
        }
    }
}
