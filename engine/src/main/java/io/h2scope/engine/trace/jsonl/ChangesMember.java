package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A frame line's {@code changes} member read the general way (docs/TRACE_FORMAT.md): the window and stream state
 * changes the writer folded into the line ({@link FoldedChanges}), as the events they were, at the line's connection
 * and time. {@link DirectEventReader} reads the plain form the same.
 */
final class ChangesMember {

    private ChangesMember() {
    }

    /**
     * Hands each change of {@code line} (a parsed frame line) to {@code each}, in order; nothing when it has none. A
     * change of a kind this reader does not know is skipped, as a line of such a kind is.
     *
     * @throws IllegalArgumentException naming what is wrong with the member
     */
    static void read(Map<String, Object> line, Consumer<TraceEvent> each) {
        Object member = line.get("changes");
        if (member == null) {
            return;
        }
        if (!(member instanceof List<?> changes)) {
            throw new IllegalArgumentException("\"changes\" is not an array");
        }
        long conn = TraceEventJson.number(line, "conn");
        long t = TraceEventJson.number(line, "t_ns");
        for (Object item : changes) {
            if (!(item instanceof List<?> c) || c.isEmpty() || !(c.get(0) instanceof String kind)) {
                throw new IllegalArgumentException("a member of \"changes\" is not an array that starts with its kind: "
                        + item);
            }
            if (kind.equals("state")) {
                expect(c, 5, "[\"state\", stream, from, to, input]");
                each.accept(new StreamStateChanged(conn, t, integer(c, 1), TraceEventJson.named(StreamState.class,
                        string(c, 2)), TraceEventJson.named(StreamState.class, string(c, 3)),
                        TraceEventJson.named(StreamInput.class, string(c, 4))));
            } else if (kind.equals("window")) {
                expect(c, 6, "[\"window\", stream, side, old, new, cause]");
                String side = string(c, 2);
                if (!side.equals("send") && !side.equals("recv")) {
                    throw new IllegalArgumentException("a window change's side is \"" + side
                            + "\"; accepted: \"send\" or \"recv\"");
                }
                each.accept(new WindowChanged(conn, t, integer(c, 1), side.equals("send") ? WindowSide.SEND
                        : WindowSide.RECEIVE, integer(c, 3), integer(c, 4),
                        TraceEventJson.named(WindowCause.class, string(c, 5))));
            }
        }
    }

    private static void expect(List<?> change, int size, String form) {
        if (change.size() != size) {
            throw new IllegalArgumentException("a change " + change + " has " + change.size() + " members; the form is "
                    + form);
        }
    }

    private static int integer(List<?> change, int i) {
        if (change.get(i) instanceof Long n && n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw new IllegalArgumentException("member " + i + " of the change " + change + " is not an integer");
    }

    private static String string(List<?> change, int i) {
        if (change.get(i) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("member " + i + " of the change " + change + " is not a string");
    }
}
