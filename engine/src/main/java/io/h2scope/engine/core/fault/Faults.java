package io.h2scope.engine.core.fault;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * FOR TESTS ONLY: the {@link Fault}s a connection has on. {@link #NONE} is the production value;
 * {@link #swallows} is asked only on error paths, after the engine has decided to raise an error, and
 * {@link #provokedBy} / {@link #provokedByRequest} only when a fault is on (the connection holds null
 * otherwise), so a connection without faults pays nothing but a null check on its normal path.
 */
public final class Faults {

    /** No fault: the engine as shipped. */
    public static final Faults NONE = new Faults(EnumSet.noneOf(Fault.class));

    private final Set<Fault> on;

    private Faults(Set<Fault> on) {
        this.on = on;
    }

    /** The given faults on (tests only). */
    public static Faults of(Fault first, Fault... rest) {
        return new Faults(EnumSet.of(first, rest));
    }

    public boolean isEmpty() {
        return on.isEmpty();
    }

    public Set<Fault> faults() {
        return Set.copyOf(on);
    }

    /** Whether a fault that is on swallows {@code error} instead of letting it reach the wire. */
    public boolean swallows(H2Exception error) {
        for (Fault fault : on) {
            if (fault.swallows(error)) {
                return true;
            }
        }
        return false;
    }

    /** The error a misbehaviour fault that is on raises for {@code frame}, or null. */
    public H2Exception provokedBy(Frame frame) {
        for (Fault fault : on) {
            H2Exception error = fault.provokedBy(frame);
            if (error != null) {
                return error;
            }
        }
        return null;
    }

    /** The error a misbehaviour fault that is on raises for an accepted request head, or null. */
    public H2Exception provokedByRequest(int streamId, List<HeaderField> fields) {
        for (Fault fault : on) {
            H2Exception error = fault.provokedByRequest(streamId, fields);
            if (error != null) {
                return error;
            }
        }
        return null;
    }

    /** The limits with every limit fault applied (called once per connection). */
    public Limits loosen(Limits limits) {
        Limits result = limits;
        for (Fault fault : on) {
            result = fault.loosen(result);
        }
        return result;
    }

    @Override
    public String toString() {
        return on.isEmpty() ? "no faults" : "faults " + on;
    }
}
