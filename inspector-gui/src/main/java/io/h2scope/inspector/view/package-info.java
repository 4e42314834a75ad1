/**
 * The JavaFX window: the frame list, the detail tree and bytes, streams with the §5.1 diagram, flow-control
 * charts, HPACK tables, settings, connections, and the client, proxy and conformance panels. Every view runs on
 * the FX thread; {@code FxRefresh} is the one place the recording's growth reaches it. The only package that
 * imports JavaFX; imports {@code model}, {@code source}, {@code export}; used by the CLI's {@code inspect}.
 */
package io.h2scope.inspector.view;
