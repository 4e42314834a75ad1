package io.h2scope.inspector.view;

import java.util.function.Function;
import java.util.function.Supplier;

import javafx.scene.Node;
import javafx.scene.control.Tab;

/**
 * A tab whose view is built the first time it is shown or asked for, not with the window: the panels that drive
 * sources of their own (client, conformance, proxy) cost start-up time and follow no recording, so nothing is lost
 * by making them late. FX thread only.
 */
final class LazyView<T> {

    private final Supplier<T> make;
    private final Function<T, Node> node;
    private final Tab tab;
    private T view;

    LazyView(Tab tab, Supplier<T> make, Function<T, Node> node) {
        this.tab = tab;
        this.make = make;
        this.node = node;
        tab.selectedProperty().addListener((o, was, selected) -> {
            if (selected) {
                get();
            }
        });
    }

    /** The view, built now if it was not yet. */
    T get() {
        if (view == null) {
            view = make.get();
            tab.setContent(node.apply(view));
        }
        return view;
    }

    /** The view if it was built, else null (nothing to stop). */
    T built() {
        return view;
    }
}
