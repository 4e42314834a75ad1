package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.legs.CaseLegs;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.spec.Level;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs intermediary cases one after the other on one stage: SKIP for a case that means nothing toward this origin
 * (or a SHOULD-level one without --strict), INCONCLUSIVE when the stage failed, else the case's verdict.
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

    /** No time limit: longer than any run. */
    private static final java.time.Duration NO_LIMIT = java.time.Duration.ofNanos(Long.MAX_VALUE);

    private final ProxyStage stage;
    private final boolean strict;
    private final CaseSelection selection;

    public ProxySuiteRunner(ProxyStage stage, boolean strict) {
        this(stage, strict, CaseSelection.all());
    }

    /** @param selection which cases {@link #run(List, java.util.function.Consumer)} runs (--section, --case) */
    public ProxySuiteRunner(ProxyStage stage, boolean strict, CaseSelection selection) {
        this.stage = stage;
        this.strict = strict;
        this.selection = selection;
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

    /** Runs the selected cases of {@code sections} in order, telling {@code finished} of each as it ends. */
    public List<Result> run(List<ProxySection> sections, java.util.function.Consumer<Result> finished)
            throws InterruptedException {
        return runWithin(sections, finished, NO_LIMIT);
    }

    /**
     * As {@link #run(List, java.util.function.Consumer)}, but starts no case once {@code limit} has passed since the
     * call: the results so far, fewer than {@link #plan(List)} when it stopped. A case under way is not cut short; each
     * ends within its own timeouts.
     */
    public List<Result> runWithin(List<ProxySection> sections, java.util.function.Consumer<Result> finished,
            java.time.Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        List<Result> results = new ArrayList<>();
        for (Planned p : plan(sections)) {
            if (System.nanoTime() - start >= limit.toNanos()) {
                break;
            }
            Result r = run(p);
            finished.accept(r);
            results.add(r);
        }
        return results;
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
