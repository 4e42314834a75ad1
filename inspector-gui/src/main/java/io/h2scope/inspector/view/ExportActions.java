package io.h2scope.inspector.view;

import io.h2scope.inspector.export.FrameOctets;
import io.h2scope.inspector.export.JsonlExport;
import io.h2scope.inspector.export.PcapngExport;
import io.h2scope.inspector.model.Recording;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;

/**
 * The window's export actions: File > Save as JSONL, File > Export pcapng, Edit > Copy frame as hex. Each tells the
 * user in one line what it did or what went wrong (through {@code say}, the status line).
 */
final class ExportActions {

    private final Recording recording;
    private final Selection selection;
    private final Node owner;
    private final Consumer<String> say;

    ExportActions(Recording recording, Selection selection, Node owner, Consumer<String> say) {
        this.recording = recording;
        this.selection = selection;
        this.owner = owner;
        this.say = say;
    }

    MenuItem saveJsonl() {
        MenuItem item = new MenuItem("Save as JSONL...");
        item.setMnemonicParsing(false);
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+S"));
        item.setOnAction(e -> choose("Save as JSONL", "trace.jsonl", "*.jsonl").ifPresent(this::saveJsonl));
        return item;
    }

    MenuItem exportPcapng() {
        MenuItem item = new MenuItem("Export pcapng...");
        item.setMnemonicParsing(false);
        item.setOnAction(e -> choose("Export pcapng", "trace.pcapng", "*.pcapng").ifPresent(this::exportPcapng));
        return item;
    }

    MenuItem copyHex() {
        MenuItem item = new MenuItem("Copy frame as hex");
        item.setMnemonicParsing(false);
        item.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+C"));
        item.setOnAction(e -> copySelectedFrameAsHex());
        return item;
    }

    void saveJsonl(Path path) {
        try {
            say.accept(JsonlExport.save(recording, path) + " events saved to " + path);
        } catch (IOException e) {
            say.accept("cannot save " + path + ": " + e.getMessage() + "; pick a folder you can write to");
        }
    }

    void exportPcapng(Path path) {
        try {
            int frames = PcapngExport.save(recording, path);
            say.accept(frames + " frames exported to " + path + " (tshark -d tcp.port==" + PcapngExport.SERVER_PORT
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
        String hex = FrameOctets.hex(recording.frame(frame));
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
