package io.h2scope.engine.trace.redact;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.Huffman;
import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Looks for secrets everywhere a trace could keep them: each event's JSONL line (decoded fields, HPACK detail, table
 * entries, snapshots), the field block octets as they are and Huffman-coded, and the values the recorded octets
 * decode to when every block of a connection is decoded again from them alone, in order, with a fresh decoder per
 * direction (which also proves the blocks still decode). For the tests of every sink and view.
 */
public final class SecretScan {

    private SecretScan() {
    }

    /** Where each secret was found; empty when none was. */
    public static List<String> findings(List<? extends TraceEvent> events, List<String> secrets) {
        List<String> found = new ArrayList<>();
        for (TraceEvent e : events) {
            String line = TraceEventJson.write(e);
            for (String secret : secrets) {
                if (line.contains(secret)) {
                    found.add("line " + line);
                }
            }
            if (e instanceof FrameEvent f && f.frame() != null) {
                byte[] octets = FrameOctets.wire(f);
                for (String secret : secrets) {
                    if (contains(octets, secret.getBytes(StandardCharsets.ISO_8859_1))
                            || contains(octets, Huffman.encode(secret))) {
                        found.add("octets of " + line);
                    }
                }
            }
        }
        for (List<HeaderField> fields : decodedAgain(events)) {
            for (HeaderField field : fields) {
                for (String secret : secrets) {
                    if (field.value().contains(secret)) {
                        found.add("decoded again from the octets: " + field);
                    }
                }
            }
        }
        return found;
    }

    /**
     * Every field block of {@code events} decoded from its octets alone, in order, per connection and direction; a
     * block that does not decode is an {@link AssertionError}.
     */
    public static List<List<HeaderField>> decodedAgain(List<? extends TraceEvent> events) {
        Map<String, HpackDecoder> decoders = new HashMap<>();
        Map<String, ByteArrayOutputStream> open = new HashMap<>();
        List<List<HeaderField>> blocks = new ArrayList<>();
        for (TraceEvent e : events) {
            if (!(e instanceof FrameEvent f) || f.frame() == null) {
                continue;
            }
            Frame frame = f.frame();
            byte[] fragment;
            boolean end;
            if (frame instanceof HeadersFrame h) {
                fragment = h.fragment();
                end = h.endHeaders();
            } else if (frame instanceof PushPromiseFrame p) {
                fragment = p.fragment();
                end = p.endHeaders();
            } else if (frame instanceof ContinuationFrame c) {
                fragment = c.fragment();
                end = c.endHeaders();
            } else {
                continue;
            }
            String way = f.connectionId() + " " + f.direction();
            ByteArrayOutputStream block = frame instanceof ContinuationFrame ? open.get(way) : new ByteArrayOutputStream();
            if (block == null) {
                continue; // a block whose start this trace does not hold
            }
            block.writeBytes(fragment);
            open.put(way, block);
            if (end) {
                open.remove(way);
                HpackDecoder decoder = decoders.computeIfAbsent(way, k -> {
                    HpackDecoder d = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
                    d.setMaxTableSize(Integer.MAX_VALUE);
                    return d;
                });
                try {
                    blocks.add(decoder.decode(block.toByteArray()));
                } catch (RuntimeException broken) {
                    throw new AssertionError("the recorded block of " + way + " ending at " + f + " does not decode",
                            broken);
                }
            }
        }
        return blocks;
    }

    private static boolean contains(byte[] in, byte[] what) {
        return indexOf(in, what) >= 0;
    }

    /** Where {@code what} first starts in {@code in}, or -1. */
    public static int indexOf(byte[] in, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= in.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (in[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
