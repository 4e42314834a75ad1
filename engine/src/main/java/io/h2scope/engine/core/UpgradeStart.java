package io.h2scope.engine.core;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.trace.model.Side;

import java.util.ArrayList;
import java.util.List;

/**
 * A server connection that starts from an HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2): the
 * HTTP2-Settings payload counts as the client's first SETTINGS, and the upgraded request is
 * stream 1, already half-closed (remote).
 */
final class UpgradeStart {

    private UpgradeStart() {
    }

    static void apply(Role role, StreamRegistry registry, SettingsEffects settingsEffects, TracePublisher tracer,
            LiveStreams streams, byte[] settingsPayload, List<HeaderField> request) {
        if (role != Role.SERVER) {
            throw new IllegalStateException("only a server accepts an h2c upgrade");
        }
        if (registry.lastRemoteId() != 0) {
            throw new IllegalStateException("the upgrade must come before any stream");
        }
        if (settingsPayload.length % SettingsFrame.SETTING_LENGTH != 0) {
            // RFC9113 §6.5: "A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a connection error ... FRAME_SIZE_ERROR"
            throw H2Errors.connection(StartRule.UPGRADE_SETTINGS_LENGTH,
                    "HTTP2-Settings payload of " + settingsPayload.length + " octets");
        }
        List<RawSetting> entries = new ArrayList<>(settingsPayload.length / SettingsFrame.SETTING_LENGTH);
        for (int i = 0; i < settingsPayload.length; i += SettingsFrame.SETTING_LENGTH) {
            int id = (settingsPayload[i] & 0xff) << 8 | (settingsPayload[i + 1] & 0xff);
            long value = (settingsPayload[i + 2] & 0xffL) << 24 | (settingsPayload[i + 3] & 0xffL) << 16
                    | (settingsPayload[i + 4] & 0xffL) << 8 | (settingsPayload[i + 5] & 0xffL);
            entries.add(new RawSetting(id, value));
        }
        // RFC7540 §3.2.1: "A server decodes and interprets the value of the HTTP2-Settings header field as it would any other SETTINGS frame"; the 101 is the implicit ACK
        settingsEffects.receiveRemote(SettingsFrame.of(entries));
        tracer.settingsAcknowledged(Side.REMOTE);
        // RFC7540 §3.2: "The HTTP/1.1 request that is sent prior to upgrade is assigned a stream identifier of 1 ... half-closed (local)" for the client
        streams.apply(1, StreamInput.RECV_HEADERS);
        streams.apply(1, StreamInput.RECV_END_STREAM);
        StreamRecord rec = streams.record(1);
        if (rec != null) {
            rec.finalHeadersReceived = true;
            rec.requestMethod = HeaderSections.valueOf(request, ":method");
        }
    }
}
