package io.h2scope.conformance.client.drive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.h2scope.conformance.client.drive.ClientAbility.BODY;
import static io.h2scope.conformance.client.drive.ClientAbility.PARALLEL;
import static io.h2scope.conformance.client.drive.ClientAbility.PRIOR_KNOWLEDGE;
import static io.h2scope.conformance.client.drive.ClientAbility.TLS;
import static io.h2scope.conformance.client.drive.ClientAbility.UPGRADE;
import static io.h2scope.conformance.client.drive.CommandTemplate.quote;

/**
 * The clients this machine has, each a documented command line so that a user types one word ({@code --client curl}).
 * Every profile requests all of a task's URLs in one process, so a client that multiplexes does so.
 */
public final class ClientProfiles {

    /** curl's per-transfer report on standard error, in {@link OutcomeLines}' form; the bodies go to /dev/null. */
    private static final String CURL_REPORT = "%{stderr}" + OutcomeLines.MARK
            + " %{exitcode} %{http_code} %{size_download} %{url} %{errormsg}\\n";
    private static final Pattern H2LOAD_REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");

    private static final Pattern NGHTTP_UNPROCESSED = Pattern.compile("Some requests were not processed\\. total=\\d+, processed=\\d+");

    private static final Map<String, ClientProfile> PROFILES = new LinkedHashMap<>();

    static {
        add(new ClientProfile("curl",
                "curl -sS --http2-prior-knowledge | --http2 | --http2 --cacert {ca}  [--data-binary @{body}] -Z "
                        + "-w '<report>' {urls} >/dev/null",
                EnumSet.of(PRIOR_KNOWLEDGE, UPGRADE, TLS, PARALLEL, BODY), program("curl", "curl"),
                ClientProfiles::curl, output -> Optional.empty()));
        add(new ClientProfile("nghttp",
                "nghttp -n [-u] [-d {body}] {urls}  (nghttp does not check the server's certificate)",
                EnumSet.of(PRIOR_KNOWLEDGE, UPGRADE, TLS, PARALLEL, BODY), program("nghttp", "nghttp2-client"),
                ClientProfiles::nghttp, ClientProfiles::nghttpFailure));
        add(new ClientProfile("h2load",
                "h2load -n N -c 1 -m N [-d {body}] {urls}  (N: the number of URLs; no certificate check)",
                EnumSet.of(PRIOR_KNOWLEDGE, TLS, PARALLEL, BODY), program("h2load", "nghttp2-client"),
                ClientProfiles::h2load, ClientProfiles::h2loadFailure));
        add(new ClientProfile("node",
                "node h2scope-node-client.js [--ca {ca}] [--body {body}] {urls}  (the http2 module, one session)",
                EnumSet.of(PRIOR_KNOWLEDGE, TLS, PARALLEL, BODY), program("node", "nodejs"),
                task -> "node " + quote(BundledScripts.file("h2scope-node-client.js").toString()) + scriptArguments(task),
                output -> Optional.empty()));
        add(new ClientProfile("python-httpx",
                "python3 h2scope-httpx-client.py [--ca {ca}] [--body {body}] {urls}  (httpx with h2, http1=False)",
                EnumSet.of(PRIOR_KNOWLEDGE, TLS, PARALLEL, BODY), PythonWithHttpx::missing,
                task -> PythonWithHttpx.interpreter() + " "
                        + quote(BundledScripts.file("h2scope-httpx-client.py").toString()) + scriptArguments(task),
                output -> Optional.empty()));
        add(new ClientProfile("go",
                "h2scope-go-client [--h2c] [--ca {ca}] [--body {body}] {urls}  (Go's net/http, one goroutine per URL; "
                        + "built from a bundled source with the go on PATH at first use)",
                EnumSet.of(PRIOR_KNOWLEDGE, TLS, PARALLEL, BODY), GoClientBuild::missing,
                task -> quote(GoClientBuild.binary().toString())
                        + (task.connect() == Connect.PRIOR_KNOWLEDGE ? " --h2c" : "") + scriptArguments(task),
                output -> Optional.empty()));
        add(new ClientProfile("chromium",
                "sh h2scope-chromium-client.sh h2scope-chromium-page.html {ca} {urls}  (headless Chromium: a page "
                        + "fetches the URLs at once; TLS only, no request body; status and length unseen)",
                EnumSet.of(TLS, PARALLEL), ClientProfiles::chromiumMissing,
                task -> "sh " + quote(BundledScripts.file("h2scope-chromium-client.sh").toString()) + " "
                        + quote(BundledScripts.file("h2scope-chromium-page.html").toString()) + " "
                        + quote(String.valueOf(task.ca())) + urlArguments(task),
                output -> Optional.empty()));
    }

    private ClientProfiles() {
    }

    private static void add(ClientProfile profile) {
        PROFILES.put(profile.name(), profile);
    }

    /** Every profile, in the order {@code --list-clients} shows them. */
    public static List<ClientProfile> all() {
        return List.copyOf(PROFILES.values());
    }

    /**
     * The profile called {@code name}.
     *
     * @throws IllegalArgumentException naming the profiles there are, when there is none by that name
     */
    public static ClientProfile named(String name) {
        ClientProfile profile = PROFILES.get(name);
        if (profile == null) {
            throw new IllegalArgumentException("no client profile \"" + name + "\"; there are: "
                    + String.join(", ", PROFILES.keySet()) + " (or give a command line with --exec)");
        }
        return profile;
    }

    private static String curl(ClientTask task) {
        StringBuilder line = new StringBuilder("curl -sS");
        line.append(switch (task.connect()) {
            case PRIOR_KNOWLEDGE -> " --http2-prior-knowledge";
            case UPGRADE -> " --http2";
            case TLS -> " --http2 --cacert " + quote(task.ca().toString());
        });
        body(task).ifPresent(b -> line.append(" --data-binary @").append(quote(b)));
        line.append(" -Z -w ").append(quote(CURL_REPORT));
        urls(task, line);
        return line.append(" >/dev/null").toString();
    }

    private static String nghttp(ClientTask task) {
        StringBuilder line = new StringBuilder("nghttp -n");
        if (task.connect() == Connect.UPGRADE) {
            line.append(" -u");
        }
        body(task).ifPresent(b -> line.append(" -d ").append(quote(b)));
        urls(task, line);
        return line.toString();
    }

    private static String h2load(ClientTask task) {
        int n = task.requests().size();
        StringBuilder line = new StringBuilder("h2load -n " + n + " -c 1 -m " + n);
        body(task).ifPresent(b -> line.append(" -d ").append(quote(b)));
        urls(task, line);
        return line.toString();
    }

    /** nghttp exits 0 when a request fails, and says so on its output. */
    private static Optional<String> nghttpFailure(String output) {
        Matcher m = NGHTTP_UNPROCESSED.matcher(output);
        return m.find() ? Optional.of("nghttp: " + m.group()) : Optional.empty();
    }

    /** h2load exits 0 when requests fail; its summary counts them (a non-2xx status is "failed" there, not an error). */
    private static Optional<String> h2loadFailure(String output) {
        Matcher m = H2LOAD_REQUESTS.matcher(output);
        if (!m.find()) {
            return Optional.of("h2load printed no request summary");
        }
        long total = Long.parseLong(m.group(1));
        long done = Long.parseLong(m.group(3));
        long errored = Long.parseLong(m.group(6));
        long timeout = Long.parseLong(m.group(7));
        if (done < total || errored > 0 || timeout > 0) {
            return Optional.of("h2load: " + m.group());
        }
        return Optional.empty();
    }

    private static String scriptArguments(ClientTask task) {
        StringBuilder line = new StringBuilder();
        if (task.ca() != null) {
            line.append(" --ca ").append(quote(task.ca().toString()));
        }
        body(task).ifPresent(b -> line.append(" --body ").append(quote(b)));
        urls(task, line);
        return line.toString();
    }

    /** Chromium speaks h2 over TLS only, and trusts the CA through an NSS database certutil makes. */
    private static Optional<String> chromiumMissing() {
        return program("chromium", "chromium").get().or(() -> program("certutil", "libnss3-tools").get());
    }

    private static String urlArguments(ClientTask task) {
        StringBuilder line = new StringBuilder();
        urls(task, line);
        return line.toString();
    }

    private static Optional<String> body(ClientTask task) {
        return task.requests().stream().filter(r -> r.body() != null).findFirst().map(r -> r.body().toString());
    }

    private static void urls(ClientTask task, StringBuilder line) {
        task.requests().forEach(r -> line.append(' ').append(quote(r.url().toString())));
    }

    private static Supplier<Optional<String>> program(String program, String debianPackage) {
        return () -> Executables.find(program).isPresent() ? Optional.empty()
                : Optional.of(program + " is not on PATH: install Debian's " + debianPackage
                        + " (apt-get install " + debianPackage + ")");
    }

    /** A Python 3 that can import httpx and h2: Debian's, ahead of another one on PATH that lacks them. */
    static final class PythonWithHttpx {
        private static String interpreter;
        private static String missing;

        private PythonWithHttpx() {
        }

        static synchronized String interpreter() {
            find();
            return interpreter == null ? "python3" : interpreter;
        }

        static synchronized Optional<String> missing() {
            find();
            return Optional.ofNullable(missing);
        }

        private static void find() {
            if (interpreter != null || missing != null) {
                return;
            }
            List<String> candidates = new ArrayList<>(List.of("/usr/bin/python3"));
            candidates.add("python3");
            for (String candidate : candidates) {
                if (Executables.find(candidate).isPresent() && imports(candidate)) {
                    interpreter = candidate;
                    return;
                }
            }
            missing = "no python3 here can import httpx and h2: install Debian's python3-httpx and python3-h2 "
                    + "(apt-get install python3-httpx python3-h2)";
        }

        private static boolean imports(String python) {
            try {
                return CommandRun.run(quote(python) + " -c 'import httpx, h2'", Duration.ofSeconds(20), null, Map.of())
                        .exitStatus() == 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
