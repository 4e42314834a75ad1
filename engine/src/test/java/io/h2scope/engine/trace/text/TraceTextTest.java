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
}
