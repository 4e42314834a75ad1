package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.trace.model.TraceSink;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An h2c (prior knowledge) origin played by a {@link ScriptedPeer} server: it checks nothing, so whatever the
 * intermediary forwards arrives as it was sent, and answers every request that ends with a small 200.
 */
final class H2cOrigin extends Origin {

    H2cOrigin(int port) throws IOException {
        super(OriginKind.H2C, port);
    }

    @Override
    protected void serve(Socket socket, long connection) throws IOException {
        ScriptedPeer peer = ScriptedPeer.server(socket, TraceSink.NONE)
                .patience(Duration.ofMillis(READ_TIMEOUT_MILLIS));
        peer.readPreface();
        peer.send(SettingsFrame.of(List.of()));
        Map<Integer, Arrival> streams = new HashMap<>();
        int sequence = 0;
        while (true) {
            Incoming in = peer.next();
            if (in == null || in instanceof Incoming.Closed) {
                return;
            }
            if (!(in instanceof Incoming.FrameIn f)) {
                continue;
            }
            Frame frame = f.frame();
            if (ControlFrames.acknowledge(peer, frame)) {
                continue;
            }
            if (frame instanceof HeadersFrame h && f.fields() != null) {
                Arrival a = streams.get(h.streamId());
                if (a == null) {
                    a = new Arrival(OriginKind.H2C, connection, ++sequence, value(f.fields(), ":method"),
                            value(f.fields(), ":path"), f.fields(), new byte[0], null);
                    streams.put(h.streamId(), a);
                    arrivals().add(a);
                } else {
                    a.trailers(f.fields());
                }
                if (h.endStream()) {
                    finish(peer, h.streamId(), a);
                }
            } else if (frame instanceof DataFrame d) {
                Arrival a = streams.get(d.streamId());
                if (a != null) {
                    a.body(d.data(), 0, d.data().length);
                }
                if (d.data().length > 0) { // keep the windows open: the origin is no flow-control test
                    peer.send(WindowUpdateFrame.of(0, d.data().length));
                    peer.send(WindowUpdateFrame.of(d.streamId(), d.data().length));
                }
                if (d.endStream() && a != null) {
                    finish(peer, d.streamId(), a);
                }
            }
        }
    }

    private void finish(ScriptedPeer peer, int stream, Arrival a) throws IOException {
        a.complete();
        Optional<OriginAnswer> scripted = answers().take(a);
        if (scripted.isPresent() && scripted.get() instanceof OriginAnswer.H2 answer) {
            answer.script().play(peer, stream);
            return;
        }
        peer.headers(stream, List.of(new HeaderField(":status", "200"),
                new HeaderField("content-length", Integer.toString(ANSWER.length()))), false);
        peer.send(DataFrame.of(stream, ANSWER.getBytes(StandardCharsets.US_ASCII), true));
    }

    /** The first value of {@code name}, or "" when absent (a case may leave out a pseudo-header field). */
    private static String value(List<HeaderField> fields, String name) {
        return fields.stream().filter(x -> x.name().equals(name)).map(HeaderField::value).findFirst().orElse("");
    }
}
