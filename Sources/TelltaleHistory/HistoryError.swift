import Foundation

/// Why the history could not be used. A run prints it as a warning and goes on
/// without history: a damaged or unreachable history never fails a run.
public struct HistoryError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The file, or the database's URL without its password.
    public var location: String
    public var reason: String
    /// What to do about it.
    public var hint: String

    public init(location: String, reason: String, hint: String) {
        self.location = location
        self.reason = reason
        self.hint = hint
    }

    public var description: String { "history \(location): \(reason); \(hint)" }
    public var errorDescription: String? { description }
}
