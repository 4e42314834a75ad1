package io.h2scope.conformance.client.drive;

import java.util.List;
import java.util.Set;

/**
 * An HTTP/2 client the suite judges: it is told to make requests and says what it reported to its caller for each.
 * Implementations run the client in process or as a command; none of them interprets the wire, which the scripted
 * server observes.
 */
public interface ClientUnderTest extends AutoCloseable {

    /** A short name for reports: {@code curl}, {@code jdk-httpclient}. */
    String name();

    /** What it is, for a report's header: a command line, an in-process adapter. */
    default String describe() {
        return name() + ", in process";
    }

    /**
     * Whether it reports back on each task (its outcome is evidence, and its end without a connection means it never
     * will connect); false for a client that is only waited for.
     */
    default boolean reportsBack() {
        return true;
    }

    /** How long a case waits for it to connect, given the case's timeout. */
    default java.time.Duration connectWait(java.time.Duration caseTimeout) {
        return caseTimeout;
    }

    /** What it can be made to do; a task that needs more is not given to it. */
    Set<ClientAbility> abilities();

    /**
     * Carries {@code task} out and returns one outcome per request, in the task's order. Never throws for what the
     * client did (a failed request is an outcome); returns within the task's timeout and a few seconds.
     *
     * @throws IllegalArgumentException when the task needs an ability this client lacks
     * @throws InterruptedException     when the calling thread is interrupted (the client is stopped first)
     */
    List<ClientOutcome> fetch(ClientTask task) throws InterruptedException;

    /** Releases what the client holds (connections, threads); the default holds nothing. */
    @Override
    default void close() {
    }

    /**
     * Refuses a task this client cannot carry out.
     *
     * @throws IllegalArgumentException naming the first ability it lacks
     */
    default void requireAbilities(ClientTask task) {
        Set<ClientAbility> missing = missing(task);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(name() + " cannot " + missing.iterator().next().words());
        }
    }

    /** The abilities {@code task} needs that this client lacks, or an empty set. */
    default Set<ClientAbility> missing(ClientTask task) {
        Set<ClientAbility> missing = new java.util.TreeSet<>(task.needs());
        missing.removeAll(abilities());
        return missing;
    }
}
