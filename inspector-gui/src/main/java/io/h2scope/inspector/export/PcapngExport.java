package io.h2scope.inspector.export;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.jsonl.PrivateFiles;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.WireBytes;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A recording as a pcapng capture that Wireshark and tshark dissect as HTTP/2: each connection becomes a synthetic
 * TCP connection from 10.0.0.1 (the client, port 40000 + its number) to 10.0.0.2 port {@link #SERVER_PORT}, carrying
 * the client preface and then the octets of each frame of the {@link ExportScope} in the direction it went, at its
 * recorded time. (A filter that leaves out HEADERS leaves Wireshark's HPACK tables without their blocks.) TLS
 * connections are written as the plaintext HTTP/2 they carried. Wireshark does not take port 28080 for HTTP/2 by
 * itself: {@code tshark -d tcp.port==28080,http2} (or Decode As... in Wireshark) says so.
 */
public final class PcapngExport {

    public static final int SERVER_PORT = 28080;
    private static final byte[] CLIENT = {10, 0, 0, 1};
    private static final byte[] SERVER = {10, 0, 0, 2};
    private static final byte[] PREFACE = Preface.bytes();
    /** 2026-01-01T00:00:00Z in microseconds: recorded times are relative to each connection's start. */
    private static final long EPOCH_MICROS = 1_767_225_600_000_000L;

    private PcapngExport() {
    }

    /** Writes {@code path} (replacing it) with every frame recorded and returns how many frames went in. */
    public static int save(Recording recording, Path path) throws IOException {
        return save(recording, ExportScope.everything(recording), path);
    }

    /** Writes {@code path} (replacing it) with the scope's frames and returns how many went in. */
    public static int save(Recording recording, ExportScope scope, Path path) throws IOException {
        try (OutputStream out = new BufferedOutputStream(PrivateFiles.replace(path))) {
            return write(recording, scope, out);
        }
    }

    public static int write(Recording recording, ExportScope scope, OutputStream out) throws IOException {
        PcapngWriter pcap = new PcapngWriter(out);
        Map<Integer, Connection> flows = new HashMap<>();
        int count = scope.eventCount();
        int frames = 0;
        for (int i = 0; i < count; i++) {
            ConnectionHistory history = recording.connectionOf(i);
            if (!scope.hasConnection(history.ordinal())) {
                continue; // not read: a recording from a file reads each event again
            }
            int frame = recording.frameAtOrBefore(i);
            boolean isFrame = frame >= 0 && recording.frameEvent(frame) == i;
            if (isFrame && !scope.hasFrame(frame)) {
                continue;
            }
            TraceEvent event = recording.event(i);
            Connection c = flows.computeIfAbsent(history.ordinal(), n -> new Connection(history));
            long micros = EPOCH_MICROS + event.nanosSinceStart() / 1_000;
            if (event instanceof FrameEvent f) {
                c.begin(pcap, micros);
                boolean fromClient = (f.direction() == Direction.OUTBOUND) == c.publishedByClient;
                write(pcap, micros, c.flow.data(fromClient, WireBytes.of(f)));
                frames++;
            } else if (event instanceof ConnectionClosed && c.begun && !c.ended) {
                c.ended = true;
                write(pcap, micros, c.flow.close());
            }
        }
        out.flush();
        return frames;
    }

    private static void write(PcapngWriter pcap, long micros, byte[][] packets) throws IOException {
        for (byte[] p : packets) {
            pcap.packet(micros, p);
        }
    }

    /** One connection's flow, begun at its first frame. */
    private static final class Connection {
        final TcpFlow flow;
        /** Whether the recorded endpoint is the client (a trace without ConnectionOpened: taken as one). */
        final boolean publishedByClient;
        boolean begun;
        boolean ended;

        Connection(ConnectionHistory history) {
            this.flow = new TcpFlow(CLIENT, 40_000 + history.ordinal() % 25_000, SERVER, SERVER_PORT);
            ConnectionOpened opened = history.opened();
            this.publishedByClient = opened == null || opened.role() != Role.SERVER;
        }

        void begin(PcapngWriter pcap, long micros) throws IOException {
            if (!begun) {
                begun = true;
                write(pcap, micros, flow.open());
                write(pcap, micros, flow.data(true, PREFACE));
            }
        }
    }
}
