package io.h2scope.conformance.client.faulty;

import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.client.drive.ClientTask;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * h2scope's own client breaking one rule: the {@link H2ClientUnderTest} adapter, each task's connections passed
 * through a {@link FrameRelay} that rewrites its frames as the {@link ClientFault} says. The engine is untouched, and
 * {@link ClientFault#NONE} is the same client through the same relay, the baseline a fault's run is compared with
 * ({@link ClientFault#NONE_WITH_PUSH} for the faults whose client allows push).
 * It speaks h2c (prior knowledge or Upgrade) and TLS, which the relay ends on both sides ({@link RelayTls}).
 */
final class FaultyClient implements ClientUnderTest {

    private final ClientFault fault;
    private final ClientUnderTest client;

    FaultyClient(ClientFault fault) {
        this.fault = fault;
        // with push enabled, every push is accepted: the push cases judge what the client does with it
        this.client = fault.run().push() ? new H2ClientUnderTest((promised, response) -> true)
                : new H2ClientUnderTest();
    }

    @Override
    public String name() {
        return "h2scope-" + fault.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String describe() {
        return "h2scope's own H2Client" + (fault.run().push() ? " with push enabled" : "") + " through a relay that "
                + fault.does() + ", in process";
    }

    @Override
    public Set<ClientAbility> abilities() {
        return EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE, ClientAbility.UPGRADE, ClientAbility.TLS,
                ClientAbility.PARALLEL, ClientAbility.BODY);
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        URI first = task.requests().get(0).url();
        boolean tls = task.connect() == Connect.TLS;
        try (FrameRelay relay = new FrameRelay(new InetSocketAddress(first.getHost(), first.getPort()),
                task.connect() == Connect.UPGRADE, tls ? task.caCertificates() : null, fault::open)) {
            List<ClientRequest> relayed = task.requests().stream()
                    .map(r -> new ClientRequest(viaRelay(r.url(), relay.port()), r.method(), r.body())).toList();
            // over TLS the client trusts the relay's authority, whose certificate the relay shows it
            return client.fetch(new ClientTask(relayed, task.connect(), tls ? RelayTls.shared().authorityFile()
                    : task.ca(), task.timeout()));
        } catch (IOException e) {
            throw new UncheckedIOException("the relay could not listen on loopback", e);
        }
    }

    private static URI viaRelay(URI url, int port) {
        return URI.create(url.getScheme() + "://" + url.getHost() + ":" + port + url.getRawPath()
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
    }
}
