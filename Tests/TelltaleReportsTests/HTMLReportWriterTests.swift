import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct HTMLReportWriterTests {
    let html = HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context)

    @Test func matchesGoldenFile() throws {
        try GoldenFile.check(html, named: "HTMLReportWriterTests.sample.html")
    }

    @Test func sameInputsGiveTheSameBytes() {
        #expect(HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context) == html)
    }

    @Test func isSelfContained() {
        let text = String(decoding: html, as: UTF8.self)
        #expect(!text.contains("http://") && !text.contains("https://"))
        #expect(!text.contains("<link") && !text.contains("<img") && !text.contains("<script src"))
        #expect(text.contains("default-src 'none'"))
        #expect(!text.contains("innerHTML"))
        #expect(!text.contains("insertAdjacentHTML"))
    }

    /// The data block holds no `<`, so no captured string can end the script element.
    @Test func dataBlockCannotEndTheScriptElement() throws {
        let text = String(decoding: html, as: UTF8.self)
        let open = #"<script type="application/json" id="telltale-data">"#
        let start = try #require(text.range(of: open))
        let end = try #require(text.range(of: "</script>", range: start.upperBound..<text.endIndex))
        let block = text[start.upperBound..<end.lowerBound]
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"))
        #expect(!block.contains("\u{2028}") && !block.contains("\u{2029}"))
        #expect(block.contains(#"\u003cscript\u003ewindow.__pwned = 1"#))
        #expect(block.contains(#"line\u2028para\u2029 \u0026 \u003c/script\u003e\u003c!--"#))

        // And it is plain JSON that reads back to the original strings.
        let json = try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any]
        let events = try #require(json?["events"] as? [[Any]])
        let payment = try #require(events.first { $0[1] as? String == "payment_failed" })
        let params = try #require(payment[3] as? [String: String])
        #expect(params["reason"] == SampleRecord.scriptPayload)
        #expect(params["note"] == SampleRecord.attributePayload)
        #expect(params["separators"] == "line\u{2028}para\u{2029} & </script><!--")
    }

    @Test func eventsAreGroupedByTestWithOffsetsFromTheTestStart() throws {
        let bytes = HTMLReportWriter().payload(SampleRecord.record, context: SampleRecord.context)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        let events = try #require(json["events"] as? [[Any]])
        let declined = try #require(tests.first { $0["id"] as? String == "SampleTests.Checkout/Declined/refuses(card:)" })
        let range = try #require(declined["e"] as? [Int])
        #expect(range == [0, 2])
        #expect(events[0][0] as? Int == 0)
        #expect(events[1][0] as? Int == 1000)
        #expect(json["unattributed"] as? [Int] == [3, 1])
        #expect(events[3][0] as? Int == -1000)
        #expect(tests.first { $0["id"] as? String == "SampleTests.Passing/testOK" }?["e"] == nil)
    }

    @Test func withVerificationMatchesGoldenFile() throws {
        let verified = HTMLReportWriter().write(SampleRecord.verifiedRecord, context: SampleRecord.context)
        try GoldenFile.check(verified, named: "HTMLReportWriterTests.verified.html")
        #expect(HTMLReportWriter().write(SampleRecord.verifiedRecord, context: SampleRecord.context) == verified)
    }

    /// A record without a verdict gets none of the analytics code; one with a verdict gets it.
    @Test func analyticsCodeOnlyWithAVerdict() {
        let plain = String(decoding: html, as: UTF8.self)
        let verified = String(decoding: HTMLReportWriter().write(SampleRecord.verifiedRecord, context: SampleRecord.context), as: UTF8.self)
        for marker in ["\"verification\":", "analytics-button", "verificationBlock", ".vparams"] {
            #expect(!plain.contains(marker), "\(marker) in a page without a verdict")
            #expect(verified.contains(marker), "\(marker) missing from a page with a verdict")
        }
        #expect(!verified.contains("innerHTML") && !verified.contains("insertAdjacentHTML"))
        #expect(!verified.contains("http://") && !verified.contains("https://"))
    }

    @Test func verificationIsInTheDataWithTheTestsInListOrder() throws {
        let bytes = HTMLReportWriter().payload(SampleRecord.verifiedRecord, context: SampleRecord.context)
        #expect(!bytes.contains(UInt8(ascii: "<")))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        let verification = try #require(json["verification"] as? [String: Any])
        #expect(verification["ok"] as? Bool == false)
        #expect(verification["events"] as? Int == 4)
        #expect(verification["unattributedEvents"] as? Int == 1)
        #expect(verification["checked"] as? Int == 5)
        let failed = try #require(verification["failed"] as? [Int])
        #expect(failed.map { tests[$0]["id"] as? String } == [SampleRecord.declined.rawValue, "SampleTests.Failing/testTwoAsserts"])
        let others = try #require(verification["others"] as? [[String: Any]])
        #expect(others.map { $0["id"] as? String } == ["SampleTests.Ghost/testGone()"])
        let coverage = try #require(verification["coverage"] as? [[Any]])
        #expect(coverage.count == 5)
        #expect(coverage[0][0] as? String == "app_opened" && coverage[0][1] as? Int == 0)
        #expect(verification["unused"] as? [String] == ["SampleTests.Gone/*", "<b>SampleTests.Typo</b>"])
        let unattributed = try #require(verification["unattributed"] as? [[String: Any]])
        #expect(unattributed.first?["k"] as? String == "unplannedEvent")
        #expect(unattributed.first?["p"] == nil)
        #expect(unattributed.first?["a"] == nil)

        // The declined test's failures are among its messages already: no repeat of the text.
        let declined = try #require(tests[failed[0]]["v"] as? [String: Any])
        #expect(declined["n"] as? Int == 2)
        let failures = try #require(declined["f"] as? [[String: Any]])
        #expect(failures.map { $0["k"] as? String } == ["missingEvent", "forbiddenEvent"])
        #expect(failures.allSatisfy { $0["t"] == nil })
        #expect(failures[0]["l"] as? String == "Plans/sample.yml:12:9")
        #expect(failures[1]["ids"] as? [String] == ["e3"])
        let closest = try #require(failures[0]["c"] as? [[String: Any]])
        #expect(closest.map { $0["at"] as? Int } == [0, 1000], "offsets from the test's start, as in its timeline")
        #expect(closest[0]["other"] as? Bool == true)
        let differences = try #require(closest[1]["d"] as? [[String: String]])
        #expect(differences[0] == ["p": "currency", "e": "\"USD\""])
        #expect(differences[1]["a"] == "\"\(SampleRecord.scriptPayload)\" (string)")
        let violations = try #require(declined["x"] as? [[String: Any]])
        #expect(violations.map { $0["k"] as? String } == ["enumMismatch", "missingRequired"])
        #expect(violations[0]["n"] as? Int == 1)

        // testTwoAsserts' failure is not among its messages: the text comes along.
        let twoAsserts = try #require(tests[failed[1]]["v"] as? [String: Any])
        let onlyFailure = try #require((twoAsserts["f"] as? [[String: Any]])?.first)
        #expect(onlyFailure["t"] as? String == "missing event: expected cart_viewed (at least 1), but the test sent no events")

        let passing = try #require(tests.first { $0["id"] as? String == "SampleTests.Retry/testEventuallyPasses" }?["v"] as? [String: Any])
        #expect(passing.count == 1 && passing["n"] as? Int == 1)
        #expect(tests.first { $0["id"] as? String == "SampleTests.crashes()" }?["v"] == nil)
    }

    @Test func longOutputIsCutWithAPointerToTheLogs() throws {
        var record = SampleRecord.record
        record.tests[0].output = String(repeating: "é", count: HTMLReportWriter.maxOutputBytes)
        let text = String(decoding: HTMLReportWriter().write(record, context: SampleRecord.context), as: UTF8.self)
        #expect(text.contains("[output cut at 256 KiB; the full output is in logs/tests.log]"))
        #expect(text.utf8.count < html.count + HTMLReportWriter.maxOutputBytes + 1000)
    }
}
