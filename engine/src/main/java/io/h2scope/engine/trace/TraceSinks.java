package io.h2scope.engine.trace;

import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceFileRecording;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.engine.trace.log.LogbackSetup;
import io.h2scope.engine.trace.log.Slf4jCategoryLog;
import io.h2scope.engine.trace.log.TextTraceSink;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.redact.RedactingSink;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the trace sink the environment asks for ({@link TraceConfig}): the text categories over
 * SLF4J and the JSONL recorder, composed behind one {@link RedactingSink}, so that every one of
 * them gets the same events with credentials and DATA left out as the configuration says; with the attach socket or
 * a filter of connections, a {@link LiveTrace} that does the same per connection. When nothing is asked
 * for it is {@link TraceSink#NONE}, so a connection with tracing off builds no event at all.
 *
 * <p>A facade passes {@code TraceSinks.fromEnvironment()} as its connections' sink.
 */
public final class TraceSinks {

    private TraceSinks() {
    }

    /**
     * The sink for this process's environment, built once (one recorder per file); the first call also
     * configures logback from {@code H2SCOPE_LOG} when logback is the backend and not configured by the user.
     */
    public static TraceSink fromEnvironment() {
        return SystemSink.INSTANCE;
    }

    /**
     * The sink {@code config} asks for. The text categories are included when any of them is enabled in
     * {@code log} (so a user's logging configuration can switch them on as well); a recorder that cannot
     * be opened is reported on {@code errors} and left out. All of them see the events {@code config}'s
     * redaction and DATA cap leave. A process that serves the attach socket ({@code H2SCOPE_TRACE_LISTEN}), or traces
     * only some connections ({@code H2SCOPE_TRACE_ONLY}), gets a {@link LiveTrace}: switchable live, decided per
     * connection; what is changed live is told on the {@value LogbackSetup#CONTROL_LOGGER} logger.
     */
    public static TraceSink fromConfig(TraceConfig config, CategoryLog log, PrintStream errors) {
        if (config.traceListen().isPresent() || config.traceOnly().isPresent() && !config.isOff()) {
            Logger control = LoggerFactory.getLogger(LogbackSetup.CONTROL_LOGGER);
            return LiveTrace.start(config, log, errors, control::info);
        }
        List<TraceSink> sinks = new ArrayList<>();
        sinks.add(new TextTraceSink(log, config.redaction()));
        TraceFileRecording.open(config, errors).ifPresent(sinks::add);
        return RedactingSink.wrap(compose(sinks), config.redaction(), config.traceDataMax());
    }

    /** All the enabled ones of {@code sinks}: {@link TraceSink#NONE} if none is, the sink itself if one is. */
    public static TraceSink compose(List<TraceSink> sinks) {
        List<TraceSink> enabled = sinks.stream().filter(TraceSink::enabled).toList();
        if (enabled.isEmpty()) {
            return TraceSink.NONE;
        }
        return enabled.size() == 1 ? enabled.get(0) : new Composite(enabled);
    }

    private static final class SystemSink {
        static final TraceSink INSTANCE = build();

        private static TraceSink build() {
            TraceConfig config = TraceConfig.fromSystemEnvironment();
            LogbackSetup.configure(config);
            return fromConfig(config, new Slf4jCategoryLog(), System.err);
        }
    }

    /** Several sinks as one; each event goes to each, in order. */
    private static final class Composite implements TraceSink {
        private final TraceSink[] sinks;
        private final boolean hpack;

        Composite(List<TraceSink> sinks) {
            this.sinks = sinks.toArray(new TraceSink[0]);
            this.hpack = sinks.stream().anyMatch(TraceSink::wantsHpackDetail);
        }

        /** Each sink's batch around the next one's, so that every sink may hold the run back. */
        @Override
        public void batch(Runnable events) {
            batch(0, events);
        }

        private void batch(int from, Runnable events) {
            if (from == sinks.length) {
                events.run();
            } else {
                sinks[from].batch(() -> batch(from + 1, events));
            }
        }

        @Override
        public void onEvent(TraceEvent event) {
            for (TraceSink sink : sinks) {
                if (sink.enabled()) {
                    sink.onEvent(event);
                }
            }
        }

        @Override
        public boolean wantsHpackDetail() {
            return hpack;
        }

        @Override
        public boolean wants(Class<? extends TraceEvent> kind) {
            for (TraceSink sink : sinks) {
                if (sink.wants(kind) && sink.enabled()) {
                    return true;
                }
            }
            return false;
        }
    }
}
