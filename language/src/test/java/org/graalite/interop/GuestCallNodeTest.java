package org.graalite.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;

import org.junit.jupiter.api.Test;

/**
 * GuestCallNode keeps a callee whose execute caches on the class of its last argument, as
 * GraalPy's does, on its cached path when that argument's class changes from call to call (an
 * SQL function over a column of INTEGERs and REALs), where one cached library makes the callee
 * fall back to its generic path.
 */
class GuestCallNodeTest {
    /**
     * An executable whose execute specializes on the class of its last argument with a limit of
     * one, then falls back to a generic path and records that it did: the shape of GraalPy 25's
     * PExecuteNode, which asks the last argument hasMembers through a library cached for one class.
     */
    @ExportLibrary(InteropLibrary.class)
    static final class LastArgumentClassCache implements TruffleObject {
        boolean fellBack;

        @ExportMessage
        boolean isExecutable() {
            return true;
        }

        @ExportMessage
        static final class Execute {
            @Specialization(guards = "lastClass(arguments) == cachedClass", limit = "1")
            static Object cached(LastArgumentClassCache receiver, Object[] arguments,
                            @Cached("lastClass(arguments)") Class<?> cachedClass) {
                return cachedClass.getSimpleName() + " " + arguments[arguments.length - 1];
            }

            @Specialization(replaces = "cached")
            static Object generic(LastArgumentClassCache receiver, Object[] arguments) {
                receiver.fellBack = true;
                return arguments[arguments.length - 1].getClass().getSimpleName() + " " + arguments[arguments.length - 1];
            }

            static Class<?> lastClass(Object[] arguments) {
                return arguments[arguments.length - 1].getClass();
            }
        }
    }

    /** {@code node} as the child of a root node, as cached libraries must be to run. */
    private static <T extends Node> T adopted(T node) {
        RootNode root = new RootNode(null) {
            @Child private Node child = node;

            @Override
            public Object execute(VirtualFrame frame) {
                return null;
            }
        };
        root.adoptChildren();
        return node;
    }

    /** Arguments as a function over a NUMERIC column gets them: INTEGER, REAL, INTEGER, then TEXT. */
    private static final Object[][] CALLS = {{"receiver", 1}, {"receiver", 2.5}, {"receiver", 3}, {"receiver", "x"}, {"receiver", 4.0}, {"receiver", 5}};
    private static final String[] RESULTS = {"Integer 1", "Double 2.5", "Integer 3", "String x", "Double 4.0", "Integer 5"};

    @Test
    void eachClassOfTheLastArgumentGetsACalleeCacheOfItsOwn() throws InteropException {
        GuestCallNode node = adopted(GuestCallNode.create());
        LastArgumentClassCache callee = new LastArgumentClassCache();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < CALLS.length; i++) {
                assertEquals(RESULTS[i], node.execute(callee, CALLS[i]));
            }
        }
        assertFalse(callee.fellBack, "the callee's cache for one class fell back to its generic path");
    }

    /** The test's callee does tell: through one cached library, as the call sites had it before GuestCallNode. */
    @Test
    void oneCachedLibraryMakesTheCalleeFallBack() throws InteropException {
        InteropLibrary calls = adopted(InteropLibrary.getFactory().createDispatched(2));
        LastArgumentClassCache callee = new LastArgumentClassCache();
        for (int i = 0; i < CALLS.length; i++) {
            assertEquals(RESULTS[i], calls.execute(callee, CALLS[i]));
        }
        assertTrue(callee.fellBack);
    }

    /** Past its classes, and without arguments, and uncached (SQLite's VDBE calls), the node still calls. */
    @Test
    void callsPastItsClassesWithoutArgumentsAndUncached() throws InteropException {
        GuestCallNode node = adopted(GuestCallNode.create());
        LastArgumentClassCache callee = new LastArgumentClassCache();
        Object[] lasts = {1, 2L, 3.5, "t", (short) 4, 'c', true};
        for (Object last : lasts) {
            Object result = node.execute(callee, new Object[]{last});
            assertTrue(((String) result).startsWith(last.getClass().getSimpleName()), result::toString);
        }
        assertEquals("Integer 7", GuestCallNode.getUncached().execute(callee, new Object[]{"receiver", 7}));
        assertEquals(Void.class, GuestCallNode.lastArgumentClass(new Object[0]));
        assertEquals(Void.class, GuestCallNode.lastArgumentClass(new Object[]{1, null}));
    }
}
