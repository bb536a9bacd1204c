import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

extension PostgresConnectionError {
    /// What `error` (from postgres-nio, NIO or TLS; a transaction's error is looked into)
    /// means for `location`. Never the password: the server's and the libraries' words pass
    /// through `location.scrubbing`.
    package init(_ error: any Error, at location: PostgresLocation) {
        if let error = error as? PostgresConnectionError {
            self = error
            return
        }
        let explained = Self.explain(Self.innermost(error), location: location)
        self.init(
            location: location.description, kind: explained.kind, reason: location.scrubbing(explained.reason),
            hint: explained.hint.map(location.scrubbing), sqlState: explained.sqlState)
    }

    /// What went wrong, before the password is scrubbed from it.
    private struct Explained {
        var kind: Kind
        var reason: String
        var hint: String?
        var sqlState: String?

        init(_ kind: Kind, _ reason: String, _ hint: String?, _ sqlState: String? = nil) {
            self.kind = kind
            self.reason = reason
            self.hint = hint
            self.sqlState = sqlState
        }
    }

    /// A transaction's own error (BEGIN's, the body's, COMMIT's) rather than its wrapper.
    private static func innermost(_ error: any Error) -> any Error {
        guard let transaction = error as? PostgresTransactionError else { return error }
        return transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? error
    }

    private static func explain(
        _ error: any Error, location: PostgresLocation
    ) -> Explained {
        guard let error = error as? PSQLError else { return other(error, location: location) }
        switch error.code {
        case .server:
            return server(error, location: location)
        case .connectionError:
            return connection(error.underlying, location: location)
        case .sslUnsupported:
            return Explained(
                .tls, "the server does not offer TLS, and sslmode=\(location.sslMode.rawValue) requires it",
                "turn on ssl in the server, or use sslmode=prefer")
        case .failedToAddSSLHandler:
            return Explained(.tls, "TLS could not be set up (\(error.underlying.map(describe) ?? "unknown"))", nil)
        case .authMechanismRequiresPassword:
            return Explained(.authentication, "the server asks user \(location.user) for a password, and none was given", passwordHint(location))
        case .unsupportedAuthMechanism, .saslError:
            return Explained(.authentication, "the server's login method did not succeed (\(error.code))", passwordHint(location))
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return Explained(
                .unreachable, "the connection was closed (\(error.underlying.map(describe) ?? "\(error.code)"))", "check that the server is running")
        case .poolClosed:
            return Explained(.unreachable, "the connection pool has shut down", nil)
        default:
            return Explained(.server, "\(error.code)" + (error.underlying.map { " (\(describe($0)))" } ?? ""), nil)
        }
    }

    private static func server(_ error: PSQLError, location: PostgresLocation) -> Explained {
        let state = error.serverInfo?[.sqlState]
        let message = error.serverInfo?[.message] ?? "the server refused"
        let serverHint = error.serverInfo?[.hint]
        switch state {
        // invalid_password and invalid_authorization_specification: the login failed.
        case "28P01", "28000":
            return Explained(.authentication, message, passwordHint(location), state)
        // invalid_catalog_name: no such database.
        case "3D000":
            return Explained(
                .databaseMissing, message,
                "create it (`createdb \(location.database)`, or CREATE DATABASE), or name another in the URL", state
            )
        // insufficient_privilege: most often CREATE SCHEMA, on a database without Telltale's schema yet.
        case "42501":
            return Explained(
                .server, message,
                serverHint ?? "the user needs CREATE on the database (GRANT CREATE ON DATABASE \(location.database) TO \(location.user))",
                state
            )
        // too_many_connections and cannot_connect_now (the server starting or stopping): try again later.
        case "53300", "57P03":
            return Explained(.unreachable, message, serverHint ?? "try again when the server accepts connections", state)
        default:
            return Explained(.server, message + (error.serverInfo?[.detail].map { " (\($0))" } ?? ""), serverHint, state)
        }
    }

    private static func connection(_ underlying: (any Error)?, location: PostgresLocation) -> Explained {
        let hint = "check that the server is running and accepts connections there"
        switch underlying {
        case let error as NIOConnectionError:
            // A name that resolves to nothing says so, rather than that no connection could be made.
            if let dns = error.dnsAError ?? error.dnsAAAAError {
                return Explained(.unreachable, "the host name cannot be resolved (\(describe(dns)))", "check the host in the URL or PGHOST", nil)
            }
            let reasons = Set(error.connectionErrors.map { describe($0.error) })
            return Explained(.unreachable, "cannot connect (\(reasons.sorted().joined(separator: "; ")))", hint, nil)
        case let error as ChannelError:
            if case .connectTimeout(let limit) = error {
                return Explained(
                    .unreachable, "no answer within \(limit.nanoseconds / 1_000_000_000) s", "check the host and port, or raise connect_timeout", nil)
            }
            return Explained(.unreachable, "cannot connect (\(error))", hint, nil)
        case let error as NIOSSLError:
            return Explained(.tls, "TLS failed (\(error))", certificateHint(location), nil)
        case let error as BoringSSLError:
            return Explained(.tls, "TLS failed (\(error))", certificateHint(location), nil)
        case let error?:
            if case .socket(let directory, let port) = location.endpoint {
                return Explained(.unreachable, "cannot connect to the socket \(directory)/.s.PGSQL.\(port) (\(describe(error)))", hint, nil)
            }
            return Explained(.unreachable, "cannot connect (\(describe(error)))", hint, nil)
        case nil:
            return Explained(.unreachable, "cannot connect", hint, nil)
        }
    }

    private static func other(_ error: any Error, location: PostgresLocation) -> Explained {
        switch error {
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return Explained(.tls, "TLS failed (\(error))", certificateHint(location), nil)
        case is NIOConnectionError, is ChannelError, is IOError:
            return connection(error, location: location)
        default:
            // The connection pool gives up after a minute of failed attempts with an error of its own.
            let text = String(describing: error)
            if text.contains("circuitBreaker") || text.contains("CircuitBreaker") {
                return Explained(.unreachable, "no connection could be made for a minute", "check that the server is running", nil)
            }
            return Explained(.server, text, nil, nil)
        }
    }

    /// An errno in `strerror`'s words ("Connection refused"); anything else as it describes itself.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError, let message = strerror(error.errnoCode) { return String(cString: message) }
        return String(describing: error)
    }

    /// Where to fix the password: where it came from, or where one can be given.
    private static func passwordHint(_ location: PostgresLocation) -> String {
        guard let source = location.passwordSource else {
            return "no password was given: put it in PGPASSWORD or ~/.pgpass (or the URL)"
        }
        return "check user \(location.user) and the password from \(source)"
    }

    private static func certificateHint(_ location: PostgresLocation) -> String {
        switch location.sslMode {
        case .verifyFull: "the certificate must chain to the root certificate and name the host; sslmode=verify-ca skips the name"
        case .verifyCA: "the certificate must chain to the root certificate (sslrootcert)"
        default: "sslmode=disable turns TLS off"
        }
    }
}
