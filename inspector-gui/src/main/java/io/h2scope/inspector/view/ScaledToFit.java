package io.h2scope.inspector.view;

import javafx.scene.Group;
import javafx.scene.layout.Region;
import javafx.scene.transform.Scale;

/**
 * A drawing of a fixed size (the §5.1 state diagram) scaled to fill whatever room its pane has, keeping its
 * proportions and centred: smaller in a small window, larger in a large one, never cut nor needing a scroll bar.
 */
final class ScaledToFit extends Region {

    private final Region drawing;
    private final Group holder;
    private final Scale scale = new Scale(1, 1, 0, 0);

    ScaledToFit(Region drawing) {
        this.drawing = drawing;
        this.holder = new Group(drawing);
        drawing.getTransforms().add(scale);
        getChildren().add(holder);
        setMinSize(0, 0);
    }

    /** The factor the drawing is drawn at now. */
    double factor() {
        return scale.getX();
    }

    @Override
    protected double computePrefWidth(double height) {
        return drawing.prefWidth(-1);
    }

    @Override
    protected double computePrefHeight(double width) {
        return drawing.prefHeight(-1);
    }

    @Override
    protected void layoutChildren() {
        double w = drawing.prefWidth(-1);
        double h = drawing.prefHeight(-1);
        drawing.resize(w, h);
        double factor = Math.max(0.05, Math.min(getWidth() / w, getHeight() / h));
        scale.setX(factor);
        scale.setY(factor);
        holder.relocate((getWidth() - w * factor) / 2, (getHeight() - h * factor) / 2);
    }
}
