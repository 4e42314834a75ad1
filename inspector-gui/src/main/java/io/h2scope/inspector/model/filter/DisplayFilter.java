package io.h2scope.inspector.model.filter;

import io.h2scope.inspector.model.Recording;

import java.time.Instant;

/**
 * A display filter, compiled: which of a recording's frames it shows. Text such as
 * {@code type == HEADERS && stream > 3}, {@code header[":status"] == "503"}, {@code error == COMPRESSION_ERROR},
 * {@code window < 1000}, {@code conn == 4 && dir == recv}, {@code time >= 12.5 && time < 14}. Empty text shows
 * every frame. Safe to evaluate on any thread; one {@link Matcher} per thread.
 */
public final class DisplayFilter {

    /** Every frame. */
    public static final DisplayFilter ALL = new DisplayFilter("", null);

    private final String text;
    private final FilterNode node;

    private DisplayFilter(String text, FilterNode node) {
        this.text = text;
        this.node = node;
    }

    /**
     * @param startClock when the recording starts ({@link Recording#startClock}), for clock times in quotes; null when
     *                   it carries no clock time
     * @throws FilterSyntaxException saying what is wrong and where
     */
    public static DisplayFilter compile(String text, Instant startClock) {
        if (text == null || text.isBlank()) {
            return ALL;
        }
        return new DisplayFilter(text.strip(), FilterParser.parse(text, startClock));
    }

    /** The text it was compiled from, stripped. */
    public String text() {
        return text;
    }

    /** Whether it shows every frame. */
    public boolean all() {
        return node == null;
    }

    /** A matcher over {@code recording}'s frames, for one thread. */
    public Matcher matcher(Recording recording) {
        return new Matcher(new FrameFacts(recording));
    }

    /** Tests frames of one recording; keeps the frame it read last, so it is not shared between threads. */
    public final class Matcher {
        private final FrameFacts facts;

        private Matcher(FrameFacts facts) {
            this.facts = facts;
        }

        public boolean matches(int frameNumber) {
            return node == null || node.test(facts.at(frameNumber));
        }
    }

    /** The fields, each with what it means: for a help line or a tooltip. */
    public static String help() {
        StringBuilder out = new StringBuilder();
        for (FilterField f : FilterField.values()) {
            out.append(f.word()).append(f.keyed() ? "[\"name\"]" : "").append(": ").append(f.meaning()).append('\n');
        }
        return out.append("compare with == != < <= > >= ~ (contains) has (flags); join with && || ! and ( )").toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
