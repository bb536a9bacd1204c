import Foundation
import TelltaleModel

/// A PostgreSQL URL (or one of libpq's variables) that cannot be used: the URL as given with
/// its password hidden, what is wrong, and what to write instead.
public struct PostgresURLError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The URL, password hidden.
    public var url: String
    public var reason: String
    public var hint: String

    init(url: String, reason: String, hint: String) {
        self.url = URLPassword.hidden(in: url)
        self.reason = reason
        self.hint = hint
    }

    public var description: String { "\(url): \(reason); \(hint)" }
    public var errorDescription: String? { description }
}
