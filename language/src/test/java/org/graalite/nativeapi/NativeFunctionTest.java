package org.graalite.nativeapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.invoke.MethodHandle;

import org.junit.jupiter.api.Test;

/**
 * Downcalls are linked at their first use, not when the declarations load: every declaration
 * must still link (a layout the linker refuses would otherwise fail only where the function is
 * first called), with the signature its descriptor gives, and once.
 */
class NativeFunctionTest {
    @Test
    void everyDeclarationLinksOnce() {
        for (NativeFunction f : NativeFunction.values()) {
            MethodHandle h = f.ffm();
            assertEquals(f.descriptor.toMethodType(), h.type(), f.symbol);
            assertSame(h, f.ffm(), f.symbol + " is linked once");
        }
    }
}
