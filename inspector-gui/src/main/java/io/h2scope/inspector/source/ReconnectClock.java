package io.h2scope.inspector.source;

import java.time.Duration;
import java.time.Instant;

/**
 * The time an {@link AttachSource} reconnects by: when the socket dropped, how long it has tried, how long it pauses
 * between tries. The system's clock in use; a test's virtual one moves only when paused, so the limit is tested
 * without waiting it out.
 */
interface ReconnectClock {

    Instant now();

    /** Waits {@code pause}; interrupted when the source is closed. */
    void pause(Duration pause) throws InterruptedException;

    ReconnectClock SYSTEM = new ReconnectClock() {
        @Override
        public Instant now() {
            return Instant.now();
        }

        @Override
        public void pause(Duration pause) throws InterruptedException {
            Thread.sleep(pause.toMillis());
        }
    };
}
