package io.h2scope.conformance.report;

import io.h2scope.engine.trace.config.FileFailure;
import io.h2scope.conformance.runner.JudgedRun;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The report files a run writes ({@code --report junit=PATH,json=PATH,html=PATH}), checked before
 * the run starts: a run of minutes that cannot write its report at the end has wasted those minutes
 * and lost its verdict. {@link #check} creates missing parent folders and proves each folder
 * writable; {@link #writeAll} writes the reports once the run is over.
 */
public final class ReportDestinations {

    /** The report kinds, by the name {@code --report} takes. */
    public enum Kind {
        JUNIT, JSON, HTML;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        void write(RunHeader header, JudgedRun run, Path file) throws IOException {
            switch (this) {
                case JUNIT -> JUnitXmlReport.write(header, run, file);
                case JSON -> JsonReport.write(header, run, file);
                case HTML -> HtmlReport.write(header, run, file);
            }
        }

        static Kind of(String key, Path path) {
            for (Kind kind : values()) {
                if (kind.key().equals(key)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("--report " + key + "=" + path + ": unknown report kind " + key
                    + " (use junit, json or html)");
        }
    }

    private final Map<Kind, Path> files;

    private ReportDestinations(Map<Kind, Path> files) {
        this.files = Collections.unmodifiableMap(files);
    }

    /** No report files: {@link #writeAll} does nothing. */
    public static ReportDestinations none() {
        return new ReportDestinations(new EnumMap<>(Kind.class));
    }

    /**
     * Checks each requested report: a known kind, a file name (not a folder), a parent folder that
     * exists (created here when missing) and is writable, and no two kinds writing one file.
     *
     * @param requested kind name ({@code junit}, {@code json}, {@code html}) to file, as the user gave them
     * @throws IllegalArgumentException naming the first bad destination in one line, e.g.
     *         {@code --report json=/x/y.json: cannot create folder /x: permission denied}
     */
    public static ReportDestinations check(Map<String, Path> requested) {
        Map<Kind, Path> files = new EnumMap<>(Kind.class);
        Map<Path, Kind> byFile = new HashMap<>();
        for (Map.Entry<String, Path> entry : requested.entrySet()) {
            Kind kind = Kind.of(entry.getKey(), entry.getValue());
            Path file = entry.getValue();
            String option = "--report " + kind.key() + "=" + file + ": ";
            Path absolute = file.toAbsolutePath().normalize();
            Kind other = byFile.putIfAbsent(absolute, kind);
            if (other != null) {
                throw new IllegalArgumentException(option + "the " + other.key() + " report writes that file too; give each report its own file");
            }
            checkWritable(option, absolute);
            files.put(kind, file);
        }
        return new ReportDestinations(files);
    }

    private static void checkWritable(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(option + file + " is a folder; give a file name inside it");
        }
        Path folder = file.getParent();
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException(option + "cannot create folder " + e.getFile() + ": a file of that name is in the way");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(option + "cannot create folder " + e.getFile() + ": permission denied");
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + "cannot create folder " + e.getFile() + ": the file system allows no folder there");
        } catch (FileSystemException e) {
            throw new IllegalArgumentException(option + "cannot create folder " + e.getFile() + ": "
                    + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason().toLowerCase(Locale.ROOT)));
        } catch (IOException e) {
            throw new IllegalArgumentException(option + "cannot create folder " + folder + ": " + e.getMessage());
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new IllegalArgumentException(option + "cannot write " + file + ": permission denied");
        }
        if (!Files.isWritable(folder)) {
            throw new IllegalArgumentException(option + "cannot write in folder " + folder + ": permission denied (or a read-only file system)");
        }
    }

    /** Kind to file, in kind order. */
    public Map<Kind, Path> files() {
        return files;
    }

    /** Writes every report of {@code run}; each message names the report it could not write. */
    public void writeAll(RunHeader header, JudgedRun run) throws IOException {
        for (Map.Entry<Kind, Path> entry : files.entrySet()) {
            try {
                entry.getKey().write(header, run, entry.getValue());
            } catch (IOException e) {
                throw new IOException("--report " + entry.getKey().key() + "=" + entry.getValue() + ": cannot write: " + FileFailure.reason(e), e);
            }
        }
    }
}
