package io.h2scope.engine.trace.log;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.function.BiConsumer;

/**
 * The fields a log line carries beside its message, for a log pipeline that indexes them (logback's JSON encoder
 * writes them as its {@code kvpList}): {@code conn}, {@code stream} when the event is about one, and for a frame
 * {@code dir} ({@code send}/{@code recv}) and {@code type}.
 */
final class LogFields {

    private LogFields() {
    }

    static void of(TraceEvent event, BiConsumer<String, Object> field) {
        field.accept("conn", event.connectionId());
        if (event.streamId() >= 0) {
            field.accept("stream", event.streamId());
        }
        if (event instanceof FrameEvent f) {
            field.accept("dir", f.direction() == Direction.INBOUND ? "recv" : "send");
            field.accept("type", FrameType.nameOf(f.header().typeCode()));
        }
    }
}
