package io.h2scope.conformance.client.drive;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command line for {@code /bin/sh -c} with placeholders the task fills in: {@code {url}} (the first request's URL),
 * {@code {urls}} (every request's, for cases that need several at once), {@code {body}} (the file holding the request
 * body), {@code {ca}} (the CA certificate file to trust), {@code {host}} and {@code {port}}. Each value goes in
 * shell-quoted, so a template must not quote them itself. Other braces (curl's {@code %{http_code}}, a script's
 * blocks) are left as they are.
 */
public final class CommandTemplate {

    /** A placeholder and what it stands for. */
    public enum Placeholder {
        URL, URLS, BODY, CA, HOST, PORT;

        String token() {
            return "{" + name().toLowerCase(Locale.ROOT) + "}";
        }
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(url|urls|body|ca|host|port)}");

    private final String text;
    private final Set<Placeholder> used;

    private CommandTemplate(String text, Set<Placeholder> used) {
        this.text = text;
        this.used = used;
    }

    /**
     * @throws IllegalArgumentException when {@code text} is blank or names no URL at all (the client would never
     *                                  reach the scripted server)
     */
    public static CommandTemplate of(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("the client command is empty: give a command line with {url}, e.g. "
                    + "'curl --http2-prior-knowledge {url}'");
        }
        Set<Placeholder> used = EnumSet.noneOf(Placeholder.class);
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            used.add(Placeholder.valueOf(m.group(1).toUpperCase(Locale.ROOT)));
        }
        if (!used.contains(Placeholder.URL) && !used.contains(Placeholder.URLS)
                && !(used.contains(Placeholder.HOST) && used.contains(Placeholder.PORT))) {
            throw new IllegalArgumentException("the client command \"" + text + "\" has no {url} (nor {urls}, nor "
                    + "{host} and {port}): it would never reach the server under the case; put {url} where the "
                    + "client takes its URL");
        }
        return new CommandTemplate(text, Collections.unmodifiableSet(used));
    }

    /** The placeholders the command uses. */
    public Set<Placeholder> uses() {
        return used;
    }

    /** What a client run by this command can be made to do, as far as its placeholders tell. */
    public Set<ClientAbility> abilities() {
        Set<ClientAbility> abilities = EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE);
        if (used.contains(Placeholder.URLS)) {
            abilities.add(ClientAbility.PARALLEL);
        }
        if (used.contains(Placeholder.BODY)) {
            abilities.add(ClientAbility.BODY);
        }
        if (used.contains(Placeholder.CA)) {
            abilities.add(ClientAbility.TLS);
        }
        return abilities;
    }

    /** The command line for {@code task}, every placeholder replaced by its shell-quoted value. */
    public String fill(ClientTask task) {
        URI first = task.requests().get(0).url();
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "url" -> quote(first.toString());
                case "urls" -> {
                    List<String> urls = new ArrayList<>();
                    task.requests().forEach(r -> urls.add(quote(r.url().toString())));
                    yield String.join(" ", urls);
                }
                case "body" -> task.requests().stream().filter(r -> r.body() != null).findFirst()
                        .map(r -> quote(r.body().toString())).orElse("/dev/null");
                case "ca" -> task.ca() == null ? "/dev/null" : quote(task.ca().toString());
                case "host" -> quote(first.getHost());
                default -> quote(Integer.toString(first.getPort()));
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code value} as one word for {@code sh}: in single quotes, a quote inside it closed, escaped and reopened. */
    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    @Override
    public String toString() {
        return text;
    }
}
