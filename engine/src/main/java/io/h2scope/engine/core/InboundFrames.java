package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FieldBlockJoiner;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.StrictFrameHandler;

import java.util.Optional;

/**
 * Every frame read, handed by type to {@link InboundData}, {@link InboundFieldBlocks} (HEADERS,
 * PUSH_PROMISE) or {@link InboundControl}, GOAWAY to the connection. Every frame read is traced
 * once, after it was handled (so the event shows the state it left), and before any RST_STREAM or
 * GOAWAY it provoked. Stream errors become RST_STREAM here; connection errors are thrown out of
 * {@link FrameReader#read} to the connection.
 */
final class InboundFrames implements StrictFrameHandler {

    private final ConnectionLifecycle lifecycle;
    /** Read for the trace: the raw bytes of the frame being handled. */
    private final FrameReader reader;
    private final TracePublisher tracer;
    private final HeaderBlockAssembler assembler;
    private final ConnectionClock clock;
    private final FloodGuard guard;
    /** Test-only hooks that provoke errors on some frames, or null. */
    private final ConnectionHooks hooks;
    private final StreamErrors streamErrors;
    private final InboundData data;
    private final InboundFieldBlocks fieldBlocks;
    private final InboundControl control;

    InboundFrames(ConnectionLifecycle lifecycle, FrameReader reader, TracePublisher tracer,
            HeaderBlockAssembler assembler, ConnectionClock clock, FloodGuard guard, ConnectionHooks hooks,
            StreamErrors streamErrors, InboundData data, InboundFieldBlocks fieldBlocks, InboundControl control) {
        this.lifecycle = lifecycle;
        this.reader = reader;
        this.tracer = tracer;
        this.assembler = assembler;
        this.clock = clock;
        this.guard = guard;
        this.hooks = hooks;
        this.streamErrors = streamErrors;
        this.data = data;
        this.fieldBlocks = fieldBlocks;
        this.control = control;
    }

    @Override
    public void onFrame(Frame frame) {
        if (lifecycle.isClosed()) {
            return;
        }
        H2Exception error = null;
        tracer.beginInbound(reader, frame);
        try {
            lifecycle.firstFrame(frame.typeCode(), frame instanceof SettingsFrame s && s.ack());
            assembler.checkSequence(frame.typeCode(), frame.streamId());
            dispatch(frame);
        } catch (H2Exception e) {
            error = e;
        } finally {
            tracer.endInbound(); // after what the frame changed itself, before the error it raised
        }
        raise(error);
    }

    @Override
    public void onViolation(FrameHeader header, Violation violation) {
        if (lifecycle.isClosed()) {
            return;
        }
        tracer.violation(header, violation);
        lifecycle.firstFrame(header.typeCode(), header.hasFlag(Flags.ACK) && header.typeCode() == FrameType.SETTINGS.code());
        assembler.checkSequence(header.typeCode(), header.streamId());
        if (header.typeCode() == FrameType.DATA.code() && violation.scope() == ErrorScope.STREAM) {
            try {
                // RFC9113 §6.9: a DATA frame in error still counts against the connection window
                data.countUndelivered(header.streamId(), header.length());
            } catch (ConnectionError overflow) {
                // RFC9113 §4.2: the frame's size is what is wrong ("MUST send an error code of FRAME_SIZE_ERROR");
                // that it also overflows the connection window makes it a connection error of that code
                throw H2Errors.connection(violation.rule(), violation.detail()
                        + "; its " + header.length() + " octets also exceed the connection window");
            }
        }
        StrictFrameHandler.super.onViolation(header, violation);
    }

    @Override
    public void onStreamError(FrameHeader header, StreamError error) {
        streamErrors.raise(error);
    }

    /** An error a test-only hook provoked (null without one): thrown like the engine's own, so it takes the same path. */
    static void provoked(H2Exception error) {
        if (error != null) {
            throw error;
        }
    }

    private void raise(H2Exception error) {
        if (error instanceof StreamError streamError) {
            streamErrors.raise(streamError);
        } else if (error instanceof ConnectionError connectionError) {
            throw connectionError;
        }
    }

    private void dispatch(Frame frame) {
        if (frame instanceof DataFrame f) {
            data.onData(f);
        } else if (frame instanceof HeadersFrame f) {
            FieldBlockJoiner.Block block = assembler.start(f, clock.now());
            if (block != null) {
                fieldBlocks.onHeaderBlock(block);
            }
        } else if (frame instanceof ContinuationFrame f) {
            FieldBlockJoiner.Block block = assembler.append(f, guard, clock.now());
            if (block != null) {
                fieldBlocks.onHeaderBlock(block);
            }
        } else if (frame instanceof PushPromiseFrame f) {
            fieldBlocks.onPushPromiseStart(f);
        } else if (frame instanceof PriorityFrame f) {
            control.onPriority(f);
        } else if (frame instanceof RstStreamFrame f) {
            provoked(hooks == null ? null : hooks.provokedBy(f));
            control.onRstStream(f);
        } else if (frame instanceof SettingsFrame f) {
            control.onSettings(f);
        } else if (frame instanceof PingFrame f) {
            control.onPing(f);
        } else if (frame instanceof GoAwayFrame f) {
            provoked(hooks == null ? null : hooks.provokedBy(f));
            lifecycle.goAwayReceived(f);
        } else if (frame instanceof WindowUpdateFrame f) {
            control.onWindowUpdate(f);
        } else if (frame instanceof UnknownFrame) {
            // RFC9113 §5.5: "Implementations MUST ignore unknown or unsupported values in all extensible protocol elements"
            guard.onGlitch(clock.now(), "unknown frame type");
        }
    }

    /** A violation found on a per-frame path, thrown; an if rather than a capturing lambda, which allocates per frame. */
    static void throwIfPresent(Optional<Violation> violation, int streamId) {
        if (violation.isPresent()) {
            throw violation.get().toException(streamId);
        }
    }
}
