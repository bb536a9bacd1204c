import Foundation

/// `coverage.json` in the report folder: `CoverageData` as JSON, keys sorted.
public enum CoverageDataFile {
    public static let fileName = "coverage.json"

    public struct Failure: Error, LocalizedError {
        public var path: String
        public var reason: String
        public var errorDescription: String? { "\(path): \(reason)" }
    }

    public static func encode(_ data: CoverageData) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(data) + Data("\n".utf8)
    }

    /// Nil when there is no such file (a run without coverage); a file that is not Telltale's coverage data is an error.
    public static func read(path: String) throws(Failure) -> CoverageData? {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        do {
            let data = try JSONDecoder().decode(CoverageData.self, from: bytes)
            guard data.schemaVersion <= CoverageData.currentSchemaVersion else {
                throw Failure(
                    path: path,
                    reason: "coverage data version \(data.schemaVersion) is newer than this Telltale reads (\(CoverageData.currentSchemaVersion))")
            }
            return data
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(path: path, reason: "not Telltale's coverage data (\(error)); run the tests with --coverage again")
        }
    }
}
