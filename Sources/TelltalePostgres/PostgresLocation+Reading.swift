import Foundation

extension PostgresLocation {
    /// libpq's variables, by the keyword each stands for: used where the URL says nothing.
    static let environmentKeywords = [
        "PGHOST": "host", "PGPORT": "port", "PGUSER": "user", "PGPASSWORD": "password", "PGDATABASE": "dbname",
        "PGSSLMODE": "sslmode", "PGSSLROOTCERT": "sslrootcert", "PGCONNECT_TIMEOUT": "connect_timeout", "PGAPPNAME": "application_name",
    ]

    /// libpq's socket folders, Debian's first: used when neither the URL nor `PGHOST` names a
    /// host and the server's socket is there, else `localhost`.
    static let defaultSocketDirectories = ["/var/run/postgresql", "/tmp"]

    /// Reads `url`; what it leaves out comes from libpq's variables in `environment`, then (the
    /// password) `PGPASSFILE` or `~/.pgpass`, then libpq's defaults: the socket or
    /// `localhost`, port 5432, the login name as user, the user's name as database,
    /// `sslmode=prefer`.
    package init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PostgresURLError) {
        var keywords = try PostgresURL.keywords(of: url)
        // Before the environment fills in: a failed login's hint names PGPASSWORD or the URL, whichever gave it.
        let fromURL = keywords["password"].map { !$0.isEmpty } ?? false
        for (variable, keyword) in Self.environmentKeywords where keywords[keyword] == nil {
            if let value = environment[variable], !value.isEmpty { keywords[keyword] = value }
        }
        func invalid(_ reason: String, _ hint: String) -> PostgresURLError { PostgresURLError(url: url, reason: reason, hint: hint) }

        let port: Int
        if let text = keywords["port"] {
            guard let number = Int(text), (1...65535).contains(number) else {
                throw invalid("port `\(text)` is not a port number", "write a number from 1 to 65535, e.g. :5432")
            }
            port = number
        } else {
            port = 5432
        }
        let endpoint: Endpoint
        switch keywords["host"] {
        case let host? where host.contains(","):
            throw invalid("several hosts are not supported", "name one host (a load balancer or the primary)")
        case let host? where host.hasPrefix("/"): endpoint = .socket(directory: host, port: port)
        case let host?: endpoint = .tcp(host: host, port: port)
        case nil:
            // No host anywhere: the local server's socket when one is there, as libpq prefers it.
            let socket = Self.defaultSocketDirectories.first { FileManager.default.fileExists(atPath: "\($0)/.s.PGSQL.\(port)") }
            endpoint = socket.map { .socket(directory: $0, port: port) } ?? .tcp(host: "localhost", port: port)
        }
        let user = keywords["user"] ?? ProcessInfo.processInfo.userName
        let database = keywords["dbname"] ?? user

        let sslMode: PostgresSSLMode
        if let text = keywords["sslmode"] {
            guard let mode = PostgresSSLMode(rawValue: text) else {
                throw invalid("sslmode `\(text)` is not one of libpq's modes", "write one of \(PostgresSSLMode.names)")
            }
            sslMode = mode
        } else {
            sslMode = .prefer
        }
        var timeout = Duration.seconds(10)
        if let text = keywords["connect_timeout"] {
            guard let seconds = Int(text), seconds >= 0 else {
                throw invalid("connect_timeout `\(text)` is not a number of seconds", "write e.g. connect_timeout=10")
            }
            // As in libpq: 0 is no limit of its own (here the default), and 1 counts as 2.
            if seconds > 0 { timeout = .seconds(max(2, seconds)) }
        }

        var password = keywords["password"].flatMap { $0.isEmpty ? nil : $0 }
        var source: PasswordSource? = password == nil ? nil : (fromURL ? .url : .environment)
        if password == nil, let found = PostgresPasswordFile.password(for: endpoint, database: database, user: user, environment: environment) {
            password = found.password
            source = .passwordFile(found.path)
        }
        self.init(
            endpoint: endpoint, user: user, password: password, passwordSource: source, database: database, sslMode: sslMode,
            sslRootCertificate: try Self.rootCertificate(keywords["sslrootcert"], mode: sslMode, environment: environment, url: url),
            connectTimeout: timeout, applicationName: keywords["application_name"])
    }

    /// The root certificate to check the server's against: the one named, else libpq's
    /// `~/.postgresql/root.crt` when it exists; `verify-ca` and `verify-full` need one.
    private static func rootCertificate(
        _ named: String?, mode: PostgresSSLMode, environment: [String: String], url: String
    ) throws(PostgresURLError) -> String? {
        if let named {
            guard named == "system" || FileManager.default.fileExists(atPath: named) else {
                throw PostgresURLError(
                    url: url, reason: "the root certificate file \(named) does not exist",
                    hint: "give sslrootcert=FILE (PEM), or sslrootcert=system for the system's certificates")
            }
            return named
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let fallback = "\(home)/.postgresql/root.crt"
        if FileManager.default.fileExists(atPath: fallback) { return fallback }
        guard !mode.verifiesCertificate else {
            throw PostgresURLError(
                url: url, reason: "sslmode=\(mode.rawValue) checks the server's certificate, but no root certificate is given",
                hint: "give sslrootcert=FILE (or PGSSLROOTCERT, or ~/.postgresql/root.crt), or sslrootcert=system, or use sslmode=require")
        }
        return nil
    }
}
