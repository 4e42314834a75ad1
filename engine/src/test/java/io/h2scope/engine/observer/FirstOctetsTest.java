package io.h2scope.engine.observer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.settings.SettingId;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FirstOctetsTest {

    private static FirstOctets.Kind kind(byte[] octets) {
        return FirstOctets.of(octets, octets.length);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aServerPrefaceIsFramesAndSoIsAnyFrameWithinTheInitialMaximumSize() {
        byte[] settings = FrameWriter.encode(SettingsFrame.of(new RawSetting(SettingId.MAX_CONCURRENT_STREAMS.code(), 100)));
        assertEquals(FirstOctets.Kind.FRAMES, kind(settings));
        assertTrue(FirstOctets.serverPrefaceSettings(settings));
        byte[] goAway = FrameWriter.encode(GoAwayFrame.of(0, 1, new byte[0]));
        assertEquals(FirstOctets.Kind.FRAMES, kind(goAway), "a GOAWAY first is HTTP/2 too: the cases judge it");
        assertFalse(FirstOctets.serverPrefaceSettings(goAway));
        assertFalse(FirstOctets.serverPrefaceSettings(FrameWriter.encode(SettingsFrame.ackFrame())), "an ACK opens nothing");
    }

    @Test
    void anHttp1StatusLineOfAnyVersionIsHttp1() {
        assertEquals(FirstOctets.Kind.HTTP1, kind(ascii("HTTP/1.1 400 Bad Request\r\n")));
        assertEquals(FirstOctets.Kind.HTTP1, kind(ascii("HTTP/2.0 505 HTTP Version Not Supported\r\n")));
        assertEquals("an HTTP/1 status line \"HTTP/2.0 505 HTTP Version Not Supported\"",
                FirstOctets.describe(ascii("HTTP/2.0 505 HTTP Version Not Supported\r\nServer: x\r\n"), 50));
    }

    @Test
    void aTlsRecordIsTlsAndSaysWhichRecord() {
        byte[] alert = {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x50}; // fatal internal_error, as a JDK server sends it
        assertEquals(FirstOctets.Kind.TLS, kind(alert));
        assertEquals("a TLS alert record", FirstOctets.describe(alert, alert.length));
        byte[] serverHello = {0x16, 0x03, 0x03, 0x00, 0x7a, 0x02};
        assertEquals("a TLS handshake record", FirstOctets.describe(serverHello, serverHello.length));
    }

    @Test
    void htmlAndBannersAreTextQuotedToTheirFirstLineEnd() {
        byte[] html = ascii("<!DOCTYPE HTML>\n<html lang=\"en\">");
        assertEquals(FirstOctets.Kind.TEXT, kind(html));
        assertEquals("text \"<!DOCTYPE HTML>\"", FirstOctets.describe(html, html.length));
        assertEquals(FirstOctets.Kind.TEXT, kind(ascii("SSH-2.0-OpenSSH_9.2\r\n")));
    }

    @Test
    void otherOctetsAreShownEscaped() {
        byte[] octets = {(byte) 0xff, (byte) 0xfe, 0x01, 0x02, 0x03};
        assertEquals(FirstOctets.Kind.OTHER, kind(octets));
        assertEquals("octets \"\\xff\\xfe\\x01\\x02\\x03\"", FirstOctets.describe(octets, octets.length));
    }

    @Test
    void fewerOctetsThanDecisiveAreJudgedAsTheyAreAtTheEndOfTheInput() {
        assertEquals(FirstOctets.Kind.TEXT, kind(ascii("HTT")), "three octets of \"HTTP/\" are no status line yet");
        assertEquals(FirstOctets.Kind.FRAMES, kind(new byte[] {0, 0}));
        assertThrows(IllegalArgumentException.class, () -> FirstOctets.of(new byte[0], 0));
    }
}
