import Foundation
import TelltaleModel

/// Coverage maps (what each test executed, `telltale run --coverage-map`), kept as the opaque
/// bytes TelltaleCoverage writes: `--changed --select tests` reads the newest.
extension HistoryStore {
    /// How many maps the history keeps; older ones are deleted as new ones arrive.
    package static let keptCoverageMaps = 3

    /// A stored map and what is known of it without decoding it.
    package struct StoredCoverageMap: Sendable {
        package var recordedAt: Date
        package var commit: String?
        package var tests: Int
        package var data: Data
    }

    /// Keeps a map; false when the history already had these exact bytes.
    @discardableResult
    package func saveCoverageMap(_ data: Data, recordedAt: Date, commit: String?, tests: Int) async throws(HistoryError) -> Bool {
        // Known by its bytes' digest and their length: the same map imported twice has both alike.
        let map = RecordedCoverageMap(
            data: data, recordedAt: recordedAt, commit: commit, tests: tests, digest: SourceDigest.of(data) + "-\(data.count)")
        return try await run { try await $0.saveCoverageMap(map, keep: Self.keptCoverageMaps) }
    }

    /// How many maps the history holds.
    package func coverageMapCount() async throws(HistoryError) -> Int {
        try await run { try await $0.coverageMapCount() }
    }

    /// The most recently recorded map, if any.
    package func latestCoverageMap() async throws(HistoryError) -> StoredCoverageMap? {
        try await run { try await $0.latestCoverageMap() }
    }
}
