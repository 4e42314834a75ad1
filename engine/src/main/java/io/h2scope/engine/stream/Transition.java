package io.h2scope.engine.stream;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.SpecRef;
import java.util.Objects;

/**
 * The outcome of one {@link StreamInput} in one state.
 *
 * <p>For a RECV_* input a {@link Reject} is the error we raise. For a SEND_* input it means
 * "MUST NOT send" (the core refuses the command and nothing goes on the wire); its scope and
 * code are what a conforming peer would answer, which is what the conformance suite expects.
 */
public sealed interface Transition permits Transition.Next, Transition.Reject {

    /**
     * Accepted; the stream is now in {@code state}. From CLOSED to CLOSED it means "minimally
     * process and discard" (§5.1): update HPACK, count DATA against the connection window, and
     * deliver nothing.
     */
    record Next(StreamState state) implements Transition {
        public Next {
            Objects.requireNonNull(state, "state");
        }
    }

    /** Refused, for the {@code rule} that forbids it, with the error the RFC demands. */
    record Reject(StreamRule rule, String why) implements Transition {
        public Reject {
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(why, "why");
        }

        public ErrorScope scope() {
            return rule.scope();
        }

        public ErrorCode code() {
            return rule.code();
        }

        public SpecRef spec() {
            return rule.spec();
        }

        /** The typed error for this rejection on {@code streamId}. */
        public H2Exception toException(int streamId) {
            return H2Errors.of(rule, streamId, why);
        }
    }
}
