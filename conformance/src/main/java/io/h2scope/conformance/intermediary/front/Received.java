package io.h2scope.conformance.intermediary.front;

import io.h2scope.conformance.intermediary.origin.PrintableOctets;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Everything the client in front received on its request's stream, in order: each field block (interim responses,
 * the final response, trailers), the DATA octets, how the stream ended, and a line per frame as evidence.
 *
 * @param blocks   the field blocks, in order
 * @param data     every DATA payload, joined
 * @param end      how the stream ended
 * @param code     the error code of RST_STREAM or GOAWAY, else 0
 * @param detail   how the connection closed, a GOAWAY's debug data
 * @param afterEnd frames the front sent on the stream after it had ended it (END_STREAM): extraneous frames
 * @param frames   one line per frame on the stream (and the connection's end), for the evidence
 */
public record Received(List<Block> blocks, byte[] data, End end, int code, String detail, int afterEnd,
        List<String> frames) {

    /** How the stream ended, as the client saw it. */
    public enum End {
        /** A frame with END_STREAM: a complete response (RFC 9113 §8.1). */
        COMPLETE,
        RESET,
        GOAWAY,
        CLOSED,
        /** Nothing ended it within the case's timeout. */
        TIMEOUT
    }

    /** One field block and whether its HEADERS frame ended the stream. */
    public record Block(List<HeaderField> fields, boolean endStream) {

        public Block {
            fields = List.copyOf(fields);
        }

        /** The {@code :status} as a number; 0 when it is missing or not a number. */
        public int status() {
            return fields.stream().filter(f -> f.name().equals(":status")).findFirst().map(f -> {
                try {
                    return Integer.parseInt(f.value());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }).orElse(0);
        }

        /** An interim response: a 1xx status. */
        public boolean informational() {
            return status() >= 100 && status() < 200;
        }

        /** Every value of the fields named {@code name} exactly (HTTP/2 names are lowercase). */
        public List<String> values(String name) {
            return fields.stream().filter(f -> f.name().equals(name)).map(HeaderField::value).toList();
        }

        /** Whether a field of that name arrived, compared without case (an uppercase name is a fault to see). */
        public boolean hasIgnoringCase(String name) {
            return fields.stream().anyMatch(f -> f.name().equalsIgnoreCase(name));
        }
    }

    public Received {
        blocks = List.copyOf(blocks);
        data = data.clone();
        frames = List.copyOf(frames);
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /**
     * RST_STREAM REFUSED_STREAM before any response: the front did not process the request, which may be sent again
     * (RFC 9113 §8.7).
     */
    public boolean unprocessed() {
        return end == End.RESET && code == ErrorCode.REFUSED_STREAM.code() && blocks.isEmpty() && data.length == 0;
    }

    /** This result, which came after {@code retries} tries refused unprocessed, its evidence saying so first. */
    public Received retried(int retries) {
        List<String> noted = new java.util.ArrayList<>();
        noted.add(FrontClient.retryNote(retries));
        noted.addAll(frames);
        return new Received(blocks, data, end, code, detail, afterEnd, noted);
    }

    /** The interim responses before the final one. */
    public List<Block> informational() {
        return blocks.stream().takeWhile(Block::informational).toList();
    }

    /** The final response's block: the first that is not an interim response. */
    public Optional<Block> head() {
        return blocks.stream().dropWhile(Block::informational).findFirst();
    }

    /** The final response's status, 0 when there is none or it is no number. */
    public int status() {
        return head().map(Block::status).orElse(0);
    }

    /** The content, as ISO-8859-1 text. */
    public String body() {
        return new String(data, StandardCharsets.ISO_8859_1);
    }

    public boolean complete() {
        return end == End.COMPLETE;
    }

    /** How the stream ended, in words. */
    public String ending() {
        return switch (end) {
            case COMPLETE -> "END_STREAM";
            case RESET -> "RST_STREAM " + ErrorCode.nameOf(code);
            case GOAWAY -> "GOAWAY " + ErrorCode.nameOf(code) + (detail.isEmpty() ? "" : " (" + detail + ")");
            case CLOSED -> "the connection closed" + (detail.isEmpty() ? "" : " (" + detail + ")");
            case TIMEOUT -> "no end within the case's timeout";
        };
    }

    /** What the client received, frame by frame, escaped and bounded. */
    public String evidence() {
        return "client received: " + PrintableOctets.of(String.join("; ", frames));
    }

    @Override
    public String toString() {
        return evidence();
    }
}
