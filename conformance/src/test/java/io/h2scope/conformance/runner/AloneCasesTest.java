package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.verdict.Verdict;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A case marked alone runs with no other case beside it, whatever its place in the suite; the others still overlap. */
class AloneCasesTest {

    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostBesideOrdinary = new AtomicInteger();
    private final AtomicInteger besideAlone = new AtomicInteger(-1);
    /** The three ordinary cases wait for each other: they end only once all three ran at the same time. */
    private final CountDownLatch ordinaryStarted = new CountDownLatch(3);

    @Test
    void anAloneCaseRunsByItself() throws Exception {
        Section section = new Section() {
            @Override
            public String id() {
                return "test";
            }

            @Override
            public String title() {
                return "alone or not";
            }

            @Override
            public List<CaseDef> cases() {
                return List.of(ordinary("test/a"), aloneCase(), ordinary("test/b"), ordinary("test/c"));
            }
        };
        try (ReferenceServerTarget server = ReferenceServerTarget.of(false)) {
            RunResult run = new SuiteRunner(RunConfig.defaults(server.start())).run(List.of(section), new RunListener() { });
            assertEquals(4, run.results().size());
            assertEquals("test/alone", run.results().get(1).definition().id().value(), "results keep suite order");
        }
        assertEquals(0, besideAlone.get(), "cases running beside the alone one");
        assertEquals(2, mostBesideOrdinary.get(), "the three ordinary cases ran in parallel");
    }

    private CaseDef ordinary(String id) {
        return CaseDef.define(id).rfc("3", "3").sends("nothing").quote("q").accepts("a").run(p -> {
            mostBesideOrdinary.accumulateAndGet(running.getAndIncrement(), Math::max);
            ordinaryStarted.countDown();
            ordinaryStarted.await(30, TimeUnit.SECONDS); // a runner that did not overlap them leaves this waiting
            running.decrementAndGet();
            return Verdict.pass("a", "slept");
        });
    }

    private CaseDef aloneCase() {
        return CaseDef.define("test/alone").rfc("3", "3").sends("nothing").quote("q").accepts("a").alone().run(p -> {
            besideAlone.set(running.getAndIncrement());
            running.decrementAndGet();
            return Verdict.pass("a", "slept alone");
        });
    }
}
