package io.h2scope.inspector.model.filter;

import java.time.Instant;
import java.util.Locale;

/** A parsed filter: a predicate over one frame's facts. */
sealed interface FilterNode {

    boolean test(FrameFacts frame);

    record And(FilterNode left, FilterNode right) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            return left.test(frame) && right.test(frame);
        }
    }

    record Or(FilterNode left, FilterNode right) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            return left.test(frame) || right.test(frame);
        }
    }

    record Not(FilterNode inner) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            return !inner.test(frame);
        }
    }

    /** A field named alone: the frame has it (an error code, a field in its block, a stream state). */
    record Present(FilterField field, String key) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            return switch (field.kind()) {
                case NUMBER -> frame.number(field) != Long.MIN_VALUE && (field != FilterField.FLAGS || frame.number(field) != 0);
                case TIME -> true;
                case TEXT -> field == FilterField.HEADER ? frame.hasHeader(key) : field != FilterField.STATE || frame.state() != null;
            };
        }
    }

    /** {@code field OP number}; {@code has} tests bits. */
    record CompareNumber(FilterField field, String op, long value) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            long actual = frame.number(field);
            if (actual == Long.MIN_VALUE) {
                return false; // a frame without the field matches no comparison of it, != included
            }
            return switch (op) {
                case "==" -> actual == value;
                case "!=" -> actual != value;
                case "<" -> actual < value;
                case "<=" -> actual <= value;
                case ">" -> actual > value;
                case ">=" -> actual >= value;
                case "has" -> (actual & value) == value;
                default -> throw new IllegalStateException(op);
            };
        }
    }

    /** {@code time OP seconds} (since the recording started) or {@code time OP "clock time"}. */
    record CompareTime(String op, long nanos, Instant clock) implements FilterNode {
        @Override
        public boolean test(FrameFacts frame) {
            int c;
            if (clock != null) {
                Instant at = frame.clock();
                if (at == null) {
                    return false;
                }
                c = at.compareTo(clock);
            } else {
                c = Long.compare(frame.nanosSinceStart(), nanos);
            }
            return switch (op) {
                case "==" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                default -> throw new IllegalStateException(op);
            };
        }
    }

    /**
     * {@code field == "text"}, {@code !=}, or {@code ~} (contains, ignoring case). {@code lower}: the value in lower
     * case, worked out once here rather than per frame (a new string a frame cost a million frames its copy, hash and
     * compare in {@link FrameFacts}'s map).
     */
    record CompareText(FilterField field, String key, String op, String value, String lower) implements FilterNode {

        CompareText(FilterField field, String key, String op, String value) {
            this(field, key, op, value, value.toLowerCase(Locale.ROOT));
        }

        @Override
        public boolean test(FrameFacts frame) {
            return switch (field) {
                case HEADER -> op.equals("!=")
                        ? frame.hasHeader(key) && !frame.anyHeader(key, v -> v.equals(value))
                        : frame.anyHeader(key, v -> op.equals("==") ? v.equals(value) : v.toLowerCase(Locale.ROOT).contains(lower));
                case STATE -> {
                    String state = frame.state();
                    yield state != null && switch (op) {
                        case "==" -> state.equals(lower);
                        case "!=" -> !state.equals(lower);
                        default -> state.contains(lower);
                    };
                }
                default -> switch (op) {
                    case "==" -> frame.lineEquals(lower);
                    case "!=" -> !frame.lineEquals(lower);
                    default -> frame.lineContains(lower);
                };
            };
        }
    }
}
