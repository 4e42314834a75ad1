package io.h2scope.inspector.view;

import io.h2scope.inspector.model.filter.DisplayFilter;
import io.h2scope.inspector.model.filter.FilterCompletion;
import io.h2scope.inspector.model.filter.FilterSyntaxException;

import java.time.Instant;
import java.util.function.Supplier;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The display filter box, like Wireshark's: the filter language ({@link DisplayFilter}) compiled on each edit. Text
 * that does not compile turns the box red and shows the text below it with the part in error underlined and the
 * message; {@link #filterProperty()} keeps the last filter that compiled, so the rows stay. While typing (or on
 * Ctrl+Space) a menu under the box offers what may come next at the caret ({@link FilterCompletion}).
 */
final class DisplayFilterBox {

    /** The most options the completion menu lists (the field names all fit). */
    static final int MAX_OPTIONS = 30;
    private static final String BAD = "filter-bad";

    private final Supplier<Instant> startClock;
    private final TextField field = new TextField();
    private final TextFlow error = new TextFlow();
    private final ContextMenu completion = new ContextMenu();
    private final ReadOnlyObjectWrapper<DisplayFilter> filter = new ReadOnlyObjectWrapper<>(this, "filter",
            DisplayFilter.ALL);

    /** @param startClock the recording's start on the clock, for times in quotes (null: it has none) */
    DisplayFilterBox(Supplier<Instant> startClock) {
        this.startClock = startClock;
        field.setId("display-filter");
        field.setPromptText("display filter: type == HEADERS && stream > 3");
        field.getStyleClass().add("filter-field");
        Tooltip help = new Tooltip(DisplayFilter.help());
        help.setWrapText(true);
        help.setMaxWidth(640);
        field.setTooltip(help);
        error.setId("display-filter-error");
        error.getStyleClass().add("filter-error");
        error.managedProperty().bind(error.visibleProperty());
        error.setVisible(false);
        completion.setId("display-filter-completion");
        field.textProperty().addListener((o, a, text) -> {
            compile(text);
            if (field.isFocused()) {
                Platform.runLater(this::complete); // the caret moves after the text changes
            }
        });
        field.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.SPACE && e.isControlDown()) {
                complete();
                e.consume();
            }
        });
        field.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                completion.hide();
            }
        });
    }

    private void compile(String text) {
        try {
            DisplayFilter compiled = DisplayFilter.compile(text, startClock.get());
            if (!compiled.text().equals(filter.get().text())) { // a blank typed at the end filters nothing anew
                filter.set(compiled);
            }
            field.getStyleClass().remove(BAD);
            error.getChildren().clear();
            error.setVisible(false);
        } catch (FilterSyntaxException e) {
            if (!field.getStyleClass().contains(BAD)) {
                field.getStyleClass().add(BAD);
            }
            int start = Math.min(e.start(), text.length());
            int end = Math.min(e.end(), text.length());
            Text bad = new Text(start == end ? " " : text.substring(start, end)); // at the end: a blank underlined
            bad.getStyleClass().add("filter-error-range");
            bad.setUnderline(true);
            error.getChildren().setAll(new Text(text.substring(0, start)), bad, new Text(text.substring(end)),
                    new Text("   " + e.getMessage()));
            error.setVisible(true);
        }
    }

    /** FX thread: shows what may come next at the caret, or hides the menu when nothing new may. */
    void complete() {
        String text = field.getText();
        int caret = Math.min(field.getCaretPosition(), text.length());
        FilterCompletion offer = FilterCompletion.at(text, caret);
        String typed = text.substring(offer.from(), offer.to());
        if (offer.options().isEmpty() || offer.options().size() == 1 && offer.options().get(0).equals(typed)) {
            completion.hide();
            return;
        }
        completion.getItems().clear();
        for (String option : offer.options().subList(0, Math.min(MAX_OPTIONS, offer.options().size()))) {
            MenuItem item = new MenuItem(option);
            item.setMnemonicParsing(false); // END_STREAM, COMPRESSION_ERROR
            item.setOnAction(e -> choose(offer, option));
            completion.getItems().add(item);
        }
        if (!completion.isShowing() && field.getScene() != null && field.getScene().getWindow() != null) {
            completion.show(field, Side.BOTTOM, 0, 0);
        }
    }

    private void choose(FilterCompletion offer, String option) {
        String text = field.getText();
        if (offer.to() > text.length()) {
            return; // the text changed under the menu
        }
        String chosen = option + (option.endsWith("\"") ? "" : " ");
        field.setText(text.substring(0, offer.from()) + chosen + text.substring(offer.to()));
        field.positionCaret(offer.from() + chosen.length());
    }

    /** The last filter that compiled (every frame at first). */
    ReadOnlyObjectProperty<DisplayFilter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    TextField field() {
        return field;
    }

    /** The line under the box while its text does not compile. */
    Node error() {
        return error;
    }

    ContextMenu completion() {
        return completion;
    }
}
