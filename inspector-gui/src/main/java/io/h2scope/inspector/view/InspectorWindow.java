package io.h2scope.inspector.view;

import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.inspector.source.Inspection;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Button;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The inspector's main window content, laid out like Wireshark's: the frame list on top, and below it the views of
 * the selected frame, its stream and its connection as tabs (detail and bytes, streams, flow control, HPACK,
 * settings, problems); menus above (File, Edit, and Live for an engine attached to), a status line below. All views share one
 * {@link Selection}.
 */
public final class InspectorWindow {

    private final Inspection inspection;
    private final FxRefresh refresh;
    private final FramesView frames;
    private final Label status = new Label();
    private final Button cancelLoading = new Button("Cancel");
    private final AtomicBoolean statusDue = new AtomicBoolean();
    private final BorderPane root = new BorderPane();
    private final Selection selection = new Selection();
    private final TabPane below = new TabPane();
    private final ExportActions exports;
    private final FileOpening opening;
    private final LazyView<ClientPanel> client;
    private final LazyView<ConformancePanel> conformance;
    private final LazyView<ProxyPanel> proxy;
    private final ProblemsView problems;
    private String lastNotice; // FX thread

    public InspectorWindow(Inspection inspection) {
        this.inspection = inspection;
        this.refresh = new FxRefresh(inspection.recording());
        this.frames = new FramesView(inspection.recording(), selection);
        status.setId("status");
        status.setMnemonicParsing(false);
        exports = new ExportActions(inspection.recording(), frames::shown, selection, root, this::say);
        opening = new FileOpening(inspection);
        opening.acceptDrops(root);
        root.setTop(menus());
        below.setId("views");
        below.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(frames.node(), below);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        root.setCenter(split);
        root.setBottom(statusLine());
        frames.onShownChange(this::showStatus);
        refresh.onGrowth(count -> {
            frames.catchUp();
            showStatus();
        });
        BytesView bytes = new BytesView(inspection.recording(), selection); // before the tree: it resets, then is told
        FrameDetailView detail = new FrameDetailView(inspection.recording(), selection);
        detail.onFieldSelected(bytes::highlight);
        addView("Frame", new SplitPane(detail.node(), bytes.node()));
        ConnectionsView connections = new ConnectionsView(inspection.recording(), selection);
        refresh.onGrowth(count -> connections.catchUp()); // a row per connection: cheap, and the selection follows it
        Tab connectionsTab = addView("Connections", connections.node());
        refresh.whileShown(connectionsTab.selectedProperty()).onGrowth(count -> connections.countsMoved());
        inspection.addActivityListener(() -> {
            if (statusDue.compareAndSet(false, true)) { // one redraw however often the sources report
                Platform.runLater(() -> {
                    statusDue.set(false);
                    showStatus();
                });
            }
        });
        inspection.addNoticeListener(n -> Platform.runLater(() -> {
            lastNotice = n.source() + ": " + n.text();
            showStatus();
        }));
        SelectionFocus focus = new SelectionFocus(inspection.recording(), selection);
        // each view of the selection is built when its tab is first shown (a tab's content, shown or not, is styled
        // and laid out with the window: the charts and tables cost seconds of the first layout under load), reads
        // what the recording holds then, and after that hears of growth while its tab is shown
        lazyView("Streams", shown -> new StreamsView(focus, refresh.whileShown(shown)), StreamsView::node);
        lazyView("Flow control", shown -> new FlowControlView(focus, refresh.whileShown(shown)), FlowControlView::node);
        lazyView("HPACK", shown -> new HpackView(focus, refresh.whileShown(shown)), HpackView::node);
        lazyView("Settings", shown -> new SettingsView(focus, refresh.whileShown(shown)), SettingsView::node);
        problems = new ProblemsView(inspection.recording(), inspection.problems(), selection);
        problems.onChange(this::showStatus);
        addView("Problems", problems.node());
        // the sources the window drives itself come after the views of what it shows, built when first shown
        Tab clientTab = addView("Client", null);
        client = new LazyView<>(clientTab, () -> new ClientPanel(inspection), ClientPanel::node);
        conformance = new LazyView<>(addView("Conformance", null), () -> {
            ConformancePanel panel = new ConformancePanel(inspection, selection, TargetResolver.standard());
            panel.openInClientWith((target, trustAny, script) -> {
                below.getSelectionModel().select(clientTab);
                client.get().openScript(target, trustAny, script);
            });
            return panel;
        }, ConformancePanel::node);
        proxy = new LazyView<>(addView("Proxy", null), () -> new ProxyPanel(inspection), ProxyPanel::node);
    }

    /** A tab whose view {@code make} builds, given the tab's shown state, when the tab is first shown. */
    private <T> void lazyView(String title, Function<ObservableBooleanValue, T> make, Function<T, Node> node) {
        Tab tab = addView(title, null);
        new LazyView<>(tab, () -> make.apply(tab.selectedProperty()), node);
    }

    /** FX thread: a line of the window's own (an export done, a copy made) in the status line. */
    void say(String line) {
        lastNotice = line;
        showStatus();
    }

    /** Counts first, then the latest thing a source said (an error stays readable next to what was kept). */
    private void showStatus() {
        String counts = frames.shownLine() + ", " + inspection.recording().connectionCount() + " connections";
        if (problems != null) { // null while the views are being made
            counts += ", " + problems.countLine();
        }
        List<Inspection.Progress> loading = inspection.progress();
        for (Inspection.Progress p : loading) {
            counts += "  ·  loading " + p.source() + ": " + p.done() / (1 << 20) + " of " + p.total() / (1 << 20)
                    + " MiB, " + p.events() + " events";
        }
        for (String state : inspection.states()) {
            counts += "  ·  " + state;
        }
        cancelLoading.setVisible(!loading.isEmpty());
        String privacy = inspection.privacyNote();
        if (privacy != null) {
            counts += "  ·  " + privacy;
        }
        status.setText(lastNotice == null ? counts : counts + "  ·  " + lastNotice);
    }

    /** The status line, with a Cancel button while a file loads (what was read stays). */
    private HBox statusLine() {
        cancelLoading.setId("cancel-loading");
        cancelLoading.setVisible(false);
        cancelLoading.managedProperty().bind(cancelLoading.visibleProperty());
        cancelLoading.setOnAction(e -> inspection.cancelLoading());
        status.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(status, Priority.ALWAYS);
        return new HBox(6, cancelLoading, status);
    }

    private MenuBar menus() {
        MenuItem cancel = new MenuItem("Cancel loading");
        cancel.setOnAction(e -> inspection.cancelLoading());
        MenuItem quit = new MenuItem("Quit");
        quit.setOnAction(e -> { // closed first: the window's close stops its sources, however the toolkit was started
            root.getScene().getWindow().hide();
            Platform.exit();
        });
        return new MenuBar(new Menu("File", null, opening.menuItem(root), exports.saveJsonl(), exports.exportPcapng(), cancel, quit),
                new Menu("Edit", null, exports.copyHex()), new LiveMenu(inspection, this::say).menu());
    }

    /** Adds a view below the frame list, as a tab named {@code title} (its id: "tab-" and the title in lower case). */
    public Tab addView(String title, Node view) {
        Tab tab = new Tab(title, view);
        tab.setId("tab-" + title.toLowerCase().replace(' ', '-'));
        below.getTabs().add(tab);
        return tab;
    }

    /** The Client tab's panel (built now if its tab was not shown yet). */
    public ClientPanel client() {
        return client.get();
    }

    public ConformancePanel conformance() {
        return conformance.get();
    }

    public ProblemsView problems() {
        return problems;
    }

    public ProxyPanel proxy() {
        return proxy.get();
    }

    ExportActions exports() {
        return exports;
    }

    /** The tabs below the frame list, in order (the screenshot script takes each). */
    public TabPane views() {
        return below;
    }

    /** What File > Open and a dropped file do. */
    public FileOpening opening() {
        return opening;
    }

    public Selection selection() {
        return selection;
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
        if (conformance.built() != null) {
            conformance.built().stop();
        }
        if (proxy.built() != null) {
            proxy.built().close();
        }
        frames.close();
        inspection.close();
    }
}
