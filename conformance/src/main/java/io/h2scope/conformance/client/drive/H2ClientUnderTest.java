package io.h2scope.conformance.client.drive;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.client.PushHandler;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** h2scope's own {@link H2Client}, a fresh one per task: prior knowledge, Upgrade or TLS as the task says. */
public final class H2ClientUnderTest implements ClientUnderTest {

    private final PushHandler pushes;

    /** The client as it comes: push disabled (SETTINGS_ENABLE_PUSH 0). */
    public H2ClientUnderTest() {
        this(null);
    }

    /** The client accepting server pushes through {@code pushes} (SETTINGS_ENABLE_PUSH 1), for the push cases. */
    public H2ClientUnderTest(PushHandler pushes) {
        this.pushes = pushes;
    }

    @Override
    public String name() {
        return pushes == null ? "h2scope" : "h2scope-push";
    }

    @Override
    public String describe() {
        return "h2scope's own H2Client, in process";
    }

    @Override
    public Set<ClientAbility> abilities() {
        return EnumSet.allOf(ClientAbility.class);
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        try (H2Client client = engineFor(task, pushes).build()) {
            PendingOutcomes pending = new PendingOutcomes();
            for (ClientRequest r : task.requests()) {
                try {
                    HttpRequest.BodyPublisher body = r.body() == null ? null : HttpRequest.BodyPublishers.ofFile(r.body());
                    H2Request request = H2Request.newBuilder(r.url()).method(r.method(), body).build();
                    pending.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                            .thenApply(resp -> new PendingOutcomes.Delivered(resp.status(), resp.body().length,
                                    byName(resp.headers()))));
                } catch (IOException | RuntimeException e) {
                    pending.failedAtOnce(e);
                }
            }
            return pending.await(task.timeout());
        }
    }

    /** The engine's client made for {@code task}: prior knowledge, Upgrade or TLS (trusting its CA) as it says. */
    static H2Client.Builder engineFor(ClientTask task, PushHandler pushes) {
        // the client's own request timeout is beyond the task's: a request it would leave hanging is then TIMED_OUT
        // at the task's timeout, never its own timeout reported as a failure, which a case takes for a reaction
        H2Client.Builder builder = H2Client.newBuilder().connectTimeout(task.timeout())
                .requestTimeout(task.timeout().multipliedBy(2))
                .h2cUpgrade(task.connect() == Connect.UPGRADE)
                .pushHandler(pushes);
        if (task.connect() == Connect.TLS) {
            builder.trust(task.caCertificates());
        }
        return builder;
    }

    /** The response's fields by name, values in order (the JDK client's form). */
    private static Map<String, List<String>> byName(List<HeaderField> fields) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (HeaderField f : fields) {
            byName.computeIfAbsent(f.name(), n -> new ArrayList<>()).add(f.value());
        }
        return byName;
    }
}
