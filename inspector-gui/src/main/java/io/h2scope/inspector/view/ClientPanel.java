package io.h2scope.inspector.view;

import io.h2scope.conformance.targets.Target;
import io.h2scope.inspector.source.RequestForm;
import io.h2scope.inspector.source.ClientSource;
import io.h2scope.inspector.source.ConsoleSource;
import io.h2scope.inspector.source.Inspection;

import java.util.List;
import java.util.concurrent.CompletionException;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;

/**
 * The inspector's own HTTP/2 client: URL, method, headers, body, transport and trust; Send puts the request on the
 * kept connection of a {@link ClientSource} (opened in the window's inspection on first use), whose frames appear in
 * the other views as they happen; the response's status, headers and body are shown here. Below, a "send frame" box
 * runs {@code h2scope console}'s command words on a connection of its own ({@link ConsoleSource}), which can break
 * any rule on purpose; a form ({@link FrameForm}) fills the box for any frame, and a script area runs many lines
 * (a conformance case's, opened here, to be replayed and varied).
 */
public final class ClientPanel {

    private final Inspection inspection;
    private final GridPane grid = new GridPane();
    private final ScrollPane root = new ScrollPane(grid);
    private final TextField url = new TextField("http://127.0.0.1:8080/");
    private final ComboBox<String> method = new ComboBox<>();
    private final TextArea headers = new TextArea();
    private final TextArea body = new TextArea();
    private final ChoiceBox<RequestForm.Transport> transport = new ChoiceBox<>();
    private final CheckBox insecure = new CheckBox("insecure (trust any certificate)");
    private final Button send = new Button("Send");
    private final Label status = new Label("");
    private final TextArea response = new TextArea();
    private final TextField frame = new TextField();
    private final Button sendFrame = new Button("Send frame");
    private final TextArea console = new TextArea();
    private final FrameForm form = new FrameForm(line -> frame.setText(line), error -> console.appendText(error + "\n"));
    private final TextArea script = new TextArea();
    private final Button runScript = new Button("Run script");
    private ClientSource source; // FX thread
    private ConsoleSource consoleSource; // FX thread

    public ClientPanel(Inspection inspection) {
        this.inspection = inspection;
        url.setId("client-url");
        method.setId("client-method");
        method.setEditable(true);
        method.getItems().addAll("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH");
        method.setValue("GET");
        headers.setId("client-headers");
        headers.setPromptText("name: value, one a line");
        headers.setPrefRowCount(2);
        body.setId("client-body");
        body.setPromptText("request body (none when empty)");
        body.setPrefRowCount(2);
        transport.setId("client-transport");
        transport.getItems().addAll(RequestForm.Transport.values());
        transport.setValue(RequestForm.Transport.H2C);
        insecure.setId("client-insecure");
        insecure.setMnemonicParsing(false);
        send.setId("client-send");
        send.setMnemonicParsing(false);
        send.setDefaultButton(true);
        send.setOnAction(e -> send());
        status.setId("client-status");
        status.setMnemonicParsing(false);
        response.setId("client-response");
        response.setEditable(false);
        response.setPrefRowCount(1); // more when the pane has room
        frame.setId("client-frame");
        frame.setPromptText("any frame, as h2scope console words it: ping, settings MAX_FRAME_SIZE=32768, "
                + "headers 1 end, data 1 end TEXT, rst 1 CANCEL, goaway NO_ERROR, window 1000, raw HEX, help");
        frame.setOnAction(e -> sendFrame());
        sendFrame.setId("client-send-frame");
        sendFrame.setMnemonicParsing(false);
        sendFrame.setOnAction(e -> sendFrame());
        script.setId("client-script");
        script.setPromptText("console lines, one a line, run in order by Run script ('#' starts a comment); "
                + "a conformance case's Open in Client puts the frames it sent here");
        script.setPrefRowCount(3);
        runScript.setId("client-run-script");
        runScript.setMnemonicParsing(false);
        runScript.setOnAction(e -> runScript());
        console.setId("client-console");
        console.setEditable(false);
        console.setPrefRowCount(3);

        grid.setHgap(6);
        grid.setVgap(6);
        grid.setPadding(new Insets(8));
        ColumnConstraints labels = new ColumnConstraints();
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);
        Whole.widths(insecure, send);
        HBox line = baseline(new HBox(6, method, url, transport, insecure, send));
        HBox.setHgrow(url, Priority.ALWAYS);
        row(0, "Request", line);
        // headers beside the body, the status over the response, the script beside what the connection printed:
        // the whole tab fits the split pane's lower half of a 1280x860 window without scrolling
        HBox headersAndBody = baseline(new HBox(6, headers, Whole.label("Body"), body));
        HBox.setHgrow(headers, Priority.ALWAYS);
        HBox.setHgrow(body, Priority.ALWAYS);
        row(1, "Headers", headersAndBody);
        VBox statusAndResponse = new VBox(2, status, response);
        VBox.setVgrow(response, Priority.ALWAYS);
        row(2, "Response", statusAndResponse).setVgrow(Priority.ALWAYS); // the spare height is the response's
        Whole.widths(sendFrame, runScript);
        HBox frameLine = baseline(new HBox(6, frame, sendFrame, runScript));
        HBox.setHgrow(frame, Priority.ALWAYS);
        row(3, "Frame", frameLine);
        row(4, "Build", form.node());
        HBox consoleAndScript = new HBox(6, console, script);
        HBox.setHgrow(console, Priority.ALWAYS);
        HBox.setHgrow(script, Priority.ALWAYS);
        row(5, null, consoleAndScript);
        // a lower pane than the rows need scrolls, rather than squeezing rows into each other; a higher one gives the
        // response the spare height
        root.setFitToWidth(true);
        root.setFitToHeight(true);
    }

    /**
     * Row {@code index}: its label beside {@code content}, on the first line's baseline; the row never gets less than
     * the height its content asks for (a short pane scrolls instead).
     */
    private RowConstraints row(int index, String name, Node content) {
        if (name == null) {
            grid.add(content, 1, index);
        } else {
            grid.addRow(index, Whole.label(name), content);
        }
        RowConstraints row = new RowConstraints();
        row.setMinHeight(Region.USE_PREF_SIZE);
        row.setValignment(VPos.BASELINE);
        grid.getRowConstraints().add(row);
        return row;
    }

    /** {@code line} with its controls' text on one baseline (a check box's and a field's). */
    private static HBox baseline(HBox line) {
        line.setAlignment(Pos.BASELINE_LEFT);
        return line;
    }

    /** FX thread: sends what the fields say; a bad field is reported in the status line. */
    public void send() {
        RequestForm request = new RequestForm(url.getText(), method.getEditor().getText(), headers.getText(),
                body.getText(), transport.getValue(), insecure.isSelected());
        if (source == null) {
            source = new ClientSource();
            inspection.open(source);
        }
        try {
            source.send(request).whenComplete((r, error) -> Platform.runLater(() -> {
                if (error != null) {
                    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                    status.setText("no response: " + cause.getMessage());
                } else {
                    status.setText(r.status() + " · " + r.body().length() + " characters · " + r.connectionCount()
                            + (r.connectionCount() == 1 ? " connection" : " connections") + " open");
                    response.setText(r.headers() + "\n" + r.body());
                }
                send.setDisable(false);
            }));
            send.setDisable(true);
            status.setText("sending " + request.method() + " " + request.url() + " ...");
        } catch (IllegalArgumentException | IllegalStateException | java.io.UncheckedIOException e) {
            status.setText(e.getMessage());
        }
    }

    /**
     * FX thread: runs the frame box's line on the panel's send-frame connection (a console session to the URL with
     * the transport and trust chosen, opened on first use and again once it ended); its printed lines, the peer's
     * answers and a bad line's error, go to the console area, its frames to the other views.
     */
    public void sendFrame() {
        if (connection()) {
            consoleSource.send(frame.getText());
            frame.selectAll();
        }
    }

    /** FX thread: runs the script's lines in order on the send-frame connection, their waits included. */
    public void runScript() {
        if (connection()) {
            script.getText().lines().forEach(consoleSource::send);
        }
    }

    /**
     * FX thread: a conformance case's script ({@code lines}) in the script area, to be run and varied by hand, with
     * the URL, transport and trust of its {@code target}, whose send-frame connection is opened at once.
     */
    public void openScript(Target target, boolean trustAny, List<String> lines) {
        url.setText(target.url());
        transport.setValue(target.tls() ? RequestForm.Transport.TLS : RequestForm.Transport.H2C);
        insecure.setSelected(trustAny);
        script.setText(String.join("\n", lines) + "\n");
        connection();
    }

    /**
     * The send-frame connection (a console session to the URL with the transport and trust chosen, opened on first
     * use and again once it ended); false, with the error in the console area, for a URL it cannot be.
     */
    private boolean connection() {
        boolean upgrade = transport.getValue() == RequestForm.Transport.H2C_UPGRADE;
        try {
            if (consoleSource == null || consoleSource.ended()
                    || !consoleSource.reaches(url.getText().strip(), upgrade, insecure.isSelected())) {
                if (consoleSource != null) {
                    consoleSource.close(); // ended, or told to end: it returns at once
                }
                console.appendText("connecting to " + url.getText().strip() + " (" + transport.getValue() + ")\n");
                consoleSource = new ConsoleSource(url.getText().strip(), upgrade, insecure.isSelected(),
                        text -> Platform.runLater(() -> console.appendText(text + "\n")));
                inspection.open(consoleSource);
            }
            return true;
        } catch (IllegalArgumentException e) {
            console.appendText("error: " + e.getMessage() + "\n");
            return false;
        }
    }

    /** The client behind the panel, once a request was sent (tests check the kept connection). */
    public ClientSource source() {
        return source;
    }

    public Node node() {
        return root;
    }
}
