package io.h2scope.conformance.targets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A target's known FAILs, one per line, keyed by case id, with a one-line reason:
 * <pre>
 * # comment
 * http2/5.1.1/decreasing-stream-id   ignores a HEADERS on a lower stream id instead of PROTOCOL_ERROR
 * tls/9.2.1/renegotiation-refused@tls   only over TLS
 * http2/3.5/invalid-preface@h2c         only over h2c
 * ~http2/6.1/pad-length-too-large@tls   may FAIL or not (timing-dependent): neither required nor new
 * </pre>
 * A run matches when its FAILs are exactly the entries for its listener: a new FAIL and an entry
 * that no longer fails are both mismatches (the file must be kept honest in both directions);
 * {@link ExpectedFailuresCheck} holds runs against the file.
 */
public final class ExpectedFailures {

    /** One entry: the case, the listeners it applies to, why. */
    public record Entry(String caseId, boolean h2c, boolean tls, boolean optional, String reason) {
    }

    private final List<Entry> entries;

    private ExpectedFailures(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static ExpectedFailures none() {
        return new ExpectedFailures(List.of());
    }

    /** Reads the file; a missing file means no failure is expected. */
    public static ExpectedFailures load(Path file) throws IOException {
        if (!Files.exists(file)) {
            return none();
        }
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    static ExpectedFailures parse(List<String> lines, String origin) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+", 2);
            if (parts.length < 2) {
                throw new IOException(origin + ":" + (i + 1) + ": a case id needs a reason: " + line);
            }
            boolean optional = parts[0].startsWith("~");
            String key = optional ? parts[0].substring(1) : parts[0];
            int at = key.indexOf('@');
            String scope = at < 0 ? "" : key.substring(at + 1);
            String id = at < 0 ? key : key.substring(0, at);
            boolean h2c = switch (scope) {
                case "", "h2c" -> true;
                case "tls" -> false;
                default -> throw new IOException(origin + ":" + (i + 1) + ": @" + scope + " must be @h2c or @tls");
            };
            entries.add(new Entry(id, h2c, !scope.equals("h2c"), optional, parts[1]));
        }
        return new ExpectedFailures(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Case id to reason, for one listener: the FAILs that must happen. */
    public Map<String, String> forListener(boolean tls) {
        Map<String, String> out = new LinkedHashMap<>();
        entries.stream().filter(e -> !e.optional() && (tls ? e.tls() : e.h2c())).forEach(e -> out.put(e.caseId(), e.reason()));
        return out;
    }

    /** The ids that may FAIL or not on this listener (timing-dependent verdicts, marked with ~). */
    public Set<String> optionalFor(boolean tls) {
        Set<String> out = new TreeSet<>();
        entries.stream().filter(e -> e.optional() && (tls ? e.tls() : e.h2c())).forEach(e -> out.add(e.caseId()));
        return out;
    }
}
