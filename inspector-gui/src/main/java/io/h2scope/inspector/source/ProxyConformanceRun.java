package io.h2scope.inspector.source;

import io.h2scope.conformance.intermediary.IntermediaryTarget;
import io.h2scope.conformance.intermediary.OwnRelay;
import io.h2scope.conformance.intermediary.ProxyRunReport;
import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.proxy.RecordingProxy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The intermediary suite run from the window, as {@code ./h2scope conform-proxy --target} runs it: h2scope's origin
 * behind an intermediary it starts ({@link #OWN}: h2scope's own relay in this process, toward an h2c origin; or
 * {@code local:NAME}: a docker-targets folder's intermediary from its Debian package, toward the origin its config
 * names) and its client in front. A finished case's exchange is both legs, linked ({@link #exchangeOf}): the client's
 * connection to the intermediary and what the intermediary sent the origin.
 */
public final class ProxyConformanceRun extends InterruptibleRun {

    /** The intermediary name that runs h2scope's own relay in this process. */
    public static final String OWN = "own";
    /** How long each case waits for the front's answer ({@code conform-proxy --timeout}). */
    public static final Duration CASE_TIMEOUT = Duration.ofSeconds(5);

    private final String intermediary;
    private final CaseSelection selection;

    /**
     * @param intermediary {@link #OWN} or {@code local:NAME}
     * @param sections     section names or RFC section numbers, separated by commas or spaces; none: the whole suite
     */
    public ProxyConformanceRun(String intermediary, String sections) {
        super("h2scope-inspector-proxy-suite");
        this.intermediary = Objects.requireNonNull(intermediary, "intermediary").strip();
        this.selection = SuiteRun.selection(sections);
    }

    /** @throws IllegalArgumentException naming the intermediary or section that does not exist */
    @Override
    public void check() {
        if (!intermediary.equals(OWN)) {
            String name = intermediary.startsWith("local:") ? intermediary.substring("local:".length()) : "";
            try {
                if (name.isEmpty() || !IntermediaryTarget.names().contains(name)) {
                    throw new IllegalArgumentException("no intermediary is called '" + intermediary + "': give " + OWN
                            + " (h2scope's own relay) or local:NAME, NAME one of " + IntermediaryTarget.names());
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("the intermediaries cannot be listed: " + e.getMessage());
            }
        }
        SuiteRun.checkSelects(selection, ProxySuite.selectables(), "intermediary", "proxy/8.2.2", "8.2");
    }

    @Override
    void run(Listener listener) {
        boolean own = intermediary.equals(OWN);
        String name = own ? OWN : intermediary.substring("local:".length());
        try {
            OriginKind kind = own ? OriginKind.H2C : IntermediaryTarget.origin(IntermediaryTarget.spec(name));
            try (Origin origin = Origin.start(kind, 0); AutoCloseable front = own ? OwnRelay.toward(origin) : local(name, origin)) {
                InetSocketAddress address = front instanceof RecordingProxy p
                        ? new InetSocketAddress("127.0.0.1", p.port()) : ((IntermediaryTarget) front).front();
                FrontClient client = new FrontClient(address, front instanceof IntermediaryTarget l ? l.frontTls() : null,
                        CASE_TIMEOUT, FrontClient.DEFAULT_REFUSED_RETRIES);
                ProxyStage stage = new ProxyStage(origin, client, ProxyStage.DEFAULT_SETTLE);
                if (front instanceof IntermediaryTarget l && l.process().isPresent()) {
                    stage = stage.withIntermediary(l.process().get());
                }
                String description = own ? "h2scope's own relay" : ((IntermediaryTarget) front).description();
                run(listener, stage, kind, new Target(name, "127.0.0.1", address.getPort(),
                        front instanceof IntermediaryTarget l && l.frontTls() != null, "/"), description);
            }
        } catch (InterruptedException e) {
            listener.failed("the run was stopped");
        } catch (Exception e) {
            listener.failed("the run broke off: " + e.getMessage());
        }
    }

    private void run(Listener listener, ProxyStage stage, OriginKind kind, Target front, String description)
            throws InterruptedException {
        ProxySuiteRunner runner = new ProxySuiteRunner(stage, false, selection);
        Optional<String> unreachable = runner.unreachable();
        if (unreachable.isPresent()) {
            listener.failed(unreachable.get());
            return;
        }
        listener.started(description + ", forwarding to an " + kind.name().toLowerCase(java.util.Locale.ROOT)
                + " origin on 127.0.0.1:" + stage.origin().port(), runner.plan(ProxySuite.sections()).size());
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        List<CaseResult> results = new ArrayList<>();
        runner.run(ProxySuite.sections(), r -> {
            CaseResult c = ProxyRunReport.caseResult(r);
            results.add(c);
            listener.caseFinished(c);
        });
        listener.finished(SuiteRun.summary(ProxyRunReport.of(front, false, started,
                Duration.ofNanos(System.nanoTime() - t0), results)));
    }

    private static IntermediaryTarget local(String name, Origin origin) throws IOException, InterruptedException {
        return IntermediaryTarget.start(name, origin);
    }

    /** Both legs of the case, linked: the client's connection to the intermediary and the origin's from it. */
    @Override
    public TraceSource exchangeOf(JudgedCase result) {
        return SuiteRun.recorded(result);
    }
}
