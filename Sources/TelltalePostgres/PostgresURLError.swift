import Foundation
import TelltaleModel

/// A PostgreSQL URL (or one of libpq's variables) that cannot be used: the URL as given with
/// its password hidden, what is wrong, and what to write instead.
package struct PostgresURLError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The URL, password hidden.
    package var url: String
    package var reason: String
    package var hint: String

    init(url: String, reason: String, hint: String) {
        self.url = URLPassword.hidden(in: url)
        self.reason = reason
        self.hint = hint
    }

    package var description: String { "\(url): \(reason); \(hint)" }
    package var errorDescription: String? { description }
}
