package io.h2scope.inspector.view;

import io.h2scope.engine.console.ConsoleAction;
import io.h2scope.engine.console.ConsoleParser;
import io.h2scope.engine.console.ConsoleScript;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.HexText;
import io.h2scope.engine.frame.codec.RawFrameWriter;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * A form for one frame of any type (stream, flags as checkboxes, the type's fields, padding, settings, error codes, a
 * raw payload in hex) whose Fill button puts the console line it means into the Client tab's Frame box: the words
 * when they say it, else {@code raw HEX} ({@link ConsoleScript#lineOf}), so an invalid frame can be built on purpose
 * without knowing the words. The form only writes lines; {@link ConsoleParser} stays the one place they are read.
 */
final class FrameForm {

    /** The choice that sends the payload field's octets as they are, with no header. */
    static final String RAW = "raw octets";

    /** What the frame is (type, stream, flags), then its fields: two lines, each wrapping only when too narrow. */
    private final WrappingLine head = new WrappingLine();
    private final WrappingLine fields = new WrappingLine();
    private final VBox root = new VBox(4, head, fields);
    private final ChoiceBox<String> type = new ChoiceBox<>();
    private final TextField stream = field("form-stream", "stream", "1", 5);
    private final CheckBox[] flags = new CheckBox[8];
    private final TextField padding = field("form-padding", "pad length (empty: none)", "", 8);
    private final TextField value = field("form-value", "", "", 12);
    private final TextField weight = field("form-weight", "weight 1..256", "16", 6);
    private final CheckBox exclusive = new CheckBox("exclusive");
    private final ComboBox<String> code = new ComboBox<>();
    private final TextField text = field("form-text", "", "", 18);
    private final TextField payload = field("form-payload", "payload hex (when given: the payload as it is)", "", 18);
    private final Button fill = new Button("Fill");

    /**
     * @param into   where the line goes (the Frame box)
     * @param errors where a field that is no number or hex goes, one line
     */
    FrameForm(Consumer<String> into, Consumer<String> errors) {
        type.setId("form-type");
        for (FrameType t : FrameType.values()) {
            type.getItems().add(t.name());
        }
        type.getItems().add(RAW);
        type.setValue(FrameType.PING.name());
        head.getChildren().addAll(Whole.label("Type"), type, Whole.label("Stream"), stream);
        for (int bit = 0; bit < 8; bit++) {
            flags[bit] = new CheckBox();
            flags[bit].setId("form-flag-" + bit);
            flags[bit].setMnemonicParsing(false);
            head.getChildren().add(flags[bit]);
        }
        exclusive.setId("form-exclusive");
        code.setId("form-code");
        code.setEditable(true);
        Arrays.stream(ErrorCode.values()).map(Enum::name).forEach(code.getItems()::add);
        code.setValue(ErrorCode.PROTOCOL_ERROR.name());
        code.setTooltip(new Tooltip("the error code: a name or a number"));
        fields.getChildren().addAll(padding, value, weight, exclusive, code, text, payload, fill);
        fill.setId("form-fill");
        fill.setMnemonicParsing(false);
        fill.setOnAction(e -> {
            try {
                into.accept(line());
            } catch (IllegalArgumentException ex) {
                errors.accept("error: " + ex.getMessage());
            }
        });
        type.valueProperty().addListener((o, was, now) -> showType());
        showType();
    }

    private static TextField field(String id, String prompt, String initial, int columns) {
        TextField f = new TextField(initial);
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        return f;
    }

    /**
     * The flag boxes named as the type names its bits, all clear (a bit means another thing in another type), and
     * the fields the type has shown.
     */
    private void showType() {
        FrameType t = RAW.equals(type.getValue()) ? null : FrameType.valueOf(type.getValue());
        for (int bit = 0; bit < 8; bit++) {
            flags[bit].setText(t == null ? "" : Flags.describe(t.code(), 1 << bit));
            flags[bit].setSelected(false);
            flags[bit].setVisible(t != null);
            flags[bit].setManaged(t != null);
        }
        stream.setDisable(t == null);
        show(padding, t == FrameType.DATA || t == FrameType.HEADERS || t == FrameType.PUSH_PROMISE);
        show(value, t == FrameType.WINDOW_UPDATE || t == FrameType.GOAWAY || t == FrameType.PRIORITY
                || t == FrameType.PING || t == FrameType.HEADERS || t == FrameType.PUSH_PROMISE);
        value.setPromptText(t == null ? "" : switch (t) {
            case WINDOW_UPDATE -> "increment";
            case GOAWAY -> "last stream id";
            case PING -> "opaque data (0xHEX or text)";
            case PUSH_PROMISE -> "promised stream id";
            default -> "dependency (stream)";
        });
        show(weight, t == FrameType.PRIORITY || t == FrameType.HEADERS);
        show(exclusive, t == FrameType.PRIORITY || t == FrameType.HEADERS);
        show(code, t == FrameType.RST_STREAM || t == FrameType.GOAWAY);
        show(text, t == FrameType.DATA || t == FrameType.GOAWAY || t == FrameType.HEADERS || t == FrameType.SETTINGS);
        text.setPromptText(t == FrameType.SETTINGS ? "ID=VALUE ... (e.g. MAX_FRAME_SIZE=32768)"
                : t == FrameType.HEADERS ? "NAME: VALUE; ... (END_HEADERS blocks; others: payload hex)"
                : t == FrameType.GOAWAY ? "debug data (text)" : "data (text)");
    }

    private static void show(Node node, boolean shown) {
        node.setVisible(shown);
        node.setManaged(shown);
    }

    /** The console line the form means. */
    String line() {
        if (RAW.equals(type.getValue())) {
            HexText.parse(payload.getText()); // a typo is said now, not when the line runs
            return "raw " + payload.getText().strip();
        }
        FrameType t = FrameType.valueOf(type.getValue());
        int bits = 0;
        for (int bit = 0; bit < 8; bit++) {
            bits |= flags[bit].isSelected() ? 1 << bit : 0;
        }
        int streamId = (int) number("stream", stream.getText(), Integer.MAX_VALUE);
        if (!payload.getText().isBlank()) {
            return ConsoleScript.rawLine(RawFrameWriter.frame(t.code(), bits, streamId, HexText.parse(payload.getText())));
        }
        if (t == FrameType.HEADERS && padding.getText().isBlank() && (bits & ~(Flags.END_STREAM | Flags.END_HEADERS)) == 0
                && (bits & Flags.END_HEADERS) != 0) {
            // the field block is the connection's HPACK encoder's: the words, not octets made here
            return ("headers " + streamId + ((bits & Flags.END_STREAM) != 0 ? " end " : " ") + text.getText()).strip();
        }
        Frame frame = frame(t, bits, streamId);
        return ConsoleScript.lineOf(frame, RawFrameWriter.frame(t.code(), frame.flags(), streamId, FrameWriter.payloadOf(frame)));
    }

    /** The frame of the type's fields (its own header fields are the form's: the wire is made from them). */
    private Frame frame(FrameType t, int bits, int streamId) {
        int pad = padding.getText().isBlank() ? -1 : (int) number("pad length", padding.getText(), 255);
        int padded = pad < 0 ? bits & ~Flags.PADDED : bits | Flags.PADDED; // the record wants PADDED as the pad says
        return switch (t) {
            case DATA -> new DataFrame(streamId, padded, text.getText().getBytes(StandardCharsets.UTF_8), pad);
            case PRIORITY -> new PriorityFrame(streamId, bits, priority());
            case RST_STREAM -> new RstStreamFrame(streamId, bits, (int) ErrorCode.parse(code.getEditor().getText()));
            case SETTINGS -> new SettingsFrame(bits, settings());
            case PING -> new PingFrame(bits, opaque());
            case GOAWAY -> new GoAwayFrame(bits, (int) number("last stream id", value.getText(), Integer.MAX_VALUE),
                    (int) ErrorCode.parse(code.getEditor().getText()), text.getText().getBytes(StandardCharsets.UTF_8));
            case WINDOW_UPDATE -> new WindowUpdateFrame(streamId, bits,
                    (int) number("increment", value.getText(), Integer.MAX_VALUE));
            default -> throw new IllegalArgumentException(t + " carries a field block: give it in payload hex "
                    + "(or, for HEADERS, END_HEADERS with fields, no padding: the console encodes them)");
        };
    }

    private Priority priority() {
        return new Priority((int) number("dependency", value.getText(), Integer.MAX_VALUE), exclusive.isSelected(),
                (int) number("weight", weight.getText(), 256));
    }

    /** The SETTINGS field read by the console's own words. */
    private List<RawSetting> settings() {
        ConsoleAction action = new ConsoleParser("http", "form", Duration.ZERO).parse("settings " + text.getText());
        return ((SettingsFrame) ((ConsoleAction.SendFrame) action).frame()).settings();
    }

    /** The PING field read by the console's own words. */
    private long opaque() {
        ConsoleAction action = new ConsoleParser("http", "form", Duration.ZERO).parse("ping " + value.getText());
        return ((PingFrame) ((ConsoleAction.SendFrame) action).frame()).opaqueData();
    }

    private static long number(String what, String text, long max) {
        try {
            String t = text.strip();
            long n = t.startsWith("0x") || t.startsWith("0X") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
            if (n >= 0 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(what + " must be a number from 0 to " + max + ", got '" + text + "'");
    }

    Node node() {
        return root;
    }
}
