package io.h2scope.conformance.intermediary.cases;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import java.util.List;

/** The root of the intermediary suite: every section, in RFC order, listed explicitly. */
public final class ProxySuite {

    private ProxySuite() {
    }

    public static List<ProxySection> sections() {
        return List.of(new P8_1_1_MessageFraming(), new P8_2_1_FieldValidity(), new P8_2_2_ConnectionSpecific(),
                new P8_2_3_Cookie(), new P8_3_ControlData());
    }

    /** Every case of every section, in suite order. */
    public static List<ProxyCase> cases() {
        return sections().stream().flatMap(s -> s.cases().stream()).toList();
    }
}
