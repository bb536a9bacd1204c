import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// `ctrf.json`: the record in the Common Test Report Format, valid against CTRF's schema
/// (Docs/Schemas/ctrf.schema.json, checked with PyPI's jsonschema).
@Suite(.tags(.small))
struct CTRFWriterTests {
    static func document(_ record: RunRecord, context: ReportContext = SampleRecord.context) throws -> JSONValue {
        try JSONValue(parsing: CTRFWriter().write(record, context: context))
    }

    static func test(_ document: JSONValue, _ id: String) throws -> JSONValue {
        try #require(document["results"]?["tests"]?.arrayValue?.first { $0["testId"] == .string(id) }, "no \(id)")
    }

    @Test func everyRecordShapeValidatesAgainstCTRFsSchema() async throws {
        for (name, record, context) in [
            ("sample", SampleRecord.record, SampleRecord.context), ("verified", SampleRecord.verifiedRecord, SampleRecord.context),
            ("rich", RichRecord.record, RichRecord.context),
        ] {
            let validation = try await CTRFSchema.validate(CTRFWriter().write(record, context: context))
            #expect(validation.status == 0, "\(name): \(validation.output)")
        }
    }

    /// So the check above can fail: a status CTRF does not know is refused.
    @Test func theSchemaRefusesWhatCTRFDoesNotKnow() async throws {
        let text = String(decoding: CTRFWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        let broken = text.replacingOccurrences(of: #""status" : "failed""#, with: #""status" : "error""#)
        #expect(broken != text)
        let validation = try await CTRFSchema.validate(Data(broken.utf8))
        #expect(validation.status == 1)
        #expect(validation.output.contains("'error' is not one of"), "\(validation.output)")
    }

    @Test func outcomesAreCTRFsStatusesAndTheSummaryCountsThem() throws {
        let document = try Self.document(SampleRecord.record)
        #expect(document["reportFormat"] == "CTRF" && document["specVersion"] == .string(CTRFWriter.specVersion))
        let crash = try Self.test(document, "SampleTests.crashes()")
        #expect(crash["status"] == "failed" && crash["rawStatus"] == "error")
        #expect(crash["message"]?.stringValue?.hasPrefix("the test process crashed with signal 6 (SIGABRT)") == true)
        let failing = try Self.test(document, "SampleTests.Failing/testTwoAsserts")
        #expect(failing["name"] == "testTwoAsserts" && failing["suite"] == ["SampleTests", "Failing"])
        #expect(failing["rawStatus"] == nil)
        let summary = try #require(document["results"]?["summary"])
        let tests = try #require(document["results"]?["tests"]?.arrayValue)
        for status in ["passed", "failed", "skipped"] {
            #expect(summary[status] == .number(Double(tests.count { $0["status"] == .string(status) })), "\(status)")
        }
        #expect(summary["tests"] == .number(Double(SampleRecord.record.tests.count)))
        #expect(summary["start"] == 1_795_238_400_000)
        #expect(summary["stop"] == .number(1_795_238_400_000 + (SampleRecord.record.duration * 1000).rounded()))
    }

    @Test func earlierAttemptsAreRetryAttemptsAndAPassOnARetryIsFlaky() throws {
        let document = try Self.document(SampleRecord.record)
        let flaky = try Self.test(document, "SampleTests.Retry/testEventuallyPasses")
        #expect(flaky["status"] == "passed" && flaky["flaky"] == true && flaky["retries"] == 2)
        let attempts = try #require(flaky["retryAttempts"]?.arrayValue)
        #expect(attempts.map { $0["attempt"] } == [1, 2])
        #expect(attempts.map { $0["status"] } == ["failed", "failed"])
        #expect(attempts[0]["line"] == 21 && attempts[0]["stdout"] == ["attempt 1 <output>"])
        #expect(attempts[1]["extra"]?["telltale.outcome"] == "error")
        let failing = try Self.test(document, "SampleTests.Retry/testAlwaysFails")
        #expect(failing["flaky"] == nil && failing["retries"] == 1)
        #expect(document["results"]?["summary"]?["flaky"] == 1)
    }

    @Test func aQuarantinedFailureIsSkippedWithItsRealOutcome() throws {
        var record = SampleRecord.record
        let index = try #require(record.tests.firstIndex { $0.id.rawValue == "SampleTests.Failing/testTwoAsserts" })
        record.tests[index].quarantine = QuarantineEntry(
            test: "SampleTests.Failing/testTwoAsserts", reason: "flaky CI", owner: "ana", until: "2099-01-01")
        let test = try Self.test(try Self.document(record), "SampleTests.Failing/testTwoAsserts")
        #expect(test["status"] == "skipped" && test["rawStatus"] == "failed")
        #expect(test["extra"]?["telltale.quarantine"]?["owner"] == "ana")
    }

    @Test func tagsBugsCasesAndAttachmentsGoWhereCTRFHasThem() throws {
        let document = try Self.document(RichRecord.record, context: RichRecord.context)
        let parameterized = try Self.test(document, "RichTests.Cases/isSmall(_:)")
        #expect(parameterized["steps"]?.arrayValue?.map { $0["name"] } == ["1", "2", "3"])
        #expect(parameterized["steps"]?.arrayValue?.map { $0["status"] } == ["passed", "passed", "failed"])
        #expect(parameterized["steps"]?.arrayValue?.first?["extra"]?["telltale.duration"] == 100)
        #expect(parameterized["filePath"] == nil)
        #expect(parameterized["trace"] == "Tests/RichTests/RichTests.swift:26: Expectation failed: (value → 3) < 3")
        let attachment = try #require(parameterized["attachments"]?.arrayValue?.first)
        #expect(attachment["contentType"] == "text/plain" && attachment["path"] == "attachments/RichTests.Cases-isSmall(_-)/three.txt")
        #expect(attachment["extra"]?["telltale.case"] == "3")
        let warning = try Self.test(document, "RichTests.Issues/recordsAWarning()")
        #expect(warning["tags"] == ["network", "slow"])
        #expect(warning["labels"]?["bug"] == ["https://example.com/issues/42", "javascript:alert(1)"])
        #expect(warning["labels"]?["framework"] == "Swift Testing")
        #expect(warning["attachments"]?.arrayValue?.first?["contentType"] == "image/png")
        #expect(warning["extra"]?["telltale.displayName"] == "Records a <warning>")
        #expect(warning["extra"]?["telltale.issues"]?.arrayValue?.first?["kind"] == "warning")
    }

    @Test func sameInputsGiveTheSameBytes() {
        #expect(
            CTRFWriter().write(SampleRecord.record, context: SampleRecord.context)
                == CTRFWriter().write(SampleRecord.record, context: SampleRecord.context))
    }
}

extension JSONValue {
    fileprivate var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
