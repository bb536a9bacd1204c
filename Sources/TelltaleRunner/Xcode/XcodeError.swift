import Foundation

/// Why a plan's `xcodebuild` run could not go on, with what to do about it.
public struct XcodeError: Error, LocalizedError, Sendable, CustomStringConvertible {
    public var errorDescription: String? { description }
    public var message: String
    public var remedy: String

    public init(_ message: String, remedy: String) {
        self.message = message
        self.remedy = remedy
    }

    public var description: String { "\(message)\n  \(remedy)" }
}
