/**
 * Every named rule of the engine found by its stable id ({@code KnownRules}): the one place that lists the rule
 * families (the floors', {@code start}'s and {@code core.limits}'), so a reader of a recording or of a violation
 * gets the rule back without importing the core. Imports those families and {@code error}; used by the JSONL
 * readers and {@code trace explain}.
 */
package io.h2scope.engine.rules;
