package io.h2scope.inspector.view;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.PathElement;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;

/**
 * A line chart over time with marks on its time axis: vertical lines (a SETTINGS that changed the initial window,
 * the selected frame's time) and shaded stretches (a window stalled at zero). The marks are plot children,
 * placed again at every layout so they stay on their times when the axes move.
 */
final class MarkedLineChart extends LineChart<Number, Number> {

    /** A vertical line at one time, with a short label at its top. */
    record TimeMark(long x, String label, String styleClass, Line line, Text text) {
    }

    /** A shaded stretch of time between two x values. */
    record TimeRange(long from, long to, String styleClass, Rectangle shade) {
    }

    private final List<TimeMark> marks = new ArrayList<>();
    private final List<TimeRange> ranges = new ArrayList<>();

    MarkedLineChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        setAnimated(false);
        setCreateSymbols(false);
    }

    void clearMarks(String styleClass) {
        marks.removeIf(m -> {
            boolean match = m.styleClass().equals(styleClass);
            if (match) {
                getPlotChildren().removeAll(m.line(), m.text());
            }
            return match;
        });
        ranges.removeIf(r -> {
            boolean match = r.styleClass().equals(styleClass);
            if (match) {
                getPlotChildren().remove(r.shade());
            }
            return match;
        });
    }

    void addMark(long x, String label, String styleClass, Color colour) {
        Line line = new Line();
        line.getStyleClass().add(styleClass);
        line.setStroke(colour);
        line.getStrokeDashArray().setAll(5.0, 3.0);
        line.setMouseTransparent(true);
        Text text = new Text(label);
        text.setFill(colour);
        text.setMouseTransparent(true);
        TimeMark mark = new TimeMark(x, label, styleClass, line, text);
        marks.add(mark);
        getPlotChildren().addAll(line, text);
        requestChartLayout();
    }

    void addRange(long from, long to, String styleClass, Color colour) {
        Rectangle shade = new Rectangle();
        shade.getStyleClass().add(styleClass);
        shade.setFill(colour.deriveColor(0, 1, 1, 0.25));
        shade.setMouseTransparent(true);
        ranges.add(new TimeRange(from, to, styleClass, shade));
        getPlotChildren().add(0, shade);
        requestChartLayout();
    }

    /**
     * A window keeps its size until the next change, so each series is drawn as steps (across, then up or down)
     * through its points rather than as slopes between them.
     */
    private static void drawSteps(Path path, Series<Number, Number> series, NumberAxis x, NumberAxis y) {
        List<PathElement> steps = new ArrayList<>(series.getData().size() * 2);
        double lastY = 0;
        for (Data<Number, Number> d : series.getData()) {
            double px = x.getDisplayPosition(d.getXValue());
            double py = y.getDisplayPosition(d.getYValue());
            if (steps.isEmpty()) {
                steps.add(new MoveTo(px, py));
            } else {
                steps.add(new LineTo(px, lastY));
                steps.add(new LineTo(px, py));
            }
            lastY = py;
        }
        path.getElements().setAll(steps);
    }

    /** The marks with {@code styleClass}, in the order added. */
    List<TimeMark> marks(String styleClass) {
        return marks.stream().filter(m -> m.styleClass().equals(styleClass)).toList();
    }

    List<TimeRange> ranges(String styleClass) {
        return ranges.stream().filter(r -> r.styleClass().equals(styleClass)).toList();
    }

    /** The band at the top of the plot that holds the marks' labels, in pixels: three rows of text. */
    static final double LABEL_BAND = 12 + 13 * 3;

    /**
     * The value axis fits the lines below the band of the marks' labels, so a label is never drawn over a line (an
     * axis the user set is left alone).
     */
    @Override
    protected void updateAxisRange() {
        super.updateAxisRange();
        NumberAxis y = (NumberAxis) getYAxis();
        if (!y.isAutoRanging()) { // reserved with or without marks: the selected frame's may come at any time
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series<Number, Number> series : getData()) {
            for (Data<Number, Number> d : series.getData()) {
                double v = d.getYValue().doubleValue();
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (min > max) {
            return;
        }
        min = Math.min(min, 0);
        double share = Math.min(0.5, LABEL_BAND / Math.max(1, y.getHeight()));
        double top = (max - share * min) / (1 - share);
        y.invalidateRange(List.of(min, Math.max(top, max + 1)));
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        NumberAxis x = (NumberAxis) getXAxis();
        NumberAxis y = (NumberAxis) getYAxis();
        for (Series<Number, Number> series : getData()) {
            if (series.getNode() instanceof Path path) {
                drawSteps(path, series, x, y);
            }
        }
        double top = 0;
        double bottom = y.getHeight();
        int row = 0;
        for (TimeMark m : marks) {
            double at = x.getDisplayPosition(m.x());
            boolean inside = at >= 0 && at <= x.getWidth(); // a mark outside the axis' range is not drawn beside it
            m.line().setVisible(inside);
            m.text().setVisible(inside);
            m.line().setStartX(at);
            m.line().setEndX(at);
            m.line().setStartY(top);
            m.line().setEndY(bottom);
            double width = m.text().getLayoutBounds().getWidth();
            // right of its line, or left of it where the right would run off the plot
            m.text().setX(at + 3 + width > x.getWidth() ? Math.max(0, at - 3 - width) : at + 3);
            m.text().setY(top + 12 + 13 * (inside ? row++ % 3 : 0)); // labels of marks close in time stay readable
        }
        for (TimeRange r : ranges) {
            double from = x.getDisplayPosition(r.from());
            double to = Math.max(from + 2, x.getDisplayPosition(r.to()));
            r.shade().setX(from);
            r.shade().setWidth(to - from);
            r.shade().setY(top);
            r.shade().setHeight(bottom);
        }
    }
}
