package io.h2scope.engine.transport;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

/**
 * What a process does when an {@link Error} (OutOfMemoryError, StackOverflowError, ...) escapes a loop's work. The
 * loop's connections may be half updated and the heap may be gone: a loop that merely dies leaves a process that
 * still accepts and never answers. A server therefore exits, so that a supervisor restarts it; a client's group,
 * living inside someone else's application, stops the loop and leaves the decision to the application.
 */
public enum FatalErrorPolicy {

    /** The loop ends and aborts its connections; the process goes on (logged at ERROR). */
    STOP_LOOP,
    /** One line on standard error, then the process halts with {@link #EXIT_STATUS} (shutdown hooks do not run). */
    EXIT_PROCESS;

    /** EX_SOFTWARE of sysexits.h: an internal error, not a usage error (2) nor a failed start (1). */
    public static final int EXIT_STATUS = 70;

    /**
     * The line is put together here, in memory set aside at start, and written straight to descriptor 2: after an
     * OutOfMemoryError the heap is full of what the process still holds, and a String, a StringBuilder or the
     * encoder behind System.err may not fit any more.
     */
    private static final byte[] LINE = new byte[512];
    private static final FileOutputStream STDERR = new FileOutputStream(FileDescriptor.err);
    /** Heap let go of first, so that whatever the line still needs (a class name made on first use) may fit. */
    private static volatile byte[] reserve = new byte[1 << 20];

    static {
        // Class.getName makes its String on first use: made now, while there is heap to make it
        OutOfMemoryError.class.getName();
        StackOverflowError.class.getName();
        InternalError.class.getName();
    }

    /**
     * Applies the policy to {@code error}, met by {@code where} (a thread name); returns only for {@link #STOP_LOOP}.
     * The process halts whether or not the line could be written.
     */
    public void onError(String where, Throwable error, System.Logger log) {
        if (this == STOP_LOOP) {
            log.log(System.Logger.Level.ERROR, where + " died", error);
            return;
        }
        reserve = null;
        try {
            writeLine(where, error);
        } catch (Throwable ignored) {
            // nothing can be said any more: the exit below is what matters
        } finally {
            Runtime.getRuntime().halt(EXIT_STATUS);
        }
    }

    private static synchronized void writeLine(String where, Throwable error) throws IOException {
        int n = put("h2scope: ", 0);
        n = put(where, n);
        n = put(" met ", n);
        n = put(error.getClass().getName(), n);
        String message = error.getMessage(); // a field read, no allocation
        if (message != null) {
            n = put(": ", n);
            n = put(message, n);
        }
        n = put("; exiting with status 70 so that a supervisor can restart the server\n", n);
        STDERR.write(LINE, 0, n);
    }

    /** Copies {@code text} (as Latin-1, cut at the buffer's end but for the newline) into {@link #LINE} at {@code at}. */
    private static int put(String text, int at) {
        int n = at;
        for (int i = 0; i < text.length() && n < LINE.length - 1; i++) {
            char c = text.charAt(i);
            LINE[n++] = (byte) (c < 0x100 ? c : '?');
        }
        if (text.endsWith("\n") && n == LINE.length - 1) {
            LINE[n++] = '\n';
        }
        return n;
    }
}
