package io.h2scope.conformance.intermediary;

/** What the intermediary did with a case's request, as both sides of it saw. */
public enum ProxyFinding {
    /** It turned the request away (a status, a reset, GOAWAY or a close) and the origin saw nothing. */
    REFUSED("refused by the intermediary"),
    /** The origin received it in a form the RFC allows (or, for a malformed request, with the fault removed). */
    FORWARDED_ALLOWED("forwarded in a form the RFC allows"),
    /** The origin received the fault the RFC forbids, as the client sent it. */
    FORWARDED_AS_CAME("forwarded as it came"),
    /** The origin's HTTP/1.1 parser saw a request boundary other than the client's: a smuggled request. */
    DESYNC("desync proven"),
    /** No finding: the case could not run, or was skipped. */
    NONE("");

    private final String words;

    ProxyFinding(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }

    /** Whether the finding is of critical severity (request smuggling). */
    public boolean critical() {
        return this == DESYNC;
    }
}
