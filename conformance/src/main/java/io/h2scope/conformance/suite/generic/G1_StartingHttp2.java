package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.http2.S3_5_ConnectionPreface;
import java.util.List;

/** h2spec generic/1: starting HTTP/2 (RFC 7540 §3.5, RFC 9113 §3.4). */
public final class G1_StartingHttp2 implements Section {

    @Override
    public String id() {
        return "generic/1";
    }

    @Override
    public String title() {
        return "Starting HTTP/2";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("generic/1/client-preface-accepted").h2spec("generic/1/1").rfc("3.5", "3.4")
                .sends("the client connection preface and SETTINGS")
                .quote("That is, the connection preface starts with the string \"PRI * HTTP/2.0\\r\\n\\r\\nSM\\r\\n\\r\\n\". This sequence MUST be followed by a SETTINGS frame ... The server connection preface consists of a potentially empty SETTINGS frame (Section 6.5) that MUST be the first frame the server sends in the HTTP/2 connection.")
                .accepts("the first frame received is SETTINGS without ACK")
                .run(S3_5_ConnectionPreface::firstFrameIsSettings));
    }
}
