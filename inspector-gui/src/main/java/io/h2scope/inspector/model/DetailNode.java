package io.h2scope.inspector.model;

import java.util.List;

/**
 * One line of a frame's detail tree: a field, its value in words, and the octets it occupies in the frame as on the
 * wire ({@link WireBytes}), so that the bytes pane can highlight them.
 *
 * @param name     what the field is ("Stream Identifier", "Error Code")
 * @param value    its value in words; empty for a heading
 * @param from     the first octet of the field in the frame (header included), or -1 when it has none
 * @param to       one past its last octet, or -1
 * @param children the parts of the field, or what explains it
 */
public record DetailNode(String name, String value, int from, int to, List<DetailNode> children) {

    public DetailNode {
        children = List.copyOf(children);
    }

    public static DetailNode of(String name, String value, int from, int to) {
        return new DetailNode(name, value, from, to, List.of());
    }

    /** A line that stands for no octets of its own (an explanation, a state after the frame). */
    public static DetailNode note(String name, String value) {
        return new DetailNode(name, value, -1, -1, List.of());
    }

    public boolean hasOctets() {
        return from >= 0 && to > from;
    }

    /** {@code name: value}, or the name alone. */
    public String text() {
        return value.isEmpty() ? name : name + ": " + value;
    }

    /** The first node, depth first, whose name is {@code name}, or null. */
    public DetailNode find(String wanted) {
        if (name.equals(wanted)) {
            return this;
        }
        for (DetailNode child : children) {
            DetailNode found = child.find(wanted);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
