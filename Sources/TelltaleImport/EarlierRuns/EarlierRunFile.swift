import Foundation
import TelltaleModel

/// A record of an earlier run from the files it left: its `run.json`, or a JUnit XML file
/// written by Telltale or any other tool. `--timings` and `telltale history import` read it.
package enum EarlierRunFile {
    /// A file that gives no record: unreadable, a broken run.json, not XML, or XML without a `testcase`.
    package struct EarlierRunFileError: Error, LocalizedError {
        package var path: String
        /// What is wrong with the file, without its path.
        package var reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        package var errorDescription: String? {
            "\(path): \(reason); give a run.json or a JUnit XML file from an earlier run"
        }
    }

    /// The file's record: a `run.json` as it was written, or one made from the JUnit results, named
    /// after the file, with the host from `hostname` and the tool recorded as `junit`.
    package static func read(path: String) throws(EarlierRunFileError) -> RunRecord {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EarlierRunFileError(path: path, reason: "cannot read the file")
        }
        // The first byte that is not white space tells the two apart: `{` for a run.json, `<` for XML.
        let firstByte = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if firstByte == UInt8(ascii: "{") {
            do {
                return try RunRecordFile.read(path: path)
            } catch {
                throw EarlierRunFileError(path: path, reason: error.localizedDescription)
            }
        }
        let junit: (tests: [TestResult], startedAt: Date?, host: String?)
        do {
            junit = try JUnitReader.read(data)
        } catch {
            throw EarlierRunFileError(path: path, reason: error.localizedDescription)
        }
        guard !junit.tests.isEmpty else { throw EarlierRunFileError(path: path, reason: "no <testcase> in it") }
        // Without a timestamp, the file's own time is the best guess of when the run was.
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        return RunRecord(
            tool: ToolInfo(name: "junit", version: "unknown"),
            plan: PlanSummary(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, path: nil, package: "."),
            environment: RunEnvironment(host: junit.host ?? "unknown", operatingSystem: "unknown"),
            startedAt: junit.startedAt ?? modified ?? Date(),
            // The tests' sum; the suites' own `time` attributes are not read.
            duration: junit.tests.reduce(0) { $0 + $1.duration },
            tests: junit.tests
        )
    }
}
