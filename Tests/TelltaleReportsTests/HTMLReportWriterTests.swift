import Foundation
import Testing
import TelltaleModel
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

    @Test func longOutputIsCutWithAPointerToTheLogs() throws {
        var record = SampleRecord.record
        record.tests[0].output = String(repeating: "é", count: HTMLReportWriter.maxOutputBytes)
        let text = String(decoding: HTMLReportWriter().write(record, context: SampleRecord.context), as: UTF8.self)
        #expect(text.contains("[output cut at 256 KiB; the full output is in logs/tests.log]"))
        #expect(text.utf8.count < html.count + HTMLReportWriter.maxOutputBytes + 1000)
    }
}
