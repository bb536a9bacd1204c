import Foundation
import Synchronization

/// One throwaway PostgreSQL cluster per test process, for the tests of everything that keeps
/// its data in PostgreSQL (the shared history, the work queue): started on first use, under
/// this actor, so concurrent tests share one start; each test gets a database of its own.
///
/// The cluster is the machine's PostgreSQL (Debian's `postgresql` package,
/// `/usr/lib/postgresql/*/bin`; `Scripts/install-dependencies.sh` installs it), in a
/// temporary folder: listening on 127.0.0.1 at a free port with TLS on (a self-signed
/// certificate for `localhost` and 127.0.0.1, made here with openssl), its socket in the
/// folder, fsync off. Debian's `initdb` refuses root, so under root it runs as the `postgres`
/// user the package creates. The server is started with `setpriv --pdeathsig KILL` from a thread
/// that lives as long as the process, so it dies with the tests however they end; a normal exit
/// stops it and removes its folder, and the folders of dead test processes are removed on start.
///
/// Tests log in as `telltale` with a password (scram-sha-256 over TCP), as a team's machines
/// would; the superuser (`postgres`, trusted over the socket) is for `sql(_:)`.
public actor PostgresCluster {
    public static let shared = PostgresCluster()

    /// A database for one test, owned by the role the URL logs in as.
    public struct Database: Sendable {
        public var name: String
        public var user: String
        public var password: String
        public var port: Int
        /// The server's certificate (PEM), the root to check it against in `verify-*` modes.
        public var certificate: String

        /// `postgres://telltale:PASSWORD@127.0.0.1:PORT/NAME?sslmode=MODE`, the password percent-encoded.
        /// `port`: another than the server's (a proxy's in front of it).
        public func url(sslMode: String = "disable", host: String = "127.0.0.1", port: Int? = nil) -> String {
            let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
            return "postgres://\(user):\(encoded)@\(host):\(port ?? self.port)/\(name)?sslmode=\(sslMode)"
        }

        /// The same without the password (for PGPASSWORD, ~/.pgpass and the like).
        public func urlWithoutPassword(sslMode: String = "disable") -> String {
            "postgres://\(user)@127.0.0.1:\(port)/\(name)?sslmode=\(sslMode)"
        }

        /// The password's random part, which no other text has: what a search for the password
        /// looks for, so that it is found in any encoding that keeps it (percent-encoded, escaped
        /// in JSON, cut short before its special characters).
        public var passwordCore: String {
            String(password.dropFirst(Running.passwordPrefix.count).prefix(Running.passwordCoreLength))
        }
    }

    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    private var running: Task<Running, any Error>?
    private var created = 0

    /// A new, empty database (CREATE DATABASE with a name no other test has).
    public func database(_ label: String = "test") async throws -> Database {
        let cluster = try await start()
        created += 1
        let slug = String(label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(30))
        let name = "tt_\(slug)_\(created)_\(UUID().uuidString.prefix(6).lowercased())"
        _ = try await cluster.sql("CREATE DATABASE \(name) OWNER \(Running.user)", in: "postgres")
        return Database(name: name, user: Running.user, password: cluster.password, port: cluster.port, certificate: cluster.certificate)
    }

    /// Runs `sql` as the superuser in `database`; its rows, one a line, columns `|`-separated.
    public func sql(_ sql: String, in database: String = "postgres") async throws -> String {
        try await start().sql(sql, in: database)
    }

    private func start() async throws -> Running {
        if let running { return try await running.value }
        let task = Task { try await Running.start() }
        running = task
        return try await task.value
    }
}

extension PostgresCluster {
    /// A started cluster: its folder, port and the role's password.
    struct Running: Sendable {
        static let user = "telltale"
        static let folderPrefix = "telltale-postgres-"
        /// The password: the prefix, a random core of this many characters, then characters a URL must encode.
        static let passwordPrefix = "pw:"
        static let passwordCoreLength = 12

        var binaries: String
        var folder: String
        var port: Int
        var password: String
        var certificate: String
        var socketFolder: String { "\(folder)/socket" }

        func sql(_ sql: String, in database: String) async throws -> String {
            let result = try await ChildProcesses.run(
                "\(binaries)/psql",
                [
                    "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-p", String(port), "-U", "postgres", "-d", database, "-c",
                    sql,
                ])
            guard result.status == 0 else { throw SetupError(description: "psql: \(sql): \(result.stderrText)") }
            return result.stdoutText
        }

        static func start() async throws -> Running {
            let binaries = try findBinaries()
            removeFoldersOfDeadProcesses()
            let folder = parentFolder.appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: "\(folder)/socket", withIntermediateDirectories: true)
            let owner = serverUser()
            if let owner { try await run("/bin/chown", ["-R", "\(owner):\(owner)", folder]) }
            try await run(
                binaries + "/initdb",
                [
                    "-D", "\(folder)/data", "-U", "postgres", "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8",
                    "--locale=C", "--no-sync",
                ], as: owner)
            let certificate = try await makeCertificate(in: "\(folder)/data", owner: owner)
            var lastFailure = ""
            // The port is free when chosen and may be taken before the server binds it: then another.
            attempts: for _ in 1...5 {
                let port = try unusedLoopbackPort()
                switch try await PostgresServerProcess.start(binaries: binaries, folder: folder, port: port, owner: owner) {
                case .ready:
                    let password = "\(passwordPrefix)\(UUID().uuidString.prefix(passwordCoreLength))@/?#%é"
                    let cluster = Running(binaries: binaries, folder: folder, port: port, password: password, certificate: certificate)
                    _ = try await cluster.sql("CREATE ROLE \(user) LOGIN CREATEDB PASSWORD '\(password)'", in: "postgres")
                    return cluster
                case .failed(let log):
                    lastFailure = log
                    if !log.contains("could not bind") && !log.contains("already in use") { break attempts }
                }
            }
            throw SetupError(description: "PostgreSQL did not start in \(folder):\n\(lastFailure)")
        }

        /// Debian's server binaries (the newest version), else `initdb` on the PATH.
        static func findBinaries() throws -> String {
            let debian = "/usr/lib/postgresql"
            let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? [])
                .compactMap(Int.init).sorted(by: >)
            for version in versions where FileManager.default.isExecutableFile(atPath: "\(debian)/\(version)/bin/initdb") {
                return "\(debian)/\(version)/bin"
            }
            for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
                return String(directory)
            }
            throw SetupError(description: "PostgreSQL's server is not installed (no initdb): run Scripts/install-dependencies.sh")
        }

        /// `postgres` when running as root (initdb refuses root), else nil: the current user.
        static func serverUser() -> String? {
            getuid() == 0 ? "postgres" : nil
        }

        /// `executable arguments`, as `owner` when one is given.
        static func command(_ executable: String, _ arguments: [String], as owner: String?) -> (String, [String]) {
            guard let owner else { return (executable, arguments) }
            return ("/usr/bin/setpriv", ["--reuid=\(owner)", "--regid=\(owner)", "--init-groups", "--", executable] + arguments)
        }

        /// Runs a setup command to its end; throws with its output when it fails.
        static func run(_ executable: String, _ arguments: [String], as owner: String? = nil) async throws {
            let (program, all) = command(executable, arguments, as: owner)
            let result = try await ChildProcesses.run(program, all)
            guard result.status == 0 else {
                throw SetupError(description: "\(executable) failed (\(result.status)): \(result.stderrText)\(result.stdoutText)")
            }
        }

        /// A self-signed certificate for `localhost` and 127.0.0.1 and its key, in the data folder
        /// (the key the server's own and private, as it requires); returns the certificate's path.
        static func makeCertificate(in data: String, owner: String?) async throws -> String {
            try await run(
                "/usr/bin/env",
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", "\(data)/server.key", "-out", "\(data)/server.crt",
                ])
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: "\(data)/server.key")
            if let owner { try await run("/bin/chown", ["\(owner):\(owner)", "\(data)/server.key", "\(data)/server.crt"]) }
            return "\(data)/server.crt"
        }

        /// `/tmp`, where there is one: the `postgres` user can reach it (a TMPDIR under root's home
        /// it could not), and the socket's path stays under the 107 bytes a socket's path may have
        /// (macOS's TMPDIR alone is 50).
        static var parentFolder: URL {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "/tmp", isDirectory: &isFolder), isFolder.boolValue else {
                return FileManager.default.temporaryDirectory
            }
            return URL(fileURLWithPath: "/tmp")
        }

        /// Folders left by test processes that are gone (killed before they could clean up).
        static func removeFoldersOfDeadProcesses() {
            let temporary = parentFolder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(folderPrefix) {
                guard let pid = Int32(name.dropFirst(folderPrefix.count).prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH else { continue }
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
