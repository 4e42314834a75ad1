package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.export.FrameHex;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.ConnectionSummary;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.Inspection;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javafx.scene.Scene;
import javafx.scene.control.Label;
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
class ProxyPanelTest {

    private InspectorWindow window;
    private H2Server server;

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1100, 750));
        stage.show();
        window.start();
        ShownWindow.select(window, "tab-proxy");
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> window.stop());
        if (server != null) {
            server.close();
        }
    }

    @Test
    void bothLegsOfARequestThroughTheProxyAreRecordedLiveAndEachCarriesExactlyWhatItsPeerSent(FxRobot robot)
            throws Exception {
        Trace serverTrace = new Trace();
        server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(serverTrace).start();
        String upstream = "http://127.0.0.1:" + server.port() + "/";
        fill(robot, "127.0.0.1:0", upstream);
        robot.clickOn("#proxy-start");
        awaitStatus(robot, s -> s.startsWith("listening on"));
        int port = window.proxy().source().address().getPort();
        assertEquals("listening on 127.0.0.1:" + port + " (cleartext), relaying to " + upstream, status(robot));

        Trace clientTrace = new Trace();
        Recording recording = window.inspection().recording();
        try (H2Client client = H2Client.newBuilder().traceSink(clientTrace).build()) {
            H2Response<String> r = client.send(H2Request.newBuilder("http://127.0.0.1:" + port + "/echo")
                    .POST(BodyPublishers.ofString("through the proxy")).build(), BodyHandlers.ofString());
            assertEquals(200, r.status());
            assertEquals("through the proxy", r.body());
            // live: both legs are in the window while the client's connection is still open
            waitFor(() -> recording.connectionCount() == 2 && recording.connection(0).frameCount() > 0
                    && recording.connection(1).frameCount() > 0, "both legs of the open connection");
            assertNull(legOf(recording, Role.SERVER).closed(), "the client's leg is still open");
        }
        waitFor(() -> legOf(recording, Role.SERVER).closed() != null && legOf(recording, Role.CLIENT).closed() != null,
                "both legs closed after the client closed");

        ConnectionHistory clientLeg = legOf(recording, Role.SERVER);
        ConnectionHistory upstreamLeg = legOf(recording, Role.CLIENT);
        assertEquals(upstreamLeg.key().connectionId(), clientLeg.opened().pair(), "the client leg names its upstream leg");
        assertEquals(clientLeg.key().connectionId(), upstreamLeg.opened().pair(), "the upstream leg names its client leg");
        robot.interact(() -> window.refresh().refreshNow());
        assertEquals(String.valueOf(upstreamLeg.key().connectionId()), ConnectionSummary.of(clientLeg).pair(),
                "the connections view shows the pair");

        List<String> clientSent = clientTrace.frames(Direction.OUTBOUND);
        List<String> clientGot = clientTrace.frames(Direction.INBOUND);
        assertTrue(clientSent.size() >= 4, "the client sent preface SETTINGS, HEADERS, DATA, ...: " + clientSent);
        assertEquals(clientSent, frames(recording, clientLeg, Direction.INBOUND), "the client leg read what the client sent");
        assertEquals(clientSent, frames(recording, upstreamLeg, Direction.OUTBOUND), "the upstream leg passed it on");
        assertEquals(clientSent, serverTrace.frames(Direction.INBOUND), "the upstream received exactly that");
        assertEquals(serverTrace.frames(Direction.OUTBOUND), frames(recording, upstreamLeg, Direction.INBOUND),
                "the upstream leg read what the server sent");
        assertEquals(clientGot, frames(recording, clientLeg, Direction.OUTBOUND), "the client leg passed it on");
        assertEquals(serverTrace.frames(Direction.OUTBOUND), clientGot, "the client received exactly that");

        robot.clickOn("#proxy-stop");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("stopped", status(robot));
        assertNull(window.proxy().source());
        assertThrows(IOException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close(),
                "nothing listens once stopped");
    }

    @Test
    void anUpstreamUrlThatDoesNotParseIsSaidInOneLineAndNothingStarts(FxRobot robot) throws Exception {
        fill(robot, "127.0.0.1:0", "http://[not-a-host/");
        robot.clickOn("#proxy-start");
        awaitStatus(robot, s -> !s.startsWith("starting"));
        String status = status(robot);
        assertTrue(status.startsWith("'http://[not-a-host/' is not a URL"), status);
        assertFalse(status.contains("\n"), status);
        assertNull(window.proxy().source());
        assertFalse(robot.lookup("#proxy-start").queryButton().isDisabled(), "Start can be tried again");
    }

    @Test
    void aListenPortInUseIsSaidInOneLineAndStartCanBeTriedAgain(FxRobot robot) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            fill(robot, "127.0.0.1:" + taken.getLocalPort(), "http://127.0.0.1:9/");
            robot.clickOn("#proxy-start");
            awaitStatus(robot, s -> !s.startsWith("starting"));
            String status = status(robot);
            assertTrue(status.startsWith("cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": "), status);
            assertTrue(status.endsWith("give port 0 for a free one"), status);
            assertFalse(status.contains("\n"), status);
            assertNull(window.proxy().source());
        }
        fill(robot, "127.0.0.1:0", "http://127.0.0.1:9/");
        robot.clickOn("#proxy-start");
        awaitStatus(robot, s -> s.startsWith("listening on"));
    }

    /** The engine's own view of its connection: each frame's octets, per direction. */
    private static final class Trace implements TraceSink {
        private final List<FrameEvent> events = new ArrayList<>();

        @Override
        public synchronized void onEvent(TraceEvent event) {
            if (event instanceof FrameEvent f) {
                events.add(f);
            }
        }

        synchronized List<String> frames(Direction direction) {
            return events.stream().filter(f -> f.direction() == direction).map(FrameHex::hex).toList();
        }
    }

    private static List<String> frames(Recording recording, ConnectionHistory leg, Direction direction) {
        List<String> hex = new ArrayList<>();
        for (int i = 0; i < leg.frameCount(); i++) {
            FrameEvent f = recording.frame(leg.frameNumber(i));
            if (f.direction() == direction) {
                hex.add(FrameHex.hex(f));
            }
        }
        return hex;
    }

    private static ConnectionHistory legOf(Recording recording, Role role) {
        for (int i = 0; i < recording.connectionCount(); i++) {
            ConnectionHistory c = recording.connection(i);
            if (c.opened() != null && c.opened().role() == role) {
                return c;
            }
        }
        throw new AssertionError("no " + role + " leg in " + recording.connectionCount() + " connections");
    }

    private void fill(FxRobot robot, String listen, String upstream) {
        robot.interact(() -> {
            robot.lookup("#proxy-listen").queryAs(TextField.class).setText(listen);
            robot.lookup("#proxy-upstream").queryAs(TextField.class).setText(upstream);
            window.views().getSelectionModel().select(
                    window.views().getTabs().stream().filter(tab -> tab.getText().equals("Proxy")).findFirst().orElseThrow());
        });
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#proxy-status").queryAs(Label.class).getText();
    }

    private static void awaitStatus(FxRobot robot, java.util.function.Predicate<String> wanted) throws Exception {
        Label status = robot.lookup("#proxy-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> wanted.test(status.getText()));
    }

    private static void waitFor(BooleanSupplier condition, String what) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited " + Await.PATIENCE.toSeconds() + " s for " + what, e);
        }
    }
}
