import Foundation
import TelltaleModel

/// `coverage.json` in the report folder: `LineCoverage` as JSON, keys sorted (TelltaleModel's engine).
package enum LineCoverageFile {
    package static let fileName = "coverage.json"

    /// `coverage.json` is there but cannot be used: not Telltale's coverage data, or a newer Telltale's.
    package struct CoverageFileError: Error, LocalizedError {
        package var path: String
        package var reason: String
        package var errorDescription: String? { "\(path): \(reason)" }
    }

    /// The file's bytes: keys sorted, then a newline.
    package static func encode(_ data: LineCoverage) throws -> Data {
        Data(try JSONValueEncoder().serialize(data) + [0x0A])
    }

    /// Nil when there is no such file (a run without coverage); a file that is not Telltale's coverage data is an error.
    package static func read(path: String) throws(CoverageFileError) -> LineCoverage? {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        do {
            let data = try JSONValueDecoder().decode(LineCoverage.self, from: bytes)
            // A newer Telltale's data may mean more than this one knows: refused rather than misread.
            guard data.schemaVersion <= LineCoverage.currentSchemaVersion else {
                throw CoverageFileError(
                    path: path,
                    reason: "coverage data version \(data.schemaVersion) is newer than this Telltale reads (\(LineCoverage.currentSchemaVersion))")
            }
            return data
        } catch let failure as CoverageFileError {
            throw failure
        } catch {
            throw CoverageFileError(path: path, reason: "not Telltale's coverage data (\(error)); run the tests with --coverage again")
        }
    }
}
