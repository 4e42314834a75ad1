package io.h2scope.engine.testing.fault;

import io.h2scope.engine.core.ConnectionHooks;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A test fixture: the {@link Fault}s the connections of one configuration have on. Given to
 * {@code ConnectionConfig.withHooksForTesting}, it makes each connection its own {@link Misbehaviour}
 * (the {@link ConnectionHooks} that count what one connection did).
 */
public final class Faults implements Supplier<ConnectionHooks> {

    /** No fault: hooks that change nothing. */
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

    /** The hooks of one new connection. */
    @Override
    public ConnectionHooks get() {
        return new Misbehaviour(this);
    }

    @Override
    public String toString() {
        return on.isEmpty() ? "no faults" : "faults " + on;
    }
}
