package io.h2scope.inspector.view;

import java.util.List;

import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.input.MouseButton;

/**
 * Zoom and pan on the time axis of charts that share it: the wheel zooms around the time under the mouse, a drag
 * pans, a double click shows everything again. The charts' time axes always show the same stretch.
 */
final class TimeZoom {

    /** One wheel notch narrows (or widens) the shown stretch by this factor. */
    static final double STEP = 1.25;
    /** The narrowest stretch shown, in nanoseconds (a microsecond: finer than the trace's clock says nothing). */
    static final double MIN_SPAN = 1_000;

    private final List<? extends XYChart<Number, Number>> charts;
    private double dragFrom = Double.NaN;

    TimeZoom(List<? extends XYChart<Number, Number>> charts) {
        this.charts = charts;
        for (XYChart<Number, Number> chart : charts) {
            NumberAxis axis = axis(chart);
            chart.setOnScroll(e -> {
                if (e.getDeltaY() != 0) {
                    zoom(at(axis, e.getSceneX(), e.getSceneY()), e.getDeltaY() > 0 ? 1 / STEP : STEP);
                    e.consume();
                }
            });
            chart.setOnMousePressed(e -> dragFrom = at(axis, e.getSceneX(), e.getSceneY()));
            chart.setOnMouseDragged(e -> {
                if (!Double.isNaN(dragFrom) && zoomed()) {
                    pan(dragFrom - at(axis, e.getSceneX(), e.getSceneY()));
                }
            });
            chart.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                    reset();
                }
            });
        }
    }

    private static NumberAxis axis(XYChart<Number, Number> chart) {
        return (NumberAxis) chart.getXAxis();
    }

    /** The time under a point of the scene, on {@code axis}. */
    private static double at(NumberAxis axis, double sceneX, double sceneY) {
        return axis.getValueForDisplay(axis.sceneToLocal(sceneX, sceneY).getX()).doubleValue();
    }

    /** Whether a stretch is chosen (else each axis fits its data). */
    boolean zoomed() {
        return !axis(charts.get(0)).isAutoRanging();
    }

    /** Shows {@code factor} times the stretch shown now, {@code centre} staying where it is on the axis. */
    void zoom(double centre, double factor) {
        NumberAxis first = axis(charts.get(0));
        double lower = first.getLowerBound();
        double upper = first.getUpperBound();
        double span = Math.max(MIN_SPAN, (upper - lower) * factor);
        double share = upper > lower ? (centre - lower) / (upper - lower) : 0.5;
        show(centre - span * share, centre - span * share + span);
    }

    /** Moves the stretch shown by {@code nanos} (later when positive). */
    void pan(double nanos) {
        NumberAxis first = axis(charts.get(0));
        show(first.getLowerBound() + nanos, first.getUpperBound() + nanos);
    }

    /** Every axis fits its data again. */
    void reset() {
        for (XYChart<Number, Number> chart : charts) {
            axis(chart).setAutoRanging(true);
        }
    }

    void show(double lower, double upper) {
        for (XYChart<Number, Number> chart : charts) {
            NumberAxis axis = axis(chart);
            axis.setAutoRanging(false);
            axis.setLowerBound(lower);
            axis.setUpperBound(upper);
            axis.setTickUnit((upper - lower) / 8);
        }
    }
}
