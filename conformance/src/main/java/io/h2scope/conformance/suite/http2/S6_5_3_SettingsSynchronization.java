package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.settings.SettingId;
import java.util.List;
import java.util.Optional;

/** RFC 7540 §6.5.3 (RFC 9113 §6.5.3): settings are applied in order and acknowledged. */
public final class S6_5_3_SettingsSynchronization implements Section {

    @Override
    public String id() {
        return "http2/6.5.3";
    }

    @Override
    public String title() {
        return "Settings Synchronization";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.5.3/values-in-order").h2spec("http2/6.5.3/1").rfc("6.5.3", "6.5.3")
                        .sends("one SETTINGS with INITIAL_WINDOW_SIZE = 100 then INITIAL_WINDOW_SIZE = 1, then a GET")
                        .quote("The values in the SETTINGS frame MUST be processed in the order they appear, with no other frame processing between values.")
                        .accepts("the response body arrives in DATA frames of 1 octet (the last value applies)")
                        .run(p -> {
                            p.handshake();
                            int id = SettingId.INITIAL_WINDOW_SIZE.code();
                            p.send(SettingsFrame.of(new RawSetting(id, 100), new RawSetting(id, 1)));
                            Optional<Verdict> acked = Script.awaitSettingsAck(p);
                            if (acked.isPresent()) {
                                return acked.get();
                            }
                            Script.get(p, 1);
                            return Expect.dataOfLength(p, 1, 1);
                        }),
                CaseDef.define("http2/6.5.3/settings-acknowledged").h2spec("http2/6.5.3/2").rfc("6.5.3", "6.5.3")
                        .sends("a SETTINGS frame (ENABLE_PUSH = 0) after the handshake")
                        .quote("Once all values have been processed, the recipient MUST immediately emit a SETTINGS frame with the ACK flag set.")
                        .accepts("SETTINGS with ACK")
                        .run(p -> {
                            p.handshake();
                            p.send(SettingsFrame.of(new RawSetting(SettingId.ENABLE_PUSH.code(), 0)));
                            return Expect.settingsAck(p);
                        }));
    }
}
