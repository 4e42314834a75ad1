package io.h2scope.inspector.view;

import io.h2scope.inspector.export.ExportScope;
import io.h2scope.inspector.export.FrameHex;
import io.h2scope.inspector.export.JsonlExport;
import io.h2scope.inspector.export.PcapngExport;
import io.h2scope.inspector.model.filter.FilteredFrames;
import io.h2scope.inspector.model.Recording;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;

/**
 * The window's export actions: File > Save as JSONL, File > Export pcapng, Edit > Copy frame as hex. The two file
 * exports write what the frame list shows ({@link ExportScope}), and their dialogs say which. Each tells the user in
 * one line what it did or what went wrong (through {@code say}, the status line).
 */
final class ExportActions {

    private final Recording recording;
    private final Supplier<FilteredFrames> shown;
    private final Selection selection;
    private final Node owner;
    private final Consumer<String> say;

    ExportActions(Recording recording, Supplier<FilteredFrames> shown, Selection selection, Node owner,
            Consumer<String> say) {
        this.recording = recording;
        this.shown = shown;
        this.selection = selection;
        this.owner = owner;
        this.say = say;
    }

    MenuItem saveJsonl() {
        MenuItem item = new MenuItem("Save as JSONL...");
        item.setMnemonicParsing(false);
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+S"));
        item.setOnAction(e -> {
            ExportScope scope = scope();
            choose("Save as JSONL: " + scope.jsonlWords(), "trace.jsonl", "*.jsonl").ifPresent(p -> saveJsonl(scope, p));
        });
        return item;
    }

    MenuItem exportPcapng() {
        MenuItem item = new MenuItem("Export pcapng...");
        item.setMnemonicParsing(false);
        item.setOnAction(e -> {
            ExportScope scope = scope();
            choose("Export pcapng: " + scope.pcapngWords(), "trace.pcapng", "*.pcapng")
                    .ifPresent(p -> exportPcapng(scope, p));
        });
        return item;
    }

    MenuItem copyHex() {
        MenuItem item = new MenuItem("Copy frame as hex");
        item.setMnemonicParsing(false);
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+C"));
        item.setOnAction(e -> copySelectedFrameAsHex());
        return item;
    }

    /** What the frame list shows now: what the exports write. */
    ExportScope scope() {
        return ExportScope.of(recording, shown.get());
    }

    void saveJsonl(ExportScope scope, Path path) {
        try {
            say.accept(JsonlExport.save(recording, scope, path) + " events of " + scope.jsonlWords() + " saved to "
                    + path);
        } catch (IOException e) {
            say.accept("cannot save " + path + ": " + e.getMessage() + "; pick a folder you can write to");
        }
    }

    void exportPcapng(ExportScope scope, Path path) {
        try {
            int frames = PcapngExport.save(recording, scope, path);
            say.accept(frames + " frames (" + scope.pcapngWords() + ") exported to " + path + " (tshark -d tcp.port==" + PcapngExport.SERVER_PORT
                    + ",http2 -r " + path.getFileName() + ")");
        } catch (IOException e) {
            say.accept("cannot export " + path + ": " + e.getMessage() + "; pick a folder you can write to");
        }
    }

    /** FX thread: the selected frame's octets as hex on the clipboard; returns them, or null with no frame selected. */
    String copySelectedFrameAsHex() {
        Integer frame = selection.frameProperty().get();
        if (frame == null || frame < 0 || frame >= recording.frameCount()) {
            say.accept("select a frame first, then copy it as hex");
            return null;
        }
        String hex = FrameHex.hex(recording.frame(frame));
        ClipboardContent content = new ClipboardContent();
        content.putString(hex);
        Clipboard.getSystemClipboard().setContent(content);
        say.accept("frame " + frame + " copied as hex (" + (hex.length() + 1) / 3 + " octets)");
        return hex;
    }

    private java.util.Optional<Path> choose(String title, String name, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(pattern, pattern));
        File file = chooser.showSaveDialog(owner.getScene() == null ? null : owner.getScene().getWindow());
        return java.util.Optional.ofNullable(file).map(File::toPath);
    }
}
