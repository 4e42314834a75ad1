package io.h2scope.inspector.view;

import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.model.IllegalAttempt;
import io.h2scope.inspector.model.StateDiagram;
import io.h2scope.inspector.model.StateDiagram.Edge;
import io.h2scope.inspector.model.StateDiagram.Step;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * The RFC 9113 §5.1 stream state diagram drawn with shapes, laid out as the RFC draws it, with one stream's
 * timeline on it: the states it visited filled, the edges it took thickened and numbered in order, the state it is
 * in now outlined, and each illegal attempt marked with a red cross at the state it was attempted from.
 * Nodes carry ids ({@code state-open}) and style classes ({@code visited}, {@code current}, {@code taken},
 * {@code illegal}) so that tests and style sheets can find them.
 */
final class StateDiagramPane {

    private static final double BOX_W = 120;
    private static final double BOX_H = 32;
    // as in the RFC's figure, the reserved states reach closed around the outside; the implicit edge runs outside those
    private static final double LEFT_X = 25;
    private static final double RIGHT_X = 595;
    private static final double OUTSIDE_X = 640;
    private static final Color VISITED = Color.web("#cfe3ff");
    private static final Color TAKEN = Color.web("#1f5fbf");
    private static final Color ILLEGAL = Color.web("#c62828");

    private static final Map<StreamState, Point2D> CENTRES = new EnumMap<>(StreamState.class);

    static {
        CENTRES.put(StreamState.IDLE, new Point2D(310, 30));
        CENTRES.put(StreamState.RESERVED_LOCAL, new Point2D(110, 95));
        CENTRES.put(StreamState.RESERVED_REMOTE, new Point2D(510, 95));
        CENTRES.put(StreamState.OPEN, new Point2D(310, 165));
        CENTRES.put(StreamState.HALF_CLOSED_REMOTE, new Point2D(110, 240));
        CENTRES.put(StreamState.HALF_CLOSED_LOCAL, new Point2D(510, 240));
        CENTRES.put(StreamState.CLOSED, new Point2D(310, 320));
    }

    private final Pane pane = new Pane();
    private final Map<StreamState, Rectangle> boxes = new EnumMap<>(StreamState.class);
    private final Map<Edge, Path> edgePaths = new LinkedHashMap<>();
    private final Group marks = new Group();

    StateDiagramPane() {
        pane.setId("state-diagram");
        pane.setPrefSize(OUTSIDE_X + 170, 350);
        pane.setMinSize(OUTSIDE_X + 170, 350);
        for (Edge e : StateDiagram.EDGES) {
            edgePaths.put(e, drawEdge(e, pane.getChildren()));
        }
        for (StreamState s : StreamState.values()) {
            drawState(s);
        }
        pane.getChildren().add(marks);
    }

    Pane node() {
        return pane;
    }

    /** The box of a state (tests read its style classes). */
    Rectangle box(StreamState state) {
        return boxes.get(state);
    }

    /** The states drawn as visited now. */
    List<StreamState> visitedStates() {
        return boxes.entrySet().stream().filter(b -> b.getValue().getStyleClass().contains("visited"))
                .map(Map.Entry::getKey).collect(Collectors.toList());
    }

    /** Shows one stream's steps and illegal attempts (both empty: the bare diagram). */
    void show(List<Step> steps, List<IllegalAttempt> attempts, StreamState now) {
        marks.getChildren().clear();
        boxes.values().forEach(b -> {
            b.getStyleClass().removeAll("visited", "current", "illegal");
            b.setFill(Color.WHITE);
            b.setStroke(Color.GRAY);
            b.setStrokeWidth(1);
        });
        edgePaths.values().forEach(p -> {
            p.getStyleClass().remove("taken");
            p.setStroke(Color.GRAY);
            p.setStrokeWidth(1);
        });
        Map<Edge, List<Integer>> numbers = new LinkedHashMap<>();
        for (Step s : steps) {
            mark(boxes.get(s.edge().from()), "visited");
            mark(boxes.get(s.edge().to()), "visited");
            numbers.computeIfAbsent(s.edge(), e -> new ArrayList<>()).add(s.step());
        }
        numbers.forEach((edge, steps1) -> {
            Path path = edgePaths.containsKey(edge) ? edgePaths.get(edge) : drawAdHocEdge(edge);
            path.getStyleClass().add("taken");
            path.setStroke(TAKEN);
            path.setStrokeWidth(3);
            Point2D at = labelPoint(edge);
            Text n = text(steps1.stream().map(String::valueOf).collect(Collectors.joining(", ")), at.getX() - 14,
                    at.getY() + 13, TAKEN, true);
            n.getStyleClass().add("step-number");
            marks.getChildren().add(n);
        });
        if (!steps.isEmpty()) {
            Rectangle current = boxes.get(now);
            current.getStyleClass().add("current");
            current.setStroke(TAKEN);
            current.setStrokeWidth(3);
        }
        Map<StreamState, Long> illegalPerState = attempts.stream()
                .collect(Collectors.groupingBy(IllegalAttempt::state, LinkedHashMap::new, Collectors.counting()));
        illegalPerState.forEach((state, count) -> {
            Rectangle box = boxes.get(state);
            box.getStyleClass().add("illegal");
            box.setStroke(ILLEGAL);
            box.setStrokeWidth(3);
            Point2D c = CENTRES.get(state);
            Text cross = text("\u2717 " + count + " illegal", c.getX() + BOX_W / 2 + 4, c.getY() - BOX_H / 2 - 2,
                    ILLEGAL, true);
            cross.getStyleClass().add("illegal-mark");
            marks.getChildren().add(cross);
        });
    }

    private static void mark(Rectangle box, String styleClass) {
        if (!box.getStyleClass().contains(styleClass)) {
            box.getStyleClass().add(styleClass);
        }
        box.setFill(VISITED);
    }

    private void drawState(StreamState s) {
        Point2D c = CENTRES.get(s);
        Rectangle box = new Rectangle(c.getX() - BOX_W / 2, c.getY() - BOX_H / 2, BOX_W, BOX_H);
        box.setArcWidth(10);
        box.setArcHeight(10);
        box.setFill(Color.WHITE);
        box.setStroke(Color.GRAY);
        box.setId("state-" + s.name().toLowerCase().replace('_', '-'));
        boxes.put(s, box);
        Text name = text(TraceText.state(s).replace('_', ' '), c.getX(), c.getY(), Color.BLACK, true);
        name.setTextAlignment(TextAlignment.CENTER);
        name.setTextOrigin(VPos.CENTER);
        name.setX(c.getX() - name.getLayoutBounds().getWidth() / 2);
        name.setMouseTransparent(true);
        pane.getChildren().addAll(box, name);
    }

    /** The points an edge passes: straight between the boxes, or around the right-hand side for the implicit edge. */
    private static List<Point2D> route(Edge e) {
        Point2D a = CENTRES.get(e.from());
        Point2D b = CENTRES.get(e.to());
        List<Point2D> points = new ArrayList<>(2);
        if (e.to() == StreamState.CLOSED && e.from() == StreamState.IDLE) {
            return around(a, b, OUTSIDE_X, +1, 9);
        }
        if (e.to() == StreamState.CLOSED && e.from() == StreamState.RESERVED_LOCAL) {
            return around(a, b, LEFT_X, -1, 0);
        }
        if (e.to() == StreamState.CLOSED && e.from() == StreamState.RESERVED_REMOTE) {
            return around(a, b, RIGHT_X, +1, -6);
        }
        points.add(border(a, b));
        points.add(border(b, a));
        return points;
    }

    /**
     * From the side of box {@code a} out to {@code x}, down, and into the same side of box {@code b}, {@code dy}
     * off its middle (two edges that arrive on one side stay apart).
     */
    private static List<Point2D> around(Point2D a, Point2D b, double x, int side, double dy) {
        return List.of(new Point2D(a.getX() + side * BOX_W / 2, a.getY()), new Point2D(x, a.getY()),
                new Point2D(x, b.getY() + dy), new Point2D(b.getX() + side * BOX_W / 2, b.getY() + dy));
    }

    /** Where the line from the centre of box {@code from} towards {@code to} leaves the box. */
    private static Point2D border(Point2D from, Point2D to) {
        double dx = to.getX() - from.getX();
        double dy = to.getY() - from.getY();
        double t = Math.min(dx == 0 ? Double.MAX_VALUE : (BOX_W / 2) / Math.abs(dx),
                dy == 0 ? Double.MAX_VALUE : (BOX_H / 2) / Math.abs(dy));
        return new Point2D(from.getX() + dx * t, from.getY() + dy * t);
    }

    private static Point2D labelPoint(Edge e) {
        List<Point2D> points = route(e);
        int middle = (points.size() - 1) / 2;
        return points.get(middle).midpoint(points.get(middle + 1));
    }

    private Path drawEdge(Edge e, List<Node> into) {
        List<Point2D> points = route(e);
        Path path = new Path(new MoveTo(points.get(0).getX(), points.get(0).getY()));
        for (int i = 1; i < points.size(); i++) {
            path.getElements().add(new LineTo(points.get(i).getX(), points.get(i).getY()));
        }
        path.setStroke(Color.GRAY);
        if (e.implicit()) {
            path.getStrokeDashArray().setAll(6.0, 4.0);
        }
        path.setId("edge-" + e.from().name().toLowerCase() + "-" + e.to().name().toLowerCase());
        Point2D end = points.get(points.size() - 1);
        Point2D before = points.get(points.size() - 2);
        Polygon head = arrowHead(before, end);
        head.fillProperty().bind(path.strokeProperty());
        Point2D at = labelPoint(e);
        Text label = text(e.label(), at.getX() + 4, at.getY() - 3, Color.DIMGRAY, false);
        into.addAll(List.of(path, head, label));
        return path;
    }

    /** A move the diagram has no edge for: a dashed straight line, among the marks of the stream shown. */
    private Path drawAdHocEdge(Edge e) {
        Path p = drawEdge(e, marks.getChildren());
        p.getStrokeDashArray().setAll(3.0, 3.0);
        return p;
    }

    private static Polygon arrowHead(Point2D from, Point2D tip) {
        Point2D d = tip.subtract(from).normalize();
        Point2D n = new Point2D(-d.getY(), d.getX());
        Point2D base = tip.subtract(d.multiply(9));
        Point2D l = base.add(n.multiply(4));
        Point2D r = base.subtract(n.multiply(4));
        return new Polygon(tip.getX(), tip.getY(), l.getX(), l.getY(), r.getX(), r.getY());
    }

    private static Text text(String s, double x, double y, Color colour, boolean bold) {
        Text t = new Text(x, y, s);
        t.setFill(colour);
        t.setFont(Font.font("System", bold ? FontWeight.BOLD : FontWeight.NORMAL, 11));
        return t;
    }
}
