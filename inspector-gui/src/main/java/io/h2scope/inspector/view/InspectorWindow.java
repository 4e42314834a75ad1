package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;

import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BorderPane;

/** The inspector's main window content: menus, the views over one {@link Inspection}, a status line. */
public final class InspectorWindow {

    private final Inspection inspection;
    private final FxRefresh refresh;
    private final FramesView frames;
    private final Label status = new Label();
    private final BorderPane root = new BorderPane();
    private String lastNotice; // FX thread

    public InspectorWindow(Inspection inspection) {
        this.inspection = inspection;
        this.refresh = new FxRefresh(inspection.recording());
        this.frames = new FramesView(inspection.recording());
        status.setId("status");
        status.setMnemonicParsing(false);
        root.setTop(menus());
        root.setCenter(frames.node());
        root.setBottom(status);
        refresh.onGrowth(count -> {
            frames.catchUp();
            showStatus();
        });
        inspection.addNoticeListener(n -> Platform.runLater(() -> {
            lastNotice = n.source() + ": " + n.text();
            showStatus();
        }));
    }

    /** Counts first, then the latest thing a source said (an error stays readable next to what was kept). */
    private void showStatus() {
        String counts = inspection.recording().frameCount() + " frames, " + inspection.recording().connectionCount()
                + " connections";
        status.setText(lastNotice == null ? counts : counts + "  ·  " + lastNotice);
    }

    private MenuBar menus() {
        MenuItem quit = new MenuItem("Quit");
        quit.setOnAction(e -> Platform.exit());
        return new MenuBar(new Menu("File", null, quit));
    }

    public Parent root() {
        return root;
    }

    public FxRefresh refresh() {
        return refresh;
    }

    public FramesView frames() {
        return frames;
    }

    public Inspection inspection() {
        return inspection;
    }

    /** Starts following the recording (call once the window shows). */
    public void start() {
        refresh.start();
    }

    public void stop() {
        refresh.stop();
        inspection.close();
    }
}
