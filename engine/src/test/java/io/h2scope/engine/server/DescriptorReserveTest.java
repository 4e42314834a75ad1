package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle crowd larger than the descriptor limit: a server in a child JVM under {@code prlimit --nofile=256} keeps
 * its connection cap below the limit by {@code descriptorReserve} and, at the cap, sheds the oldest idle connection for
 * each newcomer; so 400 idle complete HTTP/2 connections leave it able to accept and answer a normal request.
 */
@Timeout(120)
class DescriptorReserveTest {

    private static final int DESCRIPTORS = 256;
    private static final int CROWD = 400;

    @Test
    void aNormalRequestIsServedWhileAnIdleCrowdExceedsTheDescriptorLimit() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "prlimit (util-linux) is not installed");
        Path log = Files.createTempFile("descriptor-reserve", ".log");
        Process child = AcceptBackoffChild.launch(DESCRIPTORS, log);
        List<Socket> crowd = new ArrayList<>();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            PrintWriter in = new PrintWriter(child.getOutputStream(), true, StandardCharsets.US_ASCII);
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("PORT "), "child did not start: " + first + " " + Files.readString(log));
            String[] words = first.split(" ");
            int port = Integer.parseInt(words[1]);
            int cap = Integer.parseInt(words[3]);
            assertTrue(cap < DESCRIPTORS - 64, "the cap " + cap + " leaves no reserve below " + DESCRIPTORS);
            for (int i = 0; i < CROWD; i++) { // complete connections that then say nothing
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port));
                OutputStream o = s.getOutputStream();
                o.write(Preface.bytes());
                o.write(FrameWriter.encode(SettingsFrame.of()));
                crowd.add(s);
            }
            try (ScriptedPeer normal = ScriptedPeer.connect(port).greet()) {
                normal.get(1, "/");
                assertNotNull(normal.await(f -> f instanceof HeadersFrame), "a normal request was not answered; log:\n"
                        + Files.readString(log));
            }
            in.println("stats");
            String stats = out.readLine();
            String[] counts = stats.split(" ");
            long shed = Long.parseLong(counts[3]);
            long refused = Long.parseLong(counts[5]);
            System.out.println("descriptor reserve: cap " + cap + " of " + DESCRIPTORS + " descriptors, " + CROWD
                    + " idle connections, " + stats);
            // a newcomer is refused only while the sheds made for earlier ones are still closing (a burst outruns them)
            assertTrue(shed > 0, "nothing was shed: " + stats);
            assertTrue(shed + refused >= CROWD - cap, stats + ": " + CROWD + " connections over a cap of " + cap
                    + " were neither shed for nor refused");
        } finally {
            for (Socket s : crowd) {
                s.close();
            }
            child.getOutputStream().close();
            if (!child.waitFor(5, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
            Files.deleteIfExists(log);
        }
    }
}
