package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.SettingsHistory.Announcement;
import io.h2scope.inspector.model.SettingsHistory.Value;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The settings view's model, against the engine client's real exchange with the reference server. */
class SettingsHistoryTest {

    private static List<TraceEvent> exchange;
    private static ConnectionHistory connection;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(1_000);
        Recording r = new Recording();
        r.append(r.addSource("test"), exchange);
        connection = r.connection(0);
    }

    private static int indexOf(Class<?> type, Side side) {
        for (int i = 0; i < exchange.size(); i++) {
            TraceEvent e = exchange.get(i);
            if (type.isInstance(e) && (e instanceof SettingsAnnounced a ? a.side() : ((SettingsAcknowledged) e).side()) == side) {
                return i;
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " of " + side);
    }

    private static Value value(SettingsHistory h, Side side, SettingId id) {
        return h.values(side).stream().filter(v -> v.id() == id).findFirst().orElseThrow();
    }

    @Test
    void eachSidesSettingsCarryTheTimeOfTheirAck() {
        SettingsHistory all = SettingsHistory.of(connection, Integer.MAX_VALUE);
        List<Announcement> announced = all.announcements();
        assertEquals(2, announced.size(), "one SETTINGS each way");
        Announcement ours = announced.stream().filter(a -> a.side() == Side.LOCAL).findFirst().orElseThrow();
        Announcement peers = announced.stream().filter(a -> a.side() == Side.REMOTE).findFirst().orElseThrow();
        assertEquals(exchange.get(indexOf(SettingsAcknowledged.class, Side.LOCAL)).nanosSinceStart(), ours.ackedNanos());
        assertEquals(exchange.get(indexOf(SettingsAcknowledged.class, Side.REMOTE)).nanosSinceStart(), peers.ackedNanos());
        assertEquals(((SettingsAnnounced) exchange.get(indexOf(SettingsAnnounced.class, Side.LOCAL))).entries(), ours.entries());
    }

    @Test
    void oursTakeEffectOnceAckedAndUntouchedOnesAreDefaults() {
        SettingsHistory end = SettingsHistory.of(connection, Integer.MAX_VALUE);
        long announced = ((SettingsAnnounced) exchange.get(indexOf(SettingsAnnounced.class, Side.LOCAL))).entries().stream()
                .filter(s -> s.id() == SettingId.INITIAL_WINDOW_SIZE).findFirst().orElseThrow().value();
        Value window = value(end, Side.LOCAL, SettingId.INITIAL_WINDOW_SIZE);
        assertEquals(announced, window.inForce());
        assertFalse(window.isDefault());
        Value table = value(end, Side.LOCAL, SettingId.HEADER_TABLE_SIZE);
        assertTrue(table.isDefault(), "the client never announced it");
        assertNull(table.announced());
        assertEquals(4096, table.inForce());

        SettingsHistory beforeAck = SettingsHistory.of(connection, indexOf(SettingsAcknowledged.class, Side.LOCAL) - 1);
        Value pending = value(beforeAck, Side.LOCAL, SettingId.INITIAL_WINDOW_SIZE);
        assertEquals(65_535, pending.inForce(), "not in force before the peer's ACK (RFC 9113 §6.5.3)");
        assertTrue(pending.isDefault());
        assertEquals(announced, pending.announced());
        assertEquals(-1, pending.ackedNanos());
    }

    @Test
    void theInitialWindowChangesAreTheMomentsEachSidesValueTookEffect() {
        List<SettingsHistory.InitialWindowChange> changes =
                SettingsHistory.of(connection, Integer.MAX_VALUE).initialWindowChanges();
        assertEquals(List.of(Side.REMOTE, Side.LOCAL), changes.stream().map(SettingsHistory.InitialWindowChange::side).toList(),
                "the server's applies on receipt, before the ACK of ours comes back");
        assertEquals(65_535, changes.get(1).oldSize());
        assertEquals(value(SettingsHistory.of(connection, Integer.MAX_VALUE), Side.LOCAL, SettingId.INITIAL_WINDOW_SIZE).inForce(),
                changes.get(1).newSize());
        assertTrue(changes.get(1).eventIndex() >= indexOf(SettingsAcknowledged.class, Side.LOCAL));
    }
}
