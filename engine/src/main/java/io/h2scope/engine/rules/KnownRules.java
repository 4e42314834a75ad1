package io.h2scope.engine.rules;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleIds;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.check.FieldBlockRule;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.SettingsRule;
import io.h2scope.engine.stream.StreamRule;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every named rule of the engine by its id ({@link RuleIds}), so that a violation read back from a recording carries
 * the rule it was written with. RuleIdsTest checks that this list holds every rule family the engine compiles.
 */
public final class KnownRules {

    /** The rule families, each an enum implementing {@link Rule}. */
    public static final List<Class<? extends Enum<?>>> FAMILIES = List.of(FrameRule.class, FieldBlockRule.class,
            StreamRule.class, FlowRule.class, SettingsRule.class, MessageRule.class, HpackRule.class, LimitRule.class,
            StartRule.class);

    private static final Map<String, Rule> BY_ID = new HashMap<>();

    static {
        for (Class<? extends Enum<?>> family : FAMILIES) {
            for (Enum<?> constant : family.getEnumConstants()) {
                Rule rule = (Rule) constant;
                BY_ID.put(RuleIds.of(rule), rule);
            }
        }
    }

    private KnownRules() {
    }

    /** The named rule with this id; empty for an id made of a section and code, or one this version does not know. */
    public static Optional<Rule> byId(String id) {
        return Optional.ofNullable(id == null ? null : BY_ID.get(id));
    }
}
