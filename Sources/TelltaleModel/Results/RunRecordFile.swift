import Foundation
import TelltaleModel

/// Reads and writes `run.json`, the record every report is regenerated from.
package enum RunRecordFile {
    package enum RunRecordFileError: Error, LocalizedError {
        case unreadable(path: String, reason: String)
        case unsupportedVersion(path: String, version: Int)

        package var errorDescription: String? {
            switch self {
            case .unreadable(let path, let reason): "\(path): not a Telltale run record: \(reason)"
            case .unsupportedVersion(let path, let version):
                "\(path): run record schema version \(version) is newer than this Telltale understands (\(RunRecord.currentSchemaVersion)); update Telltale"
            }
        }
    }

    /// Pretty, with keys sorted bytewise (stable bytes for the same record), except that
    /// `schemaVersion` comes first so a reader can check it before anything else. Dates are
    /// ISO 8601 with milliseconds; the layout is `JSONEncoder`'s `.prettyPrinted` one.
    package static func encode(_ record: RunRecord) throws -> Data {
        let value = try JSONValueEncoder().encode(record)
        return Data(value.serialized(JSONFormatting(pretty: true, leadingKeys: ["schemaVersion"])))
    }

    /// Reads a record; dates with or without fractions of a second (records before 0.x wrote whole seconds).
    package static func read(path: String) throws -> RunRecord {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw RunRecordFileError.unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            let value = try JSONValue(parsing: data)
            guard case .number(let version) = value["schemaVersion"] ?? .null else {
                throw RunRecordFileError.unreadable(path: path, reason: "no schemaVersion number")
            }
            guard version <= Double(RunRecord.currentSchemaVersion) else {
                throw RunRecordFileError.unsupportedVersion(path: path, version: Int(exactly: version) ?? Int.max)
            }
            return try JSONValueDecoder().decode(RunRecord.self, from: value)
        } catch let error as RunRecordFileError {
            throw error
        } catch let error as JSONParseError {
            throw RunRecordFileError.unreadable(path: path, reason: error.description)
        } catch {
            throw RunRecordFileError.unreadable(path: path, reason: "\(error)")
        }
    }
}
