/**
 * The frame list's display filter, a small language in the manner of Wireshark's: fields of a frame
 * ({@code type}, {@code stream}, {@code conn}, {@code dir}, {@code len}, {@code flags}, {@code error},
 * {@code header["name"]}, {@code window}, {@code time}, ...) compared with values and joined by {@code &&},
 * {@code ||} and {@code !}. {@link io.h2scope.inspector.model.filter.DisplayFilter#compile} turns typed text into a
 * predicate over a recording's frames, or a {@link io.h2scope.inspector.model.filter.FilterSyntaxException} that
 * says where the text is wrong; {@link io.h2scope.inspector.model.filter.FilterCompletion} offers what may come next.
 * {@code FrameFilter} joins it with the filter bar's boxes (type, stream, text, time) and {@code FilteredFrames} keeps
 * the frames a filter lets through as the recording grows. No JavaFX here: the view applies a filter off the FX
 * thread. Imports {@code inspector.model} (the recording it filters), never the other way round.
 */
package io.h2scope.inspector.model.filter;
