package io.h2scope.conformance.intermediary.front;

import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The request a case sends to the front, as HTTP/2 fields and frames: its header block, the DATA payloads (each its
 * own frame) and an optional trailer block. Built from an ordinary, marked request and changed by the case.
 *
 * @param fields   the header block, in order, as sent (nothing checked)
 * @param data     DATA payloads, in order
 * @param trailers the trailer block, or empty for none
 */
public record ProxyRequest(List<HeaderField> fields, List<byte[]> data, List<HeaderField> trailers) {

    public ProxyRequest {
        fields = List.copyOf(fields);
        data = List.copyOf(data);
        trailers = List.copyOf(trailers);
    }

    /** An ordinary GET of the marker's path on {@code authority}, the marker also in {@link Marker#HEADER}. */
    public static Builder get(Marker marker, String authority) {
        return new Builder(marker, "GET", authority);
    }

    /** An ordinary POST (the body is the case's to give). */
    public static Builder post(Marker marker, String authority) {
        return new Builder(marker, "POST", authority);
    }

    /** Changes to the ordinary request, each reading as what the case does to it. */
    public static final class Builder {
        private final List<HeaderField> fields = new ArrayList<>();
        private final List<byte[]> data = new ArrayList<>();
        private final List<HeaderField> trailers = new ArrayList<>();

        private Builder(Marker marker, String method, String authority) {
            fields.add(new HeaderField(":method", method));
            fields.add(new HeaderField(":scheme", "http"));
            fields.add(new HeaderField(":authority", authority));
            fields.add(new HeaderField(":path", marker.path()));
            fields.add(new HeaderField(Marker.HEADER, marker.value()));
        }

        /** Adds a field at the end of the header block. */
        public Builder with(String name, String value) {
            fields.add(new HeaderField(name, value));
            return this;
        }

        /**
         * Adds a pseudo-header field after the last one the block has, before every regular field (RFC 9113 §8.3),
         * so that only its presence is the fault.
         */
        public Builder pseudo(String name, String value) {
            int at = 0;
            while (at < fields.size() && fields.get(at).name().startsWith(":")) {
                at++;
            }
            fields.add(at, new HeaderField(name, value));
            return this;
        }

        /** Replaces the value of every field named {@code name} (a pseudo-header field, say). */
        public Builder replace(String name, String value) {
            fields.replaceAll(f -> f.name().equals(name) ? new HeaderField(name, value) : f);
            return this;
        }

        /** Removes every field named {@code name}. */
        public Builder without(String name) {
            fields.removeIf(f -> f.name().equals(name));
            return this;
        }

        /** One DATA frame of {@code text} (ISO-8859-1 octets). */
        public Builder data(String text) {
            data.add(text.getBytes(StandardCharsets.ISO_8859_1));
            return this;
        }

        /** A trailer field (the request then ends with the trailer block). */
        public Builder trailer(String name, String value) {
            trailers.add(new HeaderField(name, value));
            return this;
        }

        public ProxyRequest build() {
            return new ProxyRequest(fields, data, trailers);
        }
    }

    /** The value of the first field named {@code name}, or "". */
    public String value(String name) {
        return fields.stream().filter(f -> f.name().equals(name)).map(HeaderField::value).findFirst().orElse("");
    }
}
