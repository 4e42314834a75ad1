package io.h2scope.inspector.source;

import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.targets.launch.TargetStartException;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A conformance run for the inspector: the target named as {@code ./h2scope conform --target} names it
 * ({@link TargetResolver}: embedded, local:NAME, docker:NAME, NAME or a URL), the sections given, run on a thread of
 * its own; the listener hears the progress and each case's verdict. A finished case's frame exchange becomes a
 * {@link TraceSource} ({@link #exchangeOf}) for the window to open in its views.
 */
public final class ConformanceRun implements SuiteRun {

    private final String targetName;
    private final boolean tls;
    private final boolean insecure;
    private final List<String> sections;
    private final TargetResolver resolver;
    private volatile Target target;
    private volatile RunningTarget running;

    /**
     * @param tls      for a named target: run over its TLS listener (a URL says by its scheme)
     * @param insecure for a URL: trust any certificate (the embedded and docker-targets servers' certificates are
     *                 self-signed, so a named target is always run so)
     * @param sections section names or RFC section numbers as {@code conform --section} takes them, separated by
     *                 commas or spaces; none selects the whole suite
     */
    public ConformanceRun(String targetName, boolean tls, boolean insecure, String sections, TargetResolver resolver) {
        this.targetName = Objects.requireNonNull(targetName, "targetName").strip();
        boolean url = this.targetName.contains("://");
        this.tls = url ? this.targetName.startsWith("https://") : tls;
        this.insecure = insecure || !url;
        this.sections = Arrays.stream((sections == null ? "" : sections).split("[,\\s]+")).filter(s -> !s.isEmpty()).toList();
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /** @throws IllegalArgumentException naming the target or section that does not exist */
    @Override
    public void check() {
        try {
            resolver.choose(targetName, line -> { });
        } catch (TargetStartException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        List<String> none = new CaseSelection(List.of(), sections).unmatched(Suites.all());
        if (!none.isEmpty()) {
            throw new IllegalArgumentException("no case is in section " + String.join(", ", none).replace("--section ", "")
                    + ": give a section such as http2/6.7 or an RFC section number such as 6.5");
        }
    }

    @Override
    public Thread start(Listener listener) {
        return SuiteRun.started("h2scope-inspector-conformance", () -> run(listener));
    }

    private void run(Listener listener) {
        // the target stays up after the run (a case opened in the Client tab connects to it) until stop()
        RunningTarget started = null;
        try {
            started = resolver.start(targetName, tls, line -> { });
            running = started;
            target = started.target(tls);
            List<Section> suite = Suites.all();
            RunConfig defaults = RunConfig.defaults(target);
            RunConfig config = defaults.withPeer(defaults.peer().withInsecure(insecure))
                    .withSelection(new CaseSelection(List.of(), sections));
            RunResult result = new SuiteRunner(config).run(suite, new RunListener() {
                @Override
                public void started(int caseCount) {
                    listener.started(running.description(), caseCount);
                }

                @Override
                public void caseFinished(CaseResult r) {
                    listener.caseFinished(r);
                }
            });
            if (result.results().isEmpty() && result.diagnosis().isPresent()) {
                started.close();
                listener.failed(result.diagnosis().get()); // not HTTP/2, or not reached: no case ran
                return;
            }
            listener.finished(SuiteRun.summary(result));
        } catch (TargetStartException e) {
            listener.failed(e.getMessage());
        } catch (RuntimeException e) {
            if (started != null) {
                started.close();
            }
            listener.failed("the run broke off: " + e);
        }
    }

    /**
     * Stops the target the run started, which stays up after the run for the Client tab (a local process or a
     * container must not outlive the window or the next run); the cases still to run then find nothing to connect to
     * and the run ends soon. Idempotent.
     */
    @Override
    public void stop() {
        RunningTarget r = running;
        if (r != null) {
            r.close();
        }
    }

    /** The listener (h2c or TLS) the run tests, once its target runs; null before. */
    public Target target() {
        return target;
    }

    @Override
    public TraceSource exchangeOf(JudgedCase result) {
        List<TraceEvent> events = EvidenceEvents.of(result.evidence(), Objects.requireNonNull(target, "target"));
        return new EventListSource(result.facts().id() + " (" + result.verdict().outcome() + ")", events);
    }
}
