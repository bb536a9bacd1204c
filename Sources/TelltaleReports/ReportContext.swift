import Foundation

/// What a report writer may know beyond the record. Writers never read the clock
/// or the environment themselves, so the same inputs always give the same bytes.
public struct ReportContext: Sendable {
    public var generatedAt: Date
    public var toolVersion: String
    /// Source paths under this directory are written relative to it, so review
    /// tools can link them to the repository.
    public var sourceRoot: String?

    public init(generatedAt: Date, toolVersion: String, sourceRoot: String? = nil) {
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.sourceRoot = sourceRoot
    }

    func relativePath(_ path: String) -> String {
        guard let root = sourceRoot, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
