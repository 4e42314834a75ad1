package io.h2scope.inspector.view;

import io.h2scope.inspector.source.AttachSource;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.TraceSource;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.GridPane;

/**
 * The "Live" menu: for a window attached to a running engine ({@code inspect --attach}), the engine's trace levels and
 * filter ({@code trace level}) and its recording ({@code trace record}), changed without a restart over the same
 * socket. The engine's answer, what is in force then or why it refused, goes to the status line. Disabled while the
 * window is attached to no engine.
 */
final class LiveMenu {

    static final ButtonType APPLY = new ButtonType("Apply", ButtonBar.ButtonData.OK_DONE);

    private final Inspection inspection;
    private final Consumer<String> say;
    private final Menu menu = new Menu("Live");

    /** {@code say}: a line for the status line, called on the FX thread. */
    LiveMenu(Inspection inspection, Consumer<String> say) {
        this.inspection = inspection;
        this.say = say;
        MenuItem levels = new MenuItem("Levels and filter\u2026");
        levels.setOnAction(e -> attached().ifPresent(this::levels));
        MenuItem start = new MenuItem("Start recording\u2026");
        start.setOnAction(e -> attached().ifPresent(this::startRecording));
        MenuItem stop = new MenuItem("Stop recording");
        stop.setOnAction(e -> attached().ifPresent(source -> send(source, Map.of("cmd", "record", "stop", true))));
        menu.getItems().addAll(levels, start, stop);
        menu.setOnShowing(e -> menu.getItems().forEach(item -> item.setDisable(attached().isEmpty())));
    }

    Menu menu() {
        return menu;
    }

    /** The engine this window is attached to: its first attach source. */
    private Optional<AttachSource> attached() {
        for (TraceSource source : inspection.sources()) {
            if (source instanceof AttachSource attach) {
                return Optional.of(attach);
            }
        }
        return Optional.empty();
    }

    private void levels(AttachSource source) {
        TextField levels = new TextField();
        levels.setId("live-levels");
        levels.setPromptText("frames=debug,conn=info (empty: as they are)");
        TextField only = new TextField();
        only.setId("live-only");
        only.setPromptText("peer=10.1.2.3,path=/api/ or all (empty: as it is)");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(8);
        form.addRow(0, new Label("Levels"), levels);
        form.addRow(1, new Label("Only"), only);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Trace levels of " + source.name());
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(APPLY, ButtonType.CANCEL);
        if (dialog.showAndWait().orElse(ButtonType.CANCEL) != APPLY) {
            return;
        }
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("cmd", "level");
        if (!levels.getText().isBlank()) {
            request.put("set", levels.getText().trim());
        }
        if (!only.getText().isBlank()) {
            request.put("only", only.getText().trim());
        }
        send(source, request);
    }

    private void startRecording(AttachSource source) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.setTitle("Start recording in " + source.name());
        dialog.setHeaderText("The engine writes the recording (JSONL, rw-------) to:");
        dialog.getEditor().setId("live-record-file");
        Optional<String> file = dialog.showAndWait().map(String::trim).filter(f -> !f.isEmpty());
        if (file.isEmpty()) {
            return;
        }
        try {
            send(source, Map.of("cmd", "record", "start", Path.of(file.get()).toAbsolutePath().toString()));
        } catch (InvalidPathException e) {
            say.accept("not a file path: " + file.get() + " (" + e.getReason() + ")");
        }
    }

    /** Sends {@code request} off the FX thread; the answer or the refusal goes to the status line. */
    private void send(AttachSource source, Map<String, Object> request) {
        Thread sending = new Thread(() -> {
            String line;
            try {
                Map<String, Object> reply = source.command(request);
                line = "engine: levels " + reply.get("levels") + "  \u00b7  only " + reply.get("only")
                        + "  \u00b7  recording " + (reply.get("recording") == null ? "off" : reply.get("recording"));
            } catch (IOException e) {
                line = e.getMessage();
            }
            String shown = line;
            Platform.runLater(() -> say.accept(shown));
        }, "h2scope-live-command");
        sending.setDaemon(true);
        sending.start();
    }
}
