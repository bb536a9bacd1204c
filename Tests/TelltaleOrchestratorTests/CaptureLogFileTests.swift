import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

/// A run that ended early reads its events back from the capture log.
@Suite(.tags(.small))
struct CaptureLogFileTests {
    static func line(_ id: String, _ name: String) -> String {
        let event = Event(
            id: id, receivedAt: Date(timeIntervalSince1970: 1_750_000_000), session: "worker-1", test: nil, source: .telltale,
            name: name, params: [:], raw: .object(["name": .string(name)]))
        var bytes: [UInt8] = []
        event.appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each event loop writes its own lines: the file can hold ids out of order, and a kill
    /// can cut the last line short.
    @Test func readsEventsInIdOrderAndSkipsACutLine() throws {
        let text =
            [Self.line("00000002", "b"), Self.line("00000001", "a"), Self.line("00000010", "d"), Self.line("00000003", "c")]
            .joined(separator: "\n") + "\n" + String(Self.line("00000011", "e").prefix(20))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-capture.jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = CaptureLogFile.read(path: path)
        #expect(events.map(\.id) == ["00000001", "00000002", "00000003", "00000010"])
        #expect(events.map(\.name) == ["a", "b", "c", "d"])
    }
}
