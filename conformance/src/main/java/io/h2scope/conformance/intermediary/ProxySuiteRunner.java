package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.legs.CaseLegs;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.spec.Level;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs intermediary cases on one stage, one after the other or {@code parallel} at once (the cases that must run
 * alone, {@link ProxyCase#runsAlone()}, one after the other after those): SKIP for a case that means nothing toward
 * this origin (or a SHOULD-level one without --strict), INCONCLUSIVE when the stage failed, else the case's verdict.
 * Cases running at once share the intermediary and the origin; each tells its requests and its legs by its markers.
 */
public final class ProxySuiteRunner {

    /**
     * One case, its verdict and its evidence: both legs' exchanges as the case ran ({@link CaseLegs#entries()}), none
     * for a case skipped.
     */
    public record Result(ProxySection section, ProxyCase definition, ProxyVerdict verdict, java.time.Duration elapsed,
            List<TraceEntry> evidence) {
        public Result {
            evidence = List.copyOf(evidence);
        }
    }

    /** A case's verdict and the legs it was judged on. */
    private record Judged(ProxyVerdict verdict, List<TraceEntry> evidence) {
    }

    /** Cases run at once by default ({@code conform-proxy --parallel}): one after the other. */
    public static final int DEFAULT_PARALLEL = 1;
    /**
     * The most cases run at once: each holds a front connection or two and an origin request, well within what an
     * intermediary's default worker and upstream limits take; more would test those limits, not the cases.
     */
    public static final int MAX_PARALLEL = 16;

    /** No time limit: longer than any run. */
    private static final java.time.Duration NO_LIMIT = java.time.Duration.ofNanos(Long.MAX_VALUE);

    private final ProxyStage stage;
    private final boolean strict;
    private final CaseSelection selection;
    private final int parallel;

    public ProxySuiteRunner(ProxyStage stage, boolean strict) {
        this(stage, strict, CaseSelection.all());
    }

    /** @param selection which cases {@link #run(List, java.util.function.Consumer)} runs (--section, --case) */
    public ProxySuiteRunner(ProxyStage stage, boolean strict, CaseSelection selection) {
        this(stage, strict, selection, DEFAULT_PARALLEL);
    }

    /**
     * @param parallel how many cases run at once, 1 to {@link #MAX_PARALLEL}
     * @throws IllegalArgumentException a one-line usage error for {@code parallel} out of range
     */
    public ProxySuiteRunner(ProxyStage stage, boolean strict, CaseSelection selection, int parallel) {
        this.stage = stage;
        this.strict = strict;
        this.selection = selection;
        this.parallel = requireParallel(parallel);
    }

    /**
     * {@code parallel}, when it is 1 to {@link #MAX_PARALLEL}.
     *
     * @throws IllegalArgumentException a one-line usage error saying what it takes
     */
    public static int requireParallel(int parallel) {
        if (parallel < 1 || parallel > MAX_PARALLEL) {
            throw new IllegalArgumentException("--parallel takes 1 to " + MAX_PARALLEL + " (cases run at once through"
                    + " the intermediary), got " + parallel);
        }
        return parallel;
    }

    /** Whether this runner runs every case of the sections it is given, not a selection of them. */
    public boolean runsAll() {
        return selection.isAll();
    }

    /** The cases of {@code sections} this runner runs, with their sections, in suite order. */
    public List<Planned> plan(List<ProxySection> sections) {
        return plan(sections, selection);
    }

    /** The cases of {@code sections} that {@code selection} selects, with their sections, in suite order (--list). */
    public static List<Planned> plan(List<ProxySection> sections, CaseSelection selection) {
        List<Planned> planned = new ArrayList<>();
        for (ProxySection section : sections) {
            for (ProxyCase c : section.cases()) {
                if (selection.matches(section.id(), c.id(), c.rfcSection())) {
                    planned.add(new Planned(section, c));
                }
            }
        }
        return planned;
    }

    /** A selected case and its section. */
    public record Planned(ProxySection section, ProxyCase definition) {
    }

    public List<Result> run(List<ProxySection> sections) throws InterruptedException {
        return run(sections, r -> { });
    }

    /**
     * Runs the selected cases of {@code sections}, telling {@code finished} of each as it ends (one at a time, in the
     * order they end); the results in suite order.
     */
    public List<Result> run(List<ProxySection> sections, Consumer<Result> finished)
            throws InterruptedException {
        return runWithin(sections, finished, NO_LIMIT);
    }

    /**
     * As {@link #run(List, java.util.function.Consumer)}, but starts no case once {@code limit} has passed since the
     * call: the results so far, fewer than {@link #plan(List)} when it stopped. A case under way is not cut short; each
     * ends within its own timeouts.
     */
    public List<Result> runWithin(List<ProxySection> sections, Consumer<Result> finished,
            java.time.Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + Math.min(limit.toNanos(), Long.MAX_VALUE / 2);
        List<Planned> planned = plan(sections);
        Consumer<Result> told = r -> {
            synchronized (this) { // one at a time, from whichever thread ran the case
                finished.accept(r);
            }
        };
        List<Result> results = new ArrayList<>();
        if (parallel > 1) {
            results.addAll(atOnce(planned.stream().filter(p -> !p.definition().runsAlone()).toList(), told, deadline));
        }
        for (Planned p : planned) {
            if (parallel > 1 && !p.definition().runsAlone()) {
                continue;
            }
            if (System.nanoTime() - deadline >= 0) {
                break;
            }
            Result r = run(p);
            told.accept(r);
            results.add(r);
        }
        results.sort(Comparator.comparingInt(r -> indexOf(planned, r)));
        return results;
    }

    private static int indexOf(List<Planned> planned, Result r) {
        for (int i = 0; i < planned.size(); i++) {
            if (planned.get(i).definition() == r.definition()) {
                return i;
            }
        }
        return planned.size();
    }

    /** Runs {@code cases} {@link #parallel} at once, none started after {@code deadline}: their results. */
    private List<Result> atOnce(List<Planned> cases, Consumer<Result> told, long deadline)
            throws InterruptedException {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "proxy-case-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Result>> running = new ArrayList<>();
            for (Planned p : cases) {
                running.add(pool.submit(() -> {
                    if (System.nanoTime() - deadline >= 0) {
                        return null;
                    }
                    Result r = run(p);
                    told.accept(r);
                    return r;
                }));
            }
            List<Result> results = new ArrayList<>();
            for (Future<Result> f : running) {
                Result r = resultOf(f);
                if (r != null) {
                    results.add(r);
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result resultOf(Future<Result> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InterruptedException i) {
                throw i;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Runs one planned case (again, say): its verdict, time and evidence. */
    public Result run(Planned p) throws InterruptedException {
        long t0 = System.nanoTime();
        Judged judged = judge(p.definition());
        return new Result(p.section(), p.definition(), judged.verdict(),
                java.time.Duration.ofNanos(System.nanoTime() - t0), judged.evidence());
    }

    public ProxyVerdict run(ProxyCase c) throws InterruptedException {
        return judge(c).verdict();
    }

    /** The case's verdict, with both legs of its exchange recorded while it ran. */
    private Judged judge(ProxyCase c) throws InterruptedException {
        if (!c.origins().contains(stage.originKind().framing())) {
            return new Judged(ProxyVerdict.skip("means nothing toward an "
                    + stage.originKind().name().toLowerCase(java.util.Locale.ROOT) + " origin"), List.of());
        }
        if (c.level() == Level.SHOULD && !strict) {
            return new Judged(ProxyVerdict.skip("SHOULD-level rule: runs only with --strict"), List.of());
        }
        try (CaseLegs legs = stage.origin().legs().begin(c.id().value())) {
            ProxyVerdict verdict;
            try {
                ProxyVerdict v = c.body().run(stage);
                verdict = new ProxyVerdict(v.finding(), v.verdict().strictly(strict));
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                verdict = ProxyVerdict.inconclusive("", "the stage failed: " + e);
            }
            return new Judged(verdict, legs.entries());
        }
    }

    /**
     * Why the cases cannot run at all, asked once before them: an ordinary GET through the front that never reaches
     * the origin. Empty when it arrived.
     */
    public Optional<String> unreachable() throws InterruptedException {
        try {
            Exchange ex = stage.exchange(m -> ProxyRequest.get(m, stage.authority()).build());
            if (!ex.arrivals().isEmpty()) {
                return Optional.empty();
            }
            return Optional.of("the origin saw nothing (the front answered: " + ex.answer() + "): is the intermediary"
                    + " configured to forward to 127.0.0.1:" + stage.origin().port() + "?");
        } catch (FrontClient.NotH2 e) {
            return Optional.of(e.getMessage());
        } catch (IOException e) {
            return Optional.of("the front cannot be reached (" + e.getMessage() + "): is --front the intermediary's "
                    + stage.front().protocol() + " address?");
        }
    }
}
