import Foundation

/// Why a plan's `xcodebuild` run could not go on, with what to do about it.
package struct XcodeError: Error, LocalizedError, Sendable, CustomStringConvertible {
    package var errorDescription: String? { description }
    package var message: String
    package var remedy: String

    package init(_ message: String, remedy: String) {
        self.message = message
        self.remedy = remedy
    }

    package var description: String { "\(message)\n  \(remedy)" }
}
