package io.h2scope.inspector.view;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseScript;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.inspector.model.LinkedLegs;
import io.h2scope.inspector.source.ClientConformanceRun;
import io.h2scope.inspector.source.ProxyConformanceRun;
import io.h2scope.inspector.source.ConformanceRun;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.SuiteRun;
import io.h2scope.inspector.source.TraceSource;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * A conformance run from the window: the server suite against a target (embedded, local:NAME, docker:NAME, NAME or a
 * URL) or the client suite against a client (h2scope, jdk, a profile, or serve: any client fetching the URLs shown),
 * and sections, Run, progress, each case's verdict in a list, and for the chosen case its evidence as text and "Open
 * exchange", which puts the case's frames into the recording (a source of their own) and selects the first of them in
 * the views.
 */
public final class ConformancePanel {

    private final Inspection inspection;
    private final Selection selection;
    private final TargetResolver resolver;
    private final BorderPane root = new BorderPane();
    static final String SERVER_SUITE = "server suite";
    static final String CLIENT_SUITE = "client suite";
    static final String INTERMEDIARY_SUITE = "intermediary suite";

    private final ChoiceBox<String> suite = new ChoiceBox<>();
    private final Label targetLabel = Whole.label("Target");
    private final TextField target = new TextField("embedded");
    private final CheckBox tls = new CheckBox("TLS");
    private final CheckBox insecure = new CheckBox("insecure");
    private final TextField sections = new TextField("http2/6.7");
    private final Button run = new Button("Run");
    private final ProgressBar progress = new ProgressBar(0);
    private final Label status = new Label();
    private final ListView<JudgedCase> cases = new ListView<>();
    private final TextArea evidence = new TextArea();
    private final Button open = new Button("Open exchange");
    private final Button openInClient = new Button("Open in Client");
    private final LegsView legs;
    /** The evidence above, an opened intermediary case's two legs below it. */
    private final SplitPane right = new SplitPane();
    private OpenInClient client = (target, trustAny, script) -> { };
    /** A case whose exchange was opened -> the recording's source number of it. */
    private final Map<JudgedCase, Integer> opened = new IdentityHashMap<>();
    private SuiteRun current; // FX thread
    private int planned;
    /** What the run asks meanwhile (a served run's URLs), shown while no case is chosen. */
    private final StringBuilder told = new StringBuilder();

    public ConformancePanel(Inspection inspection, Selection selection, TargetResolver resolver) {
        this.inspection = inspection;
        this.selection = selection;
        this.resolver = resolver;
        suite.setId("conformance-suite");
        suite.getItems().addAll(SERVER_SUITE, CLIENT_SUITE, INTERMEDIARY_SUITE);
        suite.setValue(SERVER_SUITE);
        suite.setTooltip(new Tooltip("the server suite tests a server (a target); the client suite a client; the "
                + "intermediary suite a proxy, h2scope on both sides of it"));
        suite.valueProperty().addListener((o, was, now) -> suiteChosen(was, now));
        legs = new LegsView(inspection.recording(), selection);
        target.setId("conformance-target");
        target.setPromptText("embedded, local:NAME, docker:NAME, NAME or a URL");
        tls.setId("conformance-tls");
        tls.setTooltip(new Tooltip("a named target's TLS listener; a URL says by its scheme"));
        insecure.setId("conformance-insecure");
        insecure.setMnemonicParsing(false);
        insecure.setTooltip(new Tooltip("a URL's server: trust any certificate (named targets always are)"));
        sections.setId("conformance-sections");
        sections.setPromptText("sections, e.g. http2/6.7 hpack 6.5 (empty: all)");
        run.setId("conformance-run");
        run.setMnemonicParsing(false);
        run.setOnAction(e -> run());
        progress.setId("conformance-progress");
        status.setId("conformance-status");
        status.setMnemonicParsing(false);
        cases.setId("conformance-cases");
        cases.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(JudgedCase r, boolean empty) {
                super.updateItem(r, empty);
                setMnemonicParsing(false);
                setText(empty || r == null ? null : line(r));
            }
        });
        cases.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            evidence.setText(now == null ? told.toString() : now.verdict() + "\n\n" + now.evidenceText());
            open.setDisable(now == null);
            // a server case's frames replay on its target; a client case's or an intermediary case's not
            openInClient.setDisable(!(now instanceof CaseResult) || !(current instanceof ConformanceRun));
            right.getItems().remove(legs.node()); // until this case's exchange is opened
        });
        cases.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                openSelected();
            }
        });
        evidence.setId("conformance-evidence");
        evidence.setEditable(false);
        open.setId("conformance-open");
        open.setMnemonicParsing(false);
        open.setDisable(true);
        open.setOnAction(e -> openSelected());
        openInClient.setId("conformance-open-client");
        openInClient.setMnemonicParsing(false);
        openInClient.setDisable(true);
        openInClient.setTooltip(new Tooltip("the frames the case sent, as console lines in the Client tab's script, "
                + "on a connection to the same target: to replay them and vary them by hand"));
        openInClient.setOnAction(e -> openSelectedInClient());

        // the choice on one line, the run's progress and its (long) result on the next: a status beside the
        // form squeezed the form's labels and Run to "..."
        Whole.widths(suite, tls, insecure, run, progress);
        HBox form = new HBox(6, suite, targetLabel, target, tls, insecure, Whole.label("Sections"), sections, run);
        form.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        HBox.setHgrow(target, Priority.SOMETIMES);
        HBox.setHgrow(sections, Priority.ALWAYS);
        HBox.setHgrow(status, Priority.ALWAYS);
        HBox outcome = new HBox(6, progress, Whole.wrapping(status));
        outcome.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        javafx.scene.layout.VBox top = new javafx.scene.layout.VBox(6, form, outcome);
        top.setPadding(new Insets(8));
        BorderPane evidenceSide = new BorderPane(evidence);
        evidenceSide.setTop(new HBox(6, open, openInClient));
        right.setOrientation(javafx.geometry.Orientation.VERTICAL);
        right.getItems().add(evidenceSide);
        SplitPane split = new SplitPane(cases, right);
        split.setDividerPositions(0.45);
        root.setTop(top);
        root.setCenter(split);
    }

    /** "PASS  http2/6.7/ping-is-acked  (a PING ACK with the same payload)". */
    static String line(JudgedCase r) {
        return r.verdict().outcome().label() + "  " + r.facts().id() + "  (" + r.verdict().actual() + ")";
    }

    /** FX thread: the form for the suite chosen; a default or a section of the other suite becomes this one's. */
    private void suiteChosen(String was, String now) {
        boolean client = CLIENT_SUITE.equals(now);
        boolean intermediary = INTERMEDIARY_SUITE.equals(now);
        targetLabel.setText(client ? "Client" : intermediary ? "Intermediary" : "Target");
        target.setPromptText(client ? "h2scope, jdk, a client such as curl, or " + ClientConformanceRun.SERVE
                + " (any client fetches the URLs shown)" : intermediary ? ProxyConformanceRun.OWN
                + " (h2scope's own relay) or local:NAME" : "embedded, local:NAME, docker:NAME, NAME or a URL");
        if (target.getText().isBlank() || target.getText().strip().equals(defaultTarget(was))) {
            target.setText(defaultTarget(now));
        }
        String prefix = prefix(now);
        sections.setText(sections.getText().replaceAll("\\b" + prefix(was), prefix));
        insecure.setDisable(client || intermediary);
        tls.setDisable(intermediary); // the intermediary's config says how its front listens
        tls.setTooltip(new Tooltip(client ? "the client connects by TLS (else its first way: prior knowledge, Upgrade, "
                + "TLS)" : "a named target's TLS listener; a URL says by its scheme"));
    }

    /** What the target field holds for {@code suite} until changed. */
    private static String defaultTarget(String suite) {
        return CLIENT_SUITE.equals(suite) ? "h2scope" : INTERMEDIARY_SUITE.equals(suite) ? ProxyConformanceRun.OWN
                : "embedded";
    }

    /** How {@code suite}'s section ids begin. */
    private static String prefix(String suite) {
        return CLIENT_SUITE.equals(suite) ? "client/" : INTERMEDIARY_SUITE.equals(suite) ? "proxy/" : "http2/";
    }

    /** FX thread: which suite the next run runs. */
    public void chooseSuite(String name) {
        suite.setValue(name);
    }

    /** FX thread: checks the choice, then starts the run; a bad target or section is said in the status line. */
    public void run() {
        SuiteRun next = CLIENT_SUITE.equals(suite.getValue())
                ? new ClientConformanceRun(target.getText(), tls.isSelected(), sections.getText())
                : INTERMEDIARY_SUITE.equals(suite.getValue())
                ? new ProxyConformanceRun(target.getText(), sections.getText())
                : new ConformanceRun(target.getText(), tls.isSelected(), insecure.isSelected(), sections.getText(),
                        resolver);
        try {
            next.check();
        } catch (IllegalArgumentException e) {
            status.setText(e.getMessage());
            return;
        }
        if (current != null) {
            current.stop(); // the last run's target, kept up for Open in Client
        }
        current = next;
        cases.getItems().clear();
        told.setLength(0);
        evidence.setText("");
        progress.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
        status.setText("starting " + target.getText() + " ...");
        run.setDisable(true);
        SuiteRun thisRun = next;
        next.start(new SuiteRun.Listener() {
            @Override
            public void started(String description, int count) {
                Platform.runLater(() -> {
                    planned = count;
                    progress.setProgress(0);
                    status.setText(description + ": " + count + " cases");
                });
            }

            @Override
            public void caseFinished(JudgedCase result) {
                Platform.runLater(() -> {
                    if (current == thisRun) {
                        cases.getItems().add(result);
                        progress.setProgress(planned == 0 ? 1 : cases.getItems().size() / (double) planned);
                    }
                });
            }

            @Override
            public void told(String line) {
                Platform.runLater(() -> {
                    if (current == thisRun) {
                        told.append(line).append('\n');
                        if (cases.getSelectionModel().isEmpty()) {
                            evidence.setText(told.toString());
                        }
                    }
                });
            }

            @Override
            public void finished(String summary) {
                Platform.runLater(() -> {
                    progress.setProgress(1);
                    status.setText(summary);
                    run.setDisable(false);
                });
            }

            @Override
            public void failed(String line) {
                Platform.runLater(() -> {
                    progress.setProgress(0);
                    status.setText(line);
                    run.setDisable(false);
                });
            }
        });
    }

    /** Where a case's script goes: the Client tab, which connects to {@code target} and shows the lines. */
    @FunctionalInterface
    public interface OpenInClient {
        void open(Target target, boolean trustAny, List<String> script);
    }

    /** FX thread: what Open in Client does (the window switches to its Client tab). */
    public void openInClientWith(OpenInClient action) {
        this.client = action;
    }

    /**
     * FX thread: the selected case's script ({@link CaseScript}: the frames it sent as console lines) to the Client
     * tab, with the run's target, which stays up after the run for this.
     */
    public void openSelectedInClient() {
        Target runTarget = target();
        if (!(cases.getSelectionModel().getSelectedItem() instanceof CaseResult r) || runTarget == null) {
            return;
        }
        // a named target's certificate is self-signed, as the run trusted it
        boolean trustAny = insecure.isSelected() || !target.getText().contains("://");
        client.open(runTarget, trustAny, CaseScript.of(r));
    }

    /** FX thread: the selected case's frames into the recording (once), and its first frame selected. */
    public void openSelected() {
        JudgedCase r = cases.getSelectionModel().getSelectedItem();
        if (r == null || current == null) {
            return;
        }
        Integer source = opened.get(r);
        if (source == null) {
            TraceSource exchange = current.exchangeOf(r);
            if (exchange == null) {
                status.setText("the case kept no frames: its evidence is the text beside the list");
                return;
            }
            source = inspection.open(exchange);
            opened.put(r, source);
        }
        showLegs(r, source);
        selectFirstFrameOf(source, NoHttp2.why(r.evidence()));
    }

    /**
     * FX thread: an intermediary case's two legs side by side under its evidence (the client's connection to the
     * intermediary, the intermediary's to the origin); nothing for a case of another suite.
     */
    private void showLegs(JudgedCase r, int source) {
        LinkedLegs linked = LinkedLegs.of(EvidenceEvents.of(r.evidence()), inspection.recording().redaction());
        if (linked.isEmpty()) {
            right.getItems().remove(legs.node());
            return;
        }
        legs.show(linked, source);
        if (!right.getItems().contains(legs.node())) {
            right.getItems().add(legs.node());
            right.setDividerPositions(0.3);
        }
    }

    /** The legs view (tests). */
    LegsView legs() {
        return legs;
    }

    /**
     * The first frame of source {@code source}'s first connection (an opened exchange is delivered on this thread); a
     * first connection that never reached HTTP/2 (TLS without h2, a TLS probe, a failed handshake) is selected itself,
     * and the status says why it has no frames ({@code why}: its evidence line, or null).
     */
    private void selectFirstFrameOf(int source, String why) {
        for (var history : inspection.recording().connections()) {
            if (history.key().source() != source) {
                continue;
            }
            selection.connectionProperty().set(history.key());
            if (history.frameCount() > 0) {
                int frame = history.frameNumber(0);
                selection.streamProperty().set(inspection.recording().frame(frame).streamId());
                selection.frameProperty().set(frame);
            } else {
                status.setText("no HTTP/2 frames on the case's connection " + history.number() + ": "
                        + (why == null ? "see its evidence" : why) + "; the Connections view has its TLS outcome");
            }
            return;
        }
        status.setText("the case's exchange has no frames (see its evidence)");
    }

    /** Stops the latest run's target (the window closes). */
    public void stop() {
        if (current != null) {
            current.stop();
        }
    }

    /** The target of the latest run of the server suite, once it runs; null for the client suite. */
    Target target() {
        return current instanceof ConformanceRun r ? r.target() : null;
    }

    public ListView<JudgedCase> cases() {
        return cases;
    }

    public Node node() {
        return root;
    }
}
