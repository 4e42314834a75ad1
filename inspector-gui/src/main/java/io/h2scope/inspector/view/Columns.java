package io.h2scope.inspector.view;

import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableColumn;

/** Read-only table columns whose cells are computed from the row when shown (the tables hold no copies). */
final class Columns {

    private Columns() {
    }

    static <R, T> TableColumn<R, T> of(String title, double width, Function<R, T> value) {
        TableColumn<R, T> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }
}
