import Foundation
import Testing
import TelltaleModel
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
