package io.h2scope.inspector.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;

/**
 * The layout check of the layout tests: the shown controls under a node (a label, field, button, check box, choice,
 * table, tree, text area: each one control, not looked into), and which of them overlap another, are drawn below their
 * minimum height or lie outside the area that shows them (the window, a split pane's part, a tab's content, what a
 * scroll pane scrolls: only its viewport's part is drawn to overlap). Split panes, tab panes and scroll panes are
 * looked into: a scroll pane must lie in its area too, what it scrolls is compared with the rest.
 */
final class ControlLayout {

    private ControlLayout() {
    }

    /** The controls under {@code top} that are shown, each with the area that shows it (at most the window). */
    static List<Shown> shown(Node top) {
        List<Shown> shown = new ArrayList<>();
        Bounds window = new BoundingBox(0, 0, top.getScene().getWidth(), top.getScene().getHeight());
        Bounds area = within(sceneBounds(top), window);
        collect(top, area, area, shown);
        return shown;
    }

    /** What is wrong with {@code shown}: one line a control that overlaps another, is squeezed or lies outside. */
    static List<String> problems(List<Shown> shown) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Shown a = shown.get(i);
            if (a.bounds.getHeight() < a.control.minHeight(-1) - 0.5) {
                found.add(a + " is drawn " + a.bounds.getHeight() + " high, below its minimum " + a.control.minHeight(-1));
            }
            if (!inside(a.bounds, a.area)) {
                found.add(a + " lies outside " + String.format("[%.0f,%.0f %.0fx%.0f]", a.area.getMinX(),
                        a.area.getMinY(), a.area.getWidth(), a.area.getHeight()));
            }
            for (Shown b : shown.subList(i + 1, shown.size())) {
                if (holds(a.control, b.control) || holds(b.control, a.control)) {
                    continue; // a scroll pane and what it scrolls
                }
                Bounds p = a.drawn();
                Bounds q = b.drawn();
                double across = Math.min(p.getMaxX(), q.getMaxX()) - Math.max(p.getMinX(), q.getMinX());
                double down = Math.min(p.getMaxY(), q.getMaxY()) - Math.max(p.getMinY(), q.getMinY());
                if (across > 0.5 && down > 0.5) {
                    found.add(a + " overlaps " + b);
                }
            }
        }
        return found;
    }

    /**
     * Adds the controls under {@code node}: each must lie in {@code area}, and only its part in {@code seen} is drawn
     * (what a scroll pane scrolls must lie in the content, but only its viewport's part can overlap another).
     */
    private static void collect(Node node, Bounds area, Bounds seen, List<Shown> into) {
        if (!node.isVisible()) { // (the views hide what they unmanage; a skin places parts of its own unmanaged)
            return;
        }
        if (node instanceof ScrollPane scroller) {
            into.add(new Shown(scroller, sceneBounds(scroller), area, seen)); // itself in its area, its content apart
            Node content = scroller.getContent();
            if (content != null) {
                collect(content, sceneBounds(content), within(sceneBounds(scroller), seen), into);
            }
        } else if (node instanceof SplitPane split) {
            for (Node item : split.getItems()) {
                Bounds part = within(sceneBounds(item.getParent()), seen); // the part of the split that shows it
                collect(item, part, part, into);
            }
        } else if (node instanceof TabPane tabs) {
            for (Node child : tabs.getChildrenUnmodifiable()) { // the tabs' titles; then the tab shown
                if (!child.getStyleClass().contains("tab-content-area")) {
                    collect(child, area, seen, into);
                }
            }
            var tab = tabs.getSelectionModel().getSelectedItem();
            if (tab != null && tab.getContent() != null) {
                Bounds part = within(sceneBounds(tab.getContent().getParent()), seen);
                collect(tab.getContent(), part, part, into);
            }
        } else if (node instanceof Control control) {
            into.add(new Shown(control, sceneBounds(control), area, seen));
        } else if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, area, seen, into);
            }
        }
    }

    /** Whether {@code inner} is under {@code outer} (what a scroll pane scrolls). */
    private static boolean holds(Node outer, Node inner) {
        for (Node n = inner.getParent(); n != null; n = n.getParent()) {
            if (n == outer) {
                return true;
            }
        }
        return false;
    }

    /** The part of {@code b} in {@code area} (empty: a box of no size at its corner). */
    private static Bounds within(Bounds b, Bounds area) {
        double minX = Math.max(b.getMinX(), area.getMinX());
        double minY = Math.max(b.getMinY(), area.getMinY());
        double maxX = Math.max(minX, Math.min(b.getMaxX(), area.getMaxX()));
        double maxY = Math.max(minY, Math.min(b.getMaxY(), area.getMaxY()));
        return new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    private static Bounds sceneBounds(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }

    private static boolean inside(Bounds b, Bounds area) {
        return b.getMinX() >= area.getMinX() - 0.5 && b.getMaxX() <= area.getMaxX() + 0.5
                && b.getMinY() >= area.getMinY() - 0.5 && b.getMaxY() <= area.getMaxY() + 0.5;
    }

    /** A control as laid out, in scene coordinates, the area it must lie in and the part of the scene that shows it. */
    record Shown(Control control, Bounds bounds, Bounds area, Bounds seen) {

        /** The part of it that is drawn (a scroll pane's viewport cuts what it scrolls). */
        Bounds drawn() {
            return within(bounds, seen);
        }

        @Override
        public String toString() {
            String text = control instanceof Labeled l ? " \"" + l.getText() + "\"" : "";
            return control.getClass().getSimpleName() + (control.getId() == null ? "" : "#" + control.getId()) + text
                    + String.format(" [%.0f,%.0f %.0fx%.0f]", bounds.getMinX(), bounds.getMinY(), bounds.getWidth(),
                    bounds.getHeight());
        }
    }
}
