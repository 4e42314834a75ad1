/**
 * What the recording proxy's decoder spends on one leg: the observer fed the wire bytes of many GETs, with each
 * sink behind it. Imports the engine's observer and trace packages and {@code bench}'s in-memory exchange.
 */
package io.h2scope.bench.observer;
