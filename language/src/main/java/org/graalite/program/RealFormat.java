package org.graalite.program;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** C's {@code %.16g} for doubles, as SQLite's printf renders P4 reals in EXPLAIN. */
final class RealFormat {
    private RealFormat() {
    }

    static String format16g(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Inf" : "-Inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0" : "0";
        }
        BigDecimal bd = new BigDecimal(d).round(new MathContext(16, RoundingMode.HALF_EVEN));
        int exponent = bd.precision() - bd.scale() - 1;
        if (exponent < -4 || exponent >= 16) {
            BigDecimal unscaled = bd.movePointLeft(exponent);
            String mantissa = strip(unscaled.toPlainString());
            String exp = (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
            return mantissa + "e" + exp;
        }
        return strip(bd.toPlainString());
    }

    private static String strip(String s) {
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s;
    }
}
