package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A joint's table of a long text leads from every position where walking the joint's chars leads. */
class TextPartsTest {

    /** The joints as a line has them, each with what may follow it. */
    private static final String[][] JOINTS = {{"{", null}, {": ", null}, {", ", null}, {"}", ""}};

    @Test
    void aLongTextsJointLeadsFromEachPositionAsItsWalkDoes() {
        // joints at many places, borders that repeat, a match that ends in a joint, and every joint's chars
        String[] texts = {"cookie: , cookie: , :status: 204}".repeat(3),
                ", , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , ",
                "{a: b}, {c: d}, x{: y}}, z: {{, w: }, " + "v: , ".repeat(10)};
        int[] expectedTables = {3, 1, 3}; // "{" absent from the first, only ", " in the second, nothing after "}"
        for (int t = 0; t < texts.length; t++) {
            String text = texts[t];
            TextParts parts = new TextParts(text);
            int tables = 0;
            for (String[] joint : JOINTS) {
                TextParts.Part walk = parts.of(joint[0], joint[1]);
                TextParts.Part table = parts.joint(joint[0], joint[1]);
                if (!(walk instanceof TextParts.Walk)) {
                    assertSame(walk, table, joint[0]); // a joint that holds the text or leads nowhere: no table
                    continue;
                }
                assertInstanceOf(TextParts.Table.class, table, joint[0]);
                tables++;
                for (int at = 0; at < text.length(); at++) {
                    assertEquals(walk.found(at), table.found(at), "\"" + joint[0] + "\" from " + at + " in " + text);
                    assertEquals(walk.after(at), table.after(at), "\"" + joint[0] + "\" from " + at + " in " + text);
                }
            }
            assertEquals(expectedTables[t], tables, text);
        }
    }

    @Test
    void aShortTextsJointIsItsBits() {
        TextParts parts = new TextParts(":status: 200");
        for (String[] joint : JOINTS) {
            assertEquals(parts.of(joint[0], joint[1]), parts.joint(joint[0], joint[1]), joint[0]);
        }
    }
}
