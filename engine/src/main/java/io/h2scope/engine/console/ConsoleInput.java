package io.h2scope.engine.console;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The lines a {@link ConsoleSession} is to run, handed over from another thread (a terminal's reader, a window's
 * button), and the end of them.
 */
public final class ConsoleInput {

    /** The end of the input in the queue (compared by identity). */
    private static final String END = new String("the end of the input");

    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

    /** One more line to run. */
    public void line(String line) {
        lines.add(line);
    }

    /** No line follows: the session reads what the peer still sends for a while and ends. */
    public void end() {
        lines.add(END);
    }

    /** The next line, or null when none is waiting; {@link #isEnd} tells the end. */
    String poll() {
        return lines.poll();
    }

    static boolean isEnd(String line) {
        return line == END;
    }
}
