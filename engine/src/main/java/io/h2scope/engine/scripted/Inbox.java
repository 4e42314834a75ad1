package io.h2scope.engine.scripted;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.observer.FrameListener;
import io.h2scope.engine.stream.SenderEnd;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** What the observer read from the other side, queued for the script, and every frame and its fields kept. */
final class Inbox implements FrameListener {

    final ArrayDeque<Incoming> pending = new ArrayDeque<>();
    final List<Frame> frames = new ArrayList<>();
    /** The decoded block of each frame that completed one, by identity (two equal frames are two reads). */
    final Map<Frame, List<HeaderField>> fields = new IdentityHashMap<>();

    @Override
    public void frame(Frame frame, List<HeaderField> block, SenderEnd before) {
        frames.add(frame);
        if (block != null) {
            fields.put(frame, block);
        }
        pending.add(new Incoming.FrameIn(frame, block, before));
    }

    @Override
    public void brokenFrame(FrameHeader header, Violation violation) {
        pending.add(new Incoming.BrokenFrame(header, violation));
    }

    @Override
    public void undecodableBlock(int streamId, int blockLength, HpackException error) {
        pending.add(new Incoming.UndecodableBlock(streamId, blockLength, error));
    }
}
