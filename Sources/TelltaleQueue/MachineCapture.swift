import Foundation
import TelltaleModel

/// What one machine of a build captured, kept in the queue beside its results so `queue report`
/// builds the build's record from everything a single machine's record is built from: the
/// events its capture server stored (attributed to tests and attempts), the tests whose events
/// were checked as they ended (their results already carry that verdict), and the package's
/// folder on that machine, under which its results' source paths are.
package struct MachineCapture: Sendable, Equatable {
    package var machine: String
    package var packageRoot: String?
    package var events: [Event]
    package var checkedAtEnd: [TestID: TestVerification]

    package init(machine: String, packageRoot: String?, events: [Event], checkedAtEnd: [TestID: TestVerification]) {
        self.machine = machine
        self.packageRoot = packageRoot
        self.events = events
        self.checkedAtEnd = checkedAtEnd
    }

    /// The events as one JSON array, the row's `events` column.
    var eventsText: String { Self.encode(events) }

    /// The verdicts as one JSON array, each naming its test, the row's `checked` column.
    var checkedText: String { Self.encode(checkedAtEnd.values.sorted { $0.test.rawValue < $1.test.rawValue }) }

    /// A machine's row read back; a column that no longer decodes (written by another version)
    /// reads as empty, and `queue report` says so.
    init?(machine: String, packageRoot: String?, events: String, checked: String) {
        guard let events = Self.decode([Event].self, events), let checked = Self.decode([TestVerification].self, checked) else { return nil }
        self.init(
            machine: machine, packageRoot: packageRoot, events: events,
            checkedAtEnd: Dictionary(checked.map { ($0.test, $0) }) { _, last in last })
    }

    private static func encode<T: Encodable>(_ value: T) -> String {
        guard let tree = try? JSONValueEncoder().encode(value) else { return "[]" }
        return String(decoding: tree.serialized(JSONFormatting()), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else { return nil }
        return try? JSONValueDecoder().decode(type, from: value)
    }
}
