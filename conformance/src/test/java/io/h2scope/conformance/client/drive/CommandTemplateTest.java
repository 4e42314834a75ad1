package io.h2scope.conformance.client.drive;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A user's command line: its placeholders filled shell-quoted, what they say it can do, and a command with no URL refused. */
class CommandTemplateTest {

    private static final ClientTask TWO_WITH_BODY = new ClientTask(List.of(
            ClientRequest.post(URI.create("https://127.0.0.1:8443/c/1"), Path.of("/tmp/it's a body")),
            ClientRequest.get(URI.create("https://127.0.0.1:8443/c/2"))), Connect.TLS, Path.of("/tmp/ca.pem"),
            Duration.ofSeconds(5));

    @Test
    void placeholdersAreFilledQuotedAndOtherBracesKept() {
        CommandTemplate t = CommandTemplate.of("client --ca {ca} --data @{body} -w '%{http_code}' {urls} # {host}:{port} {url}");
        assertEquals("client --ca '/tmp/ca.pem' --data @'/tmp/it'\\''s a body' -w '%{http_code}' "
                + "'https://127.0.0.1:8443/c/1' 'https://127.0.0.1:8443/c/2' # '127.0.0.1':'8443' "
                + "'https://127.0.0.1:8443/c/1'", t.fill(TWO_WITH_BODY));
    }

    @Test
    void aQuotedValueIsOneWordForTheShell() throws Exception {
        String quoted = CommandTemplate.quote("a 'b' $HOME `x` \"c\"");
        CommandRun.Result r = CommandRun.run("printf '%s|' " + quoted, Duration.ofSeconds(30), null, java.util.Map.of());
        assertEquals("a 'b' $HOME `x` \"c\"|", r.output().text());
    }

    @Test
    void thePlaceholdersSayWhatTheCommandCanDo() {
        assertEquals(EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE), CommandTemplate.of("curl {url}").abilities());
        assertEquals(EnumSet.allOf(ClientAbility.class).size() - 1,
                CommandTemplate.of("c --cacert {ca} -d @{body} {urls}").abilities().size(), "all but Upgrade");
        assertTrue(ExecClient.command("curl {url}").missing(TWO_WITH_BODY)
                .containsAll(EnumSet.of(ClientAbility.TLS, ClientAbility.PARALLEL, ClientAbility.BODY)));
    }

    @Test
    void aCommandWithoutAUrlIsRefusedWithWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommandTemplate.of("curl -v"));
        assertEquals("the client command \"curl -v\" has no {url} (nor {urls}, nor {host} and {port}): it would never "
                + "reach the server under the case; put {url} where the client takes its URL", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CommandTemplate.of("  "));
    }
}
