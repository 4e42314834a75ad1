package io.h2scope.inspector.model;

import io.h2scope.engine.trace.text.Redaction;

import java.util.Arrays;
import java.util.List;

/**
 * Whether a frame's connection hides a field's value (its line leaves the value out, a filter on the field's value
 * never matches it), for one thread: the one home of that rule for the frame list's searches and filters. A name
 * that none of the recording's ways of hiding hides, most of them, is told by a byte per name number, decided once;
 * only a name that some way hides asks the frame's connection.
 */
final class HiddenValues {

    private static final byte UNKNOWN = 0;
    private static final byte SHOWN = 1; // by every connection
    private static final byte ASK = 2; // hidden by some connection

    private final Recording recording;
    private final FrameFields fields;
    private List<Redaction> decidedFor;
    private byte[] names = new byte[64];

    HiddenValues(Recording recording) {
        this.recording = recording;
        this.fields = recording.frameFields();
    }

    /** Whether frame {@code frame}'s connection hides the values of the field name numbered {@code name}. */
    boolean hidden(int frame, int name) {
        List<Redaction> ways = recording.redactions();
        if (ways != decidedFor) { // a connection that hides otherwise came: decided again
            Arrays.fill(names, UNKNOWN);
            decidedFor = ways;
        }
        if (name >= names.length) {
            names = Arrays.copyOf(names, Math.max(name + 1, names.length * 2));
        }
        if (names[name] == UNKNOWN) {
            names[name] = SHOWN;
            for (Redaction way : ways) {
                if (way.hides(fields.string(name))) {
                    names[name] = ASK;
                }
            }
        }
        return names[name] == ASK && hidden(frame, fields.string(name));
    }

    /**
     * Whether frame {@code frame}'s connection hides the values of a field called {@code name}: asked of the
     * connection each time (a frame whose fields the recording did not number, read again, costs more than this).
     */
    boolean hidden(int frame, String name) {
        return recording.connectionOf(recording.frameEvent(frame)).redaction().hides(name);
    }
}
