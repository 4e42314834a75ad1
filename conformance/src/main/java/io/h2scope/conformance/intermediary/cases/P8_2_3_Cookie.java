package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.valid;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.util.List;

/** RFC 9113 §8.2.3: cookie crumbs sent as separate fields, joined with "; " toward HTTP/1.1. */
public final class P8_2_3_Cookie implements ProxySection {

    @Override
    public String id() {
        return "proxy/8.2.3";
    }

    @Override
    public String title() {
        return "Compressing the Cookie Header Field";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(ProxyCase.define("proxy/8.2.3/cookie-crumbs-joined").rule("8.2.3", Quotes.COOKIE)
                .sends("a GET with three cookie fields: a=b, c=d, e=f")
                .toward(OriginKind.H1)
                .run(stage -> valid("one Cookie field \"a=b; c=d; e=f\" at the HTTP/1.1 origin",
                        stage.exchangeGet(b -> b.with("cookie", "a=b").with("cookie", "c=d").with("cookie", "e=f")),
                        (a, sent) -> {
                            List<String> cookies = a.values("cookie");
                            if (cookies.equals(List.of("a=b; c=d; e=f"))) {
                                return Seen.allowed("the crumbs joined with \"; \" into one field");
                            }
                            return Seen.asSent("not joined with \"; \": " + Looks.how(a, "cookie"));
                        })));
    }
}
