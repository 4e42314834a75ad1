package io.h2scope.engine.http1;

/** One HTTP/1.1 header field as received (name case kept, value without surrounding whitespace). */
public record Http1Header(String name, String value) {
}
