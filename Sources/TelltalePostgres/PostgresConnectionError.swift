import Foundation

/// Why a PostgreSQL database could not be used, for people: the location (password hidden),
/// what went wrong, and what to do. Made from postgres-nio's and NIO's errors by
/// `PostgresConnectionError(_:at:)`, whose messages pass through `PostgresLocation.scrubbing`.
package struct PostgresConnectionError: Error, LocalizedError, CustomStringConvertible, Sendable {
    package enum Kind: Sendable, Hashable {
        /// No server answered: refused, unknown host, timed out, or the connection dropped.
        case unreachable
        /// The server refused the user or the password.
        case authentication
        /// The server has no such database.
        case databaseMissing
        /// TLS was asked for and could not be had, or the certificate did not check out.
        case tls
        /// The server refused a statement (permissions, a conflict, …).
        case server
    }

    /// The location's description: never the password.
    package var location: String
    package var kind: Kind
    package var reason: String
    package var hint: String?
    /// The server's SQLSTATE, when the server said no.
    package var sqlState: String?
    /// The call got no answer within its deadline and was given up (`PostgresConnector`'s
    /// `within:` calls): the server or the network stalled.
    package var stalled = false

    package init(location: String, kind: Kind, reason: String, hint: String? = nil, sqlState: String? = nil) {
        self.location = location
        self.kind = kind
        self.reason = reason
        self.hint = hint
        self.sqlState = sqlState
    }

    package var description: String { "\(location): \(reason)" + (hint.map { "; \($0)" } ?? "") }
    package var errorDescription: String? { description }

    /// A failed transaction that running it again may get through: a serialization failure or
    /// a deadlock the server broke by rolling one side back.
    package var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
}
