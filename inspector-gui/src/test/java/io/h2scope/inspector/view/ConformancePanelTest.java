package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.inspector.source.ClientConformanceRun;
import java.util.List;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.export.FrameHex;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.Recording;

import java.util.concurrent.TimeUnit;

import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class ConformancePanelTest {

    private InspectorWindow window;

    @Start
    void start(Stage stage) {
        window = ShownWindow.on(stage, 1100, 750);
        ShownWindow.select(window, "tab-conformance");
    }

    @AfterEach
    void stop() {
        window.conformance().stop();
        window.inspection().close();
    }

    @Test
    void aRunAgainstTheEmbeddedServerListsEachVerdictAndOpensACaseExchangeInTheViews(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#conformance-target").queryAs(TextField.class).setText("embedded");
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("http2/6.7");
        });
        robot.interact(() -> window.conformance().run());
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        @SuppressWarnings("unchecked")
        ListView<CaseResult> cases = robot.lookup("#conformance-cases").queryAs(ListView.class);
        Section ping = Suites.all().stream().filter(s -> s.id().equals("http2/6.7")).findFirst().orElseThrow();
        assertEquals(ping.cases().size(), cases.getItems().size(), status.getText());
        assertTrue(cases.getItems().stream().allMatch(r -> r.verdict().outcome().passed()), status.getText());

        CaseResult acked = cases.getItems().stream().filter(r -> r.definition().id().toString().equals("http2/6.7/ping-is-acked"))
                .findFirst().orElseThrow();
        robot.interact(() -> {
            cases.getSelectionModel().select(acked);
            window.conformance().openSelected();
            window.refresh().refreshNow();
        });
        Recording recording = window.inspection().recording();
        long expected = EvidenceEvents.of(acked.evidence(), window.conformance().target()).stream()
                .filter(e -> e instanceof FrameEvent).count();
        assertEquals(expected, recording.frameCount());
        assertTrue(recording.connectionCount() >= 1);
        ConnectionHistory caseConnection = recording.connection(0);
        assertEquals(expected, caseConnection.frameCount());
        boolean pingAck = false;
        for (int i = 0; i < recording.frameCount(); i++) {
            FrameEvent f = recording.frame(i);
            pingAck |= f.frame().type() == FrameType.PING && (f.header().flags() & 0x1) != 0;
        }
        assertTrue(pingAck, "the PING ACK that proves the case is among the frames");
        Integer selected = window.selection().frameProperty().get();
        assertNotNull(selected, "opening a case selects its first frame");
        assertEquals(caseConnection.frameNumber(0), selected);

        // opening it again selects the same frames, it does not add them twice
        robot.interact(() -> window.conformance().openSelected());
        assertEquals(expected, recording.frameCount());

        // Edit > Copy frame as hex: the selected frame's octets on the clipboard
        String[] copied = new String[2];
        robot.interact(() -> {
            copied[0] = window.exports().copySelectedFrameAsHex();
            copied[1] = Clipboard.getSystemClipboard().getString();
        });
        assertEquals(FrameHex.hex(recording.frame(selected)), copied[0]);
        assertEquals(copied[0], copied[1]);
    }

    @Test
    void anIntermediaryCasesExchangeShowsItsTwoLegsSideBySideLinked(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.conformance().chooseSuite(ConformancePanel.INTERMEDIARY_SUITE);
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("proxy/8.1.1");
        });
        assertEquals("own", robot.lookup("#conformance-target").queryAs(TextField.class).getText(),
                "the intermediary suite's default is h2scope's own relay");
        robot.interact(() -> window.conformance().run());
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        JudgedCase forwarded = window.conformance().cases().getItems().stream()
                .filter(r -> r.facts().id().equals("proxy/8.1.1/two-content-lengths")).findFirst()
                .orElseThrow(() -> new AssertionError(status.getText()));
        robot.interact(() -> {
            window.conformance().cases().getSelectionModel().select(forwarded);
            window.conformance().openSelected();
            window.refresh().refreshNow();
        });

        LegsView legs = window.conformance().legs();
        assertTrue(legs.node().getScene() != null && legs.node().isVisible(), "the legs are shown under the evidence");
        List<String> front = legs.frontLines().getItems().stream().map(l -> l.text()).toList();
        List<String> origin = legs.originLines().getItems().stream().map(l -> l.text()).toList();
        assertTrue(front.stream().anyMatch(l -> l.contains(">> HEADERS")), "the request the client sent: " + front);
        assertTrue(front.stream().anyMatch(l -> l.contains("<< HEADERS")), "the answer it got: " + front);
        assertTrue(origin.stream().anyMatch(l -> l.contains("<< HEADERS")), "the request the origin got: " + origin);
        assertTrue(origin.stream().anyMatch(l -> l.contains(">> HEADERS")), "the origin's answer: " + origin);

        // the two connections name each other, and the titles say so by the window's numbers
        Recording recording = window.inspection().recording();
        ConnectionHistory frontConnection = recording.connection(0);
        ConnectionHistory originConnection = recording.connection(1);
        assertEquals("front", frontConnection.opened().leg().name());
        assertEquals("origin", originConnection.opened().leg().name());
        assertEquals(originConnection.key().connectionId(), frontConnection.opened().pair());
        String frontTitle = robot.lookup("#legs-front-title").queryAs(Label.class).getText();
        String originTitle = robot.lookup("#legs-origin-title").queryAs(Label.class).getText();
        assertTrue(frontTitle.contains("connection " + frontConnection.number() + " (client")
                && frontTitle.contains("linked to connection " + originConnection.number()), frontTitle);
        assertTrue(originTitle.contains("linked to connection " + frontConnection.number()), originTitle);
        assertTrue(originTitle.contains("proxy/8.1.1/two-content-lengths h2sm"), originTitle);

        // a frame chosen on the origin's side is selected in every view
        robot.interact(() -> legs.originLines().getSelectionModel().select(legs.originLines().getItems().stream()
                .filter(l -> l.text().contains("<< HEADERS")).findFirst().orElseThrow()));
        Integer selected = window.selection().frameProperty().get();
        assertNotNull(selected);
        assertEquals(originConnection.key(), window.selection().connectionProperty().get());
        assertEquals(FrameType.HEADERS, recording.frame(selected).frame().type());
    }

    @Test
    void aCaseOpenedInClientReplaysItsFramesToTheSameAnswer(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("http2/6.9");
            window.conformance().run();
        });
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        JudgedCase zero = window.conformance().cases().getItems().stream()
                .filter(r -> r.facts().id().equals("http2/6.9/zero-increment-connection"))
                .findFirst().orElseThrow();
        robot.interact(() -> {
            window.conformance().cases().getSelectionModel().select(zero);
            window.conformance().openSelectedInClient();
        });
        javafx.scene.control.TabPane views = robot.lookup("#views").queryAs(javafx.scene.control.TabPane.class);
        assertEquals("tab-client", views.getSelectionModel().getSelectedItem().getId(), "the Client tab is shown");
        TextArea script = robot.lookup("#client-script").queryAs(TextArea.class);
        assertTrue(script.getText().lines().anyMatch(l -> l.equals("window 0 0")), script.getText());
        assertEquals(window.conformance().target().url(), robot.lookup("#client-url").queryAs(TextField.class).getText());

        robot.interact(() -> window.client().runScript());
        TextArea console = robot.lookup("#client-console").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> console.getText().lines()
                .anyMatch(l -> l.contains("recv GOAWAY") && l.contains("error=PROTOCOL_ERROR")));
        assertTrue(console.getText().lines().noneMatch(l -> l.startsWith("error: ")), console.getText());
    }

    /** One TLS run for both: the embedded server's certificate trusted, and a case that never reached HTTP/2 opened. */
    @Test
    void theEmbeddedServerOverTlsIsRunWithItsSelfSignedCertificateTrustedAndATlsProbeOpensWithoutFrames(FxRobot robot)
            throws Exception {
        robot.interact(() -> {
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("http2/6.7, tls/9.2");
            robot.lookup("#conformance-tls").queryAs(javafx.scene.control.CheckBox.class).setSelected(true);
            window.conformance().run();
        });
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        assertTrue(window.conformance().target().tls());
        assertTrue(window.conformance().cases().getItems().stream()
                .allMatch(r -> r.verdict().outcome().passed() || r.verdict().outcome() == Outcome.SKIP), status.getText());

        // a TLS probe's connection never reached HTTP/2: opened, it is selected, and the status says why it has no frames
        JudgedCase refused = window.conformance().cases().getItems().stream()
                .filter(r -> r.facts().id().equals("tls/9.2/only-tls-1-1-offered")).findFirst()
                .orElseThrow(() -> new AssertionError(status.getText()));
        robot.interact(() -> {
            window.conformance().cases().getSelectionModel().select(refused);
            window.conformance().openSelected();
            window.refresh().refreshNow();
        });
        Recording recording = window.inspection().recording();
        ConnectionHistory probe = recording.connection(0);
        assertEquals(0, probe.frameCount(), refused.evidenceText());
        assertEquals("tls", probe.opened().transport());
        assertEquals(probe.key(), window.selection().connectionProperty().get());
        String said = status.getText();
        assertTrue(said.startsWith("no HTTP/2 frames on the case's connection " + probe.number() + ": "), said);
        assertTrue(said.contains(io.h2scope.conformance.peer.NoHttp2.why(refused.evidence())), said);
        assertTrue(said.contains(": no HTTP/2 (") && (said.contains("TLS alert") || said.contains("the connection was")),
                said);
    }

    @Test
    void aSectionThatDoesNotExistIsSaidInOneLine(FxRobot robot) {
        robot.interact(() -> {
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("http2/99");
            window.conformance().run();
        });
        String status = robot.lookup("#conformance-status").queryAs(Label.class).getText();
        assertTrue(status.startsWith("no case is in section http2/99"), status);
    }

    @Test
    void theClientSuiteRunsAgainstTheEnginesOwnClientWithEachVerdictAndItsEvidence(FxRobot robot) throws Exception {
        robot.interact(() -> window.conformance().chooseSuite(ConformancePanel.CLIENT_SUITE));
        TextField target = robot.lookup("#conformance-target").queryAs(TextField.class);
        TextField sections = robot.lookup("#conformance-sections").queryAs(TextField.class);
        assertEquals("h2scope", target.getText(), "the engine's own client by default");
        assertEquals("client/6.7", sections.getText(), "the section of the same RFC section in the client suite");
        robot.interact(() -> window.conformance().run());
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        ClientSection ping = ClientSuite.sections().stream().filter(s -> s.id().equals("client/6.7")).findFirst()
                .orElseThrow();
        List<JudgedCase> judged = List.copyOf(window.conformance().cases().getItems());
        assertEquals(ping.cases().stream().map(c -> c.id().toString()).toList(),
                judged.stream().map(r -> r.facts().id()).toList(), status.getText());
        assertTrue(judged.stream().allMatch(r -> r.verdict().outcome() != Outcome.FAIL), status.getText());
        JudgedCase first = judged.get(0);
        robot.interact(() -> window.conformance().cases().getSelectionModel().select(first));
        String evidence = robot.lookup("#conformance-evidence").queryAs(TextArea.class).getText();
        assertTrue(evidence.contains("the client connects by "), evidence);
        assertTrue(robot.lookup("#conformance-open-client").queryAs(javafx.scene.control.Button.class).isDisabled(),
                "a client case has no script to replay");

        // Open exchange: the case's frames both ways, as its server's observer read them, in the views
        robot.interact(() -> {
            window.conformance().openSelected();
            window.refresh().refreshNow();
        });
        Recording recording = window.inspection().recording();
        long expected = EvidenceEvents.of(first.evidence()).stream().filter(e -> e instanceof FrameEvent).count();
        assertTrue(expected > 0, first.evidenceText());
        assertEquals(expected, recording.frameCount());
        assertEquals(io.h2scope.engine.stream.Role.SERVER, recording.connection(0).opened().role(),
                "the case's side of the connection is the server's");
        boolean fromClient = false;
        boolean fromServer = false;
        for (int i = 0; i < recording.frameCount(); i++) {
            fromClient |= recording.frame(i).direction() == io.h2scope.engine.trace.model.Direction.INBOUND;
            fromServer |= recording.frame(i).direction() == io.h2scope.engine.trace.model.Direction.OUTBOUND;
        }
        assertTrue(fromClient && fromServer, "frames both ways: " + first.evidenceText());
        Integer selected = window.selection().frameProperty().get();
        assertNotNull(selected, "opening a client case selects its first frame");
        assertEquals(recording.connection(0).frameNumber(0), selected);
    }

    @Test
    void theClientSuiteServedShowsItsUrlsAndJudgesTheCaseAClientFetched(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.conformance().chooseSuite(ConformancePanel.CLIENT_SUITE);
            robot.lookup("#conformance-target").queryAs(TextField.class).setText(ClientConformanceRun.SERVE);
            robot.lookup("#conformance-sections").queryAs(TextField.class).setText("client/6.7");
            window.conformance().run();
        });
        TextArea evidence = robot.lookup("#conformance-evidence").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> evidence.getText().lines().anyMatch(l -> l.startsWith("http://")));
        assertTrue(evidence.getText().startsWith("fetch each URL once with the client under test"), evidence.getText());
        String url = evidence.getText().lines().filter(l -> l.startsWith("http://")).findFirst().orElseThrow()
                .split("\\s+")[0];
        String caseId = java.net.URI.create(url).getPath().substring(1); // each case is served at /CASE-ID
        try (H2Client client = H2Client.newBuilder().traceSink(TraceSink.NONE).build()) {
            client.get(url);
        } catch (java.io.IOException e) {
            // a case may end the connection on purpose: its verdict is what counts
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.conformance().cases().getItems().stream()
                .anyMatch(r -> r.facts().id().equals(caseId)));
        JudgedCase fetched = window.conformance().cases().getItems().stream().filter(r -> r.facts().id().equals(caseId))
                .findFirst().orElseThrow();
        assertTrue(fetched.verdict().outcome().passed(), fetched.verdict() + "\n" + fetched.evidenceText());
    }
}
