package io.h2scope.inspector.view;

import io.h2scope.inspector.model.DetailNode;
import io.h2scope.inspector.model.FrameDetail;
import io.h2scope.inspector.model.Recording;

import java.util.function.Consumer;

import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/**
 * The selected frame as a tree ({@link FrameDetail}): header, flags by name, each payload field, a field block line
 * by line with its HPACK representation, index and Huffman coding, error codes and the errors before the frame
 * explained with their RFC sections. Selecting a node hands its octets to whoever listens (the bytes pane).
 */
public final class FrameDetailView {

    private final Recording recording;
    private final TreeView<DetailNode> tree = new TreeView<>();
    private Consumer<DetailNode> onField = node -> { };

    public FrameDetailView(Recording recording, Selection selection) {
        this.recording = recording;
        tree.setId("frame-detail");
        tree.setShowRoot(true);
        tree.setCellFactory(t -> new TreeCell<>() {
            @Override
            protected void updateItem(DetailNode node, boolean empty) {
                super.updateItem(node, empty);
                setMnemonicParsing(false);
                setText(empty || node == null ? null : node.text());
            }
        });
        tree.getSelectionModel().selectedItemProperty().addListener((o, old, item) -> {
            if (item != null) {
                onField.accept(item.getValue());
            }
        });
        selection.frameProperty().addListener((o, old, frame) -> show(frame));
        show(selection.frameProperty().get());
    }

    /** {@code listener} is told the node the user selects (the frame's root when a frame is shown). */
    public void onFieldSelected(Consumer<DetailNode> listener) {
        this.onField = listener;
    }

    private void show(Integer frame) {
        if (frame == null || frame < 0 || frame >= recording.frameCount()) {
            tree.setRoot(null);
            return;
        }
        TreeItem<DetailNode> root = item(FrameDetail.of(recording, frame), 0);
        tree.setRoot(root);
        tree.getSelectionModel().select(root);
    }

    /** Headings open two levels down (header, payload, a field block's lines); explanations stay folded. */
    private static TreeItem<DetailNode> item(DetailNode node, int depth) {
        TreeItem<DetailNode> item = new TreeItem<>(node);
        for (DetailNode child : node.children()) {
            item.getChildren().add(item(child, depth + 1));
        }
        item.setExpanded(depth < 2 || "Field Block".equals(node.name()) || "Before this frame".equals(node.name()));
        return item;
    }

    public TreeView<DetailNode> node() {
        return tree;
    }
}
