package io.h2scope.inspector.view;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * Controls that a bar must not shrink below what their text needs: a bar running out of room shrinks its text fields
 * instead, and never draws "Ru..." for Run.
 */
final class Whole {

    private Whole() {
    }

    /** Each of {@code regions} keeps at least its preferred width. */
    static void widths(Region... regions) {
        for (Region r : regions) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
    }

    /** A label that keeps its width, its text taken literally (no mnemonic: frame names have underscores). */
    static Label label(String text) {
        Label l = new Label(text);
        l.setMnemonicParsing(false);
        widths(l);
        return l;
    }

    /** A line of text that wraps rather than being cut, however narrow its pane (a status, an error, a heading). */
    static Label wrapping(Label l) {
        l.setWrapText(true);
        l.setMnemonicParsing(false);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
