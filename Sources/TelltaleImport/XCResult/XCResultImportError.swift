import Foundation

/// Input the import cannot use: which file, what is wrong with it, and what to do (exit 2).
public struct XCResultImportError: Error, LocalizedError, Sendable {
    public var path: String
    public var reason: String
    public var remedy: String

    public init(path: String, reason: String, remedy: String) {
        self.path = path
        self.reason = reason
        self.remedy = remedy
    }

    public var errorDescription: String? { "\(path): \(reason); \(remedy)" }

    /// What to run on a Mac, once, for every message that needs it.
    static let exportHint =
        "on a Mac, run `xcrun xcresulttool get test-results tests --path BUNDLE > tests.json` and `xcrun xcresulttool get test-results summary --path BUNDLE > summary.json`, then `telltale import xcresult` the folder holding both"
}
