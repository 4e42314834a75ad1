package io.h2scope.engine.server;

import io.h2scope.engine.core.limits.Limit;
import io.h2scope.engine.transport.AcceptLimits;
import io.h2scope.engine.transport.DriverConfig;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.ObjLongConsumer;

/**
 * Every setting a server takes from a config file or {@code h2scope serve}: where it listens, TLS, the
 * transport's limits and every core {@link Limit}. Defaults come from the builders' own defaults, so
 * they are stated once.
 */
public final class ServerOptions {

    private static final List<ServerOption> ALL = build();

    private ServerOptions() {
    }

    /** All of them: the server's own first, then the core limits in {@link Limit} order. */
    public static List<ServerOption> all() {
        return ALL;
    }

    public static Optional<ServerOption> find(String key) {
        return ALL.stream().filter(o -> o.key().equals(key)).findFirst();
    }

    /** The known key closest to {@code key} (fewest edits), for "did you mean". */
    public static String nearest(String key) {
        return ALL.stream().map(ServerOption::key)
                .min(Comparator.comparingInt((String k) -> distance(k, key)).thenComparing(k -> k)).orElseThrow();
    }

    private static List<ServerOption> build() {
        List<ServerOption> all = new ArrayList<>();
        all.add(new ServerOption("host", "ADDR", "127.0.0.1", "a name or address of this machine (0.0.0.0: every"
                + " interface)", "address to bind", (t, v) -> {
                    try {
                        InetAddress.getByName(v);
                    } catch (UnknownHostException e) {
                        throw new ServerOption.BadValue("does not resolve");
                    }
                    t.builder.host(v);
                }));
        all.add(count("port", "N", 0, 0, 65_535, "0..65535", "port to listen on; 0 picks a free one",
                (t, v) -> t.builder.port((int) v)));
        all.add(new ServerOption("tls", "true|false", "false", "true or false",
                "h2 over TLS (a self-signed certificate unless cert and key are given)", (t, v) -> {
                    if (!v.equals("true") && !v.equals("false")) {
                        throw new ServerOption.BadValue("is neither true nor false");
                    }
                    t.tls = Boolean.parseBoolean(v);
                    t.tlsWhere = t.where;
                }));
        all.add(file("cert", "PEM certificate chain (implies tls)", (t, p) -> t.cert = p));
        all.add(file("key", "PEM private key (implies tls)", (t, p) -> t.key = p));
        all.add(duration("handshake-timeout", H2Server.Builder.DEFAULT_HANDSHAKE_TIMEOUT, Duration.ZERO,
                "from accept to the client's first HTTP/2 SETTINGS (TLS handshake, HTTP/1.1 head and h2c upgrade"
                        + " included), then the connection is closed; 0 is off",
                (t, v) -> t.builder.handshakeTimeout(v)));
        AcceptLimits accept = AcceptLimits.DEFAULTS;
        all.add(count("max-connections", "N", accept.maxConnections(), 1, Integer.MAX_VALUE, ">= 1",
                "connections open at once, all clients; at it the oldest idle one is shed for a new one, else the new"
                        + " one is closed at accept",
                (t, v) -> t.builder.maxConnections((int) v)));
        all.add(count("max-connections-per-address", "N", accept.maxConnectionsPerAddress(), 1, Integer.MAX_VALUE,
                ">= 1", "connections open at once from one client IP address; at it the address's oldest idle one is"
                        + " shed for a new one, else the new one is closed at accept",
                (t, v) -> t.builder.maxConnectionsPerAddress((int) v)));
        all.add(count("descriptor-reserve", "N", accept.descriptorReserve(), 0, Integer.MAX_VALUE, ">= 0",
                "file descriptors kept free: the connection cap is at most the descriptor limit less these and those"
                        + " open at start", (t, v) -> t.builder.descriptorReserve((int) v)));
        all.add(duration("accept-retry-delay", accept.acceptRetryDelay(), Duration.ofMillis(1),
                "when accept fails (descriptors exhausted), no accept for this long, then a retry",
                (t, v) -> t.builder.acceptRetryDelay(v)));
        all.add(duration("log-interval", accept.logInterval(), Duration.ofMillis(1),
                "at most one log line per this interval for refused and shed connections, failed accepts and streams"
                        + " refused or reset for memory, with a count", (t, v) -> t.builder.logInterval(v)));
        BodyBudgets budgets = BodyBudgets.defaults();
        all.add(count("body-budget-per-stream", "BYTES", budgets.perStream(), 1, Long.MAX_VALUE, ">= 1",
                "request body bytes one stream may buffer (/echo); over it the read fails (/echo: 413, then RST_STREAM NO_ERROR)",
                (t, v) -> t.bodyPerStream = v));
        all.add(count("body-budget-per-connection", "BYTES", budgets.perConnection(), 1, Long.MAX_VALUE, ">= 1",
                "request body bytes one connection's streams may buffer together", (t, v) -> t.bodyPerConnection = v));
        all.add(new ServerOption("body-budget-per-server", "BYTES", "a quarter of the maximum heap", ">= 1",
                "request body bytes all connections may buffer together",
                (t, v) -> t.bodyPerServer = inRange(whole(v), 1, Long.MAX_VALUE)));
        all.add(new ServerOption("max-buffered-bytes", "BYTES", "half the maximum heap", ">= 1",
                "response data queued behind closed windows and request bodies buffered, all connections; over it new"
                        + " streams get REFUSED_STREAM and the longest-stalled ones are reset",
                (t, v) -> t.builder.maxBufferedBytes(inRange(whole(v), 1, Long.MAX_VALUE))));
        all.add(duration("read-timeout", H2Server.Builder.DEFAULT_READ_TIMEOUT, Duration.ZERO,
                "per request: longest silence while its headers or body arrive, then RST_STREAM CANCEL; 0 is off",
                (t, v) -> t.builder.readTimeout(v)));
        DriverConfig driver = DriverConfig.SERVER_DEFAULTS;
        all.add(duration("preface-timeout", driver.prefaceTimeout(), Duration.ZERO,
                "the client preface must arrive within this once HTTP/2 is known, else GOAWAY; 0 is off",
                (t, v) -> t.builder.prefaceTimeout(v)));
        all.add(duration("first-stream-timeout", driver.firstStreamTimeout(), Duration.ZERO,
                "a connection that has opened no stream this long after HTTP/2 began (PINGs or not): GOAWAY NO_ERROR"
                        + " and close; 0 is off", (t, v) -> t.builder.firstStreamTimeout(v)));
        all.add(duration("idle-timeout", driver.idleTimeout(), Duration.ZERO,
                "no stream and no input for this long: GOAWAY NO_ERROR and close; 0 is off",
                (t, v) -> t.builder.idleTimeout(v)));
        for (Limit limit : Limit.values()) {
            all.add(limit.unit() == Limit.Unit.NANOS ? limitDuration(limit) : limitCount(limit));
        }
        return Collections.unmodifiableList(all);
    }

    private static ServerOption limitCount(Limit limit) {
        return count(limit.key(), limit.unit() == Limit.Unit.OCTETS ? "BYTES" : "N", limit.defaultValue(),
                limit.min(), limit.max(), limit.allowed(), limit.summary(), (t, v) -> t.limits.set(limit, v));
    }

    private static ServerOption limitDuration(Limit limit) {
        Duration min = Duration.ofNanos(limit.min());
        String allowed = limit.min() == 0 ? (limit.zeroIsOff() ? ">= 0 (0 = off)" : ">= 0") : "> 0";
        return new ServerOption(limit.key(), "DURATION", SettingText.show(Duration.ofNanos(limit.defaultValue())),
                allowed, limit.summary(), (t, v) -> {
                    Duration d = parseDuration(v);
                    if (d.compareTo(min) < 0) {
                        throw new ServerOption.BadValue("is not allowed");
                    }
                    t.limits.set(limit, d.toNanos());
                });
    }

    private static ServerOption count(String key, String label, long defaultValue, long min, long max, String allowed,
            String summary, ObjLongConsumer<ServerOptionValues.Target> set) {
        return new ServerOption(key, label, String.valueOf(defaultValue), allowed, summary,
                (t, v) -> set.accept(t, inRange(whole(v), min, max)));
    }

    private static ServerOption duration(String key, Duration defaultValue, Duration min, String summary,
            BiConsumer<ServerOptionValues.Target, Duration> set) {
        String allowed = min.isZero() ? ">= 0 (0 = off)" : ">= " + SettingText.show(min);
        return new ServerOption(key, "DURATION", SettingText.show(defaultValue), allowed, summary, (t, v) -> {
            Duration d = parseDuration(v);
            if (d.compareTo(min) < 0) {
                throw new ServerOption.BadValue("is not allowed");
            }
            set.accept(t, d);
        });
    }

    private static ServerOption file(String key, String summary, BiConsumer<ServerOptionValues.Target, Path> set) {
        return new ServerOption(key, "FILE", "none", "a readable file", summary, (t, v) -> {
            Path p = Path.of(v);
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw new ServerOption.BadValue(Files.exists(p) ? "is not a readable file" : "does not exist");
            }
            set.accept(t, p);
            t.tlsWhere = t.where;
        });
    }

    private static Duration parseDuration(String v) {
        try {
            return SettingText.duration(v); // at most a year: longer does not fit a deadline
        } catch (SettingText.TooLong e) {
            throw new ServerOption.BadValue("is longer than a year (at most "
                    + SettingText.show(SettingText.LONGEST_DURATION) + ")");
        } catch (IllegalArgumentException e) {
            throw new ServerOption.BadValue("is not a duration (ms, s or m, e.g. 500ms, 10s, 2m)");
        }
    }

    private static long whole(String v) {
        try {
            return SettingText.wholeNumber(v);
        } catch (IllegalArgumentException e) {
            throw new ServerOption.BadValue("is not a whole number");
        }
    }

    private static long inRange(long v, long min, long max) {
        if (v < min || v > max) {
            throw new ServerOption.BadValue("is not allowed");
        }
        return v;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int same = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + same);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
