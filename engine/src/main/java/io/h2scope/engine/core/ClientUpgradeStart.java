package io.h2scope.engine.core;

import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRegistry;

import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A client connection that starts from an HTTP/1.1 {@code Upgrade: h2c} answered with 101 (RFC 7540
 * §3.2): the upgraded request is stream 1, half-closed (local) from the start, and its response
 * arrives on stream 1. The connection preface and our SETTINGS are still sent (§3.5); the settings
 * announced in {@code HTTP2-Settings} must be the very ones that SETTINGS frame carries.
 */
final class ClientUpgradeStart {

    private ClientUpgradeStart() {
    }

    /** The payload of the first SETTINGS frame a client connection built with {@code config} sends. */
    static byte[] settingsPayload(ConnectionConfig config) {
        // the same computation as the constructor's first SETTINGS: only values that differ from the RFC defaults
        SettingsFrame first = new SettingsExchange(Role.CLIENT, Long.MAX_VALUE).send(config.localSettings(true), 0, true);
        return FrameWriter.payloadOf(first);
    }

    /** RFC7540 §3.2.1: "a base64url string ... with any trailing '=' characters omitted". */
    static String headerValue(byte[] payload) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(payload);
    }

    static void apply(Role role, StreamRegistry registry, ConnectionState state, SettingsFrame firstSettings,
            LiveStreams streams, byte[] announcedPayload, List<HeaderField> request) {
        if (role != Role.CLIENT) {
            throw new IllegalStateException("only a client starts from an h2c upgrade it sent (a server accepts one)");
        }
        if (registry.lastLocalId() != 0 || state != ConnectionState.PREFACE_PENDING) {
            throw new IllegalStateException("the upgrade must come before any stream and any frame received");
        }
        byte[] sent = FrameWriter.payloadOf(firstSettings);
        if (!Arrays.equals(sent, announcedPayload)) {
            // RFC7540 §3.2.1: HTTP2-Settings carries "the payload of a SETTINGS frame"; our preface SETTINGS must agree with it
            throw new IllegalArgumentException("HTTP2-Settings " + headerValue(announcedPayload)
                    + " differs from this connection's first SETTINGS " + headerValue(sent));
        }
        // RFC7540 §3.2: "The HTTP/1.1 request that is sent prior to upgrade is assigned a stream identifier of 1 ... the stream is implicitly "half-closed" from the client"
        streams.apply(1, StreamInput.SEND_HEADERS);
        streams.apply(1, StreamInput.SEND_END_STREAM);
        StreamRecord rec = streams.record(1);
        rec.finalHeadersSent = true;
        rec.requestMethod = HeaderSections.valueOf(request, ":method");
    }
}
