package io.h2scope.engine.trace.text;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import org.junit.jupiter.api.Test;

class TraceTextTest {

    @Test
    void settingsWithoutALimitSayUnlimitedNotLongMaxValue() {
        Settings settings = Settings.builder().set(SettingId.MAX_CONCURRENT_STREAMS, 100).build();
        String line = TraceText.line(new SettingsInForce(1, 0, Side.REMOTE, settings), Redaction.DEFAULT, false);
        assertTrue(line.contains(" MAX_CONCURRENT_STREAMS=100 "), line);
        assertTrue(line.contains(" MAX_HEADER_LIST_SIZE=unlimited"), line);
        assertFalse(line.contains(Long.toString(Long.MAX_VALUE)), line);
    }

    @Test
    void aLinkedLegSaysWhichLegOfWhatAndTheOtherLeg() {
        String line = TraceText.line(io.h2scope.engine.trace.model.ConnectionOpened.of(7, 0,
                io.h2scope.engine.stream.Role.SERVER).linked(new io.h2scope.engine.trace.model.ConnectionLeg("origin",
                "proxy/8.1.1/two-content-lengths h2sm0123456789ab"), 8), Redaction.DEFAULT, false);
        assertTrue(line.contains("opened server pair=8 leg=origin of=\"proxy/8.1.1/two-content-lengths h2sm0123456789ab\""),
                line);
    }
}
