import Foundation
import TelltaleHistory
import TelltaleModel

/// `telltale history import`: earlier runs' `run.json` and JUnit files into the history,
/// so a CI job that starts with an empty disk schedules by the last main-branch run.
public enum HistoryImport {
    public struct Outcome: Sendable {
        public var path: String
        public var tests: Int
        /// False when the history already had this run.
        public var added: Bool
    }

    /// Imports each file in order; the first unreadable file stops the import (those
    /// before it stay imported: each run is its own transaction).
    public static func run(files: [String], into store: HistoryStore) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for path in files {
            let record = try EarlierRunFile.read(path: path)
            let added = try await store.record(record, source: .import)
            outcomes.append(Outcome(path: path, tests: record.tests.count, added: added))
        }
        return outcomes
    }
}
