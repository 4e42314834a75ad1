package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.REFUSED_STREAM;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.settings.SettingId;
import java.util.List;
import java.util.OptionalLong;

/** RFC 7540 §5.1.2 (RFC 9113 §5.1.2): the concurrent stream limit. */
public final class S5_1_2_StreamConcurrency implements Section {

    /** Beyond this many streams the case is not a conformance check but a flood: skip it. */
    private static final long MAX_STREAMS_TRIED = 1000;

    @Override
    public String id() {
        return "http2/5.1.2";
    }

    @Override
    public String title() {
        return "Stream Concurrency";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("http2/5.1.2/exceed-max-concurrent-streams").h2spec("http2/5.1.2/1").rfc("5.1.2", "5.1.2")
                .sends("SETTINGS_INITIAL_WINDOW_SIZE=0 (responses stay open), then SETTINGS_MAX_CONCURRENT_STREAMS + 1 GETs")
                .quote("An endpoint that receives a HEADERS frame that causes its advertised concurrent stream limit to be exceeded MUST treat this as a stream error (Section 5.4.2) of type PROTOCOL_ERROR or REFUSED_STREAM.")
                .accepts("RST_STREAM on the stream beyond the limit (or GOAWAY) with PROTOCOL_ERROR or REFUSED_STREAM")
                .errorCase()
                .run(p -> {
                    p.handshake();
                    OptionalLong max = p.serverSetting(SettingId.MAX_CONCURRENT_STREAMS);
                    if (max.isEmpty()) {
                        return Verdict.skip("the target advertised no SETTINGS_MAX_CONCURRENT_STREAMS (unlimited)");
                    }
                    if (max.getAsLong() > MAX_STREAMS_TRIED) {
                        return Verdict.skip("SETTINGS_MAX_CONCURRENT_STREAMS is " + max.getAsLong()
                                + "; more than " + MAX_STREAMS_TRIED + " streams is left to the security cases");
                    }
                    Script.initialWindow(p, 0);
                    int lastStream = 1;
                    for (int i = 0; i <= max.getAsLong(); i++) {
                        lastStream = 1 + 2 * i;
                        Script.get(p, lastStream);
                    }
                    return Expect.streamError(p, lastStream, PROTOCOL_ERROR, REFUSED_STREAM);
                }));
    }
}
