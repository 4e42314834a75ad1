package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ as a reader meets them: every link to a file of the repository leads to one, every {@code #anchor}
 * to a heading there (GitHub's slugs), and no merge conflict's markers are left in the text.
 */
class DocsLinksTest {

    /** {@code [text](target)}, the target without a title; images too. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    /** A conflict's first and last markers; its middle one, a line of {@code =}, is also a Markdown heading's underline. */
    private static final Pattern CONFLICT = Pattern.compile("(?m)^(<<<<<<<|>>>>>>>)(\\s|$)");
    private static final Pattern CODE_BLOCK = Pattern.compile("(?ms)^```.*?^```");

    @Test
    void everyLinkToTheRepositoryLeadsToAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : ReadmeFiguresTest.documents()) {
            Matcher m = LINK.matcher(prose(doc));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path linked = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                if (!Files.exists(linked)) {
                    broken.add(doc + ": " + target + " (no such file)");
                } else if (hash >= 0 && linked.toString().endsWith(".md")
                        && !anchors(linked).contains(target.substring(hash + 1))) {
                    broken.add(doc + ": " + target + " (no such heading in " + linked.getFileName() + ")");
                }
            }
        }
        assertTrue(broken.isEmpty(), () -> "links that lead nowhere:\n  " + String.join("\n  ", broken));
    }

    @Test
    void noDocumentHoldsTheMarkersOfAMergeConflict() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path doc : ReadmeFiguresTest.documents()) {
            if (CONFLICT.matcher(Files.readString(doc)).find()) {
                found.add(doc.toString());
            }
        }
        assertTrue(found.isEmpty(), () -> "merge conflict markers (<<<<<<< or >>>>>>>) left in " + found);
    }

    /** The text outside fenced code blocks, where a {@code ](...)} is code, not a link. */
    private static String prose(Path doc) throws IOException {
        return CODE_BLOCK.matcher(Files.readString(doc)).replaceAll("");
    }

    /** GitHub's anchor of each heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> anchors = new HashSet<>();
        Matcher m = HEADING.matcher(prose(doc));
        while (m.find()) {
            String slug = m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            String anchor = slug;
            for (int n = 1; !anchors.add(anchor); n++) {
                anchor = slug + "-" + n;
            }
        }
        return anchors;
    }
}
