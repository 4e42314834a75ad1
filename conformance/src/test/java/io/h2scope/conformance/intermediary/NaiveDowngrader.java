package io.h2scope.conformance.intermediary;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.trace.model.TraceSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * A test intermediary that turns h2c requests into HTTP/1.1 toward an origin: NAIVE writes every field and the DATA
 * as they came (the downgrade that smuggles), NORMALIZING drops connection-specific fields and fields with forbidden
 * octets and frames the content by its real length. One origin connection per front connection, kept open, so that a
 * smuggled request lands on it.
 */
final class NaiveDowngrader extends LoopbackRelay {

    enum Mode { NAIVE, NORMALIZING }

    private static final Set<String> CONNECTION_SPECIFIC = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade", "te", "content-length", "host");

    private final Mode mode;

    NaiveDowngrader(int originPort, Mode mode) throws IOException {
        super(originPort, "naive-downgrader");
        this.mode = mode;
        startAccepting();
    }

    @Override
    void relay(Socket front) {
        try (front; Socket origin = new Socket(InetAddress.getLoopbackAddress(), originPort)) {
            ScriptedPeer peer = ScriptedPeer.server(front, TraceSink.NONE).patience(Duration.ofSeconds(10));
            peer.readPreface();
            peer.send(SettingsFrame.of(List.of()));
            List<HeaderField> fields = null;
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                Incoming in = peer.next();
                if (!(in instanceof Incoming.FrameIn f)) {
                    return;
                }
                Frame frame = f.frame();
                boolean end = false;
                if (frame instanceof SettingsFrame s && !s.ack()) {
                    peer.send(SettingsFrame.ackFrame());
                } else if (frame instanceof HeadersFrame h && fields == null) {
                    fields = f.fields();
                    end = h.endStream();
                } else if (frame instanceof DataFrame d) {
                    body.writeBytes(d.data());
                    end = d.endStream();
                } else if (frame instanceof HeadersFrame h) {
                    end = h.endStream(); // trailers: dropped
                }
                if (end && fields != null) {
                    forward(origin.getOutputStream(), fields, body.toByteArray());
                    peer.headers(1, List.of(new HeaderField(":status", "200")), true);
                }
            }
        } catch (IOException e) {
            // the case is over
        }
    }

    private void forward(OutputStream out, List<HeaderField> fields, byte[] body) throws IOException {
        StringBuilder head = new StringBuilder();
        head.append(value(fields, ":method")).append(' ').append(value(fields, ":path")).append(" HTTP/1.1\r\n");
        head.append("host: ").append(value(fields, ":authority")).append("\r\n");
        for (HeaderField f : fields) {
            if (f.name().startsWith(":")) {
                continue;
            }
            if (mode == Mode.NORMALIZING && (CONNECTION_SPECIFIC.contains(f.name()) || !clean(f))) {
                continue;
            }
            head.append(f.name()).append(": ").append(f.value()).append("\r\n");
        }
        if (mode == Mode.NORMALIZING) {
            head.append("content-length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private static boolean clean(HeaderField f) {
        String v = f.value();
        return f.name().chars().allMatch(c -> c > 0x20 && c < 0x7f && c != ':' && !(c >= 'A' && c <= 'Z'))
                && v.chars().noneMatch(c -> c == 0 || c == '\r' || c == '\n')
                && (v.isEmpty() || v.charAt(0) != ' ' && v.charAt(0) != '\t' && v.charAt(v.length() - 1) != ' '
                        && v.charAt(v.length() - 1) != '\t');
    }

    private static String value(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).map(HeaderField::value).findFirst().orElse("");
    }
}
