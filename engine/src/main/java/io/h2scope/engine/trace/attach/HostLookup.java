package io.h2scope.engine.trace.attach;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A host name's address, looked up within a bound. JDK 17's {@link InetAddress#getByName} has no timeout of its own:
 * the system resolver's (resolv.conf: 5 s a try, two tries, each server and address family) can hold a command line
 * for tens of seconds where no name server answers. The lookup runs on a daemon thread of its own that is left to
 * finish (a native call cannot be interrupted) while the caller goes on after {@link #LIMIT}.
 */
final class HostLookup {

    /** How long a host name of an attach or listen address is looked up before it is said not to resolve. */
    static final Duration LIMIT = Duration.ofSeconds(2);

    /** The lookup itself: {@link InetAddress#getByName} but in a test. */
    interface Resolver {
        InetAddress resolve(String host) throws UnknownHostException;
    }

    private HostLookup() {
    }

    /**
     * {@code host}'s address, a name under {@code .invalid} failing at once without a lookup (RFC 6761, 6.4).
     *
     * @throws UnknownHostException the name does not resolve
     * @throws TimeoutException     no answer within {@code limit}
     */
    static InetAddress resolve(String host, Duration limit, Resolver resolver)
            throws UnknownHostException, TimeoutException {
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        if (name.equals("invalid") || name.endsWith(".invalid")) {
            throw new UnknownHostException(host);
        }
        FutureTask<InetAddress> lookup = new FutureTask<>(() -> resolver.resolve(host));
        Thread thread = new Thread(lookup, "h2scope-host-lookup");
        thread.setDaemon(true); // a lookup still hanging does not keep the JVM alive
        thread.start();
        try {
            return lookup.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownHostException unknown) {
                throw unknown;
            }
            UnknownHostException unknown = new UnknownHostException(host); // any other failure of the lookup
            unknown.initCause(e.getCause());
            throw unknown;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while looking up " + host);
        }
    }
}
