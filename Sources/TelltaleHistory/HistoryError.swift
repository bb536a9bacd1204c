import Foundation

/// Why the history could not be used. A run prints it as a warning and goes on
/// without history: a damaged or unreachable history never fails a run.
package struct HistoryError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The file, or the database's URL without its password.
    package var location: String
    /// What went wrong, in the library's or the server's words (never a password).
    package var reason: String
    /// What to do about it.
    package var hint: String
    /// Set when a PostgreSQL history stopped answering: this call was given up after its deadline
    /// (or its server could not be reached), or an earlier one was and this one was not tried.
    package var stall: Stall?

    package enum Stall: Sendable, Hashable {
        /// This call was given up.
        case thisCall
        /// An earlier call was given up, so this one was not tried.
        case earlierCall
    }

    package init(location: String, reason: String, hint: String) {
        self.location = location
        self.reason = reason
        self.hint = hint
    }

    package var description: String { "history \(location): \(reason); \(hint)" }
    package var errorDescription: String? { description }

    /// A call not tried because `first` (an earlier call) was given up.
    static func stalledEarlier(_ first: HistoryError) -> HistoryError {
        var error = HistoryError(
            location: first.location, reason: "not asked: an earlier call got \(first.reason)",
            hint: "the history stopped answering, and is not used for the rest of this run")
        error.stall = .earlierCall
        return error
    }
}
