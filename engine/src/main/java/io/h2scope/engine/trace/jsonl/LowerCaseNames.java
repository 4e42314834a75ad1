package io.h2scope.engine.trace.jsonl;

import java.util.Locale;

/** Enum constants' names in lower case, as the JSONL lines spell them, made once per enum type (not once per line). */
final class LowerCaseNames {

    private static final ClassValue<String[]> NAMES = new ClassValue<>() {
        @Override
        protected String[] computeValue(Class<?> type) {
            Object[] constants = type.getEnumConstants();
            String[] names = new String[constants.length];
            for (int i = 0; i < constants.length; i++) {
                names[i] = ((Enum<?>) constants[i]).name().toLowerCase(Locale.ROOT);
            }
            return names;
        }
    };

    private LowerCaseNames() {
    }

    static String of(Enum<?> value) {
        return NAMES.get(value.getDeclaringClass())[value.ordinal()];
    }

    /**
     * For each constant of {@code type}, by ordinal, the octets of {@code before}, its name and {@code after}: a
     * name with the line's constants around it, put with one copy.
     */
    static byte[][] between(Class<? extends Enum<?>> type, String before, String after) {
        String[] names = NAMES.get(type);
        byte[][] octets = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            octets[i] = LineOctets.ascii(before + names[i] + after);
        }
        return octets;
    }
}
