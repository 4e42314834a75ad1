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
}
