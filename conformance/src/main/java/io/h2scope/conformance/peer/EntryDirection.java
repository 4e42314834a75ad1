package io.h2scope.conformance.peer;

/** Which way a trace entry went, from the peer's point of view. */
public enum EntryDirection {
    /** Sent by the peer (us) to the target. */
    OUT(">>"),
    /** Received from the target. */
    IN("<<"),
    /** Something the peer observed or decided that is not a frame (EOF, timeout, a probe). */
    NOTE("--");

    private final String arrow;

    EntryDirection(String arrow) {
        this.arrow = arrow;
    }

    public String arrow() {
        return arrow;
    }
}
