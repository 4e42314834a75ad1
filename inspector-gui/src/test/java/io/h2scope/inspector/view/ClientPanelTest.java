package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.console.ConsoleAction;
import io.h2scope.engine.console.ConsoleParser;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.HexText;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.RequestForm;
import io.h2scope.inspector.source.Inspection;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class ClientPanelTest {

    private InspectorWindow window;
    private H2Server server;

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1100, 750));
        stage.show();
        window.start();
        ShownWindow.select(window, "tab-client");
    }

    @AfterEach
    void stop() {
        window.inspection().close();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRequestsFramesAppearWhileTheConnectionStaysOpenAndTheSecondRequestReusesIt(FxRobot robot) throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        Recording recording = window.inspection().recording();
        fill(robot, server.url(), "GET", RequestForm.Transport.H2C, false, "");
        robot.clickOn("#client-send");
        awaitStatus(robot, s -> s.startsWith("200"));
        // live: the frames are in the recording and in the table while the connection is still open
        waitFor(() -> recording.frameCount() >= 4, "the first request's frames");
        robot.interact(() -> window.refresh().refreshNow());
        TableView<?> table = robot.lookup("#frames").queryAs(TableView.class);
        int afterFirst = table.getItems().size();
        assertTrue(afterFirst >= 4, "rows after the first request: " + afterFirst);
        assertEquals(1, window.client().source().connectionCount(), "the connection is kept open");
        assertTrue(recording.connection(0).closed() == null, "the first connection has not ended");

        fill(robot, server.url() + "echo", "POST", RequestForm.Transport.H2C, false, "hello inspector");
        robot.clickOn("#client-send");
        awaitStatus(robot, s -> s.startsWith("200") && robot.lookup("#client-response").queryAs(TextArea.class)
                .getText().contains("hello inspector"));
        waitFor(() -> lastFrameEndsAStreamInbound(recording), "the echo's response frames");
        robot.interact(() -> window.refresh().refreshNow());
        assertTrue(table.getItems().size() > afterFirst, "the second request's frames were added");
        assertEquals(1, recording.connectionCount(), "both requests went on one connection");
        long streams = recording.connection(0).streamIds().size();
        assertEquals(2, streams, "two streams on the kept connection");
    }

    @Test
    void tlsWithTheInsecureToggleTrustsASelfSignedCertificateAndWithoutItSaysWhy(FxRobot robot) throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
        fill(robot, server.url(), "GET", RequestForm.Transport.TLS, false, "");
        robot.clickOn("#client-send");
        awaitStatus(robot, s -> s.startsWith("no response"));
        fill(robot, server.url(), "GET", RequestForm.Transport.TLS, true, "");
        robot.clickOn("#client-send");
        awaitStatus(robot, s -> s.startsWith("200"));
        robot.interact(() -> window.refresh().refreshNow());
        assertTrue(window.inspection().recording().frameCount() > 0);
    }

    @Test
    void aTransportThatDoesNotFitTheUrlIsSaidInOneLine(FxRobot robot) {
        fill(robot, "http://127.0.0.1:1/", "GET", RequestForm.Transport.TLS, false, "");
        robot.clickOn("#client-send");
        WaitForAsyncUtils.waitForFxEvents();
        String status = robot.lookup("#client-status").queryAs(Label.class).getText();
        assertTrue(status.startsWith("TLS (ALPN h2) needs an https:// URL"), status);
    }

    private static boolean lastFrameEndsAStreamInbound(Recording recording) {
        int n = recording.frameCount();
        for (int i = n - 1; i >= 0; i--) {
            FrameEvent f = recording.frame(i);
            if (f.direction() == Direction.INBOUND && f.streamId() == 3 && f.frame().type() == FrameType.DATA
                    && (f.header().flags() & 0x1) != 0) {
                return true;
            }
        }
        return false;
    }

    private void fill(FxRobot robot, String url, String method, RequestForm.Transport transport, boolean insecure,
            String body) {
        robot.interact(() -> {
            robot.lookup("#client-url").queryAs(TextField.class).setText(url);
            @SuppressWarnings("unchecked")
            ComboBox<String> m = robot.lookup("#client-method").queryAs(ComboBox.class);
            m.setValue(method);
            m.getEditor().setText(method);
            @SuppressWarnings("unchecked")
            ChoiceBox<RequestForm.Transport> t = robot.lookup("#client-transport").queryAs(ChoiceBox.class);
            t.setValue(transport);
            robot.lookup("#client-insecure").queryAs(CheckBox.class).setSelected(insecure);
            robot.lookup("#client-body").queryAs(TextArea.class).setText(body);
            window.views().getSelectionModel().select(
                    window.views().getTabs().stream().filter(tab -> tab.getText().equals("Client")).findFirst().orElseThrow());
        });
    }

    private static void awaitStatus(FxRobot robot, java.util.function.Predicate<String> wanted) throws Exception {
        Label status = robot.lookup("#client-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> wanted.test(status.getText()));
    }

    private static void waitFor(BooleanSupplier condition, String what) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited " + Await.PATIENCE.toSeconds() + " s for " + what, e);
        }
    }

    /** The send-frame box: console words on a connection of its own, the answers in the area and the views. */
    @Test
    void aPingsAckAppearsInTheConsoleAndInTheRecordingAndAnEvenStreamsGoawayIsExplained(FxRobot robot) throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        fill(robot, server.url(), "GET", RequestForm.Transport.H2C, false, "");
        send(robot, "ping abc");
        awaitConsole(robot, "recv PING          stream=0 length=8 flags=ACK opaque=6162630000000000");
        Recording recording = window.inspection().recording();
        waitFor(() -> pingAckRecorded(recording), "the PING ACK in the recording");

        send(robot, "pong");
        awaitConsole(robot, "error: unknown command 'pong': the commands are settings, ping,");

        send(robot, "headers 2 end");
        awaitConsole(robot, "the peer ends the connection: GOAWAY PROTOCOL_ERROR");
        awaitConsole(robot, "connection closed");

        send(robot, "ping");
        awaitConsole(robot, "recv PING          stream=0 length=8 flags=ACK opaque=0000000000000001");
        String text = robot.lookup("#client-console").queryAs(TextArea.class).getText();
        assertTrue(text.indexOf("connecting to ") != text.lastIndexOf("connecting to "),
                "a line after the connection ended opens a new one: " + text);
    }

    @Test
    void theFormFillsTheFrameBoxWithTheLineItMeansInvalidFramesIncluded(FxRobot robot) throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        fill(robot, server.url(), "GET", RequestForm.Transport.H2C, false, "");
        ConsoleParser parser = new ConsoleParser("http", "x", java.time.Duration.ZERO);

        formType(robot, "RST_STREAM");
        robot.interact(() -> {
            text(robot, "#form-stream", "1");
            robot.lookup("#form-code").queryAs(ComboBox.class).getEditor().setText("CANCEL");
        });
        robot.clickOn("#form-fill");
        assertEquals("rst 1 CANCEL", frameBox(robot), "a frame the words say is filled in as words");

        formType(robot, "DATA");
        robot.interact(() -> {
            text(robot, "#form-stream", "1");
            text(robot, "#form-padding", "4");
            text(robot, "#form-text", "hi");
            robot.lookup("#form-flag-0").queryAs(CheckBox.class).setSelected(true); // END_STREAM
        });
        robot.clickOn("#form-fill");
        assertArrayEquals(HexText.parse("000007 00 09 00000001 04 6869 00000000"), octets(parser, frameBox(robot)),
                "a padded DATA, which the words have no place for, as raw octets: " + frameBox(robot));

        // a PING on stream 3 with an undefined flag: RFC 9113 §6.7, a connection error PROTOCOL_ERROR
        formType(robot, "PING");
        robot.interact(() -> {
            assertEquals("ACK", robot.lookup("#form-flag-0").queryAs(CheckBox.class).getText(), "flags named by the type");
            text(robot, "#form-stream", "3");
            text(robot, "#form-value", "0x0102030405060708");
            robot.lookup("#form-flag-7").queryAs(CheckBox.class).setSelected(true);
        });
        robot.clickOn("#form-fill");
        assertArrayEquals(HexText.parse("000008 06 80 00000003 0102030405060708"), octets(parser, frameBox(robot)),
                frameBox(robot));
        robot.clickOn("#client-send-frame");
        awaitConsole(robot, "the peer ends the connection: GOAWAY PROTOCOL_ERROR");

        robot.interact(() -> text(robot, "#form-stream", "x"));
        robot.clickOn("#form-fill");
        awaitConsole(robot, "error: stream must be a number from 0 to 2147483647, got 'x'");
    }

    private static void formType(FxRobot robot, String type) {
        robot.interact(() -> {
            @SuppressWarnings("unchecked")
            ChoiceBox<String> choice = robot.lookup("#form-type").queryAs(ChoiceBox.class);
            choice.setValue(type);
        });
    }

    private static void text(FxRobot robot, String id, String value) {
        robot.lookup(id).queryAs(TextField.class).setText(value);
    }

    private static String frameBox(FxRobot robot) {
        return robot.lookup("#client-frame").queryAs(TextField.class).getText();
    }

    /** What the console sends for {@code line}. */
    private static byte[] octets(ConsoleParser parser, String line) {
        ConsoleAction action = parser.parse(line);
        return action instanceof ConsoleAction.SendFrame f ? FrameWriter.encode(f.frame())
                : ((ConsoleAction.SendOctets) action).octets();
    }

    private static boolean pingAckRecorded(Recording recording) {
        for (int i = 0; i < recording.frameCount(); i++) {
            FrameEvent f = recording.frame(i);
            if (f.direction() == Direction.INBOUND && f.frame().type() == FrameType.PING
                    && ((PingFrame) f.frame()).ack() && ((PingFrame) f.frame()).opaqueData() == 0x6162630000000000L) {
                return true;
            }
        }
        return false;
    }

    private static void send(FxRobot robot, String line) {
        robot.interact(() -> robot.lookup("#client-frame").queryAs(TextField.class).setText(line));
        robot.clickOn("#client-send-frame");
    }

    private static void awaitConsole(FxRobot robot, String part) throws Exception {
        TextArea console = robot.lookup("#client-console").queryAs(TextArea.class);
        waitFor(() -> console.getText().contains(part), "'" + part + "' in the console area");
    }
}
