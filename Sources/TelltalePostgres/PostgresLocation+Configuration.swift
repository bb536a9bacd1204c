import NIOSSL
import PostgresNIO

extension PostgresLocation {
    /// The TLS settings `sslMode` means (see `PostgresSSLMode`); nil for no TLS.
    var tlsConfiguration: TLSConfiguration? {
        // No TLS over a Unix-domain socket, as in libpq.
        if case .socket = endpoint { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable: return nil
        case .allow, .prefer: tls.certificateVerification = .none
        case .require, .verifyCA, .verifyFull:
            // verify-full checks the chain and the name; verify-ca (which reading the URL never leaves
            // without a root certificate), and require with one, the chain alone; require without one, nothing.
            tls.certificateVerification =
                sslMode == .verifyFull ? .fullVerification : sslRootCertificate == nil ? .none : .noHostnameVerification
            if let root = sslRootCertificate, root != "system" { tls.trustRoots = .file(root) }
        }
        return tls
    }

    /// Whether the connection must be TLS (`require` and the verify modes, over TCP).
    var requiresTLS: Bool {
        if case .socket = endpoint { return false }
        return sslMode == .require || sslMode.verifiesCertificate
    }

    /// What a pooled `PostgresClient` connects with.
    package var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            tlsConfiguration.map { requiresTLS ? .require($0) : .prefer($0) } ?? .disable
        var configuration: PostgresClient.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
        case .socket(let directory, let port):
            configuration = PostgresClient.Configuration(
                unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        configuration.options.connectTimeout = connectTimeout
        if let applicationName { configuration.options.additionalStartupParameters = [("application_name", applicationName)] }
        return configuration
    }

    /// What one connection of its own connects with; the TLS context is made here, so a root
    /// certificate that cannot be read fails now.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS =
                try tlsConfiguration.map {
                    requiresTLS ? .require(try NIOSSLContext(configuration: $0)) : .prefer(try NIOSSLContext(configuration: $0))
                }
                ?? .disable
            configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
        case .socket(let directory, let port):
            configuration = PostgresConnection.Configuration(
                unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        // Whole seconds, as `connect_timeout` gives them.
        configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout.components.seconds) * 1_000_000_000)
        if let applicationName { configuration.options.additionalStartupParameters = [("application_name", applicationName)] }
        return configuration
    }
}
