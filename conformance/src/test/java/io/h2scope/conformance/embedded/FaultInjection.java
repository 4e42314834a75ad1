package io.h2scope.conformance.embedded;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.testing.fault.Fault;
import io.h2scope.engine.testing.fault.Faults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proof that the verdicts are right: with one {@link Fault} on in the embedded reference server, exactly the
 * cases declared for it in {@link FaultCatalog} FAIL, and every other case run keeps its PASS (among them the
 * cases that must attribute the fault's reaction to something other than what they test).
 *
 * <p>Bounded in time: per fault, the run covers the sections of its declared cases (so their neighbours
 * prove they are unaffected) plus all {@code generic/*} cases as a sample of normal traffic, h2c,
 * strict, 8 cases at once; flood cases run last and alone. The full suite per fault would cost about
 * 54 x 4 s; this costs one to four seconds per fault. A test class per {@link Kind} runs its faults (a static
 * {@code faults()} of its own), so that Maven reports each class within a minute on a loaded machine.
 */
abstract class FaultInjection {

    /** What a fault makes the server do wrong; a test class each. */
    enum Kind {
        /** It misbehaves on its own: sends what it must not, ignores a limit or a frame, rejects what it must take. */
        MISBEHAVES,
        /** It accepts a frame that the RFC makes an error. */
        ACCEPTS_BAD_FRAMES,
        /** It accepts a field section or HPACK block that the RFC makes an error. */
        ACCEPTS_BAD_FIELDS;

        static Kind of(Fault fault) {
            if (!fault.name().startsWith("ACCEPTS_")) {
                return MISBEHAVES;
            }
            boolean fields = FaultCatalog.CATCHES.get(fault).stream()
                    .anyMatch(id -> id.startsWith("http2/8") || id.startsWith("rfc9113/8") || id.startsWith("hpack/"));
            return fields ? ACCEPTS_BAD_FIELDS : ACCEPTS_BAD_FRAMES;
        }

        Stream<Fault> faults() {
            return Arrays.stream(Fault.values()).filter(f -> of(f) == this);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    @DisplayName("with one fault on, its cases FAIL and every other case run still PASSes")
    void faultIsCaughtByItsCasesOnly(Fault fault) throws Exception {
        Set<String> caught = FaultCatalog.CATCHES.get(fault);
        Set<String> attributed = FaultCatalog.ATTRIBUTED.getOrDefault(fault, Set.of());
        Set<String> declared = new LinkedHashSet<>(caught);
        declared.addAll(attributed);
        List<String> prefixes = new ArrayList<>(sectionsOf(declared));
        prefixes.add("generic");
        try (ReferenceServerTarget faulty = new ReferenceServerTarget(false,
                b -> b.connectionConfig(H2Server.Builder.DEFAULT_CONNECTION.withHooksForTesting(Faults.of(fault))),
                "reference server with fault " + fault)) {
            RunConfig config = RunConfig.defaults(faulty.start())
                    .withPeer(PeerOptions.defaults().withStrict(true))
                    .withParallel(8);
            // floods last and alone: against a server without the limit they load it enough to slow the rest
            List<String> floods = prefixes.stream().filter(p -> p.startsWith("security/")).toList();
            List<String> others = prefixes.stream().filter(p -> !p.startsWith("security/")).toList();
            List<CaseResult> results = new ArrayList<>(new SuiteRunner(config.withSelection(new CaseSelection(others, List.of())))
                    .run(Suites.all(), new RunListener() { }).results());
            if (!floods.isEmpty()) {
                results.addAll(new SuiteRunner(config.withSelection(new CaseSelection(floods, List.of())))
                        .run(Suites.all(), new RunListener() { }).results());
            }
            Map<String, String> wrong = new TreeMap<>();
            for (CaseResult r : results) {
                String id = r.definition().id().value();
                Outcome expected = caught.contains(id) ? Outcome.FAIL : Outcome.PASS;
                if (r.verdict().outcome() != expected) {
                    wrong.put(id, "expected " + expected.label() + ", got " + r.verdict().outcome().label() + ": "
                            + r.verdict().actual() + "\n" + tail(r.evidenceText(), 4));
                }
            }
            Set<String> ran = results.stream().map(r -> r.definition().id().value()).collect(Collectors.toSet());
            assertTrue(ran.containsAll(declared), "not all declared cases ran: " + declared);
            assertTrue(wrong.isEmpty(), fault + ":\n" + wrong.entrySet().stream()
                    .map(e -> e.getKey() + " -> " + e.getValue()).collect(Collectors.joining("\n")));
        }
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** "http2/6.9.1/stream-window-overflow" -> "http2/6.9.1"; "security/rapid-reset" -> itself. */
    private static Set<String> sectionsOf(Set<String> ids) {
        Set<String> sections = new LinkedHashSet<>();
        for (String id : ids) {
            sections.add(id.startsWith("security/") ? id : id.substring(0, id.lastIndexOf('/')));
        }
        return sections;
    }
}
