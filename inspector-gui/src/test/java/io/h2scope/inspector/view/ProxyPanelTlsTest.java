package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.inspector.source.Inspection;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Proxy tab's upstream CA file, insecure and key log fields: what --upstream-ca, --insecure and --keylog do. */
@ExtendWith(ApplicationExtension.class)
class ProxyPanelTlsTest {

    private InspectorWindow window;
    private H2Server server;

    @TempDir
    Path dir;

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
    void aTlsUpstreamIsTrustedByItsCaFileOrByInsecureAndBothLegsSecretsGoToTheKeyLog(FxRobot robot) throws Exception {
        KeyMaterial identity = SelfSignedCertificate.generate("localhost");
        Path certificate = dir.resolve("upstream.pem");
        identity.writePem(certificate, dir.resolve("upstream-key.pem"));
        server = ReferenceServer.start(new ReferenceServer.Options("127.0.0.1", 0, true, certificate,
                dir.resolve("upstream-key.pem")));
        String upstream = "https://localhost:" + server.port() + "/";

        fill(robot, upstream, "", false, "");
        start(robot);
        assertThrows(Exception.class, () -> get(robot), "without its CA the upstream's certificate is refused");
        robot.clickOn("#proxy-stop");

        Path keys = dir.resolve("keys.log");
        fill(robot, upstream, certificate.toString(), false, keys.toString());
        start(robot);
        assertEquals(200, get(robot), "trusted by the CA file");
        robot.clickOn("#proxy-stop");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> secrets = Files.readAllLines(keys);
        assertTrue(secrets.stream().anyMatch(l -> l.matches("(CLIENT_RANDOM|CLIENT_TRAFFIC_SECRET_0) [0-9a-f]{64} .+")),
                "the upstream leg's secrets: " + secrets);

        fill(robot, upstream, "", true, "");
        start(robot);
        assertEquals(200, get(robot), "accepted as insecure");
    }

    @Test
    void eachBadTlsFieldIsSaidInOneLineAsTheCommandLineSaysItAndNothingStarts(FxRobot robot) throws Exception {
        Path missing = dir.resolve("missing.pem");
        Path notThere = dir.resolve("no-such-dir").resolve("keys.log");
        Path ca = Files.writeString(dir.resolve("ca.pem"), "not a certificate\n");
        String[][] cases = {
                {missing.toString(), "false", "", "upstream CA file: no such file '" + missing + "'; check the path"},
                {dir.toString(), "false", "", "upstream CA file: '" + dir + "' is a directory; give a file"},
                {ca.toString(), "true", "", "upstream CA file: an upstream CA file and insecure (accept any certificate)"
                        + " contradict each other; give one of them"},
                {"", "false", notThere.toString(), "key log file: no directory '" + notThere.getParent()
                        + "' to make '" + notThere + "' in; check the path"},
                {"", "false", dir.toString(), "key log file: '" + dir + "' is a directory; give a file"},
                {ca.toString(), "false", "", "cannot start the proxy: no PEM CERTIFICATE block in " + ca},
        };
        for (String[] c : cases) {
            fill(robot, "https://localhost:9/", c[0], Boolean.parseBoolean(c[1]), c[2]);
            robot.clickOn("#proxy-start");
            awaitStatus(robot, s -> !s.startsWith("starting"));
            assertEquals(c[3], status(robot));
            assertNull(window.proxy().source(), "nothing started for " + c[3]);
            assertFalse(robot.lookup("#proxy-start").queryButton().isDisabled(), "Start can be tried again");
        }
    }

    private int get(FxRobot robot) throws Exception {
        int port = window.proxy().source().address().getPort();
        try (H2Client client = H2Client.newBuilder().build()) {
            return client.get("http://127.0.0.1:" + port + "/").status();
        }
    }

    private void start(FxRobot robot) throws Exception {
        robot.clickOn("#proxy-start");
        awaitStatus(robot, s -> !s.startsWith("starting"));
        assertTrue(status(robot).startsWith("listening on"), status(robot));
    }

    private void fill(FxRobot robot, String upstream, String caFile, boolean insecure, String keyLog) {
        robot.interact(() -> {
            robot.lookup("#proxy-listen").queryAs(TextField.class).setText("127.0.0.1:0");
            robot.lookup("#proxy-upstream").queryAs(TextField.class).setText(upstream);
            robot.lookup("#proxy-upstream-ca").queryAs(TextField.class).setText(caFile);
            robot.lookup("#proxy-insecure").queryAs(CheckBox.class).setSelected(insecure);
            robot.lookup("#proxy-keylog").queryAs(TextField.class).setText(keyLog);
            window.views().getSelectionModel().select(
                    window.views().getTabs().stream().filter(tab -> tab.getText().equals("Proxy")).findFirst().orElseThrow());
        });
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#proxy-status").queryAs(Label.class).getText();
    }

    private static void awaitStatus(FxRobot robot, Predicate<String> wanted) throws Exception {
        Label status = robot.lookup("#proxy-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> wanted.test(status.getText()));
    }
}
