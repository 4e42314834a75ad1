package io.h2scope.cli.trace;

/** The line a reader prints on standard error when a trace holds credentials in clear. */
final class RevealNote {

    private RevealNote() {
    }

    /** For the trace read from {@code where}; {@code shown}: the reader gave --reveal. */
    static String of(String where, boolean shown) {
        return "h2scope: " + where + " holds credentials in clear (recorded with H2SCOPE_TRACE_REVEAL=1): "
                + (shown ? "shown, as --reveal asks" : "hidden here; --reveal shows them");
    }
}
