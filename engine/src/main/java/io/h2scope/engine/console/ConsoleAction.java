package io.h2scope.engine.console;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.hpack.HeaderField;

import java.time.Duration;
import java.util.List;

/** One console line, parsed by {@link ConsoleParser}; {@link ConsoleSession} runs it. */
public sealed interface ConsoleAction {

    /** Sends one frame as it is (no check: it may break any rule on purpose). */
    record SendFrame(Frame frame) implements ConsoleAction {
    }

    /**
     * Sends one HEADERS frame with END_HEADERS carrying {@code fields}, HPACK-encoded with the connection's encoder.
     *
     * @param streamId the stream, or 0 for the next client stream the console has not used
     */
    record SendHeaders(int streamId, boolean endStream, List<HeaderField> fields) implements ConsoleAction {
    }

    /** Sends octets as they are: a frame of any header, half a frame, no frame at all. */
    record SendOctets(byte[] octets) implements ConsoleAction {
    }

    /** Prints what the peer sends for {@code time}. */
    record Wait(Duration time) implements ConsoleAction {
    }

    /** Prints the command list. */
    record Help() implements ConsoleAction {
    }

    /** Closes the connection and ends the console. */
    record Quit() implements ConsoleAction {
    }

    /** A blank line or a {@code #} comment: does nothing (scripts may have them). */
    record Nothing() implements ConsoleAction {
    }
}
