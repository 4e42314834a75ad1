package io.h2scope.engine.flow;

/** Receives the WINDOW_UPDATE frames flow control decides to send (stream 0: the connection). */
@FunctionalInterface
public interface WindowUpdateSink {

    void windowUpdate(int streamId, int increment);
}
