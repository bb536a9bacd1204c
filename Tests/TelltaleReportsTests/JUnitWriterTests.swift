import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

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
        #expect(text.contains(#"<testsuites name="sample &lt;plan&gt;" tests="8" failures="3" errors="1" skipped="1" time="12.346""#))
        #expect(
            text.contains(
                #"classname="SampleTests.Checkout.Declined" name="refuses(card:)" time="0.250" file="Tests/SampleTests/Checkout.swift" line="42""#),
            "a failure points at its own line")
        #expect(text.contains(#"<failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;)" type="XCTAssertEqual">"#))
        #expect(text.contains(#"<error message="the test process crashed with signal 6 (SIGABRT) while this test was running" type="crash">"#))
    }

    @Test func aFlakyTestListsItsFailedAttemptsAndAFailingOneItsReruns() throws {
        let text = String(decoding: xml, as: UTF8.self)
        let flaky = try #require(text.range(of: #"name="testEventuallyPasses""#)).upperBound
        let flakyEnd = try #require(text.range(of: "</testcase>", range: flaky..<text.endIndex)).lowerBound
        let flakyCase = text[flaky..<flakyEnd]
        #expect(!flakyCase.contains("<failure"))
        #expect(
            flakyCase.contains(
                #"<flakyFailure message="XCTAssertEqual failed: (&quot;timeout&quot;) is not equal to (&quot;ok&quot;)" type="XCTAssertEqual">"#))
        #expect(flakyCase.contains("<stackTrace>Tests/SampleTests/Retry.swift:21: XCTAssertEqual failed"))
        #expect(flakyCase.contains("<system-out>attempt 1 &lt;output&gt;</system-out>"))
        #expect(
            flakyCase.contains(#"<flakyError message="the test process crashed with signal 11 (SIGSEGV) while this test was running" type="crash">"#))

        let failing = try #require(text.range(of: #"name="testAlwaysFails""#)).upperBound
        let failingEnd = try #require(text.range(of: "</testcase>", range: failing..<text.endIndex)).lowerBound
        let failingCase = text[failing..<failingEnd]
        let failure = try #require(failingCase.range(of: "<failure "))
        let rerun = try #require(failingCase.range(of: #"<rerunFailure message="XCTFail: broken" type="XCTFail">"#))
        #expect(failure.lowerBound < rerun.lowerBound)
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
    @Test func validatesAgainstTheExtendedSchemaWithXmllint() async throws {
        let xml = JUnitWriter().write(SampleRecord.record, context: SampleRecord.context)
        let result = try await XMLLint.validate(xml)
        #expect(result.status == 0, "xmllint: \(result.output)")
        #expect(result.output.contains("validates"))
    }

    @Test func xmllintRejectsAnInvalidDocumentSoTheCheckCanFail() async throws {
        let invalid = Data(#"<testsuites><testsuite name="x"/></testsuites>"#.utf8)
        let result = try await XMLLint.validate(invalid)
        #expect(result.status != 0)
    }
}

/// A JUnit consumer library, PyPI's junitparser (installed by Scripts/install-dependencies.sh),
/// reads the totals the record has.
@Suite(.tags(.medium))
struct JUnitConsumerTests {
    @Test func junitparserReadsTheSameTotals() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try JUnitWriter().write(SampleRecord.record, context: SampleRecord.context).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = try await JUnitParserTotals.read(path: file.path)
        let totals = SampleRecord.record.totals
        let expected = ["tests": totals.tests, "failures": totals.failed, "errors": totals.errors, "skipped": totals.skipped]
        #expect(read["root"] == expected)
        #expect(read["declared"] == expected)
        #expect(read["counted"] == expected)
    }
}
