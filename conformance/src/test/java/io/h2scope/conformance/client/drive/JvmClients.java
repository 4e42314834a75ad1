package io.h2scope.conformance.client.drive;

/** The in-process adapters of third-party JVM clients (test scope: their libraries are test dependencies only). */
public final class JvmClients {

    private JvmClients() {
    }

    public static ClientUnderTest okhttp() {
        return new OkHttpClientUnderTest();
    }

    public static ClientUnderTest jetty() {
        return new JettyClientUnderTest();
    }

    public static ClientUnderTest netty() {
        return new NettyClientUnderTest();
    }
}
