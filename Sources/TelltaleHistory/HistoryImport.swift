import Foundation
import TelltaleCoverage
import TelltaleImport
import TelltaleModel

/// `telltale history import`: earlier runs' `run.json` and JUnit files into the history,
/// so a CI job that starts with an empty disk schedules by the last main-branch run; and a
/// `--coverage-map` run's `coverage-map.bin` (named, or beside an imported `run.json`), so a
/// developer's `--changed --select tests` uses the map CI recorded.
package enum HistoryImport {
    package struct Outcome: Sendable {
        /// The file imported: a `run.json`, a JUnit file, a report folder or a coverage map.
        package var path: String
        /// The tests the run recorded, or the tests the map knows.
        package var tests: Int
        /// False when the history already had this run.
        package var added: Bool
        /// The file was a coverage map (`tests` is how many tests it knows).
        package var isCoverageMap = false
    }

    /// Imports each file in order; the first unreadable file stops the import (those
    /// before it stay imported: each run is its own transaction).
    package static func run(files: [String], into store: HistoryStore) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for path in files {
            // Told apart by its first bytes (`TTCM`), whatever the file is called.
            if Self.isCoverageMap(path) {
                outcomes.append(try await importMap(path, into: store))
                continue
            }
            let record = try EarlierRunFile.read(path: path)
            let added = try await store.record(record, source: .import)
            outcomes.append(Outcome(path: path, tests: record.tests.count, added: added))
            // A `--coverage-map` run's folder holds its map beside `run.json`: importing the run brings it too.
            let beside = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(CoverageMap.fileName).path
            if path.hasSuffix("run.json"), FileManager.default.fileExists(atPath: beside) {
                outcomes.append(try await importMap(beside, into: store))
            }
        }
        return outcomes
    }

    /// A file that starts as a coverage map does.
    static func isCoverageMap(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data("TTCM".utf8)
    }

    /// A map this Telltale cannot read fails the import as an unreadable run file would, naming the file.
    private static func importMap(_ path: String, into store: HistoryStore) async throws -> Outcome {
        let map: CoverageMap
        do {
            map = try CoverageMap(decoding: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as CoverageMap.CoverageMapFormatError {
            throw EarlierRunFile.EarlierRunFileError(path: path, reason: error.description)
        }
        let added = try await store.saveCoverageMap(map.encoded(), recordedAt: map.recordedAt, commit: map.commit, tests: map.tests.count)
        return Outcome(path: path, tests: map.tests.count, added: added, isCoverageMap: true)
    }
}
