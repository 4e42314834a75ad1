package io.h2scope.bench.client;

/** What every client adapter returns for one GET: the status and how many body bytes arrived. */
public record Reply(int status, int bodyLength) {
}
