package io.h2scope.conformance.intermediary.cases;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.runner.CaseSelection;
import java.util.List;

/**
 * The root of the intermediary suite: every section, request side, response side, then end to end, each in RFC
 * order.
 */
public final class ProxySuite {

    private ProxySuite() {
    }

    public static List<ProxySection> sections() {
        return List.of(new P8_1_1_MessageFraming(), new P8_2_1_FieldValidity(), new P8_2_2_ConnectionSpecific(),
                new P8_2_3_Cookie(), new P8_3_ControlData(), new P8_5_Connect(),
                // response side: the origin answers what a client must not get
                new R8_1_ResponseSequence(), new R8_1_1_ResponseLength(), new R8_2_ResponseFields(),
                new R8_2_2_ResponseConnectionFields(), new R8_3_2_ResponseStatus(),
                // end to end: what one end does to a stream reaches the other with its meaning kept
                new E2E_ConnectionSemantics());
    }

    /** Every case as a {@link CaseSelection} sees it, to tell a selection that matches none. */
    public static List<CaseSelection.Selectable> selectables() {
        return sections().stream().flatMap(s -> s.cases().stream()
                .map(c -> new CaseSelection.Selectable(s.id(), c.id(), List.of(c.rfcSection())))).toList();
    }

    /** Every case of every section, in suite order. */
    public static List<ProxyCase> cases() {
        return sections().stream().flatMap(s -> s.cases().stream()).toList();
    }
}
