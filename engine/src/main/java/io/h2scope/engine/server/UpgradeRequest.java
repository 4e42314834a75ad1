package io.h2scope.engine.server;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http1.Http1Header;
import io.h2scope.engine.http1.Http1Request;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The HTTP/2 field block of the HTTP/1.1 request that asked for {@code Upgrade: h2c} (stream 1, RFC 7540 §3.2). */
final class UpgradeRequest {

    // RFC9113 §8.2.2: "connection-specific header fields" must not appear in HTTP/2; Host becomes :authority (§8.3.1)
    private static final Set<String> DROPPED = Set.of("connection", "upgrade", "http2-settings", "host", "keep-alive",
            "proxy-connection", "transfer-encoding");

    private UpgradeRequest() {
    }

    static List<HeaderField> fields(Http1Request request) {
        List<HeaderField> fields = new ArrayList<>();
        fields.add(new HeaderField(":method", request.method()));
        fields.add(new HeaderField(":scheme", "http"));
        request.firstValue("Host").ifPresent(host -> fields.add(new HeaderField(":authority", host.strip())));
        fields.add(new HeaderField(":path", request.target()));
        Set<String> named = new java.util.HashSet<>();
        for (String value : request.values("Connection")) {
            for (String token : value.split(",")) {
                named.add(token.strip().toLowerCase(Locale.ROOT));
            }
        }
        for (Http1Header h : request.headers()) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (DROPPED.contains(name) || named.contains(name)) {
                continue;
            }
            if (name.equals("te") && !h.value().strip().equalsIgnoreCase("trailers")) {
                continue; // RFC9113 §8.2.2: te "MUST NOT contain any value other than trailers"
            }
            fields.add(new HeaderField(name, h.value().strip()));
        }
        return fields;
    }
}
