package io.h2scope.conformance.client.drive;

import io.h2scope.engine.client.H2HttpClient;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * h2scope's {@link H2HttpClient}, the {@code java.net.http.HttpClient} drop-in over {@link
 * io.h2scope.engine.client.H2Client}, a fresh one per task: the engine's client as {@link H2ClientUnderTest} makes it,
 * driven through the JDK's API as {@link JdkHttpClientUnderTest} drives the JDK's own, so what the drop-in adds (its
 * conversion of requests, responses and failures) is judged too.
 */
public final class H2HttpClientUnderTest implements ClientUnderTest {

    @Override
    public String name() {
        return "h2scope-dropin";
    }

    @Override
    public String describe() {
        return "h2scope's H2HttpClient (the java.net.http.HttpClient drop-in over H2Client), in process";
    }

    @Override
    public Set<ClientAbility> abilities() {
        return EnumSet.allOf(ClientAbility.class);
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        try (H2HttpClient client = new H2HttpClient(H2ClientUnderTest.engineFor(task, null).build())) {
            return JdkHttpClientUnderTest.fetchThrough(client, task);
        }
    }
}
