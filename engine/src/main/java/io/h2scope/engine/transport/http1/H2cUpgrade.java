package io.h2scope.engine.transport.http1;

import io.h2scope.engine.http1.Http1Request;

import java.util.Arrays;

/**
 * An accepted {@code Upgrade: h2c} request (RFC 7540 §3.2), handed to the HTTP/2 side after the
 * server wrote {@code 101 Switching Protocols}.
 *
 * @param settingsPayload the decoded HTTP2-Settings header: a SETTINGS frame payload (validated by the core)
 * @param request         the request head: it becomes stream 1, half-closed (remote) once the body is in
 * @param body            the complete request body (may be empty)
 */
public record H2cUpgrade(byte[] settingsPayload, Http1Request request, byte[] body) {

    public H2cUpgrade {
        settingsPayload = settingsPayload.clone();
        body = body.clone();
    }

    @Override
    public byte[] settingsPayload() {
        return settingsPayload.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof H2cUpgrade other && Arrays.equals(settingsPayload, other.settingsPayload)
                && request.equals(other.request) && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(settingsPayload) + request.hashCode()) + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "H2cUpgrade[" + request.method() + " " + request.target() + ", settings " + settingsPayload.length
                + " bytes, body " + body.length + " bytes]";
    }
}
