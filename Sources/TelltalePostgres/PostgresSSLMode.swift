/// libpq's `sslmode`, and what each means here (postgres-nio has three TLS modes: disable,
/// prefer and require, each with a certificate check of our choosing):
///
/// - `disable`: never TLS.
/// - `allow` and `prefer` (the default): TLS when the server offers it, else plain; the
///   certificate is not checked. libpq's `allow` tries plain first; here both try TLS first.
/// - `require`: TLS or no connection; the certificate is not checked, unless a root
///   certificate is given (`sslrootcert`, or `~/.postgresql/root.crt` exists), when it is checked
///   as `verify-ca` does (as libpq does).
/// - `verify-ca`: TLS, and the server's certificate must chain to the root certificate.
/// - `verify-full`: as `verify-ca`, and the certificate must name the host.
///
/// Over a Unix-domain socket there is no TLS, whatever the mode (as in libpq).
package enum PostgresSSLMode: String, Sendable, Hashable, CaseIterable {
    case disable
    case allow
    case prefer
    case require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"

    /// The server's certificate is checked against a root certificate.
    var verifiesCertificate: Bool { self == .verifyCA || self == .verifyFull }

    static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
