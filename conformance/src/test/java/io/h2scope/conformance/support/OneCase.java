package io.h2scope.conformance.support;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;

/** Runs one case of the suite by id, as the runner does (its liveness probe included), for tests of verdicts. */
public final class OneCase {

    private OneCase() {
    }

    public static CaseResult run(Target target, String caseId, PeerOptions options) {
        for (Section section : Suites.all()) {
            for (CaseDef c : section.cases()) {
                if (c.id().value().equals(caseId)) {
                    return new SuiteRunner(RunConfig.defaults(target).withPeer(options)).runOne(new SuiteRunner.Planned(section, c, 1));
                }
            }
        }
        throw new IllegalArgumentException("no case " + caseId);
    }
}
