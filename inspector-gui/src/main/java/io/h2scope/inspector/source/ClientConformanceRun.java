package io.h2scope.inspector.source;

import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.client.drive.ServedClient;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedListener;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The client suite run from the window, as {@code ./h2scope conform-client} runs it: against a client known by name
 * ({@code h2scope}, the engine's own, {@code jdk}, or a command-line profile such as {@code curl}), each case a
 * scripted server the client is told to fetch from; or, for {@link #SERVE}, every case served at once for any client
 * to fetch (a browser, an app), its URLs told to the listener as in {@code conform-client --serve}. A finished case's
 * frame exchange (both ways, as the case's server's observer read it) becomes a {@link TraceSource}
 * ({@link #exchangeOf}), as a server case's does.
 */
public final class ClientConformanceRun extends InterruptibleRun {

    /** The client name that serves the cases to any client instead of starting one. */
    public static final String SERVE = "serve";
    /** How long each case waits for the client to connect, send and finish ({@code conform-client --timeout}). */
    public static final Duration CASE_TIMEOUT = Duration.ofSeconds(5);
    /** How long served cases wait to be fetched ({@code conform-client --serve-wait}). */
    public static final Duration SERVE_WAIT = Duration.ofMinutes(5);

    private final String clientName;
    private final boolean tls;
    private final CaseSelection selection;

    /**
     * @param clientName a name {@link ClientsUnderTest} knows, or {@link #SERVE}
     * @param tls        connect by TLS (else the client's first way: prior knowledge, Upgrade, TLS; served: h2c)
     * @param sections   section names or RFC section numbers, separated by commas or spaces; none: the whole suite
     */
    public ClientConformanceRun(String clientName, boolean tls, String sections) {
        super("h2scope-inspector-client-suite");
        this.clientName = Objects.requireNonNull(clientName, "clientName").strip();
        this.tls = tls;
        this.selection = SuiteRun.selection(sections);
    }

    /** @throws IllegalArgumentException naming the client or section that does not exist */
    @Override
    public void check() {
        if (!clientName.equals(SERVE) && !ClientsUnderTest.names().contains(clientName)) {
            throw new IllegalArgumentException("no client is called '" + clientName + "': give one of "
                    + String.join(", ", ClientsUnderTest.names()) + ", or " + SERVE + " to wait for any client");
        }
        SuiteRun.checkSelects(selection, ClientSuite.selectables(), "client", "client/6.9", "6.5");
    }

    @Override
    void run(Listener listener) {
        boolean serve = clientName.equals(SERVE);
        Connect served = tls ? Connect.TLS : Connect.PRIOR_KNOWLEDGE;
        try (ClientUnderTest c = serve ? new ServedClient(served, SERVE_WAIT) : ClientsUnderTest.named(clientName);
                ClientSuiteRunner runner = new ClientSuiteRunner(c, CASE_TIMEOUT,
                        serve || tls ? Optional.of(serve ? served : Connect.TLS) : Optional.empty(), false, selection)) {
            JudgedListener judged = new JudgedListener() {
                @Override
                public void starting(int caseCount) {
                    listener.started("client " + c.name() + ": " + c.describe(), caseCount);
                }

                @Override
                public void judged(JudgedCase result) {
                    listener.caseFinished(result);
                }
            };
            ClientRunResult result;
            if (serve) {
                if (served == Connect.TLS) {
                    listener.told("served over TLS with a certificate from a CA made for this run: trust "
                            + runner.certificates().caFile() + " in the client");
                }
                listener.told("fetch each URL once with the client under test (each waits " + SERVE_WAIT.toMinutes()
                        + " min):");
                result = runner.serve(ClientSuite.sections(), judged, (c2, url) -> listener.told(url + "   "
                        + c2.description()));
            } else {
                result = runner.run(ClientSuite.sections(), judged);
            }
            if (result.results().isEmpty() && result.diagnosis().isPresent()) {
                listener.failed(result.diagnosis().get()); // the client could not be started, or never connected
                return;
            }
            listener.finished(SuiteRun.summary(result));
        } catch (InterruptedException e) {
            listener.failed("the run was stopped");
        } catch (IOException | RuntimeException e) {
            listener.failed("the run broke off: " + e.getMessage());
        }
    }

    /** The frames both ways of each connection the case's server had with the client, as its observer read them. */
    @Override
    public TraceSource exchangeOf(JudgedCase result) {
        return SuiteRun.recorded(result);
    }
}
