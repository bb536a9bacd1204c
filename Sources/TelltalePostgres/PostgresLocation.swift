import Foundation

/// Where a PostgreSQL database is and how to reach it, read as libpq reads it: a `postgres://`
/// (or `postgresql://`) URL, then libpq's environment (`PGHOST`, `PGPORT`, `PGUSER`,
/// `PGPASSWORD`, `PGPASSFILE`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`, `PGCONNECT_TIMEOUT`,
/// `PGAPPNAME`) for what the URL leaves out, then `~/.pgpass` for the password, then libpq's
/// defaults. What Telltale's history and queue connect with.
///
/// The password is kept for connecting and never shown: `description` (what every message,
/// log and file uses), `debugDescription` and the mirror leave it out.
package struct PostgresLocation: Sendable, Hashable {
    /// TCP, or a Unix-domain socket in a folder (a host that starts with `/`, as in libpq).
    package enum Endpoint: Sendable, Hashable {
        case tcp(host: String, port: Int)
        case socket(directory: String, port: Int)

        package var port: Int {
            switch self {
            case .tcp(_, let port), .socket(_, let port): port
            }
        }
    }

    /// Where the password came from, so a failed login can say which one to fix.
    package enum PasswordSource: Sendable, Hashable, CustomStringConvertible {
        case url
        case environment
        case passwordFile(String)

        package var description: String {
            switch self {
            case .url: "the URL"
            case .environment: "PGPASSWORD"
            case .passwordFile(let path): path
            }
        }
    }

    package var endpoint: Endpoint
    package var user: String
    package var password: String?
    /// Nil with no password; `.url` when a password is given without saying where from.
    package var passwordSource: PasswordSource?
    package var database: String
    package var sslMode: PostgresSSLMode
    /// `sslrootcert`: a PEM file of trusted certificates, or `system` for the system's own.
    package var sslRootCertificate: String?
    /// How long connecting may take: `connect_timeout`, else 10 s.
    package var connectTimeout: Duration
    /// `application_name`, which the server shows for the connection in `pg_stat_activity`.
    package var applicationName: String?

    package init(
        endpoint: Endpoint, user: String, password: String? = nil, passwordSource: PasswordSource? = nil, database: String,
        sslMode: PostgresSSLMode = .prefer, sslRootCertificate: String? = nil, connectTimeout: Duration = .seconds(10),
        applicationName: String? = nil
    ) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.passwordSource = password == nil ? nil : passwordSource ?? .url
        self.database = database
        self.sslMode = sslMode
        self.sslRootCertificate = sslRootCertificate
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
    }

    /// Hides the password wherever `text` (a message from the server or a library) repeats
    /// it, as given or percent-encoded: the last guard before anything is printed.
    package func scrubbing(_ text: String) -> String {
        guard let password, !password.isEmpty else { return text }
        var scrubbed = text.replacingOccurrences(of: password, with: "***")
        if let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != password {
            scrubbed = scrubbed.replacingOccurrences(of: encoded, with: "***")
        }
        return scrubbed
    }
}

extension PostgresLocation: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `postgres://user@host:port/database` (and `?sslmode=…` when not libpq's default; a socket's
    /// folder as `?host=`): never the password.
    package var description: String {
        let user = self.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? self.user
        let database = self.database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? self.database
        var authority = ""
        var parameters: [String] = []
        switch endpoint {
        case .tcp(let host, let port): authority = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .socket(let directory, let port): parameters += ["host=\(directory)", "port=\(port)"]
        }
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        return "postgres://\(user)@\(authority)/\(database)" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    package var debugDescription: String { description }

    /// `dump` and the debugger see what `description` says, not the password.
    package var customMirror: Mirror { Mirror(self, children: ["location": description]) }
}
