import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltalePostgres

/// URLs and libpq's environment read into a location, as libpq reads them; the password never shown.
@Suite(.tags(.small))
struct PostgresLocationTests {
    /// No libpq variables, and a home without a password file or root certificate.
    static let bare = ["HOME": "/nonexistent-home"]

    @Test func aURLGivesEveryPartPercentDecoded() throws {
        let location = try PostgresLocation(
            url: "postgres://ci%40team:p%40ss%2Fw%3Ard@db.example.com:6543/app%20history?sslmode=require&application_name=ci&connect_timeout=3",
            environment: Self.bare)
        #expect(location.endpoint == .tcp(host: "db.example.com", port: 6543))
        #expect(location.user == "ci@team")
        #expect(location.password == "p@ss/w:rd")
        #expect(location.passwordSource == .url)
        #expect(location.database == "app history")
        #expect(location.sslMode == .require)
        #expect(location.applicationName == "ci")
        #expect(location.connectTimeout == .seconds(3))
    }

    @Test func bothSchemesIPv6AndSocketsAreRead() throws {
        #expect(try PostgresLocation(url: "postgresql://u@h/d", environment: Self.bare).endpoint == .tcp(host: "h", port: 5432))
        #expect(try PostgresLocation(url: "postgres://u@[::1]:5433/d", environment: Self.bare).endpoint == .tcp(host: "::1", port: 5433))
        let socket = try PostgresLocation(url: "postgres://u@%2Fvar%2Frun%2Fpostgresql/d", environment: Self.bare)
        #expect(socket.endpoint == .socket(directory: "/var/run/postgresql", port: 5432))
        let parameter = try PostgresLocation(url: "postgres:///d?host=/tmp/pg&port=7000&user=u", environment: Self.bare)
        #expect(parameter.endpoint == .socket(directory: "/tmp/pg", port: 7000))
        #expect(parameter.user == "u" && parameter.database == "d")
        // JDBC's spelling, which libpq also takes.
        #expect(try PostgresLocation(url: "postgres://u@h/d?ssl=true", environment: Self.bare).sslMode == .require)
    }

    /// libpq's variables fill in what the URL leaves out; the URL wins where both say.
    @Test func theEnvironmentFillsInAndTheURLWins() throws {
        let environment = Self.bare.merging([
            "PGUSER": "envuser", "PGPASSWORD": "from-env", "PGPORT": "7000", "PGDATABASE": "envdb", "PGSSLMODE": "disable",
            "PGHOST": "envhost", "PGAPPNAME": "telltale",
        ]) { $1 }
        let partial = try PostgresLocation(url: "postgres://urluser@urlhost", environment: environment)
        #expect(partial.user == "urluser")
        #expect(partial.endpoint == .tcp(host: "urlhost", port: 7000))
        #expect(partial.database == "envdb")
        #expect(partial.password == "from-env" && partial.passwordSource == .environment)
        #expect(partial.sslMode == .disable && partial.applicationName == "telltale")
        let full = try PostgresLocation(url: "postgres://u:from-url@h:5999/d?sslmode=require", environment: environment)
        #expect(full.password == "from-url" && full.passwordSource == .url)
        #expect(full.endpoint == .tcp(host: "h", port: 5999) && full.database == "d" && full.sslMode == .require)
    }

    @Test func libpqsDefaultsApplyWhenNothingSays() throws {
        let location = try PostgresLocation(url: "postgres://db.internal", environment: Self.bare)
        #expect(location.endpoint == .tcp(host: "db.internal", port: 5432))
        #expect(location.user == ProcessInfo.processInfo.userName)
        #expect(location.database == location.user)
        #expect(location.sslMode == .prefer)
        #expect(location.password == nil && location.passwordSource == nil)
        #expect(location.connectTimeout == .seconds(10))
    }

    @Test(arguments: [
        ("postgres://u@h:99999/d", "port `99999` is not a port number"),
        ("postgres://u@h:abc/d", "port `abc` is not a port number"),
        ("postgres://u@h/d?sslmode=sometimes", "sslmode `sometimes` is not one of libpq's modes"),
        ("postgres://u@h/d?target_session_attrs=any", "unknown parameter `target_session_attrs`"),
        ("postgres://u@h1,h2/d", "several hosts are not supported"),
        ("postgres://u@h/d?connect_timeout=soon", "connect_timeout `soon` is not a number of seconds"),
        ("postgres://u@h/d?sslmode=verify-full", "no root certificate is given"),
        ("postgres://u@h/d?sslmode=verify-ca&sslrootcert=/nonexistent.pem", "the root certificate file /nonexistent.pem does not exist"),
        ("postgres://u:pa%zzss@h/d", "the password is not properly percent-encoded"),
    ])
    func aURLThatCannotBeUsedSaysWhatIsWrongWithoutThePassword(url: String, reason: String) {
        let error = #expect(throws: PostgresURLError.self) { try PostgresLocation(url: url, environment: Self.bare) }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains("pa%zzss") == false)
        #expect(error?.hint.isEmpty == false)
    }

    /// Neither the description, nor `String(reflecting:)`, nor `dump` shows the password.
    @Test func theDescriptionNeverHoldsThePassword() throws {
        let location = try PostgresLocation(url: "postgres://ci:s3cr%21t@db:5433/history?sslmode=require", environment: Self.bare)
        #expect(location.description == "postgres://ci@db:5433/history?sslmode=require")
        var dumped = ""
        dump(location, to: &dumped)
        for text in [location.description, String(reflecting: location), "\(location)", dumped] {
            #expect(!text.contains("s3cr"), "\(text)")
        }
        #expect(location.scrubbing("FATAL: login for s3cr!t or s3cr%21t failed") == "FATAL: login for *** or *** failed")
        let socket = try PostgresLocation(url: "postgres://ci@%2Ftmp%2Fpg/history", environment: Self.bare)
        #expect(socket.description == "postgres://ci@/history?host=/tmp/pg&port=5432")
    }

    @Test(arguments: [
        ("postgres://u:secret@h/d", "postgres://u:***@h/d"),
        ("postgresql://u:se@cret@h:1/d?sslmode=require", "postgresql://u:***@cret@h:1/d?sslmode=require"),
        ("postgres://h/d?user=u&password=secret&sslmode=disable", "postgres://h/d?user=u&password=***&sslmode=disable"),
        ("postgres://u@h/d", "postgres://u@h/d"),
        ("postgres://h/we@ird", "postgres://h/we@ird"),
        (".telltale/history.sqlite", ".telltale/history.sqlite"),
    ])
    func aURLsPasswordIsHiddenWhereverLibpqWouldReadIt(url: String, shown: String) {
        #expect(URLPassword.hidden(in: url) == shown)
    }
}

/// libpq's password file: used when neither the URL nor PGPASSWORD gives a password.
@Suite(.tags(.small))
struct PostgresPasswordFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PostgresPasswordFileTests-\(UUID().uuidString)")

    func file(_ text: String, permissions: Int) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("pgpass").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
        return path
    }

    @Test func theFirstMatchingLineGivesThePasswordAndWildcardsAndEscapesWork() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file(
            """
            # host:port:database:user:password
            other:5432:*:ci:wrong
            db:*:history:ci:pa\\:ss\\\\word
            *:*:*:*:fallback
            """, permissions: 0o600)
        let environment = ["HOME": "/nonexistent-home", "PGPASSFILE": path]
        let location = try PostgresLocation(url: "postgres://ci@db:6000/history", environment: environment)
        #expect(location.password == "pa:ss\\word")
        #expect(location.passwordSource == .passwordFile(path))
        #expect(try PostgresLocation(url: "postgres://x@elsewhere/y", environment: environment).password == "fallback")
        // PGPASSWORD comes before the file.
        #expect(
            try PostgresLocation(url: "postgres://ci@db/history", environment: environment.merging(["PGPASSWORD": "env"]) { $1 }).password == "env")
    }

    /// As libpq: a file others may read is not used.
    @Test func aFileOthersMayReadIsIgnored() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file("*:*:*:*:secret\n", permissions: 0o644)
        let location = try PostgresLocation(url: "postgres://ci@db/history", environment: ["HOME": "/nonexistent-home", "PGPASSFILE": path])
        #expect(location.password == nil)
    }
}
