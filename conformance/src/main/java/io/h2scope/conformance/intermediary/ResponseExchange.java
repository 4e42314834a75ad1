package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginAnswer;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * One response-side case's exchange: the request the client sent, the answer the origin was scripted to give, every
 * request the origin received for it, and everything the client in front received back.
 */
public record ResponseExchange(Marker marker, ProxyRequest sent, Received received, List<Arrival> arrivals) {

    public ResponseExchange {
        arrivals = List.copyOf(arrivals);
    }

    /**
     * Scripts the origin's answer to the request {@code build} makes with a fresh marker, sends the request through
     * the front and reads the whole response.
     */
    public static ResponseExchange run(ProxyStage stage, Function<Marker, ProxyRequest> build,
            Function<Marker, OriginAnswer> answer) throws IOException {
        Origin origin = stage.origin();
        Marker marker = Marker.fresh();
        origin.arrivals().expect(marker);
        origin.answers().script(marker, answer.apply(marker));
        try {
            ProxyRequest request = build.apply(marker);
            Received received = stage.front().receive(request);
            return new ResponseExchange(marker, request, received, origin.arrivals().of(marker));
        } finally {
            origin.answers().forget(marker);
            origin.arrivals().forget(marker);
        }
    }

    /** As {@link #run}, for the ordinary marked GET. */
    public static ResponseExchange get(ProxyStage stage, Function<Marker, OriginAnswer> answer) throws IOException {
        return run(stage, m -> ProxyRequest.get(m, stage.authority()).build(), answer);
    }

    /** The request's method, for the rules that depend on it (no content in the response to HEAD). */
    public String method() {
        return sent.value(":method");
    }
}
