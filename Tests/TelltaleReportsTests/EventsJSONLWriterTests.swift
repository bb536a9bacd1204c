import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct EventsJSONLWriterTests {
    let data = EventsJSONLWriter().write(SampleRecord.record, context: SampleRecord.context)

    @Test func matchesGoldenFile() throws {
        try GoldenFile.check(data, named: "EventsJSONLWriterTests.sample.jsonl")
    }

    @Test func oneEventALineInArrivalOrderThatReadsBack() throws {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == SampleRecord.events.count + 1)
        #expect(lines.last == "")
        let events = try lines.dropLast().map { try JSONValueDecoder().decode(Event.self, from: Array($0.utf8)) }
        #expect(events == SampleRecord.events)
        #expect(
            lines[0]
                == #"{"id":"e1","name":"app_open","params":{},"raw":{"name":"app_open"},"receivedAt":"2026-11-21T05:19:59.000Z","session":"s1","source":"telltale","test":null}"#
        )
    }

    @Test func noEventsIsAnEmptyFile() {
        var record = SampleRecord.record
        record.events = []
        #expect(EventsJSONLWriter().write(record, context: SampleRecord.context).isEmpty)
    }
}
