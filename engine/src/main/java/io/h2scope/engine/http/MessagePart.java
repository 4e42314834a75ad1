package io.h2scope.engine.http;

/** Which field block is being validated: decides the pseudo-header set and names it in details. */
enum MessagePart {
    REQUEST("request"),
    PUSHED_REQUEST("pushed request"),
    RESPONSE("response"),
    TRAILERS("trailer section");

    private final String words;

    MessagePart(String words) {
        this.words = words;
    }

    @Override
    public String toString() {
        return words;
    }
}
