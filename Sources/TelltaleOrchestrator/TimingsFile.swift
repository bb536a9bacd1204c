import Foundation
import TelltaleImport
import TelltaleModel

/// Past test durations given by hand (`--timings`): a previous `run.json` or a JUnit file
/// (Telltale's own, or any tool's: only `classname`, `name` and `time` are read).
package enum TimingsFile {
    package struct TimingsFileError: Error, LocalizedError {
        package var path: String
        package var reason: String
        package var errorDescription: String? {
            "--timings \(path): \(reason); give a run.json or a JUnit XML file from an earlier run"
        }
    }

    /// Seconds per `TestID.timingKey`; a test listed twice keeps its longer time.
    package static func read(path: String) throws(TimingsFileError) -> [String: Double] {
        do {
            let record = try EarlierRunFile.read(path: path)
            return Dictionary(record.tests.map { ($0.id.timingKey, $0.duration) }) { max($0, $1) }
        } catch {
            throw TimingsFileError(path: path, reason: error.reason)
        }
    }
}
