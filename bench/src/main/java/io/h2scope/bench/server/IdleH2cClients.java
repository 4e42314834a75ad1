package io.h2scope.bench.server;

import io.h2scope.engine.frame.Preface;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens N idle h2c connections (prior knowledge) to a server and holds them until stdin closes or a
 * line arrives: each sends the preface and an empty SETTINGS, reads the server's SETTINGS and ACKs it,
 * then stays silent. With a fourth argument {@code get}, each first does one {@code GET /} and reads the
 * response, so the server's per-connection buffers have been used once. For measuring what an idle
 * connection costs the server (docs/BENCHMARKS.md).
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.h2scope.bench.server.IdleH2cClients 127.0.0.1 29880 10000 [get]}
 */
public final class IdleH2cClients {

    private static final byte[] HELLO = concat(Preface.bytes(),
            new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0});
    private static final byte[] SETTINGS_ACK = {0, 0, 0, 4, 1, 0, 0, 0, 0};
    /** HEADERS, END_STREAM | END_HEADERS, stream 1: :method GET, :scheme http, :path /, :authority localhost. */
    private static final byte[] GET = concat(new byte[] {0, 0, 14, 1, 5, 0, 0, 0, 1, (byte) 0x82, (byte) 0x86, (byte) 0x84,
            0x01, 9}, "localhost".getBytes(StandardCharsets.US_ASCII));

    private IdleH2cClients() {
    }

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        int count = Integer.parseInt(args[2]);
        boolean get = args.length > 3 && args[3].equals("get");
        List<Socket> open = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                open.add(handshake(new InetSocketAddress(host, port), get));
                if ((i + 1) % 1000 == 0) {
                    System.out.println("opened " + (i + 1));
                }
            }
            System.out.println("open " + open.size());
            System.out.flush();
            System.in.read(); // hold until told (a line or end of input)
        } finally {
            for (Socket s : open) {
                s.close();
            }
            System.out.println("closed " + open.size());
        }
    }

    private static Socket handshake(InetSocketAddress address, boolean get) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true); // SETTINGS ACK and GET are two small writes: no Nagle wait between them
        s.connect(address, 10_000);
        s.setSoTimeout(10_000);
        s.getOutputStream().write(HELLO);
        readSettings(s.getInputStream());
        s.getOutputStream().write(SETTINGS_ACK);
        if (get) {
            s.getOutputStream().write(GET);
            readResponse(s.getInputStream());
        }
        return s;
    }

    /** Reads frames until the server's (non-ACK) SETTINGS. */
    private static void readSettings(InputStream in) throws IOException {
        while (true) {
            byte[] header = in.readNBytes(9);
            if (header.length < 9) {
                throw new IOException("closed before SETTINGS");
            }
            int length = ((header[0] & 0xff) << 16) | ((header[1] & 0xff) << 8) | (header[2] & 0xff);
            in.readNBytes(length);
            if (header[3] == 4 && (header[4] & 1) == 0) {
                return;
            }
        }
    }

    /** Reads frames until one of stream 1 carries END_STREAM. */
    private static void readResponse(InputStream in) throws IOException {
        while (true) {
            byte[] header = in.readNBytes(9);
            if (header.length < 9) {
                throw new IOException("closed before the response ended");
            }
            int length = ((header[0] & 0xff) << 16) | ((header[1] & 0xff) << 8) | (header[2] & 0xff);
            in.readNBytes(length);
            boolean dataOrHeaders = header[3] == 0 || header[3] == 1;
            if (dataOrHeaders && header[8] == 1 && (header[4] & 1) == 1) {
                return;
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = new byte[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
