package io.h2scope.inspector.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Cell;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.TreeView;
import javafx.scene.text.Text;

/**
 * What a user cannot read in a laid-out scene: a control whose label is drawn cut short ("Ru..." for "Run"), or that
 * lies partly outside the window. A Labeled draws its text through a Text child (the skin's LabeledText): when that
 * differs from the Labeled's own text, it was elided. Cells of tables and lists are left out (a long summary in a
 * column is cut by design), and so is what is not shown (a hidden tab's content); what a scroll pane or a table
 * holds may lie outside the window (it scrolls into view), but not be cut.
 */
final class Elision {

    private Elision() {
    }

    /** One line per control that is cut or outside the scene, naming it and what it shows. */
    static List<String> problems(Scene scene) {
        List<String> found = new ArrayList<>();
        walk(scene.getRoot(), scene, false, found);
        return found;
    }

    private static void walk(Node node, Scene scene, boolean scrolls, List<String> found) {
        if (!node.isVisible() || node instanceof Cell<?>) {
            return;
        }
        boolean inScroller = scrolls || node instanceof ScrollPane || node instanceof TableView<?>
                || node instanceof ListView<?> || node instanceof TreeView<?> || node instanceof TreeTableView<?>;
        if (node instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            String drawn = drawn(l);
            String name = l.getClass().getSimpleName() + (l.getId() == null ? "" : "#" + l.getId()) + " \"" + l.getText() + "\"";
            if (drawn != null && !drawn.equals(l.getText())) {
                found.add(name + " drawn as \"" + drawn + "\" (width " + l.getWidth() + ", needs " + l.prefWidth(-1) + ")");
            }
            Bounds b = l.localToScene(l.getBoundsInLocal());
            if (!inScroller && (b.getMaxX() > scene.getWidth() + 1 || b.getMaxY() > scene.getHeight() + 1 || b.getMinX() < -1
                    || b.getMinY() < -1)) { // what scrolls into view may lie outside
                found.add(name + " lies outside the window: " + b);
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                walk(child, scene, inScroller, found);
            }
        }
    }

    /** The text the skin draws, or null before it has a skin. */
    private static String drawn(Labeled l) {
        for (Node child : l.getChildrenUnmodifiable()) {
            if (child instanceof Text t) {
                return t.getText();
            }
        }
        return null;
    }
}
