package io.h2scope.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.PackageGraph;
import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md, "What may import what": the engine's packages form no cycle, and the trace is one layer
 * above the protocol. The graph is the one {@code scripts/package-imports} draws ({@link PackageGraph}), for the
 * engine module's main sources.
 */
class PackageLayersTest {

    /** The protocol: the floors, the rules of starting, the core and the observer. */
    private static final Pattern PROTOCOL = Pattern.compile(
            "engine\\.(error|frame|hpack|settings|stream|flow|http|http1|start|core|observer)(\\..*)?");

    @Test
    void theEnginesPackagesFormNoCycle() throws IOException {
        PackageGraph.ofMainSources().assertNoCycle();
    }

    @Test
    void everyPackageSaysWhatItIsFor() throws IOException {
        PackageGraph.assertEveryPackageSaysWhatItIsFor(PackageGraph.MAIN_SOURCES);
    }

    @Test
    void theProtocolUsesOfTheTraceOnlyItsModelAndItsWords() throws IOException {
        List<String> offences = arrows(from -> PROTOCOL.matcher(from).matches(), to -> to.startsWith("engine.trace")
                && !to.equals("engine.trace.model") && !to.equals("engine.trace.text"));
        assertTrue(offences.isEmpty(), "the protocol may use the trace's event model (TraceSink and the events) and "
                + "trace.text, not the sinks or their factory: " + offences);
    }

    @Test
    void theTraceImportsNeitherTheConnectionNorItsFactory() throws IOException {
        List<String> offences = arrows(from -> from.startsWith("engine.trace."), to -> to.equals("engine.trace")
                || to.equals("engine.core") || to.startsWith("engine.core.event")
                || to.matches("engine\\.(transport|client|server|proxy|observer)(\\..*)?"));
        assertTrue(offences.isEmpty(), "a trace package imports only the floors, core.limits (the named limits), the "
                + "event model and the trace packages below it; the factory engine.trace is imported by none: "
                + offences);
    }

    @Test
    void theRecordingFindsRulesWithoutTheCore() throws IOException {
        List<String> offences = arrows(from -> from.equals("engine.trace.jsonl") || from.equals("engine.trace.model"),
                to -> to.matches("engine\\.core(\\..*)?"));
        assertTrue(offences.isEmpty(), "the recording and the event model find a rule by id through engine.rules "
                + "(KnownRules), not by importing the core's packages: " + offences);
    }

    /** The arrows of the engine's graph from a package {@code from} accepts to one {@code to} accepts. */
    private static List<String> arrows(Predicate<String> from, Predicate<String> to) throws IOException {
        return PackageGraph.ofMainSources().arrows(from, to);
    }
}
