package io.h2scope.engine.trace.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.jsonl.Json;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A finding's JSON line holds what its text says, in the fields docs/TRACE_FORMAT.md documents. */
class FindingJsonTest {

    @Test
    void aConnectionErrorAsJson() {
        Recording r = Recording.server().handshake();
        r.at(5).raw(FrameType.DATA.code(), 0, 0, new byte[4]);
        Finding f = r.explain().get(0);
        String line = FindingJson.write(f);
        assertFalse(line.contains("\n"), "one line");
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) Json.parse(line);
        assertEquals(1L, o.get("v"));
        assertEquals("critical", o.get("severity"));
        assertEquals("connection_ended", o.get("kind"));
        assertEquals(2L, o.get("conn"));
        assertEquals(List.of(), o.get("streams"));
        assertEquals("local", o.get("by"));
        assertEquals("GOAWAY", o.get("frame"));
        assertEquals("PROTOCOL_ERROR", o.get("error"));
        assertEquals(Map.of("id", "frame/data-on-stream-zero", "spec", "RFC 9113 §6.1", "sentence",
                f.rule().sentence()), o.get("rule"));
        assertEquals(f.summary(), o.get("summary"));
        assertEquals(5_000_000L, o.get("t_ns"));
        assertEquals("2025-06-01T14:03:00.005000Z", o.get("clock"));
        assertEquals(Map.of("role", "server"), o.get("recorded_by"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) o.get("steps");
        assertEquals(f.steps().size(), steps.size());
        assertEquals(f.steps().get(0).text(), steps.get(0).get("text"));
        assertEquals("2025-06-01T14:03:00.005000Z", steps.get(0).get("clock"));
        assertEquals(List.of(), o.get("before"));
    }
}
