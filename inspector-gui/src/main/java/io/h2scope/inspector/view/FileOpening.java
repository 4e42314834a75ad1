package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.input.DragEvent;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;

/**
 * The ways a user opens a recording in a window: File > Open (a file chooser) and a file dropped on the window. Both
 * end in {@link #open(Path)}, which adds the file as one more source of the window's inspection.
 */
public final class FileOpening {

    private final Inspection inspection;

    public FileOpening(Inspection inspection) {
        this.inspection = inspection;
    }

    /** Adds {@code file} as a recording source; it loads in the background and shows as it loads. */
    public void open(Path file) {
        inspection.open(new RecordingFileSource(file));
    }

    /** File > Open...: a chooser of JSONL recordings, owned by {@code owner}'s window. */
    public MenuItem menuItem(Node owner) {
        MenuItem item = new MenuItem("Open...");
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        item.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Open a trace recording");
            chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("JSONL trace", "*.jsonl", "*.jsonl.1"),
                    new FileChooser.ExtensionFilter("Any file", "*"));
            File chosen = chooser.showOpenDialog(owner.getScene().getWindow());
            if (chosen != null) {
                open(chosen.toPath());
            }
        });
        return item;
    }

    /** Files dragged onto {@code target} are accepted, and opened when dropped. */
    public void acceptDrops(Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(this::dropped);
    }

    private void dropped(DragEvent e) {
        List<File> files = e.getDragboard().hasFiles() ? e.getDragboard().getFiles() : List.of();
        for (File f : files) {
            open(f.toPath());
        }
        e.setDropCompleted(!files.isEmpty());
        e.consume();
    }
}
