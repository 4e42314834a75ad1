package io.h2scope.inspector.view;

import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Text;

/**
 * Read-only table columns whose cells are computed from the row when shown (the tables hold no copies), never
 * narrower than their title: a header cut to "Frames ..." says nothing.
 */
final class Columns {

    /** The header's room around its title (padding and the sort arrow's place), in pixels. */
    private static final double HEADER_PADDING = 24;

    private Columns() {
    }

    static <R, T> TableColumn<R, T> of(String title, double width, Function<R, T> value) {
        TableColumn<R, T> c = new TableColumn<>(title);
        double header = titleWidth(title);
        c.setMinWidth(header);
        c.setPrefWidth(Math.max(width, header));
        c.setSortable(false);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }

    /** The width a header needs to show {@code title} whole (a column's title may change: the Time column's does). */
    static double titleWidth(String title) {
        return Math.ceil(new Text(title).getLayoutBounds().getWidth() + HEADER_PADDING);
    }
}
