package io.h2scope.conformance.suite;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.generic.G1_StartingHttp2;
import io.h2scope.conformance.suite.generic.G2_StreamsAndMultiplexing;
import io.h2scope.conformance.suite.generic.G3_FrameDefinitions;
import io.h2scope.conformance.suite.generic.G4_HttpMessageExchanges;
import io.h2scope.conformance.suite.generic.G5_Hpack;
import io.h2scope.conformance.suite.hpack.H2_3_2_DynamicTable;
import io.h2scope.conformance.suite.hpack.H2_3_3_IndexAddressSpace;
import io.h2scope.conformance.suite.hpack.H4_2_MaximumTableSize;
import io.h2scope.conformance.suite.hpack.H5_2_StringLiteral;
import io.h2scope.conformance.suite.hpack.H6_1_IndexedField;
import io.h2scope.conformance.suite.hpack.H6_3_DynamicTableSizeUpdate;
import io.h2scope.conformance.suite.http2.S3_5_ConnectionPreface;
import io.h2scope.conformance.suite.rfc9113.R8_1_Trailers;
import io.h2scope.conformance.suite.rfc9113.R8_2_1_FieldValidity;
import io.h2scope.conformance.suite.rfc9113.R8_2_2_ConnectionSpecificFields;
import io.h2scope.conformance.suite.rfc9113.R8_3_1_RequestPseudoHeaders;
import io.h2scope.conformance.suite.rfc9113.R8_5_Connect;
import io.h2scope.conformance.suite.security.Security;
import io.h2scope.conformance.suite.tls.T9_2_1_Renegotiation;
import io.h2scope.conformance.suite.tls.T9_2_TlsUsage;
import io.h2scope.conformance.suite.http2.S4_1_FrameFormat;
import io.h2scope.conformance.suite.http2.S4_2_FrameSize;
import io.h2scope.conformance.suite.http2.S4_3_HeaderCompression;
import io.h2scope.conformance.suite.http2.S5_1_1_StreamIdentifiers;
import io.h2scope.conformance.suite.http2.S5_1_2_StreamConcurrency;
import io.h2scope.conformance.suite.http2.S5_1_StreamStates;
import io.h2scope.conformance.suite.http2.S5_3_1_StreamDependencies;
import io.h2scope.conformance.suite.http2.S5_4_1_ConnectionErrorHandling;
import io.h2scope.conformance.suite.http2.S5_5_ExtendingHttp2;
import io.h2scope.conformance.suite.http2.S6_10_Continuation;
import io.h2scope.conformance.suite.http2.S6_1_Data;
import io.h2scope.conformance.suite.http2.S6_2_Headers;
import io.h2scope.conformance.suite.http2.S6_3_Priority;
import io.h2scope.conformance.suite.http2.S6_4_RstStream;
import io.h2scope.conformance.suite.http2.S6_5_2_DefinedSettings;
import io.h2scope.conformance.suite.http2.S6_5_3_SettingsSynchronization;
import io.h2scope.conformance.suite.http2.S6_5_Settings;
import io.h2scope.conformance.suite.http2.S6_6_PushPromise;
import io.h2scope.conformance.suite.http2.S6_7_Ping;
import io.h2scope.conformance.suite.http2.S6_8_GoAway;
import io.h2scope.conformance.suite.http2.S6_9_1_FlowControlWindow;
import io.h2scope.conformance.suite.http2.S6_9_2_InitialWindowSize;
import io.h2scope.conformance.suite.http2.S6_9_WindowUpdate;
import io.h2scope.conformance.suite.http2.S7_ErrorCodes;
import io.h2scope.conformance.suite.http2.S8_1_2_1_PseudoHeaderFields;
import io.h2scope.conformance.suite.http2.S8_1_2_2_ConnectionSpecificFields;
import io.h2scope.conformance.suite.http2.S8_1_2_3_RequestPseudoHeaderFields;
import io.h2scope.conformance.suite.http2.S8_1_2_6_MalformedMessages;
import io.h2scope.conformance.suite.http2.S8_1_2_HeaderFields;
import io.h2scope.conformance.suite.http2.S8_1_RequestResponseExchange;
import io.h2scope.conformance.suite.http2.S8_2_ServerPush;
import io.h2scope.conformance.suite.output.ServerOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * The root of the suite: every section, in the order they run and are reported, listed
 * explicitly (no classpath scanning, as h2spec's {@code Spec()}). New sections are added here.
 */
public final class Suites {

    private Suites() {
    }

    public static List<Section> all() {
        List<Section> sections = new ArrayList<>(generic());
        sections.addAll(http2());
        sections.addAll(hpack());
        sections.addAll(rfc9113());
        sections.add(new T9_2_TlsUsage());
        sections.add(new T9_2_1_Renegotiation());
        sections.add(new Security());
        sections.addAll(ServerOutput.sections()); // judge the whole run's output: run last
        return List.copyOf(sections);
    }

    /** h2spec's generic/*: positive behaviour, each frame type used correctly. */
    public static List<Section> generic() {
        List<Section> sections = new ArrayList<>();
        sections.add(new G1_StartingHttp2());
        sections.add(new G2_StreamsAndMultiplexing());
        sections.addAll(G3_FrameDefinitions.sections());
        sections.add(new G4_HttpMessageExchanges());
        sections.add(new G5_Hpack());
        return List.copyOf(sections);
    }

    /** http2/* by RFC 7540 section (the RFC 9113 section is on each case). */
    public static List<Section> http2() {
        return List.of(new S3_5_ConnectionPreface(), new S4_1_FrameFormat(), new S4_2_FrameSize(),
                new S4_3_HeaderCompression(), new S5_1_StreamStates(), new S5_1_1_StreamIdentifiers(),
                new S5_1_2_StreamConcurrency(), new S5_3_1_StreamDependencies(), new S5_4_1_ConnectionErrorHandling(),
                new S5_5_ExtendingHttp2(), new S6_1_Data(), new S6_2_Headers(), new S6_3_Priority(), new S6_4_RstStream(),
                new S6_5_Settings(), new S6_5_2_DefinedSettings(), new S6_5_3_SettingsSynchronization(),
                new S6_6_PushPromise(), new S6_7_Ping(), new S6_8_GoAway(), new S6_9_WindowUpdate(),
                new S6_9_1_FlowControlWindow(), new S6_9_2_InitialWindowSize(), new S6_10_Continuation(),
                new S7_ErrorCodes(), new S8_1_RequestResponseExchange(), new S8_1_2_HeaderFields(), new S8_1_2_1_PseudoHeaderFields(),
                new S8_1_2_2_ConnectionSpecificFields(), new S8_1_2_3_RequestPseudoHeaderFields(),
                new S8_1_2_6_MalformedMessages(), new S8_2_ServerPush());
    }

    /** hpack/* by RFC 7541 section: field blocks broken octet by octet. */
    public static List<Section> hpack() {
        return List.of(new H2_3_2_DynamicTable(), new H2_3_3_IndexAddressSpace(), new H4_2_MaximumTableSize(),
                new H5_2_StringLiteral(), new H6_1_IndexedField(), new H6_3_DynamicTableSizeUpdate());
    }

    /** rfc9113/*: what RFC 9113 tightened beyond RFC 7540, by RFC 9113 section. */
    public static List<Section> rfc9113() {
        return List.of(new R8_1_Trailers(), new R8_2_1_FieldValidity(), new R8_2_2_ConnectionSpecificFields(),
                new R8_3_1_RequestPseudoHeaders(), new R8_5_Connect());
    }

    /** Every case of every section, in order. */
    public static List<CaseDef> allCases() {
        return all().stream().flatMap(s -> s.cases().stream()).toList();
    }
}
