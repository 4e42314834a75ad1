package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;

import java.net.http.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSession;

/**
 * A response of {@link H2Client}: status, regular header fields, the body as the
 * {@link java.net.http.HttpResponse.BodyHandler} made it, and the trailers, which complete when the
 * stream ends (an empty list when there were none).
 */
public record H2Response<T>(H2Request request, int status, List<HeaderField> headers, T body,
        CompletableFuture<List<HeaderField>> trailers, int streamId, long connectionId, Optional<SSLSession> sslSession) {

    public H2Response {
        headers = HeaderList.copyOf(headers); // a decoded HeaderList as it is: immutable already
    }

    /** The first value of {@code name} (lower-case), if present. */
    public Optional<String> header(String name) {
        return headers.stream().filter(f -> f.name().equals(name)).map(HeaderField::value).findFirst();
    }

    /** The fields as JDK {@link HttpHeaders}. */
    public HttpHeaders httpHeaders() {
        return toHttpHeaders(headers);
    }

    static HttpHeaders toHttpHeaders(List<HeaderField> fields) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (HeaderField f : fields) {
            if (!f.name().startsWith(":")) {
                map.computeIfAbsent(f.name(), k -> new java.util.ArrayList<>()).add(f.value());
            }
        }
        return HttpHeaders.of(map, (a, b) -> true);
    }
}
