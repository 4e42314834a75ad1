package io.h2scope.engine.flow;

/**
 * When to give the peer back flow-control credit, and how much (RFC 9113 §5.2.1 item 7: "This
 * document does not stipulate how a receiver decides when to send this frame or the value that
 * it sends"). Asked each time the application consumes data, per window.
 */
public interface WindowUpdatePolicy {

    /** Send a WINDOW_UPDATE for every consumed byte at once: the lowest latency, the most frames. */
    WindowUpdatePolicy IMMEDIATE = new Immediate();

    /** Never send one by itself: the caller (e.g. a conformance case) decides each WINDOW_UPDATE. */
    WindowUpdatePolicy MANUAL = new Manual();

    /** Half the window: a common balance between frame count and stalls. */
    WindowUpdatePolicy HALF = new Ratio(0.5);

    /**
     * The increment to send now, 0 for none. Implementations return at most {@code unacknowledged}.
     *
     * @param targetWindow   the window size this receiver keeps open for the peer
     * @param unacknowledged octets the application consumed that no WINDOW_UPDATE has returned yet (> 0)
     */
    int increment(int targetWindow, long unacknowledged);

    /** Returns everything consumed at once. */
    record Immediate() implements WindowUpdatePolicy {
        @Override
        public int increment(int targetWindow, long unacknowledged) {
            return (int) Math.min(unacknowledged, FlowWindow.MAX_SIZE);
        }
    }

    /**
     * Returns the consumed octets once they reach {@code ratio} of the target window.
     *
     * <p>Worked example: target window 65,535 and ratio 0.5 give a threshold of 32,767.5. The
     * application consumes 16,384 octets: 16,384 &lt; 32,767.5, nothing is sent. It consumes
     * another 16,384: 32,768 &ge; 32,767.5, so one WINDOW_UPDATE of 32,768 goes out. A peer that had
     * sent 65,535 octets (window 0) is back to a window of 32,768, and to the full 65,535 once the
     * remaining 32,767 octets have been consumed and returned in turn.
     */
    record Ratio(double ratio) implements WindowUpdatePolicy {
        public Ratio {
            if (!(ratio > 0 && ratio <= 1)) {
                throw new IllegalArgumentException("ratio must be in (0, 1], got " + ratio);
            }
        }

        @Override
        public int increment(int targetWindow, long unacknowledged) {
            return unacknowledged >= ratio * targetWindow ? (int) Math.min(unacknowledged, FlowWindow.MAX_SIZE) : 0;
        }
    }

    /** Never sends anything by itself. */
    record Manual() implements WindowUpdatePolicy {
        @Override
        public int increment(int targetWindow, long unacknowledged) {
            return 0;
        }
    }
}
