package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformed;
import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformedConnect;

import io.h2scope.conformance.intermediary.Exchange;
import io.h2scope.conformance.intermediary.IntermediaryJudge;
import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.ProxyVerdict;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import java.util.function.BiFunction;

/**
 * RFC 9113 §8.5: CONNECT, and RFC 8441's extended CONNECT. A reverse proxy need not support CONNECT: refusing it is
 * a PASS. One that does tunnels to the {@code :authority}, which every case here points at the origin's own
 * listener: harmless, answers at once, and the request ends with its HEADERS, so no tunnel is left waiting. A
 * malformed CONNECT must be refused whichever the proxy is, tunnelled or forwarded.
 */
public final class P8_5_Connect implements ProxySection {

    /** What RFC 8441 §3 says of :protocol sent before the setting, for the verdicts. */
    private static final String WITHOUT_SETTING = "refused (RFC 8441 §3: without first receiving a"
            + " SETTINGS_ENABLE_CONNECT_PROTOCOL parameter, \"a non-supporting peer would detect a malformed request\";"
            + " RFC 9113 §8.1.1: an intermediary MUST NOT forward it)";

    @Override
    public String id() {
        return "proxy/8.5";
    }

    @Override
    public String title() {
        return "The CONNECT Method";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                ProxyCase.define("proxy/8.5/connect-accepted").rule("8.5", Quotes.CONNECT_TUNNEL)
                        .sends("a CONNECT with only :method and :authority (the origin's own address)")
                        .run(stage -> IntermediaryJudge.connect("refused (a reverse proxy need not support CONNECT:"
                                        + " 405, 501, a reset), a tunnel to :authority, or forwarded as a CONNECT of"
                                        + " its :authority", exchangeConnect(stage, (b, m) -> b),
                                (a, sent) -> connectAsSent(a, sent.value(":authority"))
                                        ? Seen.allowed("forwarded as " + Looks.quoted(a.method() + " "
                                                + target(a, sent.value(":authority"))))
                                        : Seen.asSent("made another request of it: " + Looks.quoted(a.method() + " "
                                                + a.target()) + " " + a.names() + ", not the CONNECT of "
                                                + sent.value(":authority") + " (§8.5: no :scheme, no :path)"))),
                connectWith("path", (b, m) -> b.pseudo(":path", m.path()), ":path"),
                connectWith("scheme", (b, m) -> b.pseudo(":scheme", "http"), ":scheme"),
                connectWith("scheme-and-path", (b, m) -> b.pseudo(":scheme", "http").pseudo(":path", m.path()),
                        ":scheme and :path"),
                ProxyCase.define("proxy/8.5/protocol-without-setting").rule("8.3", Quotes.PSEUDO_UNDEFINED)
                        .sends("an extended CONNECT (RFC 8441: :protocol websocket, :scheme, :path) to a front that"
                                + " did not send SETTINGS_ENABLE_CONNECT_PROTOCOL = 1")
                        .run(stage -> {
                            long enabled = stage.front().setting(SettingId.ENABLE_CONNECT_PROTOCOL);
                            if (enabled == 1) {
                                return ProxyVerdict.skip("the front sent SETTINGS_ENABLE_CONNECT_PROTOCOL = 1:"
                                        + " extended CONNECT is allowed there (RFC 8441 §3)");
                            }
                            Exchange ex = stage.exchange(m -> ProxyRequest.get(m, stage.authority())
                                    .replace(":method", "CONNECT").pseudo(":protocol", "websocket").build());
                            return malformedConnect(WITHOUT_SETTING, ex, P8_5_Connect::protocolAsSent);
                        }),
                ProxyCase.define("proxy/8.5/protocol-on-get").rule("8.3", Quotes.PSEUDO_UNDEFINED)
                        .sends("a GET with :protocol websocket (RFC 8441 defines :protocol for CONNECT alone)")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.pseudo(":protocol", "websocket")),
                                P8_5_Connect::protocolAsSent)));
    }

    /** A CONNECT that also carries {@code what} (§8.5: both MUST be omitted). */
    private static ProxyCase connectWith(String slug, Change add, String what) {
        return ProxyCase.define("proxy/8.5/connect-with-" + slug).rule("8.5", Quotes.CONNECT_OMIT)
                .sends("a CONNECT of the origin's own address with " + what)
                .run(stage -> malformedConnect(exchangeConnect(stage, add), (a, sent) -> {
                    String authority = sent.value(":authority");
                    if (a.kind() != OriginKind.H1) {
                        boolean kept = Stream.of(":path", ":scheme").anyMatch(name ->
                                !sent.value(name).isEmpty() && !Looks.pseudo(a.fields(), name).isEmpty());
                        return kept ? Seen.asSent("a " + a.method() + " with " + what + " arrived: " + a.names())
                                : Seen.repaired("arrived as " + a.method() + " " + a.names());
                    }
                    if (connectAsSent(a, authority)) {
                        return Seen.repaired("forwarded as " + Looks.quoted("CONNECT " + a.target()) + ", its "
                                + what + " dropped");
                    }
                    return Seen.asSent("forwarded as " + Looks.quoted(a.method() + " " + a.target())
                            + ": the malformed CONNECT made a request of its " + what);
                }));
    }

    /** The marked request, turned into a CONNECT of the origin's address: a harmless tunnel, if any. */
    private static Exchange exchangeConnect(ProxyStage stage, Change change) throws IOException, InterruptedException {
        String authority = "127.0.0.1:" + stage.origin().port();
        return stage.exchange(m -> change.apply(ProxyRequest.get(m, authority).replace(":method", "CONNECT")
                .without(":scheme").without(":path"), m).build());
    }

    /** What a case adds to the CONNECT, given its marker (a :path still carries it). */
    private interface Change extends BiFunction<ProxyRequest.Builder, Marker, ProxyRequest.Builder> {
    }

    /** Whether {@code a} is a well-formed CONNECT of {@code authority}: over h2 no :scheme, no :path. */
    private static boolean connectAsSent(Arrival a, String authority) {
        if (!a.method().equals("CONNECT")) {
            return false;
        }
        if (a.kind() == OriginKind.H1) {
            return a.target().equals(authority);
        }
        return Looks.pseudo(a.fields(), ":path").isEmpty() && Looks.pseudo(a.fields(), ":scheme").isEmpty();
    }

    private static String target(Arrival a, String authority) {
        return a.kind() == OriginKind.H1 ? a.target() : authority;
    }

    /**
     * How a request with {@code :protocol} arrived: over h2 with the field; over HTTP/1.1 as the WebSocket upgrade
     * RFC 8441 maps it to (an intermediary acting on the :protocol it must not accept) or without it.
     */
    private static Seen protocolAsSent(Arrival a, ProxyRequest sent) {
        if (a.kind() != OriginKind.H1) {
            return Looks.pseudo(a.fields(), ":protocol").isEmpty()
                    ? Seen.repaired("without :protocol: " + a.method() + " " + a.names())
                    : Seen.asSent(":protocol arrived: " + Looks.pseudo(a.fields(), ":protocol"));
        }
        if (a.values("upgrade").stream().anyMatch(v -> v.equalsIgnoreCase("websocket"))) {
            return Seen.asSent("forwarded as " + Looks.quoted(a.method() + " " + a.target())
                    + " with upgrade: websocket, the HTTP/1.1 form of :protocol websocket");
        }
        if (a.method().equals("CONNECT")) {
            return Seen.asSent("forwarded as " + Looks.quoted("CONNECT " + a.target()) + ": the CONNECT made a request"
                    + " of its :path");
        }
        return Seen.repaired("forwarded as " + Looks.quoted(a.method() + " " + a.target()) + " without :protocol");
    }
}
