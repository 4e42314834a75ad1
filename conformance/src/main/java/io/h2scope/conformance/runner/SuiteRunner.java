package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs cases: each on a fresh connection, {@code parallel} at a time, each bounded by the per-case
 * timeout (its waits) and a hard cap; an error case is followed by a liveness probe. Results come
 * back in suite order whatever order they finished in.
 */
public final class SuiteRunner {

    /** A case whose body outlives this many per-case timeouts is stopped and reported INCONCLUSIVE. */
    private static final int HARD_CAP_TIMEOUTS = 12;

    private final RunConfig config;

    public SuiteRunner(RunConfig config) {
        this.config = config;
    }

    /** A planned execution: one case, one iteration. */
    public record Planned(Section section, CaseDef definition, int iteration) {
    }

    /** What would run, in order (what {@code --list} prints). */
    public List<Planned> plan(List<Section> sections) {
        List<Planned> plan = new ArrayList<>();
        for (Section section : sections) {
            for (CaseDef c : section.cases()) {
                if (config.selection().matches(c)) {
                    for (int i = 1; i <= config.repeat(); i++) {
                        plan.add(new Planned(section, c, i));
                    }
                }
            }
        }
        return plan;
    }

    public RunResult run(List<Section> sections, RunListener listener) {
        List<Planned> plan = plan(sections);
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        listener.started(plan.size());
        ExecutorService pool = Executors.newFixedThreadPool(config.parallel(), daemonThreads());
        List<CaseResult> results = new ArrayList<>();
        try {
            List<Future<CaseResult>> futures = new ArrayList<>();
            for (Planned p : plan) {
                futures.add(pool.submit(() -> {
                    CaseResult result = runOne(p);
                    synchronized (listener) {
                        listener.caseFinished(result);
                    }
                    return result;
                }));
            }
            for (int i = 0; i < futures.size(); i++) {
                results.add(collect(plan.get(i), futures.get(i)));
            }
        } finally {
            pool.shutdownNow();
        }
        RunResult run = new RunResult(config.target(), config.strict(), startedAt,
                Duration.ofNanos(System.nanoTime() - start), results);
        listener.finished(run);
        return run;
    }

    private CaseResult collect(Planned p, Future<CaseResult> future) {
        long cap = config.timeout().toMillis() * HARD_CAP_TIMEOUTS + 5_000;
        try {
            return future.get(cap, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return new CaseResult(p.section(), p.definition(), p.iteration(), Verdict.inconclusive(p.definition().accepts(),
                    "the case did not finish within " + cap + " ms"), List.of(), Duration.ofMillis(cap));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the suite", e);
        } catch (ExecutionException e) {
            return new CaseResult(p.section(), p.definition(), p.iteration(), Verdict.inconclusive(p.definition().accepts(),
                    "the case crashed: " + e.getCause()), List.of(), Duration.ZERO);
        }
    }

    /** One case on its own connection, then the liveness probe if it provoked an error. */
    public CaseResult runOne(Planned p) {
        CaseDef c = p.definition();
        long start = System.nanoTime();
        if (c.level() == Level.SHOULD && !config.strict()) {
            return new CaseResult(p.section(), c, p.iteration(),
                    Verdict.skip("SHOULD-level rule: runs only with --strict"), List.of(), Duration.ZERO);
        }
        List<TraceEntry> evidence = new ArrayList<>();
        Verdict verdict = execute(c, evidence);
        if (c.errorCase() && verdict.outcome() != Outcome.SKIP && verdict.outcome() != Outcome.INCONCLUSIVE) {
            LivenessProbe.Result probe = LivenessProbe.check(config.target(), config.peer());
            evidence.addAll(probe.evidence());
            if (!probe.alive()) {
                verdict = Verdict.fail(verdict.expected() + "; and the server still serves a new connection afterwards",
                        "server died: the liveness probe failed (" + probe.detail() + "); the case itself saw: "
                                + verdict.actual());
            }
        }
        return new CaseResult(p.section(), c, p.iteration(), verdict, evidence, Duration.ofNanos(System.nanoTime() - start));
    }

    private Verdict execute(CaseDef c, List<TraceEntry> evidence) {
        Peer peer;
        try {
            peer = Peer.connect(config.target(), config.peer());
        } catch (HandshakeException e) {
            return Verdict.inconclusive(c.accepts(), e.getMessage());
        }
        try (peer) {
            return c.body().run(peer);
        } catch (HandshakeException e) {
            return Verdict.inconclusive(c.accepts(), "the HTTP/2 preface exchange failed: " + e.getMessage());
        } catch (Exception e) {
            return Verdict.inconclusive(c.accepts(), "the case could not run: " + e);
        } finally {
            evidence.addAll(peer.trace());
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return runnable -> {
            Thread thread = new Thread(runnable, "h2scope-conformance");
            thread.setDaemon(true);
            return thread;
        };
    }
}
