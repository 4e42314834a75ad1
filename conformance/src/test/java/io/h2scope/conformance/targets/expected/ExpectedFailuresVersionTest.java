package io.h2scope.conformance.targets.expected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** expected-failures.txt names the version it was written for; a run of another says so, and is still held to the file. */
class ExpectedFailuresVersionTest {

    private static ExpectedFailures file(String... lines) throws IOException {
        return ExpectedFailures.parse(List.of(lines), "expected-failures.txt");
    }

    private static final String ENTRY = "http2/6.7/length-not-8   answers FRAME_SIZE_ERROR late";

    @Test
    void theWrittenForLineNamesTheVersionAndIsNotAnEntry() throws IOException {
        ExpectedFailures f = file("# written for: nginx 1.22.1", "# Known FAILs of nginx", ENTRY);
        assertEquals(Optional.of("nginx 1.22.1"), f.writtenFor());
        assertEquals(1, f.entries().size());
    }

    @ParameterizedTest(name = "written for {0}, tested {1}: same={2}")
    @CsvSource(delimiter = '|', textBlock = """
            nginx 1.22.1 | nginx 1.22.1             | true
            nginx 1.22.1 | nginx 1.22.1-9+deb12u12  | true
            haproxy 2.6  | haproxy 2.6.12-1+deb12u4 | true
            nginx 1.22.1 | nginx 1.22.10            | false
            nginx 1.22.1 | nginx 1.24.0             | false
            nginx 1.22.1 | h2o 1.22.1               | false
            node 20.20.2 | node 18.20.4             | false
            """)
    void aVersionIsTheSameToThePrecisionTheFileGives(String written, String tested, boolean same) {
        assertEquals(same, ExpectedFailures.sameVersion(written, tested));
    }

    @Test
    void aRunOfAnotherVersionIsSaidInOneLineNamingBoth() throws IOException {
        ExpectedFailures f = file("# written for: nginx 1.22.1", ENTRY);
        ServerVersion newer = ServerVersion.known("nginx", "1.24.0", "/usr/sbin/nginx -v");
        assertEquals(Optional.of("expected-failures.txt was written for nginx 1.22.1; this run tested nginx 1.24.0: its known "
                + "FAILs may differ (a note, not an error)"), f.versionNote(newer));
        assertEquals(Optional.empty(), f.versionNote(ServerVersion.known("nginx", "1.22.1", "/usr/sbin/nginx -v")));
    }

    @Test
    void aVersionThatCouldNotBeAskedOrAFileWithoutTheLineIsSaidToo() throws IOException {
        ServerVersion unknown = ServerVersion.unknown("nginx", "/usr/sbin/nginx -v", "exit status 1");
        assertEquals(Optional.of("expected-failures.txt was written for nginx 1.22.1; this run's version is unknown (exit status 1)"),
                file("# written for: nginx 1.22.1").versionNote(unknown));
        String note = file(ENTRY).versionNote(ServerVersion.known("nginx", "1.22.1", "nginx -v")).orElseThrow();
        assertTrue(note.startsWith("expected-failures.txt does not say which version it was written for"), note);
        assertFalse(ExpectedFailures.none().versionNote(unknown).isPresent(), "no file, nothing to compare with");
    }

    @Test
    void anEmptyOrASecondWrittenForLineIsRefusedWithItsLine() {
        IOException empty = assertThrows(IOException.class, () -> file("# written for:"));
        assertTrue(empty.getMessage().startsWith("expected-failures.txt:1: '# written for:' needs the server's name and version"),
                empty.getMessage());
        IOException twice = assertThrows(IOException.class, () -> file("# written for: nginx 1.22.1", "# written for: nginx 1.24.0"));
        assertTrue(twice.getMessage().startsWith("expected-failures.txt:2: a second"), twice.getMessage());
    }

    @Test
    void everyDockerTargetsFolderNamesHowToAskItsVersionAndWhichVersionItsFileWasWrittenFor() throws IOException {
        for (TargetSpec spec : TargetRegistry.locate().all()) {
            assertFalse(spec.versionQuery().command().isEmpty(), spec.name() + ": target.properties has no version.command");
            Optional<String> writtenFor = spec.expectedFailures().writtenFor();
            assertTrue(writtenFor.isPresent(), spec.name() + ": expected-failures.txt has no '# written for:' line");
            assertTrue(writtenFor.get().startsWith(spec.name() + " "), spec.name() + ": '" + writtenFor.get()
                    + "' must start with the folder's name, as a run's version does");
        }
    }
}
