package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.ClockedConnections;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.DetailNode;
import io.h2scope.inspector.model.WireBytes;
import io.h2scope.inspector.source.EventListSource;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The frame list, frame detail, bytes and connections views over a real client exchange and a connection that
 * breaks a rule, in the real window, headless; and the frame list's Time column and time range over a recording of
 * two connections that overlap in time ({@link ClockedConnections}).
 */
@ExtendWith(ApplicationExtension.class)
class FrameViewsTest {

    private static List<TraceEvent> exchange;
    private static List<FrameEvent> frames;
    private static List<FrameEvent> brokenFrames;
    @TempDir
    static Path dir;
    private static Path clockedFile;
    private static long clockedFrames;
    private InspectorWindow window;
    private FxRobot robot;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(30_000);
        frames = exchange.stream().filter(e -> e instanceof FrameEvent).map(e -> (FrameEvent) e).toList();
        brokenFrames = BrokenExchange.events().stream().filter(e -> e instanceof FrameEvent)
                .map(e -> (FrameEvent) e).toList();
        clockedFile = ClockedConnections.record(dir.resolve("two.jsonl"));
        clockedFrames = java.nio.file.Files.readAllLines(clockedFile).stream()
                .filter(l -> l.contains("\"kind\":\"frame\"")).count();
    }

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1200, 800));
        stage.show();
        window.start();
    }

    private void load(FxRobot r) throws Exception {
        robot = r;
        window.inspection().open(new EventListSource("exchange", exchange));
        window.inspection().open(new EventListSource("broken", BrokenExchange.events()));
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS,
                () -> window.inspection().recording().frameCount() == frames.size() + brokenFrames.size());
        refresh();
    }

    private void refresh() throws Exception {
        ShownWindow.rowsAfter(robot, window, () -> window.refresh().refreshNow());
    }

    @SuppressWarnings("unchecked")
    private TableView<Integer> framesTable() {
        return robot.lookup("#frames").queryAs(TableView.class);
    }

    private int rowsAfter(Runnable change) throws Exception {
        return ShownWindow.rowsAfter(robot, window, change);
    }

    private static long count(Predicate<FrameEvent> which) {
        return frames.stream().filter(which).count() + brokenFrames.stream().filter(which).count();
    }

    @Test
    void rowsAreColouredByTypeAndSummarised(FxRobot r) throws Exception {
        load(r);
        TableView<Integer> table = framesTable();
        assertEquals(frames.size() + brokenFrames.size(), table.getItems().size());
        Set<String> seen = new java.util.HashSet<>();
        for (TableRow<?> row : robot.from(table).lookup(".table-row-cell").queryAllAs(TableRow.class)) {
            if (row.getItem() == null) {
                continue;
            }
            int frame = (Integer) row.getItem();
            String expected = "frame-" + FrameType.nameOf(window.inspection().recording().frame(frame).header()
                    .typeCode()).toLowerCase();
            List<String> classes = row.getStyleClass().stream().filter(c -> c.startsWith("frame-")).toList();
            assertEquals(List.of(expected), classes, "row of frame " + frame);
            seen.add(expected);
        }
        assertTrue(seen.containsAll(Set.of("frame-settings", "frame-headers")), seen.toString());
        TableColumn<Integer, ?> summary = table.getColumns().stream().filter(c -> "Summary".equals(c.getText()))
                .findFirst().orElseThrow();
        int firstHeaders = frames.indexOf(frames.stream().filter(f -> f.frame() instanceof HeadersFrame)
                .findFirst().orElseThrow());
        String text = String.valueOf(summary.getCellObservableValue(firstHeaders).getValue());
        assertTrue(text.contains(":method: GET") && text.contains("END_HEADERS"), text);
    }

    @Test
    void eachFilterShowsTheFramesItNames(FxRobot r) throws Exception {
        load(r);
        TextField stream = robot.lookup("#filter-stream").queryAs(TextField.class);
        @SuppressWarnings("unchecked")
        ComboBox<String> type = robot.lookup("#filter-type").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<String> direction = robot.lookup("#filter-direction").queryAs(ComboBox.class);
        TextField text = robot.lookup("#filter-text").queryAs(TextField.class);
        int all = framesTable().getItems().size();

        assertEquals(count(f -> f.streamId() == 3), rowsAfter(() -> stream.setText("3")));
        assertEquals(all, rowsAfter(() -> stream.setText("")));
        assertEquals(count(f -> f.frame().typeCode() == 0), rowsAfter(() -> type.setValue("DATA")));
        assertEquals(all, rowsAfter(() -> type.setValue(FramesView.ANY_TYPE)));
        assertEquals(count(f -> f.direction() == Direction.OUTBOUND), rowsAfter(() -> direction.setValue("sent")));
        assertEquals(all, rowsAfter(() -> direction.setValue(FramesView.ANY_DIRECTION)));
        assertEquals(3, rowsAfter(() -> text.setText(":status: 200")));
        assertEquals(1, rowsAfter(() -> text.setText("protocol_error")), "the broken connection's GOAWAY");
        assertEquals(all, rowsAfter(() -> text.setText("")));

        // a stream that is no stream: the message says what to type, the rows stay
        assertEquals(all, rowsAfter(() -> stream.setText("x")));
        String error = robot.lookup("#filter-error").queryAs(Label.class).getText();
        assertTrue(error.contains("not a stream id") && error.contains("§5.1.1"), error);
        assertEquals(all, rowsAfter(() -> stream.setText("")));

        // this connection only: the selected connection's frames
        CheckBox only = robot.lookup("#filter-connection").queryAs(CheckBox.class);
        assertEquals(brokenFrames.size(), rowsAfter(() -> {
            window.selection().connectionProperty().set(new ConnectionKey(1, BrokenExchange.CONNECTION));
            only.setSelected(true);
        }));
    }

    @Test
    void aFilterSaysHowManyFramesItShowsAndTheSelectionFollowsIt(FxRobot r) throws Exception {
        load(r);
        int all = framesTable().getItems().size();
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().startsWith(all + " frames, "), status.getText());
        int headers = frames.indexOf(frames.stream().filter(f -> f.frame() instanceof HeadersFrame).findFirst().orElseThrow());
        robot.interact(() -> framesTable().getSelectionModel().select(headers));
        robot.interact(() -> framesTable().scrollTo(headers));
        @SuppressWarnings("unchecked")
        ComboBox<String> type = robot.lookup("#filter-type").queryAs(ComboBox.class);

        long data = count(f -> f.frame().typeCode() == 0);
        assertEquals(data, rowsAfter(() -> type.setValue("DATA")));
        assertTrue(status.getText().startsWith(data + " of " + all + " frames shown, "), status.getText());
        assertNull(window.selection().frameProperty().get(), "the frame the filter hid is no longer the one shown");
        assertEquals(List.of(), framesTable().getSelectionModel().getSelectedItems());

        assertEquals(all, rowsAfter(() -> type.setValue(FramesView.ANY_TYPE)));
        assertEquals(headers, window.selection().frameProperty().get(), "clearing the filter gives the selection back");
        assertEquals(headers, framesTable().getSelectionModel().getSelectedItem());
        assertTrue(status.getText().startsWith(all + " frames, "), status.getText());
    }

    @Test
    void theStreamBoxIsNamedEvenWhileItHasFocus(FxRobot r) throws Exception {
        load(r);
        TextField stream = robot.lookup("#filter-stream").queryAs(TextField.class);
        robot.interact(stream::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(stream.isFocused());
        Label name = robot.lookup((javafx.scene.Node n) -> n instanceof Label l && l.getLabelFor() == stream)
                .queryAs(Label.class);
        assertEquals("Stream", name.getText());
        assertTrue(name.isVisible() && name.getWidth() >= name.prefWidth(-1), "the label is drawn whole");
        javafx.scene.text.Text prompt = robot.from(stream).lookup((javafx.scene.Node n) -> n instanceof javafx.scene.text.Text t
                && stream.getPromptText().equals(t.getText())).queryAs(javafx.scene.text.Text.class);
        assertTrue(prompt.isVisible() && !javafx.scene.paint.Color.TRANSPARENT.equals(prompt.getFill()),
                "the prompt stays while the box has focus: " + prompt.getFill());
    }

    @Test
    void selectingARowSelectsItsFrameConnectionAndStream(FxRobot r) throws Exception {
        load(r);
        int row = frames.size() + 2; // the broken connection's GOAWAY
        robot.interact(() -> framesTable().getSelectionModel().select(row));
        assertEquals(row, window.selection().frameProperty().get());
        assertEquals(new ConnectionKey(1, BrokenExchange.CONNECTION), window.selection().connectionProperty().get());
        assertEquals(0, window.selection().streamProperty().get());
        // and a frame selected elsewhere is selected in the list
        robot.interact(() -> window.selection().frameProperty().set(4));
        assertEquals(4, framesTable().getSelectionModel().getSelectedIndex());
    }

    @SuppressWarnings("unchecked")
    private TreeItem<DetailNode> detailOf(int frame) {
        robot.interact(() -> window.selection().frameProperty().set(frame));
        TreeView<DetailNode> tree = robot.lookup("#frame-detail").queryAs(TreeView.class);
        assertNotNull(tree.getRoot(), "a tree for frame " + frame);
        return tree.getRoot();
    }

    private static TreeItem<DetailNode> find(TreeItem<DetailNode> item, String name) {
        if (item.getValue().name().equals(name)) {
            return item;
        }
        for (TreeItem<DetailNode> child : item.getChildren()) {
            TreeItem<DetailNode> found = find(child, name);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String child(TreeItem<DetailNode> item, String name) {
        return item.getChildren().stream().filter(c -> c.getValue().name().equals(name)).findFirst().orElseThrow()
                .getValue().value();
    }

    @Test
    void theDetailOfAHeadersFrameShowsEachFieldsRepresentationIndexAndHuffman(FxRobot r) throws Exception {
        load(r);
        FrameEvent sent = frames.stream().filter(f -> f.frame() instanceof HeadersFrame && f.hpack() != null
                && f.direction() == Direction.OUTBOUND && f.hpack().lines().stream()
                .anyMatch(l -> l.name().equals("x-test"))).findFirst().orElseThrow();
        TreeItem<DetailNode> root = detailOf(frames.indexOf(sent));
        assertEquals("HEADERS (0x1)", find(root, "Type").getValue().value());
        assertEquals("set", child(find(root, "Flags"), "END_HEADERS (0x4)"));
        TreeItem<DetailNode> block = find(root, "Field Block");
        assertEquals(sent.hpack().lines().size(), block.getChildren().size());
        for (int i = 0; i < block.getChildren().size(); i++) {
            HpackBlock.Line line = sent.hpack().lines().get(i);
            TreeItem<DetailNode> item = block.getChildren().get(i);
            assertEquals(line.name(), item.getValue().name());
            assertEquals(line.value(), item.getValue().value());
            assertTrue(child(item, "Index").startsWith(line.tableIndex() == 0 ? "none" : line.tableIndex() + " "),
                    child(item, "Index"));
            if (line.representation() != Representation.INDEXED) {
                assertEquals(line.huffmanValue() ? "yes" : "no", child(item, "Huffman value"));
            }
        }
        TreeItem<DetailNode> xTest = find(block, "x-test");
        assertTrue(child(xTest, "Representation").startsWith("literal"), child(xTest, "Representation"));
        assertTrue(child(xTest, "Index").startsWith("none"), "a new name: " + child(xTest, "Index"));
        assertEquals("2 (static table, field)", child(find(block, ":method"), "Index"));
    }

    @Test
    void selectingAFieldHighlightsItsOctets(FxRobot r) throws Exception {
        load(r);
        FrameEvent sent = frames.stream().filter(f -> f.frame() instanceof HeadersFrame && f.hpack() != null
                && f.direction() == Direction.OUTBOUND).findFirst().orElseThrow();
        TreeItem<DetailNode> root = detailOf(frames.indexOf(sent));
        @SuppressWarnings("unchecked")
        TreeView<DetailNode> tree = robot.lookup("#frame-detail").queryAs(TreeView.class);
        robot.interact(() -> tree.getSelectionModel().select(find(root, ":method")));
        assertEquals("82", highlightedHex(), "RFC 7541 §6.1: indexed, static entry 2");
        robot.interact(() -> tree.getSelectionModel().select(find(root, "Stream Identifier")));
        assertEquals(String.format("00 00 00 %02x", sent.streamId()), highlightedHex());
        TreeItem<DetailNode> path = find(root, ":path");
        robot.interact(() -> tree.getSelectionModel().select(path));
        byte[] wire = WireBytes.of(sent);
        StringBuilder expected = new StringBuilder();
        for (int i = path.getValue().from(); i < path.getValue().to(); i++) {
            expected.append(expected.length() == 0 ? "" : " ").append(String.format("%02x", wire[i] & 0xff));
        }
        assertEquals(expected.toString(), highlightedHex());
        // the ASCII column lights the same octets
        assertEquals(path.getValue().to() - path.getValue().from(), highlighted("ascii").replace("\n", "").length());
        snapshot("target/frame-views.png"); // for a person to look at, not compared
    }

    private void snapshot(String file) throws Exception {
        javafx.scene.image.WritableImage[] image = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> image[0] = window.root().getScene().snapshot(null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image[0], null), "png",
                new java.io.File(file));
    }

    private String highlighted(String column) {
        TextFlow dump = robot.lookup("#bytes").queryAs(TextFlow.class);
        return dump.getChildren().stream()
                .filter(n -> n.getStyleClass().contains("octets-highlight") && n.getStyleClass().contains(column))
                .map(n -> ((Text) n).getText()).collect(Collectors.joining());
    }

    private String highlightedHex() {
        return highlighted("hex").strip().replaceAll("\\s+", " ");
    }

    @Test
    void goawayAndRstStreamCodesAreInWordsWithTheirSection(FxRobot r) throws Exception {
        load(r);
        TreeItem<DetailNode> reset = detailOf(frames.size());
        TreeItem<DetailNode> code = find(reset, "Error Code");
        assertEquals("STREAM_CLOSED (0x5)", code.getValue().value());
        assertEquals("RFC 9113 §7", code.getChildren().get(0).getValue().name());
        TreeItem<DetailNode> goaway = detailOf(frames.size() + 2);
        assertEquals("PROTOCOL_ERROR (0x1)", find(goaway, "Error Code").getValue().value());
        assertTrue(find(goaway, "Error Code").getChildren().get(0).getValue().value()
                .startsWith("The endpoint detected an unspecific protocol error"));
        TreeItem<DetailNode> violation = find(goaway, "Violation received");
        assertEquals("RFC 9113 §6.9", child(violation, "Section"));
        assertEquals("PROTOCOL_ERROR (0x1)", child(violation, "Code"));
    }

    @Test
    void connectionsShowHowTheyWentAndSelectTheirFrames(FxRobot r) throws Exception {
        load(r);
        @SuppressWarnings("unchecked")
        TableView<ConnectionHistory> table = robot.lookup("#connections").queryAs(TableView.class);
        assertEquals(2, table.getItems().size());
        ConnectionOpened opened = exchange.stream().filter(e -> e instanceof ConnectionOpened)
                .map(e -> (ConnectionOpened) e).findFirst().orElseThrow();
        assertEquals("exchange", cell(table, 0, "Source"));
        assertEquals("client", cell(table, 0, "Role"));
        assertEquals(opened.transport() == null ? "-" : opened.transport(), cell(table, 0, "Transport"));
        assertEquals(String.valueOf(frames.stream().filter(f -> f.direction() == Direction.OUTBOUND).count()),
                cell(table, 0, "Frames sent"));
        assertEquals("broken", cell(table, 1, "Source"));
        assertEquals("127.0.0.1:51000", cell(table, 1, "Peer"));
        assertEquals("server", cell(table, 1, "Role"));
        assertEquals("tls", cell(table, 1, "Transport"));
        assertEquals("TLSv1.3, ALPN h2", cell(table, 1, "TLS"));
        assertEquals("2", cell(table, 1, "Frames sent"));
        assertEquals("1", cell(table, 1, "Frames recv"));
        assertEquals("120", cell(table, 1, "Octets sent"), "the transport's count once closed");
        assertEquals("connection error by local PROTOCOL_ERROR last_stream=3 rule=rfc9113/6.9/protocol_error debug=\""
                + BrokenExchange.DEBUG + "\"", cell(table, 1, "Ended"));

        robot.interact(() -> table.getSelectionModel().select(1));
        assertEquals(frames.size(), window.selection().frameProperty().get(), "its first frame");
        assertEquals(frames.size(), framesTable().getSelectionModel().getSelectedIndex());
        robot.interact(() -> framesTable().getSelectionModel().select(0));
        assertEquals(0, table.getSelectionModel().getSelectedIndex(), "a frame selects its connection");
    }

    private static String cell(TableView<ConnectionHistory> table, int row, String title) {
        TableColumn<ConnectionHistory, ?> column = table.getColumns().stream()
                .filter(c -> title.equals(c.getText())).findFirst().orElseThrow();
        return String.valueOf(column.getCellObservableValue(row).getValue());
    }

    @Test
    void liveTailFollowsNewFrames(FxRobot r) throws Exception {
        load(r);
        robot.interact(() -> robot.lookup("#live-tail").queryAs(CheckBox.class).setSelected(true));
        window.inspection().open(new EventListSource("again", exchange));
        int total = 2 * frames.size() + brokenFrames.size();
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS,
                () -> window.inspection().recording().frameCount() == total);
        refresh();
        TableView<Integer> table = framesTable();
        assertEquals(total, table.getItems().size());
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        assertEquals(total - 1, flow.getLastVisibleCell().getIndex(), "the newest row is in view");
    }

    /** The recording of {@link ClockedConnections}, from its file: two connections that overlap in time. */
    private void loadClocked(FxRobot r) throws Exception {
        robot = r;
        window.inspection().open(new RecordingFileSource(clockedFile));
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS,
                () -> window.inspection().recording().frameCount() == clockedFrames);
        refresh();
    }

    /** The values of the frame list's column titled {@code title}, row by row. */
    private List<String> column(String title) {
        TableView<Integer> table = framesTable();
        TableColumn<Integer, ?> column = table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no column " + title));
        List<String> values = new java.util.ArrayList<>();
        for (int row = 0; row < table.getItems().size(); row++) {
            values.add(String.valueOf(column.getCellObservableValue(row).getValue()));
        }
        return values;
    }

    @Test
    void theTimeColumnShowsClockTimeAcrossConnections(FxRobot r) throws Exception {
        loadClocked(r);
        List<String> times = column(FramesView.CLOCK_TITLE);
        List<String> connections = column("Conn");
        assertEquals("14:03:00.000000", times.get(0), "the first frame: connection 1's SETTINGS at its opening");
        int secondsFirst = connections.indexOf("2");
        assertEquals("14:03:01.500000", times.get(secondsFirst),
                "connection 2's first frame at its own clock time, not at 0 again: " + times);
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i).compareTo(times.get(i - 1)) >= 0, "rows in time order: " + times);
        }
        assertTrue(connections.lastIndexOf("1") > secondsFirst, "connection 1 again after connection 2: " + connections);
        assertTrue(times.get(connections.lastIndexOf("1")).startsWith("14:03:03."), times.toString());

        robot.interact(() -> robot.lookup("#time-clock").queryAs(CheckBox.class).setSelected(false));
        List<String> sinceStart = column(FramesView.SINCE_START_TITLE);
        assertEquals("0.000000", sinceStart.get(0));
        assertEquals("1.500000", sinceStart.get(secondsFirst), "seconds since the recording started, not since "
                + "connection 2 did: " + sinceStart);
    }

    @Test
    void aTimeRangeShowsTheFramesBetween(FxRobot r) throws Exception {
        loadClocked(r);
        int all = framesTable().getItems().size();
        int firstExchange = column("Conn").indexOf("2");
        robot.interact(() -> {
            robot.lookup("#filter-from").queryAs(TextField.class).setText("14:03:01");
            robot.lookup("#filter-to").queryAs(TextField.class).setText("14:03:02");
        });
        refresh();
        List<String> connections = column("Conn");
        assertTrue(!connections.isEmpty() && connections.stream().allMatch("2"::equals),
                "between 14:03:01 and 14:03:02 only connection 2 spoke: " + connections);
        robot.interact(() -> {
            robot.lookup("#filter-from").queryAs(TextField.class).setText("1.5");
            robot.lookup("#filter-to").queryAs(TextField.class).setText("");
        });
        refresh();
        assertEquals(all - firstExchange, framesTable().getItems().size(),
                "from 1.5 s after the start: all but connection 1's first exchange");
        robot.interact(() -> robot.lookup("#filter-from").queryAs(TextField.class).setText("14:3x"));
        refresh();
        assertTrue(robot.lookup("#filter-error").queryAs(Label.class).getText().startsWith("'14:3x' is not a time; "
                + "accepted: a time of day"), robot.lookup("#filter-error").queryAs(Label.class).getText());
    }
}
