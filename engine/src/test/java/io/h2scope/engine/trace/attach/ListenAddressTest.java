package io.h2scope.engine.trace.attach;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** How an attach or listen address is read, with no name server of the outside world: names answered by a table. */
class ListenAddressTest {

    /** Answers localhost and names.test only; any other name does not resolve. */
    private static final HostLookup.Resolver TABLE = host -> switch (host) {
        case "localhost" -> InetAddress.getLoopbackAddress();
        case "names.test" -> InetAddress.getByAddress(host, new byte[] {10, 0, 0, 1});
        default -> {
            if (host.chars().allMatch(c -> c == '.' || c == ':' || Character.isDigit(c))) {
                yield InetAddress.getByName(host); // a literal: no lookup
            }
            throw new UnknownHostException(host);
        }
    };

    private static ListenAddress parse(String value) {
        return ListenAddress.parse(value, Duration.ofSeconds(30), TABLE);
    }

    @Test
    void socketPathsAndLoopbackPortsAreRead() {
        assertEquals(Path.of("/run/h2.sock"), parse("/run/h2.sock").unixPath());
        assertEquals(Path.of("h2.sock"), parse("h2.sock").unixPath());
        assertEquals(Path.of("./a:b"), parse("./a:b").unixPath(), "a socket path with a colon is written with a slash");
        for (String tcp : new String[] {"127.0.0.1:7000", "[::1]:7000", "[0:0:0:0:0:0:0:1]:7000",
                "0:0:0:0:0:0:0:1:7000", "localhost:7000"}) {
            ListenAddress address = parse(tcp);
            assertTrue(address.tcp().getAddress().isLoopbackAddress(), tcp);
            assertEquals(7000, address.tcp().getPort(), tcp);
        }
        assertEquals(0, parse("127.0.0.1:0").tcp().getPort(), "a listener's any free port");
    }

    @Test
    void eachWrongAddressSaysWhatIsWrongAndWhatToGive() {
        Map<String, String> wrong = Map.ofEntries(
                Map.entry("", "no address (give a Unix socket path, or HOST:PORT such as 127.0.0.1:7000)"),
                Map.entry("localhost", "no port (give HOST:PORT such as localhost:7000, or ./localhost for a socket "
                        + "file of that name)"),
                Map.entry("127.0.0.1", "no port (give HOST:PORT such as 127.0.0.1:7000, or ./127.0.0.1 for a socket "
                        + "file of that name)"),
                Map.entry("localhost:", "no port after the host (give one, such as localhost:7000)"),
                Map.entry("[::1]", "no port after the host (give one, such as [::1]:7000)"),
                Map.entry("::1", "no port after the IPv6 address (write an address with a port in brackets, such as "
                        + "[::1]:7000)"),
                Map.entry("0:0:0:0:0:0:0:1", "no port after the IPv6 address (write an address with a port in "
                        + "brackets, such as [0:0:0:0:0:0:0:1]:7000)"),
                Map.entry("::1:", "no port after the host (give one, such as [::1]:7000)"),
                Map.entry("::1:7000", "::1:7000 is ambiguous: the IPv6 address ::1:7000 with no port, or ::1 with port "
                        + "7000 (write an address with a port in brackets, such as [::1]:7000)"),
                Map.entry("fe80::1:443", "fe80::1:443 is ambiguous: the IPv6 address fe80::1:443 with no port, or "
                        + "fe80::1 with port 443 (write an address with a port in brackets, such as [fe80::1]:443)"),
                Map.entry(":7001", "no host before the port (give one, such as 127.0.0.1:7001)"),
                Map.entry("localhost:http", "port \"http\" is not a number (give HOST:PORT such as 127.0.0.1:7000, "
                        + "or ./localhost:http for a socket file of that name)"),
                Map.entry("127.0.0.1:-1", "port \"-1\" is not a number (give HOST:PORT such as 127.0.0.1:7000, "
                        + "or ./127.0.0.1:-1 for a socket file of that name)"),
                Map.entry("127.0.0.1:65536", "port 65536 is not 0..65535 (give one such as 127.0.0.1:7000)"),
                Map.entry("127.0.0.1:12345678901", "port 12345678901 is not 0..65535 (give one such as 127.0.0.1:7000)"),
                Map.entry("nosuch.example:7000", "the host name does not resolve (check the name, or give an address "
                        + "such as 127.0.0.1:7000)"),
                Map.entry("names.test:7000", "names.test is not a loopback address: the event stream is served on "
                        + "127.0.0.1 or ::1 only (or a Unix socket path)"));
        wrong.forEach((value, message) -> assertEquals(message,
                assertThrows(IllegalArgumentException.class, () -> parse(value), value).getMessage(), value));
    }

    @Test
    void aNameUnderInvalidFailsWithoutALookup() {
        HostLookup.Resolver none = host -> fail("looked up " + host);
        for (String value : new String[] {"no-such-host.invalid:7000", "NO-SUCH-HOST.INVALID.:7000", "invalid:7000"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ListenAddress.parse(value, Duration.ofSeconds(30), none), value);
            assertEquals("the host name does not resolve (check the name, or give an address such as 127.0.0.1:7000)",
                    e.getMessage(), value);
        }
        // the public parse too: RFC 6761 names never reach the system's resolver, so this needs no network
        assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse("no-such-host.invalid:7000"));
    }

    @Test
    void anIpv6AddressWithoutBracketsIsReadWithoutALookup() {
        HostLookup.Resolver none = host -> fail("looked up " + host);
        for (String value : new String[] {"::1", "::1:7000", "0:0:0:0:0:0:0:1"}) {
            assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse(value, Duration.ofSeconds(30), none),
                    value);
        }
    }

    @Test
    void aLookupThatDoesNotAnswerIsGivenUpOnAndLeftToItsDaemonThread() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean daemon = new AtomicBoolean();
        HostLookup.Resolver hangs = host -> {
            daemon.set(Thread.currentThread().isDaemon());
            started.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new UnknownHostException(host);
        };
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ListenAddress.parse("slow.example:7000", Duration.ofMillis(50), hangs));
            assertEquals("the host name did not resolve within 50 ms (check the name and the system's resolver, or "
                    + "give an address such as 127.0.0.1:7000)", e.getMessage());
            assertTrue(started.await(30, TimeUnit.SECONDS));
            assertTrue(daemon.get(), "a lookup left hanging does not keep the JVM alive");
        } finally {
            never.countDown();
        }
    }
}
