package io.h2scope.inspector.view;

/** A time since the connection started as the views write it inside sentences: {@code 0.031695 s}. */
final class TimeText {

    private TimeText() {
    }

    static String seconds(long nanos) {
        long micros = nanos / 1_000;
        return String.format("%d.%06d s", micros / 1_000_000, micros % 1_000_000);
    }
}
