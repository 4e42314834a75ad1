package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.conformance.peer.OutputViolation;
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
import java.util.Objects;
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
 *
 * <p>A case that waits for a limit the RFC leaves to the server declares a budget
 * ({@link CaseDef#budget()}): its hard cap grows by the budget times the run's budget scale, and while
 * any case runs longer than {@link #PROGRESS_INTERVAL} the listener hears of it at that interval. A case
 * marked {@link CaseDef#alone()} runs after the others, one at a time, with nothing beside it.
 *
 * <p>A run starts with one handshake of its own ({@link Http2Probe}): when the target does not speak HTTP/2
 * (nothing listening, TLS failing, an answer that is not HTTP/2, silence) the run ends there, UNREACHABLE, before
 * any case, instead of reporting every case INCONCLUSIVE or reading the answer as frames; {@link ReachabilityGuard}
 * ends it the same way when the target stops answering midway. The {@code output/*} cases, which judge what the
 * target sent in the whole run, run last, once every other case has reported what it saw. The others start longest
 * expected first ({@link RunOrder}).
 */
public final class SuiteRunner {

    /** A case whose body outlives this many per-case timeouts is stopped and reported INCONCLUSIVE. */
    private static final int HARD_CAP_TIMEOUTS = 12;
    /** How often a case that is still running is reported (and after how long the first time). */
    static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(5);

    /** Prefix of the cases that judge the target's own output over the whole run. */
    static final String OUTPUT_CASES = "output/";

    private final RunConfig config;
    private final ReachabilityGuard guard = new ReachabilityGuard();
    private final LifeSigns lifeSigns = new LifeSigns();
    /** The turns at the target: {@code parallel} cases talk to it at once. */
    private final java.util.concurrent.Semaphore busy;

    public SuiteRunner(RunConfig config) {
        this.config = config;
        this.busy = new java.util.concurrent.Semaphore(config.parallel());
    }

    /** Why no connection to the target reaches the HTTP/2 handshake, or empty when one does: a run's probe on its own. */
    public java.util.Optional<String> unreachable() {
        return java.util.Optional.ofNullable(Http2Probe.notHttp2(config.target(), config.peer()));
    }

    /** A planned execution: one case, one iteration. */
    public record Planned(Section section, CaseDef definition, int iteration) {
    }

    /** What would run, in order (what {@code --list} prints). */
    public List<Planned> plan(List<Section> sections) {
        List<Planned> plan = new ArrayList<>();
        for (Section section : sections) {
            for (CaseDef c : section.cases()) {
                if (config.selection().matches(section, c)) {
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
        String unreachable = Http2Probe.notHttp2(config.target(), config.peer());
        if (unreachable == null) {
            listener.started(plan.size());
        } else {
            RunResult run = new RunResult(config.target(), config.strict(), startedAt, Duration.ofNanos(System.nanoTime() - start),
                    List.of(), unreachable, plan.size(), config.maxInconclusivePercent());
            listener.finished(run);
            return run;
        }
        List<Planned> first = RunOrder.longestFirst(plan.stream().filter(p -> !isOutputCase(p) && !p.definition().alone()).toList(),
                config.knownFailures());
        List<Planned> alone = plan.stream().filter(p -> !isOutputCase(p) && p.definition().alone()).toList();
        List<Planned> last = plan.stream().filter(SuiteRunner::isOutputCase).toList();
        // twice the threads: a case waiting for a sign of life gives its turn to the next case (see busy)
        ExecutorService pool = Executors.newFixedThreadPool(config.parallel() * 2, daemonThreads());
        ExecutorService single = Executors.newSingleThreadExecutor(daemonThreads());
        RunningCases running = new RunningCases(listener, PROGRESS_INTERVAL);
        List<CaseResult> results = new ArrayList<>();
        try {
            results.addAll(runAll(pool, first, listener, List.of(), running));
            results.addAll(runAll(single, alone, listener, List.of(), running));
            results.addAll(runAll(pool, last, listener, List.copyOf(results), running));
        } finally {
            running.close();
            pool.shutdownNow();
            single.shutdownNow();
        }
        List<CaseResult> ordered = new ArrayList<>();
        for (Planned p : plan) { // suite order
            results.stream().filter(r -> r.definition() == p.definition() && r.iteration() == p.iteration())
                    .findFirst().ifPresent(ordered::add);
        }
        RunResult run = new RunResult(config.target(), config.strict(), startedAt, Duration.ofNanos(System.nanoTime() - start),
                ordered, guard.reason(), plan.size() - ordered.size(), config.maxInconclusivePercent());
        listener.finished(run);
        return run;
    }

    private static boolean isOutputCase(Planned p) {
        return p.definition().id().value().startsWith(OUTPUT_CASES);
    }

    /** Runs {@code batch} in parallel; {@code before} are the results an output case folds in. Not-run cases are left out. */
    private List<CaseResult> runAll(ExecutorService pool, List<Planned> batch, RunListener listener, List<CaseResult> before,
            RunningCases running) {
        List<Future<CaseResult>> futures = new ArrayList<>();
        for (Planned p : batch) {
            futures.add(pool.submit(() -> {
                if (guard.reason() != null) {
                    return null; // the target is gone: not run
                }
                CaseResult result;
                Turn turn = new Turn();
                running.started(p, budgetOf(p.definition()));
                try {
                    result = runOne(p, turn::give);
                } finally {
                    turn.give();
                    running.ended(p);
                }
                if (isOutputCase(p)) {
                    result = OutputJudgement.foldIn(result, before);
                }
                synchronized (listener) {
                    listener.caseFinished(result);
                }
                return result;
            }));
        }
        List<CaseResult> results = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            CaseResult result = collect(batch.get(i), futures.get(i), listener);
            if (result != null) {
                results.add(result);
            }
        }
        return results;
    }

    /** A case stopped by the hard cap or crashed never reported itself: the listener hears of it here. */
    private CaseResult reported(CaseResult result, RunListener listener) {
        synchronized (listener) {
            listener.caseFinished(result);
        }
        return result;
    }

    private CaseResult collect(Planned p, Future<CaseResult> future, RunListener listener) {
        Duration budget = budgetOf(p.definition());
        long cap = config.timeout().toMillis() * HARD_CAP_TIMEOUTS + 5_000 + (budget == null ? 0 : budget.toMillis());
        try {
            return future.get(cap, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return reported(new CaseResult(p.section(), p.definition(), p.iteration(), Verdict.inconclusive(p.definition().accepts(),
                    "the case did not finish within " + cap + " ms"), List.of(), Duration.ofMillis(cap)), listener);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the suite", e);
        } catch (ExecutionException e) {
            return reported(new CaseResult(p.section(), p.definition(), p.iteration(), Verdict.inconclusive(p.definition().accepts(),
                    "the case crashed: " + e.getCause()), List.of(), Duration.ZERO), listener);
        }
    }

    /**
     * One of the {@code parallel} turns at the target: a case holds it while it talks to the target and gives it
     * up when it only waits for another connection's sign of life ({@link LifeSigns}), so that the next case starts
     * (and opens the connection that is likely to be that sign).
     */
    private final class Turn {
        private boolean held = true;

        Turn() {
            busy.acquireUninterruptibly();
            lifeSigns.caseStarted();
        }

        void give() {
            if (held) {
                held = false;
                lifeSigns.caseEnded();
                busy.release();
            }
        }
    }

    /** One case on its own connection, then the liveness probe if it provoked an error. */
    public CaseResult runOne(Planned p) {
        return runOne(p, () -> { });
    }

    /** {@link #runOne(Planned)}; {@code idle} is told when the case only waits for a sign of life. */
    private CaseResult runOne(Planned p, Runnable idle) {
        CaseDef c = p.definition();
        long start = System.nanoTime();
        if (c.level() == Level.SHOULD && !config.strict()) {
            return new CaseResult(p.section(), c, p.iteration(),
                    Verdict.skip("SHOULD-level rule: runs only with --strict"), List.of(), Duration.ZERO);
        }
        List<TraceEntry> evidence = new ArrayList<>();
        List<OutputViolation> violations = new ArrayList<>();
        Verdict verdict = execute(c, evidence, violations);
        verdict = OutputJudgement.brokenFrames(verdict, violations);
        if (c.errorCase() && verdict.outcome() != Outcome.SKIP && verdict.outcome() != Outcome.INCONCLUSIVE) {
            LivenessProbe.Result probe = liveness(c, System.nanoTime(), idle);
            evidence.addAll(probe.evidence());
            if (!probe.alive()) {
                verdict = Verdict.fail(verdict.expected() + "; and the server still serves a new connection afterwards",
                        "server died: the liveness probe failed (" + probe.detail() + "); the case itself saw: "
                                + verdict.actual());
            }
        }
        return new CaseResult(p.section(), c, p.iteration(), verdict, evidence, Duration.ofNanos(System.nanoTime() - start),
                violations, budgetOf(c));
    }

    /**
     * After an error case that ended at {@code endedNanos}: another connection of the run opened since and served
     * (a case running beside it, {@link LifeSigns}) answers the probe's question; failing that, within a moment, the
     * probe opens its own. A case that runs alone has no neighbours to ask.
     */
    private LivenessProbe.Result liveness(CaseDef c, long endedNanos, Runnable idle) {
        if (!c.alone()) {
            idle.run();
            try {
                String proof = lifeSigns.servedSince(endedNanos);
                if (proof != null) {
                    return new LivenessProbe.Result(true, "another connection was served: " + proof, List.of(
                            new TraceEntry(0, EntryDirection.NOTE, "liveness: a connection of the run opened after this case "
                                    + "ended had its SETTINGS acknowledged (" + proof + "): the target still serves new connections")));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return LivenessProbe.check(config.target(), config.peer(), lifeSigns);
    }

    /** Reports a connection of this run to {@link #lifeSigns} once the target serves it. */
    private void watch(Peer peer, String who) {
        long opened = peer.connectStartedNanos();
        peer.whenServed(() -> lifeSigns.served(opened, who));
    }

    private Verdict execute(CaseDef c, List<TraceEntry> evidence, List<OutputViolation> violations) {
        Peer peer;
        try {
            peer = Peer.connect(config.target(), config.peer().forCase(c.budget()));
            watch(peer, "the connection of " + c.id().value());
        } catch (HandshakeException e) {
            guard.failed(e);
            // no peer, no frames: the attempt and why it failed are the exchange
            evidence.add(NoHttp2.failed(Peer.freshConnectionId(), config.target().authority(),
                    config.target().tls() ? "tls" : "h2c", e.getMessage()));
            return Verdict.inconclusive(c.accepts(), e.getMessage());
        }
        try (peer) {
            Verdict verdict = Objects.requireNonNull(c.body().run(peer), "the case returned no verdict");
            guard.reached();
            return verdict;
        } catch (HandshakeException e) {
            guard.failed(e);
            return judgeHandshake(c, e);
        } catch (Exception e) {
            return Verdict.inconclusive(c.accepts(), "the case could not run: " + e);
        } finally {
            evidence.addAll(peer.trace());
            violations.addAll(peer.outputViolations());
        }
    }

    /**
     * A preface exchange that failed is the target's doing when it answered our valid preface with
     * GOAWAY or never acknowledged SETTINGS the case needed in force: FAIL. Otherwise (no connection,
     * silence, a close) nothing is known about the rule: INCONCLUSIVE.
     */
    private static Verdict judgeHandshake(CaseDef c, HandshakeException e) {
        return switch (e.kind()) {
            case REFUSED, NO_SETTINGS_ACK -> Verdict.fail(c.accepts(), e.getMessage());
            default -> Verdict.inconclusive(c.accepts(), "the HTTP/2 preface exchange failed: " + e.getMessage());
        };
    }

    /** The case's declared budget times the run's scale, or null when it declares none. */
    private Duration budgetOf(CaseDef c) {
        return c.budget() == null ? null : config.peer().scaled(c.budget());
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return runnable -> {
            Thread thread = new Thread(runnable, "h2scope-conformance");
            thread.setDaemon(true);
            return thread;
        };
    }
}
