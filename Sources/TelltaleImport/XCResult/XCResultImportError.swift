import Foundation

/// Input the import cannot use: which file, what is wrong with it, and what to do (exit 2).
package struct XCResultImportError: Error, LocalizedError, Sendable {
    /// The bundle, folder or file the import was given, or the one it failed to read.
    package var path: String
    /// What is wrong, in a clause that follows the path: `the tests JSON has no `testNodes``.
    package var reason: String
    /// What to do about it, after the reason.
    package var remedy: String

    package init(path: String, reason: String, remedy: String) {
        self.path = path
        self.reason = reason
        self.remedy = remedy
    }

    package var errorDescription: String? { "\(path): \(reason); \(remedy)" }

    /// What to run on a Mac, once, for every message that needs it.
    static let exportHint =
        "on a Mac, run `xcrun xcresulttool get test-results tests --path BUNDLE > tests.json` and `xcrun xcresulttool get test-results summary --path BUNDLE > summary.json`, then `telltale import xcresult` the folder holding both"
}
