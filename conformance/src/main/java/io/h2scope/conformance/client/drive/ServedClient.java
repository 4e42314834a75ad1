package io.h2scope.conformance.client.drive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Any client that fetches the URLs a run prints ({@code --serve}): a browser, a phone app. Nothing is started and
 * nothing is reported back, so each case is judged by the frames the client sends alone; it makes one request per
 * case, connecting the run's one way.
 */
public final class ServedClient implements ClientUnderTest {

    private final Connect connect;
    private final Duration wait;

    /**
     * @param connect how the served URLs are reached (a browser needs {@link Connect#TLS})
     * @param wait    how long each case waits to be fetched
     */
    public ServedClient(Connect connect, Duration wait) {
        this.connect = connect;
        this.wait = wait;
    }

    @Override
    public String name() {
        return "served";
    }

    @Override
    public String describe() {
        return "any client fetching the printed URLs";
    }

    @Override
    public Set<ClientAbility> abilities() {
        return EnumSet.of(connect.ability());
    }

    @Override
    public boolean reportsBack() {
        return false;
    }

    @Override
    public Duration connectWait(Duration caseTimeout) {
        return wait;
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) {
        List<ClientOutcome> outcomes = new ArrayList<>();
        task.requests().forEach(r -> outcomes.add(new ClientOutcome(ClientOutcome.Kind.NOT_REPORTED, -1, -1,
                "a served client tells nothing back: judged by its frames", Duration.ZERO)));
        return outcomes;
    }
}
