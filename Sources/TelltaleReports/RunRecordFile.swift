import Foundation
import TelltaleModel

/// Reads and writes `run.json`, the record every report is regenerated from.
public enum RunRecordFile {
    public enum ReadError: Error, LocalizedError {
        case unreadable(path: String, reason: String)
        case unsupportedVersion(path: String, version: Int)

        public var errorDescription: String? {
            switch self {
            case .unreadable(let path, let reason): "\(path): not a Telltale run record: \(reason)"
            case .unsupportedVersion(let path, let version):
                "\(path): run record schema version \(version) is newer than this Telltale understands (\(RunRecord.currentSchemaVersion)); update Telltale"
            }
        }
    }

    /// Pretty, with sorted keys (stable bytes for the same record), except that
    /// `schemaVersion` comes first so a reader can check it before anything else.
    public static func encode(_ record: RunRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(record), as: UTF8.self)
        let versionLine = "  \"schemaVersion\" : \(record.schemaVersion),\n"
        guard text.hasPrefix("{\n"), let range = text.range(of: "\n" + versionLine) else { return Data(text.utf8) }
        var reordered = text
        reordered.removeSubrange(text.index(after: range.lowerBound)..<range.upperBound)
        reordered.insert(contentsOf: versionLine, at: reordered.index(reordered.startIndex, offsetBy: 2))
        return Data(reordered.utf8)
    }

    public static func read(path: String) throws -> RunRecord {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ReadError.unreadable(path: path, reason: error.localizedDescription)
        }
        struct VersionProbe: Decodable { var schemaVersion: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let version = try decoder.decode(VersionProbe.self, from: data).schemaVersion
            guard version <= RunRecord.currentSchemaVersion else {
                throw ReadError.unsupportedVersion(path: path, version: version)
            }
            return try decoder.decode(RunRecord.self, from: data)
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError.unreadable(path: path, reason: "\(error)")
        }
    }
}
