package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;

/**
 * Events to the application's {@link ConnectionListener}. A received frame's trace event goes out
 * first, so the trace shows the frame before anything the application does in answer.
 */
final class ApplicationEvents {

    private final TracePublisher tracer;
    private final ConnectionListener listener;

    ApplicationEvents(TracePublisher tracer, ConnectionListener listener) {
        this.tracer = tracer;
        this.listener = listener;
    }

    void emit(Event event) {
        tracer.beforeEffect();
        listener.onEvent(event);
    }
}
