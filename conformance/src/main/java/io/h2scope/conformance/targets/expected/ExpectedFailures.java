package io.h2scope.conformance.targets.expected;

import io.h2scope.conformance.targets.ServerVersion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A target's known FAILs, one per line, keyed by case id, with a one-line reason, and the version they were written
 * for:
 * <pre>
 * # written for: nginx 1.22.1
 * # comment
 * http2/5.1.1/decreasing-stream-id   ignores a HEADERS on a lower stream id instead of PROTOCOL_ERROR
 * tls/9.2.1/renegotiation-refused@tls   only over TLS
 * http2/3.5/invalid-preface@h2c         only over h2c
 * ~http2/6.1/pad-length-too-large@tls   may FAIL or not (timing-dependent): neither required nor new
 * </pre>
 * A run matches when its FAILs are exactly the entries for its listener: a new FAIL and an entry
 * that no longer fails are both mismatches (the file must be kept honest in both directions);
 * {@link ExpectedFailuresCheck} holds runs against the file. A run of another version than the one the file was
 * written for is said ({@link #versionNote}), not an error: the entries then still hold the run to the file.
 */
public final class ExpectedFailures {

    /** The file's name in a target's folder. */
    public static final String FILE_NAME = "expected-failures.txt";

    /** One entry: the case, the listeners it applies to, why. */
    public record Entry(String caseId, boolean h2c, boolean tls, boolean optional, String reason) {
    }

    /** The header line that names the version: {@code # written for: nginx 1.22.1} (the name, then the version). */
    static final String WRITTEN_FOR = "# written for:";

    private final List<Entry> entries;
    private final String writtenFor;
    private final boolean exists;

    private ExpectedFailures(List<Entry> entries, String writtenFor, boolean exists) {
        this.entries = List.copyOf(entries);
        this.writtenFor = writtenFor;
        this.exists = exists;
    }

    /** No file: no failure is expected, and no version to compare with. */
    public static ExpectedFailures none() {
        return new ExpectedFailures(List.of(), null, false);
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
        String writtenFor = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.regionMatches(true, 0, WRITTEN_FOR, 0, WRITTEN_FOR.length())) {
                if (writtenFor != null) {
                    throw new IOException(origin + ":" + (i + 1) + ": a second '" + WRITTEN_FOR + "' line; name one version");
                }
                writtenFor = line.substring(WRITTEN_FOR.length()).strip();
                if (writtenFor.isEmpty()) {
                    throw new IOException(origin + ":" + (i + 1) + ": '" + WRITTEN_FOR + "' needs the server's name and version, "
                            + "e.g. '" + WRITTEN_FOR + " nginx 1.22.1'");
                }
                continue;
            }
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
        return new ExpectedFailures(entries, writtenFor, true);
    }

    /** The version the file was written for, as its header names it ({@code nginx 1.22.1}). */
    public Optional<String> writtenFor() {
        return Optional.ofNullable(writtenFor);
    }

    /**
     * One line when the run tested another version than the one this file was written for (or either is unknown):
     * what a report says beside its verdicts. The same version is {@link #sameVersion} of the written one.
     */
    public Optional<String> versionNote(ServerVersion tested) {
        if (!exists) {
            return Optional.empty();
        }
        if (writtenFor == null) {
            return Optional.of(FILE_NAME + " does not say which version it was written for (a '"
                    + WRITTEN_FOR + " NAME VERSION' line); this run tested " + tested.describe());
        }
        if (!tested.isKnown()) {
            return Optional.of(FILE_NAME + " was written for " + writtenFor + "; this run's version is unknown ("
                    + tested.problem() + ")");
        }
        if (sameVersion(writtenFor, tested.describe())) {
            return Optional.empty();
        }
        return Optional.of(FILE_NAME + " was written for " + writtenFor + "; this run tested "
                + tested.describe() + ": its known FAILs may differ (a note, not an error)");
    }

    /**
     * True when {@code tested} is the version {@code written} names, to the precision the file gives: {@code nginx
     * 1.22.1} covers {@code nginx 1.22.1} and {@code nginx 1.22.1-9+deb12u12} (a Debian revision of it), not {@code
     * nginx 1.22.10} or {@code nginx 1.24.0}.
     */
    static boolean sameVersion(String written, String tested) {
        return tested.startsWith(written)
                && (tested.length() == written.length() || !Character.isLetterOrDigit(tested.charAt(written.length())));
    }

    /** This file held over {@code caseIds} alone: an entry of a case a selection left out counts neither way. */
    public ExpectedFailures only(java.util.Collection<String> caseIds) {
        return new ExpectedFailures(entries.stream().filter(e -> caseIds.contains(e.caseId())).toList(), writtenFor, exists);
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
