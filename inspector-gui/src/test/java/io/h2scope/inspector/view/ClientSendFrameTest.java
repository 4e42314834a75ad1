package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.ClientRequest;
import io.h2scope.inspector.source.Inspection;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
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

/** The Client tab's send-frame box: console words on a connection of its own, the answers in the views. */
@ExtendWith(ApplicationExtension.class)
class ClientSendFrameTest {

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
    void aPingsAckAppearsInTheConsoleAndInTheRecordingAndAnEvenStreamsGoawayIsExplained(FxRobot robot) throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        robot.interact(() -> {
            robot.lookup("#client-url").queryAs(TextField.class).setText(server.url());
            @SuppressWarnings("unchecked")
            ChoiceBox<ClientRequest.Transport> t = robot.lookup("#client-transport").queryAs(ChoiceBox.class);
            t.setValue(ClientRequest.Transport.H2C);
            robot.lookup("#client-insecure").queryAs(CheckBox.class).setSelected(false);
        });
        send(robot, "ping abc");
        awaitConsole(robot, "recv PING          stream=0 length=8 flags=ACK opaque=6162630000000000");
        Recording recording = window.inspection().recording();
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> pingAckRecorded(recording));

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
        try {
            WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> console.getText().contains(part));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no '" + part + "' in the console area:\n" + console.getText(), e);
        }
    }
}
