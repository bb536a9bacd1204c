import Foundation
import TelltaleModel

/// Reads the capture server's durable log (one event per line) back, for runs that
/// ended early: what was acknowledged is in the file, whatever state the server was in.
enum CaptureLogFile {
    static func read(path: String) -> [Event] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONValueDecoder()
        // A line cut short by a kill is skipped; every acknowledged event ends with a newline.
        let events = data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            try? decoder.decode(Event.self, from: line)
        }
        // Each event loop writes its own lines, so events that arrived together on two loops
        // can be out of id order in the file; ids count arrivals.
        return events.sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
    }
}
