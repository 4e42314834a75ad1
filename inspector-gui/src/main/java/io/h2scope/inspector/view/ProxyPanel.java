package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.ProxySource;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Starts the recording proxy from the window: listen address, upstream, CA directory, listen-TLS, how a TLS
 * upstream's certificate is checked (a CA file, or insecure) and a key log, as the command line's options; Start opens a
 * {@link ProxySource} in the window's inspection, so both legs of each proxied connection appear in the other views
 * as they arrive; Stop (or closing the window) stops it. One status line says where it listens and relays, or what
 * is wrong.
 */
public final class ProxyPanel {

    private final Inspection inspection;
    private final GridPane grid = new GridPane();
    private final ScrollPane root = new ScrollPane(grid);
    private final TextField listen = new TextField("127.0.0.1:8080");
    private final TextField upstream = new TextField("http://127.0.0.1:9080/");
    private final TextField caDirectory = new TextField();
    private final CheckBox listenTls = new CheckBox("TLS toward clients (ALPN h2, a certificate for the upstream's name)");
    private final TextField upstreamCa = new TextField();
    private final CheckBox insecure = new CheckBox("Accept any upstream certificate, for any name (insecure)");
    private final TextField keyLog = new TextField();
    private final Button start = new Button("Start");
    private final Button stop = new Button("Stop");
    private final Label status = new Label("stopped");
    private ProxySource source; // FX thread
    private boolean starting; // FX thread
    private boolean closed; // FX thread: the window went away

    public ProxyPanel(Inspection inspection) {
        this.inspection = inspection;
        listen.setId("proxy-listen");
        listen.setPromptText("HOST:PORT on loopback; port 0 picks a free one");
        upstream.setId("proxy-upstream");
        upstream.setPromptText("http://HOST:PORT/ (h2c) or https://HOST:PORT/ (TLS)");
        caDirectory.setId("proxy-ca");
        caDirectory.setPromptText("optional: a directory for the local CA (made on first use); empty: self-signed");
        listenTls.setId("proxy-listen-tls");
        listenTls.setMnemonicParsing(false);
        upstreamCa.setId("proxy-upstream-ca");
        upstreamCa.setPromptText("optional: PEM certificates to trust for a TLS upstream; empty: the JDK's CAs");
        insecure.setId("proxy-insecure");
        insecure.setMnemonicParsing(false);
        keyLog.setId("proxy-keylog");
        keyLog.setPromptText("optional: a file for both legs' TLS secrets (NSS key-log format, for Wireshark)");
        start.setId("proxy-start");
        start.setMnemonicParsing(false);
        start.setOnAction(e -> start());
        stop.setId("proxy-stop");
        stop.setMnemonicParsing(false);
        stop.setOnAction(e -> stop());
        status.setId("proxy-status");
        status.setMnemonicParsing(false);
        enableButtons();

        grid.setHgap(6);
        grid.setVgap(6);
        grid.setPadding(new Insets(8));
        ColumnConstraints labels = new ColumnConstraints();
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);
        grid.addRow(0, label("Listen"), listen);
        grid.addRow(1, label("Upstream"), upstream);
        grid.addRow(2, label("CA directory"), caDirectory);
        grid.addRow(3, label(""), listenTls);
        grid.addRow(4, label("Upstream CA file"), upstreamCa);
        grid.addRow(5, label(""), insecure);
        grid.addRow(6, label("Key log file"), keyLog);
        grid.addRow(7, label(""), new HBox(6, start, stop));
        grid.addRow(8, label("Status"), status);
        // a pane lower than the rows scrolls, rather than cutting off the last rows (Start, the status)
        root.setFitToWidth(true);
        root.setFitToHeight(true);
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.setMnemonicParsing(false);
        return l;
    }

    /** FX thread: starts a proxy as the fields say (off the FX thread: a CA may be made); the status says how it went. */
    public void start() {
        if (source != null || starting) {
            return;
        }
        ProxySource.Settings settings = new ProxySource.Settings(listen.getText(), upstream.getText(),
                caDirectory.getText(), listenTls.isSelected(), upstreamCa.getText(), insecure.isSelected(),
                keyLog.getText());
        starting = true;
        enableButtons();
        status.setText("starting ...");
        CompletableFuture.supplyAsync(() -> ProxySource.start(settings)).whenComplete((s, error) -> Platform.runLater(() -> {
            starting = false;
            if (closed && s != null) {
                s.close(); // the window closed while the proxy started
            } else if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                status.setText(cause instanceof IllegalArgumentException ? cause.getMessage()
                        : "cannot start the proxy: " + cause);
            } else {
                source = s;
                inspection.open(s);
                status.setText(s.describe());
            }
            enableButtons();
        }));
    }

    /** FX thread: stops the running proxy, if any. */
    public void stop() {
        if (source != null) {
            source.close();
            source = null;
            status.setText("stopped");
        }
        enableButtons();
    }

    /** FX thread: the window goes away; stops the proxy, and one still starting once it has. */
    public void close() {
        closed = true;
        stop();
    }

    private void enableButtons() {
        boolean running = source != null || starting;
        start.setDisable(running);
        stop.setDisable(source == null);
    }

    /** The running proxy, or null. */
    public ProxySource source() {
        return source;
    }

    public Node node() {
        return root;
    }
}
