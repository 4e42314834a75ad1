package io.h2scope.engine.frame.codec;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import java.util.ArrayList;
import java.util.List;

/** Records what a reader delivers, in order: frames, and rejected frames with their violation. */
final class Recorder implements FrameHandler {

    /** A frame the reader refused. */
    record Rejected(FrameHeader header, Violation violation) {
    }

    final List<Object> events = new ArrayList<>();
    /** The reader's header for each delivered frame, captured inside onFrame. */
    final List<FrameHeader> frameHeaders = new ArrayList<>();
    private final FrameReader reader;

    Recorder(FrameReader reader) {
        this.reader = reader;
    }

    @Override
    public void onFrame(Frame frame) {
        events.add(frame);
        frameHeaders.add(reader.currentHeader());
    }

    @Override
    public void onViolation(FrameHeader header, Violation violation) {
        events.add(new Rejected(header, violation));
    }

    List<Frame> frames() {
        return events.stream().filter(Frame.class::isInstance).map(Frame.class::cast).toList();
    }

    List<Rejected> rejections() {
        return events.stream().filter(Rejected.class::isInstance).map(Rejected.class::cast).toList();
    }
}
