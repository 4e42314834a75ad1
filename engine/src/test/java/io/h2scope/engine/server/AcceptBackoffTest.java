package io.h2scope.engine.server;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.testsupport.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * File-descriptor exhaustion: a server in a child JVM whose descriptor limit is 256 ({@code prlimit}), 150 of them
 * taken by files it opened after binding (so that its connection cap, derived at bind, is too high), gets
 * more connections than it can hold. Accept fails with EMFILE; the server must not spin (its CPU stays far
 * below one core), must log a bounded number of lines, and must serve again once descriptors are free.
 */
@Timeout(90)
class AcceptBackoffTest {

    private static final int DESCRIPTORS = 256;
    private static final long WINDOW_MS = 3_000;

    @Test
    void exhaustedDescriptorsPauseAcceptingAndServiceComesBack() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "prlimit (util-linux) is not installed");
        Path log = Files.createTempFile("accept-backoff", ".log");
        Process child = AcceptBackoffChild.launch(DESCRIPTORS, log, "hog", "150");
        List<Socket> held = new ArrayList<>();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            PrintWriter in = new PrintWriter(child.getOutputStream(), true, StandardCharsets.US_ASCII);
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("PORT "), "child did not start: " + first + " " + Files.readString(log));
            int port = Integer.parseInt(first.split(" ")[1]);

            long started = System.nanoTime();
            for (int i = 0; i < DESCRIPTORS + 100; i++) { // more than the child can hold: the rest wait in the backlog
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port));
                held.add(s);
            }
            long exhaustedAt = System.nanoTime();
            long failuresBefore = failures(in, out);
            while (failuresBefore == 0) { // the child accepts until EMFILE, then fails: wait for that, however long
                assertTrue(System.nanoTime() - exhaustedAt < Await.PATIENCE.toNanos(), "accept never failed: the"
                        + " descriptor limit did not bite");
                Thread.sleep(100);
                failuresBefore = failures(in, out);
            }
            exhaustedAt = System.nanoTime();
            long cpuBefore = cpuMillis(child);
            Thread.sleep(WINDOW_MS); // the window the child's CPU time and its accept failures are counted over
            long cpuUsed = cpuMillis(child) - cpuBefore;
            long windowMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exhaustedAt);
            long failures = failures(in, out) - failuresBefore;
            // CPU time, not wall time: a server that spins burns it however loaded the machine is, one that waits does not
            assertTrue(cpuUsed < windowMs / 4, "the server used " + cpuUsed + " ms of CPU in " + windowMs
                    + " ms while descriptors were exhausted (" + failures + " accept failures)");
            // one pause per failure: at most one retry per acceptRetryDelay (100 ms) over the window
            assertTrue(failures <= windowMs / 100 + 5, failures + " accept failures in " + windowMs
                    + " ms: accept was retried in a loop");

            for (Socket s : held) {
                s.close();
            }
            held.clear();
            assertTrue(servedWithin(port, Await.PATIENCE), "no service after descriptors were freed; the server's log:\n"
                    + Files.readAllLines(log).stream().limit(40).reduce("", (a, b) -> a + b + "\n"));

            long lines = Files.readAllLines(log).stream().filter(l -> l.contains("accept failed")).count();
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) + 1; // the whole run, every failure
            System.out.println("accept back-off: " + cpuUsed + " ms CPU in " + WINDOW_MS + " ms exhausted, " + failures
                    + " accept failures, " + lines + " log lines in " + seconds + " s");
            assertTrue(lines >= 1 && lines <= seconds + 3, lines + " 'accept failed' log lines; expected one per second at most");
        } finally {
            for (Socket s : held) {
                s.close();
            }
            child.getOutputStream().close();
            if (!child.waitFor(5, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
            Files.deleteIfExists(log);
        }
    }

    /** The child's count of failed accepts so far. */
    private static long failures(PrintWriter in, BufferedReader out) throws IOException {
        in.println("stats");
        String stats = out.readLine();
        return Long.parseLong(stats.split(" ")[1]);
    }

    private static long cpuMillis(Process p) {
        return p.info().totalCpuDuration().orElseThrow(() -> new AssertionError("no CPU time for the child")).toMillis();
    }

    /** A fresh connection gets the server's SETTINGS (not a close) within {@code limit}. */
    private static boolean servedWithin(int port, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoTimeout(1_000);
                s.getOutputStream().write(Preface.bytes());
                if (s.getInputStream().read() >= 0) {
                    return true;
                }
            } catch (SocketTimeoutException | SocketException e) {
                // still exhausted or still in the backlog: try again
            } catch (IOException e) {
                // likewise
            }
            Thread.sleep(100);
        }
        return false;
    }
}
