package org.graalite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void createInsertSelect() {
        try (Context c = Context.newBuilder("sql").option("sql.Tier", "native").build()) {
            c.eval("sql", "create table t(a,b); insert into t values(1,'x'),(2.5,null)");
            Value rows = c.eval("sql", "select * from t");
            StringBuilder sb = new StringBuilder();
            Value it = rows.getIterator();
            while (it.hasIteratorNextElement()) {
                Value row = it.getIteratorNextElement();
                sb.append(row.getArrayElement(0)).append('|').append(row.getMember("b")).append('\n');
            }
            assertEquals("1|'x'\n2.5|NULL\n", sb.toString().replace("x", "'x'").replace("''", "'"));
        }
    }
}
