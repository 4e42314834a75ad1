package io.h2scope.engine.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.limits.Limit;
import io.h2scope.engine.core.limits.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A server's settings from a config file or Properties: every option reaches the config, every error is one line. */
class ServerOptionValuesTest {

    @TempDir
    Path dir;

    /** How each of the server's own options shows in the ServerConfig it builds; the core limits read via {@link Limit}. */
    private static final Map<String, Function<ServerConfig, Object>> SERVER_OWN = Map.ofEntries(
            Map.entry("host", c -> c.address().getHostString()),
            Map.entry("port", c -> c.address().getPort()),
            Map.entry("handshake-timeout", ServerConfig::handshakeTimeout),
            Map.entry("max-connections", c -> c.accept().maxConnections()),
            Map.entry("max-connections-per-address", c -> c.accept().maxConnectionsPerAddress()),
            Map.entry("accept-retry-delay", c -> c.accept().acceptRetryDelay()),
            Map.entry("log-interval", c -> c.accept().logInterval()),
            Map.entry("descriptor-reserve", c -> c.accept().descriptorReserve()),
            Map.entry("first-stream-timeout", c -> c.driver().firstStreamTimeout()),
            Map.entry("body-budget-per-stream", c -> c.bodyBudgets().perStream()),
            Map.entry("body-budget-per-connection", c -> c.bodyBudgets().perConnection()),
            Map.entry("body-budget-per-server", c -> c.bodyBudgets().perServer()),
            Map.entry("max-buffered-bytes", ServerConfig::maxBufferedBytes),
            Map.entry("read-timeout", ServerConfig::readTimeout),
            Map.entry("preface-timeout", c -> c.driver().prefaceTimeout()),
            Map.entry("idle-timeout", c -> c.driver().idleTimeout()));

    /** A value other than the default for each of the server's own options, and what it reads back as. */
    private static final Map<String, Object[]> SERVER_VALUES = Map.ofEntries(
            Map.entry("host", new Object[] {"localhost", "localhost"}),
            Map.entry("port", new Object[] {"9", 9}),
            Map.entry("handshake-timeout", new Object[] {"3s", Duration.ofSeconds(3)}),
            Map.entry("max-connections", new Object[] {"77", 77}),
            Map.entry("max-connections-per-address", new Object[] {"5", 5}),
            Map.entry("accept-retry-delay", new Object[] {"250ms", Duration.ofMillis(250)}),
            Map.entry("log-interval", new Object[] {"30s", Duration.ofSeconds(30)}),
            Map.entry("descriptor-reserve", new Object[] {"16", 16}),
            Map.entry("first-stream-timeout", new Object[] {"4s", Duration.ofSeconds(4)}),
            Map.entry("body-budget-per-stream", new Object[] {"1000", 1000L}),
            Map.entry("body-budget-per-connection", new Object[] {"2000", 2000L}),
            Map.entry("body-budget-per-server", new Object[] {"3000", 3000L}),
            Map.entry("max-buffered-bytes", new Object[] {"4000", 4000L}),
            Map.entry("read-timeout", new Object[] {"0", Duration.ZERO}),
            Map.entry("preface-timeout", new Object[] {"2m", Duration.ofMinutes(2)}),
            Map.entry("idle-timeout", new Object[] {"45s", Duration.ofSeconds(45)}));

    static Stream<ServerOption> valuedOptions() {
        return ServerOptions.all().stream().filter(o -> !Set.of("tls", "cert", "key").contains(o.key()));
    }

    @ParameterizedTest
    @MethodSource("valuedOptions")
    void everyOptionFromAFileReachesTheServersConfig(ServerOption option) throws Exception {
        Object[] given = SERVER_VALUES.get(option.key());
        Object expected;
        String text;
        Function<ServerConfig, Object> read;
        if (given != null) {
            text = (String) given[0];
            expected = given[1];
            read = SERVER_OWN.get(option.key());
        } else {
            Limit limit = Stream.of(Limit.values()).filter(l -> l.key().equals(option.key())).findFirst().orElseThrow();
            long value = limit.unit() == Limit.Unit.NANOS ? limit.defaultValue() + 1_000_000_000L : limit.defaultValue() + 1;
            text = limit.unit() == Limit.Unit.NANOS ? value / 1_000_000_000L + "s" : String.valueOf(value);
            expected = value;
            read = c -> limit.valueIn(c.connection().limits());
        }
        Path file = write("# one setting\n\n" + option.key() + " = " + text + "\n");
        ServerConfig config = H2Server.builder().configFile(file).build();
        assertEquals(expected, read.apply(config), option.key() + " = " + text);
        assertFalse(expected.equals(read.apply(H2Server.builder().build())), option.key() + ": the test value is the default");
    }

    @Test
    void everyOptionHasAKnownReaderOrIsALimit() {
        Set<String> keys = new HashSet<>();
        for (ServerOption o : ServerOptions.all()) {
            assertTrue(keys.add(o.key()), "twice: " + o.key());
            boolean limit = Stream.of(Limit.values()).anyMatch(l -> l.key().equals(o.key()));
            assertTrue(limit || SERVER_OWN.containsKey(o.key()) || Set.of("tls", "cert", "key").contains(o.key()), o.key());
            assertFalse(o.defaultText().isBlank() || o.allowed().isBlank() || o.summary().isBlank(), o.key());
        }
        assertEquals(Limit.values().length + SERVER_OWN.size() + 3, keys.size());
    }

    @Test
    void colonsCommentsAndBlankLinesAreTheFilesOtherSyntax() throws Exception {
        Path file = write("! a comment\n   # another\nmax-concurrent-streams: 7\n\n  ping-burst=9  \n");
        Limits limits = H2Server.builder().configFile(file).build().connection().limits();
        assertEquals(7, limits.maxConcurrentStreams());
        assertEquals(9, limits.pingBurst());
    }

    @Test
    void theFileAppliesOverWhatTheBuilderHadAndKeepsTheRest() throws Exception {
        Path file = write("send-stall-timeout = 5s\n");
        ServerConfig config = H2Server.builder().limits(Limits.builder().maxConcurrentStreams(3).build())
                .maxConnections(12).configFile(file).build();
        assertEquals(3, config.connection().limits().maxConcurrentStreams());
        assertEquals(5_000_000_000L, config.connection().limits().sendStallTimeoutNanos());
        assertEquals(12, config.accept().maxConnections());
    }

    @Test
    void aLaterValueWinsOverTheFile() throws Exception {
        Path file = write("max-concurrent-streams = 7\nping-burst = 9\n");
        ServerOptionValues settings = ServerOptionValues.read(file).with("max-concurrent-streams", "11", "--max-concurrent-streams 11");
        Limits limits = H2Server.builder().settings(settings).build().connection().limits();
        assertEquals(11, limits.maxConcurrentStreams());
        assertEquals(9, limits.pingBurst());
    }

    @Test
    void propertiesAreReadLikeAFile() throws Exception {
        Properties p = new Properties();
        p.setProperty("max-frame-size", "32768");
        p.setProperty("tls", "true");
        ServerConfig config = H2Server.builder().properties(p, "server.properties").build();
        assertEquals(32_768, config.connection().limits().maxFrameSize());
        assertTrue(config.isTls());
        p.setProperty("max-frame-size", "1");
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class,
                () -> H2Server.builder().properties(p, "server.properties"));
        assertEquals("server.properties: max-frame-size = 1 is not allowed: give 16384..16777215 (RFC 9113 §4.2)"
                + " (default 16384)", e.getMessage());
    }

    @Test
    void aValueOutOfRangeNamesFileLineValueRangeAndDefault() throws Exception {
        Path file = write("# limits\nmax-connections-per-address = 0\n");
        assertEquals(file + ":2: max-connections-per-address = 0 is not allowed: give >= 1 (default 1000)",
                applyError(file));
    }

    @Test
    void aWordWhereANumberGoesIsNamed() throws Exception {
        Path file = write("max-concurrent-streams = many\n");
        assertEquals(file + ":1: max-concurrent-streams = many is not a whole number: give >= 1 (default 100)",
                applyError(file));
    }

    @Test
    void aDurationWithoutAKnownUnitIsNamed() throws Exception {
        Path file = write("send-stall-timeout = 10h\n");
        assertEquals(file + ":1: send-stall-timeout = 10h is not a duration (ms, s or m, e.g. 500ms, 10s,"
                + " 2m): give >= 0 (0 = off) (default 60s)", applyError(file));
    }

    /** Longer than a year said "is not a duration"; a binary file only the decoder's "Input length = 1". */
    @Test
    void aDurationBeyondAYearAndAFileThatIsNoTextAreNamed() throws Exception {
        Path file = write("idle-timeout = 999999999m\n");
        assertEquals(file + ":1: idle-timeout = 999999999m is longer than a year (at most 525600m): give >= 0 (0 = off) "
                + "(default 3m)", applyError(file));
        Path binary = Files.write(file.resolveSibling("binary.conf"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class,
                () -> ServerOptionValues.read(binary));
        assertEquals(binary + " is not a text file (not UTF-8): give key = value lines (docs/SERVER.md)", e.getMessage());
    }

    @Test
    void aTimeoutThatMayNotBeOffRefusesZero() throws Exception {
        Path file = write("settings-ack-timeout = 0\n");
        assertEquals(file + ":1: settings-ack-timeout = 0 is not allowed: give > 0 (default 10s)", applyError(file));
        Path delay = write("accept-retry-delay = 0\n");
        assertEquals(delay + ":1: accept-retry-delay = 0 is not allowed: give >= 1ms (default 100ms)", applyError(delay));
    }

    @Test
    void aBooleanMustBeTrueOrFalse() throws Exception {
        Path file = write("tls = yes\n");
        assertEquals(file + ":1: tls = yes is neither true nor false: give true or false (default false)", applyError(file));
    }

    @Test
    void aCertificateFileThatDoesNotExistIsNamed() throws Exception {
        Path file = write("cert = " + dir.resolve("none.pem") + "\n");
        assertEquals(file + ":1: cert = " + dir.resolve("none.pem") + " does not exist: give a readable file"
                + " (default none)", applyError(file));
    }

    @Test
    void aCertificateWithoutAKeyIsNamed() throws Exception {
        Path pem = Files.writeString(dir.resolve("cert.pem"), "x");
        Path file = write("cert = " + pem + "\n");
        assertEquals(file + ":1: cert = " + pem + ": cert and key go together: give both, or neither for a self-signed"
                + " certificate (with tls = true)", applyError(file));
    }

    @Test
    void anUnknownKeyNamesTheNearestKnownOne() throws Exception {
        Path file = write("max-concurent-streams = 5\n");
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class, () -> ServerOptionValues.read(file));
        assertEquals(file + ":1: unknown key 'max-concurent-streams'; did you mean 'max-concurrent-streams'?",
                e.getMessage());
        assertEquals("idle-timeout", ServerOptions.nearest("idle-timout"));
    }

    @Test
    void aLineWithoutASeparatorIsNamed() throws Exception {
        Path file = write("max-concurrent-streams 5\n");
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class, () -> ServerOptionValues.read(file));
        assertEquals(file + ":1: 'max-concurrent-streams 5' is not a setting: write key = value (# starts a comment)",
                e.getMessage());
    }

    @Test
    void aKeyGivenTwiceIsNamed() throws Exception {
        Path file = write("ping-burst = 5\n# again\nping-burst = 6\n");
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class, () -> ServerOptionValues.read(file));
        assertEquals(file + ":3: ping-burst is given twice (first on line 1): keep one", e.getMessage());
    }

    private String applyError(Path file) {
        ServerOptionValuesException e = assertThrows(ServerOptionValuesException.class, () -> H2Server.builder().configFile(file));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    private Path write(String text) throws Exception {
        return Files.writeString(Files.createTempFile(dir, "server", ".conf"), text);
    }
}
