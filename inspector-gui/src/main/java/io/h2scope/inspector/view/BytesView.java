package io.h2scope.inspector.view;

import io.h2scope.inspector.model.DetailNode;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.WireBytes;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.control.ScrollPane;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The selected frame as on the wire ({@link WireBytes}): a hex and ASCII dump, 16 octets a line, with the octets of
 * the field selected in the detail tree highlighted in both columns. Long frames are shown up to
 * {@link #MAX_SHOWN} octets.
 */
public final class BytesView {

    /** Octets dumped at most: past this a DATA frame's body says how much more there is. */
    static final int MAX_SHOWN = 16 * 1024;
    private static final int PER_LINE = 16;
    private static final Font MONO = Font.font("Monospaced", 12);

    private final Recording recording;
    private final TextFlow dump = new TextFlow();
    private final ScrollPane root = new ScrollPane(dump);
    private byte[] bytes = new byte[0];
    private int from = -1;
    private int to = -1;

    public BytesView(Recording recording, Selection selection) {
        this.recording = recording;
        dump.setId("bytes");
        dump.getStyleClass().add("hex-dump");
        dump.getStylesheets().add(BytesView.class.getResource("inspector.css").toExternalForm());
        root.setFitToWidth(true);
        selection.frameProperty().addListener((o, old, frame) -> show(frame));
        show(selection.frameProperty().get());
    }

    private void show(Integer frame) {
        bytes = frame == null || frame < 0 || frame >= recording.frameCount() ? new byte[0]
                : WireBytes.of(recording.frame(frame));
        from = -1;
        to = -1;
        render();
    }

    /** Highlights the octets of a detail node (none for a node without octets of its own). */
    public void highlight(DetailNode node) {
        from = node != null && node.hasOctets() ? node.from() : -1;
        to = node != null && node.hasOctets() ? node.to() : -1;
        render();
    }

    private void render() {
        List<Text> texts = new ArrayList<>();
        int shown = Math.min(bytes.length, MAX_SHOWN);
        for (int line = 0; line < shown; line += PER_LINE) {
            int end = Math.min(line + PER_LINE, shown);
            texts.add(text(String.format("%06x  ", line), "offset"));
            segments(texts, line, end, true);
            texts.add(text("   ".repeat(PER_LINE - (end - line)) + " ", "gap"));
            segments(texts, line, end, false);
            texts.add(text("\n", "gap"));
        }
        if (bytes.length > shown) {
            texts.add(text("... " + (bytes.length - shown) + " more octets", "offset"));
        }
        dump.getChildren().setAll(texts);
    }

    /** Octets [line, end) of one column, cut where the highlight begins and ends. */
    private void segments(List<Text> texts, int line, int end, boolean hex) {
        int a = line;
        while (a < end) {
            boolean lit = a >= from && a < to;
            int b = a + 1;
            while (b < end && (b >= from && b < to) == lit) {
                b++;
            }
            StringBuilder s = new StringBuilder();
            for (int i = a; i < b; i++) {
                int octet = bytes[i] & 0xff;
                if (hex) {
                    s.append(String.format("%02x ", octet));
                } else {
                    s.append(octet >= 0x20 && octet < 0x7f ? (char) octet : '.');
                }
            }
            Text t = text(s.toString(), hex ? "hex" : "ascii");
            if (lit) {
                t.getStyleClass().add("octets-highlight");
            }
            texts.add(t);
            a = b;
        }
    }

    private static Text text(String s, String styleClass) {
        Text t = new Text(s);
        t.setFont(MONO);
        t.getStyleClass().add(styleClass);
        return t;
    }

    public ScrollPane node() {
        return root;
    }
}
