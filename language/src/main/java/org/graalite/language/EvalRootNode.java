package org.graalite.language;

import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;

/** The root of {@code eval("sql", text)}: runs the text's statements against the context's database. */
final class EvalRootNode extends RootNode {
    private final String text;

    EvalRootNode(SqlLanguage language, String text) {
        super(language);
        this.text = text;
    }

    @Override
    public Object execute(VirtualFrame frame) {
        org.graalite.runtime.Database database = SqlContext.get(this).database();
        boolean locked = database.lock().enter();
        try {
            return database.evaluate(text);
        } finally {
            database.lock().leave(locked);
        }
    }

    @Override
    public String getName() {
        return "sql";
    }

    @Override
    public String toString() {
        return "sql:" + (text.length() > 40 ? text.substring(0, 40) + "..." : text);
    }
}
