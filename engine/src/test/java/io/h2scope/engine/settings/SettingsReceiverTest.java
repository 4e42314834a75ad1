package io.h2scope.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.stream.Role;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsReceiverTest {

    @Test
    void entriesApplyInOrderAndUnknownOnesAreLeftOut_rfc9113_6_5() {
        SettingsReceiver r = new SettingsReceiver(Role.CLIENT);
        SettingsReceiver.Received got = r.receive(List.of(new RawSetting(0x4, 100), new RawSetting(0xfa, 1),
                new RawSetting(0x4, 200)));
        assertEquals(2, got.entries().size());
        assertEquals(65_535, got.before().initialWindowSize());
        assertEquals(200, got.after().initialWindowSize());
        assertEquals(got.after(), r.current());
    }

    @Test
    void aBadValueAppliesNoneOfTheFrame_rfc9113_6_5_2() {
        SettingsReceiver r = new SettingsReceiver(Role.SERVER);
        assertThrows(ConnectionError.class, () -> r.receive(List.of(new RawSetting(0x4, 100),
                new RawSetting(0x5, 1))));
        assertEquals(Settings.DEFAULTS, r.current());
    }
}
