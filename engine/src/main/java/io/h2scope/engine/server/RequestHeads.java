package io.h2scope.engine.server;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.ContentLengthCheck;
import io.h2scope.engine.http.RequestHead;

import java.util.List;

/**
 * Splits a request field block the core has already validated (RFC 9113 §8.3.1, by its
 * {@code MessageRules}) into a {@link RequestHead}, without judging it a second time.
 */
final class RequestHeads {

    private RequestHeads() {
    }

    static RequestHead of(int streamId, List<HeaderField> block) {
        String method = null;
        String scheme = null;
        String authority = null;
        String path = null;
        String protocol = null;
        int i = 0;
        for (; i < block.size(); i++) {
            HeaderField f = block.get(i);
            String name = f.name();
            if (name.isEmpty() || name.charAt(0) != ':') {
                break;
            }
            switch (name) {
                case ":method" -> method = f.value();
                case ":scheme" -> scheme = f.value();
                case ":authority" -> authority = f.value();
                case ":path" -> path = f.value();
                case ":protocol" -> protocol = f.value();
                default -> {
                    // the core refused undefined pseudo-headers already
                }
            }
        }
        List<HeaderField> fields = block.subList(i, block.size());
        return new RequestHead(method, scheme, authority, path, protocol, fields,
                ContentLengthCheck.declaredLength(streamId, fields));
    }
}
