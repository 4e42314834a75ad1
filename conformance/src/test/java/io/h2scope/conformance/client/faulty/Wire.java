package io.h2scope.conformance.client.faulty;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The two ends of one relayed connection as a fault writes to them. A direction's own frames are held until what
 * came in one read is relayed, then sent together, so that frames a side wrote at once arrive at once (a relay that
 * sent each alone would give the other side time to act between them, which the unrelayed client never has). A frame
 * a fault adds on the other direction is sent at once. Each end takes whole frames one at a time.
 */
final class Wire {

    private final OutputStream toServer;
    private final OutputStream toClient;
    private volatile Thread clientPump;
    private volatile Thread serverPump;

    Wire(OutputStream toServer, OutputStream toClient) {
        this.toServer = new BufferedOutputStream(toServer, 1 << 16);
        this.toClient = new BufferedOutputStream(toClient, 1 << 16);
    }

    /** The threads that relay the client's frames and the server's. */
    void pumps(Thread fromClient, Thread fromServer) {
        this.clientPump = fromClient;
        this.serverPump = fromServer;
    }

    void toServer(RawFrame f) throws IOException {
        write(toServer, f.encode(), Thread.currentThread() != clientPump);
    }

    void toClient(RawFrame f) throws IOException {
        write(toClient, f.encode(), Thread.currentThread() != serverPump);
    }

    /** Sends what the client's side has held back: it has nothing more in flight for now. */
    void flushToServer() throws IOException {
        flush(toServer);
    }

    void flushToClient() throws IOException {
        flush(toClient);
    }

    private static void write(OutputStream out, byte[] octets, boolean now) throws IOException {
        synchronized (out) {
            out.write(octets);
            if (now) {
                out.flush();
            }
        }
    }

    private static void flush(OutputStream out) throws IOException {
        synchronized (out) {
            out.flush();
        }
    }
}
