package io.h2scope.engine.trace.config;

/**
 * How the built-in logging setup writes the categories' lines ({@code H2SCOPE_LOG_FORMAT}): {@link #TEXT}, one
 * line of text each, or {@link #JSON}, one JSON object a line through logback's own {@code JsonEncoder}, for a log
 * pipeline that reads JSON lines. A user's own logback configuration decides instead when there is one.
 */
public enum LogFormat {
    TEXT, JSON
}
