package io.h2scope.conformance.intermediary;

/** What an intermediary case does on its stage: sends its request through the front, judges what arrived. */
@FunctionalInterface
public interface ProxyCaseBody {
    ProxyVerdict run(ProxyStage stage) throws Exception;
}
