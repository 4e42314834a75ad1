package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.runner.CaseSelection;
import java.util.ArrayList;
import java.util.List;

/**
 * The root of the client suite: every section, in RFC order, listed explicitly (no classpath scanning), as the server
 * suite's {@code Suites}. New sections are added here.
 */
public final class ClientSuite {

    private ClientSuite() {
    }

    public static List<ClientSection> sections() {
        return List.of(new C3_2_Upgrade(), new C3_4_Preface(),
                new C4_1_FrameFormat(), new C4_2_FrameSize(), new H4_3_FieldSectionCompression(),
                new C5_1_StreamStates(), new C5_1_2_StreamConcurrency(), new C5_5_Extending(),
                new C6_1_Data(), new C6_2_Headers(), new C6_3_Priority(), new C6_4_RstStream(), new C6_5_Settings(),
                new C6_7_Ping(), new C6_8_GoAway(), new C6_9_WindowUpdate(), new C6_10_Continuation(),
                new C8_1_HttpMessages(), new C8_2_HttpFields(), new C8_3_ControlData(), new C8_4_ServerPush(),
                new C8_7_RequestReliability(), new C9_2_Tls(), new C10_5_DenialOfService(),
                new Hpack2_Tables(), new Hpack4_DynamicTable(), new Hpack5_Primitives(), new Hpack6_Representations());
    }

    /** Every case as a {@link CaseSelection} sees it, to tell a selection that matches none. */
    public static List<CaseSelection.Selectable> selectables() {
        List<CaseSelection.Selectable> all = new ArrayList<>();
        sections().forEach(s -> s.cases().forEach(c -> all.add(new CaseSelection.Selectable(s.id(), c.id(),
                List.of(c.rfcSection())))));
        return all;
    }

    /** Every case of every section, in suite order. */
    public static List<ClientCase> cases() {
        return sections().stream().flatMap(s -> s.cases().stream()).toList();
    }
}
