package io.h2scope.engine.transport;

import java.util.Optional;

/** A connection confined to its loop thread (servers): the loop's work runs at once, no caller works on it. */
final class LoopConfinement implements ConnectionThreads {

    private final LoopThread loop;

    LoopConfinement(LoopThread loop) {
        this.loop = loop;
    }

    @Override
    public boolean heldByCurrentThread() {
        return loop.inEventLoop();
    }

    @Override
    public void onLoop(Runnable work) {
        work.run();
    }

    @Override
    public void onSelected(Runnable handleReady) {
        handleReady.run();
    }

    @Override
    public Runnable loopTask(Runnable task) {
        return task;
    }

    @Override
    public boolean callerReads() {
        return false;
    }

    @Override
    public boolean suspended() {
        return false;
    }

    @Override
    public void closed() {
        // nothing of callers' to end
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        return Optional.empty();
    }
}
