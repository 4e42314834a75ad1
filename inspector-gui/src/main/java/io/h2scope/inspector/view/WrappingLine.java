package io.h2scope.inspector.view;

import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.FlowPane;

/**
 * A line of controls that wraps only when its pane is narrower than the line. It asks for the width of its children
 * side by side (a FlowPane's own wish is its wrap length, 400 by default), and for the height it takes at the width
 * it was last given, with no content bias: a grid pane asks a biased child its height at a width of its own guessing,
 * and a row of the wrong height overlaps the next. A new width lays it out again, at its new height.
 */
final class WrappingLine extends FlowPane {

    WrappingLine() {
        super(6, 4);
        setRowValignment(VPos.BASELINE);
        prefWrapLengthProperty().bind(Bindings.createDoubleBinding(
                () -> getWidth() > 0 ? getWidth() - snappedLeftInset() - snappedRightInset() : Double.MAX_VALUE,
                widthProperty(), insetsProperty()));
    }

    @Override
    public Orientation getContentBias() {
        return null;
    }

    @Override
    protected double computeMinWidth(double height) {
        double widest = 0;
        for (Node child : getManagedChildren()) {
            widest = Math.max(widest, child.prefWidth(-1)); // wrapped, each on a line of its own
        }
        return snappedLeftInset() + widest + snappedRightInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        double width = snappedLeftInset() + snappedRightInset();
        int shown = 0;
        for (Node child : getManagedChildren()) {
            width += child.prefWidth(-1);
            shown++;
        }
        return width + Math.max(0, shown - 1) * getHgap();
    }
}
