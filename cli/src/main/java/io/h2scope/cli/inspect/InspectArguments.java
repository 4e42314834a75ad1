package io.h2scope.cli.inspect;

import io.h2scope.cli.options.AttachOptions;
import io.h2scope.cli.options.InputFile;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether {@code inspect ARGS...} will parse, judged before the window's first frame without picocli's model of the
 * command (built only after that frame, {@link InspectCommand#startToolkitEarly}): the options are read from the
 * annotations of {@link InspectCommand}, its mixins and its group of sources. It takes a command line where each
 * option is one of the command's, with a value if it takes one (a whole number of 0 or more if it is a number), at
 * most one source (FILE, {@code --follow}, {@code --attach}), a FILE that can be read, an {@code --attach} address
 * that is one, and {@code --reconnect-for} only with {@code --attach}. Anything else, or anything it cannot tell, is
 * left to the parse before any window is shown: a usage error is printed with no window, and a command line it wrongly
 * doubts only loses the early first frame.
 */
final class InspectArguments {

    private final Map<String, Field> options = new HashMap<>();
    private final List<Field> positionals = new ArrayList<>();
    private final Set<Field> sources = new HashSet<>(); // the exclusive group's members: one at most

    private InspectArguments() {
        read(InspectCommand.class, false);
    }

    /** Whether {@code args} (after {@code inspect}) will parse, as far as can be told without the parse. */
    static boolean plausible(List<String> args) {
        return new InspectArguments().check(args);
    }

    private void read(Class<?> type, boolean source) {
        for (Field field : type.getDeclaredFields()) {
            Option option = field.getAnnotation(Option.class);
            if (option != null) {
                for (String name : option.names()) {
                    options.put(name, field);
                }
            }
            if (field.isAnnotationPresent(Parameters.class)) {
                positionals.add(field);
            }
            if ((option != null || field.isAnnotationPresent(Parameters.class)) && source) {
                sources.add(field);
            }
            if (field.isAnnotationPresent(Mixin.class)) {
                read(field.getType(), false);
            }
            ArgGroup group = field.getAnnotation(ArgGroup.class);
            if (group != null) {
                read(field.getType(), group.exclusive());
            }
        }
    }

    private boolean check(List<String> args) {
        Set<Field> given = new HashSet<>();
        Map<String, String> values = new HashMap<>();
        int positional = 0;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-")) {
                int equals = arg.indexOf('=');
                String name = equals < 0 ? arg : arg.substring(0, equals);
                Field field = options.get(name);
                if (field == null || !given.add(field)) {
                    return false; // not an option of the command, or given twice
                }
                if (takesNoValue(field)) {
                    if (equals >= 0) {
                        return false;
                    }
                    continue;
                }
                String value = equals >= 0 ? arg.substring(equals + 1) : i + 1 < args.size() ? args.get(++i) : null;
                if (value == null || (equals < 0 && value.startsWith("-")) || !valueFits(field, value)) {
                    return false;
                }
                values.put(field.getAnnotation(Option.class).names()[0], value);
            } else {
                if (positional >= positionals.size() || !valueFits(positionals.get(positional), arg)) {
                    return false;
                }
                given.add(positionals.get(positional++));
            }
        }
        given.retainAll(sources);
        return given.size() <= 1 && (!values.containsKey("--reconnect-for") || values.containsKey("--attach"));
    }

    private static boolean takesNoValue(Field field) {
        return field.getType() == boolean.class || field.getType() == Boolean.class;
    }

    /** Whether {@code value} converts as the parse will convert it for {@code field}, where that can be told. */
    private static boolean valueFits(Field field, String value) {
        Class<?> type = field.getType();
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            try {
                return Long.parseLong(value.trim()) >= 0 && (type == long.class || type == Long.class
                        || Long.parseLong(value.trim()) <= Integer.MAX_VALUE);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        Parameters parameters = field.getAnnotation(Parameters.class);
        Option option = field.getAnnotation(Option.class);
        Class<?>[] converters = parameters != null ? parameters.converter() : option.converter();
        try {
            if (List.of(converters).contains(InputFile.class)) {
                return InputFile.problem(Path.of(value)).isEmpty();
            }
            if (option != null && option.names()[0].equals("--attach")) {
                AttachOptions.parse(value); // a host name looked up, for a bounded time
            }
            return true;
        } catch (IllegalArgumentException e) { // InvalidPathException too
            return false;
        }
    }
}
