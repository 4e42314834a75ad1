package io.h2scope.conformance.intermediary.origin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What the origin answers one case's request with, instead of its ordinary 200: a response-side case scripts the
 * faulty answer its intermediary must not hand the client as it came, in octets or frames; an end-to-end case says
 * what a well-formed answer does ({@link OriginReply}: a cut, a GOAWAY, trailers), each origin in its own framing.
 */
public sealed interface OriginAnswer permits OriginAnswer.Http1, OriginAnswer.H2, OriginReply {

    /**
     * The octets an HTTP/1.1 origin writes, exactly (status line, fields, body, whatever follows).
     *
     * @param close whether the origin then ends the connection: a body framed by the close, or one cut short,
     *              ends only there
     */
    record Http1(byte[] octets, boolean close) implements OriginAnswer {

        public Http1 {
            octets = octets.clone();
        }

        @Override
        public byte[] octets() {
            return octets.clone();
        }

        /** {@code text}'s ISO-8859-1 octets (each char one octet, so NUL and 0xe9 can be written as they are). */
        public static Http1 of(String text, boolean close) {
            return new Http1(text.getBytes(StandardCharsets.ISO_8859_1), close);
        }
    }

    /** The frames an h2c origin sends on the request's stream, as the script plays them. */
    record H2(Script script) implements OriginAnswer {
    }

    /**
     * An h2c answer: frames sent by {@code peer} on {@code stream} (the origin acknowledges SETTINGS and PING). DATA
     * goes through {@link WindowedPeer#data}, so the origin's send windows count it.
     */
    @FunctionalInterface
    interface Script {
        void play(WindowedPeer peer, int stream) throws IOException;
    }
}
