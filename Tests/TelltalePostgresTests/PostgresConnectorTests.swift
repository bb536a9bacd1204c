import Foundation
import PostgresNIO
import TelltaleTestSupport
import Testing

@testable import TelltalePostgres

/// Connections to the test support's real cluster: logins, TLS in each mode, and every way a
/// connection fails, each error naming the location and never the password.
@Suite(.tags(.medium))
struct PostgresConnectorTests {
    static func location(_ url: String) throws -> PostgresLocation {
        try PostgresLocation(url: url, environment: ["HOME": "/nonexistent-home"])
    }

    /// The server's answer to `sql` on one connection to `url`.
    static func answer(_ url: String, _ sql: PostgresQuery) async throws -> String {
        try await PostgresConnector.withConnection(to: location(url)) { connection in
            var values: [String] = []
            for try await value in try await connection.query(sql, logger: PostgresConnector.quiet).decode(String.self) { values.append(value) }
            return values.joined(separator: ",")
        }
    }

    @Test func aPasswordLoginOverTCPReachesItsOwnDatabase() async throws {
        let database = try await PostgresCluster.shared.database("login")
        #expect(try await Self.answer(database.url(), "SELECT current_database() || ' ' || current_user") == "\(database.name) telltale")
    }

    /// `require` is TLS without checking the certificate; the verify modes check it against the
    /// root certificate given, `verify-full` also against the host.
    @Test(arguments: ["require", "verify-ca", "verify-full"])
    func tlsModesConnectOverTLS(mode: String) async throws {
        let database = try await PostgresCluster.shared.database("tls")
        // postgres-nio's own connect timeout (10 s) is its event loop's: on a machine busy with the
        // whole suite a TLS handshake has taken longer, so the tests give it five minutes.
        let root = (mode == "require" ? "" : "&sslrootcert=\(database.certificate)") + "&connect_timeout=300"
        for host in ["127.0.0.1", "localhost"] {
            let ssl = try await Self.answer(
                database.url(sslMode: mode, host: host) + root, "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            #expect(ssl == "true", "\(mode) to \(host)")
        }
        #expect(
            try await Self.answer(
                database.url(sslMode: "disable") + "&connect_timeout=300", "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                == "false")
    }

    @Test func aCertificateFromAnotherRootIsRefusedUnderVerifyCA() async throws {
        let database = try await PostgresCluster.shared.database("tls-refused")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PostgresConnectorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try await ChildProcesses.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=other",
                "-keyout", "\(folder)/other.key", "-out", "\(folder)/other.crt",
            ])
        try #require(made.status == 0, "\(made.stderrText)")
        let url = database.url(sslMode: "verify-ca") + "&sslrootcert=\(folder)/other.crt"
        let error = await #expect(throws: PostgresConnectionError.self) { try await Self.answer(url, "SELECT 1::text") }
        #expect(error?.kind == .tls, "\(String(describing: error))")
        Self.expectNoPassword(error, database)
    }

    @Test func aWrongPasswordIsAnAuthenticationErrorThatSaysWhereThePasswordCameFrom() async throws {
        let database = try await PostgresCluster.shared.database("auth")
        let url = database.url().replacingOccurrences(
            of: database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, with: "wrong-pass")
        let error = await #expect(throws: PostgresConnectionError.self) { try await Self.answer(url, "SELECT 1::text") }
        #expect(error?.kind == .authentication)
        #expect(error?.sqlState == "28P01")
        #expect(error?.description.hasPrefix("postgres://telltale@127.0.0.1:\(database.port)/\(database.name)?sslmode=disable: ") == true)
        #expect(error?.hint?.contains("the password from the URL") == true, "\(String(describing: error))")
        #expect(error?.description.contains("wrong-pass") == false)
    }

    @Test func aMissingDatabaseSaysHowToCreateIt() async throws {
        let database = try await PostgresCluster.shared.database("missing")
        let url = database.url().replacingOccurrences(of: "/\(database.name)?", with: "/no_such_db?")
        let error = await #expect(throws: PostgresConnectionError.self) { try await Self.answer(url, "SELECT 1::text") }
        #expect(error?.kind == .databaseMissing)
        #expect(error?.hint?.contains("createdb no_such_db") == true, "\(String(describing: error))")
        Self.expectNoPassword(error, database)
    }

    /// A port nothing listens on fails at once (refused), not after the connect timeout.
    @Test func anUnreachableServerFailsAtOnceNamingTheLocation() async throws {
        let database = try await PostgresCluster.shared.database("unreachable")
        let port = try unusedLoopbackPort()
        // A connect timeout far beyond what a refusal takes, even on a busy machine: the error is the refusal's.
        let url = database.url().replacingOccurrences(of: ":\(database.port)/", with: ":\(port)/") + "&connect_timeout=300"
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresConnectionError.self) { try await Self.answer(url, "SELECT 1::text") }
        #expect(ContinuousClock.now - started < .seconds(150))
        #expect(error?.kind == .unreachable)
        #expect(error?.reason.contains("refused") == true, "\(String(describing: error))")
        #expect(error?.location == "postgres://telltale@127.0.0.1:\(port)/\(database.name)?sslmode=disable")
        Self.expectNoPassword(error, database)
    }

    static func expectNoPassword(_ error: PostgresConnectionError?, _ database: PostgresCluster.Database) {
        let text = "\(String(describing: error)) \(String(reflecting: error))"
        #expect(!text.contains(database.password))
        #expect(!text.contains(database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
    }
}
