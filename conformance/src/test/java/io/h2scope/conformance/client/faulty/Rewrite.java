package io.h2scope.conformance.client.faulty;

import java.io.IOException;
import javax.net.ssl.SSLSocket;

/**
 * What one fault does to one relayed connection's frames. Everything is forwarded as it came unless the fault says
 * otherwise; a fault keeps whatever state it needs for its connection (one instance per connection).
 */
interface Rewrite {

    /** A frame the client sent, on its way to the server. */
    default void fromClient(RawFrame f, Wire wire) throws IOException {
        wire.toServer(f);
    }

    /** A frame the server sent, on its way to the client. */
    default void fromServer(RawFrame f, Wire wire) throws IOException {
        wire.toClient(f);
    }

    /** The server has nothing more in flight for now: a frame the fault holds back goes on before the rest is sent. */
    default void serverPaused(Wire wire) throws IOException {
    }

    /** The server has closed its side of the connection: the last frames the fault adds go on before the close does. */
    default void serverEnded(Wire wire) throws IOException {
    }

    /** The client's HTTP/1.1 Upgrade request head (request line, fields, empty line), on its way to the server. */
    default String upgradeRequest(String head) {
        return head;
    }

    /**
     * The server's HTTP/1.1 answer to the client's Upgrade request (its head: status line, fields, empty line), on its
     * way to the client.
     */
    default String upgradeResponse(String head) {
        return head;
    }

    /**
     * Over TLS: the relay's handshake with the server is done ({@code withServer}); the protocol the relay's handshake
     * with the client is to select by ALPN, "" for none. What the server selected, unless the fault says otherwise.
     */
    default String tlsEstablished(SSLSocket withServer) {
        String selected = withServer.getApplicationProtocol();
        return selected == null ? "" : selected;
    }

    /** Forwards everything as it came: the fault-free relay, the baseline every fault is compared with. */
    Rewrite NONE = new Rewrite() { };
}
