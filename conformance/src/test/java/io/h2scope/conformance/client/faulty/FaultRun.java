package io.h2scope.conformance.client.faulty;

import io.h2scope.conformance.runner.CaseSelection;
import java.util.List;

/**
 * Which client a fault's run drives and which cases it runs: h2scope's client as it comes (push disabled) or with push
 * enabled, over the whole suite or only the cases whose id starts with one of {@code idPrefixes}. A fault whose rewrite
 * can only change what one section's server does runs that section alone, which keeps the runs of every fault
 * within the time the test may take; its verdicts are compared with the fault-free run of the same client. With
 * {@code -Dfaulty.wholeSuite=true} every fault of h2scope's client as it comes runs the whole suite, which shows that
 * such a fault changes no verdict outside its section (its run then takes a minute more).
 *
 * @param push       the client allows server push (SETTINGS_ENABLE_PUSH 1, every push accepted)
 * @param idPrefixes the cases the run runs; empty: every case
 */
record FaultRun(boolean push, List<String> idPrefixes) {

    /** h2scope's client as it comes, through every case of the suite. */
    static final FaultRun WHOLE_SUITE = new FaultRun(false, List.of());
    /** The system property that runs every fault of the client as it comes through the whole suite. */
    static final String WHOLE_SUITE_PROPERTY = "faulty.wholeSuite";

    FaultRun {
        idPrefixes = List.copyOf(idPrefixes);
    }

    /** h2scope's client as it comes, through the cases whose id starts with one of {@code idPrefixes}. */
    static FaultRun only(String... idPrefixes) {
        return Boolean.getBoolean(WHOLE_SUITE_PROPERTY) ? WHOLE_SUITE : new FaultRun(false, List.of(idPrefixes));
    }

    /** h2scope's client with push enabled, through the cases whose id starts with one of {@code idPrefixes}. */
    static FaultRun withPush(String... idPrefixes) {
        return new FaultRun(true, List.of(idPrefixes));
    }

    CaseSelection selection() {
        return new CaseSelection(idPrefixes, List.of());
    }

    /** Whether the run judges the case {@code id}. */
    boolean runs(String id) {
        return idPrefixes.isEmpty() || idPrefixes.stream().anyMatch(id::startsWith);
    }
}
