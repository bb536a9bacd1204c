import Foundation
import TelltaleModel

/// What a report writer may know beyond the record. Writers never read the clock
/// or the environment themselves, so the same inputs always give the same bytes.
package struct ReportContext: Sendable {
    /// When the reports were written (`telltale report` later than the run), as the reports date themselves.
    package var generatedAt: Date
    /// The Telltale writing the reports, which may be newer than the one that made the record.
    package var toolVersion: String
    /// Source paths under this directory are written relative to it, so review
    /// tools can link them to the repository.
    package var sourceRoot: String?
    /// The report folder as the reader knows it (`Reports`), for "open index.html in …" hints.
    package var reportDirectory: String
    /// The logs folder as reports refer to it: relative to the report folder.
    package var logsPath: String

    /// The usual folder name; `ReportDirectory.write` replaces it with the folder it writes.
    package static let defaultReportDirectory = "Reports"

    package init(
        generatedAt: Date, toolVersion: String, sourceRoot: String? = nil,
        reportDirectory: String = Self.defaultReportDirectory, logsPath: String = "logs"
    ) {
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.sourceRoot = sourceRoot
        self.reportDirectory = reportDirectory
        self.logsPath = logsPath
    }

    /// `path` without the source root's prefix; unchanged when it is not under the root.
    func relativePath(_ path: String) -> String {
        guard let root = sourceRoot, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `file:line` (or `file:line:column`) with the file relative to the source root.
    func relativeLocation(_ location: SourceLocation) -> String {
        var copy = location
        copy.file = relativePath(location.file)
        return copy.description
    }
}
