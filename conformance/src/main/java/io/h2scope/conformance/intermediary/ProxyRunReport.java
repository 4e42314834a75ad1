package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.targets.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * An intermediary run as the shared report types read it ({@link RunResult} of {@link CaseResult}s), so that the
 * console, JSON, JUnit and HTML writers report it as any other run. The finding leads the verdict's actual text
 * ("desync proven (critical): ...").
 */
public final class ProxyRunReport {

    private ProxyRunReport() {
    }

    /** {@code results} of a run against the front {@code front}, started at {@code startedAt}. */
    public static RunResult of(Target front, boolean strict, Instant startedAt, Duration elapsed,
            List<CaseResult> results) {
        return new RunResult(front, strict, startedAt, elapsed, results, null, 0,
                RunConfig.DEFAULT_MAX_INCONCLUSIVE_PERCENT);
    }

    /**
     * One case's result as the writers read it, with both legs of its exchange as evidence; the judge's actual text
     * already names the finding.
     */
    public static CaseResult caseResult(ProxySuiteRunner.Result r) {
        return new CaseResult(section(r.section()), definition(r.definition()), 1, r.verdict().verdict(), r.evidence(),
                r.elapsed());
    }

    private static CaseDef definition(ProxyCase c) {
        CaseDef.Builder b = CaseDef.define(c.id().value()).rfc("-", c.rfc().replace("RFC 9113 §", ""))
                .sends(c.description()).quote(c.quote()).accepts("refused, or forwarded in a form the RFC allows");
        if (c.level() == Level.SHOULD) {
            b.should();
        }
        return b.run(peer -> {
            throw new UnsupportedOperationException("an intermediary case runs on a ProxyStage");
        });
    }

    /** One adapter per section, so that the writers group a section's cases under one heading. */
    private static final Map<ProxySection, Section> SECTIONS = java.util.Collections.synchronizedMap(new IdentityHashMap<>());

    private static Section section(ProxySection s) {
        return SECTIONS.computeIfAbsent(s, ProxyRunReport::adapt);
    }

    private static Section adapt(ProxySection s) {
        return new Section() {
            @Override
            public String id() {
                return s.id();
            }

            @Override
            public String title() {
                return s.title();
            }

            @Override
            public List<CaseDef> cases() {
                return s.cases().stream().map(ProxyRunReport::definition).toList();
            }
        };
    }
}
