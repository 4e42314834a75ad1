package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.hpack.Huffman;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.DetailNode;
import io.h2scope.inspector.model.HpackTableAsOf;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.WireBytes;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A recording made with credentials in clear (H2SCOPE_TRACE_REVEAL=1), opened without --reveal: every view shows
 * {@code <redacted N bytes>} (the frame list, the frame's detail, the HPACK tables), the bytes pane the filler octets,
 * and the status line says the recording holds credentials.
 */
@ExtendWith(ApplicationExtension.class)
class RedactedViewsTest {

    @TempDir
    Path dir;
    private InspectorWindow window;

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection(Redaction.DEFAULT.withNames(List.of("x-api-key"))));
        stage.setScene(new Scene(window.root(), 1200, 800));
        stage.show();
        window.start();
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyViewHidesWhatTheRecordingHoldsInClear(FxRobot robot) throws Exception {
        List<String> lines = new ArrayList<>();
        for (TraceEvent e : RecordedExchange.credentialEvents()) {
            lines.add(TraceEventJson.write(e));
        }
        String recorded = String.join("\n", lines);
        assertTrue(recorded.contains(RecordedExchange.SECRETS.get(0)), "the recording holds them in clear");
        Path file = Files.write(dir.resolve("revealing.jsonl"), lines, StandardCharsets.US_ASCII);
        window.inspection().open(new RecordingFileSource(file));
        Label status = robot.lookup("#status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> {
            robot.interact(() -> window.refresh().refreshNow());
            return status.getText().contains("events read");
        });
        assertTrue(status.getText().contains("a recording holds credentials in clear (H2SCOPE_TRACE_REVEAL=1): hidden"
                + " here, inspect --reveal shows them"), status.getText());

        Recording recording = window.inspection().recording();
        TableView<Integer> table = robot.lookup("#frames").queryAs(TableView.class);
        TableColumn<Integer, ?> summary = table.getColumns().stream().filter(c -> "Summary".equals(c.getText()))
                .findFirst().orElseThrow();
        StringBuilder shown = new StringBuilder();
        int requests = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            String row = String.valueOf(summary.getCellObservableValue(f).getValue());
            shown.append(row).append('\n');
            if (row.contains("x-api-key")) {
                requests++;
                assertTrue(row.contains("authorization: <redacted 16 bytes>")
                        && row.contains("x-api-key: <redacted 18 bytes>"), row);
                int frame = f;
                robot.interact(() -> window.selection().frameProperty().set(frame));
                TreeView<DetailNode> tree = robot.lookup("#frame-detail").queryAs(TreeView.class);
                flatten(tree.getRoot(), shown);
                assertTrue(shown.toString().contains("cookie: <redacted 32 bytes>"), shown.toString());
                FrameEvent event = recording.frame(f);
                String octets = new String(WireBytes.of(event), StandardCharsets.ISO_8859_1);
                for (String secret : RecordedExchange.SECRETS) {
                    assertFalse(octets.contains(secret), secret + " in the bytes pane");
                    assertFalse(octets.contains(new String(Huffman.encode(secret), StandardCharsets.ISO_8859_1)),
                            secret + " Huffman-coded in the bytes pane");
                }
                robot.interact(() -> window.views().getSelectionModel().select(window.views().getTabs().stream()
                        .filter(t -> "tab-hpack".equals(t.getId())).findFirst().orElseThrow()));
                WaitForAsyncUtils.waitForFxEvents();
                TableView<HpackTableAsOf.Row> encoder = robot.lookup("#hpack-encoder").queryAs(TableView.class);
                TableColumn<HpackTableAsOf.Row, ?> value = encoder.getColumns().stream()
                        .filter(c -> "Value".equals(c.getText())).findFirst().orElseThrow();
                for (int i = 0; i < encoder.getItems().size(); i++) {
                    shown.append(value.getCellObservableValue(i).getValue()).append('\n');
                }
                assertTrue(encoder.getItems().stream().anyMatch(r -> r.name().equals("x-api-key")),
                        "the client's encoder indexed x-api-key: " + encoder.getItems());
                assertTrue(shown.toString().contains("<redacted 18 bytes>"), shown.toString());
            }
        }
        assertTrue(requests == 2, "two requests with credentials: " + shown);
        for (String secret : RecordedExchange.SECRETS) {
            assertFalse(shown.toString().contains(secret), secret + " shown:\n" + shown);
        }
    }

    private static void flatten(TreeItem<DetailNode> item, StringBuilder out) {
        out.append(item.getValue().name()).append(": ").append(item.getValue().value()).append('\n');
        for (TreeItem<DetailNode> child : item.getChildren()) {
            flatten(child, out);
        }
    }
}
