package io.h2scope.conformance.targets.launch;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server config with {@code @NAME@} placeholders (ports, certificate paths, the state directory).
 * The same template serves a local run (free loopback ports, a temp directory) and the container
 * image (fixed ports, /h2scope), so both test the same configuration. The {@code @NAME@} syntax
 * clashes with neither nginx's {@code $var}, apache's {@code ${VAR}} nor YAML.
 */
public final class ConfigTemplate {

    /** The placeholders a template may use; {@link #render} refuses any other. */
    public enum Key {
        /** Address to listen on: 127.0.0.1 locally, 0.0.0.0 in a container. */
        BIND,
        H2C_PORT,
        TLS_PORT,
        CERT,
        KEY,
        /** Certificate then key in one PEM file (haproxy's {@code crt}). */
        CERT_AND_KEY,
        /** The certificate and key as a PKCS#12 key store, password {@code changeit} (jetty). */
        KEYSTORE,
        /** Directory holding the rendered configs, logs/, tmp/, run/ and www/. */
        STATE,
        /** User and group the server's workers run as when it starts as root. */
        USER,
        GROUP,
        /** The server binary ({@code local.binary}). */
        BINARY,
        /** The class path of the JVM running h2scope (h2scope's own server as a local process). */
        CLASSPATH
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Z][A-Z0-9_]*)@");

    private ConfigTemplate() {
    }

    /**
     * Replaces every {@code @NAME@} with its value.
     *
     * @throws IllegalArgumentException naming the placeholder when one is unknown or has no value
     *         (a typo in a config must not reach the server as a literal)
     */
    public static String render(String template, Map<Key, String> values) {
        Objects.requireNonNull(template, "template");
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + 64);
        while (m.find()) {
            Key key = keyOf(m.group(1));
            String value = values.get(key);
            if (value == null) {
                throw new IllegalArgumentException("no value for @" + key + "@ in " + new TreeMap<>(values).keySet());
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Key keyOf(String name) {
        try {
            return Key.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown placeholder @" + name + "@; known: " + java.util.Arrays.toString(Key.values()), e);
        }
    }
}
