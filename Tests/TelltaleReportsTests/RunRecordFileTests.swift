import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct RunRecordFileTests {
    @Test func schemaVersionComesFirstAndTheRecordRoundTrips() throws {
        let data = try RunRecordFile.encode(SampleRecord.record)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"schemaVersion\" : 1,\n"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).json").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try RunRecordFile.read(path: path) == SampleRecord.record)
        #expect(try RunRecordFile.encode(SampleRecord.record) == data)
    }

    /// What `RunRecordFile.encode` wrote before it had its own serializer: `JSONEncoder`, pretty,
    /// sorted keys, whole-second dates, `schemaVersion` moved to the front.
    static func foundationEncoded(_ record: RunRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var text = String(decoding: try encoder.encode(record), as: UTF8.self)
        let versionLine = "  \"schemaVersion\" : \(record.schemaVersion),\n"
        let range = try #require(text.range(of: "\n" + versionLine))
        text.removeSubrange(text.index(after: range.lowerBound)..<range.upperBound)
        text.insert(contentsOf: versionLine, at: text.index(text.startIndex, offsetBy: 2))
        return text
    }

    @Test func layoutIsJSONEncodersWithMillisecondDates() throws {
        let ours = String(decoding: try RunRecordFile.encode(SampleRecord.record), as: UTF8.self)
        #expect(ours.contains(#""startedAt" : "2026-11-21T05:20:00.000Z""#))
        #expect(ours.replacingOccurrences(of: ".000Z\"", with: "Z\"") == (try Self.foundationEncoded(SampleRecord.record)))
    }

    @Test func oldWholeSecondRecordsStillRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).json").path
        try Data(try Self.foundationEncoded(SampleRecord.record).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try RunRecordFile.read(path: path) == SampleRecord.record)
    }

    @Test func fullRecordRoundTripsThroughJSONValueCoding() throws {
        let value = try JSONValueEncoder().encode(SampleRecord.record)
        #expect(try JSONValueDecoder().decode(RunRecord.self, from: value) == SampleRecord.record)
        #expect(try JSONValueDecoder().decode(RunRecord.self, from: value.serialized()) == SampleRecord.record)
        var fractional = SampleRecord.record
        fractional.startedAt = SampleRecord.start.addingTimeInterval(0.25)
        fractional.events[0].receivedAt = SampleRecord.start.addingTimeInterval(-0.5)
        let back = try JSONValueDecoder().decode(RunRecord.self, from: try JSONValueEncoder().encode(fractional).serialized(.pretty))
        #expect(back == fractional)
    }

    @Test func unparsableRecordSaysWhere() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).json").path
        try Data(#"{"schemaVersion": 1,}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try RunRecordFile.read(path: path)
        } throws: { error in
            (error as? LocalizedError)?.errorDescription?.contains("invalid JSON at byte 20") == true
        }
    }

    @Test func newerSchemaIsRefusedWithAClearMessage() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).json").path
        try Data(#"{"schemaVersion": 99}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try RunRecordFile.read(path: path)
        } throws: { error in
            (error as? LocalizedError)?.errorDescription?.contains("schema version 99 is newer") == true
        }
    }

    @Test func notARecordNamesTheFile() {
        #expect {
            try RunRecordFile.read(path: "/nonexistent/run.json")
        } throws: { error in
            (error as? LocalizedError)?.errorDescription?.hasPrefix("/nonexistent/run.json") == true
        }
    }
}
