import Foundation
import Testing
import TelltaleModel
import TelltaleTestSupport
@testable import TelltaleReports

@Suite(.tags(.small))
struct JUnitWriterTests {
    let xml = JUnitWriter().write(SampleRecord.record, context: SampleRecord.context)

    @Test func matchesGoldenFile() throws {
        try GoldenFile.check(xml, named: "JUnitWriterTests.sample.xml")
    }

    @Test func sameInputsGiveTheSameBytes() {
        #expect(JUnitWriter().write(SampleRecord.record, context: SampleRecord.context) == xml)
    }

    @Test func totalsAndLocationsAreWhereConsumersReadThem() throws {
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains(#"<testsuites name="sample &lt;plan&gt;" tests="6" failures="2" errors="1" skipped="1" time="12.346""#))
        #expect(text.contains(#"classname="SampleTests.Checkout.Declined" name="refuses(card:)" time="0.250" file="Tests/SampleTests/Checkout.swift" line="40""#))
        #expect(text.contains(#"<failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;)" type="XCTAssertEqual">"#))
        #expect(text.contains(#"<error message="the test process crashed with signal 6 (SIGABRT) while this test was running" type="crash">"#))
    }

    @Test func forbiddenControlCharactersAreGone() {
        let bytes = [UInt8](xml)
        let forbidden = bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        #expect(forbidden.isEmpty)
        #expect(!String(decoding: xml, as: UTF8.self).contains("[31m"))
    }
}

@Suite(.tags(.medium))
struct JUnitSchemaTests {
    @Test func validatesAgainstTheExtendedSchemaWithXmllint() throws {
        let xml = JUnitWriter().write(SampleRecord.record, context: SampleRecord.context)
        let result = try XMLLint.validate(xml)
        #expect(result.status == 0, "xmllint: \(result.output)")
        #expect(result.output.contains("validates"))
    }

    @Test func xmllintRejectsAnInvalidDocumentSoTheCheckCanFail() throws {
        let invalid = Data(#"<testsuites><testsuite name="x"/></testsuites>"#.utf8)
        let result = try XMLLint.validate(invalid)
        #expect(result.status != 0)
    }
}
