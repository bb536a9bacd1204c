import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleRunner

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Past test durations for splitting shards, from a previous `run.json` or a JUnit file
/// (Telltale's own, or any tool's: only `classname`, `name` and `time` are read).
public enum TimingsFile {
    public struct ReadError: Error, LocalizedError {
        public var path: String
        public var reason: String
        public var errorDescription: String? {
            "--timings \(path): \(reason); give a run.json or a JUnit XML file from an earlier run"
        }
    }

    /// Seconds per `ShardPlanner.timingKey`.
    public static func read(path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, reason: "cannot read the file")
        }
        let firstByte = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if firstByte == UInt8(ascii: "{") {
            do {
                let record = try RunRecordFile.read(path: path)
                return Dictionary(record.tests.map { (ShardPlanner.timingKey($0.id), $0.duration) }) { max($0, $1) }
            } catch {
                throw ReadError(path: path, reason: error.localizedDescription)
            }
        }
        // FoundationXML accepts some non-XML text as a document without a root, and
        // crashes on XPath queries over it: require a root and walk the tree by hand.
        guard let document = try? XMLDocument(data: data), let root = document.rootElement() else {
            throw ReadError(path: path, reason: "neither a run.json nor JUnit XML")
        }
        var durations: [String: Double] = [:]
        for element in testCases(in: root) {
            guard let name = element.attribute(forName: "name")?.stringValue,
                let time = element.attribute(forName: "time")?.stringValue.flatMap(Double.init)
            else { continue }
            let classname = element.attribute(forName: "classname")?.stringValue ?? ""
            durations["\(classname)/\(name)"] = time
        }
        return durations
    }

    private static func testCases(in element: XMLElement) -> [XMLElement] {
        if element.name == "testcase" { return [element] }
        return (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap(testCases(in:))
    }
}
